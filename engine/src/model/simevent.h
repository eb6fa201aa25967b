// SPDX-License-Identifier: Apache-2.0
// What a run publishes as it goes: lifecycle, rebalances, notifications, flow control, routes.
#pragma once

#include "sim/simtime.h"

#include <rblab/rblab_global.h>

#include <QList>
#include <QString>

#include <algorithm>

namespace Rblab {

/*!
    One published event. Indices point into the run's catalog (Simulation::consumerInfo,
    brokerName, queueInfo); -1 when not applicable. Cheap to copy. The report writes them as
    {"t", "type", …} objects; the GUI's event log filters them by type.
*/
struct RBLAB_ENGINE_EXPORT SimEvent
{
    enum class Type : quint8 {
        // lifecycle of a consumer (what a scenario, the churn generator or the user did)
        Start,
        Join,
        Shutdown,
        Kill,
        Freeze,
        Unfreeze,
        Partition,
        Heal,
        Pause,
        Resume,
        SetConsumeTime,
        SetFailureRate,
        SetStrategy,
        SetClient,
        Started, //!< start() finished: the consumer is running
        // broker side
        ChannelRegistered, //!< a new connection registered by heartbeat (CHANGE follows)
        ChannelClosed, //!< the broker saw a connection close (kill, shutdown, reconnect)
        ChannelExpired, //!< the 10 s scan removed a silent connection (no notification)
        Unregistered, //!< UNREGISTER_CLIENT (graceful shutdown)
        Notify, //!< NOTIFY_CONSUMER_IDS_CHANGED sent to a consumer
        /*!
            NOTIFY_CONSUMER_IDS_CHANGED sent to every channel of a group larger than
            kListedNotifyLimit: one event with the group and the count instead of one per member,
            so that a group of n consumers logs O(n), not O(n²), events while it forms.
        */
        NotifyGroup,
        BrokerDown,
        BrokerUp,
        // client side
        Rebalance, //!< a round for a topic that changed the process-queue table
        RebalanceFailed, //!< the strategy failed or the consumer list could not be fetched
        StrategyError, //!< the strategy threw or returned queues it was not given
        FlowControlOn,
        FlowControlOff, //!< a queue's pulls started / stopped being held back
        RouteChanged, //!< a consumer's route poll saw a different queue set
        OffsetIllegal,
        LockFailed, //!< orderly: a queue could not be locked
        // world
        SetProduceRate,
        SetQueues,
        SetBroker,
        SetChurn,
        CommandFailed, //!< a scripted or churn command the world refused (detail: the reason)
        /*!
            ProcessQueue.cleanExpiredMsg sent a message back whose listener call had run longer
            than consumeTimeout (queue, detail: the offset); the call itself goes on.
        */
        ConsumeTimeout,
    };

    /*!
        Why a pull was put off: the client's own checks (Count … TopicSize), or the broker's
        answer (SystemBusy: SYSTEM_BUSY, code 2; BrokerFlowControl: FLOW_CONTROL, code 215).
    */
    enum class FlowCause : quint8 {
        None,
        Count,
        Size,
        Span,
        TopicCount,
        TopicSize,
        SystemBusy,
        BrokerFlowControl
    };

    SimTime t = 0;
    Type type = Type::Start;
    FlowCause cause = FlowCause::None; //!< FlowControlOn
    qint32 consumer = -1;
    qint32 broker = -1;
    qint32 topic = -1;
    qint32 queue = -1; //!< a queue of the catalog (flow control, offset illegal)
    QList<qint32> added; //!< Rebalance: queues added (catalog indices)
    QList<qint32> removed; //!< Rebalance: queues removed
    QString detail; //!< free text: strategy errors, settings, new strategy
    qint32 group = -1; //!< NotifyGroup: the group notified
    qint32 count = -1; //!< NotifyGroup: channels notified

    /*!
        FlowControlOn: what DefaultMQPushConsumerImpl.pullMessage checked when it held the pull
        back, the figures its WARN line prints ("… minOffset={}, maxOffset={}, count={}, size={}
        MiB, pullRequest={}, flowControlTimes={}"). Kept in memory for the GUI only: the report's
        events do not carry them (its event format is unchanged). -1 when not applicable.
    */
    struct FlowFigures
    {
        qint64 cachedCount = -1; //!< cachedMessageCount
        qint64 cachedMiB = -1; //!< cachedMessageSizeInMiB (integer division, as RocketMQ)
        qint64 threshold = -1; //!< the limit passed: count, MiB or consumeConcurrentlyMaxSpan
        qint64 minOffset = -1; //!< msgTreeMap.firstKey()
        qint64 maxOffset = -1; //!< msgTreeMap.lastKey()
        qint64 nextOffset = -1; //!< the PullRequest's nextOffset
        qint64 times = -1; //!< queueFlowControlTimes (or …MaxSpan…) after the increment
        friend bool operator==(const FlowFigures &, const FlowFigures &) = default;
    };
    FlowFigures flow;

    //! A fan-out to at most this many channels is logged as one Notify event per channel.
    static constexpr int kListedNotifyLimit = 64;

    static QString typeName(Type type); //!< "rebalance", "flowControlOn", … (report names)
    bool isLifecycle() const { return type <= Type::Started; }
    friend bool operator==(const SimEvent &a, const SimEvent &b)
    {
        // Not defaulted: Qt 6.4's QList<int>::operator== hands memcmp a null pointer when one
        // of two empty lists has storage (a decoded event's, resized to 0) and the other none,
        // which UBSan stops on (tst_runmemory under make sanitize).
        const auto same = [](const QList<qint32> &x, const QList<qint32> &y) {
            return std::equal(x.cbegin(), x.cend(), y.cbegin(), y.cend());
        };
        return a.t == b.t && a.type == b.type && a.cause == b.cause && a.consumer == b.consumer
            && a.broker == b.broker && a.topic == b.topic && a.queue == b.queue
            && same(a.added, b.added) && same(a.removed, b.removed) && a.detail == b.detail
            && a.group == b.group && a.count == b.count && a.flow == b.flow;
    }
};

} // namespace Rblab
