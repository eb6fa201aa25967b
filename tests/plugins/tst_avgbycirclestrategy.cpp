// SPDX-License-Identifier: Apache-2.0
// AVG_BY_CIRCLE (AllocateMessageQueueAveragelyByCircle): RocketMQ's
// AllocateMessageQueueAveragelyByCircleTest and the spec's table (§1.5).
#include "strategytestsupport.h"

#include <QTest>

using namespace Rblab;

class tst_AvgByCircleStrategy : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void name();
    void currentIdNotInList();
    void rocketMqRoundRobin();
    void specTable_data();
    void specTable();
    void moreConsumersThanQueues();
    void duplicatedIdTakesFirstSlot();

private:
    std::unique_ptr<AllocationStrategy> make();
    StrategyRegistry m_registry;
};

void tst_AvgByCircleStrategy::initTestCase()
{
    const QString problem = TestSupport::loadBuiltinRegistry(m_registry);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

std::unique_ptr<AllocationStrategy> tst_AvgByCircleStrategy::make()
{
    StrategyCreation c = m_registry.create(QStringLiteral("AVG_BY_CIRCLE"), {});
    return std::move(c.strategy);
}

void tst_AvgByCircleStrategy::name()
{
    auto s = make();
    QVERIFY(s);
    QCOMPARE(s->name(), QStringLiteral("AVG_BY_CIRCLE"));
}

void tst_AvgByCircleStrategy::currentIdNotInList()
{
    // testAllocateMessageQueueAveragelyByCircle with a current id missing from cidAll: 0 queues.
    auto s = make();
    QVERIFY(s);
    const MessageQueueList mqAll
        = TestSupport::makeQueues(QStringLiteral("T"), { { QStringLiteral("b"), 10 } });
    const AllocateResult r = s->allocate(QStringLiteral("group"), QStringLiteral("CID_PREFIX9"),
        mqAll, { QStringLiteral("CID_PREFIX0"), QStringLiteral("CID_PREFIX1") });
    QVERIFY2(r.ok(), qPrintable(r.error));
    QCOMPARE(r.queues.size(), 0);
}

void tst_AvgByCircleStrategy::rocketMqRoundRobin()
{
    // 10 queues, 4 consumers → queue ids {0,4,8}, {1,5,9}, {2,6}, {3,7}.
    auto s = make();
    QVERIFY(s);
    const MessageQueueList mqAll
        = TestSupport::makeQueues(QStringLiteral("T"), { { QStringLiteral("brokerName"), 10 } });
    QStringList cidAll;
    for (int i = 0; i < 4; ++i) {
        cidAll.append(QStringLiteral("CID_PREFIX%1").arg(i));
    }
    const QList<QList<int>> expected { { 0, 4, 8 }, { 1, 5, 9 }, { 2, 6 }, { 3, 7 } };
    const GroupAllocateResult all = s->allocateAll(QStringLiteral("group"), mqAll, cidAll);
    QVERIFY2(all.ok(), qPrintable(all.error));
    for (int i = 0; i < 4; ++i) {
        const AllocateResult r = s->allocate(QStringLiteral("group"), cidAll.at(i), mqAll, cidAll);
        QVERIFY2(r.ok(), qPrintable(r.error));
        QList<int> ids;
        for (const MessageQueue &mq : r.queues) {
            ids.append(mq.queueId);
        }
        QCOMPARE(ids, expected.at(i));
        QCOMPARE(TestSupport::brief(all.perConsumer.at(i)), TestSupport::brief(r.queues));
    }
}

void tst_AvgByCircleStrategy::specTable_data()
{
    QTest::addColumn<QString>("consumer");
    QTest::addColumn<QString>("expected");
    QTest::newRow("10.0.0.10@3#3") << "10.0.0.10@3#3"
                                   << "broker-a:0,broker-a:3,broker-b:2";
    QTest::newRow("10.0.0.1@1#1") << "10.0.0.1@1#1"
                                  << "broker-a:1,broker-b:0,broker-b:3";
    QTest::newRow("10.0.0.2@2#2") << "10.0.0.2@2#2"
                                  << "broker-a:2,broker-b:1";
}

void tst_AvgByCircleStrategy::specTable()
{
    QFETCH(QString, consumer);
    QFETCH(QString, expected);
    auto s = make();
    QVERIFY(s);
    const MessageQueueList mqAll = TestSupport::makeQueues(QStringLiteral("T"),
        { { QStringLiteral("broker-a"), 4 }, { QStringLiteral("broker-b"), 4 } });
    const QStringList cidAll = TestSupport::sorted({ QStringLiteral("10.0.0.1@1#1"),
        QStringLiteral("10.0.0.2@2#2"), QStringLiteral("10.0.0.10@3#3") });
    const AllocateResult r = s->allocate(QStringLiteral("group"), consumer, mqAll, cidAll);
    QVERIFY2(r.ok(), qPrintable(r.error));
    QCOMPARE(TestSupport::brief(r.queues), expected);
    const GroupAllocateResult all = s->allocateAll(QStringLiteral("group"), mqAll, cidAll);
    QVERIFY2(all.ok(), qPrintable(all.error));
    QCOMPARE(TestSupport::brief(all.perConsumer.at(cidAll.indexOf(consumer))), expected);
}

void tst_AvgByCircleStrategy::moreConsumersThanQueues()
{
    auto s = make();
    QVERIFY(s);
    const MessageQueueList mqAll
        = TestSupport::makeQueues(QStringLiteral("T"), { { QStringLiteral("b"), 2 } });
    const QStringList cidAll { QStringLiteral("c0"), QStringLiteral("c1"), QStringLiteral("c2"),
        QStringLiteral("c3") };
    const GroupAllocateResult all = s->allocateAll(QStringLiteral("group"), mqAll, cidAll);
    QVERIFY2(all.ok(), qPrintable(all.error));
    QCOMPARE(all.perConsumer.size(), 4);
    QCOMPARE(TestSupport::brief(all.perConsumer.at(0)), QStringLiteral("b:0"));
    QCOMPARE(TestSupport::brief(all.perConsumer.at(1)), QStringLiteral("b:1"));
    QVERIFY(all.perConsumer.at(2).isEmpty());
    QVERIFY(all.perConsumer.at(3).isEmpty());
}

void tst_AvgByCircleStrategy::duplicatedIdTakesFirstSlot()
{
    // indexOf: both holders of "c1" consume slot 0's queues; slot 1's queues go to nobody.
    auto s = make();
    QVERIFY(s);
    const MessageQueueList mqAll
        = TestSupport::makeQueues(QStringLiteral("T"), { { QStringLiteral("b"), 7 } });
    const QStringList cidAll { QStringLiteral("c1"), QStringLiteral("c1"), QStringLiteral("c2") };
    const GroupAllocateResult all = s->allocateAll(QStringLiteral("group"), mqAll, cidAll);
    QVERIFY2(all.ok(), qPrintable(all.error));
    QCOMPARE(TestSupport::brief(all.perConsumer.at(0)), QStringLiteral("b:0,b:3,b:6"));
    QCOMPARE(TestSupport::brief(all.perConsumer.at(1)), QStringLiteral("b:0,b:3,b:6"));
    QCOMPARE(TestSupport::brief(all.perConsumer.at(2)), QStringLiteral("b:2,b:5"));
    const AllocateResult second
        = s->allocate(QStringLiteral("group"), QStringLiteral("c1"), mqAll, cidAll);
    QCOMPARE(TestSupport::brief(second.queues), QStringLiteral("b:0,b:3,b:6"));
}

QTEST_GUILESS_MAIN(tst_AvgByCircleStrategy)
#include "tst_avgbycirclestrategy.moc"
