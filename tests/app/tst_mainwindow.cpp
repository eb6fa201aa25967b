// SPDX-License-Identifier: Apache-2.0
// The whole window on the real engine and plugins: what the user does reaches the engine and
// comes back to the view.
#include <assignmentview.h>
#include <consumeractions.h>
#include <guitext.h>
#include <inspectorview.h>
#include <languagemanager.h>
#include <mainwindow.h>
#include <scenariodocument.h>
#include <simulationcontroller.h>
#include <strategypanel.h>

#include <allocation/strategyregistry.h>
#include <scenario/scenarioreader.h>

#include <QAction>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QTimer>
#include <QMenuBar>
#include <QSet>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace Rblab;

class tst_MainWindow : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void defaultScenarioShowsWhatTheEngineHas();
    void killFromTheUiReachesEngineAndView();
    void strategyPanelSwitchesTheEnginesStrategy();
    void languageSwitchChangesVisibleTexts();
    void saveThenOpenGivesTheSameScenario();
    void badFileIsRefusedWithDiagnostics();
    void windowAnswersAtFullSpeed();
    void panelsFitTheirDocks_data();
    void panelsFitTheirDocks();

private:
    //! Applies `trigger`'s command and runs on until the engine has applied it.
    ScenarioEvent applyAndWait(const std::function<void()> &trigger);
    qint32 firstRunningConsumer() const;

    StrategyRegistry m_registry;
    LanguageManager m_languages;
    std::unique_ptr<MainWindow> m_window;
};

void tst_MainWindow::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true); // QSettings of tests stay apart from the user's
    QCoreApplication::setOrganizationName(QStringLiteral("rebalance-lab-tests"));
    StrategyRegistry::Sources sources;
    sources.user = false;
    sources.environment = false;
    m_registry.load(sources);
    QVERIFY2(m_registry.find(QStringLiteral("AVG")), "the AVG plugin must load from the build tree");
    QVERIFY(m_languages.setLanguage(QStringLiteral("en")));
}

void tst_MainWindow::init()
{
    m_window = std::make_unique<MainWindow>(m_registry, m_languages);
    m_window->setQuiet(true);
    m_window->resize(1400, 900);
    m_window->show();
    QVERIFY2(m_window->openScenario(MainWindow::defaultScenarioPath()), qPrintable(m_window->lastError()));
    m_window->controller()->runTo(30 * kSecond);
    QVERIFY(m_window->controller()->hasRun());
}

void tst_MainWindow::cleanup()
{
    m_window.reset();
    QVERIFY(m_languages.setLanguage(QStringLiteral("en")));
}

qint32 tst_MainWindow::firstRunningConsumer() const
{
    const WorldSnapshot &snapshot = m_window->controller()->snapshot();
    for (qint32 c = 0; c < snapshot.consumers.size(); ++c) {
        if (snapshot.consumers.at(c).state == ConsumerState::Running) {
            return c;
        }
    }
    return -1;
}

ScenarioEvent tst_MainWindow::applyAndWait(const std::function<void()> &trigger)
{
    SimulationController *controller = m_window->controller();
    QSignalSpy applied(controller, &SimulationController::commandApplied);
    QSignalSpy failed(controller, &SimulationController::commandFailed);
    trigger();
    if (!QTest::qWaitFor([&] { return applied.count() + failed.count() > 0; }, 5000)) {
        return ScenarioEvent();
    }
    if (failed.count() > 0) {
        qWarning("command failed: %s", qPrintable(failed.first().at(1).toString()));
        return ScenarioEvent();
    }
    // The engine reacts at its next events; a second of virtual time is plenty.
    controller->runTo(controller->now() + kSecond);
    return applied.first().first().value<ScenarioEvent>();
}

void tst_MainWindow::defaultScenarioShowsWhatTheEngineHas()
{
    SimulationController *controller = m_window->controller();
    const CatalogPtr catalog = controller->catalog();
    QVERIFY(catalog);
    const AssignmentView *view = m_window->assignmentView();
    QVERIFY(catalog->consumers.size() >= 2);
    QCOMPARE(view->cardCount(), int(catalog->consumers.size()));
    // Every queue of the engine is on screen, on a card or in the unassigned lane…
    QSet<qint32> shown;
    for (const TileItem &item : view->tiles()) {
        shown.insert(item.queue);
    }
    QCOMPARE(shown.size(), int(catalog->queues.size()));
    // …and every process queue the engine reports is a tile on its consumer's card.
    QCOMPARE(view->tileCount() - view->laneTileCount(), int(controller->snapshot().holdings.size()));
}

void tst_MainWindow::killFromTheUiReachesEngineAndView()
{
    const qint32 victim = firstRunningConsumer();
    QVERIFY(victim >= 0);
    const QString name = m_window->controller()->catalog()->consumers.at(victim).name;
    m_window->assignmentView()->setSelection(Selection::consumer(victim));
    QAction *kill = m_window->consumerActions()->action(ConsumerActions::Kill);
    QVERIFY(kill->isEnabled());
    const ScenarioEvent applied = applyAndWait([kill] { kill->trigger(); });
    QCOMPARE(applied.action, ScenarioEvent::Action::Kill);
    QCOMPARE(applied.consumer, name);
    QCOMPARE(m_window->controller()->snapshot().consumers.at(victim).state, ConsumerState::Killed);
    QCOMPARE(m_window->assignmentView()->cardStateText(victim), QStringLiteral("killed"));
    // Recorded in the document at the time the engine applied it.
    QCOMPARE(m_window->document()->recordedCommands().size(), 1);
    QCOMPARE(m_window->document()->recordedCommands().first().at, applied.at);
    QVERIFY(m_window->document()->isModified());
    QVERIFY(!kill->isEnabled()); // a killed consumer cannot be killed again
}

void tst_MainWindow::strategyPanelSwitchesTheEnginesStrategy()
{
    StrategyPanel *panel = m_window->strategyPanel();
    const QString target = QStringLiteral("AVG_BY_CIRCLE");
    QVERIFY(m_registry.find(target));
    for (const SnapshotConsumer &c : m_window->controller()->snapshot().consumers) {
        QVERIFY(c.strategy != target);
    }
    panel->selectStrategy(target);
    QCOMPARE(panel->selectedStrategy(), target);
    const ScenarioEvent applied = applyAndWait([panel] { QVERIFY(panel->applyToGroup()); });
    QCOMPARE(applied.action, ScenarioEvent::Action::SetStrategy);
    int checked = 0;
    for (const SnapshotConsumer &c : m_window->controller()->snapshot().consumers) {
        if (c.state == ConsumerState::Running) {
            QCOMPARE(c.strategy, target);
            ++checked;
        }
    }
    QVERIFY(checked >= 2);
}

void tst_MainWindow::languageSwitchChangesVisibleTexts()
{
    QMenuBar *bar = m_window->menuBar();
    const QString fileEn = bar->actions().first()->text();
    QCOMPARE(fileEn, QStringLiteral("&File"));
    const qint32 running = firstRunningConsumer();
    QCOMPARE(m_window->assignmentView()->cardStateText(running), QStringLiteral("running"));
    QVERIFY(m_languages.setLanguage(QStringLiteral("zh_CN")));
    QCoreApplication::processEvents();
    const QString fileZh = bar->actions().first()->text();
    QVERIFY2(fileZh != fileEn && fileZh.contains(QStringLiteral("文件")), qPrintable(fileZh));
    QCOMPARE(m_window->assignmentView()->cardStateText(running), QStringLiteral("运行中"));
    QVERIFY(m_window->windowTitle().contains(QStringLiteral("Rebalance Lab")));
    // Strategy descriptions come from the plugin's metadata in the chosen language.
    QVERIFY(m_languages.setLanguage(QStringLiteral("en")));
    QCoreApplication::processEvents();
    QCOMPARE(bar->actions().first()->text(), fileEn);
    QCOMPARE(m_window->assignmentView()->cardStateText(running), QStringLiteral("running"));
}

void tst_MainWindow::saveThenOpenGivesTheSameScenario()
{
    const qint32 victim = firstRunningConsumer();
    m_window->assignmentView()->setSelection(Selection::consumer(victim));
    QAction *freeze = m_window->consumerActions()->action(ConsumerActions::Freeze);
    const ScenarioEvent frozen = applyAndWait([freeze] { freeze->trigger(); });
    QCOMPARE(frozen.action, ScenarioEvent::Action::Freeze);
    QAction *add = m_window->consumerActions()->action(ConsumerActions::Add);
    const ScenarioEvent joined = applyAndWait([add] { add->trigger(); });
    QCOMPARE(joined.action, ScenarioEvent::Action::Join);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("session.json"));
    const Scenario saved = m_window->document()->scenario();
    QVERIFY(saved.events.contains(frozen));
    QVERIFY(saved.events.contains(joined));
    QVERIFY2(m_window->saveScenario(path), qPrintable(m_window->lastError()));
    QVERIFY(!m_window->document()->isModified());

    const ScenarioReadResult read = ScenarioReader::readFile(path, &m_registry);
    QVERIFY2(read.ok(), qPrintable(read.errorText()));
    QVERIFY(*read.scenario == saved);

    QVERIFY2(m_window->openScenario(path), qPrintable(m_window->lastError()));
    QVERIFY(m_window->document()->scenario() == saved);
    QVERIFY(m_window->document()->recordedCommands().isEmpty()); // now part of the scenario
}

void tst_MainWindow::badFileIsRefusedWithDiagnostics()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("bad.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("{\n  \"format\": \"rebalance-lab/scenario@1\",\n  \"name\": 42\n}\n");
    file.close();
    const Scenario before = m_window->document()->scenario();
    QVERIFY(!m_window->openScenario(path));
    QVERIFY2(m_window->lastError().contains(QStringLiteral("bad.json:")), qPrintable(m_window->lastError()));
    QVERIFY(m_window->document()->scenario() == before); // nothing replaced
}

void tst_MainWindow::windowAnswersAtFullSpeed()
{
    // The engine runs in its own thread: at 1000× the event loop keeps turning, frames keep
    // coming and the clock keeps moving.
    SimulationController *controller = m_window->controller();
    controller->setSpeed(1000);
    QSignalSpy frames(controller, &SimulationController::frameUpdated);
    const SimTime start = controller->now();
    controller->setPlaying(true);
    QElapsedTimer wall;
    wall.start();
    qint64 worstTurn = 0;
    while (wall.elapsed() < 2000) {
        QElapsedTimer turn;
        turn.start();
        bool answered = false;
        QTimer::singleShot(0, this, [&answered] { answered = true; });
        QVERIFY(QTest::qWaitFor([&answered] { return answered; }, 1000));
        worstTurn = qMax(worstTurn, turn.elapsed());
    }
    controller->setPlaying(false);
    qInfo("at 1000x: %lld frames in 2 s, %.0f s of virtual time, worst event-loop turn %lld ms",
          qint64(frames.count()), double(controller->now() - start) / 1000.0, worstTurn);
    QVERIFY2(worstTurn < 500, qPrintable(QString::number(worstTurn)));
    // Loose bounds: ctest runs suites side by side on two cores.
    QVERIFY(frames.count() >= 10);
    QVERIFY(controller->now() - start >= 20 * kSecond);
}

void tst_MainWindow::panelsFitTheirDocks_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("en") << QStringLiteral("en");
    QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
}

void tst_MainWindow::panelsFitTheirDocks()
{
    // At the default window size every dock's content gets at least its minimum size, in both
    // languages (Chinese labels are shorter but taller): nothing is clipped.
    QFETCH(QString, language);
    QVERIFY(m_languages.setLanguage(language));
    m_window->assignmentView()->setSelection(Selection::consumer(firstRunningConsumer()));
    QCoreApplication::processEvents();
    QVERIFY(!m_window->inspector()->value(language == QLatin1String("en") ? QStringLiteral("State")
                                                                          : QStringLiteral("状态"))
                 .isEmpty());
    const auto docks = m_window->findChildren<QDockWidget *>();
    QVERIFY(docks.size() >= 6);
    for (QDockWidget *dock : docks) {
        dock->show();
        dock->raise();
        QCoreApplication::processEvents();
        QWidget *content = dock->widget();
        const QSize minimum = content->minimumSizeHint();
        QVERIFY2(content->width() >= minimum.width() && content->height() >= minimum.height(),
                 qPrintable(QStringLiteral("%1: %2x%3 < %4x%5")
                                .arg(dock->objectName())
                                .arg(content->width())
                                .arg(content->height())
                                .arg(minimum.width())
                                .arg(minimum.height())));
        if (qEnvironmentVariableIsSet("RBLAB_PANEL_IMAGES")) { // for looking at them
            content->grab().save(QStringLiteral("%1/%2-%3.png")
                                     .arg(qEnvironmentVariable("RBLAB_PANEL_IMAGES"), dock->objectName(), language));
        }
    }
}

QTEST_MAIN(tst_MainWindow)
#include "tst_mainwindow.moc"
