// SPDX-License-Identifier: Apache-2.0
// LiveWorld (issue 36): polls of a live group as a run, fed with GroupSnapshots assembled from
// the bodies a real 4.9.8 broker and its clients sent (tests/data/remoting/4.9.8).
#include "groupsnapshot.h"
#include "liveworld.h"
#include "remotingbodies.h"
#include "remotingcommand.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTest>

using namespace Rblab;
using namespace Rblab::Remoting;

namespace {

const QString kVersion = QStringLiteral("4.9.8");

QString dataDir()
{
    return QStringLiteral(RBLAB_TEST_DATA_DIR "/remoting/") + kVersion;
}

QByteArray readFile(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        qFatal("cannot read %s", qPrintable(path));
    }
    return f.readAll();
}

//! The body of the captured response whose file name starts with `prefix` ("10-").
QByteArray body(const QString &prefix)
{
    const QStringList files = QDir(dataDir())
                                  .entryList({ prefix + QStringLiteral("*.bin") }, QDir::Files)
                                  .filter(QRegularExpression(QStringLiteral("(?<!\\.req)\\.bin$")));
    if (files.size() != 1) {
        qFatal("%s: %lld frames", qPrintable(prefix), qlonglong(files.size()));
    }
    QString error;
    const std::optional<RemotingCommand> c
        = FrameDecoder::decodeFrame(readFile(dataDir() + QLatin1Char('/') + files.first()), &error);
    if (!c) {
        qFatal("%s: %s", qPrintable(files.first()), qPrintable(error));
    }
    return c->body;
}

template<typename T> T must(std::optional<T> value, const QString &error)
{
    if (!value) {
        qFatal("%s", qPrintable(error));
    }
    return *value;
}

const QStringList kRunningInfo { QStringLiteral("12-"), QStringLiteral("13-"),
    QStringLiteral("14-") };

ConsumeStats capturedStats()
{
    QString error;
    return must(readConsumeStats(body(QStringLiteral("10-")), &error), error);
}

//! The captured group (c1, c2, c3 on TryTopic, 8 queues and the retry queue), as
//! GroupWatcher assembles it, taken at `takenAtMs`.
GroupSnapshot captured(qint64 takenAtMs)
{
    QString error;
    GroupSnapshot s;
    s.nameServer = QStringLiteral("127.0.0.1:9876");
    s.group = QStringLiteral("try_group");
    s.takenAtMs = takenAtMs;
    s.cluster = must(readClusterInfo(body(QStringLiteral("04-")), &error), error);
    s.connection = must(readConsumerConnection(body(QStringLiteral("08-")), &error), error);
    s.online = true;
    s.routes.insert(QStringLiteral("TryTopic"),
        must(readTopicRoute(body(QStringLiteral("01-")), &error), error));
    s.routes.insert(QStringLiteral("%RETRY%try_group"),
        must(readTopicRoute(body(QStringLiteral("03-")), &error), error));
    for (int i = 0; i < 3; ++i) {
        const ConsumerConnection::Connection &conn = s.connection.connections[i];
        ClientView c;
        c.clientId = conn.clientId;
        c.clientAddr = conn.clientAddr;
        c.language = conn.language;
        c.version = conn.version;
        c.info = must(readConsumerRunningInfo(body(kRunningInfo[i]), &error), error);
        c.answered = true;
        s.clients.append(c);
    }
    s.assemble({ capturedStats() });
    return s;
}

qint32 consumerOf(const Catalog &catalog, const QString &clientId)
{
    for (qsizetype c = 0; c < catalog.consumers.size(); ++c) {
        if (catalog.consumers.at(c).id == clientId) {
            return qint32(c);
        }
    }
    return -1;
}

qint32 queueOf(const Catalog &catalog, const MessageQueue &mq)
{
    for (qsizetype q = 0; q < catalog.queues.size(); ++q) {
        const QueueInfo &info = catalog.queues.at(q);
        if (info.topic == mq.topic && info.brokerName == mq.brokerName
            && info.queueId == mq.queueId) {
            return qint32(q);
        }
    }
    return -1;
}

//! The queues a consumer holds in `snap`, as labels, sorted.
QStringList heldBy(const Catalog &catalog, const WorldSnapshot &snap, qint32 consumer)
{
    QStringList labels;
    for (const SnapshotHolding &h : snap.holdings) {
        if (h.consumer == consumer && !h.dropped) {
            const QueueInfo &q = catalog.queues.at(h.queue);
            labels.append(QStringLiteral("%1/%2").arg(q.topic).arg(q.queueId));
        }
    }
    labels.sort();
    return labels;
}

//! c1 killed, as 4.9.8 shows it: a poll where c1 does not answer, then c1 gone and c2
//! holding what c1 held.
GroupSnapshot silentC1(qint64 takenAtMs)
{
    GroupSnapshot s = captured(takenAtMs);
    s.clients[0].answered = false;
    s.clients[0].info = {};
    s.clients[0].error
        = QStringLiteral("code 1: The Consumer <try_group> <127.0.0.1@c1> not online");
    s.assemble({ capturedStats() });
    return s;
}

GroupSnapshot goneC1(qint64 takenAtMs)
{
    GroupSnapshot s = captured(takenAtMs);
    ConsumerRunningInfo c2 = s.clients[1].info;
    for (const auto &pq : s.clients[0].info.processQueues) {
        c2.processQueues.append(pq);
    }
    std::sort(c2.processQueues.begin(), c2.processQueues.end(),
        [](const auto &a, const auto &b) { return a.queue < b.queue; });
    s.clients.removeFirst();
    s.connection.connections.removeFirst();
    s.clients[0].info = c2;
    s.assemble({ capturedStats() });
    return s;
}

} // namespace

class tst_LiveWorld : public QObject
{
    Q_OBJECT

private slots:
    void pollEqualsTheBodies();
    void flowControlFromTheClientsThresholds();
    void flowControlChangesAreEvents();
    void killBecomesEvents();
    void catalogGrowsWhenAClientJoins();
    void otherChangesAreLines();
    void seekShowsThatPoll();
    void memoryIsBounded();
};

void tst_LiveWorld::pollEqualsTheBodies()
{
    LiveWorld world(QStringLiteral("127.0.0.1:9876"), QStringLiteral("try_group"));
    const QList<SimEvent> joined = world.append(captured(1796544504000));
    const Catalog &cat = *world.catalog();
    QCOMPARE(cat.consumers.size(), 3);
    QCOMPARE(cat.queues.size(), 9); // TryTopic 0..7 and %RETRY%try_group/0
    QCOMPARE(cat.groups.size(), 1);
    QCOMPARE(cat.groups[0].topics, QStringList { QStringLiteral("TryTopic") });
    QCOMPARE(cat.groups[0].retryTopic, QStringLiteral("%RETRY%try_group"));
    QCOMPARE(cat.groups[0].queues.size(), 9);
    QCOMPARE(joined.size(), 3);
    for (const SimEvent &e : joined) {
        QCOMPARE(e.type, SimEvent::Type::Join);
        QCOMPARE(e.t, 0);
    }

    const WorldSnapshot snap = world.snapshotAt(0);
    QCOMPARE(snap.queues.size(), 9);
    // Offsets and lag: the broker's ConsumeStats, read here on their own.
    const ConsumeStats stats = capturedStats();
    QCOMPARE(stats.offsets.size(), 8); // TryTopic's (the capture asked for that topic)
    QCOMPARE(snap.queues[queueOf(cat,
                             { QStringLiteral("%RETRY%try_group"), QStringLiteral("broker-a"), 0 })]
                 .committedOffset,
        -1); // no figures for the retry queue: none, not 0
    for (const ConsumeStats::Offset &o : stats.offsets) {
        const qint32 q = queueOf(cat, o.queue);
        QVERIFY2(q >= 0, qPrintable(o.queue.label()));
        QCOMPARE(snap.queues[q].brokerOffset, o.brokerOffset);
        QCOMPARE(snap.queues[q].committedOffset, o.consumerOffset);
        QCOMPARE(snap.queues[q].lag, o.lag());
    }
    QCOMPARE(
        snap.queues[queueOf(cat, { QStringLiteral("TryTopic"), QStringLiteral("broker-a"), 0 })]
            .lag,
        1);
    // Owners and caches: each client's own process-queue table.
    QString error;
    qsizetype tiles = 0;
    for (int i = 0; i < 3; ++i) {
        const ConsumerRunningInfo info
            = must(readConsumerRunningInfo(body(kRunningInfo[i]), &error), error);
        const qint32 c = consumerOf(cat, QStringLiteral("127.0.0.1@c%1").arg(i + 1));
        QVERIFY(c >= 0);
        QCOMPARE(snap.consumers[c].state, ConsumerState::Running);
        QCOMPARE(snap.consumers[c].strategy, QStringLiteral("AVG"));
        QCOMPARE(snap.consumers[c].pullThresholdForQueue, 1000);
        qint64 cached = 0;
        for (const ConsumerRunningInfo::ProcessQueue &pq : info.processQueues) {
            const qint32 q = queueOf(cat, pq.queue);
            const SnapshotQueue &sq = snap.queues[q];
            QCOMPARE(sq.holdingCount, 1);
            const SnapshotHolding &h = snap.holdings[sq.firstHolding];
            QCOMPARE(h.consumer, c);
            QCOMPARE(h.cachedCount, qint64(pq.cachedMsgCount));
            QCOMPARE(h.cachedBytes, qint64(pq.cachedMsgSizeInMiB) * 1024 * 1024);
            QCOMPARE(h.consumedOffset, pq.commitOffset);
            QCOMPARE(h.lastPullAt, pq.lastPullTimestamp - 1796544504000);
            // Under pullThresholdForQueue (1000): no flow control inferred.
            QCOMPARE(h.flowControl, SimEvent::FlowCause::None);
            cached += pq.cachedMsgCount;
            ++tiles;
        }
        QCOMPARE(snap.consumers[c].cachedCount, cached);
        if (i == 0) {
            // ConsumeStatus, as c1 reported it (statusTable): what a fork consumes with.
            QCOMPARE(info.status.size(), 2);
            QCOMPARE(info.status.value(QStringLiteral("TryTopic")).consumeRT, 1.6805522208883554);
            QCOMPARE(
                info.status.value(QStringLiteral("TryTopic")).consumeOKTPS, 166.56666266650666);
        }
        QCOMPARE(snap.consumers[c].queueCount, qint32(info.processQueues.size()));
    }
    QCOMPARE(tiles, 9);
    QCOMPARE(snap.holdings.size(), 9);
    QCOMPARE(heldBy(cat, snap, consumerOf(cat, QStringLiteral("127.0.0.1@c1"))),
        (QStringList { QStringLiteral("%RETRY%try_group/0"), QStringLiteral("TryTopic/0"),
            QStringLiteral("TryTopic/1"), QStringLiteral("TryTopic/2") }));
    QCOMPARE(snap.totals.doubleOwnedQueues, 0);
    QCOMPARE(snap.totals.orphanedQueues, 0);
    // The sample carries the same figures for the charts.
    QCOMPARE(world.samples().size(), 1);
    const Sample &sample = *world.samples().first();
    QCOMPARE(
        sample.queues[queueOf(cat, { QStringLiteral("TryTopic"), QStringLiteral("broker-a"), 0 })]
            .owners,
        QList<qint32> { consumerOf(cat, QStringLiteral("127.0.0.1@c1")) });
    qint64 lagC1 = 0;
    for (qsizetype q = 0; q < snap.queues.size(); ++q) {
        if (sample.queues[q].owners.contains(consumerOf(cat, QStringLiteral("127.0.0.1@c1")))) {
            lagC1 += snap.queues[q].lag;
        }
    }
    QCOMPARE(sample.consumers[consumerOf(cat, QStringLiteral("127.0.0.1@c1"))].lag, lagC1);
}

void tst_LiveWorld::flowControlFromTheClientsThresholds()
{
    // c1 says queue 0 caches 1,200 messages, over its pullThresholdForQueue of 1,000: held back
    // by count, as DefaultMQPushConsumerImpl.pullMessage decides; queue 1 at 1,000 is not.
    GroupSnapshot s = captured(1000);
    for (ConsumerRunningInfo::ProcessQueue &pq : s.clients[0].info.processQueues) {
        if (pq.queue.topic == QStringLiteral("TryTopic") && pq.queue.queueId == 0) {
            pq.cachedMsgCount = 1200;
        }
        if (pq.queue.topic == QStringLiteral("TryTopic") && pq.queue.queueId == 1) {
            pq.cachedMsgCount = 1000;
        }
        if (pq.queue.topic == QStringLiteral("TryTopic") && pq.queue.queueId == 2) {
            pq.cachedMsgSizeInMiB = 101; // over pullThresholdSizeForQueue (100 MiB)
        }
    }
    s.assemble({ capturedStats() });
    LiveWorld world(QStringLiteral("127.0.0.1:9876"), QStringLiteral("try_group"));
    world.append(s);
    const Catalog &cat = *world.catalog();
    const WorldSnapshot snap = world.snapshotAt(0);
    const auto causeOf = [&](int id) {
        const SnapshotQueue &sq = snap.queues[queueOf(
            cat, { QStringLiteral("TryTopic"), QStringLiteral("broker-a"), id })];
        return snap.holdings[sq.firstHolding].flowControl;
    };
    QCOMPARE(causeOf(0), SimEvent::FlowCause::Count);
    QCOMPARE(causeOf(1), SimEvent::FlowCause::None);
    QCOMPARE(causeOf(2), SimEvent::FlowCause::Size);
    QCOMPARE(snap.consumers[consumerOf(cat, QStringLiteral("127.0.0.1@c1"))].cachedCount,
        qint64(1200 + 1000)
            + snap.holdings[snap
                                .queues[queueOf(cat,
                                    { QStringLiteral("TryTopic"), QStringLiteral("broker-a"), 2 })]
                                .firstHolding]
                  .cachedCount
            + snap.holdings[snap.queues[queueOf(cat,
                                            { QStringLiteral("%RETRY%try_group"),
                                                QStringLiteral("broker-a"), 0 })]
                                .firstHolding]
                  .cachedCount);
}

void tst_LiveWorld::flowControlChangesAreEvents()
{
    // Between two polls c1's queue 0 goes over pullThresholdForQueue, then back under: a
    // FlowControlOn event on that queue and client (cause: count), then FlowControlOff, as an
    // engine run publishes them (the timeline marks them, the log names them).
    LiveWorld world(QStringLiteral("127.0.0.1:9876"), QStringLiteral("try_group"));
    world.append(captured(1000));
    GroupSnapshot over = captured(3000);
    for (ConsumerRunningInfo::ProcessQueue &pq : over.clients[0].info.processQueues) {
        if (pq.queue.topic == QStringLiteral("TryTopic") && pq.queue.queueId == 0) {
            pq.cachedMsgCount = 1200;
        }
    }
    over.assemble({ capturedStats() });
    const QList<SimEvent> on = world.append(over);
    const qint32 q0
        = queueOf(*world.catalog(), { QStringLiteral("TryTopic"), QStringLiteral("broker-a"), 0 });
    const qint32 c1 = consumerOf(*world.catalog(), QStringLiteral("127.0.0.1@c1"));
    QList<SimEvent> flow;
    for (const SimEvent &e : on) {
        if (e.type == SimEvent::Type::FlowControlOn) {
            flow.append(e);
        }
    }
    QCOMPARE(flow.size(), 1);
    QCOMPARE(flow[0].queue, q0);
    QCOMPARE(flow[0].consumer, c1);
    QCOMPARE(flow[0].cause, SimEvent::FlowCause::Count);
    QCOMPARE(flow[0].t, SimTime(2000));
    QCOMPARE(LiveWorld::changeKind(flow[0]), int(GroupChange::Kind::FlowControlOn));
    QVERIFY2(flow[0].detail.contains(QStringLiteral("1200")), qPrintable(flow[0].detail));
    const QList<SimEvent> off = world.append(captured(5000));
    const auto offEvent = std::find_if(off.cbegin(), off.cend(),
        [](const SimEvent &e) { return e.type == SimEvent::Type::FlowControlOff; });
    QVERIFY(offEvent != off.cend());
    QCOMPARE(offEvent->queue, q0);
    QCOMPARE(offEvent->consumer, c1);
    QCOMPARE(offEvent->t, SimTime(4000));
}

void tst_LiveWorld::killBecomesEvents()
{
    LiveWorld world(QStringLiteral("127.0.0.1:9876"), QStringLiteral("try_group"));
    world.append(captured(1000));
    const QList<SimEvent> silent = world.append(silentC1(3000));
    const Catalog &cat = *world.catalog();
    const qint32 c1 = consumerOf(cat, QStringLiteral("127.0.0.1@c1"));
    const qint32 c2 = consumerOf(cat, QStringLiteral("127.0.0.1@c2"));
    // One poll without c1's answer: it stops answering; its queues are not moved yet.
    QCOMPARE(silent.size(), 1);
    QCOMPARE(silent[0].type, SimEvent::Type::Freeze);
    QCOMPARE(silent[0].consumer, c1);
    QCOMPARE(silent[0].t, 2000);
    QCOMPARE(LiveWorld::changeKind(silent[0]), int(GroupChange::Kind::ClientNotAnswering));
    const WorldSnapshot during = world.snapshotAt(2000);
    // Still in the group, as a hung client is: a frozen card with the tiles it last reported
    // (its queues are not unassigned; the others have not taken them).
    const WorldSnapshot before = world.snapshotAt(0);
    QCOMPARE(during.consumers[c1].state, ConsumerState::Frozen);
    QVERIFY(before.consumers[c1].queueCount > 0);
    QCOMPARE(during.consumers[c1].queueCount, before.consumers[c1].queueCount);
    QCOMPARE(during.totals.orphanedQueues, 0);
    const QList<LiveWorld::ClientNote> notes = world.notesAt(2000);
    QCOMPARE(notes[c1].state, LiveWorld::ClientState::NotAnswering);
    QCOMPARE(notes[c1].sinceMs, 3000);
    QVERIFY(notes[c1].reason.contains(QStringLiteral("not online")));
    QCOMPARE(notes[c2].state, LiveWorld::ClientState::Answering);

    // The next poll: c1 gone, c2 holds its four queues: c1 left, and one move each way.
    const QList<SimEvent> gone = world.append(goneC1(5000));
    QStringList kinds;
    for (const SimEvent &e : gone) {
        kinds.append(SimEvent::typeName(e.type));
    }
    QCOMPARE(gone.size(), 3);
    QCOMPARE(gone[0].type, SimEvent::Type::Kill);
    QCOMPARE(gone[0].consumer, c1);
    QCOMPARE(LiveWorld::changeKind(gone[0]), int(GroupChange::Kind::ClientLeft));
    const SimEvent *gained = nullptr;
    const SimEvent *lost = nullptr;
    for (const SimEvent &e : gone) {
        if (e.type == SimEvent::Type::Rebalance) {
            (e.consumer == c2 ? gained : lost) = &e;
        }
    }
    QVERIFY(gained && lost);
    QCOMPARE(gained->added.size(), 4);
    QCOMPARE(gained->removed.size(), 0);
    QCOMPARE(lost->consumer, c1);
    QCOMPARE(lost->removed.size(), 4);
    QVERIFY(gained->added.contains(
        queueOf(cat, { QStringLiteral("TryTopic"), QStringLiteral("broker-a"), 0 })));
    QVERIFY(gained->detail.contains(
        QStringLiteral("queue moved: TryTopic/broker-a/0 from 127.0.0.1@c1 to 127.0.0.1@c2")));
    const WorldSnapshot after = world.snapshotAt(4000);
    QCOMPARE(after.now, 4000);
    QCOMPARE(heldBy(cat, after, c2).size(), 7);
    QCOMPARE(heldBy(cat, after, c1).size(), 0);
    QCOMPARE(after.totals.rebalances, 2);
    QCOMPARE(after.totals.queueMoves, 4);
    QCOMPARE(world.notesAt(4000)[c1].state, LiveWorld::ClientState::Left);
    QCOMPARE(world.notesAt(4000)[c1].sinceMs, 3000); // last seen at the poll before
    // Since when c2 holds queue 5: the first poll; queue 0: the poll it arrived.
    for (const SnapshotHolding &h : after.holdings) {
        if (h.consumer == c2 && cat.queues[h.queue].queueId == 0 && !cat.queues[h.queue].retry) {
            QCOMPARE(h.createdAt, 4000);
        }
        if (h.consumer == c2 && cat.queues[h.queue].queueId == 5) {
            QCOMPARE(h.createdAt, 0);
        }
    }
    QCOMPARE(world.events().size(), 3 + 1 + 3);
}

void tst_LiveWorld::catalogGrowsWhenAClientJoins()
{
    LiveWorld world(QStringLiteral("127.0.0.1:9876"), QStringLiteral("try_group"));
    world.append(captured(1000));
    const std::shared_ptr<const Catalog> first = world.catalog();
    world.append(captured(3000));
    QCOMPARE(world.catalog().get(), first.get()); // nothing new: the same catalog
    QCOMPARE(world.events().size(), 3); // nothing changed: no event

    GroupSnapshot joined = captured(5000);
    ClientView c4;
    c4.clientId = QStringLiteral("127.0.0.1@c4");
    c4.clientAddr = QStringLiteral("127.0.0.1:40300");
    c4.version = 409;
    c4.answered = true;
    joined.clients.append(c4);
    joined.connection.connections.append(
        { c4.clientId, c4.clientAddr, QStringLiteral("JAVA"), 409 });
    // c4 takes queue 7 from c3.
    ConsumerRunningInfo &c3 = joined.clients[2].info;
    for (qsizetype i = 0; i < c3.processQueues.size(); ++i) {
        if (c3.processQueues[i].queue.queueId == 7) {
            joined.clients[3].info.processQueues.append(c3.processQueues.takeAt(i));
            break;
        }
    }
    joined.assemble({ capturedStats() });
    const QList<SimEvent> events = world.append(joined);
    QVERIFY(world.catalog().get() != first.get());
    QCOMPARE(first->consumers.size(), 3); // the old catalog is untouched
    const Catalog &cat = *world.catalog();
    QCOMPARE(cat.consumers.size(), 4);
    QCOMPARE(cat.consumers[3].id, QStringLiteral("127.0.0.1@c4"));
    QCOMPARE(cat.queues.size(), 9);
    QCOMPARE(events[0].type, SimEvent::Type::Join);
    QCOMPARE(events[0].consumer, 3);
    QCOMPARE(events[0].t, 4000);
    const WorldSnapshot snap = world.snapshotAt(4000);
    QCOMPARE(snap.consumers.size(), 4);
    QCOMPARE(heldBy(cat, snap, 3), QStringList { QStringLiteral("TryTopic/7") });
    // The earlier polls are shown with the new catalog: c4 absent then.
    const WorldSnapshot before = world.snapshotAt(0);
    QCOMPARE(before.consumers.size(), 4);
    QCOMPARE(before.consumers[3].state, ConsumerState::Absent);
    QCOMPARE(world.samples().size(), 3);
    QCOMPARE(world.samples()[0]->consumers.size(), 3);
    QCOMPARE(world.samples()[2]->consumers.size(), 4);
}

void tst_LiveWorld::otherChangesAreLines()
{
    LiveWorld world(QStringLiteral("127.0.0.1:9876"), QStringLiteral("try_group"));
    world.append(captured(1000));
    // c3 also claims queue 0 (double-owned), and a broker stops answering.
    GroupSnapshot s = captured(3000);
    ConsumerRunningInfo::ProcessQueue pq;
    pq.queue = { QStringLiteral("TryTopic"), QStringLiteral("broker-a"), 0 };
    pq.cachedMsgCount = 5;
    s.clients[2].info.processQueues.prepend(pq);
    s.problems.append(QStringLiteral("broker broker-b (127.0.0.1:1): timed out"));
    s.assemble({ capturedStats() });
    const QList<SimEvent> events = world.append(s);
    QStringList lines;
    for (const SimEvent &e : events) {
        if (e.type == SimEvent::Type::CommandFailed) {
            QCOMPARE(e.group, LiveWorld::kLiveChangeMarker);
            lines.append(e.detail);
        }
    }
    QCOMPARE(lines.size(), 2);
    QVERIFY2(lines[0].startsWith(QStringLiteral("double-owned")), qPrintable(lines[0]));
    QCOMPARE(lines[1], QStringLiteral("problem: broker broker-b (127.0.0.1:1): timed out"));
    const WorldSnapshot snap = world.snapshotAt(2000);
    QCOMPARE(snap.totals.doubleOwnedQueues, 1);
    const qint32 q0
        = queueOf(*world.catalog(), { QStringLiteral("TryTopic"), QStringLiteral("broker-a"), 0 });
    QCOMPARE(snap.queues[q0].holdingCount, 2);
    QCOMPARE(snap.queues[q0].owners, 2);
    QCOMPARE(world.samples().last()->doubleOwnedQueues, 1);
    QCOMPARE(world.problemsAt(2000),
        QStringList { QStringLiteral("broker broker-b (127.0.0.1:1): timed out") });
    QCOMPARE(world.problemsAt(0), QStringList());
    // The next poll: still double-owned for 2 s more.
    GroupSnapshot next = s;
    next.takenAtMs = 5000;
    world.append(next);
    QCOMPARE(world.snapshotAt(4000).totals.doubleOwnedQueueSeconds, 2.0);
}

void tst_LiveWorld::seekShowsThatPoll()
{
    LiveWorld world(QStringLiteral("127.0.0.1:9876"), QStringLiteral("try_group"));
    world.append(captured(10000));
    world.append(silentC1(12000));
    world.append(goneC1(14500));
    QCOMPARE(world.pollCount(), 3);
    QCOMPARE(world.duration(), 4500);
    QCOMPARE(world.pollAt(-5), 0);
    QCOMPARE(world.pollAt(1999), 0);
    QCOMPARE(world.pollAt(2000), 1);
    QCOMPARE(world.pollAt(4499), 1);
    QCOMPARE(world.pollAt(99999), 2);
    QCOMPARE(world.snapshotAt(3000).now, 2000);
    QCOMPARE(world.snapshotAt(3000).eventCount, quint64(4));
    // A clock that steps back still gives a later time.
    world.append(captured(14000));
    QCOMPARE(world.pollTime(3), 4501);
    QCOMPARE(world.produceRate(QStringLiteral("TryTopic")), 0.0); // the same offsets each poll
    LiveWorld growing(QStringLiteral("127.0.0.1:9876"), QStringLiteral("try_group"));
    QCOMPARE(growing.produceRate(QStringLiteral("TryTopic")), -1.0);
    growing.append(captured(0));
    GroupSnapshot later = captured(2000);
    for (QueueView &q : later.queues) {
        q.brokerOffset += 100; // 8 queues: 800 messages in 2 s
    }
    growing.append(later);
    QCOMPARE(growing.produceRate(QStringLiteral("TryTopic")), 400.0);
}

void tst_LiveWorld::memoryIsBounded()
{
    // A 10-minute watch at 2 s: 300 polls of the captured group (3 clients, 9 queues), one in
    // ten with a kill and its recovery, so that events and changing lists are counted too.
    LiveWorld world(QStringLiteral("127.0.0.1:9876"), QStringLiteral("try_group"));
    const GroupSnapshot steady = captured(0);
    const qint64 one = [&] {
        LiveWorld w(QStringLiteral("127.0.0.1:9876"), QStringLiteral("try_group"));
        w.append(steady);
        return w.memoryBytes();
    }();
    for (int i = 0; i < 300; ++i) {
        GroupSnapshot s = i % 10 == 5 ? goneC1(0) : steady;
        s.takenAtMs = qint64(i) * 2000;
        world.append(s);
    }
    QCOMPARE(world.pollCount(), 300);
    QCOMPARE(world.duration(), 299 * 2000);
    QCOMPARE(world.samples().size(), 300);
    const qint64 bytes = world.memoryBytes();
    const qint64 perPoll = (bytes - one) / 299;
    qInfo("300 polls: %lld bytes, %lld bytes a poll; an hour at 2 s: %.1f MB", qlonglong(bytes),
        qlonglong(perPoll), double(perPoll) * 1800 / 1e6);
    QVERIFY2(perPoll < 6 * 1024, qPrintable(QString::number(perPoll)));
    QVERIFY2(bytes < 2 * 1024 * 1024, qPrintable(QString::number(bytes)));
    // The newest picture is still right after 300 polls.
    QCOMPARE(world.snapshotAt(world.duration()).holdings.size(), 9);

    // The large group: 8 clients, 64 queues (two brokers of 32), an hour at 2 s.
    GroupSnapshot big;
    big.group = QStringLiteral("big");
    big.online = true;
    big.connection.subscriptions.insert(QStringLiteral("T"), QStringLiteral("*"));
    TopicRoute route;
    for (const char *name : { "broker-a", "broker-b" }) {
        BrokerData b;
        b.brokerName = QLatin1String(name);
        b.addresses.insert(0, QStringLiteral("127.0.0.1:10911"));
        route.brokers.append(b);
        route.queues.append({ QLatin1String(name), 32, 32, 6 });
    }
    big.routes.insert(QStringLiteral("T"), route);
    for (int c = 0; c < 8; ++c) {
        ClientView v;
        v.clientId = QStringLiteral("127.0.0.1@c%1").arg(c);
        v.answered = true;
        for (int q = c * 8; q < c * 8 + 8; ++q) {
            ConsumerRunningInfo::ProcessQueue pq;
            pq.queue = { QStringLiteral("T"),
                q < 32 ? QStringLiteral("broker-a") : QStringLiteral("broker-b"), q % 32 };
            pq.cachedMsgCount = 100 + q;
            v.info.processQueues.append(pq);
        }
        big.clients.append(v);
    }
    big.assemble({});
    LiveWorld large(QStringLiteral("127.0.0.1:9876"), QStringLiteral("big"));
    for (int i = 0; i < 100; ++i) {
        big.takenAtMs = qint64(i) * 2000;
        large.append(big);
    }
    QCOMPARE(large.catalog()->queues.size(), 64);
    QCOMPARE(large.snapshotAt(large.duration()).holdings.size(), 64);
    const qint64 largePerPoll = large.memoryBytes() / 100;
    qInfo("8 clients, 64 queues: %lld bytes a poll; an hour at 2 s: %.1f MB",
        qlonglong(largePerPoll), double(largePerPoll) * 1800 / 1e6);
    QVERIFY2(largePerPoll < 24 * 1024, qPrintable(QString::number(largePerPoll)));
}

QTEST_GUILESS_MAIN(tst_LiveWorld)
#include "tst_liveworld.moc"
