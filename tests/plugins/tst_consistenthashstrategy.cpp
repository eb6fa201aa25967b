// SPDX-License-Identifier: Apache-2.0
// CONSISTENT_HASH (AllocateMessageQueueConsistentHash): the ring (ConsistentHashRouter) on its
// own, RocketMQ's AllocateMessageQueueConsitentHashTest, the spec's vectors (§1.5), and a
// line-by-line transliteration of the Java classes as an oracle for random memberships.
#include "consistenthashring.h"
#include "strategytestsupport.h"

#include <rblab/javastring.h>

#include <QCryptographicHash>
#include <QMap>
#include <QRandomGenerator>
#include <QTest>

using namespace Rblab;

namespace {

quint32 md5Prefix(const QString &key)
{
    const QByteArray d = QCryptographicHash::hash(javaUtf8(key), QCryptographicHash::Md5);
    return (quint32(uchar(d[0])) << 24) | (quint32(uchar(d[1])) << 16) | (quint32(uchar(d[2])) << 8)
        | quint32(uchar(d[3]));
}

// AllocateMessageQueueConsistentHash.allocate as Java runs it: a fresh TreeMap ring per call,
// getExistingReplicas by counting, put() replacing, tailMap().firstKey() with wrap-around.
MessageQueueList javaAllocate(const QString &currentCid, const MessageQueueList &mqAll,
    const QStringList &cidAll, int virtualNodeCount)
{
    QMap<quint32, QString> ring;
    for (const QString &cid : cidAll) {
        int existing = 0;
        for (const QString &owner : std::as_const(ring)) {
            existing += owner == cid ? 1 : 0;
        }
        for (int i = 0; i < virtualNodeCount; ++i) {
            ring.insert(md5Prefix(cid + QLatin1Char('-') + QString::number(i + existing)), cid);
        }
    }
    MessageQueueList result;
    if (!cidAll.contains(currentCid)) {
        return result;
    }
    for (const MessageQueue &mq : mqAll) {
        if (ring.isEmpty()) {
            continue;
        }
        auto it = ring.lowerBound(md5Prefix(mq.toString()));
        if (it == ring.end()) {
            it = ring.begin();
        }
        if (it.value() == currentCid) {
            result.append(mq);
        }
    }
    return result;
}

// Two ids whose first virtual nodes collide: MD5 prefixes of "cid13754-0" and "cid39042-0" are
// both 433552035 (found by search; the test checks it before relying on it).
const QString kCollidingA = QStringLiteral("cid13754");
const QString kCollidingB = QStringLiteral("cid39042");

} // namespace

class tst_ConsistentHashStrategy : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void hashVectors_data();
    void hashVectors();
    void ringRoutesToFirstEntryAtOrAfter();
    void ringCollisionLaterInsertionWins();
    void ringRepeatedIdContinuesNumbering();
    void specTable_data();
    void specTable();
    void sixtyFourQueues();
    void rocketMqArguments();
    void rocketMqMembershipChanges_data();
    void rocketMqMembershipChanges();
    void zeroVirtualNodesGivesNobodyAnything();
    void ringPastTheCeilingFailsAtOnce();
    void collisionThroughStrategy();
    void matchesJavaOnRandomMemberships();
    void cacheFollowsChangingLists();
    void factoryDefaultsAndRange();

private:
    std::unique_ptr<AllocationStrategy> make(int virtualNodeCount);
    StrategyRegistry m_registry;
};

void tst_ConsistentHashStrategy::initTestCase()
{
    const QString problem = TestSupport::loadBuiltinRegistry(m_registry);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

std::unique_ptr<AllocationStrategy> tst_ConsistentHashStrategy::make(int virtualNodeCount)
{
    StrategyCreation c = m_registry.create(QStringLiteral("CONSISTENT_HASH"),
        { { QStringLiteral("virtualNodeCount"), virtualNodeCount } });
    return std::move(c.strategy);
}

void tst_ConsistentHashStrategy::hashVectors_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<quint32>("hash");
    // From the real Java classes (spec §1.5).
    QTest::newRow("c1-0") << "c1-0" << quint32(3886541579u);
    QTest::newRow("queue") << "MessageQueue [topic=T, brokerName=broker-a, queueId=0]"
                           << quint32(1630488180u);
}

void tst_ConsistentHashStrategy::hashVectors()
{
    QFETCH(QString, key);
    QFETCH(quint32, hash);
    QCOMPARE(ConsistentHashRing::hash(key), hash);
    const MessageQueue mq { QStringLiteral("T"), QStringLiteral("broker-a"), 0 };
    QCOMPARE(ConsistentHashRing::hash(mq.toString()), quint32(1630488180u));
}

void tst_ConsistentHashStrategy::ringRoutesToFirstEntryAtOrAfter()
{
    const QStringList ids { QStringLiteral("a"), QStringLiteral("b") };
    const ConsistentHashRing ring(ids, 2);
    QCOMPARE(ring.size(), 4);
    QMap<quint32, qsizetype> entries;
    for (qsizetype slot = 0; slot < ids.size(); ++slot) {
        for (int i = 0; i < 2; ++i) {
            entries.insert(md5Prefix(ids.at(slot) + QLatin1Char('-') + QString::number(i)), slot);
        }
    }
    // An exact hit, one past it (the next entry), and past the last key (wraps to the first).
    for (auto it = entries.cbegin(); it != entries.cend(); ++it) {
        QCOMPARE(ring.route(it.key()), it.value());
        if (it.key() > 0) {
            QCOMPARE(ring.route(it.key() - 1), it.value());
        }
    }
    const quint32 last = entries.lastKey();
    if (last < 0xFFFFFFFFu) {
        QCOMPARE(ring.route(last + 1), entries.first());
    }
    QCOMPARE(ring.route(quint32(0)), entries.first());
    QCOMPARE(ConsistentHashRing(ids, 0).route(quint32(12345)), qsizetype(-1));
}

void tst_ConsistentHashStrategy::ringCollisionLaterInsertionWins()
{
    const quint32 h = md5Prefix(kCollidingA + QStringLiteral("-0"));
    QCOMPARE(md5Prefix(kCollidingB + QStringLiteral("-0")), h);
    // TreeMap.put replaces: one entry, owned by whoever was inserted last.
    const ConsistentHashRing ab({ kCollidingA, kCollidingB }, 1);
    QCOMPARE(ab.size(), 1);
    QCOMPARE(ab.route(h), qsizetype(1));
    const ConsistentHashRing ba({ kCollidingB, kCollidingA }, 1);
    QCOMPARE(ba.size(), 1);
    QCOMPARE(ba.route(h), qsizetype(1));
}

void tst_ConsistentHashStrategy::ringRepeatedIdContinuesNumbering()
{
    // addNode numbers from getExistingReplicas: the second "c" adds c-2 and c-3, not c-0 again.
    const ConsistentHashRing twice({ QStringLiteral("c"), QStringLiteral("c") }, 2);
    QCOMPARE(twice.size(), 4);
    for (int i = 0; i < 4; ++i) {
        QCOMPARE(twice.route(md5Prefix(QStringLiteral("c-%1").arg(i))), qsizetype(0));
    }
    // getExistingReplicas counts what is on the ring: after B overwrote A's only entry, A has
    // none, so A's second copy reuses "A-0" (taking the entry back) instead of adding "A-1".
    const ConsistentHashRing overwritten({ kCollidingA, kCollidingB, kCollidingA }, 1);
    QCOMPARE(overwritten.size(), 1);
    QCOMPARE(overwritten.route(md5Prefix(kCollidingA + QStringLiteral("-0"))), qsizetype(0));
}

void tst_ConsistentHashStrategy::specTable_data()
{
    QTest::addColumn<int>("virtualNodes");
    QTest::addColumn<QString>("consumer");
    QTest::addColumn<QString>("expected");
    QTest::newRow("10 vnodes 10.0.0.10@3#3") << 10 << "10.0.0.10@3#3"
                                             << "broker-b:2";
    QTest::newRow("10 vnodes 10.0.0.1@1#1")
        << 10 << "10.0.0.1@1#1"
        << "broker-a:0,broker-a:1,broker-a:2,broker-b:0,broker-b:1,broker-b:3";
    QTest::newRow("10 vnodes 10.0.0.2@2#2") << 10 << "10.0.0.2@2#2"
                                            << "broker-a:3";
    QTest::newRow("3 vnodes 10.0.0.10@3#3") << 3 << "10.0.0.10@3#3"
                                            << "broker-a:1,broker-b:0,broker-b:1,broker-b:3";
    QTest::newRow("3 vnodes 10.0.0.1@1#1") << 3 << "10.0.0.1@1#1"
                                           << "broker-a:0,broker-a:2,broker-b:2";
    QTest::newRow("3 vnodes 10.0.0.2@2#2") << 3 << "10.0.0.2@2#2"
                                           << "broker-a:3";
}

void tst_ConsistentHashStrategy::specTable()
{
    QFETCH(int, virtualNodes);
    QFETCH(QString, consumer);
    QFETCH(QString, expected);
    auto s = make(virtualNodes);
    QVERIFY(s);
    const MessageQueueList mqAll = TestSupport::makeQueues(QStringLiteral("T"),
        { { QStringLiteral("broker-a"), 4 }, { QStringLiteral("broker-b"), 4 } });
    const QStringList cidAll = TestSupport::sorted({ QStringLiteral("10.0.0.1@1#1"),
        QStringLiteral("10.0.0.2@2#2"), QStringLiteral("10.0.0.10@3#3") });
    const AllocateResult r = s->allocate(QStringLiteral("group"), consumer, mqAll, cidAll);
    QVERIFY2(r.ok(), qPrintable(r.error));
    QCOMPARE(TestSupport::brief(r.queues), expected);
    auto fresh = make(virtualNodes);
    const GroupAllocateResult all = fresh->allocateAll(QStringLiteral("group"), mqAll, cidAll);
    QVERIFY2(all.ok(), qPrintable(all.error));
    QCOMPARE(TestSupport::brief(all.perConsumer.at(cidAll.indexOf(consumer))), expected);
}

void tst_ConsistentHashStrategy::sixtyFourQueues()
{
    // TopicTest, broker-a and broker-b × 32, consumers 192.168.0.{1..4}@100#{1..4}, 10 vnodes.
    auto s = make(10);
    QVERIFY(s);
    const MessageQueueList mqAll = TestSupport::makeQueues(QStringLiteral("TopicTest"),
        { { QStringLiteral("broker-a"), 32 }, { QStringLiteral("broker-b"), 32 } });
    QStringList cidAll;
    for (int i = 1; i <= 4; ++i) {
        cidAll.append(QStringLiteral("192.168.0.%1@100#%1").arg(i));
    }
    cidAll = TestSupport::sorted(cidAll);
    const GroupAllocateResult all = s->allocateAll(QStringLiteral("group"), mqAll, cidAll);
    QVERIFY2(all.ok(), qPrintable(all.error));
    QList<qsizetype> sizes;
    for (const MessageQueueList &q : all.perConsumer) {
        sizes.append(q.size());
    }
    QCOMPARE(sizes, (QList<qsizetype> { 17, 19, 11, 17 }));
}

void tst_ConsistentHashStrategy::rocketMqArguments()
{
    auto s = make(10);
    QVERIFY(s);
    const MessageQueueList six = TestSupport::makeQueues(
        QStringLiteral("topic_test"), { { QStringLiteral("brokerName"), 6 } });
    const QStringList two { QStringLiteral("CID-0"), QStringLiteral("CID-1") };
    // testCurrentCIDNotExists: String.valueOf(Integer.MAX_VALUE) is no member → empty.
    AllocateResult r = s->allocate(QString(), QStringLiteral("2147483647"), six, two);
    QVERIFY2(r.ok(), qPrintable(r.error));
    QCOMPARE(r.queues.size(), 0);
    // testCurrentCIDIllegalArgument, testMessageQueueIllegalArgument,
    // testConsumerIdIllegalArgument.
    r = s->allocate(QString(), QString(), six, two);
    QCOMPARE(r.error, QStringLiteral("IllegalArgumentException: currentCID is empty"));
    r = s->allocate(QString(), QStringLiteral("0"), {}, two);
    QCOMPARE(r.error, QStringLiteral("IllegalArgumentException: mqAll is null or mqAll empty"));
    r = s->allocate(QString(), QStringLiteral("0"), six, {});
    QCOMPARE(r.error, QStringLiteral("IllegalArgumentException: cidAll is null or cidAll empty"));
}

void tst_ConsistentHashStrategy::rocketMqMembershipChanges_data()
{
    QTest::addColumn<int>("queues");
    QTest::addColumn<int>("consumers");
    QTest::newRow("testAllocate1 20/10") << 20 << 10;
    QTest::newRow("testAllocate2 10/20") << 10 << 20;
    // testRun100RandomCase: 10 cases of 1–20 queues and consumers, seeded here.
    QRandomGenerator random(20240611);
    for (int i = 0; i < 10; ++i) {
        const int consumers = random.bounded(20) + 1;
        const int queues = random.bounded(20) + 1;
        QTest::addRow("random %d: %d/%d", i, queues, consumers) << queues << consumers;
    }
}

void tst_ConsistentHashStrategy::rocketMqMembershipChanges()
{
    QFETCH(int, queues);
    QFETCH(int, consumers);
    auto s = make(3); // new AllocateMessageQueueConsistentHash(3)
    QVERIFY(s);
    const MessageQueueList mqAll = TestSupport::makeQueues(
        QStringLiteral("topic_test"), { { QStringLiteral("brokerName"), queues } });
    QStringList cidAll;
    for (int i = 0; i < consumers; ++i) {
        cidAll.append(QStringLiteral("CID-%1").arg(i));
    }
    // Each member asks for itself; the owner map must cover mqAll exactly once.
    auto ownersOf
        = [&](const QStringList &members, QHash<MessageQueue, QString> *owner) -> QString {
        owner->clear();
        const QStringList sortedMembers = TestSupport::sorted(members);
        for (const QString &cid : sortedMembers) {
            const AllocateResult r
                = s->allocate(QStringLiteral("testConsumerGroup"), cid, mqAll, sortedMembers);
            if (!r.ok()) {
                return r.error;
            }
            for (const MessageQueue &mq : r.queues) {
                if (owner->contains(mq)) {
                    return QStringLiteral("%1 given to %2 and %3")
                        .arg(mq.toString(), owner->value(mq), cid);
                }
                owner->insert(mq, cid);
            }
        }
        if (owner->size() != mqAll.size()) {
            return QStringLiteral("%1 of %2 queues allocated").arg(owner->size()).arg(mqAll.size());
        }
        return QString();
    };

    QHash<MessageQueue, QString> before;
    QString problem = ownersOf(cidAll, &before);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));

    // Removing the first consumer moves only its own queues.
    QStringList afterRemove = cidAll;
    const QString removed = afterRemove.takeFirst();
    QHash<MessageQueue, QString> afterRemoving;
    if (afterRemove.isEmpty()) {
        // verifyAllocateAll: no members, no allocation (nobody asks).
        QCOMPARE(consumers, 1);
    } else {
        problem = ownersOf(afterRemove, &afterRemoving);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        for (auto it = before.cbegin(); it != before.cend(); ++it) {
            if (it.value() != removed) {
                QVERIFY2(afterRemoving.value(it.key()) == it.value(),
                    qPrintable(QStringLiteral("%1 moved from %2 to %3 though only %4 left")
                                   .arg(it.key().toString(), it.value(),
                                       afterRemoving.value(it.key()), removed)));
            }
        }
    }

    // Adding a consumer moves queues only to it.
    QStringList afterAdd = afterRemove;
    const QString added = QStringLiteral("CID-NEW");
    afterAdd.append(added);
    QHash<MessageQueue, QString> afterAdding;
    problem = ownersOf(afterAdd, &afterAdding);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    if (!afterRemove.isEmpty()) {
        for (auto it = afterAdding.cbegin(); it != afterAdding.cend(); ++it) {
            if (it.value() != added) {
                QVERIFY2(afterRemoving.value(it.key()) == it.value(),
                    qPrintable(QStringLiteral("%1 moved from %2 to %3 though only %4 joined")
                                   .arg(it.key().toString(), afterRemoving.value(it.key()),
                                       it.value(), added)));
            }
        }
    }
}

void tst_ConsistentHashStrategy::zeroVirtualNodesGivesNobodyAnything()
{
    auto s = make(0);
    QVERIFY(s);
    const MessageQueueList mqAll
        = TestSupport::makeQueues(QStringLiteral("T"), { { QStringLiteral("b"), 5 } });
    const QStringList cidAll { QStringLiteral("c1"), QStringLiteral("c2") };
    const GroupAllocateResult all = s->allocateAll(QStringLiteral("group"), mqAll, cidAll);
    QVERIFY2(all.ok(), qPrintable(all.error));
    QCOMPARE(all.perConsumer.size(), 2);
    QVERIFY(all.perConsumer.at(0).isEmpty());
    QVERIFY(all.perConsumer.at(1).isEmpty());
    const AllocateResult one
        = s->allocate(QStringLiteral("group"), QStringLiteral("c1"), mqAll, cidAll);
    QVERIFY2(one.ok(), qPrintable(one.error));
    QVERIFY(one.queues.isEmpty());
    // The checks still come first: an empty ring does not hide an empty queue list.
    QVERIFY(!s->allocate(QStringLiteral("group"), QStringLiteral("c1"), {}, cidAll).ok());
}

void tst_ConsistentHashStrategy::ringPastTheCeilingFailsAtOnce()
{
    // 1000 consumers × virtualNodeCount 10,000 is ten million MD5s (about 70 s) per membership:
    // rblab simulate and the app froze. Past rblab allocate's ceiling of 100,000 ring nodes a
    // call fails at once and says what to lower; at the ceiling it answers.
    const MessageQueueList mqAll
        = TestSupport::makeQueues(QStringLiteral("T"), { { QStringLiteral("b"), 8 } });
    QStringList cidAll;
    for (int i = 0; i < 1000; ++i) {
        cidAll.append(QStringLiteral("10.0.%1.%2@1").arg(i / 250).arg(i % 250));
    }
    auto big = make(10000);
    QVERIFY(big);
    const AllocateResult one = big->allocate(QStringLiteral("g"), cidAll.first(), mqAll, cidAll);
    QVERIFY(!one.ok());
    QVERIFY2(one.error.contains(QStringLiteral("1000 × 10000 = 10000000 ring nodes"))
            && one.error.contains(QStringLiteral("virtualNodeCount to 100 or less")),
        qPrintable(one.error));
    const GroupAllocateResult all = big->allocateAll(QStringLiteral("g"), mqAll, cidAll);
    QVERIFY(!all.ok());
    QCOMPARE(all.error, one.error);
    auto edge = make(100); // 1000 × 100: exactly the ceiling
    QVERIFY(edge);
    const GroupAllocateResult fits = edge->allocateAll(QStringLiteral("g"), mqAll, cidAll);
    QVERIFY2(fits.ok(), qPrintable(fits.error));
    qsizetype given = 0;
    for (const MessageQueueList &queues : fits.perConsumer) {
        given += queues.size();
    }
    QCOMPARE(given, mqAll.size());
}

void tst_ConsistentHashStrategy::collisionThroughStrategy()
{
    // With one virtual node each and colliding keys, the ring has one entry: the later
    // insertion in sorted cidAll order owns every queue.
    auto s = make(1);
    QVERIFY(s);
    const MessageQueueList mqAll
        = TestSupport::makeQueues(QStringLiteral("T"), { { QStringLiteral("b"), 6 } });
    const QStringList cidAll = TestSupport::sorted({ kCollidingB, kCollidingA });
    QCOMPARE(cidAll.constLast(), kCollidingB);
    const GroupAllocateResult all = s->allocateAll(QStringLiteral("group"), mqAll, cidAll);
    QVERIFY2(all.ok(), qPrintable(all.error));
    QCOMPARE(all.perConsumer.at(0).size(), 0);
    QCOMPARE(all.perConsumer.at(1).size(), 6);
    QCOMPARE(
        TestSupport::brief(javaAllocate(kCollidingB, mqAll, cidAll, 1)), TestSupport::brief(mqAll));
}

void tst_ConsistentHashStrategy::matchesJavaOnRandomMemberships()
{
    QRandomGenerator random(77);
    for (int round = 0; round < 40; ++round) {
        const int vnodes = QList<int> { 0, 1, 2, 3, 10, 32 }.at(random.bounded(6));
        const int brokers = random.bounded(3) + 1;
        QList<std::pair<QString, int>> layout;
        for (int b = 0; b < brokers; ++b) {
            layout.append(
                { QStringLiteral("broker-%1").arg(QChar(u'a' + b)), random.bounded(12) + 1 });
        }
        const MessageQueueList mqAll = TestSupport::makeQueues(QStringLiteral("TopicTest"), layout);
        QStringList cidAll;
        const int consumers = random.bounded(8) + 1;
        for (int i = 0; i < consumers; ++i) {
            cidAll.append(
                QStringLiteral("10.0.0.%1@%2").arg(random.bounded(20)).arg(random.bounded(3)));
        }
        cidAll = TestSupport::sorted(cidAll); // repeated ids are kept, as two clients sharing one
        auto s = make(vnodes);
        QVERIFY(s);
        const GroupAllocateResult all = s->allocateAll(QStringLiteral("group"), mqAll, cidAll);
        QVERIFY2(all.ok(), qPrintable(all.error));
        for (qsizetype i = 0; i < cidAll.size(); ++i) {
            const QString java
                = TestSupport::brief(javaAllocate(cidAll.at(i), mqAll, cidAll, vnodes));
            const AllocateResult r
                = s->allocate(QStringLiteral("group"), cidAll.at(i), mqAll, cidAll);
            QVERIFY2(r.ok(), qPrintable(r.error));
            QVERIFY2(TestSupport::brief(r.queues) == java,
                qPrintable(
                    QStringLiteral("round %1, %2 (vnodes %3, members %4): got %5, Java %6")
                        .arg(round)
                        .arg(cidAll.at(i))
                        .arg(vnodes)
                        .arg(cidAll.join(QLatin1Char(' ')), TestSupport::brief(r.queues), java)));
            QCOMPARE(TestSupport::brief(all.perConsumer.at(i)), java);
        }
    }
}

void tst_ConsistentHashStrategy::cacheFollowsChangingLists()
{
    // One strategy object asked about changing memberships and queue lists, in place and by
    // value, must answer as a fresh one would: the caches may never serve a stale ring.
    auto s = make(4);
    QVERIFY(s);
    QString problem;
    MessageQueueList mqAll
        = TestSupport::makeQueues(QStringLiteral("T"), { { QStringLiteral("b"), 12 } });
    QStringList cidAll { QStringLiteral("c1"), QStringLiteral("c2"), QStringLiteral("c3") };
    auto check = [&](const QString &label) -> QString {
        const GroupAllocateResult all = s->allocateAll(QStringLiteral("group"), mqAll, cidAll);
        if (!all.ok()) {
            return label + QStringLiteral(": ") + all.error;
        }
        for (qsizetype i = 0; i < cidAll.size(); ++i) {
            const QString &cid = cidAll.at(i);
            const QString java = TestSupport::brief(javaAllocate(cid, mqAll, cidAll, 4));
            const AllocateResult r = s->allocate(QStringLiteral("group"), cid, mqAll, cidAll);
            if (!r.ok() || TestSupport::brief(r.queues) != java
                || TestSupport::brief(all.perConsumer.at(i)) != java) {
                return QStringLiteral("%1, %2: allocate %3, allocateAll %4, Java %5")
                    .arg(label, cid, TestSupport::brief(r.queues),
                        TestSupport::brief(all.perConsumer.at(i)), java);
            }
        }
        return QString();
    };
    problem = check(QStringLiteral("start"));
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    cidAll[1] = QStringLiteral("c9"); // changed in place: the list detaches from the cached copy
    problem = check(QStringLiteral("member replaced"));
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    mqAll.removeAt(3);
    problem = check(QStringLiteral("queue removed"));
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    cidAll.append(QStringLiteral("c4"));
    mqAll.append(MessageQueue { QStringLiteral("T"), QStringLiteral("c"), 0 });
    problem = check(QStringLiteral("both grown"));
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    // Many alternating memberships, more than the caches hold, then back to the first.
    const QStringList first = cidAll;
    for (int i = 0; i < 40; ++i) {
        cidAll = QStringList { QStringLiteral("x%1").arg(i), QStringLiteral("y%1").arg(i) };
        problem = check(QStringLiteral("membership %1").arg(i));
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
    }
    cidAll = first;
    problem = check(QStringLiteral("first membership again"));
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

void tst_ConsistentHashStrategy::factoryDefaultsAndRange()
{
    const ParameterCheck defaults
        = m_registry.checkParameters(QStringLiteral("CONSISTENT_HASH"), {});
    QVERIFY2(defaults.ok(), qPrintable(defaults.error));
    QCOMPARE(defaults.values.value(QStringLiteral("virtualNodeCount")).toLongLong(), 10);
    StrategyCreation tooMany = m_registry.create(
        QStringLiteral("CONSISTENT_HASH"), { { QStringLiteral("virtualNodeCount"), 10001 } });
    QVERIFY(!tooMany.ok());
    QCOMPARE(tooMany.parameter, QStringLiteral("virtualNodeCount"));
    StrategyCreation negative = m_registry.create(
        QStringLiteral("CONSISTENT_HASH"), { { QStringLiteral("virtualNodeCount"), -1 } });
    QVERIFY(!negative.ok());
    QCOMPARE(negative.parameter, QStringLiteral("virtualNodeCount"));
}

QTEST_GUILESS_MAIN(tst_ConsistentHashStrategy)
#include "tst_consistenthashstrategy.moc"
