// SPDX-License-Identifier: Apache-2.0
#include "groupsnapshot.h"

#include "scenario/topicnames.h"

#include <QDateTime>
#include <QSet>

#include <algorithm>

namespace Rblab::Remoting {

QString ClientView::versionName(int ordinal)
{
    // MQVersion.Version: two ordinals per version, SNAPSHOT then release; V4_9_4 = 401,
    // V4_9_8 = 409, V5_0_0_SNAPSHOT = 412, V5_3_3 = 479 (read from the enum).
    if (ordinal <= 0) {
        return QStringLiteral("UNKNOWN");
    }
    const bool snapshot = ordinal % 2 == 0;
    int major = 5;
    int n = (ordinal - 412) / 2;
    if (ordinal < 412) {
        major = 4;
        n = (ordinal - 213) / 2;
    }
    if (n < 0) {
        return QStringLiteral("V3_%1").arg(ordinal);
    }
    return QStringLiteral("V%1_%2_%3%4")
        .arg(major)
        .arg(n / 10)
        .arg(n % 10)
        .arg(snapshot ? QStringLiteral("_SNAPSHOT") : QString());
}

QString QueueView::ownershipName(Ownership o)
{
    switch (o) {
    case Ownership::Owned:
        return QStringLiteral("owned");
    case Ownership::DoubleOwned:
        return QStringLiteral("double-owned");
    case Ownership::Orphaned:
        return QStringLiteral("orphaned");
    case Ownership::Unknown:
        return QStringLiteral("unknown");
    case Ownership::Pop:
        return QStringLiteral("pop");
    }
    return QString();
}

const ClientView *GroupSnapshot::client(const QString &clientId) const
{
    for (const ClientView &c : clients) {
        if (c.clientId == clientId) {
            return &c;
        }
    }
    return nullptr;
}

const QueueView *GroupSnapshot::queue(const MessageQueue &mq) const
{
    for (const QueueView &q : queues) {
        if (q.queue == mq) {
            return &q;
        }
    }
    return nullptr;
}

void GroupSnapshot::assemble(const QList<ConsumeStats> &stats)
{
    QMap<MessageQueue, QueueView> byQueue;
    const QStringList topics = connection.subscriptions.keys();
    auto subscribed
        = [&](const QString &topic) { return topics.isEmpty() || topics.contains(topic); };
    for (auto r = routes.cbegin(); r != routes.cend(); ++r) {
        if (!subscribed(r.key())) {
            continue;
        }
        for (const TopicRoute::QueueData &d : r.value().queues) {
            for (int id = 0; id < std::min(d.readQueueNums, 65536); ++id) {
                MessageQueue mq { r.key(), d.brokerName, id };
                byQueue[mq].queue = mq;
            }
        }
    }
    consumeTps = 0;
    for (const ConsumeStats &s : stats) {
        consumeTps += s.consumeTps;
        for (const ConsumeStats::Offset &o : s.offsets) {
            if (!subscribed(o.queue.topic)) {
                continue;
            }
            QueueView &q = byQueue[o.queue];
            q.queue = o.queue;
            q.hasOffsets = true;
            q.brokerOffset = o.brokerOffset;
            q.consumerOffset = o.consumerOffset;
            q.lag = o.lag();
            q.lastTimestamp = o.lastTimestamp;
            q.pullOffset = o.pullOffset;
        }
    }
    bool everyClientAnswered = true;
    QSet<QString> popTopics; // topic/broker consumed by POP
    for (const ClientView &c : std::as_const(clients)) {
        everyClientAnswered = everyClientAnswered && c.answered;
        const FlowLimits limits = FlowLimits::of(c.info);
        for (const ConsumerRunningInfo::PopQueue &p : c.info.popQueues) {
            popTopics.insert(p.queue.topic + QLatin1Char('/') + p.queue.brokerName);
        }
        for (const ConsumerRunningInfo::ProcessQueue &pq : c.info.processQueues) {
            if (pq.dropped || !subscribed(pq.queue.topic)) {
                continue;
            }
            QueueView &q = byQueue[pq.queue];
            q.queue = pq.queue;
            q.owners.append(c.clientId);
            if (!q.processQueue) {
                q.processQueue = pq;
                q.flowControl = limits.check(pq);
            }
        }
    }
    queues.clear();
    for (QueueView &q : byQueue) {
        q.owners.sort();
        if (q.owners.size() > 1) {
            q.ownership = QueueView::Ownership::DoubleOwned;
        } else if (q.owners.size() == 1) {
            q.ownership = QueueView::Ownership::Owned;
        } else if (popTopics.contains(q.queue.topic + QLatin1Char('/') + q.queue.brokerName)) {
            q.ownership = QueueView::Ownership::Pop;
        } else if (everyClientAnswered && !clients.isEmpty()) {
            q.ownership = QueueView::Ownership::Orphaned;
        } else {
            q.ownership = QueueView::Ownership::Unknown;
        }
        queues.append(q);
    }
}

MqadminConnectionOutput GroupSnapshot::toConnectionOutput() const
{
    MqadminConnectionOutput out;
    for (const ClientView &c : clients) {
        out.connections.append(MqadminConnection {
            c.clientId, c.clientAddr, c.language, ClientView::versionName(c.version), 0 });
    }
    for (auto it = connection.subscriptions.cbegin(); it != connection.subscriptions.cend(); ++it) {
        out.subscriptions.append(MqadminSubscription { it.key(), it.value(), 0 });
    }
    out.consumeType = connection.consumeType;
    out.messageModel = connection.messageModel;
    out.consumeFromWhere = connection.consumeFromWhere;
    return out;
}

MqadminProgressOutput GroupSnapshot::toProgressOutput() const
{
    MqadminProgressOutput out;
    bool v5 = false;
    for (const ClientView &c : clients) {
        v5 = v5 || c.version >= 412;
    }
    out.layout = v5 ? MqadminProgressLayout::V5ClientIp : MqadminProgressLayout::V49ClientIp;
    out.consumeTps = consumeTps;
    qint64 diffTotal = 0;
    for (const QueueView &q : queues) {
        if (q.queue.queueId < 0) {
            continue;
        }
        MqadminQueueRow row;
        row.topic = q.queue.topic;
        row.broker = q.queue.brokerName;
        row.queueId = q.queue.queueId;
        row.brokerOffset = q.brokerOffset;
        row.consumerOffset = q.consumerOffset;
        if (!q.owners.isEmpty()) {
            row.clientId = q.owners.first();
            row.clientIp = row.clientId.left(row.clientId.indexOf(QLatin1Char('@')));
        }
        row.diff = q.lag;
        if (q.pullOffset) {
            row.inflight = *q.pullOffset - q.consumerOffset;
        }
        row.lastTime = q.lastTimestamp > 0 ? QDateTime::fromMSecsSinceEpoch(q.lastTimestamp)
                                                 .toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"))
                                           : QStringLiteral("N/A");
        diffTotal += q.lag;
        out.rows.append(row);
    }
    out.diffTotal = diffTotal;
    return out;
}

MqadminImport GroupSnapshot::toScenario(const QString &scenarioName) const
{
    MqadminImportOptions options;
    options.group = group;
    options.connectionName = QStringLiteral("%1 (GET_CONSUMER_CONNECTION_LIST)").arg(nameServer);
    options.progressName = QStringLiteral("%1 (GET_CONSUME_STATS)").arg(nameServer);
    options.scenarioName = scenarioName.isEmpty()
        ? QStringLiteral("%1 live from %2").arg(group, nameServer)
        : scenarioName;
    const QString when = QDateTime::fromMSecsSinceEpoch(takenAtMs).toUTC().toString(Qt::ISODate);
    options.sourceEn = QStringLiteral("Starting world read from the live cluster at %1 (%2) by "
                                      "rblab snapshot, owners as the clients reported them")
                           .arg(nameServer, when);
    options.sourceZh = QStringLiteral("由 rblab snapshot 于 %2 从运行中的集群 %1 读取的初始状态，"
                                      "队列归属以客户端自身上报为准")
                           .arg(nameServer, when);
    MqadminImport result = importMqadminOutputs(toConnectionOutput(), toProgressOutput(), options);
    const qsizetype pop = std::count_if(queues.cbegin(), queues.cend(),
        [](const QueueView &q) { return q.ownership == QueueView::Ownership::Pop; });
    if (pop > 0) {
        result.diagnostics.append(MqadminDiagnostic { MqadminDiagnostic::Severity::Warning,
            options.progressName, 0, QStringLiteral("owner"),
            QStringLiteral(
                "%1 queues are consumed by POP (the broker hands out messages, no client "
                "holds them): the scenario's push consumers start without them and "
                "rebalance at once")
                .arg(pop) });
    }
    for (const QueueView &q : queues) {
        if (q.ownership == QueueView::Ownership::DoubleOwned) {
            result.diagnostics.append(MqadminDiagnostic { MqadminDiagnostic::Severity::Warning,
                options.progressName, 0, QStringLiteral("owner"),
                QStringLiteral("%1 is claimed by %2; the scenario gives it to %3")
                    .arg(q.queue.label(), q.owners.join(QStringLiteral(" and ")),
                        q.owners.first()) });
        }
    }
    return result;
}

GroupSnapshot GroupSnapshot::withKnownOwners(const GroupSnapshot &before) const
{
    GroupSnapshot baseline = *this;
    for (QueueView &q : baseline.queues) {
        const QueueView *old = before.queue(q.queue);
        if (q.ownership == QueueView::Ownership::Unknown && old != nullptr) {
            q.owners = old->owners;
            q.ownership = old->ownership;
        }
    }
    for (ViewCheck &v : baseline.views) {
        const ViewCheck *old = before.view(v.clientId);
        v.staleStreak = !v.stale() ? 0 : (old != nullptr ? old->staleStreak : 0) + 1;
    }
    return baseline;
}

} // namespace Rblab::Remoting
