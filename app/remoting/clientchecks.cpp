// SPDX-License-Identifier: Apache-2.0
#include "clientchecks.h"

#include "groupsnapshot.h"

#include "allocation/strategyregistry.h"

#include <rblab/messagequeue.h>

#include <QSet>

#include <map>
#include <set>
#include <memory>

namespace Rblab::Remoting {

namespace {

//! A java.util.Properties value as a number; the default when absent or not a number.
qint64 property(const ConsumerRunningInfo &info, const char *name, qint64 fallback)
{
    bool ok = false;
    const qint64 v = info.properties.value(QLatin1String(name)).trimmed().toLongLong(&ok);
    return ok ? v : fallback;
}

constexpr int kPermRead = 1 << 2; // PermName.PERM_READ

} // namespace

QString FlowControl::causeName(Cause cause)
{
    switch (cause) {
    case Cause::CachedCount:
        return QStringLiteral("cached-count");
    case Cause::CachedSize:
        return QStringLiteral("cached-size");
    case Cause::Span:
        return QStringLiteral("span");
    }
    return QString();
}

QString FlowControl::describe() const
{
    switch (cause) {
    case Cause::CachedCount:
        return QStringLiteral("%1 cached messages > %2 %3").arg(value).arg(setting).arg(threshold);
    case Cause::CachedSize:
        return QStringLiteral("%1 MiB cached > %2 %3").arg(value).arg(setting).arg(threshold);
    case Cause::Span:
        return QStringLiteral("offset span %1 > %2 %3").arg(value).arg(setting).arg(threshold);
    }
    return QString();
}

FlowLimits FlowLimits::of(const ConsumerRunningInfo &info)
{
    FlowLimits limits;
    limits.count = property(info, "pullThresholdForQueue", limits.count);
    limits.sizeMiB = property(info, "pullThresholdSizeForQueue", limits.sizeMiB);
    limits.span = property(info, "consumeConcurrentlyMaxSpan", limits.span);
    limits.orderly
        = info.properties.value(QStringLiteral("PROP_CONSUMEORDERLY")) == QLatin1String("true");
    // RebalancePushImpl.messageQueueChanged: the topic thresholds are split over all the
    // client's process queues (processQueueTable.size(), every topic, retry topic included).
    qint64 processQueues = 0;
    for (const ConsumerRunningInfo::ProcessQueue &q : info.processQueues) {
        processQueues += q.dropped ? 0 : 1;
    }
    const qint64 countForTopic = property(info, "pullThresholdForTopic", -1);
    const qint64 sizeForTopic = property(info, "pullThresholdSizeForTopic", -1);
    if (countForTopic != -1 && processQueues > 0) {
        limits.count = std::max<qint64>(1, countForTopic / processQueues);
        limits.countSetting = QStringLiteral("pullThresholdForTopic %1 / %2 queues =")
                                  .arg(countForTopic)
                                  .arg(processQueues);
    }
    if (sizeForTopic != -1 && processQueues > 0) {
        limits.sizeMiB = std::max<qint64>(1, sizeForTopic / processQueues);
        limits.sizeSetting = QStringLiteral("pullThresholdSizeForTopic %1 / %2 queues =")
                                 .arg(sizeForTopic)
                                 .arg(processQueues);
    }
    return limits;
}

std::optional<FlowControl> FlowLimits::check(const ConsumerRunningInfo::ProcessQueue &pq) const
{
    if (pq.dropped) {
        return std::nullopt; // pullMessage returns before any check for a dropped queue
    }
    if (pq.cachedMsgCount > count) {
        return FlowControl { FlowControl::Cause::CachedCount, pq.cachedMsgCount, count,
            countSetting };
    }
    if (pq.cachedMsgSizeInMiB > sizeMiB) {
        return FlowControl { FlowControl::Cause::CachedSize, pq.cachedMsgSizeInMiB, sizeMiB,
            sizeSetting };
    }
    // ProcessQueue.getMaxSpan: lastKey - firstKey of the cached messages, 0 when none.
    const qint64 maxSpan
        = pq.cachedMsgCount > 0 ? pq.cachedMsgMaxOffset - pq.cachedMsgMinOffset : 0;
    if (!orderly && maxSpan > span) {
        return FlowControl { FlowControl::Cause::Span, maxSpan, span,
            QStringLiteral("consumeConcurrentlyMaxSpan") };
    }
    return std::nullopt;
}

std::optional<FlowControl> flowControlOf(
    const ConsumerRunningInfo &info, const ConsumerRunningInfo::ProcessQueue &pq)
{
    return FlowLimits::of(info).check(pq);
}

QString judgedStrategyOf(const ConsumerRunningInfo &info)
{
    // Object.toString of the strategy: "org.apache…rebalance.AllocateMessageQueueAveragely@4de5".
    QString name = info.properties.value(QStringLiteral("allocateMessageQueueStrategy"));
    name = name.section(QLatin1Char('@'), 0, 0).section(QLatin1Char('.'), -1);
    if (name == QLatin1String("AllocateMessageQueueAveragely")) {
        return QStringLiteral("AVG");
    }
    if (name == QLatin1String("AllocateMessageQueueAveragelyByCircle")) {
        return QStringLiteral("AVG_BY_CIRCLE");
    }
    return QString();
}

const ViewCheck *GroupSnapshot::view(const QString &clientId) const
{
    for (const ViewCheck &v : views) {
        if (v.clientId == clientId) {
            return &v;
        }
    }
    return nullptr;
}

void GroupSnapshot::checkViews(const StrategyRegistry &registry)
{
    views.clear();
    // RebalanceImpl.rebalanceByTopic: cidAll sorted, mqAll the readable queues of the route,
    // sorted (topicRouteData2TopicSubscribeInfo, MessageQueue.compareTo).
    QStringList cidAll;
    for (const ClientView &c : std::as_const(clients)) {
        cidAll.append(c.clientId);
    }
    sortRocketMq(cidAll);
    QSet<QString> popTopics;
    for (const QueueView &q : std::as_const(queues)) {
        if (q.ownership == QueueView::Ownership::Pop) {
            popTopics.insert(q.queue.topic);
        }
    }
    QMap<QString, Rblab::MessageQueueList> mqAll;
    for (auto r = routes.cbegin(); r != routes.cend(); ++r) {
        if (!connection.subscriptions.contains(r.key()) || popTopics.contains(r.key())) {
            continue;
        }
        Rblab::MessageQueueList list;
        for (const TopicRoute::QueueData &d : r.value().queues) {
            if ((d.perm & kPermRead) == 0) {
                continue;
            }
            for (int id = 0; id < std::min(d.readQueueNums, 65536); ++id) {
                list.append(Rblab::MessageQueue { r.key(), d.brokerName, id });
            }
        }
        sortRocketMq(list);
        mqAll.insert(r.key(), list);
    }
    const bool broadcasting = connection.messageModel == QLatin1String("BROADCASTING");
    std::map<QString, std::unique_ptr<AllocationStrategy>> strategies;
    for (const ClientView &c : std::as_const(clients)) {
        const QString name = judgedStrategyOf(c.info);
        if (!c.answered || name.isEmpty() || mqAll.isEmpty()) {
            continue;
        }
        std::unique_ptr<AllocationStrategy> &strategy = strategies[name];
        if (!strategy) {
            StrategyCreation made = registry.create(name, {});
            if (!made.ok()) {
                continue; // not loaded: nothing to judge with
            }
            strategy = std::move(made.strategy);
        }
        ViewCheck check;
        check.clientId = c.clientId;
        check.strategy = name;
        std::set<MessageQueue> expected;
        for (auto t = mqAll.cbegin(); t != mqAll.cend(); ++t) {
            if (!c.info.subscriptions.isEmpty() && !c.info.subscriptions.contains(t.key())) {
                continue;
            }
            Rblab::MessageQueueList mine = t.value();
            if (!broadcasting) {
                const AllocateResult r
                    = guardedAllocate(*strategy, group, c.clientId, t.value(), cidAll);
                mine = r.ok() ? r.queues : Rblab::MessageQueueList();
            }
            for (const Rblab::MessageQueue &mq : std::as_const(mine)) {
                expected.insert(MessageQueue { mq.topic, mq.brokerName, mq.queueId });
            }
        }
        std::set<MessageQueue> held;
        for (const ConsumerRunningInfo::ProcessQueue &pq : c.info.processQueues) {
            if (!pq.dropped && mqAll.contains(pq.queue.topic)) {
                held.insert(pq.queue);
            }
        }
        check.held = int(held.size());
        check.expected = int(expected.size());
        for (const MessageQueue &mq : expected) { // in queue order
            if (!held.contains(mq)) {
                check.missing.append(mq.label());
            }
        }
        for (const MessageQueue &mq : held) {
            if (!expected.contains(mq)) {
                check.extra.append(mq.label());
            }
        }
        check.staleStreak = check.stale() ? 1 : 0;
        views.append(check);
    }
}

} // namespace Rblab::Remoting
