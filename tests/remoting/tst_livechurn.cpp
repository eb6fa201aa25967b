// SPDX-License-Identifier: Apache-2.0
// Issue 36, "done when": a real RocketMQ 4.9.8 group of four consumers watched over ten minutes
// of churn (kills, freezes, joins, graceful shutdowns: tests/live/churn-4-consumers.json), every
// 2 s by `rblab watch --record`, recorded by tests/live/record-churn.sh (`make record-live`)
// into tests/data/live/churn-4.9.8.tar.xz. At every poll, the owners the live view shows (the
// recording replayed through LiveWorld, as the app does) agree with each client's own
// process-queue table, which the harness read inside the JVM every 100 ms (alloc.log).
#include "liverecording.h"
#include "liveworld.h"

#include <QDir>
#include <QFile>
#include <QMap>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

using namespace Rblab;
using namespace Rblab::Remoting;

namespace {

//! One line of a client's alloc.log: its process-queue table at `t` (ms, wall clock).
struct Table
{
    qint64 t = 0;
    QSet<QString> held; //!< not dropped
    QSet<QString> all; //!< dropped ones included
};

//! "1796…945 ALLOC n=2 ChurnTopic/broker-a/0:0:0:L …" lines, in order.
QList<Table> readAllocLog(const QString &path)
{
    QList<Table> tables;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        return tables;
    }
    while (!f.atEnd()) {
        const QList<QByteArray> words = f.readLine().trimmed().split(' ');
        if (words.size() < 3 || (words[1] != "ALLOC" && words[1] != "SNAP")) {
            continue;
        }
        Table table;
        table.t = words[0].toLongLong();
        for (qsizetype i = 3; i < words.size(); ++i) {
            if (words[i].startsWith("pop:")) {
                continue;
            }
            const QList<QByteArray> parts = words[i].split(':');
            const QString label = QString::fromUtf8(parts.value(0));
            table.all.insert(label);
            if (!parts.constLast().contains('D')) {
                table.held.insert(label);
            }
        }
        tables.append(table);
    }
    return tables;
}

/*!
    Whether `claimed` is the client's table at some moment the poll's answer can come from: the
    table in force when the poll started (`from`), or any the client logged until `to`. The
    harness reads the table every 100 ms, so a change is logged up to 100 ms after it happened.
*/
bool matchesSome(
    const QList<Table> &tables, qint64 from, qint64 to, const QSet<QString> &claimed, bool dropped)
{
    const Table *inForce = nullptr;
    for (const Table &t : tables) {
        if (t.t <= from) {
            inForce = &t;
            continue;
        }
        if (t.t > to) {
            break;
        }
        if ((dropped ? t.all : t.held) == claimed) {
            return true;
        }
    }
    return inForce != nullptr && (dropped ? inForce->all : inForce->held) == claimed;
}

} // namespace

class tst_LiveChurn : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void theWatchSawTheChurn();
    void ownersAgreeWithTheClientsTablesAtEveryPoll();
    void theAppShowsTheSameOwners();

private:
    QTemporaryDir m_dir;
    std::optional<LiveRecording> m_recording;
    QMap<QString, QList<Table>> m_tables; //!< client id → its tables
};

void tst_LiveChurn::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QProcess tar;
    tar.start(QStringLiteral("tar"),
        { QStringLiteral("-C"), m_dir.path(), QStringLiteral("-xJf"),
            QStringLiteral(RBLAB_TEST_DATA_DIR "/live/churn-4.9.8.tar.xz") });
    QVERIFY2(tar.waitForFinished(60000) && tar.exitCode() == 0,
        "tar could not unpack tests/data/live/churn-4.9.8.tar.xz");
    QString error;
    m_recording = LiveRecording::readFile(m_dir.filePath(QStringLiteral("watch.json")), &error);
    QVERIFY2(m_recording, qPrintable(error));
    const QDir consumers(m_dir.filePath(QStringLiteral("consumers")));
    for (const QString &folder : consumers.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        // 127.0.0.1_c1 is the folder of the client whose id is 127.0.0.1@c1.
        const QString id = QString(folder).replace(QLatin1Char('_'), QLatin1Char('@'));
        m_tables.insert(
            id, readAllocLog(consumers.filePath(folder + QStringLiteral("/alloc.log"))));
        QVERIFY2(!m_tables.value(id).isEmpty(), qPrintable(folder));
    }
    QCOMPARE(m_tables.size(), 7); // c1–c4 from the start, c5–c7 joining
}

void tst_LiveChurn::theWatchSawTheChurn()
{
    const LiveRecording &rec = *m_recording;
    QCOMPARE(rec.group, QStringLiteral("churn_group"));
    QCOMPARE(rec.intervalMs, qint64(2000));
    QVERIFY(rec.finished);
    // Ten minutes at 2 s, from the moment the name server was up to the end of the run.
    QVERIFY2(rec.polls.size() >= 280, qPrintable(QString::number(rec.polls.size())));
    const qint64 span = rec.polls.constLast().takenAtMs - rec.polls.constFirst().takenAtMs;
    QVERIFY2(span >= 9 * 60 * 1000, qPrintable(QString::number(span)));
    LiveWorld world(rec.nameServer, rec.group);
    for (const GroupSnapshot &s : rec.polls) {
        world.append(s);
    }
    QMap<int, int> kinds;
    for (const SimEvent &e : world.events()) {
        ++kinds[LiveWorld::changeKind(e)];
    }
    // Seven clients joined; c2 and c5 killed, c4 and c6 shut down (left); c3 and c1 frozen
    // (did not answer, then did again); queues moved at each.
    QCOMPARE(world.catalog()->consumers.size(), 7);
    QVERIFY(kinds.value(int(GroupChange::Kind::ClientLeft)) >= 4);
    QVERIFY(kinds.value(int(GroupChange::Kind::ClientNotAnswering)) >= 2);
    QVERIFY(kinds.value(int(GroupChange::Kind::ClientAnswering)) >= 2);
    QVERIFY(kinds.value(int(GroupChange::Kind::QueueMoved)) >= 20);
}

void tst_LiveChurn::ownersAgreeWithTheClientsTablesAtEveryPoll()
{
    const auto check = [this](qint64 shiftMs, int *compared, int *atStart) {
        QStringList disagreements;
        for (const GroupSnapshot &s : std::as_const(m_recording->polls)) {
            for (const ClientView &c : s.clients) {
                if (!c.answered) {
                    continue;
                }
                QSet<QString> claimed;
                for (const ConsumerRunningInfo::ProcessQueue &pq : c.info.processQueues) {
                    if (!pq.dropped) {
                        claimed.insert(pq.queue.label());
                    }
                }
                const QList<Table> &tables = m_tables.value(c.clientId);
                const qint64 t = s.takenAtMs + shiftMs;
                // The client answers within the poll (its requests time out after 3 s).
                if (!matchesSome(tables, t - 100, t + 3000, claimed, false)) {
                    disagreements.append(QStringLiteral("%1 at %2: claims %3")
                                             .arg(c.clientId)
                                             .arg(s.takenAtMs)
                                             .arg(QStringList(claimed.values()).join(u',')));
                } else if (atStart && matchesSome(tables, t + 100, t + 100, claimed, false)) {
                    ++*atStart; // the table in force 100 ms into the poll
                }
                ++*compared;
            }
        }
        return disagreements;
    };
    int compared = 0;
    int atStart = 0;
    const QStringList disagreements = check(0, &compared, &atStart);
    qInfo("%d answers of %lld polls compared: all agree, %d with the table in force 100 ms into "
          "the poll",
        compared, qlonglong(m_recording->polls.size()), atStart);
    QVERIFY2(compared >= 280 * 3, qPrintable(QString::number(compared)));
    QVERIFY2(disagreements.isEmpty(),
        qPrintable(QStringLiteral("%1 of %2 answers disagree: %3")
                       .arg(disagreements.size())
                       .arg(compared)
                       .arg(disagreements.mid(0, 5).join(QStringLiteral("; ")))));
    // The check has teeth: against the tables of 20 s later, the answers around every change
    // disagree.
    int shifted = 0;
    const QStringList late = check(20000, &shifted, nullptr);
    qInfo("against the tables 20 s later: %lld of %d disagree", qlonglong(late.size()), shifted);
    QVERIFY(late.size() >= 20);
}

void tst_LiveChurn::theAppShowsTheSameOwners()
{
    // The recording replayed as the app replays it: each poll's tiles (dropped ones included,
    // as the cards draw them) are the table of a client that answered.
    const LiveRecording &rec = *m_recording;
    LiveWorld world(rec.nameServer, rec.group);
    for (const GroupSnapshot &s : rec.polls) {
        world.append(s);
    }
    const std::shared_ptr<const Catalog> catalog = world.catalog();
    int compared = 0;
    int disagree = 0;
    for (qsizetype i = 0; i < world.pollCount(); ++i) {
        const WorldSnapshot snap = world.snapshotAt(world.pollTime(i));
        const QList<LiveWorld::ClientNote> notes = world.notesAt(world.pollTime(i));
        QMap<qint32, QSet<QString>> tiles;
        for (const SnapshotHolding &h : snap.holdings) {
            const QueueInfo &q = catalog->queues.at(h.queue);
            tiles[h.consumer].insert(
                QStringLiteral("%1/%2/%3").arg(q.topic, q.brokerName).arg(q.queueId));
        }
        for (qint32 c = 0; c < notes.size(); ++c) {
            if (notes.at(c).state != LiveWorld::ClientState::Answering) {
                continue;
            }
            const QString id = catalog->consumers.at(c).id;
            ++compared;
            if (!matchesSome(m_tables.value(id), world.pollWallClock(i) - 100,
                    world.pollWallClock(i) + 3000, tiles.value(c), true)) {
                ++disagree;
            }
        }
    }
    QVERIFY(compared >= 280 * 3);
    QCOMPARE(disagree, 0);
}

QTEST_GUILESS_MAIN(tst_LiveChurn)
#include "tst_livechurn.moc"
