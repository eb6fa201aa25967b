// SPDX-License-Identifier: Apache-2.0
// Timeline: a rewound run is the run itself. The state at t after seeking (backwards, forwards,
// from a checkpoint, from the start) equals a straight run to t with the same commands, field for
// field; a command after a rewind starts a new branch.
#include "simtestsupport.h"

#include <scenario/scenarioreader.h>
#include <run/timeline.h>

#include <QtTest>

using namespace Rblab;
using namespace SimTest;

namespace {

Scenario bundled(const QString &name)
{
    const ScenarioReadResult read = ScenarioReader::readFile(
        QStringLiteral(RBLAB_SOURCE_DIR "/resources/scenarios/") + name, &registry());
    return read.ok() ? *read.scenario : Scenario();
}

Simulation::Options guiOptions()
{
    Simulation::Options options;
    options.sampleInterval = 500; // as the app runs (SimulationController::kChartSampleInterval)
    return options;
}

//! What a user did: at `at` (after a step to the next event when `step`), this command.
struct Given
{
    SimTime at = 0;
    bool step = false;
    ScenarioEvent command;
};

ScenarioEvent onConsumer(ScenarioEvent::Action action, const QString &name)
{
    return command(action, name);
}

/*!
    Plays `timeline` the way the app does: in uneven slices with a snapshot after each (the
    observations must not change the run), giving the commands where the user gave them.
*/
void play(Timeline &timeline, SimTime until, const QList<Given> &given)
{
    qsizetype next = 0;
    SimTime slice = 137;
    while (timeline.now() < until) {
        if (next < given.size() && given.at(next).at <= timeline.now() + slice) {
            const Given &g = given.at(next++);
            timeline.runUntil(g.at);
            if (g.step) {
                timeline.runToNextEvent({}, g.at + kMinute);
            }
            QString error;
            if (!timeline.apply(g.command, &error)) {
                qWarning("refused at %lld: %s", qint64(timeline.now()), qPrintable(error));
            }
            continue;
        }
        timeline.runUntil(std::min(until, timeline.now() + slice));
        timeline.simulation().snapshot();
        slice = slice * 3 % 2311 + 50;
    }
}

//! A straight run to `t` of the commands a timeline logged, without any timeline machinery.
std::unique_ptr<Simulation> straight(
    const Scenario &scenario, const QList<Timeline::Command> &log, SimTime t)
{
    auto sim = std::make_unique<Simulation>(scenario, registry(), guiOptions());
    for (const Timeline::Command &c : log) {
        if (c.event.at > t) {
            break;
        }
        sim->runUntilProcessed(c.event.at, c.processed);
        sim->apply(c.event);
    }
    sim->runUntil(t);
    return sim;
}

QList<SimEvent> eventsUntil(const QList<SimEvent> &events, SimTime t)
{
    QList<SimEvent> kept;
    for (const SimEvent &e : events) {
        if (e.t <= t) {
            kept.append(e);
        }
    }
    return kept;
}

QString describe(const WorldSnapshot &a, const WorldSnapshot &b)
{
    return QStringLiteral("now %1/%2 events %3/%4 delivered %5/%6 rebalances %7/%8")
        .arg(a.now)
        .arg(b.now)
        .arg(a.eventCount)
        .arg(b.eventCount)
        .arg(a.totals.delivered)
        .arg(b.totals.delivered)
        .arg(a.totals.rebalances)
        .arg(b.totals.rebalances);
}

} // namespace

class tst_Timeline : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY2(registryError().isEmpty(), qPrintable(registryError())); }
    void seekEqualsStraightRun_data();
    void seekEqualsStraightRun();
    void samplesAfterSeekContinueTheRun();
    void commandAfterRewindStartsBranch();
    void checkpointsFollowTheGridAndBudget();
};

void tst_Timeline::seekEqualsStraightRun_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QList<Given>>("given");
    QTest::addColumn<SimTime>("playTo");
    QTest::addColumn<QList<SimTime>>("seeks");

    // The default world's own churn only; seeks backwards, onto grid times, forwards again.
    QTest::newRow("default, churn")
        << QStringLiteral("default.json") << QList<Given> {} << SimTime(16 * kMinute)
        << QList<SimTime> { 6 * kMinute + 30 * kSecond, 15 * kMinute, 10 * kMinute,
               12 * kMinute + 1, 2 * kSecond, 16 * kMinute, 5 * kMinute + 999 };
    // A user's commands, one of them between two events of a millisecond (after a step).
    const QString first = QStringLiteral("10.0.0.3@1003");
    QTest::newRow("default, user commands")
        << QStringLiteral("default.json")
        << QList<Given> {
               { 70 * kSecond, false, onConsumer(ScenarioEvent::Action::Freeze, first) },
               { 4 * kMinute + 10, true,
                   onConsumer(ScenarioEvent::Action::Kill, QStringLiteral("10.0.0.4@1004")) },
               { 4 * kMinute + 10, true,
                   onConsumer(ScenarioEvent::Action::Unfreeze, first) },
               { 8 * kMinute, false,
                   onConsumer(ScenarioEvent::Action::Shutdown, QStringLiteral("10.0.0.1@1001")) },
           }
        << SimTime(11 * kMinute)
        << QList<SimTime> { 4 * kMinute + 10, 70 * kSecond, 9 * kMinute, 4 * kMinute + 9,
               11 * kMinute, 30 * kSecond };
    QTest::newRow("orderly") << QStringLiteral("orderly.json") << QList<Given> {}
                             << SimTime(7 * kMinute)
                             << QList<SimTime> { 3 * kMinute, 6 * kMinute + 1, 1 };
    QTest::newRow("slow consumer, flow control")
        << QStringLiteral("slow-consumer-flow-control.json") << QList<Given> {}
        << SimTime(6 * kMinute) << QList<SimTime> { 5 * kMinute + 500, 2 * kMinute, 6 * kMinute };
}

void tst_Timeline::seekEqualsStraightRun()
{
    QFETCH(QString, file);
    QFETCH(QList<Given>, given);
    QFETCH(SimTime, playTo);
    QFETCH(QList<SimTime>, seeks);
    const Scenario scenario = bundled(file);
    QVERIFY(!scenario.groups.isEmpty());

    Timeline timeline(scenario, registry(), guiOptions());
    timeline.setSpacing(2 * kMinute);
    QVERIFY2(timeline.isValid(), qPrintable(timeline.error()));
    play(timeline, playTo, given);
    QCOMPARE(timeline.commands().size(), given.size());
    while (timeline.prepare(kMinute)) { }
    QCOMPARE(timeline.checkpointCount(), int(playTo / (2 * kMinute)));

    for (SimTime t : seeks) {
        timeline.seek(t);
        QCOMPARE(timeline.now(), t);
        const WorldSnapshot rewound = timeline.simulation().snapshot();
        auto reference = straight(scenario, timeline.commands(), t);
        const WorldSnapshot &expected = reference->snapshot();
        QVERIFY2(rewound == expected, qPrintable(describe(rewound, expected)));
        QVERIFY(rewound.totals.delivered > 0 || t < 10 * kSecond);
        QCOMPARE(eventsUntil(timeline.simulation().events(), t), reference->events());
        // Refill what the seek took, as the app does while idle.
        while (timeline.prepare(kMinute)) { }
    }
}

void tst_Timeline::samplesAfterSeekContinueTheRun()
{
    const Scenario scenario = bundled(QStringLiteral("default.json"));
    Timeline timeline(scenario, registry(), guiOptions());
    timeline.setSpacing(kMinute);
    play(timeline, 5 * kMinute, {});
    while (timeline.prepare(kMinute)) { }
    // Keep the samples up to 150 s, see the run at 200 s, receive the samples after 150 s.
    timeline.seek(200 * kSecond, 150 * kSecond);
    const QList<Sample> &samples = timeline.simulation().samples();
    QCOMPARE(samples.size(), 100); // 150.5 s … 200 s, every 500 ms
    QCOMPARE(samples.first().t, 150 * kSecond + 500);
    auto reference = straight(scenario, {}, 200 * kSecond);
    const QList<Sample> expected = reference->samples().mid(300);
    QCOMPARE(expected.first().t, 150 * kSecond + 500);
    QVERIFY(samples == expected);
}

void tst_Timeline::commandAfterRewindStartsBranch()
{
    const Scenario scenario = bundled(QStringLiteral("default.json"));
    Timeline timeline(scenario, registry(), guiOptions());
    timeline.setSpacing(kMinute);
    const QList<Given> given {
        { 1 * kMinute, false,
            onConsumer(ScenarioEvent::Action::Kill, QStringLiteral("10.0.0.1@1001")) },
        { 3 * kMinute, false,
            onConsumer(ScenarioEvent::Action::Freeze, QStringLiteral("10.0.0.3@1003")) },
        { 5 * kMinute, false,
            onConsumer(ScenarioEvent::Action::Kill, QStringLiteral("10.0.0.4@1004")) },
    };
    play(timeline, 6 * kMinute, given);
    while (timeline.prepare(kMinute)) { }
    QCOMPARE(timeline.checkpointCount(), 6);

    // Rewinding alone changes nothing: playing on replays the logged commands.
    timeline.seek(2 * kMinute);
    timeline.runUntil(6 * kMinute);
    QCOMPARE(timeline.commands().size(), 3);
    QVERIFY(timeline.simulation().snapshot()
        == straight(scenario, timeline.commands(), 6 * kMinute)->snapshot());

    // A command at 2 m 30 s: the freeze at 3 m and the kill at 5 m belong to the old branch.
    timeline.seek(150 * kSecond);
    while (timeline.prepare(kMinute)) { }
    QCOMPARE(timeline.checkpointTimes(),
        (QList<SimTime> {
            kMinute, 2 * kMinute, 3 * kMinute, 4 * kMinute, 5 * kMinute, 6 * kMinute }));
    int dropped = -1;
    QVERIFY(
        timeline.apply(onConsumer(ScenarioEvent::Action::Shutdown, QStringLiteral("10.0.0.4@1004")),
            nullptr, &dropped));
    QCOMPARE(dropped, 2);
    QCOMPARE(timeline.commands().size(), 2);
    QCOMPARE(timeline.commands().at(0).event.action, ScenarioEvent::Action::Kill);
    QCOMPARE(timeline.commands().at(1).event.action, ScenarioEvent::Action::Shutdown);
    QCOMPARE(timeline.commands().at(1).event.at, 150 * kSecond);
    QCOMPARE(timeline.reached(), 150 * kSecond);
    // Checkpoints beyond the branch point are gone; those before it stay.
    QCOMPARE(timeline.checkpointTimes(), (QList<SimTime> { kMinute, 2 * kMinute }));

    timeline.runUntil(6 * kMinute);
    const WorldSnapshot branch = timeline.simulation().snapshot();
    QVERIFY(branch == straight(scenario, timeline.commands(), 6 * kMinute)->snapshot());
    // 10.0.0.3 was never frozen on this branch, 10.0.0.4 shut down.
    const qint32 second = timeline.simulation().consumerIndex(QStringLiteral("10.0.0.3@1003"));
    const qint32 fourth = timeline.simulation().consumerIndex(QStringLiteral("10.0.0.4@1004"));
    QCOMPARE(branch.consumers.at(second).state, ConsumerState::Running);
    QCOMPARE(branch.consumers.at(fourth).state, ConsumerState::Shutdown);
    // And the branch rewinds like any run.
    while (timeline.prepare(kMinute)) { }
    timeline.seek(4 * kMinute);
    QVERIFY(timeline.simulation().snapshot()
        == straight(scenario, timeline.commands(), 4 * kMinute)->snapshot());
}

void tst_Timeline::checkpointsFollowTheGridAndBudget()
{
    const Scenario scenario = bundled(QStringLiteral("default.json"));
    Timeline timeline(scenario, registry(), guiOptions());
    timeline.setSpacing(kMinute);
    timeline.setMaxCheckpoints(4);
    timeline.runUntil(9 * kMinute + 30 * kSecond);
    while (timeline.prepare(kMinute)) { }
    // 9 grid minutes do not fit in 4: at the fifth the spacing doubled (2, 4, 6, 8 m).
    QCOMPARE(timeline.spacing(), 2 * kMinute);
    QCOMPARE(timeline.checkpointTimes(),
        (QList<SimTime> { 2 * kMinute, 4 * kMinute, 6 * kMinute, 8 * kMinute }));
    // A seek takes its checkpoint and parks the live run (an off-grid checkpoint).
    timeline.seek(5 * kMinute);
    QCOMPARE(timeline.checkpointTimes(),
        (QList<SimTime> { 2 * kMinute, 6 * kMinute, 8 * kMinute, 9 * kMinute + 30 * kSecond }));
}

QTEST_GUILESS_MAIN(tst_Timeline)
#include "tst_timeline.moc"
