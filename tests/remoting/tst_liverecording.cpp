// SPDX-License-Identifier: Apache-2.0
// Recordings of a live group (issue 36, `rblab watch --record`): a poll encoded and read back is
// the snapshot GroupWatcher assembled, for the groups captured from real 4.9.8 and 5.3.3
// brokers; a recording replayed gives the very events the live world gave; the report's figures
// are counted; a bad file names its line and member; saving never leaves half a file.
#include "capturedgroup.h"
#include "liverecording.h"
#include "liveworld.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace Rblab;
using namespace Rblab::Remoting;

namespace {

//! Everything of a snapshot that a recording keeps, as text, so that a difference reads.
QString dump(const GroupSnapshot &s)
{
    QStringList out;
    out << QStringLiteral("t=%1 online=%2 tps=%3").arg(s.takenAtMs).arg(s.online).arg(s.consumeTps)
        << QStringLiteral("problems=") + s.problems.join(u'|')
        << QStringLiteral("connection %1 %2 %3")
               .arg(s.connection.consumeType, s.connection.messageModel,
                   s.connection.consumeFromWhere);
    for (auto it = s.connection.subscriptions.cbegin(); it != s.connection.subscriptions.cend();
         ++it) {
        out << QStringLiteral("sub %1=%2").arg(it.key(), it.value());
    }
    for (const ClientView &c : s.clients) {
        out << QStringLiteral("client %1 %2 %3 v%4 answered=%5 timedOut=%6 error=%7")
                   .arg(c.clientId, c.clientAddr, c.language)
                   .arg(c.version)
                   .arg(c.answered)
                   .arg(c.timedOut)
                   .arg(c.error);
        for (const QString &p : recordedProperties()) {
            if (c.info.properties.contains(p)) {
                out << QStringLiteral("  %1=%2").arg(p, c.info.properties.value(p));
            }
        }
        for (auto it = c.info.subscriptions.cbegin(); it != c.info.subscriptions.cend(); ++it) {
            out << QStringLiteral("  sub %1=%2").arg(it.key(), it.value());
        }
        for (auto it = c.info.status.cbegin(); it != c.info.status.cend(); ++it) {
            out << QStringLiteral("  status %1 %2 %3 %4 %5 %6")
                       .arg(it.key())
                       .arg(it->pullRT)
                       .arg(it->pullTPS)
                       .arg(it->consumeRT)
                       .arg(it->consumeOKTPS)
                       .arg(it->consumeFailedTPS);
        }
        for (const ConsumerRunningInfo::ProcessQueue &q : c.info.processQueues) {
            out << QStringLiteral("  pq %1 %2 %3 %4 %5 %6 %7 %8 %9")
                       .arg(q.queue.label())
                       .arg(q.commitOffset)
                       .arg(q.cachedMsgMinOffset)
                       .arg(q.cachedMsgMaxOffset)
                       .arg(q.cachedMsgCount)
                       .arg(q.cachedMsgSizeInMiB)
                       .arg(q.locked)
                       .arg(q.dropped)
                       .arg(QStringLiteral("%1 %2 %3 %4")
                                .arg(q.tryUnlockTimes)
                                .arg(q.lastLockTimestamp)
                                .arg(q.lastPullTimestamp)
                                .arg(q.lastConsumeTimestamp));
        }
        for (const ConsumerRunningInfo::PopQueue &q : c.info.popQueues) {
            out << QStringLiteral("  pop %1 %2 %3 %4")
                       .arg(q.queue.label())
                       .arg(q.waitAckCount)
                       .arg(q.dropped)
                       .arg(q.lastPopTimestamp);
        }
    }
    for (const QueueView &q : s.queues) {
        out << QStringLiteral("queue %1 offsets=%2 %3 %4 lag=%5 last=%6 pull=%7 owners=%8 %9")
                    .arg(q.queue.label())
                    .arg(q.hasOffsets)
                    .arg(q.brokerOffset)
                    .arg(q.consumerOffset)
                    .arg(q.lag)
                    .arg(q.lastTimestamp)
                    .arg(q.pullOffset ? QString::number(*q.pullOffset) : QStringLiteral("-"))
                    .arg(q.owners.join(u'+'), QueueView::ownershipName(q.ownership))
                + (q.flowControl ? QStringLiteral(" flow: ") + q.flowControl->describe()
                                 : QString())
                + (q.processQueue ? QStringLiteral(" cached %1").arg(q.processQueue->cachedMsgCount)
                                  : QString());
    }
    for (const ViewCheck &v : s.views) {
        out << QStringLiteral("view %1 %2 %3/%4 missing=%5 extra=%6 streak=%7")
                   .arg(v.clientId, v.strategy)
                   .arg(v.held)
                   .arg(v.expected)
                   .arg(v.missing.join(u','), v.extra.join(u','))
                   .arg(v.staleStreak);
    }
    return out.join(u'\n');
}

//! A recording of `polls` as the app saves it, read back.
LiveRecording roundTrip(const QList<GroupSnapshot> &polls, QByteArray *report = nullptr)
{
    LiveRecorder recorder(polls.first().nameServer, polls.first().group, 2000);
    for (const GroupSnapshot &s : polls) {
        recorder.append(s);
    }
    const QByteArray bytes = recorder.toReport(true);
    if (report) {
        *report = bytes;
    }
    QString error;
    const std::optional<LiveRecording> rec
        = LiveRecording::read(bytes, QStringLiteral("rec.json"), &error);
    if (!rec) {
        qFatal("%s", qPrintable(error));
    }
    return *rec;
}

QString eventText(const SimEvent &e)
{
    QStringList added;
    for (qint32 q : e.added) {
        added << QString::number(q);
    }
    QStringList removed;
    for (qint32 q : e.removed) {
        removed << QString::number(q);
    }
    return QStringLiteral("%1 type=%2 consumer=%3 queue=%4 +%5 -%6 count=%7 group=%8 %9")
        .arg(e.t)
        .arg(int(e.type))
        .arg(e.consumer)
        .arg(e.queue)
        .arg(added.join(u','), removed.join(u','))
        .arg(e.count)
        .arg(e.group)
        .arg(e.detail);
}

/*!
    The captured 4.9.8 group over four polls, 2 s apart: as captured; c3 silent; c1 answering
    with c3's table (c3's queues double-owned, c1's orphaned); as captured again.
*/
QList<GroupSnapshot> churn()
{
    const QString v = QStringLiteral("4.9.8");
    GroupSnapshot s0 = Captured::capturedSnapshot(v);
    GroupSnapshot s1 = Captured::capturedSnapshot(v, { { QStringLiteral("127.0.0.1@c3"), {} } });
    const QByteArray c3 = Captured::response(v, QStringLiteral("14-")).body;
    GroupSnapshot s2 = Captured::capturedSnapshot(v, { { QStringLiteral("127.0.0.1@c1"), c3 } });
    GroupSnapshot s3 = Captured::capturedSnapshot(v);
    QList<GroupSnapshot> polls { s0, s1, s2, s3 };
    for (qsizetype i = 0; i < polls.size(); ++i) {
        polls[i].takenAtMs += 2000 * i;
    }
    return polls;
}

} // namespace

class tst_LiveRecording : public QObject
{
    Q_OBJECT

private slots:
    void aPollReadsBackAsAssembled_data();
    void aPollReadsBackAsAssembled();
    void aReplayGivesTheSameEvents();
    void theReportCountsWhatItSaw();
    void badFilesSayWhere_data();
    void badFilesSayWhere();
    void savingIsWholeOrNothing();
    void pollsAreKeptSmall();
};

void tst_LiveRecording::aPollReadsBackAsAssembled_data()
{
    QTest::addColumn<QString>("version");
    QTest::addColumn<QString>("silent");
    QTest::newRow("4.9.8") << QStringLiteral("4.9.8") << QString();
    QTest::newRow("4.9.8, c2 silent") << QStringLiteral("4.9.8") << QStringLiteral("127.0.0.1@c2");
    QTest::newRow("5.3.3 pull") << QStringLiteral("5.3.3/pull") << QString();
    QTest::newRow("5.3.3 POP") << QStringLiteral("5.3.3/pop") << QString();
}

void tst_LiveRecording::aPollReadsBackAsAssembled()
{
    QFETCH(QString, version);
    QFETCH(QString, silent);
    QMap<QString, QByteArray> overrides;
    if (!silent.isEmpty()) {
        overrides.insert(silent, {});
    }
    GroupSnapshot s = Captured::capturedSnapshot(version, overrides);
    s.problems = QStringList { QStringLiteral("broker-b (127.0.0.1:10921): timed out") };
    // A stale view, as checkViews() leaves one.
    ViewCheck stale;
    stale.clientId = QStringLiteral("127.0.0.1@c1");
    stale.strategy = QStringLiteral("AVG");
    stale.held = 3;
    stale.expected = 2;
    stale.extra = QStringList { QStringLiteral("TryTopic/broker-a/2") };
    stale.staleStreak = 1;
    s.views.append(stale);
    QVERIFY(!s.queues.isEmpty());
    QVERIFY(!s.clients.isEmpty());

    const LiveRecording rec = roundTrip({ s });
    QCOMPARE(rec.polls.size(), 1);
    QCOMPARE(rec.nameServer, s.nameServer);
    QCOMPARE(rec.group, s.group);
    QCOMPARE(rec.intervalMs, qint64(2000));
    QVERIFY(rec.finished);
    QCOMPARE(dump(rec.polls.first()), dump(s));
    // Encoding what was read back gives the same line: nothing drifts over a re-save.
    QCOMPARE(encodePoll(rec.polls.first()), encodePoll(s));
    // Only the properties the lab reads are kept (a captured client has some sixty).
    if (silent.isEmpty()) {
        const ClientView &c = rec.polls.first().clients.first();
        QVERIFY(s.clients.first().info.properties.size() > 30);
        QVERIFY(c.info.properties.size() <= recordedProperties().size());
        QVERIFY(c.info.properties.contains(QStringLiteral("pullThresholdForQueue")));
        QVERIFY(c.info.properties.contains(QStringLiteral("allocateMessageQueueStrategy")));
    }
}

void tst_LiveRecording::aReplayGivesTheSameEvents()
{
    const QList<GroupSnapshot> polls = churn();
    LiveWorld live(polls.first().nameServer, polls.first().group);
    for (const GroupSnapshot &s : polls) {
        live.append(s);
    }
    const LiveRecording rec = roundTrip(polls);
    QCOMPARE(rec.polls.size(), 4);
    LiveWorld replay(rec.nameServer, rec.group);
    for (const GroupSnapshot &s : rec.polls) {
        replay.append(s);
    }
    QStringList want;
    for (const SimEvent &e : live.events()) {
        want << eventText(e);
    }
    QStringList got;
    for (const SimEvent &e : replay.events()) {
        got << eventText(e);
    }
    QVERIFY(want.size() >= 4); // c3 silent, moves, double-owned, orphaned, back
    QCOMPARE(got, want);
    QCOMPARE(replay.catalog()->consumers.size(), live.catalog()->consumers.size());
    QCOMPARE(replay.catalog()->queues.size(), live.catalog()->queues.size());
    QCOMPARE(replay.duration(), live.duration());
    for (qsizetype i = 0; i < polls.size(); ++i) {
        const WorldSnapshot a = live.snapshotAt(live.pollTime(i));
        const WorldSnapshot b = replay.snapshotAt(replay.pollTime(i));
        QCOMPARE(b.totals.doubleOwnedQueues, a.totals.doubleOwnedQueues);
        QCOMPARE(b.totals.orphanedQueues, a.totals.orphanedQueues);
    }
}

void tst_LiveRecording::theReportCountsWhatItSaw()
{
    const QList<GroupSnapshot> polls = churn();
    QByteArray bytes;
    roundTrip(polls, &bytes);
    QJsonParseError parseError;
    const QJsonObject report = QJsonDocument::fromJson(bytes, &parseError).object();
    QVERIFY2(parseError.error == QJsonParseError::NoError, qPrintable(parseError.errorString()));
    QCOMPARE(report.value(QStringLiteral("format")).toString(),
        QStringLiteral("rebalance-lab/report@1"));
    QCOMPARE(report.value(QStringLiteral("profile")).toString(), QStringLiteral("4.9"));
    QCOMPARE(report.value(QStringLiteral("duration")).toInt(), 6000);
    const QJsonObject observed = report.value(QStringLiteral("observed")).toObject();
    QCOMPARE(observed.value(QStringLiteral("source")).toString(), QStringLiteral("rblab watch"));
    QCOMPARE(observed.value(QStringLiteral("polls")).toInt(), 4);
    QVERIFY(observed.value(QStringLiteral("finished")).toBool());
    // Poll 2 (4 s to 6 s): c1 answers with c3's table, so c3's queues are double-owned and c1's
    // own orphaned, for the 2 s until the next poll.
    const GroupSnapshot &doubled = polls.at(2);
    int doubleOwned = 0;
    int orphaned = 0;
    for (const QueueView &q : doubled.queues) {
        doubleOwned += q.ownership == QueueView::Ownership::DoubleOwned ? 1 : 0;
        orphaned += q.ownership == QueueView::Ownership::Orphaned ? 1 : 0;
    }
    QVERIFY(doubleOwned > 0);
    QVERIFY(orphaned > 0);
    QCOMPARE(
        observed.value(QStringLiteral("doubleOwnedQueueSeconds")).toDouble(), 2.0 * doubleOwned);
    QCOMPARE(observed.value(QStringLiteral("orphanedQueueSeconds")).toDouble(), 2.0 * orphaned);
    const QJsonArray events = report.value(QStringLiteral("events")).toArray();
    int moves = 0;
    for (const QJsonValue &e : events) {
        moves
            += e.toObject().value(QStringLiteral("type")).toString() == QLatin1String("queue-moved")
            ? 1
            : 0;
    }
    QVERIFY(moves > 0);
    QCOMPARE(observed.value(QStringLiteral("queueMoves")).toInt(), moves);
    QCOMPARE(report.value(QStringLiteral("polls")).toArray().size(), 4);
    const QJsonArray consumers = report.value(QStringLiteral("consumers")).toArray();
    QCOMPARE(consumers.size(), 3);
    QCOMPARE(consumers.at(0).toObject().value(QStringLiteral("state")).toString(),
        QStringLiteral("running"));
}

void tst_LiveRecording::badFilesSayWhere_data()
{
    QTest::addColumn<QByteArray>("from");
    QTest::addColumn<QByteArray>("to");
    QTest::addColumn<QString>("expected");
    QTest::newRow("a version that is not a number")
        << QByteArray("\"version\": 409") << QByteArray("\"version\": \"x\"")
        << QStringLiteral("rec.json:%1: polls[0].clients[0].version: expected an integer from 0 "
                          "to 100000, got \"x\"");
    QTest::newRow("a queue row cut short")
        << QByteArray("\"processQueues\": [[\"%RETRY%try_group\", \"broker-a\", 0, ")
        << QByteArray("\"processQueues\": [[\"%RETRY%try_group\", \"broker-a\", ")
        << QStringLiteral("rec.json:%1: polls[0].clients[0].processQueues[0]: expected [topic, "
                          "brokerName, queueId, commitOffset,");
    QTest::newRow("another report")
        << QByteArray("\"source\": \"rblab watch\"") << QByteArray("\"source\": \"rblab real-run\"")
        << QStringLiteral("rec.json:%1: observed.source: a report of \"rblab real-run\" is not a "
                          "recording of a live group");
    QTest::newRow("a negative time")
        << QByteArray("{\"t\": 1796544504000") << QByteArray("{\"t\": -5")
        << QStringLiteral("rec.json:%1: polls[0].t: expected an "
                          "integer from 0 to");
}

void tst_LiveRecording::badFilesSayWhere()
{
    QFETCH(QByteArray, from);
    QFETCH(QByteArray, to);
    QFETCH(QString, expected);
    QByteArray bytes;
    roundTrip({ Captured::capturedSnapshot(QStringLiteral("4.9.8")) }, &bytes);
    const qsizetype at = bytes.indexOf(from);
    QVERIFY2(at >= 0, from.constData());
    bytes.replace(at, from.size(), to);
    const int line = int(bytes.left(at).count('\n')) + 1;
    QString error;
    const std::optional<LiveRecording> rec
        = LiveRecording::read(bytes, QStringLiteral("rec.json"), &error);
    QVERIFY(!rec);
    QVERIFY2(error.startsWith(expected.arg(line)), qPrintable(error));
    // Cut anywhere, a file is refused with its line, never read half.
    for (const qsizetype cut : { bytes.size() / 3, bytes.size() - 3 }) {
        QString cutError;
        QVERIFY(!LiveRecording::read(bytes.left(cut), QStringLiteral("rec.json"), &cutError));
        QVERIFY2(cutError.startsWith(QStringLiteral("rec.json:")), qPrintable(cutError));
    }
}

void tst_LiveRecording::savingIsWholeOrNothing()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("watch.json"));
    LiveRecorder recorder(QStringLiteral("127.0.0.1:9876"), QStringLiteral("try_group"), 1000);
    const QList<GroupSnapshot> polls = churn();
    recorder.append(polls.at(0));
    QCOMPARE(recorder.save(path, false), QString());
    recorder.append(polls.at(1));
    QCOMPARE(recorder.save(path, true), QString());
    QString error;
    std::optional<LiveRecording> rec = LiveRecording::readFile(path, &error);
    QVERIFY2(rec, qPrintable(error));
    QCOMPARE(rec->polls.size(), 2);
    QVERIFY(rec->finished);
    // A full disk: the save says why, and the last whole recording stays.
    if (QFile::exists(QStringLiteral("/dev/full"))) {
        const QString refused = recorder.save(QStringLiteral("/dev/full"), true);
        QVERIFY(!refused.isEmpty());
    }
    const QString missing = recorder.save(dir.filePath(QStringLiteral("no/such/dir/w.json")), true);
    QVERIFY(!missing.isEmpty());
    rec = LiveRecording::readFile(path, &error);
    QVERIFY2(rec, qPrintable(error));
    QCOMPARE(rec->polls.size(), 2);
    // Each poll kept compressed, read back whole (a fork from a scrubbed poll).
    const std::optional<GroupSnapshot> second = recorder.poll(1);
    QVERIFY(second);
    QCOMPARE(dump(*second), dump(polls.at(1)));
    QVERIFY(!recorder.poll(2));
    QVERIFY(recorder.memoryBytes() > 0);
    QVERIFY(!LiveRecording::readFile(dir.filePath(QStringLiteral("none.json")), &error));
    QVERIFY(error.contains(QStringLiteral("none.json")));
}

void tst_LiveRecording::pollsAreKeptSmall()
{
    // What the app keeps per poll besides LiveWorld's rows (README, "What a watch costs"): the
    // captured group of 3 clients and 9 queues, its figures moving from poll to poll.
    GroupSnapshot s = Captured::capturedSnapshot(QStringLiteral("4.9.8"));
    LiveRecorder recorder(s.nameServer, s.group, 2000);
    const int polls = 200;
    for (int i = 0; i < polls; ++i) {
        s.takenAtMs += 2000;
        for (ClientView &c : s.clients) {
            for (ConsumerRunningInfo::ProcessQueue &pq : c.info.processQueues) {
                pq.commitOffset += 37 * i;
                pq.cachedMsgCount = (pq.cachedMsgCount + 13 * i) % 1000;
                pq.lastPullTimestamp = s.takenAtMs - i % 7;
                pq.lastConsumeTimestamp = s.takenAtMs - i % 5;
            }
        }
        recorder.append(s);
    }
    const qint64 perPoll = recorder.memoryBytes() / polls;
    const qint64 plain = encodePoll(s).size();
    qInfo("a poll of 3 clients and 9 queues: %lld bytes of JSON, %lld kept", plain, perPoll);
    QVERIFY(perPoll > 0);
    QVERIFY2(perPoll * 3 < plain, "a kept poll is compressed");
    QVERIFY2(perPoll < 2048, qPrintable(QString::number(perPoll)));
}

QTEST_GUILESS_MAIN(tst_LiveRecording)
#include "tst_liverecording.moc"
