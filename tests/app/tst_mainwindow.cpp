// SPDX-License-Identifier: Apache-2.0
// The whole window on the real engine and plugins: what the user does reaches the engine and
// comes back to the view.
#include <assignment/assignmentview.h>
#include <charts/chartpanel.h>
#include <simulation/churnpanel.h>
#include <simulation/consumeractions.h>
#include <guitext.h>
#include <simulation/inspectorview.h>
#include <languagemanager.h>
#include <mainwindow.h>
#include <document/scenariodocument.h>
#include <simulation/settingspanel.h>
#include <simulation/simulationcontroller.h>
#include <simulation/statustotals.h>
#include <strategy/strategypanel.h>
#include <strategy/strategyworkbench.h>
#include <export/exportcontroller.h>
#include <windowactions.h>

#include <allocation/strategyregistry.h>
#include <scenario/scenarioreader.h>
#include <run/simulation.h>

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QDockWidget>
#include <QDir>
#include <QFileInfo>
#include <QLabel>
#include <QTimer>
#include <QMenu>
#include <QMenuBar>
#include <QMimeData>
#include <QPushButton>
#include <QScrollArea>
#include <QSet>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QComboBox>
#include <QStatusBar>
#include <QTabBar>
#include <QTreeWidget>
#include <QHeaderView>
#include <QTest>
#include <QThread>

using namespace Rblab;

namespace {

//! Counts the queued calls (signals of another thread) delivered to the object it filters.
class QueuedCalls : public QObject
{
public:
    int count = 0;

protected:
    bool eventFilter(QObject *, QEvent *event) override
    {
        count += event->type() == QEvent::MetaCall ? 1 : 0;
        return false;
    }
};

} // namespace

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
    void nowRunningIsPerGroup();
    void languageSwitchChangesVisibleTexts();
    void saveThenOpenGivesTheSameScenario();
    void badFileIsRefusedWithDiagnostics();
    void windowAnswersAtFullSpeed();
    void statusMessageNeverRunsIntoTheTotals_data();
    void statusMessageNeverRunsIntoTheTotals();
    void panelsFitTheirDocks_data();
    void panelsFitTheirDocks();
    void compactCardsKeepTheirStateLine_data();
    void compactCardsKeepTheirStateLine();
    void chromeReadsWholeAtPresenterZoom_data();
    void chromeReadsWholeAtPresenterZoom();
    void churnAndBrokerCommandsReplayFromTheSavedFile();
    void notifyFlagsShownUnderTheirOwners();
    void slowDownAndRestoreUseTheEnginesConsumeTimes();
    void droppedScenarioFileIsOpened();
    void droppedOtherFileIsRefused();
    void unassignedCountsAgreeWithTheLanes();
    void applyToSelectedNeedsALiveConsumer();
    void statusTotalsKeepUpWithTheView();
    void statusTotalsFollowTheSelectedGroup();
    void selectionPicksTheGroupOfStatusAndCharts();
    void presenterZoomGrowsTheText();
    void exportedImagesSayWhichRunAndWhen();

private:
    //! Applies `trigger`'s command and runs on until the engine has applied it.
    ScenarioEvent applyAndWait(const std::function<void()> &trigger);
    qint32 firstRunningConsumer() const;
    //! The titles in File › Examples (its actions' status tips are the bundled file names).
    QStringList exampleTitles() const;
    //! The events of the run so far (only SetChurn and SetBroker if asked): "t type consumer
    //! detail".
    QStringList eventLines(bool worldCommandsOnly) const;
    //! Sends a drop of `mime` to the window; returns whether the drag was let in.
    bool drop(QMimeData *mime);

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
    QVERIFY2(
        m_registry.find(QStringLiteral("AVG")), "the AVG plugin must load from the build tree");
    QVERIFY(m_languages.setLanguage(QStringLiteral("en")));
}

void tst_MainWindow::init()
{
    m_window = std::make_unique<MainWindow>(m_registry, m_languages);
    m_window->setQuiet(true);
    m_window->resize(1400, 900);
    m_window->show();
    QVERIFY2(m_window->openScenario(MainWindow::defaultScenarioPath()),
        qPrintable(m_window->lastError()));
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

QStringList tst_MainWindow::exampleTitles() const
{
    for (const QMenu *menu : m_window->findChildren<QMenu *>()) {
        const QList<QAction *> actions = menu->actions();
        if (!actions.isEmpty() && actions.first()->statusTip().endsWith(QLatin1String(".json"))) {
            QStringList titles;
            for (const QAction *action : actions) {
                titles.append(action->text());
            }
            return titles;
        }
    }
    return {};
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
    QCOMPARE(
        view->tileCount() - view->laneTileCount(), int(controller->snapshot().holdings.size()));
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

void tst_MainWindow::nowRunningIsPerGroup()
{
    // Three groups with one strategy each are not a rolling deploy: the panel names the strategy
    // of the group in its box (it once said "mixed (rolling deploy)" for every group here).
    QVERIFY2(m_window->openScenario(QStringLiteral(
                 RBLAB_SOURCE_DIR "/resources/scenarios/three-strategies-same-churn.json")),
        qPrintable(m_window->lastError()));
    m_window->controller()->runTo(30 * kSecond);
    StrategyPanel *panel = m_window->strategyPanel();
    auto *box = panel->findChild<QComboBox *>();
    QVERIFY(box);
    const QList<std::pair<const char *, const char *>> expected { { "avg_group", "AVG" },
        { "hash_group", "CONSISTENT_HASH" }, { "rendezvous_group", "BOUNDED_RENDEZVOUS" } };
    for (const auto &[group, strategy] : expected) {
        box->setCurrentIndex(box->findText(QString::fromLatin1(group)));
        // (What each group runs comes with the frames: awaited, not slept for.)
        QTRY_COMPARE(
            panel->runningText(), QStringLiteral("Now running: ") + QLatin1String(strategy));
    }
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
    // The scenario's own name follows the language: window title and banner.
    QVERIFY2(m_window->windowTitle().startsWith(QStringLiteral("默认练习场景")),
        qPrintable(m_window->windowTitle()));
    QCOMPARE(exampleTitles().size(), 15); // the bundled scenarios (three push-vs-POP, the incident)
    QVERIFY2(exampleTitles().contains(QStringLiteral("默认练习场景")),
        qPrintable(exampleTitles().join(u'|')));
    QVERIFY2(exampleTitles().contains(
                 QStringLiteral("同一扰动下的三种策略：平均分配、一致性哈希与有界会合哈希")),
        qPrintable(exampleTitles().join(u'|')));
    // Strategy descriptions come from the plugin's metadata in the chosen language.
    QVERIFY(m_languages.setLanguage(QStringLiteral("en")));
    QCoreApplication::processEvents();
    QCOMPARE(bar->actions().first()->text(), fileEn);
    QCOMPARE(m_window->assignmentView()->cardStateText(running), QStringLiteral("running"));
    QVERIFY2(m_window->windowTitle().startsWith(QStringLiteral("Default training world")),
        qPrintable(m_window->windowTitle()));
    QVERIFY2(exampleTitles().contains(QStringLiteral("Default training world")),
        qPrintable(exampleTitles().join(u'|')));
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
    QVERIFY2(m_window->lastError().contains(QStringLiteral("bad.json:")),
        qPrintable(m_window->lastError()));
    QVERIFY(m_window->document()->scenario() == before); // nothing replaced
}

void tst_MainWindow::windowAnswersAtFullSpeed()
{
    // The engine runs in its own thread: at 1000× frames keep coming and the clock keeps
    // moving (awaited, not timed: ctest runs suites side by side on two cores, and a loaded
    // machine answers slower without being wrong).
    SimulationController *controller = m_window->controller();
    controller->setSpeed(1000);
    QSignalSpy frames(controller, &SimulationController::frameUpdated);
    const SimTime start = controller->now();
    controller->setPlaying(true);
    QTRY_VERIFY_WITH_TIMEOUT(frames.count() >= 10, 30000);
    QTRY_VERIFY_WITH_TIMEOUT(controller->now() - start >= 20 * kSecond, 30000);
    // What keeps the window answering is that the work is coalesced: the worker merges every
    // slice it runs into the one frame waiting in the mailbox (FrameBuffer) and signals only
    // when the mailbox was empty, so an interface thread that was busy for a while finds one
    // call queued for it, not a backlog to work through, however many slices ran meanwhile;
    // and the frame it takes is the newest (the clock moved on during the spell).
    QueuedCalls queued;
    controller->installEventFilter(&queued);
    int merged = 0; // spells after which the newest frame was taken
    // (Until three spells saw the worker run: a starved worker thread only takes longer.)
    for (int spell = 0; spell < 200 && merged < 3; ++spell) {
        QCoreApplication::processEvents();
        const qsizetype before = frames.count();
        const SimTime shown = controller->now();
        queued.count = 0;
        QThread::msleep(100); // the interface thread busy: the worker runs on, at 1000×
        // What was queued for the controller meanwhile, delivered once.
        QCoreApplication::sendPostedEvents(controller, QEvent::MetaCall);
        QVERIFY2(
            queued.count <= 1, qPrintable(QStringLiteral("%1 calls queued").arg(queued.count)));
        QVERIFY(frames.count() - before <= 1);
        merged += frames.count() > before && controller->now() > shown ? 1 : 0;
    }
    controller->removeEventFilter(&queued);
    controller->setPlaying(false);
    QCOMPARE(merged, 3);
}

void tst_MainWindow::statusMessageNeverRunsIntoTheTotals_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<int>("zoom");
    QTest::newRow("en 100 %") << QStringLiteral("en") << 100;
    QTest::newRow("en 150 %") << QStringLiteral("en") << 150;
    QTest::newRow("en 200 %") << QStringLiteral("en") << 200;
    QTest::newRow("zh_CN 150 %") << QStringLiteral("zh_CN") << 150;
    QTest::newRow("zh_CN 200 %") << QStringLiteral("zh_CN") << 200;
}

void tst_MainWindow::statusMessageNeverRunsIntoTheTotals()
{
    // At presenter zoom on 1280×720 the start hint ran into "Rebalances 13 · …": QStatusBar
    // cuts a message at the permanent widgets without a mark. The message is elided to the room
    // the totals leave, with the whole text in the tooltip, and refitted when the room changes.
    QFETCH(QString, language);
    QFETCH(int, zoom);
    QVERIFY(m_languages.setLanguage(language));
    m_window->resize(1280, 720);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    m_window->windowActions()->setZoom(zoom);
    QVERIFY(m_window->openScenario(MainWindow::defaultScenarioPath())); // shows the start hint
    QCoreApplication::processEvents();
    QStatusBar *bar = m_window->statusBar();
    const QWidget *totals = bar->findChild<StatusTotals *>();
    QVERIFY(totals);
    auto fits = [&] {
        // Where QStatusBar draws it (QStatusBarPrivate::messageRect, unclipped): from 6 px to
        // 2 px short of the totals. Issue 37 item 6: "Click a corRebalances…" at 200 %.
        const QString message = bar->currentMessage();
        const int room = totals->x() - 2 - 6;
        return !message.isEmpty() && QFontMetrics(bar->font()).horizontalAdvance(message) <= room;
    };
    QTRY_VERIFY2(fits(),
        qPrintable(QStringLiteral("\"%1\" in %2 px beside %3 px of totals")
                       .arg(bar->currentMessage())
                       .arg(bar->width())
                       .arg(totals->width())));
    if (zoom >= 150) {
        // Elided: the mark at the end, the whole hint in the tooltip.
        QVERIFY2(bar->currentMessage().endsWith(QChar(0x2026)), qPrintable(bar->currentMessage()));
        QVERIFY(bar->toolTip().size() > bar->currentMessage().size());
    }
    // A wider window gives the message its room back: more of it, or all of it.
    const qsizetype narrow = bar->currentMessage().size();
    m_window->resize(1900, 720);
    QTRY_VERIFY(fits() && (bar->currentMessage().size() > narrow || bar->toolTip().isEmpty()));
    m_window->windowActions()->setZoom(100);
}

void tst_MainWindow::panelsFitTheirDocks_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<int>("zoom");
    QTest::newRow("en") << QStringLiteral("en") << 100;
    QTest::newRow("zh_CN") << QStringLiteral("zh_CN") << 100;
    // Presenter zoom: a panel taller than its dock scrolls instead of squeezing its labels.
    QTest::newRow("en 150 %") << QStringLiteral("en") << 150;
    QTest::newRow("zh_CN 150 %") << QStringLiteral("zh_CN") << 150;
    QTest::newRow("en 200 %") << QStringLiteral("en") << 200;
    QTest::newRow("zh_CN 200 %") << QStringLiteral("zh_CN") << 200;
}

void tst_MainWindow::panelsFitTheirDocks()
{
    // At the default window size every dock's content gets at least its minimum size, in both
    // languages (Chinese labels are shorter but taller): nothing is clipped.
    QFETCH(QString, language);
    QFETCH(int, zoom);
    QVERIFY(m_languages.setLanguage(language));
    m_window->windowActions()->setZoom(zoom);
    if (zoom > 100) {
        // A projector's 1280×720: the window must not need more (nothing would be off screen).
        m_window->resize(1280, 720);
        QCoreApplication::processEvents();
        QCOMPARE(m_window->size(), QSize(1280, 720));
    }
    m_window->assignmentView()->setSelection(Selection::consumer(firstRunningConsumer()));
    QCoreApplication::processEvents();
    QVERIFY(!m_window->inspector()
                 ->value(language == QLatin1String("en") ? QStringLiteral("State")
                                                         : QStringLiteral("状态"))
                 .isEmpty());
    const auto docks = m_window->findChildren<QDockWidget *>();
    QVERIFY(docks.size() >= 6);
    for (QDockWidget *dock : docks) {
        dock->show();
        dock->raise();
        QCoreApplication::processEvents();
        QWidget *content = dock->widget();
        if (auto *area = qobject_cast<QScrollArea *>(content)) {
            content = area->widget(); // what it scrolls must get its room, not be squeezed
        }
        const QSize minimum = content->minimumSizeHint();
        QVERIFY2(content->width() >= minimum.width() && content->height() >= minimum.height(),
            qPrintable(QStringLiteral("%1: %2x%3 < %4x%5")
                           .arg(dock->objectName())
                           .arg(content->width())
                           .arg(content->height())
                           .arg(minimum.width())
                           .arg(minimum.height())));
        if (qEnvironmentVariableIsSet("RBLAB_PANEL_IMAGES")) { // for looking at them
            content->grab().save(
                QStringLiteral("%1/%2-%3.png")
                    .arg(qEnvironmentVariable("RBLAB_PANEL_IMAGES"), dock->objectName(), language));
            if (auto *scroll
                = content->findChild<QScrollArea *>()) { // the whole of a scrolled panel
                scroll->widget()->grab().save(QStringLiteral("%1/%2-%3-all.png")
                                                  .arg(qEnvironmentVariable("RBLAB_PANEL_IMAGES"),
                                                      dock->objectName(), language));
            }
        }
    }
}

void tst_MainWindow::compactCardsKeepTheirStateLine_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<int>("zoom");
    QTest::addColumn<QSize>("size");
    for (const QSize size : { QSize(1280, 720), QSize(1600, 1000) }) {
        for (const int zoom : { 100, 150, 200 }) {
            for (const char *language : { "en", "zh_CN" }) {
                QTest::addRow("%s %d %%, %dx%d", language, zoom, size.width(), size.height())
                    << QString::fromLatin1(language) << zoom << size;
            }
        }
    }
}

void tst_MainWindow::compactCardsKeepTheirStateLine()
{
    // Issue 37 item 4: at 1280×720 and 200 % the Chinese cards fell to a heat map (the CJK face
    // is taller) that said nothing of a shut-down card, or to compact cards with a bare "3".
    // Six cards have the room: each says its state and its queue count with the unit, whole,
    // inside its header and above its tiles, in lines as tall as the Chinese text really is.
    QFETCH(QString, language);
    QFETCH(int, zoom);
    QFETCH(QSize, size);
    QVERIFY(m_languages.setLanguage(language));
    m_window->resize(size);
    m_window->windowActions()->setZoom(zoom);
    QVERIFY2(m_window->openScenario(QStringLiteral(":/scenarios/kill-freeze-shutdown.json")),
        qPrintable(m_window->lastError()));
    m_window->controller()->runTo(150 * kSecond); // 10.0.0.1@1001 shut down at 2:00
    QTRY_VERIFY(m_window->assignmentView()->snapshot().now >= 150 * kSecond);
    QCoreApplication::processEvents();
    const AssignmentView *view = m_window->assignmentView();
    const AssignmentLayout &layout = view->layout();
    QVERIFY(layout.cards().size() >= 6);
    QFont bold = view->font();
    bold.setBold(true);
    if (layout.detail() == AssignmentLayout::Detail::HeatMap) {
        // Only Chinese at 200 % on 1280×720 leaves the cards too little height for a second
        // line (57 px under the legend's two rows, the title and the lane). Its heat map keeps
        // the names whole above cells that read as tiles, not slivers.
        QVERIFY2(language == QLatin1String("zh_CN") && zoom == 200 && size.width() == 1280,
            qPrintable(QStringLiteral("heat map in %1x%2").arg(view->width()).arg(view->height())));
        for (const AssignmentLayout::Card &card : layout.cards()) {
            const AssignmentLayout::Grid &grid = layout.sections().at(card.section).cardGrid;
            QVERIFY2(grid.tile.height() >= AssignmentLayout::kMinNamedCell,
                qPrintable(QString::number(grid.tile.height())));
            QVERIFY(card.header.height()
                >= AssignmentLayout::textLineHeight(bold, view->cardStateText(card.consumer)));
        }
        return;
    }
    const QString unit
        = language == QLatin1String("en") ? QStringLiteral(" queues") : QStringLiteral(" 个队列");
    bool sawShutdown = false;
    for (const AssignmentLayout::Card &card : layout.cards()) {
        const QString state = view->cardStateText(card.consumer);
        const SnapshotConsumer &sc = view->snapshot().consumers.at(card.consumer);
        sawShutdown |= sc.state == ConsumerState::Shutdown;
        if (layout.sections().at(card.section).cardGrid.detail == AssignmentLayout::Detail::Full) {
            continue; // full cards have their state line (paintCardLines)
        }
        const AssignmentRenderer::StateLine line = view->cardStateLine(card.consumer);
        const QString where = QStringLiteral("card %1 (%2 × %3): \"%4%5\" in %6 of %7 px")
                                  .arg(card.consumer)
                                  .arg(card.rect.width())
                                  .arg(card.rect.height())
                                  .arg(line.state, line.count)
                                  .arg(line.width)
                                  .arg(line.rect.width());
        QVERIFY2(!line.rect.isEmpty(), qPrintable(where));
        QVERIFY2(line.state == state, qPrintable(where)); // not elided
        const QString count = QStringLiteral("%1%2").arg(sc.queueCount).arg(unit);
        QVERIFY2(line.width <= line.rect.width(), qPrintable(where));
        QVERIFY2(card.header.contains(line.rect), qPrintable(where));
        if (line.countRect.isEmpty()) {
            QCOMPARE(line.count, QStringLiteral(" · ") + count);
            QVERIFY2(line.rect.bottom() <= card.body.top(), qPrintable(where));
        } else { // on a line of its own, under the state
            QCOMPARE(line.count, count);
            QVERIFY2(line.countWidth <= line.countRect.width(), qPrintable(where));
            QVERIFY2(card.header.contains(line.countRect), qPrintable(where));
            QVERIFY2(line.countRect.top() >= line.rect.bottom(), qPrintable(where));
            QVERIFY2(line.countRect.bottom() <= card.body.top(), qPrintable(where));
        }
        QVERIFY2(
            line.rect.height() >= AssignmentLayout::textLineHeight(bold, state + line.count) - 0.5,
            qPrintable(where));
    }
    QVERIFY(sawShutdown);
    m_window->windowActions()->setZoom(100);
}

void tst_MainWindow::chromeReadsWholeAtPresenterZoom_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<int>("zoom");
    QTest::addColumn<QSize>("size");
    QTest::newRow("en 100 %") << QStringLiteral("en") << 100 << QSize(1280, 720);
    QTest::newRow("zh_CN 100 %") << QStringLiteral("zh_CN") << 100 << QSize(1280, 720);
    QTest::newRow("en 150 %") << QStringLiteral("en") << 150 << QSize(1280, 720);
    QTest::newRow("en 200 %") << QStringLiteral("en") << 200 << QSize(1280, 720);
    QTest::newRow("zh_CN 200 %") << QStringLiteral("zh_CN") << 200 << QSize(1280, 720);
    QTest::newRow("en 200 %, 1600x1000") << QStringLiteral("en") << 200 << QSize(1600, 1000);
}

void tst_MainWindow::chromeReadsWholeAtPresenterZoom()
{
    // Issue 37 item 6, at 200 % on 1280×720: the dock tabs read "S… C… S… S… Wor…", the
    // Inspector's value column was off-screen and the Workbench's "Open…" and "Save" were cut
    // at the dock's default width.
    QFETCH(QString, language);
    QFETCH(int, zoom);
    QFETCH(QSize, size);
    QVERIFY(m_languages.setLanguage(language));
    m_window->resize(size);
    m_window->windowActions()->setZoom(zoom);
    QCoreApplication::processEvents();

    // Every dock tab shows its whole title; the selected one is wholly in view.
    const auto docks = m_window->findChildren<QDockWidget *>();
    QSet<QString> titles;
    for (const QDockWidget *dock : docks) {
        titles.insert(dock->windowTitle());
    }
    int tabs = 0;
    for (QDockWidget *dock : docks) {
        dock->raise();
        QCoreApplication::processEvents();
        for (const QTabBar *bar :
            m_window->findChildren<QTabBar *>(QString(), Qt::FindDirectChildrenOnly)) {
            if (!bar->isVisible()) {
                continue;
            }
            const QFontMetrics fm(bar->font());
            const int space = bar->style()->pixelMetric(QStyle::PM_TabBarTabHSpace, nullptr, bar);
            for (int i = 0; i < bar->count(); ++i) {
                ++tabs;
                QVERIFY2(titles.contains(bar->tabText(i)), qPrintable(bar->tabText(i)));
                const QString where = QStringLiteral("\"%1\": tab %2 px, text %3 px")
                                          .arg(bar->tabText(i))
                                          .arg(bar->tabRect(i).width())
                                          .arg(fm.horizontalAdvance(bar->tabText(i)));
                QVERIFY2(
                    bar->tabRect(i).width() >= fm.horizontalAdvance(bar->tabText(i)) + space / 2,
                    qPrintable(where));
            }
            const QRect current = bar->tabRect(bar->currentIndex());
            QVERIFY2(current.left() >= 0 && current.right() <= bar->width(),
                qPrintable(QStringLiteral("\"%1\" at %2..%3 of %4 px")
                               .arg(bar->tabText(bar->currentIndex()))
                               .arg(current.left())
                               .arg(current.right())
                               .arg(bar->width())));
        }
    }
    QVERIFY(tabs >= docks.size());

    // The Inspector of a consumer, its explanation unfolded: the value column starts inside the
    // tree's viewport and ends at its edge, with at least a third of its width.
    QDockWidget *inspectorDock
        = m_window->findChild<QDockWidget *>(QStringLiteral("InspectorDock"));
    QVERIFY(inspectorDock);
    inspectorDock->raise();
    m_window->assignmentView()->setSelection(Selection::consumer(firstRunningConsumer()));
    QCoreApplication::processEvents();
    auto *tree = m_window->inspector()->findChild<QTreeWidget *>();
    QVERIFY(tree);
    tree->expandAll();
    m_window->inspector()->refresh();
    QCoreApplication::processEvents();
    const int viewport = tree->viewport()->width();
    const QHeaderView *header = tree->header();
    const QString columns = QStringLiteral("names %1 px, values at %2 + %3 px in %4 px")
                                .arg(header->sectionSize(0))
                                .arg(header->sectionViewportPosition(1))
                                .arg(header->sectionSize(1))
                                .arg(viewport);
    QVERIFY2(viewport > 0, qPrintable(columns));
    QVERIFY2(header->sectionViewportPosition(1) >= 0, qPrintable(columns));
    QVERIFY2(header->sectionViewportPosition(1) + header->sectionSize(1) <= viewport,
        qPrintable(columns));
    QVERIFY2(header->sectionSize(1) >= viewport / 3, qPrintable(columns));
    // ... and the names are not squeezed to a few characters ("客…") to make that room: the
    // explanation's names are longer than the cap, so they take it.
    QVERIFY2(header->sectionSize(0) >= viewport * 2 / 5, qPrintable(columns));

    // The Workbench at the dock's default width: each button whole and in view, no scrolling.
    QDockWidget *workbenchDock
        = m_window->findChild<QDockWidget *>(QStringLiteral("WorkbenchDock"));
    QVERIFY(workbenchDock);
    workbenchDock->raise();
    QCoreApplication::processEvents();
    auto *scroll = qobject_cast<QScrollArea *>(workbenchDock->widget());
    QVERIFY(scroll);
    auto *workbench = scroll->findChild<StrategyWorkbench *>();
    QVERIFY(workbench);
    int buttons = 0;
    for (const QPushButton *button : workbench->findChildren<QPushButton *>()) {
        if (!button->isVisible()) {
            continue;
        }
        ++buttons;
        const QRect inViewport(button->mapTo(scroll->viewport(), QPoint(0, 0)), button->size());
        const QString where = QStringLiteral("\"%1\": %2 px wide (hint %3) at %4..%5 of %6 px")
                                  .arg(button->text())
                                  .arg(button->width())
                                  .arg(button->sizeHint().width())
                                  .arg(inViewport.left())
                                  .arg(inViewport.right())
                                  .arg(scroll->viewport()->width());
        QVERIFY2(button->width() >= button->sizeHint().width(), qPrintable(where));
        QVERIFY2(inViewport.left() >= 0 && inViewport.right() < scroll->viewport()->width(),
            qPrintable(where));
    }
    QVERIFY(buttons >= 2); // Open…, Save
    m_window->windowActions()->setZoom(100);
}

QStringList tst_MainWindow::eventLines(bool worldCommandsOnly) const
{
    QStringList lines;
    for (const SimEvent &e : m_window->controller()->events()) {
        if (!worldCommandsOnly || e.type == SimEvent::Type::SetChurn
            || e.type == SimEvent::Type::SetBroker) {
            lines.append(QStringLiteral("%1 %2 %3 %4")
                             .arg(e.t)
                             .arg(SimEvent::typeName(e.type))
                             .arg(e.consumer)
                             .arg(e.detail));
        }
    }
    return lines;
}

void tst_MainWindow::notifyFlagsShownUnderTheirOwners()
{
    // BrokerConfig.notifyConsumerIdsChangedEnable (the scenario's `broker`) and the group's
    // SubscriptionGroupConfig flag of the same name (a field of the group) are two settings:
    // each row sits under its owner and shows its own value.
    SettingsPanel panel;
    Scenario scenario;
    GroupSpec group;
    group.name = QStringLiteral("g");
    group.notifyConsumerIdsChangedEnable = false;
    scenario.groups = { group };
    panel.setScenario(scenario);
    const QString key = QStringLiteral("notifyConsumerIdsChangedEnable");
    auto *broker = qobject_cast<QCheckBox *>(panel.editor(key));
    auto *own = qobject_cast<QCheckBox *>(panel.groupEditor(key));
    QVERIFY(broker && own && broker != own);
    QVERIFY(broker->isChecked());
    QVERIFY(broker->isEnabled());
    QVERIFY(!own->isChecked());
    QVERIFY(!own->isEnabled()); // set by the scenario; no command changes it
    QVERIFY(panel.changedBrokerSettings().isEmpty());
    QVERIFY(panel.changedClientSettings().isEmpty());

    scenario.broker.insert(key, false);
    scenario.groups[0].notifyConsumerIdsChangedEnable = true;
    panel.setScenario(scenario);
    QVERIFY(!broker->isChecked());
    QVERIFY(own->isChecked());
}

void tst_MainWindow::churnAndBrokerCommandsReplayFromTheSavedFile()
{
    // A world without churn and with the brokers' defaults: every change below is the user's.
    QVERIFY2(m_window->openScenario(QStringLiteral(":/scenarios/kill-freeze-shutdown.json")),
        qPrintable(m_window->lastError()));
    SimulationController *controller = m_window->controller();
    ChurnPanel *churn = m_window->churnPanel();
    SettingsPanel *settings = m_window->settingsPanel();
    controller->runTo(20 * kSecond);
    QVERIFY(!churn->isChurnOn());

    const ScenarioEvent on = applyAndWait([churn] { churn->setChurnOn(true); });
    QCOMPARE(on.action, ScenarioEvent::Action::SetChurn);
    QVERIFY(on.churn.has_value());
    QCOMPARE(on.at, 20 * kSecond);
    controller->runTo(50 * kSecond);

    auto *notify = qobject_cast<QCheckBox *>(
        settings->editor(QStringLiteral("notifyConsumerIdsChangedEnable")));
    QVERIFY(notify);
    QVERIFY(notify->isChecked());
    notify->setChecked(false);
    QCOMPARE(
        settings->changedBrokerSettings().value(QStringLiteral("notifyConsumerIdsChangedEnable")),
        QVariant(false));
    const ScenarioEvent broker = applyAndWait([settings] { settings->applyBroker(); });
    QCOMPARE(broker.action, ScenarioEvent::Action::SetBroker);
    QCOMPARE(broker.at, 50 * kSecond);
    QCOMPARE(broker.settings,
        (QVariantMap { { QStringLiteral("notifyConsumerIdsChangedEnable"), false } }));
    QVERIFY(settings->changedBrokerSettings().isEmpty()); // applied: nothing left to send
    controller->runTo(90 * kSecond);

    const ScenarioEvent off = applyAndWait([churn] { churn->setChurnOn(false); });
    QCOMPARE(off.action, ScenarioEvent::Action::SetChurn);
    QVERIFY(!off.churn.has_value());
    QCOMPARE(off.at, 90 * kSecond);
    // Leaving a field of a switched-off churn sends nothing.
    QSignalSpy applied(controller, &SimulationController::commandApplied);
    churn->setChurnOn(false);
    QCoreApplication::processEvents();
    QCOMPARE(applied.count(), 0);
    controller->runTo(120 * kSecond);

    const QStringList live = eventLines(true);
    const QStringList everythingLive = eventLines(false);
    QCOMPARE(live.size(), 3);
    QCOMPARE(live.at(0), QStringLiteral("20000 setChurn -1 payment_settle_group"));
    QCOMPARE(live.at(1), QStringLiteral("50000 setBroker -1 notifyConsumerIdsChangedEnable=false"));
    QCOMPARE(live.at(2), QStringLiteral("90000 setChurn -1 "));
    QCOMPARE(m_window->document()->recordedCommands().size(), 3);
    // The churn is no longer saved as if it ran from the start.
    QVERIFY(!m_window->document()->scenario().churn.has_value());

    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("session.json"));
    const Scenario saved = m_window->document()->scenario();
    QVERIFY2(m_window->saveScenario(path), qPrintable(m_window->lastError()));
    const ScenarioReadResult read = ScenarioReader::readFile(path, &m_registry);
    QVERIFY2(read.ok(), qPrintable(read.errorText()));
    QVERIFY(*read.scenario == saved);

    // Reopened, the file replays the session: the same commands at the same times…
    QVERIFY2(m_window->openScenario(path), qPrintable(m_window->lastError()));
    QVERIFY(m_window->document()->scenario() == saved);
    controller->runTo(30 * kSecond);
    QVERIFY(churn->isChurnOn()); // …and the panels follow the run
    QVERIFY(notify->isChecked());
    controller->runTo(60 * kSecond);
    QVERIFY(!notify->isChecked());
    QVERIFY(settings->changedBrokerSettings().isEmpty());
    controller->runTo(120 * kSecond);
    QVERIFY(!churn->isChurnOn());
    QCOMPARE(eventLines(true), live);
    // …and so does everything they caused (the churn's joins and kills, the rebalances).
    QCOMPARE(eventLines(false), everythingLive);
}

void tst_MainWindow::slowDownAndRestoreUseTheEnginesConsumeTimes()
{
    const qint32 victim = firstRunningConsumer();
    QVERIFY(victim >= 0);
    const ConsumeTime declared
        = m_window->controller()->snapshot().consumers.at(victim).initialConsumeTime;
    QVERIFY(declared.meanMs > 0);
    m_window->assignmentView()->setSelection(Selection::consumer(victim));
    QAction *slow = m_window->consumerActions()->action(ConsumerActions::Slow);
    QAction *restore = m_window->consumerActions()->action(ConsumerActions::RestoreSpeed);
    QVERIFY(slow->isEnabled());
    QVERIFY(!restore->isEnabled());

    const ScenarioEvent slowed = applyAndWait([slow] { slow->trigger(); });
    QCOMPARE(slowed.action, ScenarioEvent::Action::SetConsumeTime);
    QCOMPARE(slowed.consumeTime.meanMs, declared.meanMs * 10);
    QCOMPARE(slowed.consumeTime.distribution, declared.distribution);
    const SnapshotConsumer &now = m_window->controller()->snapshot().consumers.at(victim);
    QVERIFY(now.slowed);
    QCOMPARE(now.consumeTime.meanMs, declared.meanMs * 10);
    m_window->inspector()->refresh();
    const QString shown = m_window->inspector()->value(QStringLiteral("Consume time"));
    QVERIFY2(shown.contains(GuiText::consumeTime(now.consumeTime))
            && shown.contains(GuiText::consumeTime(declared))
            && shown.contains(QStringLiteral("declared")),
        qPrintable(shown));

    QVERIFY(restore->isEnabled());
    const ScenarioEvent restored = applyAndWait([restore] { restore->trigger(); });
    QCOMPARE(restored.consumeTime.meanMs, declared.meanMs);
    QVERIFY(!m_window->controller()->snapshot().consumers.at(victim).slowed);
    m_window->inspector()->refresh();
    QCOMPARE(m_window->inspector()->value(QStringLiteral("Consume time")),
        GuiText::consumeTime(m_window->controller()->snapshot().consumers.at(victim)));
    QVERIFY(!m_window->inspector()
                 ->value(QStringLiteral("Consume time"))
                 .contains(QStringLiteral("declared")));
}

bool tst_MainWindow::drop(QMimeData *mime)
{
    const QPoint centre = m_window->rect().center();
    QDragEnterEvent enter(centre, Qt::CopyAction, mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(m_window.get(), &enter);
    if (!enter.isAccepted()) {
        return false;
    }
    QDropEvent dropEvent(QPointF(centre), Qt::CopyAction, mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(m_window.get(), &dropEvent);
    return true;
}

void tst_MainWindow::droppedScenarioFileIsOpened()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("dropped.json"));
    QVERIFY(QFile::copy(QStringLiteral(":/scenarios/orderly.json"), path));
    const ScenarioReadResult expected = ScenarioReader::readFile(path, &m_registry);
    QVERIFY(expected.ok());
    QVERIFY(m_window->document()->scenario().name != expected.scenario->name);

    QSignalSpy started(m_window->controller(), &SimulationController::runStarted);
    QMimeData mime;
    mime.setUrls({ QUrl::fromLocalFile(path) });
    QVERIFY(drop(&mime));
    QCOMPARE(m_window->document()->filePath(), path);
    QVERIFY(m_window->document()->scenario() == *expected.scenario);
    m_window->controller()->runTo(5 * kSecond);
    QVERIFY(started.count() >= 1);
    QCOMPARE(m_window->controller()->scenario().name, expected.scenario->name);
}

void tst_MainWindow::droppedOtherFileIsRefused()
{
    // A session with a command in it: a refused drop must not cost it.
    const qint32 victim = firstRunningConsumer();
    m_window->assignmentView()->setSelection(Selection::consumer(victim));
    QAction *pause = m_window->consumerActions()->action(ConsumerActions::Pause);
    QCOMPARE(applyAndWait([pause] { pause->trigger(); }).action, ScenarioEvent::Action::Pause);
    const Scenario before = m_window->document()->scenario();
    const QString pathBefore = m_window->document()->filePath();
    const quint64 generation = m_window->controller()->generation();

    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("notes.txt"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("not a scenario\n");
    file.close();
    QMimeData mime;
    mime.setUrls({ QUrl::fromLocalFile(path) });
    QVERIFY(drop(&mime)); // let in, to be explained rather than silently refused
    QVERIFY2(m_window->lastError().contains(QStringLiteral("notes.txt"))
            && m_window->lastError().contains(QStringLiteral(".json")),
        qPrintable(m_window->lastError()));
    QVERIFY(m_window->document()->scenario() == before);
    QCOMPARE(m_window->document()->filePath(), pathBefore);
    QCOMPARE(m_window->document()->recordedCommands().size(), 1);
    QVERIFY(m_window->document()->isModified());
    QCOMPARE(m_window->controller()->generation(), generation); // the run goes on

    QMimeData two;
    two.setUrls({ QUrl::fromLocalFile(path), QUrl::fromLocalFile(path) });
    QVERIFY(drop(&two));
    QVERIFY2(m_window->lastError().contains(QStringLiteral("one scenario file")),
        qPrintable(m_window->lastError()));
    QCOMPARE(m_window->controller()->generation(), generation);
}

void tst_MainWindow::unassignedCountsAgreeWithTheLanes()
{
    // At 0:00 no consumer has rebalanced yet: every queue, the retry queues too, is in the lane.
    QVERIFY(m_window->openScenario(MainWindow::defaultScenarioPath()));
    m_window->controller()->runTo(0);
    const AssignmentView *view = m_window->assignmentView();
    const CatalogPtr catalog = m_window->controller()->catalog();
    int retry = 0;
    for (const QueueInfo &q : catalog->queues) {
        retry += q.retry ? 1 : 0;
    }
    QCOMPARE(retry, 2);
    QCOMPARE(view->laneTileCount(), int(catalog->queues.size()));
    QCOMPARE(view->unassignedRetryCount(), retry);
    QCOMPARE(view->unassignedCount(), int(catalog->queues.size()) - retry);
    // The engine's count (the Ownership chart) is of the topic's queues: the same number.
    QCOMPARE(view->unassignedCount(), m_window->controller()->snapshot().totals.orphanedQueues);
    QTRY_VERIFY2(m_window->statusSummary().contains(QStringLiteral("unassigned 16 (+2 retry)")),
        qPrintable(m_window->statusSummary()));

    m_window->controller()->runTo(30 * kSecond);
    QCOMPARE(view->laneTileCount(), 0);
    QTRY_VERIFY2(m_window->statusSummary().contains(QStringLiteral("unassigned 0 ·")),
        qPrintable(m_window->statusSummary()));
}

void tst_MainWindow::applyToSelectedNeedsALiveConsumer()
{
    QPushButton *applySelected = nullptr;
    for (QPushButton *button : m_window->strategyPanel()->findChildren<QPushButton *>()) {
        if (button->text() == QStringLiteral("Apply to selected")) {
            applySelected = button;
        }
    }
    QVERIFY(applySelected);
    QVERIFY(!applySelected->isEnabled()); // nothing selected
    const qint32 victim = firstRunningConsumer();
    QVERIFY(victim >= 0);
    m_window->assignmentView()->setSelection(Selection::consumer(victim));
    QVERIFY(applySelected->isEnabled());
    QAction *kill = m_window->consumerActions()->action(ConsumerActions::Kill);
    const ScenarioEvent applied = applyAndWait([kill] { kill->trigger(); });
    QCOMPARE(applied.action, ScenarioEvent::Action::Kill);
    // Still selected, now killed: it has no rebalance to switch (the button stayed enabled).
    QCOMPARE(m_window->assignmentView()->selection(), Selection::consumer(victim));
    QVERIFY(!applySelected->isEnabled());
}

void tst_MainWindow::statusTotalsKeepUpWithTheView()
{
    // Two frames 10 s of virtual time apart, within a few ms of wall time: the bar used to keep
    // the first for up to 250 ms while the view showed the second.
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    SimulationController *controller = m_window->controller();
    controller->runTo(40 * kSecond);
    m_window->assignmentView()->repaint();
    controller->runTo(200 * kSecond);
    m_window->assignmentView()->repaint(); // the picture of 200 s is on screen now
    const SnapshotTotals &totals = controller->snapshot().totals;
    const QString summary = m_window->statusSummary();
    QVERIFY2(
        summary.contains(QStringLiteral("Rebalances %1 ").arg(GuiText::count(totals.rebalances))),
        qPrintable(summary));
    QVERIFY2(
        summary.contains(QStringLiteral("duplicates %1 ").arg(GuiText::count(totals.duplicates))),
        qPrintable(summary));
    QVERIFY2(summary.contains(
                 QStringLiteral("unassigned %1")
                     .arg(GuiText::queuesAndRetry(m_window->assignmentView()->unassignedCount(),
                         m_window->assignmentView()->unassignedRetryCount()))),
        qPrintable(summary));
}

void tst_MainWindow::statusTotalsFollowTheSelectedGroup()
{
    // Three groups under one churn: selecting a consumer shows its group's figures (the
    // report's "groups"), as a headless run of the same scenario computes them.
    const QString path = QFileInfo(MainWindow::defaultScenarioPath())
                             .dir()
                             .filePath(QStringLiteral("three-strategies-same-churn.json"));
    QVERIFY2(m_window->openScenario(path), qPrintable(m_window->lastError()));
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    SimulationController *controller = m_window->controller();
    controller->runTo(300 * kSecond);
    const CatalogPtr catalog = controller->catalog();
    QVERIFY(catalog && catalog->groups.size() == 3);
    qint32 second = -1; // a consumer of the second group
    for (qint32 c = 0; c < catalog->consumers.size() && second < 0; ++c) {
        if (catalog->consumers.at(c).groupIndex == 1) {
            second = c;
        }
    }
    QVERIFY(second >= 0);
    const ScenarioReadResult read = ScenarioReader::readFile(path, &m_registry);
    QVERIFY2(read.ok(), qPrintable(read.errorText()));
    Simulation headless(*read.scenario, m_registry);
    headless.runUntil(300 * kSecond);
    const SnapshotTotals group = headless.groupTotals(1);
    QVERIFY(group.queueMoves > 0);

    m_window->assignmentView()->setSelection(Selection::consumer(second));
    m_window->assignmentView()->repaint();
    // The worker computes only the shown group's totals: they come with the next frame, which a
    // paused run publishes as soon as it is asked.
    QTRY_VERIFY2(
        m_window->statusSummary().startsWith(catalog->groups.at(1).name + QStringLiteral(": ")),
        qPrintable(m_window->statusSummary()));
    QString summary = m_window->statusSummary();
    QCOMPARE(controller->lastFrame().totalsGroup, 1);
    QVERIFY2(
        summary.contains(QStringLiteral("owner changes %1 ").arg(GuiText::count(group.queueMoves))),
        qPrintable(summary));
    QVERIFY2(
        summary.contains(QStringLiteral("rebalances %1 ").arg(GuiText::count(group.rebalances))),
        qPrintable(summary));
    QVERIFY2(summary.contains(QStringLiteral("orphaned %1 s")
                                  .arg(QLocale().toString(group.orphanedQueueSeconds, 'f', 1))),
        qPrintable(summary));
    // At 1280 × 720 the line of the group with the longest name still fits in the status bar.
    qint32 longest = 0;
    for (qint32 c = 0; c < catalog->consumers.size(); ++c) {
        if (catalog->consumers.at(c).group.size() > catalog->consumers.at(longest).group.size()) {
            longest = c;
        }
    }
    m_window->assignmentView()->setSelection(Selection::consumer(longest));
    QTRY_VERIFY2(m_window->statusSummary().startsWith(
                     catalog->consumers.at(longest).group + QStringLiteral(": ")),
        qPrintable(m_window->statusSummary()));
    m_window->resize(1280, 720);
    QApplication::processEvents();
    m_window->assignmentView()->repaint();
    QApplication::processEvents();
    const QLabel *bar = m_window->findChild<QLabel *>(QStringLiteral("StatusTotals"));
    QVERIFY(bar);
    QCOMPARE(m_window->width(), 1280);
    QVERIFY2(bar->isVisible()
            && bar->mapTo(m_window.get(), QPoint(bar->width(), 0)).x() <= m_window->width(),
        qPrintable(QStringLiteral("%1 px wide at x %2")
                       .arg(bar->width())
                       .arg(bar->mapTo(m_window.get(), QPoint(0, 0)).x())));
    if (!qEnvironmentVariableIsEmpty("RBLAB_GRAB")) {
        m_window->grab().save(qEnvironmentVariable("RBLAB_GRAB"));
    }
    // The whole run's totals again once nothing is selected.
    m_window->assignmentView()->setSelection(Selection());
    m_window->assignmentView()->repaint();
    summary = m_window->statusSummary();
    QVERIFY2(summary.startsWith(QStringLiteral("Rebalances %1 ")
                                    .arg(GuiText::count(controller->snapshot().totals.rebalances))),
        qPrintable(summary));
}

void tst_MainWindow::selectionPicksTheGroupOfStatusAndCharts()
{
    // Classic push and POP side by side, a consumer of each killed: selecting a POP consumer
    // puts its group in the status bar ("redelivered", RocketMQ's word) and in the charts
    // (tst_chartpanel checks what they draw for a group); nothing selected, the world.
    const QString path = QFileInfo(MainWindow::defaultScenarioPath())
                             .dir()
                             .filePath(QStringLiteral("push-vs-pop-kill.json"));
    QVERIFY2(m_window->openScenario(path), qPrintable(m_window->lastError()));
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    SimulationController *controller = m_window->controller();
    controller->runTo(200 * kSecond);
    const CatalogPtr catalog = controller->catalog();
    QVERIFY(catalog && catalog->groups.size() == 2);
    qint32 popGroup = -1;
    for (qint32 g = 0; g < catalog->groups.size(); ++g) {
        popGroup = popGroup < 0 && catalog->groups.at(g).pops ? g : popGroup;
    }
    QVERIFY(popGroup >= 0);
    qint32 popper = -1;
    qint32 pusher = -1;
    for (qint32 c = 0; c < catalog->consumers.size(); ++c) {
        const bool pop = catalog->consumers.at(c).groupIndex == popGroup;
        if (pop && popper < 0) {
            popper = c;
        } else if (!pop && pusher < 0) {
            pusher = c;
        }
    }
    QVERIFY(popper >= 0 && pusher >= 0);
    const ScenarioReadResult read = ScenarioReader::readFile(path, &m_registry);
    QVERIFY2(read.ok(), qPrintable(read.errorText()));
    Simulation headless(*read.scenario, m_registry);
    headless.runUntil(200 * kSecond);
    const SnapshotTotals group = headless.groupTotals(popGroup);
    // The killed popper's 12 un-acked messages, revived ~62 s after the kill and redelivered.
    QVERIFY2(group.popRedelivered > 0, "nothing was redelivered by 200 s");

    ChartPanel *charts = m_window->chartPanel();
    QCOMPARE(charts->group(), -1);
    m_window->assignmentView()->setSelection(Selection::consumer(popper));
    m_window->assignmentView()->repaint();
    // The group's totals come with the next frame (the worker computes only the shown group's).
    QTRY_VERIFY2(m_window->statusSummary().startsWith(
                     catalog->groups.at(popGroup).name + QStringLiteral(": ")),
        qPrintable(m_window->statusSummary()));
    QCOMPARE(m_window->controller()->lastFrame().totalsGroup, popGroup);
    const QString summary = m_window->statusSummary();
    QVERIFY2(summary.startsWith(
                 QStringLiteral("%1: redelivered %2 · revived %3 ")
                     .arg(catalog->groups.at(popGroup).name, GuiText::count(group.popRedelivered),
                         GuiText::count(group.popRevived))),
        qPrintable(summary));
    QVERIFY2(!summary.contains(QStringLiteral("duplicates")), qPrintable(summary));
    QCOMPARE(charts->group(), popGroup);
    if (!qEnvironmentVariableIsEmpty("RBLAB_GRAB")) {
        charts->showChart(ChartPanel::PopFigures);
        charts->refreshAll();
        m_window->grab().save(qEnvironmentVariable("RBLAB_GRAB"));
    }

    // A classic push consumer: its group, and no POP chart.
    m_window->assignmentView()->setSelection(Selection::consumer(pusher));
    m_window->assignmentView()->repaint();
    QCOMPARE(charts->group(), catalog->consumers.at(pusher).groupIndex);
    QVERIFY(!charts->isChartAvailable(ChartPanel::PopFigures));
    QVERIFY(m_window->statusSummary().contains(QStringLiteral(" · duplicates ")));

    // Nothing selected: the world again.
    m_window->assignmentView()->setSelection(Selection());
    m_window->assignmentView()->repaint();
    QCOMPARE(charts->group(), -1);
}

void tst_MainWindow::presenterZoomGrowsTheText()
{
    WindowActions *actions = m_window->windowActions();
    const qreal base = QApplication::font().pointSizeF();
    QCOMPARE(actions->zoom(), 100);
    actions->setZoom(150);
    QCOMPARE(actions->zoom(), 150);
    QCOMPARE(m_window->assignmentView()->font().pointSizeF(), base * 1.5);
    QCOMPARE(m_window->settingsPanel()->font().pointSizeF(), base * 1.5);
    actions->setZoom(260); // 100–200 %
    QCOMPARE(actions->zoom(), 200);
    QCOMPARE(m_window->assignmentView()->font().pointSizeF(), base * 2);
    // The totals in the status bar grow with the text, also when the zoom comes before the
    // first frame (rebalance-lab --zoom 200): their fixed height used to be measured on the empty
    // label, the 100 % font's line, which cut the lower half of the letters off.
    for (bool zoomFirst : { false, true }) {
        std::unique_ptr<MainWindow> fresh;
        MainWindow *window = m_window.get();
        if (zoomFirst) {
            fresh = std::make_unique<MainWindow>(m_registry, m_languages);
            window = fresh.get();
            window->setQuiet(true);
            window->windowActions()->setZoom(200);
            window->resize(1400, 900);
            window->show();
            QVERIFY(window->openScenario(MainWindow::defaultScenarioPath()));
            window->controller()->runTo(10 * kSecond);
        }
        auto *totals = window->findChild<StatusTotals *>();
        QVERIFY(totals);
        QVERIFY(!totals->line().isEmpty());
        QCOMPARE(totals->font().pointSizeF(), base * 2);
        QVERIFY2(totals->height() >= totals->fontMetrics().height(),
            qPrintable(QStringLiteral("%1 px for a %2 px line, zoom first: %3")
                           .arg(totals->height())
                           .arg(totals->fontMetrics().height())
                           .arg(zoomFirst)));
        QVERIFY(totals->maximumHeight() >= totals->fontMetrics().height());
    }
    QAction *hide = m_window->findChild<QAction *>(QStringLiteral("HideInactiveAction"));
    QVERIFY(hide && hide->isChecked());
    hide->setChecked(false);
    QVERIFY(!m_window->assignmentView()->hidesInactive());
    hide->setChecked(true);
    QVERIFY(m_window->assignmentView()->hidesInactive());
    actions->setZoom(50);
    QCOMPARE(actions->zoom(), 100);
    QCOMPARE(m_window->assignmentView()->font().pointSizeF(), base);
}

void tst_MainWindow::exportedImagesSayWhichRunAndWhen()
{
    const QString caption = m_window->findChild<ExportController *>()->caption();
    QCOMPARE(caption, QStringLiteral("Default training world · 0:30.000"));
    QImage image(200, 100, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    const QImage out = ExportController::withCaption(image, caption);
    QCOMPARE(out.width(), 200);
    QVERIFY(out.height() > 100 + QFontMetrics(QApplication::font()).height());
    int ink = 0; // the caption is drawn under the picture
    const QColor back = out.pixelColor(0, out.height() - 1);
    for (int y = 100; y < out.height(); ++y) {
        for (int x = 0; x < out.width(); ++x) {
            ink += out.pixelColor(x, y) != back ? 1 : 0;
        }
    }
    QVERIFY(ink > 50);
}

QTEST_MAIN(tst_MainWindow)
#include "tst_mainwindow.moc"
