// SPDX-License-Identifier: Apache-2.0
#include "simulation/frame.h"

#include <scenario/topicnames.h>

#include <QSet>

namespace Rblab {

void Catalog::assignGroupQueues(const Scenario &scenario)
{
    groupQueues.clear();
    groupOrderly.clear();
    groupBroadcasting.clear();
    groupPop.clear();
    for (const QString &group : std::as_const(groups)) {
        QSet<QString> topicNames;
        const GroupSpec *spec = scenario.group(group);
        groupOrderly.append(spec && spec->consumeMode == ConsumeMode::Orderly);
        groupBroadcasting.append(spec && spec->messageModel == MessageModel::Broadcasting);
        // RebalancePushImpl.clientRebalance: POP only for CLUSTERING, concurrent groups.
        groupPop.append(spec && spec->pop() && spec->messageModel == MessageModel::Clustering
            && spec->consumeMode == ConsumeMode::Concurrently);
        if (spec) {
            for (const QString &t : spec->topics) {
                topicNames.insert(t);
            }
        }
        topicNames.insert(TopicNames::retryTopicOf(group));
        QList<qint32> mine;
        for (qint32 q : std::as_const(sortedQueueOrder)) {
            if (topicNames.contains(queues.at(q).topic)) {
                mine.append(q);
            }
        }
        groupQueues.append(mine);
    }
}

QString Catalog::queueLabel(qint32 queue) const
{
    if (queue < 0 || queue >= queues.size()) {
        return QString();
    }
    const QueueInfo &q = queues.at(queue);
    if (topics.size() > 1 || q.retry) {
        return QStringLiteral("%1/%2/%3").arg(q.topic, q.brokerName).arg(q.queueId);
    }
    return QStringLiteral("%1/%2").arg(q.brokerName).arg(q.queueId);
}

QString Catalog::consumerLabel(qint32 consumer) const
{
    if (consumer < 0 || consumer >= consumers.size()) {
        return QString();
    }
    return consumers.at(consumer).name;
}

QList<qint32> Catalog::instanceMates(qint32 consumer) const
{
    QList<qint32> mates;
    if (consumer < 0 || consumer >= consumers.size()
        || consumers.at(consumer).instanceName.isEmpty()) {
        return mates;
    }
    const ConsumerInfo &self = consumers.at(consumer);
    for (qint32 c = 0; c < consumers.size(); ++c) {
        const ConsumerInfo &other = consumers.at(c);
        if (c != consumer && other.id == self.id && other.instanceName == self.instanceName) {
            mates.append(c);
        }
    }
    return mates;
}

} // namespace Rblab
