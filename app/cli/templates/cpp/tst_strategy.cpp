// The strategy's numbers, then RocketMQ's rules: `rblab check-strategy` on the built plugin.
#include "@target@strategy.h"

#include <QProcess>
#include <QTest>

class TstTemplateClass : public QObject
{
    Q_OBJECT

private slots:
    void shares_data();
    void shares();
    void passesTheChecker();
};

static Rblab::MessageQueueList queues(int count)
{
    Rblab::MessageQueueList list;
    for (int i = 0; i < count; ++i) {
        list.append({ QStringLiteral("T"), QStringLiteral("broker-a"), i });
    }
    return list;
}

void TstTemplateClass::shares_data()
{
    QTest::addColumn<int>("queueCount");
    QTest::addColumn<int>("offset");
    QTest::addColumn<QList<int>>("sizes"); // per consumer c0, c1, c2
    QTest::addColumn<int>("firstQueueOfC0");
    QTest::newRow("8 queues, offset 0") << 8 << 0 << QList<int> { 3, 3, 2 } << 0;
    QTest::newRow("8 queues, offset 1") << 8 << 1 << QList<int> { 2, 3, 3 } << 6;
    QTest::newRow("2 queues, offset 0") << 2 << 0 << QList<int> { 1, 1, 0 } << 0;
}

void TstTemplateClass::shares()
{
    QFETCH(int, queueCount);
    QFETCH(int, offset);
    QFETCH(QList<int>, sizes);
    QFETCH(int, firstQueueOfC0);
    const QStringList cids { QStringLiteral("c0"), QStringLiteral("c1"), QStringLiteral("c2") };
    TemplateClassStrategy strategy(offset);
    QList<int> taken(queueCount, 0);
    for (qsizetype i = 0; i < cids.size(); ++i) {
        const auto result
            = strategy.allocate(QStringLiteral("G"), cids[i], queues(queueCount), cids);
        QVERIFY2(result.ok(), qPrintable(result.error));
        QCOMPARE(result.queues.size(), sizes[i]);
        if (i == 0 && !result.queues.isEmpty()) {
            QCOMPARE(result.queues.first().queueId, firstQueueOfC0);
        }
        for (const auto &mq : result.queues) {
            ++taken[mq.queueId];
        }
    }
    QCOMPARE(taken, QList<int>(queueCount, 1)); // every queue to exactly one consumer
}

void TstTemplateClass::passesTheChecker()
{
    QProcess rblab;
    rblab.start(QStringLiteral(RBLAB_EXECUTABLE),
        { QStringLiteral("check-strategy"), QStringLiteral(PLUGIN_FILE) });
    QVERIFY2(rblab.waitForFinished(60000), "rblab check-strategy did not finish in 60 s");
    QVERIFY2(rblab.exitStatus() == QProcess::NormalExit && rblab.exitCode() == 0,
        rblab.readAllStandardOutput() + rblab.readAllStandardError());
}

QTEST_GUILESS_MAIN(TstTemplateClass)
#include "tst_@target@.moc"
