// SPDX-License-Identifier: Apache-2.0
#include "teaching/assignmentexplanation.h"

#include <scenario/topicnames.h>
#include <rblab/javastring.h>
#include <rblab/messagequeue.h>

#include <QCryptographicHash>

#include <algorithm>
#include <map>

namespace Rblab {

AssignmentExplanation AssignmentExplanation::of(
    const Catalog &catalog, const WorldSnapshot &snapshot, qint32 consumer, qint32 topic)
{
    AssignmentExplanation e;
    if (consumer < 0 || consumer >= snapshot.consumers.size()
        || consumer >= catalog.consumers.size()) {
        return e;
    }
    const SnapshotConsumer &sc = snapshot.consumers.at(consumer);
    const ConsumerView *view = nullptr;
    for (const ConsumerView &v : sc.views) {
        const bool retry = v.topic >= 0 && v.topic < catalog.topics.size()
            && TopicNames::isRetryTopic(catalog.topics.at(v.topic));
        if ((topic >= 0 && v.topic == topic) || (topic < 0 && !retry && !v.mqAll.isEmpty())) {
            view = &v;
            break;
        }
    }
    if (!view || view->mqAll.isEmpty() || view->cidAll.isEmpty()) {
        return e;
    }
    e.strategy = view->strategy;
    e.topic = view->topic >= 0 && view->topic < catalog.topics.size()
        ? catalog.topics.at(view->topic)
        : QString();
    e.at = view->at;
    e.currentCid = catalog.consumers.at(consumer).id;
    e.cidAll = view->cidAll;
    e.mqAll = view->mqAll;
    e.allocated = view->allocated;
    e.index = int(e.cidAll.indexOf(e.currentCid));
    const int mqs = int(e.mqAll.size());
    const int cids = int(e.cidAll.size());
    if (e.strategy == QLatin1String("AVG") && e.index >= 0) {
        // AllocateMessageQueueAveragely.allocate, step by step.
        e.kind = Kind::Averagely;
        e.mod = mqs % cids;
        e.averageSize
            = mqs <= cids ? 1 : (e.mod > 0 && e.index < e.mod ? mqs / cids + 1 : mqs / cids);
        e.startIndex = (e.mod > 0 && e.index < e.mod) ? e.index * e.averageSize
                                                      : e.index * e.averageSize + e.mod;
        e.range = std::min(e.averageSize, mqs - e.startIndex);
        for (int i = 0; i < e.range; ++i) {
            e.computed.append(e.mqAll.at((e.startIndex + i) % mqs));
        }
    } else if (e.strategy == QLatin1String("AVG_BY_CIRCLE") && e.index >= 0) {
        // AllocateMessageQueueAveragelyByCircle.allocate: i % cidAll.size() == index.
        e.kind = Kind::ByCircle;
        for (int i = e.index; i < mqs; i += cids) {
            e.computed.append(e.mqAll.at(i));
        }
    } else if (e.strategy == QLatin1String("CONSISTENT_HASH") && e.index >= 0) {
        e.kind = Kind::ConsistentHash;
        explainRing(
            e, catalog, view->strategyParams.value(QStringLiteral("virtualNodeCount"), 10).toInt());
    } else {
        e.kind = Kind::Other;
    }
    return e;
}

quint32 AssignmentExplanation::md5Hash(QStringView key)
{
    const QByteArray digest = QCryptographicHash::hash(javaUtf8(key), QCryptographicHash::Md5);
    const auto *d = reinterpret_cast<const uchar *>(digest.constData());
    return (quint32(d[0]) << 24) | (quint32(d[1]) << 16) | (quint32(d[2]) << 8) | quint32(d[3]);
}

void AssignmentExplanation::explainRing(
    AssignmentExplanation &e, const Catalog &catalog, int virtualNodeCount)
{
    // ConsistentHashRouter fills a TreeMap node by node in cidAll order; put() replaces on a
    // collision (the later node wins). A repeated id is one node whose virtual nodes go on
    // numbering from the count it has (ConsistentHashRouter.addNode, getExistingReplicas).
    e.virtualNodeCount = virtualNodeCount;
    std::map<quint32, RingNode> ring;
    QHash<QString, int> firstSlot;
    QHash<int, int> replicas;
    for (int i = 0; i < e.cidAll.size(); ++i) {
        const QString &id = e.cidAll.at(i);
        const int slot = firstSlot.value(id, i);
        firstSlot.insert(id, slot);
        const int existing = replicas.value(slot);
        for (int r = 0; r < virtualNodeCount; ++r) {
            RingNode node;
            node.hash = md5Hash(QString(id + QLatin1Char('-') + QString::number(existing + r)));
            node.owner = slot;
            node.replica = existing + r;
            const auto [it, inserted] = ring.try_emplace(node.hash, node);
            if (!inserted) {
                --replicas[it->second.owner];
                it->second = node;
            }
            ++replicas[slot];
        }
    }
    for (const auto &entry : ring) {
        e.ring.append(entry.second);
    }
    for (qint32 q : std::as_const(e.mqAll)) {
        QueueOnRing pos;
        pos.queue = q;
        if (q >= 0 && q < catalog.queues.size()) {
            const QueueInfo &info = catalog.queues.at(q);
            // The object key is MessageQueue.toString(), topic and broker name included.
            pos.hash
                = md5Hash(MessageQueue { info.topic, info.brokerName, info.queueId }.toString());
        }
        if (!e.ring.isEmpty()) {
            // tailMap(hash).firstKey(), or the first key when the tail is empty (the wrap).
            const auto it = std::lower_bound(e.ring.cbegin(), e.ring.cend(), pos.hash,
                [](const RingNode &n, quint32 h) { return n.hash < h; });
            pos.node = it == e.ring.cend() ? 0 : int(it - e.ring.cbegin());
            if (e.ring.at(pos.node).owner == e.index) {
                e.computed.append(q);
            }
        }
        e.positions.append(pos);
    }
}

} // namespace Rblab
