// SPDX-License-Identifier: Apache-2.0
// AVG (AllocateMessageQueueAveragely): RocketMQ's AllocateMessageQueueAveragelyTest and the
// vectors of the consumer spec (§1.3, §1.5).
#include "strategytestsupport.h"

#include <QTest>

using namespace Rblab;

class tst_AvgStrategy : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void sizes_data();
    void sizes();
    void specTable_data();
    void specTable();
    void duplicatedIdTakesFirstSlot();

private:
    std::unique_ptr<AllocationStrategy> make();
    StrategyRegistry m_registry;
};

void tst_AvgStrategy::initTestCase()
{
    const QString problem = TestSupport::loadBuiltinRegistry(m_registry);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

std::unique_ptr<AllocationStrategy> tst_AvgStrategy::make()
{
    StrategyCreation c = m_registry.create(QStringLiteral("AVG"), {});
    return std::move(c.strategy);
}

void tst_AvgStrategy::sizes_data()
{
    QTest::addColumn<int>("queues");
    QTest::addColumn<int>("consumers");
    QTest::addColumn<QList<int>>("sizes");
    // AllocateMessageQueueAveragelyTest: 10 queues, 4 consumers CID_PREFIX0..3.
    QTest::newRow("RocketMQ test 10/4") << 10 << 4 << QList<int> { 3, 3, 2, 2 };
    // The spec's vectors: with more consumers than queues the last ones get nothing.
    QTest::newRow("3/5") << 3 << 5 << QList<int> { 1, 1, 1, 0, 0 };
    QTest::newRow("8/3") << 8 << 3 << QList<int> { 3, 3, 2 };
    QTest::newRow("12/4 even") << 12 << 4 << QList<int> { 3, 3, 3, 3 };
    QTest::newRow("1/1") << 1 << 1 << QList<int> { 1 };
}

void tst_AvgStrategy::sizes()
{
    QFETCH(int, queues);
    QFETCH(int, consumers);
    QFETCH(QList<int>, sizes);
    auto avg = make();
    QVERIFY(avg);
    const MessageQueueList mqAll = TestSupport::makeQueues(
        QStringLiteral("TopicTest"), { { QStringLiteral("brokerName"), queues } });
    QStringList cidAll;
    for (int i = 0; i < consumers; ++i) {
        cidAll.append(QStringLiteral("CID_PREFIX%1").arg(i));
    }
    MessageQueueList concatenated;
    for (int i = 0; i < consumers; ++i) {
        const AllocateResult r
            = avg->allocate(QStringLiteral("group"), cidAll.at(i), mqAll, cidAll);
        QVERIFY2(r.ok(), qPrintable(r.error));
        QVERIFY2(r.queues.size() == sizes.at(i),
            qPrintable(QStringLiteral("%1 got %2 queues, expected %3")
                           .arg(cidAll.at(i))
                           .arg(r.queues.size())
                           .arg(sizes.at(i))));
        concatenated += r.queues;
    }
    // Contiguous blocks in consumer order: concatenated, they are mqAll itself.
    QCOMPARE(TestSupport::brief(concatenated), TestSupport::brief(mqAll));
}

void tst_AvgStrategy::specTable_data()
{
    QTest::addColumn<QString>("consumer");
    QTest::addColumn<QString>("expected");
    // §1.5's table; sorted, 10.0.0.10@3#3 comes first ('0' < '@').
    QTest::newRow("10.0.0.10@3#3") << "10.0.0.10@3#3"
                                   << "broker-a:0,broker-a:1,broker-a:2";
    QTest::newRow("10.0.0.1@1#1") << "10.0.0.1@1#1"
                                  << "broker-a:3,broker-b:0,broker-b:1";
    QTest::newRow("10.0.0.2@2#2") << "10.0.0.2@2#2"
                                  << "broker-b:2,broker-b:3";
}

void tst_AvgStrategy::specTable()
{
    QFETCH(QString, consumer);
    QFETCH(QString, expected);
    auto avg = make();
    QVERIFY(avg);
    const MessageQueueList mqAll = TestSupport::makeQueues(QStringLiteral("T"),
        { { QStringLiteral("broker-a"), 4 }, { QStringLiteral("broker-b"), 4 } });
    const QStringList cidAll = TestSupport::sorted({ QStringLiteral("10.0.0.1@1#1"),
        QStringLiteral("10.0.0.2@2#2"), QStringLiteral("10.0.0.10@3#3") });
    const AllocateResult r = avg->allocate(QStringLiteral("group"), consumer, mqAll, cidAll);
    QVERIFY2(r.ok(), qPrintable(r.error));
    QCOMPARE(TestSupport::brief(r.queues), expected);
    const GroupAllocateResult all = avg->allocateAll(QStringLiteral("group"), mqAll, cidAll);
    QVERIFY2(all.ok(), qPrintable(all.error));
    QCOMPARE(TestSupport::brief(all.perConsumer.at(cidAll.indexOf(consumer))), expected);
}

void tst_AvgStrategy::duplicatedIdTakesFirstSlot()
{
    // Two clients sharing one id (RocketMQ issue #1547): indexOf finds the first slot for both,
    // so both consume slot 0's block and the second slot's block is consumed by nobody.
    auto avg = make();
    QVERIFY(avg);
    const MessageQueueList mqAll
        = TestSupport::makeQueues(QStringLiteral("T"), { { QStringLiteral("b"), 6 } });
    const QStringList cidAll { QStringLiteral("c1"), QStringLiteral("c1"), QStringLiteral("c2") };
    const GroupAllocateResult all = avg->allocateAll(QStringLiteral("group"), mqAll, cidAll);
    QVERIFY2(all.ok(), qPrintable(all.error));
    QCOMPARE(TestSupport::brief(all.perConsumer.at(0)), QStringLiteral("b:0,b:1"));
    QCOMPARE(TestSupport::brief(all.perConsumer.at(1)), QStringLiteral("b:0,b:1"));
    QCOMPARE(TestSupport::brief(all.perConsumer.at(2)), QStringLiteral("b:4,b:5"));
}

QTEST_GUILESS_MAIN(tst_AvgStrategy)
#include "tst_avgstrategy.moc"
