// SPDX-License-Identifier: Apache-2.0
// Once a group has settled, every consumer holds exactly what `rblab allocate` gives it for the
// same membership (spec §1, §2.4): the engine sorts queues and ids as RebalanceImpl does (Java
// string order, where 10.0.0.10@3 sorts before 10.0.0.1@1) and calls the same strategies. And two
// consumers with one client id (RocketMQ issue #1547) take the same slot of the sorted list, so
// AVG leaves the next slot's queues to nobody — exactly what the allocation arithmetic predicts.
#include "simtestsupport.h"

#include <allocation/allocationcase.h>

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

using namespace Rblab;
using namespace SimTest;

namespace {

using BrokerQueues = QList<QPair<QString, int>>;

Scenario world(const BrokerQueues &brokers, const QStringList &ids, const QString &strategy,
    const QVariantMap &params)
{
    Scenario s;
    s.name = QStringLiteral("steady state");
    s.seed = 5;
    TopicSpec topic;
    topic.name = kTopic;
    topic.queues = brokers;
    topic.produceRate = 500;
    for (const auto &b : brokers) {
        s.brokers.append(b.first);
    }
    s.topics.append(topic);
    GroupSpec group;
    group.name = kGroup;
    group.topics = { kTopic };
    group.strategy = strategy;
    group.strategyParams = params;
    for (qsizetype k = 0; k < ids.size(); ++k) {
        ConsumerSpec c = consumerSpec(ids[k], 1.0, SimTime(k) * 700);
        c.name = QStringLiteral("c%1").arg(k);
        group.consumers.append(c);
    }
    s.groups.append(group);
    return s;
}

//! `rblab allocate`'s answer for one topic's queues of a run and a membership: id → queues.
QHash<QString, QSet<qint32>> allocate(const Simulation &sim, const QString &topic,
    const QString &strategy, const QVariantMap &params, const QStringList &ids, QString *error)
{
    AllocationCase c;
    c.id = QStringLiteral("run");
    c.strategy = strategy;
    c.params = params;
    c.topic = topic;
    c.consumers = ids;
    QHash<QString, qint32> index;
    for (qint32 q : topicQueues(sim, topic)) {
        const QueueInfo &info = sim.queues()[q];
        c.queues.append(MessageQueue { info.topic, info.brokerName, info.queueId });
        index.insert(QStringLiteral("%1/%2").arg(info.brokerName).arg(info.queueId), q);
    }
    // The runner sorts both lists as RebalanceImpl does; hand them over unsorted.
    std::reverse(c.queues.begin(), c.queues.end());
    const QJsonObject answer = AllocationCaseRunner(registry()).answer(c);
    QHash<QString, QSet<qint32>> result;
    if (answer.contains(QStringLiteral("error"))) {
        *error = answer.value(QStringLiteral("error")).toString();
        return result;
    }
    const QJsonObject allocation = answer.value(QStringLiteral("allocation")).toObject();
    for (auto it = allocation.begin(); it != allocation.end(); ++it) {
        QSet<qint32> &queues = result[it.key()];
        for (const QJsonValue &v : it.value().toArray()) {
            const QJsonObject mq = v.toObject();
            queues.insert(index.value(QStringLiteral("%1/%2")
                                          .arg(mq.value(QStringLiteral("brokerName")).toString())
                                          .arg(mq.value(QStringLiteral("queueId")).toInt()),
                -1));
        }
    }
    return result;
}

QSet<qint32> held(const WorldSnapshot &snap, qint32 consumer, const QList<qint32> &among)
{
    const QList<qint32> list = heldBy(snap, consumer, among);
    return QSet<qint32>(list.begin(), list.end());
}

} // namespace

Q_DECLARE_METATYPE(BrokerQueues)

class tst_SteadyState : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void equalsRblabAllocate_data();
    void equalsRblabAllocate();
    void duplicateClientId_data();
    void duplicateClientId();
};

void tst_SteadyState::initTestCase()
{
    QVERIFY2(registryError().isEmpty(), qPrintable(registryError()));
}

void tst_SteadyState::equalsRblabAllocate_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<QVariantMap>("params");
    QTest::addColumn<BrokerQueues>("brokers");
    QTest::addColumn<QStringList>("ids");

    const BrokerQueues spec
        = { { QStringLiteral("broker-a"), 4 }, { QStringLiteral("broker-b"), 4 } };
    const BrokerQueues uneven = { { QStringLiteral("broker-c"), 2 },
        { QStringLiteral("broker-a"), 5 }, { QStringLiteral("broker-b"), 3 } };
    const BrokerQueues wide
        = { { QStringLiteral("broker-a"), 8 }, { QStringLiteral("broker-b"), 8 } };
    // The spec's vector: sorted 10.0.0.10@3#3, 10.0.0.1@1#1, 10.0.0.2@2#2 (Java string order).
    const QStringList javaOrder = { QStringLiteral("10.0.0.1@1#1"), QStringLiteral("10.0.0.2@2#2"),
        QStringLiteral("10.0.0.10@3#3") };
    const QStringList five = { QStringLiteral("192.168.0.1@1001"),
        QStringLiteral("192.168.0.12@1012"), QStringLiteral("192.168.0.2@1002"),
        QStringLiteral("192.168.0.100@1100"), QStringLiteral("192.168.0.11@1011") };
    const QStringList seven = { QStringLiteral("10.0.0.9@9"), QStringLiteral("10.0.0.19@19"),
        QStringLiteral("10.0.0.1@1"), QStringLiteral("10.0.0.91@91"),
        QStringLiteral("10.0.0.10@10"), QStringLiteral("10.0.1.1@2"),
        QStringLiteral("10.0.0.100@100") };
    const QVariantMap none;
    const QVariantMap threeNodes = { { QStringLiteral("virtualNodeCount"), 3 } };
    for (const char *strategy : { "AVG", "AVG_BY_CIRCLE", "CONSISTENT_HASH" }) {
        const QString name = QString::fromLatin1(strategy);
        QTest::addRow("%s, spec vector", strategy) << name << none << spec << javaOrder;
        QTest::addRow("%s, 5 on 3 uneven brokers", strategy) << name << none << uneven << five;
        QTest::addRow("%s, 7 on 16 queues", strategy) << name << none << wide << seven;
        QTest::addRow("%s, 2 on 16 queues", strategy) << name << none << wide << seven.mid(2, 2);
    }
    QTest::newRow("CONSISTENT_HASH 3 vnodes, spec vector")
        << QStringLiteral("CONSISTENT_HASH") << threeNodes << spec << javaOrder;
}

void tst_SteadyState::equalsRblabAllocate()
{
    QFETCH(QString, strategy);
    QFETCH(QVariantMap, params);
    QFETCH(BrokerQueues, brokers);
    QFETCH(QStringList, ids);

    Simulation sim(world(brokers, ids, strategy, params), registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));
    // Everyone started by 5 s; a periodic round (20 s) has confirmed the membership since.
    sim.runUntil(45 * kSecond);
    const WorldSnapshot &snap = sim.snapshot();
    for (const QString &topic : { kTopic, retryTopic() }) {
        QString error;
        const QHash<QString, QSet<qint32>> expected
            = allocate(sim, topic, strategy, params, ids, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const QList<qint32> queues = topicQueues(sim, topic);
        QSet<qint32> covered;
        for (qint32 c = 0; c < ids.size(); ++c) {
            const QSet<qint32> got = held(snap, c, queues);
            const QSet<qint32> want = expected.value(ids[c]);
            QVERIFY2(got == want,
                qPrintable(QStringLiteral("%1 (%2) on %3 holds %4, rblab allocate says %5")
                               .arg(ids[c], strategy, topic,
                                   queueNames(sim, QList<qint32>(got.begin(), got.end())),
                                   queueNames(sim, QList<qint32>(want.begin(), want.end())))));
            covered += got;
        }
        // One owner each, nothing left over (these strategies cover every queue exactly once).
        QCOMPARE(covered.size(), queues.size());
    }
    QCOMPARE(snap.totals.orphanedQueues, 0);
    QCOMPARE(snap.totals.doubleOwnedQueues, 0);
    // Every consumer computed with the whole, Java-sorted membership.
    QStringList sortedIds = ids;
    sortRocketMq(sortedIds);
    for (qint32 c = 0; c < ids.size(); ++c) {
        const ConsumerView *v = view(snap, c, qint32(sim.topicNames().indexOf(kTopic)));
        QVERIFY(v);
        QCOMPARE(v->cidAll, sortedIds);
        QCOMPARE(v->queueCount, qint32(topicQueues(sim).size()));
    }
}

void tst_SteadyState::duplicateClientId_data()
{
    QTest::addColumn<BrokerQueues>("brokers");
    QTest::addColumn<QStringList>("ids");
    QTest::addColumn<QString>("twin");
    QTest::addColumn<QList<int>>("shared"); // positions in the sorted queue list
    QTest::addColumn<QList<int>>("orphaned");

    const BrokerQueues wide
        = { { QStringLiteral("broker-a"), 8 }, { QStringLiteral("broker-b"), 8 } };
    const BrokerQueues ten
        = { { QStringLiteral("broker-a"), 5 }, { QStringLiteral("broker-b"), 5 } };
    const QString x = QStringLiteral("10.0.0.1@1001");
    const QString y = QStringLiteral("10.0.0.2@1002");
    const QString z = QStringLiteral("10.0.0.3@1003");
    // cidAll = [x, x, y, z]: indexOf(x) is 0 for both twins; slot 1 is nobody's. 16 queues / 4
    // slots of 4: both twins take 0–3, 4–7 are orphaned.
    QTest::newRow("twins first, 16 queues")
        << wide << QStringList { x, x, y, z } << x << QList<int> { 0, 1, 2, 3 }
        << QList<int> { 4, 5, 6, 7 };
    // cidAll = [x, y, y, z]: the twins sit at slots 1 and 2; slot 2's 8–11 are orphaned.
    QTest::newRow("twins in the middle, 16 queues")
        << wide << QStringList { y, x, y, z } << y << QList<int> { 4, 5, 6, 7 }
        << QList<int> { 8, 9, 10, 11 };
    // 10 queues over 4 slots: 3, 3, 2, 2. Twins first take 0–2; slot 1's 3–5 are orphaned.
    QTest::newRow("twins first, 10 queues") << ten << QStringList { x, x, y, z } << x
                                            << QList<int> { 0, 1, 2 } << QList<int> { 3, 4, 5 };
    // Twins last of [x, y, z, z]: slot 3 (8–9) belongs to nobody; slot 2 (6–7) is shared.
    QTest::newRow("twins last, 10 queues")
        << ten << QStringList { z, x, y, z } << z << QList<int> { 6, 7 } << QList<int> { 8, 9 };
}

void tst_SteadyState::duplicateClientId()
{
    QFETCH(BrokerQueues, brokers);
    QFETCH(QStringList, ids);
    QFETCH(QString, twin);
    QFETCH(QList<int>, shared);
    QFETCH(QList<int>, orphaned);

    Simulation sim(world(brokers, ids, QStringLiteral("AVG"), {}), registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));
    const QList<qint32> queues = topicQueues(sim);
    sim.runUntil(45 * kSecond);
    const WorldSnapshot before = sim.snapshot();

    // The allocation arithmetic, by `rblab allocate` with the duplicated id in the list.
    QString error;
    const QHash<QString, QSet<qint32>> answer
        = allocate(sim, kTopic, QStringLiteral("AVG"), {}, ids, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QSet<qint32> sharedSet;
    for (int i : shared) {
        sharedSet.insert(queues[i]);
    }
    QCOMPARE(answer.value(twin), sharedSet);
    QSet<qint32> allocated;
    for (const QSet<qint32> &s : answer) {
        allocated += s;
    }
    QSet<qint32> orphanSet;
    for (int i : orphaned) {
        orphanSet.insert(queues[i]);
    }
    QCOMPARE(QSet<qint32>(queues.begin(), queues.end()) - allocated, orphanSet);

    // The run agrees: both twins hold the shared slot, nobody the orphaned one.
    for (qint32 c = 0; c < ids.size(); ++c) {
        QCOMPARE(held(before, c, queues), answer.value(ids[c]));
    }
    for (qint32 q : queues) {
        const qsizetype n = owners(before, q).size();
        QCOMPARE(n, sharedSet.contains(q) ? 2 : orphanSet.contains(q) ? 0 : 1);
    }
    QCOMPARE(before.totals.orphanedQueues, qint32(orphaned.size()));
    QCOMPARE(before.totals.doubleOwnedQueues, qint32(shared.size()));
    // A steady state: the health integrals grow by exactly those counts for every second.
    sim.runUntil(55 * kSecond);
    const SnapshotTotals after = sim.totals();
    QCOMPARE(qRound64((after.orphanedQueueSeconds - before.totals.orphanedQueueSeconds) * 1000),
        qint64(10000) * orphaned.size());
    QCOMPARE(
        qRound64((after.doubleOwnedQueueSeconds - before.totals.doubleOwnedQueueSeconds) * 1000),
        qint64(10000) * shared.size());
    // Both twins consume the shared queues: every message there is delivered twice.
    QVERIFY(after.duplicates > 0);
    QCOMPARE(after.lost, qint64(0));
}

QTEST_GUILESS_MAIN(tst_SteadyState)
#include "tst_steadystate.moc"
