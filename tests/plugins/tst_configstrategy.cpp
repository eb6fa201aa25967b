// SPDX-License-Identifier: Apache-2.0
// CONFIG (AllocateMessageQueueByConfig): RocketMQ's AllocateMessageQueueByConfigTest, and the
// class's lack of any check.
#include "strategytestsupport.h"

#include <QTest>
#include <QVariantList>
#include <QVariantMap>

using namespace Rblab;

namespace {

QVariantMap queueParam(const QString &broker, int id, const QString &topic = QString())
{
    QVariantMap q { { QStringLiteral("brokerName"), broker }, { QStringLiteral("queueId"), id } };
    if (!topic.isEmpty()) {
        q.insert(QStringLiteral("topic"), topic);
    }
    return q;
}

} // namespace

class tst_ConfigStrategy : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void rocketMqTwoConsumersGetAllConfigured();
    void noChecks_data();
    void noChecks();
    void absentListGivesNothing();
    void listIsReturnedAsIs();
    void topicFromCaseUnlessGiven();
    void invalidQueueParameter_data();
    void invalidQueueParameter();

private:
    StrategyRegistry m_registry;
    const QVariantList m_fourQueues { queueParam(QStringLiteral("testBroker"), 0),
        queueParam(QStringLiteral("testBroker"), 1), queueParam(QStringLiteral("testBroker"), 2),
        queueParam(QStringLiteral("testBroker"), 3) };
};

void tst_ConfigStrategy::initTestCase()
{
    const QString problem = TestSupport::loadBuiltinRegistry(m_registry);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

void tst_ConfigStrategy::rocketMqTwoConsumersGetAllConfigured()
{
    StrategyCreation c = m_registry.create(QStringLiteral("CONFIG"),
        { { QStringLiteral("queues"), m_fourQueues } }, QStringLiteral("testTopic"));
    QVERIFY2(c.ok(), qPrintable(c.error));
    QCOMPARE(c.strategy->name(), QStringLiteral("CONFIG"));
    const MessageQueueList mqAll = TestSupport::makeQueues(
        QStringLiteral("testTopic"), { { QStringLiteral("testBroker"), 4 } });
    const QStringList cidAll { QStringLiteral("consumer-1"), QStringLiteral("consumer-2") };
    for (const QString &cid : cidAll) {
        const AllocateResult r = c.strategy->allocate(QStringLiteral("group"), cid, mqAll, cidAll);
        QVERIFY2(r.ok(), qPrintable(r.error));
        QCOMPARE(r.queues.size(), 4);
        QCOMPARE(TestSupport::toSet(r.queues), TestSupport::toSet(mqAll));
    }
    const GroupAllocateResult all = c.strategy->allocateAll(QStringLiteral("group"), mqAll, cidAll);
    QVERIFY2(all.ok(), qPrintable(all.error));
    QCOMPARE(all.perConsumer.size(), 2);
    QCOMPARE(all.perConsumer.at(0), mqAll);
    QCOMPARE(all.perConsumer.at(1), mqAll);
}

void tst_ConfigStrategy::noChecks_data()
{
    QTest::addColumn<QString>("currentCid");
    QTest::addColumn<bool>("withQueues");
    QTest::addColumn<QStringList>("cidAll");
    const QStringList two { QStringLiteral("c1"), QStringLiteral("c2") };
    // Every input that the abstract base's check() would reject or answer with nothing.
    QTest::newRow("empty current id") << QString() << true << two;
    QTest::newRow("empty queue list") << QStringLiteral("c1") << false << two;
    QTest::newRow("empty consumer list") << QStringLiteral("c1") << true << QStringList();
    QTest::newRow("current id not a member") << QStringLiteral("stranger") << true << two;
    QTest::newRow("everything empty") << QString() << false << QStringList();
}

void tst_ConfigStrategy::noChecks()
{
    QFETCH(QString, currentCid);
    QFETCH(bool, withQueues);
    QFETCH(QStringList, cidAll);
    StrategyCreation c = m_registry.create(QStringLiteral("CONFIG"),
        { { QStringLiteral("queues"), m_fourQueues } }, QStringLiteral("testTopic"));
    QVERIFY2(c.ok(), qPrintable(c.error));
    const MessageQueueList mqAll = withQueues ? TestSupport::makeQueues(QStringLiteral("testTopic"),
                                       { { QStringLiteral("testBroker"), 2 } })
                                              : MessageQueueList();
    const AllocateResult r
        = c.strategy->allocate(QStringLiteral("group"), currentCid, mqAll, cidAll);
    QVERIFY2(r.ok(), qPrintable(r.error));
    QCOMPARE(TestSupport::brief(r.queues),
        QStringLiteral("testBroker:0,testBroker:1,testBroker:2,testBroker:3"));
    const GroupAllocateResult all = c.strategy->allocateAll(QStringLiteral("group"), mqAll, cidAll);
    QVERIFY2(all.ok(), qPrintable(all.error));
    QCOMPARE(all.perConsumer.size(), cidAll.size());
}

void tst_ConfigStrategy::absentListGivesNothing()
{
    // No "queues": Java's null messageQueueList, so every member drops all its queues.
    StrategyCreation c = m_registry.create(QStringLiteral("CONFIG"), {}, QStringLiteral("T"));
    QVERIFY2(c.ok(), qPrintable(c.error));
    const MessageQueueList mqAll
        = TestSupport::makeQueues(QStringLiteral("T"), { { QStringLiteral("b"), 3 } });
    const QStringList cidAll { QStringLiteral("c1"), QStringLiteral("c2") };
    const AllocateResult r
        = c.strategy->allocate(QStringLiteral("group"), QStringLiteral("c1"), mqAll, cidAll);
    QVERIFY2(r.ok(), qPrintable(r.error));
    QVERIFY(r.queues.isEmpty());
    const GroupAllocateResult all = c.strategy->allocateAll(QStringLiteral("group"), mqAll, cidAll);
    QVERIFY2(all.ok(), qPrintable(all.error));
    QCOMPARE(all.perConsumer.size(), 2);
    QVERIFY(all.perConsumer.at(0).isEmpty() && all.perConsumer.at(1).isEmpty());
    // An empty configured list is not null, and answers the same way.
    StrategyCreation empty = m_registry.create(
        QStringLiteral("CONFIG"), { { QStringLiteral("queues"), QVariantList() } });
    QVERIFY2(empty.ok(), qPrintable(empty.error));
    QVERIFY(empty.strategy->allocate(QStringLiteral("g"), QStringLiteral("c1"), mqAll, cidAll)
                .queues.isEmpty());
}

void tst_ConfigStrategy::listIsReturnedAsIs()
{
    // Configured order kept, queues outside mqAll included, a repeated entry kept.
    const QVariantList configured { queueParam(QStringLiteral("z"), 7),
        queueParam(QStringLiteral("a"), 1), queueParam(QStringLiteral("elsewhere"), 3),
        queueParam(QStringLiteral("z"), 7) };
    StrategyCreation c = m_registry.create(QStringLiteral("CONFIG"),
        { { QStringLiteral("queues"), configured } }, QStringLiteral("T"));
    QVERIFY2(c.ok(), qPrintable(c.error));
    const MessageQueueList mqAll
        = TestSupport::makeQueues(QStringLiteral("T"), { { QStringLiteral("a"), 2 } });
    const AllocateResult r = c.strategy->allocate(
        QStringLiteral("group"), QStringLiteral("c1"), mqAll, { QStringLiteral("c1") });
    QVERIFY2(r.ok(), qPrintable(r.error));
    QCOMPARE(TestSupport::brief(r.queues), QStringLiteral("z:7,a:1,elsewhere:3,z:7"));
}

void tst_ConfigStrategy::topicFromCaseUnlessGiven()
{
    const QVariantList configured { queueParam(QStringLiteral("b"), 0),
        queueParam(QStringLiteral("b"), 1, QStringLiteral("%RETRY%group")) };
    StrategyCreation c = m_registry.create(QStringLiteral("CONFIG"),
        { { QStringLiteral("queues"), configured } }, QStringLiteral("orders"));
    QVERIFY2(c.ok(), qPrintable(c.error));
    const AllocateResult r = c.strategy->allocate(QString(), QString(), {}, {});
    QCOMPARE(r.queues.size(), 2);
    QCOMPARE(r.queues.at(0), (MessageQueue { QStringLiteral("orders"), QStringLiteral("b"), 0 }));
    QCOMPARE(
        r.queues.at(1), (MessageQueue { QStringLiteral("%RETRY%group"), QStringLiteral("b"), 1 }));
}

void tst_ConfigStrategy::invalidQueueParameter_data()
{
    QTest::addColumn<QVariant>("queues");
    QTest::newRow("not a list") << QVariant(QStringLiteral("b:0"));
    QTest::newRow("entry not an object") << QVariant(QVariantList { 42 });
    QTest::newRow("negative queueId")
        << QVariant(QVariantList { queueParam(QStringLiteral("b"), -1) });
    QTest::newRow("empty broker") << QVariant(QVariantList { queueParam(QString(), 0) });
    QTest::newRow("queueId a string") << QVariant(
        QVariantList { QVariantMap { { QStringLiteral("brokerName"), QStringLiteral("b") },
            { QStringLiteral("queueId"), QStringLiteral("0") } } });
}

void tst_ConfigStrategy::invalidQueueParameter()
{
    QFETCH(QVariant, queues);
    StrategyCreation c = m_registry.create(
        QStringLiteral("CONFIG"), { { QStringLiteral("queues"), queues } }, QStringLiteral("T"));
    QVERIFY(!c.ok());
    QCOMPARE(c.parameter, QStringLiteral("queues"));
    QVERIFY2(c.error.contains(QStringLiteral("queues")), qPrintable(c.error));
}

QTEST_GUILESS_MAIN(tst_ConfigStrategy)
#include "tst_configstrategy.moc"
