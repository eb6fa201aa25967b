// SPDX-License-Identifier: Apache-2.0
// import-logs on the client logs of a real RocketMQ 4.9.8 run (issue 35 finding 3): run1's four
// consumers (tests/data/importlogs/real-run1, ../shared/data/real-runs/run1 less its DEBUG
// lines, stack traces and heartbeat dumps) ran on one machine with one clock.
#include <import/logimporter.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace Rblab;

namespace {

const QString kRun1 = QStringLiteral(RBLAB_TEST_DATA_DIR "/importlogs/real-run1/");

QJsonObject importRun1()
{
    LogImporter importer({});
    for (const char *client : { "c1", "c2", "c3", "c4" }) {
        const QString path = kRun1 + QLatin1String(client) + QStringLiteral("/rocketmq_client.log");
        if (!importer.addFile(path)) {
            qWarning().noquote() << path << importer.error();
            return {};
        }
    }
    importer.finish();
    return QJsonDocument::fromJson(importer.reportJson()).object();
}

QList<int> ids(const QJsonValue &queues)
{
    QList<int> result;
    for (const QJsonValue &q : queues.toArray()) {
        result.append(q.toObject().value(QStringLiteral("queueId")).toInt());
    }
    std::sort(result.begin(), result.end());
    return result;
}

} // namespace

class tst_RealRunLogs : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void oneMachineOneClock();
    void rebalancesSayWhatMoved();

private:
    QJsonObject m_report;
};

void tst_RealRunLogs::initTestCase()
{
    m_report = importRun1();
    QVERIFY(!m_report.isEmpty());
}

void tst_RealRunLogs::oneMachineOneClock()
{
    // Every skew within 50 ms of 0. c4 started after c1 (the reference) died, so it shares no
    // notification with it: paired with c1's early notes it was given +236,265 ms.
    const QJsonArray clocks = m_report.value(QStringLiteral("observed"))
                                  .toObject()
                                  .value(QStringLiteral("clocks"))
                                  .toArray();
    QCOMPARE(clocks.size(), qsizetype(4));
    for (const QJsonValue &v : clocks) {
        const QJsonObject clock = v.toObject();
        const qint64 skew = clock.value(QStringLiteral("skewMs")).toInteger();
        QVERIFY2(qAbs(skew) <= 50,
            qPrintable(QStringLiteral("%1: %2 ms")
                           .arg(clock.value(QStringLiteral("host")).toString())
                           .arg(skew)));
        if (!clock.value(QStringLiteral("reference")).toBool()) {
            QVERIFY(clock.value(QStringLiteral("matchedNotifications")).toInt() >= 2);
        }
    }
}

void tst_RealRunLogs::rebalancesSayWhatMoved()
{
    // RebalanceImpl logs its "add a new mq" and "remove unnecessary mq" lines before the result
    // line: the result's added and removed lists are against the previous result, not against
    // the claims those lines already made (they came out empty). Expected: analysis.md's
    // allocation table of run1 (each client's process queues, polled every 100 ms).
    struct Expected
    {
        QString consumer;
        QList<int> added;
        QList<int> removed;
    };
    const QList<Expected> expected = {
        { QStringLiteral("127.0.0.1@c1"), { 0, 1, 2, 3, 4, 5, 6, 7 }, {} },
        { QStringLiteral("127.0.0.1@c1"), {}, { 4, 5, 6, 7 } },
        { QStringLiteral("127.0.0.1@c2"), { 4, 5, 6, 7 }, {} },
        { QStringLiteral("127.0.0.1@c1"), {}, { 3 } },
        { QStringLiteral("127.0.0.1@c2"), { 3 }, { 6, 7 } },
        { QStringLiteral("127.0.0.1@c3"), { 6, 7 }, {} },
        // kill -9 c1 at 60 s: c3 takes 4 and 5, c2 takes c1's 0, 1, 2 and gives 4 and 5 up.
        { QStringLiteral("127.0.0.1@c3"), { 4, 5 }, {} },
        { QStringLiteral("127.0.0.1@c2"), { 0, 1, 2 }, { 4, 5 } },
        // c4 joins at 240 s (c2's result line at 47,412 and c3's at 47,418 by the one clock).
        { QStringLiteral("127.0.0.1@c2"), {}, { 3 } },
        { QStringLiteral("127.0.0.1@c3"), { 3 }, { 6, 7 } },
        { QStringLiteral("127.0.0.1@c4"), { 6, 7 }, {} },
    };
    QList<Expected> seen;
    for (const QJsonValue &v : m_report.value(QStringLiteral("events")).toArray()) {
        const QJsonObject e = v.toObject();
        if (e.value(QStringLiteral("type")).toString() != QLatin1String("rebalance")
            || e.value(QStringLiteral("topic")).toString() != QLatin1String("ChurnTopic")) {
            continue;
        }
        seen.append({ e.value(QStringLiteral("consumer")).toString(),
            ids(e.value(QStringLiteral("added"))), ids(e.value(QStringLiteral("removed"))) });
    }
    QVERIFY(seen.size() >= expected.size());
    for (qsizetype i = 0; i < expected.size(); ++i) {
        QCOMPARE(seen[i].consumer, expected[i].consumer);
        QCOMPARE(seen[i].added, expected[i].added);
        QCOMPARE(seen[i].removed, expected[i].removed);
    }
    // And none says nothing: each result line was logged because the allocation changed.
    for (const Expected &e : seen) {
        QVERIFY2(!e.added.isEmpty() || !e.removed.isEmpty(), qPrintable(e.consumer));
    }
}

QTEST_GUILESS_MAIN(tst_RealRunLogs)
#include "tst_realrunlogs.moc"
