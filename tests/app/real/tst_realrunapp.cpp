// SPDX-License-Identifier: Apache-2.0
// Issue 35 in the app: File › Open a real run… on the recorded short run (tests/data/realrun,
// RocketMQ 4.9.8: kill -9 of 127.0.0.1@c1 at 40 s, a graceful shutdown of 127.0.0.1@c2 at 80 s)
// through the menu's code path, and Simulation › Run on a real RocketMQ…'s refusals and Stop.
#include "realrunfixture.h"

#include <assignment/assignmentview.h>
#include <compare/comparesession.h>
#include <compare/comparewindow.h>
#include <document/scenariodocument.h>
#include <languagemanager.h>
#include <mainwindow.h>
#include <observed/importcontroller.h>
#include <observed/observedworld.h>
#include <real/realfigurestable.h>
#include <real/realrundialog.h>
#include <real/realruncontroller.h>
#include <simulation/simulationcontroller.h>

#include <allocation/strategyregistry.h>
#include <scenario/scenarioreader.h>

#include <QFile>
#include <QHeaderView>
#include <QPushButton>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <atomic>

using namespace Rblab;

class tst_RealRunApp : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void openTheRecordedRun();
    void aPopGroupIsNotDoubleOwned();
    void whatTheRunDidIsShown();
    void zoneOfTheClientsLogs();
    void notARunFolder();
    void runDialogRefusesRandomChurn();
    void runDialogPlansTheShortRun();
    void stopAsksTheRunToStop();
    void closingStopsTheRun();

private:
    StrategyRegistry m_registry;
    LanguageManager m_languages;
    QTemporaryDir m_dir;
    QString m_run;
};

void tst_RealRunApp::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    StrategyRegistry::Sources sources;
    sources.user = false;
    sources.environment = false;
    m_registry.load(sources);
    QVERIFY(m_registry.find(QStringLiteral("AVG")));
    QVERIFY(m_languages.setLanguage(QStringLiteral("en")));
    QVERIFY(m_dir.isValid());
    m_run = RealRunFixture::unpack(m_dir, QStringLiteral("short-4.9.8"));
    QVERIFY2(!m_run.isEmpty(), "tar could not unpack tests/data/realrun/short-4.9.8.tar.xz");
}

void tst_RealRunApp::openTheRecordedRun()
{
    MainWindow window(m_registry, m_languages);
    window.setQuiet(true);
    RealRunController *real = window.realRunController();
    // What File › Open a real run… does once the folder is chosen.
    std::unique_ptr<CompareWindow> compare(real->open(m_run, false));
    QVERIFY2(compare, qPrintable(real->lastError()));

    // The window shows the run's client logs, read through the import path: three clients.
    QVERIFY(window.controller()->isObserved());
    const std::shared_ptr<const ObservedWorld> observed = window.controller()->observedWorld();
    QVERIFY(observed);
    QCOMPARE(observed->files().size(), 3);
    QCOMPARE(observed->catalog()->consumers.size(), 3);

    // Compare mode: the real run beside the engine playing the run's scenario with profile 4.9,
    // on one clock from the run's origin (real-run.json: 1796601253022, 23:54:13.022 UTC; the
    // clients printed UTC, and the logs' time 0 is their first used line).
    CompareSession *session = compare->session();
    QCOMPARE(session->paneCount(), 2);
    QVERIFY(session->isObserved(0));
    QVERIFY(!session->isObserved(1));
    QCOMPARE(session->realVersion(), QStringLiteral("4.9.8"));
    QCOMPARE(session->scenario(1).profile, Profile::V49);
    QCOMPARE(session->duration(), SimTime(110000));
    QCOMPARE(session->observedShift(), SimTime(1796601253022 - observed->origin()));
    QVERIFY2(std::abs(session->observedShift()) < 60 * 1000,
        qPrintable(QString::number(session->observedShift())));
    QCOMPARE(compare->windowTitle(),
        QStringLiteral("Real RocketMQ 4.9.8 beside the engine — Rebalance Lab"));
    QCOMPARE(session->variant(0).name, QStringLiteral("Real RocketMQ 4.9.8"));
    QCOMPARE(session->variant(1).name, QStringLiteral("Engine, profile 4.9"));

    // At 30 s the real group had settled: the topic's 8 queues are held in both panes.
    session->advanceTo(30000);
    QCOMPARE(session->now(), SimTime(30000));
    QVERIFY(session->snapshot(0).holdings.size() >= 8);
    QVERIFY(session->snapshot(1).holdings.size() >= 8);

    // The figures, computed off the GUI thread: 8 rows, each with a real value and a verdict.
    RealFiguresTable *table = real->figuresTable();
    QVERIFY(table);
    QVERIFY(compare->figuresTabs());
    QCOMPARE(compare->figuresTabs()->currentWidget(), table);
    QCOMPARE(compare->figuresTabs()->tabText(0), QStringLiteral("Real vs engine"));
    QVERIFY(table->waitUntilReady(5 * 60 * 1000));
    QVERIFY2(table->error().isEmpty(), qPrintable(table->error()));
    QCOMPARE(table->rows().size(), 8);
    QCOMPARE(table->rowCount(), 8);
    for (int r = 0; r < table->rowCount(); ++r) {
        const RealComparisonRow &row = table->rows().at(r);
        QCOMPARE(row.seeds, RealFiguresTable::kSeeds);
        QVERIFY(!table->item(r, RealFiguresTable::Real)->text().isEmpty());
        const QString verdict = table->item(r, RealFiguresTable::Verdict)->text();
        QVERIFY2(verdict == QStringLiteral("agrees")
                || verdict == QStringLiteral("outside the range")
                || verdict == QStringLiteral("median too far"),
            qPrintable(verdict));
        QCOMPARE(verdict, RealFiguresTable::verdictText(row));
        QVERIFY(table->item(r, RealFiguresTable::Verdict)
                    ->toolTip()
                    .startsWith(QStringLiteral("Agrees when")));
    }
    // c2 received its first queue of c1's 166 ms after the kill; 8 messages came twice.
    QCOMPARE(table->rows().at(0).figure, QStringLiteral("first receipt after kill 127.0.0.1@c1"));
    QCOMPARE(table->item(0, RealFiguresTable::Figure)->text(),
        QStringLiteral("First queue taken over after the kill of 127.0.0.1@c1 (ms)"));
    QCOMPARE(table->item(0, RealFiguresTable::Real)->text(), QStringLiteral("166"));
    int duplicates = -1;
    for (int r = 0; r < table->rowCount(); ++r) {
        if (table->rows().at(r).figure == QLatin1String("duplicates")) {
            duplicates = r;
        }
    }
    QVERIFY(duplicates >= 0);
    QCOMPARE(table->item(duplicates, RealFiguresTable::Figure)->text(),
        QStringLiteral("Duplicates (messages)"));
    QCOMPARE(table->item(duplicates, RealFiguresTable::Real)->text(), QStringLiteral("8"));
    QCOMPARE(table->horizontalHeaderItem(RealFiguresTable::Range)->text(),
        QStringLiteral("Engine range (20 seeds)"));

    // In Chinese the headers, the figures and the verdicts are translated; back in English.
    QVERIFY(m_languages.setLanguage(QStringLiteral("zh_CN")));
    QCoreApplication::processEvents();
    QCOMPARE(table->horizontalHeaderItem(RealFiguresTable::Figure)->text(), QStringLiteral("指标"));
    QCOMPARE(table->horizontalHeaderItem(RealFiguresTable::Real)->text(), QStringLiteral("真实值"));
    QVERIFY(!table->horizontalHeaderItem(RealFiguresTable::Verdict)->text().contains(u'V'));
    QVERIFY(
        !table->item(0, RealFiguresTable::Figure)->text().contains(QStringLiteral("taken over")));
    QVERIFY(!compare->windowTitle().contains(QStringLiteral("beside")));
    QVERIFY(!compare->figuresTabs()->tabText(0).contains(QStringLiteral("engine")));
    QVERIFY(m_languages.setLanguage(QStringLiteral("en")));
    QCoreApplication::processEvents();
    QCOMPARE(
        table->horizontalHeaderItem(RealFiguresTable::Figure)->text(), QStringLiteral("Figure"));
}

void tst_RealRunApp::aPopGroupIsNotDoubleOwned()
{
    // Issue 38: the real 5.3.3 run of a classic group and a POP group (pop-kill-5.3.3). Each
    // popper holds all 8 queues by the broker's assignment; the real pane drew every one of
    // them as double-owned (hatched, 8 counted), where the engine's pane, playing the same
    // scenario, drew none.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString run = RealRunFixture::unpack(dir, QStringLiteral("pop-kill-5.3.3"));
    QVERIFY2(!run.isEmpty(), "tar could not unpack tests/data/realrun/pop-kill-5.3.3.tar.xz");
    MainWindow window(m_registry, m_languages);
    window.setQuiet(true);
    RealRunController *real = window.realRunController();
    std::unique_ptr<CompareWindow> compare(real->open(run, false));
    QVERIFY2(compare, qPrintable(real->lastError()));
    const std::shared_ptr<const ObservedWorld> observed = window.controller()->observedWorld();
    QVERIFY(observed);
    const Catalog &cat = *observed->catalog();
    const qint32 pops = cat.groupIndex(QStringLiteral("pop_group"));
    const qint32 pulls = cat.groupIndex(QStringLiteral("pull_group"));
    QVERIFY(pops >= 0 && pulls >= 0);
    QVERIFY(cat.groups.at(pops).pops);
    QVERIFY(!cat.groups.at(pulls).pops);
    // In the scenario's order, as the engine's pane lists them (q1 logged first, and the real
    // pane put pop_group above pull_group, the engine's the other way round).
    QCOMPARE(pulls, 0);
    QCOMPARE(pops, 1);
    // 30 s into the logs: three poppers on all 8 queues, three classic consumers on 8.
    window.controller()->seek(30000);
    const WorldSnapshot &snap = window.controller()->snapshot();
    int popHoldings = 0;
    for (const SnapshotHolding &h : snap.holdings) {
        if (cat.consumers.at(h.consumer).groupIndex == pops && !cat.queues.at(h.queue).retry) {
            ++popHoldings;
        }
    }
    QCOMPARE(popHoldings, 3 * 8);
    QCOMPARE(window.assignmentView()->doubleOwnedCount(), 0);
    QCOMPARE(snap.totals.doubleOwnedQueues, 0);
    // The real pane as well, and its cards claim no countdown the logs never gave ("rebalancing
    // now" on every running card).
    CompareSession *session = compare->session();
    session->advanceTo(30000);
    QCOMPARE(compare->paneView(0)->doubleOwnedCount(), 0);
    for (qint32 c = 0; c < qint32(cat.consumers.size()); ++c) {
        QVERIFY2(compare->paneView(0)->cardScheduleText(c).isEmpty(),
            qPrintable(compare->paneView(0)->cardScheduleText(c)));
        QVERIFY2(window.assignmentView()->cardScheduleText(c).isEmpty(),
            qPrintable(window.assignmentView()->cardScheduleText(c)));
    }
}

void tst_RealRunApp::whatTheRunDidIsShown()
{
    // The push-vs-pop lesson on the real 5.3.3 (corpus-5.3.3/push-vs-pop-kill): p1 and q1 killed at
    // 40 s, p2 and q2 frozen from 70 s to 220 s. A hung client's log is only silent: the real pane
    // showed p2 and q2 running through their hang, and the killed ones "silent since". The run's
    // own actions (real-run.json) say what was done.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString run
        = RealRunFixture::unpack(dir, QStringLiteral("corpus-5.3.3/push-vs-pop-kill"));
    QVERIFY2(!run.isEmpty(),
        "tar could not unpack tests/data/realrun/corpus-5.3.3/push-vs-pop-kill.tar.xz");
    MainWindow window(m_registry, m_languages);
    window.setQuiet(true);
    std::unique_ptr<CompareWindow> compare(window.realRunController()->open(run, false));
    QVERIFY2(compare, qPrintable(window.realRunController()->lastError()));
    CompareSession *session = compare->session();
    const Catalog &cat = *session->catalog(0);
    const auto index = [&cat](const char *id) {
        for (qint32 c = 0; c < qint32(cat.consumers.size()); ++c) {
            if (cat.consumers.at(c).id == QLatin1String(id)) {
                return c;
            }
        }
        return qint32(-1);
    };
    const qint32 p1 = index("127.0.0.1@p1"), p2 = index("127.0.0.1@p2"), q2 = index("127.0.0.1@q2"),
                 p3 = index("127.0.0.1@p3");
    QVERIFY(p1 >= 0 && p2 >= 0 && q2 >= 0 && p3 >= 0);
    session->advanceTo(60000);
    QCOMPARE(session->snapshot(0).consumers.at(p2).state, ConsumerState::Running);
    QCOMPARE(session->snapshot(0).consumers.at(p1).state, ConsumerState::Killed);
    QCOMPARE(compare->paneView(0)->cardStateText(p1), QStringLiteral("killed"));
    session->advanceTo(105000);
    QCOMPARE(session->snapshot(0).consumers.at(p2).state, ConsumerState::Frozen);
    QCOMPARE(session->snapshot(0).consumers.at(q2).state, ConsumerState::Frozen);
    QCOMPARE(session->snapshot(0).consumers.at(p3).state, ConsumerState::Running);
    // As the engine's pane has them at the same moment (its catalog in the scenario's order).
    qint32 engineP2 = -1;
    for (qint32 c = 0; c < qint32(session->catalog(1)->consumers.size()); ++c) {
        engineP2 = session->catalog(1)->consumers.at(c).id == QLatin1String("127.0.0.1@p2")
            ? c
            : engineP2;
    }
    QVERIFY(engineP2 >= 0);
    QCOMPARE(session->snapshot(1).consumers.at(engineP2).state, ConsumerState::Frozen);
    session->advanceTo(230000);
    QCOMPARE(session->snapshot(0).consumers.at(p2).state, ConsumerState::Running);
    QCOMPARE(session->snapshot(0).consumers.at(q2).state, ConsumerState::Running);
}

void tst_RealRunApp::zoneOfTheClientsLogs()
{
    // The clients printed UTC (the machine's zone): 23:54:13,039 is 17 ms after the origin.
    const QString log = m_run + QStringLiteral("/consumers/127.0.0.1_c1/rocketmq_client.log");
    QCOMPARE(RealRunController::zoneOf(log, 1796601253022), std::optional<int>(0));
    // Printed at UTC+8, the same instant reads eight hours later.
    QCOMPARE(RealRunController::zoneOf(log, 1796601253022 - 8 * 3600 * 1000),
        std::optional<int>(8 * 60));
    QCOMPARE(RealRunController::zoneOf(m_run + QStringLiteral("/real-run.json"), 0), std::nullopt);
}

void tst_RealRunApp::notARunFolder()
{
    MainWindow window(m_registry, m_languages);
    window.setQuiet(true);
    QTemporaryDir empty;
    QVERIFY(!window.realRunController()->open(empty.path(), false));
    QVERIFY2(window.realRunController()->lastError().contains(QStringLiteral("real-run.json")),
        qPrintable(window.realRunController()->lastError()));
}

void tst_RealRunApp::runDialogRefusesRandomChurn()
{
    // The default scenario draws its churn at random: a real cluster cannot play it.
    const QString file = QStringLiteral(":/scenarios/default.json");
    QFile f(file);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray text = f.readAll();
    const ScenarioReadResult read = ScenarioReader::readFile(file, &m_registry);
    QVERIFY(read.scenario);
    QVERIFY(read.scenario->churn);
    RealRunDialog dialog(*read.scenario, file, text);
    QTemporaryDir out;
    dialog.setOutputFolder(out.path() + QStringLiteral("/run"));
    QVERIFY(!dialog.plan().ok());
    const QStringList refusals = dialog.refusalLines();
    QVERIFY(!refusals.isEmpty());
    QVERIFY2(refusals.join(u'\n').contains(QStringLiteral("random churn")),
        qPrintable(refusals.join(u'\n')));
    QVERIFY(refusals.join(u'\n').contains(file + QStringLiteral(": ")));
    QVERIFY(!dialog.startButton()->isEnabled());
    QVERIFY(dialog.blocker().contains(QStringLiteral("Change the scenario")));
}

void tst_RealRunApp::runDialogPlansTheShortRun()
{
    // The short run's scenario has nothing to refuse: Start waits only for the folders.
    const QString file = m_run + QStringLiteral("/scenario.json");
    QFile f(file);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const ScenarioReadResult read = ScenarioReader::readFile(file, &m_registry);
    QVERIFY(read.scenario);
    RealRunDialog dialog(*read.scenario, file, f.readAll());
    QVERIFY(dialog.plan().ok());
    QCOMPARE(dialog.plan().consumers.size(), 3);
    QCOMPARE(dialog.plan().steps.size(), 5); // three starts, the kill and the shutdown
    dialog.setRocketMqFolder(m_dir.path() + QStringLiteral("/no-rocketmq-here"));
    QTemporaryDir out;
    dialog.setOutputFolder(out.path() + QStringLiteral("/run"));
    QVERIFY(!dialog.startButton()->isEnabled());
    QCOMPARE(dialog.blocker(), QStringLiteral("Choose a RocketMQ folder."));
}

void tst_RealRunApp::stopAsksTheRunToStop()
{
    // The progress dialog runs the blocking run on a worker and Stop asks it to stop: a stub in
    // place of RealRunner::run/requestStop, which returns once asked (as the runner does after
    // stopping what it started).
    RealRunProgressDialog dialog(110000);
    std::atomic_bool stopAsked { false };
    std::atomic_bool ranOnWorker { false };
    QThread *gui = QThread::currentThread();
    QTimer::singleShot(200, &dialog, [&dialog] {
        QVERIFY(dialog.isVisible());
        dialog.stopButton()->click();
    });
    const bool ok = dialog.runModal(
        [&] {
            ranOnWorker = QThread::currentThread() != gui;
            dialog.post(QStringLiteral("name server on 127.0.0.1:9876"));
            while (!stopAsked.load()) {
                QThread::msleep(5);
            }
            return false;
        },
        [&] { stopAsked = true; });
    QVERIFY(!ok);
    QVERIFY(stopAsked.load());
    QVERIFY(ranOnWorker.load());
    QVERIFY(dialog.stopRequested());
    QVERIFY(dialog.text().contains(QStringLiteral("name server on 127.0.0.1:9876")));
}

void tst_RealRunApp::closingStopsTheRun()
{
    // Closing the dialog (the window's ×, Escape) stops the run too, and the dialog stays until
    // the run has returned.
    RealRunProgressDialog dialog(110000);
    std::atomic_int stops { 0 };
    std::atomic_bool returned { false };
    bool visibleAfterClose = false;
    QTimer::singleShot(200, &dialog, [&] {
        dialog.close();
        visibleAfterClose = dialog.isVisible();
    });
    const bool ok = dialog.runModal(
        [&] {
            while (stops.load() == 0) {
                QThread::msleep(5);
            }
            QThread::msleep(100); // stopping the JVMs takes a while
            returned = true;
            return false;
        },
        [&] { ++stops; });
    QVERIFY(!ok);
    QCOMPARE(stops.load(), 1);
    QVERIFY(returned.load());
    QVERIFY(visibleAfterClose);
}

QTEST_MAIN(tst_RealRunApp)
#include "tst_realrunapp.moc"
