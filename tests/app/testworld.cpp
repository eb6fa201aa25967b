// SPDX-License-Identifier: Apache-2.0
#include "testworld.h"

using namespace Rblab;

TestWorld::TestWorld(int queues, int consumers, int brokers)
{
    auto catalog = std::make_shared<Catalog>();
    for (int b = 0; b < brokers; ++b) {
        catalog->brokers.append(QStringLiteral("broker-%1").arg(QChar(u'a' + b)));
    }
    catalog->topics = { QStringLiteral("TopicTest"), QStringLiteral("%RETRY%demo_group") };
    catalog->groups = { GroupInfo { QStringLiteral("demo_group") } };
    // RocketMQ's order: topic, broker, queue id ("%RETRY%…" sorts before "TopicTest").
    for (int b = 0; b < brokers; ++b) {
        QueueInfo q;
        q.topic = catalog->topics.at(1);
        q.brokerName = catalog->brokers.at(b);
        q.queueId = 0;
        q.topicIndex = 1;
        q.brokerIndex = b;
        q.retry = true;
        catalog->queues.append(q);
    }
    const int perBroker = (queues + brokers - 1) / brokers;
    for (int b = 0; b < brokers; ++b) {
        for (int i = 0; i < perBroker && m_main < queues; ++i) {
            QueueInfo q;
            q.topic = catalog->topics.at(0);
            q.brokerName = catalog->brokers.at(b);
            q.queueId = i;
            q.topicIndex = 0;
            q.brokerIndex = b;
            catalog->queues.append(q);
            ++m_main;
        }
    }
    for (int c = 0; c < consumers; ++c) {
        ConsumerInfo info;
        info.id = QStringLiteral("10.0.%1.%2@%3").arg(c / 250).arg(c % 250 + 1).arg(1000 + c);
        info.name = info.id;
        info.group = catalog->groups.first().name;
        info.groupIndex = 0;
        catalog->consumers.append(info);
    }
    for (qint32 i = 0; i < catalog->queues.size(); ++i) {
        catalog->sortedQueueOrder.append(i);
    }
    QList<qint32> all;
    for (qint32 i = 0; i < catalog->queues.size(); ++i) {
        all.append(i);
    }
    catalog->groups.first().queues = all;
    m_catalog = catalog;
}

CatalogPtr TestWorld::broadcastingCatalog() const
{
    auto catalog = std::make_shared<Catalog>(*m_catalog);
    catalog->groups.first().messageModel = MessageModel::Broadcasting;
    return catalog;
}

WorldSnapshot TestWorld::evenSnapshot() const
{
    QList<QList<qint32>> owners;
    const int consumers = consumerCount();
    for (int q = 0; q < queueCount(); ++q) {
        owners.append(QList<qint32> { consumers > 0 ? q % consumers : -1 });
        if (consumers == 0) {
            owners.last().clear();
        }
    }
    return snapshot(owners);
}

WorldSnapshot TestWorld::snapshot(
    const QList<QList<qint32>> &owners, const QList<ConsumerState> &states) const
{
    WorldSnapshot s;
    s.now = 90000;
    s.brokerUp = QList<bool>(m_catalog->brokers.size(), true);
    for (int c = 0; c < consumerCount(); ++c) {
        SnapshotConsumer sc;
        sc.state = c < states.size() ? states.at(c) : ConsumerState::Running;
        sc.pullThresholdForQueue = 1000;
        sc.pullThresholdSizeForQueue = 100;
        sc.consumeConcurrentlyMaxSpan = 2000;
        sc.strategy = QStringLiteral("AVG");
        s.consumers.append(sc);
    }
    for (int q = 0; q < queueCount(); ++q) {
        SnapshotQueue sq;
        sq.firstHolding = qint32(s.holdings.size());
        sq.brokerOffset = 1000 + q;
        sq.committedOffset = 900 + q;
        sq.lag = 100;
        for (qint32 c : owners.value(q)) {
            SnapshotHolding h;
            h.queue = q;
            h.consumer = c;
            h.cachedCount = (q * 37) % 1200;
            h.cachedBytes = h.cachedCount * 1024;
            h.maxSpan = h.cachedCount;
            h.flowControl
                = h.cachedCount > 1000 ? SimEvent::FlowCause::Count : SimEvent::FlowCause::None;
            s.holdings.append(h);
            ++s.consumers[c].queueCount;
            s.consumers[c].cachedCount += h.cachedCount;
            s.consumers[c].cachedBytes += h.cachedBytes;
            ++sq.owners;
            if (s.consumers.at(c).state == ConsumerState::Running) {
                ++sq.runningOwners;
            }
        }
        sq.holdingCount = qint32(s.holdings.size()) - sq.firstHolding;
        s.queues.append(sq);
    }
    return s;
}
