// SPDX-License-Identifier: Apache-2.0
// What a client's own running info says about it: flow control of its process queues, and a
// view of the group that its own allocation strategy would not give.
#pragma once

#include "remotingbodies.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace Rblab {
class StrategyRegistry;
}

namespace Rblab::Remoting {

/*!
    Why a client holds back the pulls of one process queue, with the figures:
    DefaultMQPushConsumerImpl.pullMessage checks, in this order, the cached message count
    against pullThresholdForQueue, the cached size in MiB against pullThresholdSizeForQueue and,
    for a concurrent (not orderly) consumer, the offset span of the cache against
    consumeConcurrentlyMaxSpan; each is "greater than", never "equal". When the topic-level
    thresholds are set (not -1), RebalancePushImpl.messageQueueChanged splits them over all the
    client's process queues (max(1, threshold / count)) and that is the queue's threshold.
*/
struct FlowControl
{
    enum class Cause {
        CachedCount, //!< cachedMsgCount > the count threshold
        CachedSize, //!< cachedMsgSizeInMiB > the size threshold
        Span, //!< cachedMsgMaxOffset - cachedMsgMinOffset > consumeConcurrentlyMaxSpan
    };
    Cause cause = Cause::CachedCount;
    qint64 value = 0; //!< the queue's figure: messages, MiB or offsets
    qint64 threshold = 0; //!< the client's setting it is over
    QString setting; //!< "pullThresholdForQueue", "pullThresholdForTopic", …

    static QString causeName(Cause cause); //!< "cached-count", "cached-size", "span"
    //! "1200 cached messages > pullThresholdForQueue 1000"
    QString describe() const;
    friend bool operator==(const FlowControl &, const FlowControl &) = default;
};

//! A client's flow-control settings, read once from its running info's properties.
struct FlowLimits
{
    qint64 count = 1000; //!< cached messages a queue may hold (DefaultMQPushConsumer's default)
    qint64 sizeMiB = 100;
    qint64 span = 2000; //!< consumeConcurrentlyMaxSpan
    bool orderly = false; //!< PROP_CONSUMEORDERLY: no span check
    QString countSetting = QStringLiteral("pullThresholdForQueue");
    QString sizeSetting = QStringLiteral("pullThresholdSizeForQueue");

    static FlowLimits of(const ConsumerRunningInfo &info);
    //! pullMessage's checks on one process queue.
    std::optional<FlowControl> check(const ConsumerRunningInfo::ProcessQueue &pq) const;
};

//! The checks of pullMessage on one process queue of `info`, with `info`'s own settings.
std::optional<FlowControl> flowControlOf(
    const ConsumerRunningInfo &info, const ConsumerRunningInfo::ProcessQueue &pq);

/*!
    A client's claimed queues against what its own allocation strategy gives over the current
    connection list and routes (RebalanceImpl.rebalanceByTopic: both lists sorted, readable
    queues only). Judged only for the strategies the Java client names and the engine has
    Java-exact (AllocateMessageQueueAveragely "AVG", AllocateMessageQueueAveragelyByCircle
    "AVG_BY_CIRCLE"), for clustering groups (broadcasting: every queue), over topics whose
    route is known and that are not consumed by POP.
*/
struct ViewCheck
{
    QString clientId;
    QString strategy; //!< the registry's name: "AVG"
    int held = 0; //!< queues it claims in the judged topics
    int expected = 0; //!< queues its strategy gives it
    QStringList missing; //!< labels of queues it should hold and does not
    QStringList extra; //!< labels of queues it holds and should not
    /*!
        Consecutive polls, this one included, the view was stale: 1 from checkViews(), counted
        on by GroupSnapshot::withKnownOwners() (the baseline of the next diff).
    */
    int staleStreak = 0;

    bool stale() const { return !missing.isEmpty() || !extra.isEmpty(); }
};

/*!
    The registry's name of the strategy a client runs, from its running info's
    allocateMessageQueueStrategy ("org.apache.rocketmq.client.consumer.rebalance.
    AllocateMessageQueueAveragely@4de5b3ee" → "AVG"); empty for one that is not judged.
*/
QString judgedStrategyOf(const ConsumerRunningInfo &info);

} // namespace Rblab::Remoting
