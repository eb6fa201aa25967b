// SPDX-License-Identifier: Apache-2.0
#include "model/catalog.h"

#include <QSet>

#include <algorithm>

namespace Rblab {

const GroupInfo &Catalog::group(qint32 index) const
{
    static const GroupInfo none;
    return index >= 0 && index < groups.size() ? groups.at(index) : none;
}

qint32 Catalog::groupIndex(const QString &name) const
{
    for (qint32 g = 0; g < groups.size(); ++g) {
        if (groups.at(g).name == name) {
            return g;
        }
    }
    return -1;
}

QStringList Catalog::groupNames() const
{
    QStringList names;
    names.reserve(groups.size());
    for (const GroupInfo &g : groups) {
        names.append(g.name);
    }
    return names;
}

bool Catalog::anyGroupOrderly() const
{
    return std::any_of(
        groups.cbegin(), groups.cend(), [](const GroupInfo &g) { return g.orderly(); });
}

bool Catalog::anyGroupPops() const
{
    return std::any_of(groups.cbegin(), groups.cend(), [](const GroupInfo &g) { return g.pops; });
}

bool Catalog::everyGroupPops() const
{
    return !groups.isEmpty()
        && std::all_of(groups.cbegin(), groups.cend(), [](const GroupInfo &g) { return g.pops; });
}

void Catalog::assignGroupQueues()
{
    for (GroupInfo &group : groups) {
        QSet<QString> topicNames(group.topics.cbegin(), group.topics.cend());
        if (!group.retryTopic.isEmpty()) {
            topicNames.insert(group.retryTopic);
        }
        group.queues.clear();
        for (qint32 q : std::as_const(sortedQueueOrder)) {
            if (topicNames.contains(queues.at(q).topic)) {
                group.queues.append(q);
            }
        }
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
