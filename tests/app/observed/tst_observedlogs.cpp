// SPDX-License-Identifier: Apache-2.0
// Issue 15, in the app: client logs shown as a read-only run (File › Import client logs…), the
// timeline's windows at the fixture's known times, commands refused, Replay in the engine as
// compare mode (observed against modelled), and the inspector's log lines with file:line.
// Fixture: tests/data/importlogs/kill53 (README.md there gives every time used below).
#include <assignment/assignmentview.h>
#include <charts/chartseries.h>
#include <compare/comparesession.h>
#include <compare/comparecharts.h>
#include <compare/comparescoretable.h>
#include <compare/comparewindow.h>
#include <simulation/consumeractions.h>
#include <guitext.h>
#include <observed/importcontroller.h>
#include <simulation/eventlogmodel.h>
#include <assignment/assignmentrenderer.h>
#include <simulation/eventlogview.h>
#include <simulation/inspectorview.h>
#include <charts/chartpanel.h>
#include <languagemanager.h>
#include <mainwindow.h>
#include <document/scenariodocument.h>
#include <observed/observedworld.h>
#include <simulation/simulationcontroller.h>
#include <strategy/strategypanel.h>
#include <simulation/timelinebar.h>
#include <simulation/timelinetrack.h>

#include <allocation/strategyregistry.h>
#include <report/scorecard.h>

#include <QAction>
#include <QChart>
#include <QClipboard>
#include <QLabel>
#include <QDir>
#include <QFile>
#include <QGuiApplication>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

using namespace Rblab;

namespace {

const QString kA = QStringLiteral("10.0.0.1@1001#1000000001");
const QString kB = QStringLiteral("10.0.0.2@2002#2000000002");

QString data(const char *relative)
{
    return QStringLiteral(RBLAB_TEST_DATA_DIR "/importlogs/") + QLatin1String(relative);
}

QStringList kill53()
{
    return { data("kill53/hostA/rocketmq_client.log"),
        data("kill53/hostA/other_days/rocketmq_client-1.log.gz"),
        data("kill53/hostB/rocketmq_client.log") };
}

qint32 consumerIndex(const Catalog &catalog, const QString &name)
{
    for (qsizetype i = 0; i < catalog.consumers.size(); ++i) {
        if (catalog.consumers.at(i).name == name) {
            return qint32(i);
        }
    }
    return -1;
}

//! The queues `consumer` holds in `snapshot`, as "broker-a/0", sorted.
QStringList held(const Catalog &catalog, const WorldSnapshot &snapshot, const QString &consumer)
{
    const qint32 c = consumerIndex(catalog, consumer);
    QStringList out;
    for (const SnapshotHolding &h : snapshot.holdings) {
        if (h.consumer == c) {
            out.append(catalog.queueLabel(h.queue));
        }
    }
    out.sort();
    return out;
}

QStringList queues(const char *broker, std::initializer_list<int> ids)
{
    QStringList out;
    for (int id : ids) {
        out.append(QStringLiteral("%1/%2").arg(QLatin1String(broker)).arg(id));
    }
    return out;
}

//! The bundled incident (resources/incidents/late-notification): 192.0.2.12@2202 on host-2 hangs;
//! its last line is host-2's "2024-06-12 21:42:01,300" flow-control warning (119,400 ms after
//! the origin on the corrected clock: host-2 runs 1.8 s ahead). The report infers a kill.
QString incident()
{
    return QStringLiteral(RBLAB_SOURCE_DIR "/resources/incidents/late-notification");
}
const QString kHung = QStringLiteral("192.0.2.12@2202");

} // namespace

class tst_ObservedLogs : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void frames_data();
    void frames();
    void shuttingDownUntilShutdownOk();
    void windowsOnTheTimeline();
    void readOnlyWindow();
    void playbackAndSeek();
    void replayOpensCompare();
    void inspectorListsLines();
    void badInputIsReported();
    void folderImportsTheLogsBelowIt();
    void groupChartsCountTheirOwnGroup();
    void mqadminScenarioOpensAsDocument();
    void importsInAWorkerThread();
    void silenceIsNotAKill();
    void unmeasuredFiguresAreNotZero();
    void compareObservedPaneIsHonest();

private:
    std::shared_ptr<const ObservedWorld> importKill53();

    StrategyRegistry m_registry;
    LanguageManager m_languages;
};

void tst_ObservedLogs::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    StrategyRegistry::Sources sources;
    sources.user = false;
    sources.environment = false;
    m_registry.load(sources);
    QVERIFY(m_registry.find(QStringLiteral("AVG")));
    QVERIFY(m_languages.setLanguage(QStringLiteral("en")));
}

std::shared_ptr<const ObservedWorld> tst_ObservedLogs::importKill53()
{
    const ObservedWorld::Result r = ObservedWorld::import(kill53(), LogImporter::Options());
    if (!r.world) {
        qWarning("%s", qPrintable(r.error));
    }
    return r.world;
}

void tst_ObservedLogs::frames_data()
{
    QTest::addColumn<SimTime>("t");
    QTest::addColumn<QStringList>("heldByA");
    QTest::addColumn<QStringList>("heldByB");
    QTest::addColumn<int>("stateA");
    QTest::addColumn<int>("stateB");
    QTest::addColumn<int>("doubleOwned");
    QTest::addColumn<int>("orphaned");
    const QStringList all = queues("broker-a", { 0, 1, 2, 3 }) + queues("broker-b", { 0, 1, 2, 3 });
    const int running = int(ConsumerState::Running);
    // A alone (B's start OK prints 9850 on the corrected clock).
    QTest::newRow("A alone") << SimTime(5000) << all << QStringList() << running
                             << int(ConsumerState::Absent) << 0 << 0;
    // B's stale view claims all 8 at 9920; A gives up broker-b at 9950: all 8 double-owned.
    QTest::newRow("both claim all") << SimTime(9930) << all << all << running << running << 8 << 0;
    QTest::newRow("broker-a still double") << SimTime(10000) << queues("broker-a", { 0, 1, 2, 3 })
                                           << all << running << running << 4 << 0;
    QTest::newRow("settled") << SimTime(30000) << queues("broker-a", { 0, 1, 2, 3 })
                             << queues("broker-b", { 0, 1, 2, 3 }) << running << running << 0 << 0;
    // A's last line at 59900; its connections closed at B's notification (61900, inferred
    // kill): silent, it still holds broker-a until then. B takes broker-a at 61910.
    QTest::newRow("A silent, still holding")
        << SimTime(61000) << queues("broker-a", { 0, 1, 2, 3 })
        << queues("broker-b", { 0, 1, 2, 3 }) << running << running << 0 << 0;
    QTest::newRow("A killed, broker-a orphaned")
        << SimTime(61905) << QStringList() << queues("broker-b", { 0, 1, 2, 3 })
        << int(ConsumerState::Killed) << running << 0 << 4;
    QTest::newRow("B alone") << SimTime(62000) << QStringList() << all << int(ConsumerState::Killed)
                             << running << 0 << 0;
    QTest::newRow("B shut down") << SimTime(119900) << QStringList() << QStringList()
                                 << int(ConsumerState::Killed) << int(ConsumerState::Shutdown) << 0
                                 << 0;
}

void tst_ObservedLogs::frames()
{
    QFETCH(SimTime, t);
    QFETCH(QStringList, heldByA);
    QFETCH(QStringList, heldByB);
    QFETCH(int, stateA);
    QFETCH(int, stateB);
    QFETCH(int, doubleOwned);
    QFETCH(int, orphaned);
    const auto world = importKill53();
    QVERIFY(world);
    const Catalog &catalog = *world->catalog();
    QCOMPARE(catalog.consumers.size(), 2);
    QCOMPARE(catalog.queues.size(), 8);
    QCOMPARE(catalog.groupNames(), QStringList { QStringLiteral("GID_ORDER") });
    QCOMPARE(world->duration(), SimTime(119900));
    const WorldSnapshot snap = world->snapshotAt(t);
    QCOMPARE(snap.now, t);
    QCOMPARE(held(catalog, snap, kA), heldByA);
    QCOMPARE(held(catalog, snap, kB), heldByB);
    QCOMPARE(int(snap.consumers.at(consumerIndex(catalog, kA)).state), stateA);
    QCOMPARE(int(snap.consumers.at(consumerIndex(catalog, kB)).state), stateB);
    QCOMPARE(snap.totals.doubleOwnedQueues, doubleOwned);
    QCOMPARE(snap.totals.orphanedQueues, orphaned);
    // The queue rows agree with the holdings (what the view paints from).
    qint32 holdings = 0;
    for (const SnapshotQueue &q : snap.queues) {
        QCOMPARE(q.firstHolding, holdings);
        holdings += q.holdingCount;
    }
    QCOMPARE(holdings, qint32(snap.holdings.size()));
}

void tst_ObservedLogs::shuttingDownUntilShutdownOk()
{
    // A real 5.3.3 client (real-5.3.3-short, c2) unregisters from the broker at 16:01:25.624 and
    // logs "shutdown OK" at 16:01:29.636, when its client instance has stopped. Its queues went
    // to c1 and c3 at the unregister; for those 4,012 ms it is shutting down, not running with
    // no queues.
    const QString dir = data("real-5.3.3-short/");
    const ObservedWorld::Result r = ObservedWorld::import(
        { dir + QStringLiteral("c1"), dir + QStringLiteral("c2"), dir + QStringLiteral("c3") },
        LogImporter::Options());
    QVERIFY2(r.world, qPrintable(r.error));
    const ObservedWorld &world = *r.world;
    const qint32 c2 = consumerIndex(*world.catalog(), QStringLiteral("127.0.0.1@c2"));
    QVERIFY(c2 >= 0);
    LogImporter::ObservedConsumer oc;
    for (const LogImporter::ObservedConsumer &each : world.importer().observedConsumers()) {
        if (each.clientId == QLatin1String("127.0.0.1@c2")) {
            oc = each;
        }
    }
    QVERIFY(oc.unregistered && oc.shutdownOk);
    QCOMPARE(*oc.shutdownOk - *oc.unregistered, qint64(4012));
    const SimTime unregistered = *oc.unregistered - world.origin();
    const SimTime shutdownOk = *oc.shutdownOk - world.origin();
    const auto stateAt = [&](SimTime t) { return world.snapshotAt(t).consumers.at(c2).state; };
    const auto queuesAt
        = [&](SimTime t) { return world.snapshotAt(t).consumers.at(c2).queueCount; };
    QCOMPARE(stateAt(unregistered - 100), ConsumerState::Running);
    QVERIFY(queuesAt(unregistered - 100) > 0);
    QCOMPARE(stateAt(unregistered), ConsumerState::ShuttingDown);
    QCOMPARE(stateAt(unregistered + 2000), ConsumerState::ShuttingDown);
    QCOMPARE(queuesAt(unregistered + 2000), 0);
    QCOMPARE(stateAt(shutdownOk - 1), ConsumerState::ShuttingDown);
    QCOMPARE(stateAt(shutdownOk), ConsumerState::Shutdown);
    QCOMPARE(GuiText::stateName(ConsumerState::ShuttingDown), QStringLiteral("shutting down"));
}

void tst_ObservedLogs::windowsOnTheTimeline()
{
    MainWindow window(m_registry, m_languages);
    window.setQuiet(true);
    QVERIFY(window.openScenario(MainWindow::defaultScenarioPath()));
    QVERIFY2(window.importController()->importFiles(kill53()),
        qPrintable(window.importController()->lastError()));
    QVERIFY(window.controller()->isObserved());
    const TimelineTrack *track = window.timelineBar()->track();
    // The whole timeline is known at once: the markers and windows are there at time 0.
    QCOMPARE(window.controller()->now(), SimTime(0));
    QCOMPARE(window.controller()->reached(), SimTime(119900));
    // Double-owned: broker-a/0-3 9920–10920 and broker-b/0-3 9920–9950 → one period from 9920.
    QCOMPARE(track->doubleOwned().size(), 1);
    QCOMPARE(track->doubleOwned().first().from, SimTime(9920));
    QVERIFY(track->doubleOwned().first().to >= 10900 && track->doubleOwned().first().to < 10920);
    // Orphaned: broker-a/0-3 from A's inferred kill (61900, B's notification) to B's takeover
    // (61910).
    QCOMPARE(track->orphaned().size(), 1);
    QCOMPARE(track->orphaned().first().from, SimTime(61900));
    QVERIFY(track->orphaned().first().to >= 61900 && track->orphaned().first().to < 61910);
    // Markers: 4 rebalances (A at 20 and 9950, B at 9920, 10920 and 61910 = 5), the flow-control
    // episode at 29900, A falling silent at 61900 (marked with the hangs, not in the kills'
    // red: the logs cannot tell), B's shutdown at 119900.
    QMap<int, QList<SimTime>> lanes;
    for (const TimelineTrack::Marker &m : track->markers()) {
        lanes[m.lane].append(m.t);
    }
    QCOMPARE(
        lanes.value(TimelineTrack::Rebalance), (QList<SimTime> { 20, 9920, 9950, 10920, 61910 }));
    QCOMPARE(lanes.value(TimelineTrack::FlowControl), QList<SimTime> { 29900 });
    QCOMPARE(lanes.value(TimelineTrack::Frozen), QList<SimTime> { 61900 });
    QVERIFY(lanes.value(TimelineTrack::Killed).isEmpty());
    QCOMPARE(lanes.value(TimelineTrack::Stopped), QList<SimTime> { 119900 });
    QCOMPARE(lanes.value(TimelineTrack::Started), (QList<SimTime> { 0, 9850 }));
}

void tst_ObservedLogs::readOnlyWindow()
{
    MainWindow window(m_registry, m_languages);
    window.setQuiet(true);
    QVERIFY(window.openScenario(MainWindow::defaultScenarioPath()));
    QVERIFY(window.observedBannerText().isEmpty());
    QVERIFY(window.importController()->importFiles(kill53()));
    SimulationController *controller = window.controller();
    controller->seek(30000);
    QCOMPARE(controller->now(), SimTime(30000));
    window.assignmentView()->setSelection(Selection::consumer(0));
    // Every consumer command is off, and so are the panels that send commands.
    for (QAction *action : window.consumerActions()->actions()) {
        QVERIFY2(!action->isEnabled(), qPrintable(action->text()));
    }
    QVERIFY(!window.strategyPanel()->isEnabled());
    QVERIFY(window.observedBannerText().contains(
        QStringLiteral("Observed from client logs: read-only")));
    QVERIFY2(window.windowTitle().startsWith(QStringLiteral("Observed: 3 log files")),
        qPrintable(window.windowTitle()));
    // A command given anyway is refused with why, and changes nothing.
    QSignalSpy refused(controller, &SimulationController::commandFailed);
    ScenarioEvent kill;
    kill.action = ScenarioEvent::Action::Kill;
    kill.consumer = kB;
    controller->apply(kill);
    QCOMPARE(refused.size(), 1);
    QCOMPARE(
        refused.first().at(1).toString(), QStringLiteral("Observed from client logs: read-only"));
    QCOMPARE(held(*controller->catalog(), controller->snapshot(), kB),
        queues("broker-b", { 0, 1, 2, 3 }));
    // Opening a scenario goes back to the engine, commands on again.
    QVERIFY(window.openScenario(MainWindow::defaultScenarioPath()));
    QVERIFY(!controller->isObserved());
    QVERIFY(window.consumerActions()->action(ConsumerActions::Add)->isEnabled());
    QVERIFY(window.strategyPanel()->isEnabled());
    QVERIFY(window.observedBannerText().isEmpty());
}

void tst_ObservedLogs::playbackAndSeek()
{
    MainWindow window(m_registry, m_languages);
    window.setQuiet(true);
    QVERIFY(window.importController()->importFiles(kill53()));
    SimulationController *controller = window.controller();
    controller->setSpeed(100);
    controller->setPlaying(true);
    QVERIFY(controller->isPlaying());
    QTRY_VERIFY_WITH_TIMEOUT(controller->now() >= 20000, 5000);
    controller->setPlaying(false);
    const SimTime paused = controller->now();
    QTest::qWait(100);
    QCOMPARE(controller->now(), paused);
    // Back to 5000: A holds all 8 again; the history after it went "ahead".
    controller->seek(5000);
    QCOMPARE(controller->now(), SimTime(5000));
    QCOMPARE(held(*controller->catalog(), controller->snapshot(), kA).size(), 8);
    for (const SimEvent &e : controller->events()) {
        QVERIFY(e.t <= 5000);
    }
    QVERIFY(!controller->eventsAhead().isEmpty());
    // Step to the next rebalance: B's stale claim at 9920.
    controller->stepToNextRebalance();
    QCOMPARE(controller->now(), SimTime(9920));
    // Pause on double ownership stops the playback where it begins.
    controller->seek(0);
    controller->setPauseOn({ PauseKind::DoubleOwnership });
    controller->setSpeed(1000);
    QSignalSpy pausedOn(controller, &SimulationController::pausedOn);
    controller->setPlaying(true);
    QTRY_COMPARE_WITH_TIMEOUT(pausedOn.size(), 1, 5000);
    QCOMPARE(controller->now(), SimTime(9920));
    QVERIFY(!controller->isPlaying());
    // Restart goes back to the logs' first line, still observed.
    controller->restart();
    QCOMPARE(controller->now(), SimTime(0));
    QVERIFY(controller->isObserved());
}

void tst_ObservedLogs::replayOpensCompare()
{
    MainWindow window(m_registry, m_languages);
    window.setQuiet(true);
    QVERIFY(!window.importController()->replayAction()->isEnabled());
    QVERIFY(window.importController()->importFiles(kill53()));
    QVERIFY(window.importController()->replayAction()->isEnabled());
    std::unique_ptr<CompareWindow> compare(window.importController()->replayInEngine(false));
    QVERIFY2(compare, qPrintable(window.importController()->lastError()));
    CompareSession *session = compare->session();
    QCOMPARE(session->paneCount(), 2);
    QVERIFY(session->isObserved(0));
    QVERIFY(!session->isObserved(1));
    QVERIFY(compare->paneTitle(0).contains(QStringLiteral("Observed")));
    QVERIFY(compare->paneTitle(1).contains(QStringLiteral("Modelled")));
    // One clock: both panes at 30 s; the observed pane shows what the logs show then, the
    // engine its own allocation of the same two consumers.
    session->advanceTo(30000);
    QCOMPARE(session->now(), SimTime(30000));
    QCOMPARE(session->snapshot(0).now, SimTime(30000));
    QCOMPARE(session->snapshot(1).now, SimTime(30000));
    QCOMPARE(
        held(*session->catalog(0), session->snapshot(0), kA), queues("broker-a", { 0, 1, 2, 3 }));
    QCOMPARE(session->catalog(1)->consumers.size(), 2);
    QVERIFY(consumerIndex(*session->catalog(1), kA) >= 0);
    QVERIFY(consumerIndex(*session->catalog(1), kB) >= 0);
    // The engine holds the group's %RETRY% queues too; TopicOrder's 8 have one owner each.
    const Catalog &model = *session->catalog(1);
    QList<int> owners;
    for (const SnapshotHolding &h : session->snapshot(1).holdings) {
        if (model.queues.at(h.queue).topic == QLatin1String("TopicOrder")) {
            owners.append(h.consumer);
        }
    }
    QCOMPARE(owners.size(), 8);
    QCOMPARE(owners.count(consumerIndex(model, kA)), 4);
    QCOMPARE(owners.count(consumerIndex(model, kB)), 4);
    // After A's inferred kill the engine's replay kills it too.
    session->advanceTo(90000);
    QCOMPARE(session->snapshot(1).consumers.at(consumerIndex(*session->catalog(1), kA)).state,
        ConsumerState::Killed);
    QCOMPARE(session->snapshot(0).consumers.at(consumerIndex(*session->catalog(0), kA)).state,
        ConsumerState::Killed);
    // The table: the logs' windows in the observed column (broker-a 1000 ms + broker-b 30 ms
    // double-owned per queue: 4 × 1.0 + 4 × 0.03 s; broker-a unowned 4 × 0.01 s), "—" where
    // the logs say nothing.
    compare->refreshFigures();
    const QList<ScorecardFigure> &figures = ScorecardFigure::all();
    for (int f = 0; f < figures.size(); ++f) {
        const QString key = QLatin1String(figures.at(f).key);
        const QString cell = compare->scoreTable()->cellText(f, 0);
        if (key == QLatin1String("exposure.doubleOwnedQueueSeconds")) {
            QCOMPARE(cell, QStringLiteral("4.1"));
        } else if (key == QLatin1String("exposure.unownedQueueSeconds")) {
            QCOMPARE(cell, QStringLiteral("0.0"));
        } else {
            QCOMPARE(cell, QStringLiteral("—"));
        }
    }
    for (int f = 0; f < figures.size(); ++f) {
        QVERIFY(!compare->scoreTable()->isBest(f, 0) && !compare->scoreTable()->isBest(f, 1));
    }
    // Commands are not offered.
    for (QAction *action : compare->consumerActions()->actions()) {
        QVERIFY(!action->isVisible());
    }
    // A language switch renames the panes everywhere: titles, the table, the legend, the
    // lines (issue 37: after a switch to English they still said 观测 / 模型). The lines keep
    // their points.
    const qsizetype points = compare->charts()->pointCount(CompareCharts::Exposed, 0);
    QVERIFY(points > 0);
    QVERIFY(m_languages.setLanguage(QStringLiteral("zh_CN")));
    QTRY_VERIFY(compare->paneTitle(0).contains(QStringLiteral("观测"))); // LanguageChange is posted
    QVERIFY(compare->paneTitle(1).contains(QStringLiteral("模型")));
    QCOMPARE(compare->scoreTable()->horizontalHeaderItem(0)->text(), QStringLiteral("观测"));
    QVERIFY(compare->charts()->legendShowsWhole(QStringLiteral("模型")));
    // The window's title in one language: what the logs hold, not the engine's English name of
    // the imported scenario (issue 37 item 7: "对比：Imported from 3 log files").
    const QString zhSummary = session->observedWorld(0)->summary();
    QCOMPARE(zhSummary, QStringLiteral("3 个日志文件，GID_ORDER 的 2 个消费者"));
    QCOMPARE(compare->windowTitle(), QStringLiteral("对比：%1 — Rebalance Lab").arg(zhSummary));
    QVERIFY(m_languages.setLanguage(QStringLiteral("en")));
    QTRY_VERIFY(compare->paneTitle(0).contains(QStringLiteral("Observed")));
    const QString enSummary = session->observedWorld(0)->summary();
    QCOMPARE(enSummary, QStringLiteral("3 log files, 2 consumers of GID_ORDER"));
    QCOMPARE(compare->windowTitle(), QStringLiteral("Compare: %1 — Rebalance Lab").arg(enSummary));
    QCOMPARE(compare->scoreTable()->horizontalHeaderItem(1)->text(), QStringLiteral("Modelled"));
    QVERIFY(compare->charts()->legendShowsWhole(QStringLiteral("Observed")));
    QVERIFY(!compare->charts()->legendShowsWhole(QStringLiteral("观测")));
    QCOMPARE(compare->charts()->pointCount(CompareCharts::Exposed, 0), points);
    // At 1280×720 the charts under the panes are short: no value label may be cut to "…" (issue
    // 37 item 2: every y-axis of the replay read "…"), and the time axes read the clock.
    compare->resize(1280, 720);
    compare->show();
    QVERIFY(QTest::qWaitForWindowExposed(compare.get()));
    compare->refreshFigures();
    for (int c = 0; c < CompareCharts::ChartCount; ++c) {
        QVERIFY2(compare->charts()->valueLabelsWhole(CompareCharts::Chart(c)),
            qPrintable(QString::number(c)));
        const QStringList labels = compare->charts()->timeLabels(CompareCharts::Chart(c));
        QVERIFY(!labels.isEmpty());
        QVERIFY2(compare->charts()->timeLabelsWhole(CompareCharts::Chart(c)),
            qPrintable(labels.join(QLatin1Char(' '))));
    }
    if (qEnvironmentVariableIsSet("RBLAB_TEST_SHOT")) {
        QTest::qWait(200);
        compare->grab().save(qEnvironmentVariable("RBLAB_TEST_SHOT"));
    }
}

void tst_ObservedLogs::inspectorListsLines()
{
    MainWindow window(m_registry, m_languages);
    window.setQuiet(true);
    QVERIFY(window.importController()->importFiles(kill53()));
    window.controller()->seek(30000);
    const qint32 a = consumerIndex(*window.controller()->catalog(), kA);
    InspectorView *inspector = window.inspector();
    inspector->setSelection(Selection::consumer(a));
    const QStringList lines = inspector->sourceLines();
    // Up to 30 s (corrected): start beginning (its message model, other_days 1), start OK, 8
    // add-a-new-mq and the result (3–12), the notifications, removes and result of the second
    // round (rocketmq_client.log 1–7), the first flow-control warning (8); not the later ones
    // (9, 10).
    QStringList expected { QStringLiteral("hostA/other_days/rocketmq_client-1.log.gz:1") };
    for (int line = 3; line <= 12; ++line) {
        expected.append(QStringLiteral("hostA/other_days/rocketmq_client-1.log.gz:%1").arg(line));
    }
    for (int line = 1; line <= 8; ++line) {
        expected.append(QStringLiteral("hostA/rocketmq_client.log:%1").arg(line));
    }
    QCOMPARE(lines, expected);
    // Its last result line (rocketmq_client.log:7, 9950 on the corrected clock).
    QCOMPARE(inspector->value(QStringLiteral("Logged view")),
        QStringLiteral("at %1: cidAllSize=2, mqAllSize=8").arg(GuiText::clock(9950)));
    // A click copies the line's place.
    auto *tree = inspector->findChild<QTreeWidget *>();
    QVERIFY(tree);
    const auto items = tree->findItems(
        QStringLiteral("hostA/rocketmq_client.log:8"), Qt::MatchExactly | Qt::MatchRecursive, 0);
    QCOMPARE(items.size(), 1);
    emit tree->itemClicked(items.first(), 0);
    QCOMPARE(inspector->copiedLine(), QStringLiteral("hostA/rocketmq_client.log:8"));
    QCOMPARE(QGuiApplication::clipboard()->text(), QStringLiteral("hostA/rocketmq_client.log:8"));
    // Later, the later lines come in.
    window.controller()->seek(60000);
    inspector->refresh();
    QVERIFY(inspector->sourceLines().contains(QStringLiteral("hostA/rocketmq_client.log:10")));
}

void tst_ObservedLogs::badInputIsReported()
{
    // Bad lines: imported, with each problem's file:line.
    const ObservedWorld::Result malformed = ObservedWorld::import(
        { data("malformed/host/rocketmq_client.log") }, LogImporter::Options());
    QVERIFY(malformed.world);
    QCOMPARE(malformed.warnings.size(), 2);
    QCOMPARE(malformed.warnings.at(0).line, qint64(3));
    QCOMPARE(malformed.warnings.at(1).line, qint64(6));
    // A folder without a client log: refused with why, the folder named once, nothing shown.
    QTemporaryDir dir;
    const QString empty = dir.filePath(QStringLiteral("empty"));
    QVERIFY(QDir().mkpath(empty));
    const ObservedWorld::Result folder = ObservedWorld::import({ empty }, LogImporter::Options());
    QVERIFY(!folder.world);
    QVERIFY2(folder.error.startsWith(empty
                 + QStringLiteral(": a folder without a RocketMQ client "
                                  "log")),
        qPrintable(folder.error));
    QCOMPARE(folder.error.count(empty), 1);
    // A file that is not a log: its path once, then why (it used to be printed twice).
    QFile blank(dir.filePath(QStringLiteral("rocketmq_client.log")));
    QVERIFY(blank.open(QIODevice::WriteOnly));
    blank.close();
    const ObservedWorld::Result emptyFile
        = ObservedWorld::import({ blank.fileName() }, LogImporter::Options());
    QVERIFY(!emptyFile.world);
    QCOMPARE(emptyFile.error, blank.fileName() + QStringLiteral(": empty file"));
    // A truncated gzip file: what came before the cut, and a warning naming the place.
    QFile gz(data("kill53/hostA/other_days/rocketmq_client-1.log.gz"));
    QVERIFY(gz.open(QIODevice::ReadOnly));
    const QByteArray bytes = gz.readAll();
    QFile cut(dir.filePath(QStringLiteral("rocketmq_client-1.log.gz")));
    QVERIFY(cut.open(QIODevice::WriteOnly));
    cut.write(bytes.left(bytes.size() * 2 / 3));
    cut.close();
    const ObservedWorld::Result truncated
        = ObservedWorld::import({ cut.fileName() }, LogImporter::Options());
    QCOMPARE(truncated.warnings.size(), 1);
    QVERIFY(truncated.warnings.first().text.contains(QStringLiteral("truncated")));
    // Cancel stops a large import (the importer asks every MiB read): no world, and why.
    QFile big(dir.filePath(QStringLiteral("big.log")));
    QVERIFY(big.open(QIODevice::WriteOnly));
    const QByteArray line = QByteArray(99, 'x') + '\n';
    for (int i = 0; i < 30000; ++i) {
        big.write(line);
    }
    big.close();
    std::atomic_bool cancel = true;
    const ObservedWorld::Result cancelled
        = ObservedWorld::import({ big.fileName() }, LogImporter::Options(), &cancel);
    QVERIFY(!cancelled.world);
    QCOMPARE(cancelled.error, QStringLiteral("The import was cancelled."));
    // In the window, quiet: the error is kept, the run shown before stays.
    MainWindow window(m_registry, m_languages);
    window.setQuiet(true);
    QVERIFY(window.openScenario(MainWindow::defaultScenarioPath()));
    QVERIFY(!window.importController()->importFiles({ empty }));
    QVERIFY(window.importController()->lastError().contains(QStringLiteral("a folder without")));
    QVERIFY(!window.controller()->isObserved());
}

void tst_ObservedLogs::folderImportsTheLogsBelowIt()
{
    // The incident's folder (one folder per machine, 5.x rotations in other_days/) gives the
    // same observed world as its three files named one by one (File › Import client logs from a
    // folder…, --import-logs FOLDER).
    const ObservedWorld::Result files = ObservedWorld::import(kill53(), LogImporter::Options());
    const ObservedWorld::Result folder
        = ObservedWorld::import({ data("kill53") }, LogImporter::Options());
    QVERIFY2(folder.world, qPrintable(folder.error));
    QVERIFY(files.world);
    QCOMPARE(folder.world->files().size(), 3);
    QCOMPARE(folder.world->duration(), files.world->duration());
    QCOMPARE(folder.world->duration(), SimTime(119900));
    QCOMPARE(folder.world->catalog()->consumers.size(), files.world->catalog()->consumers.size());
    QCOMPARE(folder.world->catalog()->consumers.size(), 2);
    QCOMPARE(folder.world->importer().reportJson(), files.world->importer().reportJson());
    // One machine's folder: that machine's two files.
    const ObservedWorld::Result host
        = ObservedWorld::import({ data("kill53/hostA") }, LogImporter::Options());
    QVERIFY2(host.world, qPrintable(host.error));
    QCOMPARE(host.world->files().size(), 2);
    // In the window: the folder opens as the observed run.
    MainWindow window(m_registry, m_languages);
    window.setQuiet(true);
    QVERIFY(window.openScenario(MainWindow::defaultScenarioPath()));
    QVERIFY2(window.importController()->importFiles({ data("kill53") }),
        qPrintable(window.importController()->lastError()));
    QVERIFY(window.controller()->isObserved());
    QCOMPARE(window.controller()->reached(), SimTime(119900));
    QVERIFY(window.importController()->importLogsFolderAction());
    QVERIFY(!window.importController()->importLogsFolderAction()->text().isEmpty());
}

void tst_ObservedLogs::groupChartsCountTheirOwnGroup()
{
    // Two groups in one incident: GA double-owns broker-a/1 of TA from 10.001 s to 20 s (a second
    // client claims it before the first lets go); GB's only client shuts down at 30 s, leaving
    // its two queues of TB unowned to the end. A selected group's charts read the samples' per-
    // group counts, which the imported samples did not have: they showed the world's.
    QTemporaryDir dir;
    const QByteArray head = "2024-03-01 12:00:%1.%2 INFO  [9] [RebalanceService] "
                            "[o.a.r.c.i.c.RebalanceImpl#?:?] - ";
    const auto line = [&](int ms, const QByteArray &text) {
        return QString::fromLatin1(head)
                   .arg(ms / 1000, 2, 10, QLatin1Char('0'))
                   .arg(ms % 1000, 3, 10, QLatin1Char('0'))
                   .toLatin1()
            + text + "\n";
    };
    const auto result = [](const char *group, const char *topic, const char *client,
                            QList<int> queues, int cids) {
        QStringList set;
        for (int q : queues) {
            set.append(QStringLiteral("MessageQueue [topic=%1, brokerName=broker-a, queueId=%2]")
                           .arg(QLatin1String(topic))
                           .arg(q));
        }
        return QStringLiteral("client rebalanced result changed. "
                              "allocateMessageQueueStrategyName=AVG, group=%1, topic=%2, "
                              "clientId=%3, mqAllSize=2, cidAllSize=%4, rebalanceResultSize=%5, "
                              "rebalanceResultSet=[%6]")
            .arg(QLatin1String(group), QLatin1String(topic), QLatin1String(client))
            .arg(cids)
            .arg(queues.size())
            .arg(set.join(QStringLiteral(", ")))
            .toLatin1();
    };
    const QMap<QString, QByteArray> logs {
        { QStringLiteral("h1"),
            line(0, "the consumer [GA] start OK.")
                + line(1, result("GA", "TA", "10.0.0.1@1", { 0, 1 }, 1))
                + line(20000, result("GA", "TA", "10.0.0.1@1", { 0 }, 2))
                + line(59000, result("GA", "TA", "10.0.0.1@1", { 0 }, 2)) },
        { QStringLiteral("h2"),
            line(10000, "the consumer [GA] start OK.")
                + line(10001, result("GA", "TA", "10.0.0.2@2", { 1 }, 2))
                + line(59000, result("GA", "TA", "10.0.0.2@2", { 1 }, 2)) },
        { QStringLiteral("h3"),
            line(0, "the consumer [GB] start OK.")
                + line(2, result("GB", "TB", "10.0.0.3@3", { 0, 1 }, 1))
                + line(30000, "the consumer [GB] shutdown OK") },
    };
    for (auto it = logs.cbegin(); it != logs.cend(); ++it) {
        QVERIFY(QDir(dir.path()).mkpath(it.key()));
        QFile f(dir.filePath(it.key() + QStringLiteral("/rocketmq_client.log")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(it.value());
    }
    const ObservedWorld::Result r = ObservedWorld::import({ dir.path() }, LogImporter::Options());
    QVERIFY2(r.world, qPrintable(r.error));
    const qsizetype ga = r.world->catalog()->groupIndex(QStringLiteral("GA"));
    const qsizetype gb = r.world->catalog()->groupIndex(QStringLiteral("GB"));
    QVERIFY(ga >= 0 && gb >= 0);
    const auto at = [&](SimTime t) -> const Sample & {
        const QList<Sample> &samples = r.world->samples();
        const auto it = std::lower_bound(samples.cbegin(), samples.cend(), t,
            [](const Sample &s, SimTime v) { return s.t < v; });
        return it == samples.cend() ? samples.constLast() : *it;
    };
    // Times below are after the origin (the first line, 12:00:00.000).
    const Sample &during = at(15000);
    QCOMPARE(during.groupDoubleOwned.size(), 2);
    QCOMPARE(during.doubleOwnedQueues, 1);
    QCOMPARE(during.groupDoubleOwned.at(ga), 1);
    QCOMPARE(during.groupDoubleOwned.at(gb), 0);
    QCOMPARE(during.groupOrphaned.at(ga), 0);
    QCOMPARE(during.groupOrphaned.at(gb), 0);
    const Sample &after = at(45000);
    QCOMPARE(after.orphanedQueues, 2);
    QCOMPARE(after.groupOrphaned.at(gb), 2);
    QCOMPARE(after.groupOrphaned.at(ga), 0);
    QCOMPARE(after.groupDoubleOwned.at(ga), 0);
    // The charts of a group in view draw these.
    const auto members = [&](qsizetype group) {
        QList<qint32> list;
        const QList<ConsumerInfo> &consumers = r.world->catalog()->consumers;
        for (qint32 c = 0; c < consumers.size(); ++c) {
            if (consumers.at(c).groupIndex == group) {
                list.append(c);
            }
        }
        return list;
    };
    QCOMPARE(members(ga).size(), 2);
    QCOMPARE(members(gb).size(), 1);
    ChartSeries series;
    series.setScope(qint32(gb), members(gb));
    series.append(r.world->samples());
    ChartSeries gaSeries;
    gaSeries.setScope(qint32(ga), members(ga));
    gaSeries.append(r.world->samples());
    QCOMPARE(*std::max_element(series.orphaned().cbegin(), series.orphaned().cend()), 2.0f);
    QCOMPARE(*std::max_element(series.doubleOwned().cbegin(), series.doubleOwned().cend()), 0.0f);
    QCOMPARE(*std::max_element(gaSeries.orphaned().cbegin(), gaSeries.orphaned().cend()), 0.0f);
    QCOMPARE(
        *std::max_element(gaSeries.doubleOwned().cbegin(), gaSeries.doubleOwned().cend()), 1.0f);
}

void tst_ObservedLogs::mqadminScenarioOpensAsDocument()
{
    // Import mqadmin output… runs rblab import-mqadmin's importer on the two pasted outputs and
    // hands its scenario over as scenarioImported: from an observed world too, it opens as an
    // untitled document, runs in the engine and starts with mqadmin's assignment.
    MainWindow window(m_registry, m_languages);
    window.setQuiet(true);
    QVERIFY(window.importController()->importMqadminAction()->isEnabled());
    QVERIFY(window.importController()->importFiles(kill53()));
    auto read = [](const char *relative) {
        QFile file(QStringLiteral(RBLAB_TEST_DATA_DIR "/importmqadmin/") + QLatin1String(relative));
        return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
    };
    QString error;
    QStringList warnings;
    const std::optional<Scenario> scenario = ImportController::scenarioFromMqadmin(
        read("v5/connection.txt"), read("v5/progress.txt"), &error, &warnings);
    QVERIFY2(scenario, qPrintable(error));
    QCOMPARE(scenario->groups.size(), 1);
    QCOMPARE(scenario->groups[0].consumers.size(), 2);
    emit window.importController()->scenarioImported(*scenario);
    QVERIFY(!window.controller()->isObserved());
    QCOMPARE(window.document()->scenario().name, scenario->name);
    QVERIFY(window.document()->filePath().isEmpty());
    QVERIFY(window.observedBannerText().isEmpty());
    // The first moment shows mqadmin's owners: 6 of TopicOrder's 8 queues held (broker-b/2 and
    // /3 showed N/A), 3 by each consumer (tst_mqadminparser: importV5Orphans).
    window.controller()->seek(500); // before the first rebalance (1 s on 5.x)
    auto held = [&window] {
        int n = 0;
        if (window.controller()->now() != 500 || !window.controller()->catalog()) {
            return -1;
        }
        const Catalog &catalog = *window.controller()->catalog();
        for (const SnapshotHolding &h : window.controller()->snapshot().holdings) {
            n += catalog.queues.at(h.queue).topic == QLatin1String("TopicOrder") ? 1 : 0;
        }
        return n;
    };
    QTRY_COMPARE_WITH_TIMEOUT(held(), 6, 20000);
    // Bad input: nothing readable is an error with the reason, not an empty world.
    QVERIFY(!ImportController::scenarioFromMqadmin(
        QStringLiteral("hello"), QStringLiteral("world"), &error));
    QVERIFY(!error.isEmpty());
}

void tst_ObservedLogs::importsInAWorkerThread()
{
    // Not quiet: the import runs in its worker thread behind the progress dialog (clean logs:
    // no problem dialog to answer), and the window shows it as the quiet path does.
    MainWindow window(m_registry, m_languages);
    window.importController()->setQuiet(false);
    QSignalSpy opened(window.importController(), &ImportController::observedOpened);
    QVERIFY(window.importController()->importFiles(kill53()));
    QCOMPARE(opened.size(), 1);
    QVERIFY(window.controller()->isObserved());
    window.controller()->seek(30000);
    QCOMPARE(held(*window.controller()->catalog(), window.controller()->snapshot(), kB),
        queues("broker-b", { 0, 1, 2, 3 }));
}

void tst_ObservedLogs::silenceIsNotAKill()
{
    // Issue 37 item 5: the logs record that 2202 fell silent, not that it was killed.
    MainWindow window(m_registry, m_languages);
    window.setQuiet(true);
    QVERIFY2(window.importController()->importFiles({ incident() }),
        qPrintable(window.importController()->lastError()));
    SimulationController *controller = window.controller();
    const auto world = controller->observedWorld();
    QVERIFY(world);
    const qint32 hung = consumerIndex(*controller->catalog(), kHung);
    QVERIFY(hung >= 0);
    // Its last line as host-2 printed it; the other three consumers did not fall silent.
    QCOMPARE(world->silentSince().size(), controller->catalog()->consumers.size());
    QCOMPARE(world->silentSince().at(hung), QStringLiteral("21:42:01"));
    QCOMPARE(world->silentSince().count(QString()), 3);
    // The report still says "killed" (docs/formats/report-format.md): the display does not.
    QCOMPARE(world->importer().observedConsumers().at(hung).killed.has_value(), true);
    controller->seek(119399);
    QCOMPARE(window.assignmentView()->cardStateText(hung), QStringLiteral("running"));
    controller->seek(world->duration());
    QCOMPARE(controller->snapshot().consumers.at(hung).state, ConsumerState::Killed);
    AssignmentView *view = window.assignmentView();
    QCOMPARE(view->cardStateText(hung), QStringLiteral("silent since 21:42:01 (last log line)"));
    QVERIFY(!view->cardStateText(hung).contains(QStringLiteral("kill")));
    QVERIFY(view->consumerToolTip(hung).contains(
        QStringLiteral("State: silent since 21:42:01 (last log line)")));
    QVERIFY(!view->consumerToolTip(hung).contains(QStringLiteral("killed")));
    // The event log: one "silent" row for it, no "kill".
    EventLogModel *log = window.eventLog()->model();
    int silentRows = 0;
    for (int row = 0; row < log->rowCount(); ++row) {
        const QString kind = log->index(row, EventLogModel::KindColumn).data().toString();
        QVERIFY2(kind != QStringLiteral("kill"), qPrintable(QString::number(row)));
        if (kind == QStringLiteral("silent")) {
            ++silentRows;
            QCOMPARE(log->index(row, EventLogModel::TimeColumn).data().toString(),
                GuiText::clock(119400));
            QVERIFY(log->index(row, EventLogModel::DetailColumn)
                        .data()
                        .toString()
                        .startsWith(QStringLiteral(
                            "192.0.2.12@2202 silent since 21:42:01 (last log line)")));
        }
    }
    QCOMPARE(silentRows, 1);
    // On a narrow card the parenthesis gives way first; the time stays (1280×720: "(last" was
    // cut off with no sign that more followed).
    const QFontMetricsF metrics(view->font());
    const QString words = view->cardStateText(hung);
    const QString shortWords = QStringLiteral("silent since 21:42:01");
    QCOMPARE(AssignmentRenderer::fittedStateWords(words, metrics, 1000), words);
    QCOMPARE(AssignmentRenderer::fittedStateWords(
                 words, metrics, metrics.horizontalAdvance(shortWords) + 1),
        shortWords);
    QCOMPARE(AssignmentRenderer::fittedStateWords(QStringLiteral("静默自 21:42:01（最后一行日志）"),
                 metrics, metrics.horizontalAdvance(QStringLiteral("静默自 21:42:01")) + 1),
        QStringLiteral("静默自 21:42:01"));
    QVERIFY(AssignmentRenderer::fittedStateWords(
        words, metrics, metrics.horizontalAdvance(shortWords) / 2)
                .endsWith(QChar(0x2026)));
    // The "Kinds" menu lists "silent" where an engine run lists "kill"; the timeline marks it
    // with the hangs (violet), not in the kills' red.
    const QStringList kinds = window.eventLog()->kindNames();
    QVERIFY(kinds.contains(QStringLiteral("silent")));
    QVERIFY(!kinds.contains(QStringLiteral("kill")));
    QList<SimTime> silentMarks;
    for (const TimelineTrack::Marker &m : window.timelineBar()->track()->markers()) {
        QVERIFY2(m.lane != TimelineTrack::Killed, qPrintable(QString::number(m.t)));
        if (m.lane == TimelineTrack::Frozen) {
            silentMarks.append(m.t);
        }
    }
    QCOMPARE(silentMarks, QList<SimTime> { 119400 });
    // The inspector says it too.
    window.inspector()->setSelection(Selection::consumer(hung));
    QCOMPARE(window.inspector()->value(QStringLiteral("State")),
        QStringLiteral("silent since 21:42:01 (last log line)"));
    // In Chinese at once, and back.
    QVERIFY(m_languages.setLanguage(QStringLiteral("zh_CN")));
    QTRY_COMPARE(view->cardStateText(hung), QStringLiteral("静默自 21:42:01（最后一行日志）"));
    QCOMPARE(view->cardCacheText(hung), QStringLiteral("—"));
    QCOMPARE(view->cardCacheToolTip(hung),
        QStringLiteral(
            "未测量：客户端日志不记录缓存大小（消息数或字节数）、位点、堆积或重复消费。"));
    QVERIFY(!window.chartPanel()->unmeasuredText().isEmpty());
    QVERIFY(window.chartPanel()->unmeasuredText().contains(QStringLiteral("客户端日志")));
    QVERIFY(m_languages.setLanguage(QStringLiteral("en")));
    QTRY_COMPARE(
        view->cardStateText(hung), QStringLiteral("silent since 21:42:01 (last log line)"));
    // A scenario after it: a killed consumer is "killed" again.
    QVERIFY(window.openScenario(MainWindow::defaultScenarioPath()));
    QVERIFY(view->figuresMeasured());
    QTRY_VERIFY(window.eventLog()->kindNames().contains(QStringLiteral("kill")));
    QVERIFY(!window.eventLog()->kindNames().contains(QStringLiteral("silent")));
    WorldSnapshot killed = controller->snapshot();
    killed.consumers[0].state = ConsumerState::Killed;
    view->setFrame(controller->catalog(), killed, controller->generation());
    QCOMPARE(view->cardStateText(0), QStringLiteral("killed"));
}

void tst_ObservedLogs::unmeasuredFiguresAreNotZero()
{
    MainWindow window(m_registry, m_languages);
    window.setQuiet(true);
    window.resize(1400, 900);
    QVERIFY(window.importController()->importFiles({ incident() }));
    SimulationController *controller = window.controller();
    controller->seek(200000);
    AssignmentView *view = window.assignmentView();
    QVERIFY(!view->figuresMeasured());
    // Every card: "—" with why, never "0 msg".
    for (qint32 c = 0; c < controller->catalog()->consumers.size(); ++c) {
        QCOMPARE(view->cardCacheText(c), QStringLiteral("—"));
        QVERIFY(view->cardCacheToolTip(c).contains(
            QStringLiteral("client logs do not record cache sizes")));
        QVERIFY(view->consumerToolTip(c).contains(QStringLiteral("cached —")));
        QVERIFY(!view->consumerToolTip(c).contains(QStringLiteral("cached 0")));
    }
    QVERIFY(view->queueToolTip(0).contains(QStringLiteral("Offsets, lag and cache: —")));
    QVERIFY(!view->queueToolTip(0).contains(QStringLiteral("lag 0")));
    // The cache and lag charts are not drawn: no series, no tab; the panel says why.
    ChartPanel *charts = window.chartPanel();
    charts->refreshAll();
    for (ChartPanel::Kind kind :
        { ChartPanel::CacheMessages, ChartPanel::CacheMiB, ChartPanel::Lag }) {
        QCOMPARE(charts->chart(kind)->series().size(), 0);
        QVERIFY(!charts->isChartAvailable(kind));
        QVERIFY(!charts->isMeasured(kind));
    }
    QVERIFY(charts->unmeasuredText().contains(QStringLiteral("client logs do not record")));
    auto *note = charts->findChild<QLabel *>(QStringLiteral("UnmeasuredCharts"));
    QVERIFY(note);
    QVERIFY(!note->isHidden());
    // What the logs do record is still drawn: the ownership chart has its lines.
    QVERIFY(charts->isMeasured(ChartPanel::Ownership));
    QVERIFY(charts->chart(ChartPanel::Ownership)->series().size() >= 2);
    // The queue inspector: offsets and lag "—" with why.
    window.inspector()->setSelection(Selection::queue(0));
    QCOMPARE(window.inspector()->value(QStringLiteral("Lag")), QStringLiteral("—"));

    // A simulated world still shows its numbers (regression).
    QVERIFY(window.openScenario(MainWindow::defaultScenarioPath()));
    controller->runTo(20000);
    QTRY_VERIFY_WITH_TIMEOUT(controller->now() >= 20000, 10000);
    QVERIFY(view->figuresMeasured());
    QVERIFY(charts->unmeasuredText().isEmpty());
    QVERIFY(note->isHidden());
    bool cached = false;
    for (qint32 c = 0; c < controller->catalog()->consumers.size(); ++c) {
        const SnapshotConsumer &sc = controller->snapshot().consumers.at(c);
        QCOMPARE(view->cardCacheText(c),
            QStringLiteral("%1 msg · %2")
                .arg(GuiText::count(sc.cachedCount), GuiText::bytes(sc.cachedBytes)));
        QVERIFY(view->cardCacheToolTip(c).isEmpty());
        cached = cached || sc.cachedCount > 0;
    }
    QVERIFY(cached);
    charts->refreshAll();
    for (ChartPanel::Kind kind :
        { ChartPanel::CacheMessages, ChartPanel::CacheMiB, ChartPanel::Lag }) {
        QVERIFY(charts->isChartAvailable(kind));
        QVERIFY2(charts->chart(kind)->series().size() >= 2, qPrintable(QString::number(kind)));
    }
}

void tst_ObservedLogs::compareObservedPaneIsHonest()
{
    MainWindow window(m_registry, m_languages);
    window.setQuiet(true);
    QVERIFY(window.importController()->importFiles({ incident() }));
    std::unique_ptr<CompareWindow> compare(window.importController()->replayInEngine(false));
    QVERIFY2(compare, qPrintable(window.importController()->lastError()));
    CompareSession *session = compare->session();
    session->advanceTo(200000);
    compare->refreshFigures();
    const qint32 hung = consumerIndex(*session->catalog(0), kHung);
    QVERIFY(hung >= 0);
    // The observed pane: silent, "—"; the engine's pane measures its caches.
    QVERIFY(!compare->paneView(0)->figuresMeasured());
    QCOMPARE(compare->paneView(0)->cardStateText(hung),
        QStringLiteral("silent since 21:42:01 (last log line)"));
    QCOMPARE(compare->paneView(0)->cardCacheText(hung), QStringLiteral("—"));
    QVERIFY(compare->paneView(1)->figuresMeasured());
    QVERIFY(compare->paneView(1)->cardCacheText(0).contains(QStringLiteral("msg")));
    // The table's "—" says why.
    for (int f = 0; f < ScorecardFigure::all().size(); ++f) {
        if (!compare->scoreTable()->isMeasured(f, 0)) {
            QCOMPARE(compare->scoreTable()->cellText(f, 0), QStringLiteral("—"));
            QVERIFY(!compare->scoreTable()->item(f, 0)->toolTip().isEmpty());
        }
    }
}

QTEST_MAIN(tst_ObservedLogs)
#include "tst_observedlogs.moc"
