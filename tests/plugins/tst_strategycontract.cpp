// SPDX-License-Identifier: Apache-2.0
// What every RocketMQ strategy shares: AbstractAllocateMessageQueueStrategy.check (CONFIG
// excepted), and allocateAll answering exactly what each member's allocate call would.
#include "strategytestsupport.h"

#include <QRandomGenerator>
#include <QTest>

using namespace Rblab;

namespace {

struct Config
{
    QString name;
    QVariantMap params;
};

// Each strategy with parameters that make its answers non-trivial on the generated names.
QList<Config> checkedStrategies()
{
    return {
        { QStringLiteral("AVG"), {} },
        { QStringLiteral("AVG_BY_CIRCLE"), {} },
        { QStringLiteral("CONSISTENT_HASH"), {} },
        { QStringLiteral("CONSISTENT_HASH"), { { QStringLiteral("virtualNodeCount"), 2 } } },
        { QStringLiteral("MACHINE_ROOM"),
            { { QStringLiteral("consumerIdcs"),
                QStringList { QStringLiteral("rz1"), QStringLiteral("rz2") } } } },
        { QStringLiteral("MACHINE_ROOM_NEARBY"), {} },
        { QStringLiteral("MACHINE_ROOM_NEARBY"),
            { { QStringLiteral("inner"), QStringLiteral("AVG_BY_CIRCLE") } } },
        { QStringLiteral("MACHINE_ROOM_NEARBY"),
            { { QStringLiteral("inner"), QStringLiteral("CONSISTENT_HASH") },
                { QStringLiteral("virtualNodeCount"), 3 } } },
    };
}

} // namespace

class tst_StrategyContract : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void abstractBaseCheck_data();
    void abstractBaseCheck();
    void groupEqualsMembers_data();
    void groupEqualsMembers();
    void emptyGroup_data();
    void emptyGroup();

private:
    StrategyRegistry m_registry;
};

void tst_StrategyContract::initTestCase()
{
    const QString problem = TestSupport::loadBuiltinRegistry(m_registry);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

void tst_StrategyContract::abstractBaseCheck_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<QVariantMap>("params");
    QTest::addColumn<QString>("currentCid");
    QTest::addColumn<bool>("withQueues");
    QTest::addColumn<QStringList>("cidAll");
    QTest::addColumn<QString>("error"); // null: an empty answer without error
    const QStringList members { QStringLiteral("rz1-c1"), QStringLiteral("rz2-c2") };
    for (const Config &c : checkedStrategies()) {
        const QByteArray tag = c.name.toUtf8() + (c.params.isEmpty() ? "" : " with params");
        QTest::addRow("%s: empty current id", tag.constData())
            << c.name << c.params << QString() << true << members
            << "IllegalArgumentException: currentCID is empty";
        QTest::addRow("%s: empty queue list", tag.constData())
            << c.name << c.params << QStringLiteral("rz1-c1") << false << members
            << "IllegalArgumentException: mqAll is null or mqAll empty";
        QTest::addRow("%s: empty consumer list", tag.constData())
            << c.name << c.params << QStringLiteral("rz1-c1") << true << QStringList()
            << "IllegalArgumentException: cidAll is null or cidAll empty";
        QTest::addRow("%s: current id checked first", tag.constData())
            << c.name << c.params << QString() << false << QStringList()
            << "IllegalArgumentException: currentCID is empty";
        QTest::addRow("%s: current id not a member", tag.constData())
            << c.name << c.params << QStringLiteral("rz1-stranger") << true << members << QString();
    }
}

void tst_StrategyContract::abstractBaseCheck()
{
    QFETCH(QString, strategy);
    QFETCH(QVariantMap, params);
    QFETCH(QString, currentCid);
    QFETCH(bool, withQueues);
    QFETCH(QStringList, cidAll);
    QFETCH(QString, error);
    StrategyCreation c = m_registry.create(strategy, params, QStringLiteral("T"));
    QVERIFY2(c.ok(), qPrintable(c.error));
    const MessageQueueList mqAll = withQueues
        ? TestSupport::makeQueues(QStringLiteral("T"),
            { { QStringLiteral("rz1@rz1-b"), 3 }, { QStringLiteral("rz2@rz2-b"), 3 } })
        : MessageQueueList();
    const AllocateResult r
        = guardedAllocate(*c.strategy, QStringLiteral("group"), currentCid, mqAll, cidAll);
    if (error.isNull()) {
        QVERIFY2(r.ok(), qPrintable(r.error));
        QVERIFY2(r.queues.isEmpty(), qPrintable(TestSupport::brief(r.queues)));
    } else {
        QCOMPARE(r.error, error);
    }
}

void tst_StrategyContract::groupEqualsMembers_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<QVariantMap>("params");
    for (const Config &c : checkedStrategies()) {
        QTest::addRow("%s %s", qPrintable(c.name),
            qPrintable(QStringList(c.params.keys()).join(QLatin1Char(','))))
            << c.name << c.params;
    }
    QTest::newRow("CONFIG") << QStringLiteral("CONFIG")
                            << QVariantMap { { QStringLiteral("queues"),
                                   QVariantList { QVariantMap {
                                       { QStringLiteral("brokerName"), QStringLiteral("b") },
                                       { QStringLiteral("queueId"), 1 } } } } };
}

void tst_StrategyContract::groupEqualsMembers()
{
    // allocateAll is an optimisation, never a different answer: per member, in order, and
    // with the first member's error, for random groups with repeated ids, more members than
    // queues and empty rooms.
    QFETCH(QString, strategy);
    QFETCH(QVariantMap, params);
    QRandomGenerator random(qHash(strategy) ^ 0x5eed);
    for (int round = 0; round < 60; ++round) {
        QList<std::pair<QString, int>> layout;
        const int brokers = random.bounded(4);
        for (int b = 0; b < brokers; ++b) {
            const QString room = QStringLiteral("rz%1").arg(random.bounded(4));
            layout.append(
                { room + QLatin1Char('@') + room + QStringLiteral("-broker-") + QChar(u'a' + b),
                    random.bounded(15) + 1 });
        }
        const MessageQueueList mqAll = TestSupport::makeQueues(QStringLiteral("T"), layout);
        QStringList cidAll;
        const int members = random.bounded(9);
        for (int i = 0; i < members; ++i) {
            cidAll.append(QStringLiteral("rz%1-c%2").arg(random.bounded(4)).arg(random.bounded(6)));
        }
        cidAll = TestSupport::sorted(cidAll);
        StrategyCreation forEach = m_registry.create(strategy, params, QStringLiteral("T"));
        StrategyCreation forAll = m_registry.create(strategy, params, QStringLiteral("T"));
        QVERIFY2(forEach.ok() && forAll.ok(), qPrintable(forEach.error + forAll.error));
        const GroupAllocateResult each
            = TestSupport::allocateEach(*forEach.strategy, mqAll, cidAll);
        const GroupAllocateResult all
            = guardedAllocateAll(*forAll.strategy, QStringLiteral("group"), mqAll, cidAll);
        const QString where = QStringLiteral("round %1, queues [%2], members [%3]")
                                  .arg(round)
                                  .arg(TestSupport::brief(mqAll), cidAll.join(QLatin1Char(' ')));
        QVERIFY2(all.error == each.error,
            qPrintable(QStringLiteral("%1: allocateAll \"%2\", members \"%3\"")
                           .arg(where, all.error, each.error)));
        if (!each.ok()) {
            continue;
        }
        QCOMPARE(all.perConsumer.size(), cidAll.size());
        for (qsizetype i = 0; i < cidAll.size(); ++i) {
            QVERIFY2(all.perConsumer.at(i) == each.perConsumer.at(i),
                qPrintable(QStringLiteral("%1, %2: allocateAll [%3], allocate [%4]")
                               .arg(where, cidAll.at(i), TestSupport::brief(all.perConsumer.at(i)),
                                   TestSupport::brief(each.perConsumer.at(i)))));
        }
    }
}

void tst_StrategyContract::emptyGroup_data()
{
    groupEqualsMembers_data();
}

void tst_StrategyContract::emptyGroup()
{
    // Nobody asks, so nothing is computed and nothing fails, whatever the queues.
    QFETCH(QString, strategy);
    QFETCH(QVariantMap, params);
    StrategyCreation c = m_registry.create(strategy, params, QStringLiteral("T"));
    QVERIFY2(c.ok(), qPrintable(c.error));
    for (const MessageQueueList &mqAll : { MessageQueueList(),
             TestSupport::makeQueues(QStringLiteral("T"), { { QStringLiteral("b"), 3 } }) }) {
        const GroupAllocateResult all
            = guardedAllocateAll(*c.strategy, QStringLiteral("group"), mqAll, {});
        QVERIFY2(all.ok(), qPrintable(all.error));
        QVERIFY(all.perConsumer.isEmpty());
    }
}

QTEST_GUILESS_MAIN(tst_StrategyContract)
#include "tst_strategycontract.moc"
