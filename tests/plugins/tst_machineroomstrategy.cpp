// SPDX-License-Identifier: Apache-2.0
// MACHINE_ROOM (AllocateMessageQueueByMachineRoom): RocketMQ's
// AllocateMessageQueueByMachineRoomTest, the tail remainder, String.split's edge cases and the
// null consumeridcs.
#include "strategytestsupport.h"

#include <QTest>

using namespace Rblab;

class tst_MachineRoomStrategy : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void rocketMqEmptyQueueList();
    void rocketMqTwoRooms();
    void remainderFromTheTail();
    void brokerNameSplit_data();
    void brokerNameSplit();
    void nullIdcs_data();
    void nullIdcs();
    void groupAnswersMatchMembers();

private:
    std::unique_ptr<AllocationStrategy> make(const QStringList &idcs);
    std::unique_ptr<AllocationStrategy> makeNull();
    StrategyRegistry m_registry;
};

void tst_MachineRoomStrategy::initTestCase()
{
    const QString problem = TestSupport::loadBuiltinRegistry(m_registry);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

std::unique_ptr<AllocationStrategy> tst_MachineRoomStrategy::make(const QStringList &idcs)
{
    StrategyCreation c = m_registry.create(
        QStringLiteral("MACHINE_ROOM"), { { QStringLiteral("consumerIdcs"), idcs } });
    return std::move(c.strategy);
}

std::unique_ptr<AllocationStrategy> tst_MachineRoomStrategy::makeNull()
{
    StrategyCreation c = m_registry.create(QStringLiteral("MACHINE_ROOM"), {});
    return std::move(c.strategy);
}

void tst_MachineRoomStrategy::rocketMqEmptyQueueList()
{
    auto s = make({ QStringLiteral("room1") });
    QVERIFY(s);
    QCOMPARE(s->name(), QStringLiteral("MACHINE_ROOM"));
    const AllocateResult r = s->allocate(QStringLiteral("group"), QStringLiteral("CID_PREFIX0"), {},
        { QStringLiteral("CID_PREFIX0") });
    QCOMPARE(r.error, QStringLiteral("IllegalArgumentException: mqAll is null or mqAll empty"));
    QVERIFY(!s->allocateAll(QStringLiteral("group"), {}, { QStringLiteral("CID_PREFIX0") }).ok());
}

void tst_MachineRoomStrategy::rocketMqTwoRooms()
{
    // Queues 0–4 on room1@broker-a, 5–9 on room2@broker-b; idcs {room1}; two consumers.
    auto s = make({ QStringLiteral("room1") });
    QVERIFY(s);
    MessageQueueList mqAll;
    for (int i = 0; i < 10; ++i) {
        mqAll.append(MessageQueue { QStringLiteral("topic"),
            i < 5 ? QStringLiteral("room1@broker-a") : QStringLiteral("room2@broker-b"), i });
    }
    mqAll = TestSupport::sorted(mqAll);
    const QStringList cidAll { QStringLiteral("CID_PREFIX0"), QStringLiteral("CID_PREFIX1") };
    const QList<QList<int>> expected { { 0, 1, 4 }, { 2, 3 } };
    const GroupAllocateResult all = s->allocateAll(QStringLiteral("group"), mqAll, cidAll);
    QVERIFY2(all.ok(), qPrintable(all.error));
    for (int i = 0; i < 2; ++i) {
        const AllocateResult r = s->allocate(QStringLiteral("group"), cidAll.at(i), mqAll, cidAll);
        QVERIFY2(r.ok(), qPrintable(r.error));
        QList<int> ids;
        for (const MessageQueue &mq : r.queues) {
            ids.append(mq.queueId);
        }
        QCOMPARE(ids, expected.at(i));
        QCOMPARE(all.perConsumer.at(i), r.queues);
    }
}

void tst_MachineRoomStrategy::remainderFromTheTail()
{
    // 7 queues, 3 consumers: blocks of 2, and the one extra queue is pre[0 + 2·3] = the last,
    // not a shift of the later blocks as in AVG.
    auto s = make({ QStringLiteral("r") });
    QVERIFY(s);
    const MessageQueueList mqAll
        = TestSupport::makeQueues(QStringLiteral("T"), { { QStringLiteral("r@b"), 7 } });
    const QStringList cidAll { QStringLiteral("c0"), QStringLiteral("c1"), QStringLiteral("c2") };
    const GroupAllocateResult all = s->allocateAll(QStringLiteral("group"), mqAll, cidAll);
    QVERIFY2(all.ok(), qPrintable(all.error));
    QCOMPARE(TestSupport::brief(all.perConsumer.at(0)), QStringLiteral("r@b:0,r@b:1,r@b:6"));
    QCOMPARE(TestSupport::brief(all.perConsumer.at(1)), QStringLiteral("r@b:2,r@b:3"));
    QCOMPARE(TestSupport::brief(all.perConsumer.at(2)), QStringLiteral("r@b:4,r@b:5"));
    // More consumers than queues: the first |pre| get one each (q = 0, all from the tail).
    const QStringList five { QStringLiteral("c0"), QStringLiteral("c1"), QStringLiteral("c2"),
        QStringLiteral("c3"), QStringLiteral("c4") };
    const MessageQueueList three = mqAll.mid(0, 3);
    const GroupAllocateResult many = s->allocateAll(QStringLiteral("group"), three, five);
    QVERIFY2(many.ok(), qPrintable(many.error));
    QCOMPARE(TestSupport::brief(many.perConsumer.at(0)), QStringLiteral("r@b:0"));
    QCOMPARE(TestSupport::brief(many.perConsumer.at(2)), QStringLiteral("r@b:2"));
    QVERIFY(many.perConsumer.at(3).isEmpty() && many.perConsumer.at(4).isEmpty());
}

void tst_MachineRoomStrategy::brokerNameSplit_data()
{
    QTest::addColumn<QString>("brokerName");
    QTest::addColumn<bool>("consumed");
    // idcs = {"a", "room1", ""}; split("@") must give exactly [idc, name] with idc listed.
    QTest::newRow("a@b") << "a@b" << true;
    QTest::newRow("a@b@ (trailing empty field dropped: 2 fields)") << "a@b@" << true;
    QTest::newRow("room1@ (1 field)") << "room1@" << false;
    QTest::newRow("@broker (idc \"\")") << "@broker" << true;
    QTest::newRow("a@@b (3 fields)") << "a@@b" << false;
    QTest::newRow("@ (no field)") << "@" << false;
    QTest::newRow("a@b@c (3 fields)") << "a@b@c" << false;
    QTest::newRow("other@b (idc not listed)") << "other@b" << false;
    QTest::newRow("plain (1 field)") << "plain" << false;
}

void tst_MachineRoomStrategy::brokerNameSplit()
{
    QFETCH(QString, brokerName);
    QFETCH(bool, consumed);
    auto s = make({ QStringLiteral("a"), QStringLiteral("room1"), QString() });
    QVERIFY(s);
    const MessageQueueList mqAll
        = TestSupport::makeQueues(QStringLiteral("T"), { { brokerName, 2 } });
    const AllocateResult r
        = s->allocate(QStringLiteral("group"), QStringLiteral("c"), mqAll, { QStringLiteral("c") });
    QVERIFY2(r.ok(), qPrintable(r.error));
    QCOMPARE(r.queues.size(), consumed ? 2 : 0);
}

void tst_MachineRoomStrategy::nullIdcs_data()
{
    QTest::addColumn<QStringList>("brokers");
    QTest::addColumn<bool>("throws");
    // consumeridcs is touched only behind `temp.length == 2 &&`.
    QTest::newRow("no @ anywhere")
        << QStringList { QStringLiteral("broker-a"), QStringLiteral("broker-b") } << false;
    QTest::newRow("only one-field names")
        << QStringList { QStringLiteral("room1@"), QStringLiteral("x@@y") } << false;
    QTest::newRow("one two-field name")
        << QStringList { QStringLiteral("broker-a"), QStringLiteral("room1@b") } << true;
    QTest::newRow("empty idc still two fields") << QStringList { QStringLiteral("@b") } << true;
}

void tst_MachineRoomStrategy::nullIdcs()
{
    QFETCH(QStringList, brokers);
    QFETCH(bool, throws);
    auto s = makeNull();
    QVERIFY(s);
    QList<std::pair<QString, int>> layout;
    for (const QString &b : std::as_const(brokers)) {
        layout.append({ b, 2 });
    }
    const MessageQueueList mqAll = TestSupport::makeQueues(QStringLiteral("T"), layout);
    const QStringList cidAll { QStringLiteral("c1"), QStringLiteral("c2") };
    const AllocateResult r
        = s->allocate(QStringLiteral("group"), QStringLiteral("c1"), mqAll, cidAll);
    const GroupAllocateResult all = s->allocateAll(QStringLiteral("group"), mqAll, cidAll);
    if (throws) {
        QVERIFY2(r.error.startsWith(QStringLiteral("NullPointerException")), qPrintable(r.error));
        QCOMPARE(all.error, r.error);
    } else {
        QVERIFY2(r.ok(), qPrintable(r.error));
        QVERIFY(r.queues.isEmpty());
        QVERIFY2(all.ok(), qPrintable(all.error));
    }
    // A stranger gets nothing before the null set is touched (check() returns false first).
    const AllocateResult stranger
        = s->allocate(QStringLiteral("group"), QStringLiteral("zz"), mqAll, cidAll);
    QVERIFY2(stranger.ok(), qPrintable(stranger.error));
    QVERIFY(stranger.queues.isEmpty());
}

void tst_MachineRoomStrategy::groupAnswersMatchMembers()
{
    auto s = make({ QStringLiteral("r1"), QStringLiteral("r3") });
    QVERIFY(s);
    const MessageQueueList mqAll = TestSupport::makeQueues(QStringLiteral("T"),
        { { QStringLiteral("r1@a"), 7 }, { QStringLiteral("r2@b"), 5 },
            { QStringLiteral("r3@c"), 6 } });
    for (int m = 1; m <= 20; ++m) {
        QStringList cidAll;
        for (int i = 0; i < m; ++i) {
            cidAll.append(QStringLiteral("c%1").arg(i % 7)); // repeats once m > 7
        }
        cidAll = TestSupport::sorted(cidAll);
        const GroupAllocateResult each = TestSupport::allocateEach(*s, mqAll, cidAll);
        const GroupAllocateResult all = s->allocateAll(QStringLiteral("group"), mqAll, cidAll);
        QVERIFY2(each.ok() && all.ok(), qPrintable(each.error + all.error));
        QCOMPARE(all.perConsumer, each.perConsumer);
    }
}

QTEST_GUILESS_MAIN(tst_MachineRoomStrategy)
#include "tst_machineroomstrategy.moc"
