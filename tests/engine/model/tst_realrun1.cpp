// SPDX-License-Identifier: Apache-2.0
// The engine against run1, a ten-minute experiment on a real RocketMQ 4.9.8
// (../shared/data/real-runs/run1, written as tests/data/scenarios/real-run1.json): what the real
// cluster did, the engine must do too (issue 35's findings, each with the figure the run measured).
#include "simtestsupport.h"

#include <scenario/scenarioreader.h>

#include <QTest>

using namespace Rblab;
using namespace SimTest;

namespace {

const QString kRun1 = QStringLiteral(RBLAB_TEST_DATA_DIR "/scenarios/real-run1.json");
constexpr SimTime kKill = 60016; // kill -9 c1 (actions.tsv)
constexpr SimTime kShutdown = 540015; // SIGTERM c4: a graceful shutdown

Scenario run1(Profile profile)
{
    const ScenarioReadResult read = ScenarioReader::readFile(kRun1, &registry());
    if (!read.scenario) {
        qWarning().noquote() << read.errorText();
        return {};
    }
    Scenario s = *read.scenario;
    s.profile = profile;
    return s;
}

/*!
    For each queue the consumer `leaver` held just before `event`: how long after `event` another
    consumer first received a message of it (its holding's next offset moved), or -1.
*/
QMap<qint32, SimTime> firstReceivedAfter(Simulation &sim, qint32 leaver, SimTime event)
{
    sim.runUntil(event - 1);
    const WorldSnapshot before = sim.snapshot();
    const QList<qint32> moving
        = heldBy(before, leaver, topicQueues(sim, QStringLiteral("ChurnTopic")));
    QMap<qint32, SimTime> gap;
    QMap<qint32, qint64> startedAt; // queue → the new owner's first next offset
    for (qint32 q : moving) {
        gap.insert(q, -1);
    }
    runUntil(sim, event + 5 * kSecond, 1, [&](const WorldSnapshot &snap) {
        bool all = true;
        for (qint32 q : moving) {
            if (gap.value(q) >= 0) {
                continue;
            }
            all = false;
            for (qint32 c : owners(snap, q)) {
                if (c == leaver) {
                    continue;
                }
                const SnapshotHolding *h = holding(snap, q, c);
                if (!h) {
                    continue;
                }
                if (!startedAt.contains(q)) {
                    startedAt.insert(q, h->nextOffset);
                } else if (h->nextOffset > startedAt.value(q)) {
                    gap.insert(q, snap.now - event);
                }
            }
        }
        return all;
    });
    return gap;
}

} // namespace

class tst_RealRun1 : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void scenarioReads();
    void firstPullAfterRebalanceIsRefused_data();
    void firstPullAfterRebalanceIsRefused();
    void thawAfterChannelExpiryConsumesNothingTwice();
    void jitterMakesRacesVaryOverSeeds();
    void pullThreadSometimesReadsTheOldVersion();
};

void tst_RealRun1::initTestCase()
{
    QVERIFY2(registryError().isEmpty(), qPrintable(registryError()));
}

void tst_RealRun1::scenarioReads()
{
    // Finding 5: "duration": "10m27s", the run's length, as --at writes it.
    const ScenarioReadResult read = ScenarioReader::readFile(kRun1, &registry());
    QVERIFY2(read.scenario, qPrintable(read.errorText()));
    QCOMPARE(read.scenario->duration, SimTime(627000));
    QCOMPARE(read.scenario->profile, Profile::V49);
}

void tst_RealRun1::firstPullAfterRebalanceIsRefused_data()
{
    QTest::addColumn<int>("profile");
    QTest::addColumn<QString>("leaver");
    QTest::addColumn<qint64>("event");
    QTest::addColumn<qint64>("least");
    QTest::addColumn<qint64>("most");

    // Finding 1. Real 4.9.8: the new owner's first pull carries the subVersion that
    // messageQueueChanged has just set and overtakes the heartbeat that tells the broker: CODE 25
    // "the consumer's subscription not latest", retried pullTimeDelayMillsWhenException (1 s)
    // later. Queues 0 and 1 were first received 1.046 s after the kill, queues 3 and 4 (or 5)
    // 1.033 s after the graceful shutdown. The engine received them at once (< 0.1 s).
    QTest::newRow("4.9 kill -9 c1") << int(Profile::V49) << QStringLiteral("127.0.0.1@c1")
                                    << qint64(kKill) << qint64(1000) << qint64(1100);
    QTest::newRow("4.9 shutdown c4") << int(Profile::V49) << QStringLiteral("127.0.0.1@c4")
                                     << qint64(kShutdown) << qint64(1000) << qint64(1100);
    // 5.x dispatches a rebalance's new pull requests 500 ms late: the heartbeat is there first
    // (the real 5.3.3: first messages 0.55 s after a kill).
    QTest::newRow("5.x kill -9 c1") << int(Profile::V5) << QStringLiteral("127.0.0.1@c1")
                                    << qint64(kKill) << qint64(500) << qint64(600);
}

void tst_RealRun1::firstPullAfterRebalanceIsRefused()
{
    QFETCH(int, profile);
    QFETCH(QString, leaver);
    QFETCH(qint64, event);
    QFETCH(qint64, least);
    QFETCH(qint64, most);

    // Without jitter the new owner's pull thread is never ahead of messageQueueChanged (that
    // race is pullThreadSometimesReadsTheOldVersion's): the refusal's own timing is checked here.
    Scenario s = run1(Profile(profile));
    QVERIFY(!s.groups.isEmpty());
    s.networkJitter = 0;
    Simulation sim(s, registry());
    const qint32 c = sim.consumerIndex(leaver);
    QVERIFY(c >= 0);
    const QMap<qint32, SimTime> gaps = firstReceivedAfter(sim, c, event);
    QVERIFY(!gaps.isEmpty());
    qInfo().noquote() << leaver << "left at" << event << "ms; first receipt by the new owner after"
                      << QList<SimTime>(gaps.cbegin(), gaps.cend()) << "ms";
    for (auto it = gaps.cbegin(); it != gaps.cend(); ++it) {
        const QByteArray what = QStringLiteral("queue %1 first received %2 ms after the event")
                                    .arg(queueName(sim, it.key()))
                                    .arg(it.value())
                                    .toUtf8();
        QVERIFY2(it.value() >= least && it.value() <= most, what.constData());
    }
}

namespace {

struct Duplicates
{
    QList<qint64> kill; //!< per seed: consumed twice in the 30 s after the kill
    QList<qint64> thaw; //!< per seed: consumed twice in the 30 s after c3 thawed
};

constexpr SimTime kThaw = 480039; // SIGCONT c3, 180.027 s after its SIGSTOP

Duplicates duplicatesOverSeeds(Scenario s, int seeds)
{
    Duplicates d;
    for (quint64 seed = 1; seed <= quint64(seeds); ++seed) {
        s.seed = seed;
        Simulation sim(s, registry());
        sim.runUntil(kKill - 1);
        const qint64 beforeKill = sim.totals().duplicates;
        sim.runUntil(kKill + 30 * kSecond);
        d.kill << sim.totals().duplicates - beforeKill;
        sim.runUntil(kThaw - 1);
        const qint64 beforeThaw = sim.totals().duplicates;
        sim.runUntil(kThaw + 30 * kSecond);
        d.thaw << sim.totals().duplicates - beforeThaw;
    }
    return d;
}

qint64 median(QList<qint64> v)
{
    std::sort(v.begin(), v.end());
    return v.isEmpty() ? -1 : v[v.size() / 2];
}

} // namespace

void tst_RealRun1::thawAfterChannelExpiryConsumesNothingTwice()
{
    // Finding 2. c3 was stopped at 300 s for 180 s, past the broker's channel expiry (401 s);
    // c2 and c4 took its queues 3-5 at 421 s. Real: nothing consumed twice when it thawed. Its
    // log shows why:
    //  - the pull answers that had waited since 300 s were "not matched any request": the
    //    timeout scan had removed their requests, so their messages were dropped;
    //  - its first rebalance visited %RETRY%churn_group first (subscriptionInner's hash order),
    //    met the channel the broker had closed, and failed; ChurnTopic's round went through on a
    //    new channel and saw [c2, c4]: c3 dropped 3-5, writing its stale offsets (11415);
    //  - its heartbeat then registered it; c2 and c4 released 3-5, writing theirs (18168),
    //    before c3 took them back and read the broker's offsets.
    // Which write the broker holds when c3 reads is a race, so the figure is a range over seeds
    // with run1's jitter; before the fix every seed consumed 23 twice (6751 without the hash
    // order: c3's first ChurnTopic round failed, its second read its own stale offsets).
    const Scenario s = run1(Profile::V49);
    QVERIFY(!s.groups.isEmpty());
    QCOMPARE(s.networkJitter, SimTime(1));
    const Duplicates d = duplicatesOverSeeds(s, 20);
    qInfo() << "duplicates over 20 seeds: kill" << d.kill << "thaw" << d.thaw;
    QCOMPARE(*std::min_element(d.thaw.cbegin(), d.thaw.cend()), qint64(0)); // real: 0
    QVERIFY2(median(d.thaw) <= 3, "most seeds consume at most a message or two twice");
}

void tst_RealRun1::jitterMakesRacesVaryOverSeeds()
{
    // Finding 4. A scripted world draws nothing at random, so without jitter all 20 seeds gave
    // run1 the same figures. With network.jitter every request, answer, notification and offset
    // update takes an exponential extra delay, so who writes last varies as on a real cluster;
    // with none the seeds still agree exactly.
    Scenario s = run1(Profile::V49);
    QVERIFY(!s.groups.isEmpty());
    const Duplicates jittered = duplicatesOverSeeds(s, 20);
    QVERIFY2(QSet<qint64>(jittered.thaw.cbegin(), jittered.thaw.cend()).size() > 1,
        "the thaw's race has more than one outcome over 20 seeds");
    QVERIFY(QSet<qint64>(jittered.kill.cbegin(), jittered.kill.cend()).size() > 1);
    s.networkJitter = 0;
    const Duplicates exact = duplicatesOverSeeds(s, 5);
    QCOMPARE(QSet<qint64>(exact.thaw.cbegin(), exact.thaw.cend()).size(), 1);
    QCOMPARE(QSet<qint64>(exact.kill.cbegin(), exact.kill.cend()).size(), 1);
}

void tst_RealRun1::pullThreadSometimesReadsTheOldVersion()
{
    // Finding 1, second look. At run1's kill queue 2 was first received 0.044 s after it and
    // queues 0 and 1 1.046 s after: the new owner's pull thread had sent queue 2's pull with the
    // old subscription version before messageQueueChanged raised it; the next two carried the new
    // one and were refused. Two short real runs saw rounds where all made it (0.14-0.17 s, 0.05 s)
    // and rounds where none did: 5 rounds in 8. With jitter, the engine's seeds show both.
    const Scenario s = run1(Profile::V49);
    QVERIFY(!s.groups.isEmpty());
    QList<SimTime> all;
    int servedSeeds = 0;
    for (quint64 seed = 1; seed <= 20; ++seed) {
        Scenario seeded = s;
        seeded.seed = seed;
        Simulation sim(seeded, registry());
        const QMap<qint32, SimTime> gaps
            = firstReceivedAfter(sim, sim.consumerIndex(QStringLiteral("127.0.0.1@c1")), kKill);
        QCOMPARE(gaps.size(), 3);
        bool served = false;
        for (SimTime g : gaps) {
            QVERIFY2(
                (g >= 0 && g < 100) || (g >= 1000 && g <= 1100), qPrintable(QString::number(g)));
            served = served || g < 100;
            all.append(g);
        }
        servedSeeds += served ? 1 : 0;
    }
    // Both outcomes, in about the measured share (5 in 8) of the 20 seeds.
    QVERIFY2(servedSeeds >= 6 && servedSeeds <= 18, qPrintable(QString::number(servedSeeds)));
    // The real figures lie inside the engine's range (times widened by 50 ms of measurement).
    const SimTime least = *std::min_element(all.cbegin(), all.cend());
    const SimTime most = *std::max_element(all.cbegin(), all.cend());
    for (SimTime real : { SimTime(44), SimTime(1046) }) {
        QVERIFY2(real >= least - 50 && real <= most + 50,
            qPrintable(
                QStringLiteral("real %1 ms, engine %2 … %3 ms").arg(real).arg(least).arg(most)));
    }
    // Without jitter there is no race: every seed's first pulls are refused.
    Scenario exact = s;
    exact.networkJitter = 0;
    Simulation sim(exact, registry());
    for (SimTime g :
        firstReceivedAfter(sim, sim.consumerIndex(QStringLiteral("127.0.0.1@c1")), kKill)) {
        QVERIFY(g >= 1000);
    }
}
QTEST_GUILESS_MAIN(tst_RealRun1)
#include "tst_realrun1.moc"
