// SPDX-License-Identifier: Apache-2.0
#include "mainwindow.h"

#include "assignment/assignmentview.h"
#include "charts/chartpanel.h"
#include "simulation/churnpanel.h"
#include "compare/comparedialog.h"
#include "compare/comparewindow.h"
#include "simulation/consumeractions.h"
#include "document/documentcontroller.h"
#include "simulation/eventlogview.h"
#include "export/exportcontroller.h"
#include "guitext.h"
#include "live/livebanner.h"
#include "live/livecontroller.h"
#include "live/livesession.h"
#include "observed/importcontroller.h"
#include "observed/observedbanner.h"
#include "observed/observedworld.h"
#include "real/realruncontroller.h"
#include "simulation/inspectorview.h"
#include "teaching/narrationoverlay.h"
#include "languagemanager.h"
#include "languagemenu.h"
#include "strategy/parameterform.h"
#include "simulation/playbackbar.h"
#include "simulation/timelinebar.h"
#include "strategy/plugindialog.h"
#include "document/scenariodocument.h"
#include "teaching/scenariobanner.h"
#include "teaching/scenarioinfoview.h"
#include "document/sessionautosave.h"
#include "simulation/settingspanel.h"
#include "simulation/simulationcontroller.h"
#include "simulation/statustotals.h"
#include "strategy/strategypanel.h"
#include "strategy/strategyworkbench.h"
#include "windowactions.h"

#include <allocation/strategyregistry.h>
#include <liveworld.h>

#include <QApplication>
#include <QDateTime>
#include <QDeadlineTimer>
#include <QThread>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenuBar>
#include <QLocale>
#include <QMessageBox>
#include <QMimeData>
#include <QSettings>
#include <QSplitter>
#include <QFontMetrics>
#include <QScrollArea>
#include <QStatusBar>
#include <QTabBar>
#include <QTimer>
#include <QToolBar>
#include <QVBoxLayout>

namespace Rblab {

namespace {

QIcon icon(const char *name)
{
    return QIcon(QStringLiteral(":/icons/%1.svg").arg(QLatin1String(name)));
}

} // namespace

MainWindow::MainWindow(StrategyRegistry &registry, LanguageManager &languages, QWidget *parent)
    : QMainWindow(parent), m_registry(registry), m_languages(languages)
{
    setObjectName(QStringLiteral("MainWindow"));
    setWindowIcon(icon("rebalance-lab"));
    setAcceptDrops(true);
    setDockNestingEnabled(true);
    m_controller = new SimulationController(registry, this);
    m_document = new ScenarioDocument(this);

    auto *centre = new QWidget(this);
    auto *centreLayout = new QVBoxLayout(centre);
    centreLayout->setContentsMargins(0, 0, 0, 0);
    centreLayout->setSpacing(0);
    m_banner = new ScenarioBanner(centre);
    centreLayout->addWidget(m_banner);
    m_centre = new QSplitter(Qt::Vertical, centre);
    // The view with its timeline under it, as one pane of the splitter.
    auto *viewPane = new QWidget(m_centre);
    auto *viewLayout = new QVBoxLayout(viewPane);
    viewLayout->setContentsMargins(0, 0, 0, 0);
    viewLayout->setSpacing(0);
    m_view = new AssignmentView(viewPane);
    m_timeline = new TimelineBar(*m_controller, viewPane);
    viewLayout->addWidget(m_view, 1);
    viewLayout->addWidget(m_timeline);
    m_narration = new NarrationOverlay(m_view);
    m_charts = new ChartPanel(*m_controller, m_centre);
    m_centre->addWidget(viewPane);
    m_centre->addWidget(m_charts);
    m_centre->setStretchFactor(0, 3);
    m_centre->setStretchFactor(1, 2);
    m_centre->setSizes({ 600, 330 });
    m_centre->setChildrenCollapsible(false);
    centreLayout->addWidget(m_centre, 1);
    setCentralWidget(centre);
    // At presenter zoom the view has no room for a note that hides nothing: over the charts.
    m_narration->setSpillArea(m_charts, centre);

    m_consumerActions = new ConsumerActions(this);
    m_export = new ExportController(*m_controller, m_view, m_charts, this);
    m_files = new DocumentController(m_document, registry, this);
    m_import = new ImportController(registry, this);
    // A real run's client logs open through the import path, as File › Import client logs.
    m_real = new RealRunController(
        registry, this,
        [this] { return std::make_pair(m_document->scenario(), m_document->filePath()); },
        [this](const QStringList &files, const LogImporter::Options &options,
            QString *error) -> std::shared_ptr<const ObservedWorld> {
            if (!m_import->importFiles(files, options)) {
                *error = m_import->lastError();
                return nullptr;
            }
            return m_import->lastImported();
        });
    m_observedBanner = new ObservedBanner(m_import->replayAction(), centre);
    m_observedBanner->hide();
    centreLayout->insertWidget(1, m_observedBanner);
    m_live = new LiveController(registry, m_controller, this);
    m_liveBanner = new LiveBanner(m_live->backToLiveAction(), m_live->forkAction(), centre);
    m_liveBanner->hide();
    centreLayout->insertWidget(1, m_liveBanner);
    m_autosave = new SessionAutosave(*m_document, *m_controller, this);
    WindowActions::Parts parts;
    parts.controller = m_controller;
    parts.exporter = m_export;
    parts.files = m_files;
    parts.consumers = m_consumerActions;
    parts.languages = &m_languages;
    parts.view = m_view;
    parts.narration = m_narration;
    m_actions = new WindowActions(this, parts);
    createDocks();
    m_actions->createMenus({ m_strategyDock, m_churnDock, m_settingsDock, m_scenarioDock,
        m_inspectorDock, m_logDock, m_workbenchDock });
    m_actions->createToolBars();
    // File › Import…: beside Open, before Save.
    QMenu *file = m_actions->fileMenu();
    file->insertAction(m_files->saveAction(), m_import->importLogsAction());
    file->insertAction(m_files->saveAction(), m_import->importLogsFolderAction());
    file->insertAction(m_files->saveAction(), m_import->importMqadminAction());
    file->insertAction(m_files->saveAction(), m_import->replayAction());
    file->insertAction(m_files->saveAction(), m_real->openAction());
    file->insertSeparator(m_files->saveAction());
    file->insertAction(m_files->saveAction(), m_live->connectAction());
    file->insertAction(m_files->saveAction(), m_live->openRecordingAction());
    file->insertAction(m_files->saveAction(), m_live->saveRecordingAction());
    file->insertAction(m_files->saveAction(), m_live->forkAction());
    m_actions->simulationMenu()->addSeparator();
    m_actions->simulationMenu()->addAction(m_real->runAction());
    file->insertSeparator(m_files->saveAction());
    m_playback = m_actions->playbackBar();
    m_totals = new StatusTotals(*m_controller, *m_view, this);
    statusBar()->addPermanentWidget(m_totals);
    statusBar()->installEventFilter(this);
    m_totals->installEventFilter(this);
    connect(statusBar(), &QStatusBar::messageChanged, this, [this](const QString &message) {
        if (message.isEmpty()) {
            m_statusText.clear(); // timed out or cleared
        }
    });
    connectParts();
    retranslate();
    resize(1500, 950);
}

MainWindow::~MainWindow() = default;

void MainWindow::createDocks()
{
    auto dock = [this](const char *name, QWidget *content, Qt::DockWidgetArea area) {
        auto *d = new QDockWidget(this);
        d->setObjectName(QLatin1String(name));
        d->setWidget(content);
        addDockWidget(area, d);
        return d;
    };
    // A panel of fields scrolls when its dock is shorter than it (presenter zoom, 1280×720):
    // a layout squeezed below its minimum overlapped its labels ("RocketMQ: Allocate…" under
    // "Parameters").
    auto scrolled = [this](const char *name, QWidget *panel) {
        auto *area = new QScrollArea(this);
        area->setObjectName(QLatin1String(name));
        area->setWidget(panel);
        area->setWidgetResizable(true);
        area->setFrameShape(QFrame::NoFrame);
        return area;
    };
    m_strategy = new StrategyPanel(m_registry, this);
    m_settings = new SettingsPanel(this);
    m_churn = new ChurnPanel(this);
    m_churn->setAddConsumerAction(m_consumerActions->action(ConsumerActions::Add));
    m_log = new EventLogView(*m_controller, this);
    m_inspector = new InspectorView(*m_controller, this);
    auto *scenarioPage = new ScenarioInfoView(*m_document, this);

    // Two stacks on the right: what the user changes (strategy, churn, settings, scenario) above
    // what the user reads (event log, inspector).
    m_strategyDock
        = dock("StrategyDock", scrolled("StrategyScroll", m_strategy), Qt::RightDockWidgetArea);
    m_logDock = dock("EventLogDock", m_log, Qt::RightDockWidgetArea);
    splitDockWidget(m_strategyDock, m_logDock, Qt::Vertical);
    m_churnDock = dock("ChurnDock", scrolled("ChurnScroll", m_churn), Qt::RightDockWidgetArea);
    tabifyDockWidget(m_strategyDock, m_churnDock);
    m_settingsDock = dock("SettingsDock", m_settings, Qt::RightDockWidgetArea);
    tabifyDockWidget(m_strategyDock, m_settingsDock);
    m_scenarioDock = dock("ScenarioDock", scenarioPage, Qt::RightDockWidgetArea);
    tabifyDockWidget(m_strategyDock, m_scenarioDock);
    m_inspectorDock = dock("InspectorDock", m_inspector, Qt::RightDockWidgetArea);
    tabifyDockWidget(m_logDock, m_inspectorDock);
    m_workbenchDock = dock("WorkbenchDock",
        scrolled("WorkbenchScroll", new StrategyWorkbench(m_registry, m_strategy, this)),
        Qt::RightDockWidgetArea);
    tabifyDockWidget(m_strategyDock, m_workbenchDock);
    setTabPosition(Qt::RightDockWidgetArea, QTabWidget::North);
    m_strategyDock->raise();
    m_logDock->raise();
    resizeDocks({ m_strategyDock }, { 440 }, Qt::Horizontal);
    resizeDocks({ m_strategyDock, m_logDock }, { 480, 420 }, Qt::Vertical);
}

void MainWindow::connectParts()
{
    connect(m_controller, &SimulationController::frameUpdated, this, &MainWindow::handleFrame);
    connect(m_actions, &WindowActions::restartRequested, this, [this] {
        if (m_controller->isReadOnly()) {
            m_controller->restart(); // the logs, or the polls, from their first
        } else {
            startDocument();
        }
    });
    connect(m_import, &ImportController::observedOpened, this, &MainWindow::showObserved);
    connect(m_live, &LiveController::liveOpened, this, &MainWindow::showLive);
    connect(m_live, &LiveController::statusChanged, this, &MainWindow::updateLiveBanner);
    connect(m_import, &ImportController::scenarioImported, this, [this](const Scenario &s) {
        // mqadmin output becomes a scenario like any other: an untitled document.
        if (m_files->maybeSave()) {
            m_document->setScenario(s, QString());
            startDocument();
        }
    });
    connect(m_actions, &WindowActions::pluginsRequested, this, &MainWindow::showPlugins);
    connect(m_actions, &WindowActions::compareRequested, this, &MainWindow::showCompareDialog);
    connect(m_actions, &WindowActions::aboutRequested, this, &MainWindow::showAbout);
    connect(m_controller, &SimulationController::speedChanged, m_view, &AssignmentView::setSpeed);
    connect(m_controller, &SimulationController::commandApplied, this,
        &MainWindow::handleCommandApplied);
    connect(m_controller, &SimulationController::branched, m_document,
        &ScenarioDocument::dropLastRecorded);
    connect(
        m_controller, &SimulationController::commandFailed, this, &MainWindow::handleCommandFailed);
    connect(m_controller, &SimulationController::loadFailed, this,
        [this](const QString &error) { m_files->showError(tr("The scenario cannot run"), error); });
    connect(m_document, &ScenarioDocument::modifiedChanged, this, &MainWindow::updateTitle);
    connect(m_files, &DocumentController::opened, this, &MainWindow::startDocument);
    connect(m_files, &DocumentController::message, this,
        [this](const QString &text) { showStatus(text, 6000); });
    connect(m_view, &AssignmentView::selectionChanged, this, &MainWindow::handleSelection);
    connect(m_narration, &NarrationOverlay::pauseRequested, m_controller,
        [this] { m_controller->setPlaying(false); });
    // The totals count what the view shows: refreshed when it paints (at most every 100 ms at
    // rest), never ahead of the picture or behind it.
    connect(m_view, &AssignmentView::framePainted, m_totals, &StatusTotals::handleFrame);
    connect(m_view, &AssignmentView::consumerContextMenuRequested, this,
        [this](qint32, const QPoint &pos) {
            QMenu menu(this);
            m_consumerActions->fillMenu(&menu);
            menu.exec(pos);
        });
    connect(m_log, &EventLogView::selectionRequested, m_view, &AssignmentView::setSelection);
    connect(m_consumerActions, &ConsumerActions::commandRequested, this, &MainWindow::sendCommand);
    connect(m_strategy, &StrategyPanel::commandsRequested, this,
        [this](const QList<ScenarioEvent> &commands) {
            for (const ScenarioEvent &c : commands) {
                sendCommand(c);
            }
        });
    connect(m_settings, &SettingsPanel::clientSettingsRequested, this, &MainWindow::sendCommand);
    connect(m_settings, &SettingsPanel::brokerSettingsRequested, this, &MainWindow::sendCommand);
    connect(m_settings, &SettingsPanel::profileRequested, this, [this](Profile profile) {
        // The profile decides how consumers are built: a new run, which replays the session.
        m_document->setProfile(profile);
        startDocument();
    });
    connect(m_churn, &ChurnPanel::commandRequested, this, &MainWindow::sendCommand);
    connect(m_churn, &ChurnPanel::churnChanged, this, &MainWindow::sendChurn);
    connect(m_autosave, &SessionAutosave::saveFailed, this,
        [this](const QString &error) { showStatus(tr("Autosave failed: %1").arg(error), 10000); });
    connect(m_export, &ExportController::exported, this, [this](const QString &path) {
        showStatus(tr("Wrote %1").arg(QDir::toNativeSeparators(path)), 5000);
    });
}

void MainWindow::retranslate()
{
    m_actions->retranslate();
    m_consumerActions->retranslate();
    m_strategyDock->setWindowTitle(tr("Strategy"));
    m_settingsDock->setWindowTitle(tr("Settings"));
    m_churnDock->setWindowTitle(tr("Churn"));
    m_scenarioDock->setWindowTitle(tr("Scenario"));
    m_inspectorDock->setWindowTitle(tr("Inspector"));
    m_workbenchDock->setWindowTitle(tr("Workbench"));
    m_logDock->setWindowTitle(tr("Event log"));
    m_files->retranslate();
    m_import->retranslate();
    m_real->retranslate();
    m_live->retranslate();
    m_narration->retranslate();
    updateTitle();
}

void MainWindow::updateTitle()
{
    if (m_controller->isLive()) {
        setWindowTitle(tr("%1 — Rebalance Lab").arg(m_live->title()));
        setWindowModified(false);
        return;
    }
    if (const auto observed = m_controller->observedWorld()) {
        setWindowTitle(tr("Observed: %1 — Rebalance Lab").arg(observed->summary()));
        setWindowModified(false);
        return;
    }
    const QString scenarioName = m_document->scenario().nameFor(QLocale().name());
    const QString name = scenarioName.isEmpty() ? tr("Untitled") : scenarioName;
    setWindowTitle(tr("%1[*] — Rebalance Lab").arg(name));
    setWindowModified(m_document->isModified());
}

void MainWindow::handleFrame()
{
    const CatalogPtr catalog = m_controller->catalog();
    m_view->setFrame(catalog, m_controller->snapshot(), m_controller->generation());
    m_narration->setTime(catalog, m_controller->now(), m_controller->generation());
    m_consumerActions->setState(catalog, m_controller->snapshot());
    if (catalog) {
        m_strategy->setGroups(catalog->groupNames());
        // What each group's live consumers run: one name, or several during a rolling deploy.
        QHash<QString, QStringList> running;
        const QList<SnapshotConsumer> &consumers = m_controller->snapshot().consumers;
        for (qsizetype i = 0; i < consumers.size() && i < catalog->consumers.size(); ++i) {
            const SnapshotConsumer &c = consumers.at(i);
            if (c.state != ConsumerState::Absent && c.state != ConsumerState::Killed
                && c.state != ConsumerState::Shutdown) {
                QStringList &names = running[catalog->consumers.at(i).group];
                if (!names.contains(c.strategy)) {
                    names.append(c.strategy);
                }
            }
        }
        for (QStringList &names : running) {
            names.sort();
        }
        m_strategy->setRunningStrategies(running);
    }
    // The panels show the run's settings and churn as they are now (scripted changes too).
    const Frame &frame = m_controller->lastFrame();
    const QString group
        = catalog && !catalog->groups.isEmpty() ? catalog->groups.first().name : QString();
    m_settings->setLiveValues(frame.brokerSettings, frame.clientSettings.value(group));
    m_churn->setLiveChurn(frame.churn);
    updateStrategyTargets();
    applyReadOnly();
}

void MainWindow::showObserved(std::shared_ptr<const ObservedWorld> world)
{
    if (!world) {
        return;
    }
    m_live->disconnectLive();
    m_import->setObserved(world);
    m_narration->setNarration({});
    m_observedBanner->setSource(world->summary(), world->files());
    m_controller->loadObserved(world);
    applyReadOnly();
    updateTitle();
    showStatus(tr("Observed from client logs: read-only. Play or drag the timeline; Replay in the "
                  "engine compares it with the model."),
        15000);
}

void MainWindow::showLive(LiveSession *session)
{
    if (!session) {
        return;
    }
    m_import->setObserved(nullptr);
    m_narration->setNarration({});
    m_controller->loadLive(session->world(), session->isRecording());
    applyReadOnly();
    updateTitle();
    if (session->isRecording()) {
        // A recording follows nothing: it opens at its first poll, paused, and plays on
        // through its polls at the chosen speed.
        showStatus(tr("A recorded watch, read-only. Play it, or drag the timeline to any poll; "
                      "Fork into the engine tries other strategies from the poll on screen."),
            15000);
        return;
    }
    showStatus(tr("Watching a live group, read-only. Drag the timeline back to see an earlier "
                  "poll; Fork into the engine tries other strategies from now."),
        15000);
}

void MainWindow::updateLiveBanner()
{
    if (!m_controller->isLive()) {
        return;
    }
    QString toolTip;
    bool alert = false;
    const QString text = m_live->bannerText(&toolTip, &alert);
    m_liveBanner->setText(text, toolTip, alert);
}

QString MainWindow::liveBannerText() const
{
    return m_liveBanner->isVisibleTo(this) ? m_liveBanner->text() : QString();
}

void MainWindow::applyLiveNotes()
{
    const std::shared_ptr<const Remoting::LiveWorld> live = m_controller->liveWorld();
    if (!live) {
        m_view->setStateNotes({}, {});
        return;
    }
    // A client that stopped answering or left is shown as what was seen, never as killed.
    QStringList texts;
    QStringList words;
    for (const Remoting::LiveWorld::ClientNote &note : live->notesAt(m_controller->now())) {
        const QString clock
            = QDateTime::fromMSecsSinceEpoch(note.sinceMs).toString(QStringLiteral("HH:mm:ss"));
        switch (note.state) {
        case Remoting::LiveWorld::ClientState::NotAnswering:
            //: A live group's card: the client is connected but did not answer the last polls
            //: (short: a card's line).
            texts.append(tr("no answer since %1").arg(clock));
            words.append(tr("not answering"));
            break;
        case Remoting::LiveWorld::ClientState::Left:
            //: A live group's card: the client is no longer in the group's connections; its
            //: card says "left" in large letters, this line when it was last seen (short).
            texts.append(tr("last seen %1").arg(clock));
            words.append(tr("left"));
            break;
        default:
            texts.append(QString());
            words.append(QString());
            break;
        }
    }
    m_view->setStateNotes(texts, words);
}

QString MainWindow::observedBannerText() const
{
    return m_observedBanner->isVisibleTo(this) ? m_observedBanner->text() : QString();
}

void MainWindow::applyReadOnly()
{
    const bool readOnly = m_controller->isReadOnly();
    const bool live = m_controller->isLive();
    // Client logs record no cache, lag or duplicates, and a client's silence is not a kill: the
    // view says "—" and "silent since" for an observed world (issue 37 item 5).
    const std::shared_ptr<const ObservedWorld> observed = m_controller->observedWorld();
    m_view->setFiguresMeasured(!observed);
    // Neither a live cluster's polls nor a client's log tell when its next rebalance is due.
    m_view->setScheduleKnown(!live && !observed);
    m_view->setSilentSince(observed ? observed->silentSince() : QStringList());
    applyLiveNotes();
    m_observedBanner->setVisible(readOnly && !live);
    m_liveBanner->setVisible(live);
    if (live) {
        updateLiveBanner();
    }
    m_banner->setVisible(!readOnly);
    for (QWidget *panel : { static_cast<QWidget *>(m_strategy), static_cast<QWidget *>(m_settings),
             static_cast<QWidget *>(m_churn) }) {
        panel->setEnabled(!readOnly);
    }
    m_files->saveAction()->setEnabled(!readOnly);
    m_files->saveAsAction()->setEnabled(!readOnly);
    if (readOnly) {
        for (QAction *action : m_consumerActions->actions()) {
            action->setEnabled(false);
        }
    }
}

void MainWindow::handleSelection(const Selection &selection)
{
    m_inspector->setSelection(selection);
    m_consumerActions->setSelectedConsumer(selection.isConsumer() ? selection.index : -1);
    applyReadOnly();
    // The status bar and the charts follow the group of the selected consumer; the run's
    // totals and the whole world otherwise.
    const CatalogPtr catalog = m_controller->catalog();
    const qint32 group = selection.isConsumer() && catalog && catalog->groups.size() > 1
            && selection.index < catalog->consumers.size()
        ? catalog->consumers.at(selection.index).groupIndex
        : -1;
    m_controller->setTotalsGroup(group);
    m_totals->setGroup(group);
    m_charts->setGroup(group);
    // Show the details, unless the user is reading the log (a click there selects too).
    if (selection.kind != Selection::Kind::None
        && !m_log->isAncestorOf(QApplication::focusWidget())) {
        m_inspectorDock->raise();
    }
    updateStrategyTargets();
}

void MainWindow::updateStrategyTargets()
{
    // Only a live consumer can switch strategy: a killed, shut down or not started one has no
    // RebalanceImpl to give it to, so "Apply to selected" goes grey when the selection dies.
    const Selection selection = m_view->selection();
    const CatalogPtr catalog = m_controller->catalog();
    const QList<SnapshotConsumer> &consumers = m_controller->snapshot().consumers;
    QStringList names;
    if (selection.isConsumer() && catalog && selection.index < catalog->consumers.size()
        && selection.index < consumers.size()) {
        const ConsumerState state = consumers.at(selection.index).state;
        if (state != ConsumerState::Absent && state != ConsumerState::Killed
            && state != ConsumerState::Shutdown) {
            names.append(catalog->consumers.at(selection.index).name);
        }
    }
    m_strategy->setSelectedConsumers(names);
}

void MainWindow::sendCommand(const ScenarioEvent &command)
{
    m_controller->apply(command);
}

void MainWindow::sendChurn(const std::optional<ChurnSpec> &churn)
{
    // A command like any other: recorded at the time the engine applies it, so File › Save
    // replays the churn switching on and off when it did.
    ScenarioEvent command;
    command.action = ScenarioEvent::Action::SetChurn;
    command.churn = churn;
    sendCommand(command);
}

void MainWindow::handleCommandApplied(const ScenarioEvent &command)
{
    m_document->recordCommand(command);
    QString what = command.consumer.isEmpty() ? command.group : command.consumer;
    if (command.action == ScenarioEvent::Action::SetBroker) {
        QStringList settings;
        for (auto it = command.settings.cbegin(); it != command.settings.cend(); ++it) {
            settings.append(QStringLiteral("%1=%2").arg(it.key(), it.value().toString()));
        }
        what = settings.join(QStringLiteral(", "));
    } else if (command.action == ScenarioEvent::Action::SetChurn) {
        what = command.churn
            ? tr("on for %1, a change every %2 on average")
                  .arg(command.churn->group, GuiText::span(command.churn->meanInterval))
            : tr("off");
    } else if (what.isEmpty()) {
        what = command.topic;
    }
    showStatus(
        tr("%1 at %2: %3")
            .arg(ScenarioEvent::actionName(command.action), GuiText::clock(command.at), what),
        4000);
}

bool MainWindow::eventFilter(QObject *watched, QEvent *event)
{
    // The room for a status message changes with the window and with the totals' text.
    if ((watched == statusBar() || watched == m_totals) && event->type() == QEvent::Resize
        && !m_statusText.isEmpty()) {
        QTimer::singleShot(0, this, [this] { fitStatus(); });
    }
    return QMainWindow::eventFilter(watched, event);
}

bool MainWindow::event(QEvent *event)
{
    if (event->type() == QEvent::ChildPolished) {
        // The docks' tab bars (QMainWindow makes them as the docks are tabified): a title is
        // never cut. Five titles at 200 % in a 330 px dock read "S… C… S… S… Wor…"; each tab
        // keeps its whole title and the bar scrolls, with the current tab always in view.
        if (auto *bar = qobject_cast<QTabBar *>(static_cast<QChildEvent *>(event)->child())) {
            bar->setElideMode(Qt::ElideNone);
            bar->setUsesScrollButtons(true);
            bar->setExpanding(false);
        }
    }
    return QMainWindow::event(event);
}

void MainWindow::showStatus(const QString &text, int timeout)
{
    m_statusText = text;
    m_statusTimeout = timeout;
    m_statusShown.start();
    fitStatus();
}

void MainWindow::fitStatus()
{
    if (m_statusText.isEmpty()) {
        return;
    }
    int remaining = 0;
    if (m_statusTimeout > 0) {
        remaining = m_statusTimeout - int(m_statusShown.elapsed());
        if (remaining <= 0) {
            m_statusText.clear();
            return;
        }
    }
    QStatusBar *bar = statusBar();
    const QFontMetrics metrics(bar->font());
    // QStatusBarPrivate::messageRect: from 6 px to 2 px short of the first permanent widget,
    // drawn without clipping. Elided to that whatever is left: the whole text in a room too
    // small for it ran into the totals ("Click a corRebalances…" at 200 %).
    // (Before the bar is laid out the totals sit at 0: their width then.)
    const bool totals = m_totals && m_totals->isVisible();
    const int right = !totals ? bar->width() - 12
        : m_totals->x() > 0   ? m_totals->x() - 2
                              : bar->width() - m_totals->sizeHint().width() - 2;
    const int room = right - 6 - metrics.averageCharWidth();
    QString fitted = bar->isVisible()
        ? metrics.elidedText(m_statusText, Qt::ElideRight, qMax(0, room))
        : m_statusText;
    if (fitted.isEmpty()) {
        fitted = QString(QChar(0x2026)); // an empty message would end it (messageChanged)
    }
    bar->showMessage(fitted, remaining);
    bar->setToolTip(fitted == m_statusText ? QString() : m_statusText);
}

void MainWindow::handleCommandFailed(const ScenarioEvent &command, const QString &error)
{
    m_lastError = error;
    showStatus(tr("%1 refused: %2").arg(ScenarioEvent::actionName(command.action), error), 8000);
}

void MainWindow::startDocument()
{
    const Scenario &s = m_document->scenario();
    m_narration->setNarration(s.narration);
    m_live->disconnectLive();
    m_controller->load(s);
    m_import->setObserved(nullptr);
    applyReadOnly();
    m_settings->setScenario(s);
    m_churn->setScenario(s);
    m_consumerActions->setScenario(s);
    // The panel starts on what the group runs: the --strategy override, or the scenario's.
    if (!m_strategyOverride.isEmpty()) {
        m_strategy->selectStrategy(m_strategyOverride);
    } else if (!s.groups.isEmpty()) {
        m_strategy->selectStrategy(s.groups.first().strategy);
        m_strategy->form()->setValues(s.groups.first().strategyParams);
    }
    updateTitle();
    m_banner->setScenario(m_document->scenario());
    showStatus(tr("Click a consumer card to act on it (toolbar, Consumer menu or right-click); "
                  "hover a card or a tile for details."),
        15000);
}

bool MainWindow::openScenario(const QString &path)
{
    return m_files->openScenario(path);
}

bool MainWindow::saveScenario(const QString &path)
{
    return m_files->saveScenario(path);
}

void MainWindow::setQuiet(bool quiet)
{
    m_files->setQuiet(quiet);
    m_import->setQuiet(quiet);
    m_real->setQuiet(quiet);
}

QString MainWindow::statusSummary() const
{
    return m_totals->line();
}

QString MainWindow::lastError() const
{
    return m_files->lastError().isEmpty() ? m_lastError : m_files->lastError();
}

void MainWindow::setStrategyOverride(const QString &strategy)
{
    m_strategyOverride = strategy;
    m_controller->setStrategyOverride(strategy);
    m_files->setStrategyOverride(strategy);
    m_autosave->setStrategyOverride(strategy);
}

bool MainWindow::startAutosave(const QString &directory)
{
    QString error;
    if (!m_autosave->start(directory, &error)) {
        m_lastError = error;
        qWarning("rebalance-lab: no autosave: %s", qPrintable(error));
        return false;
    }
    return true;
}

bool MainWindow::restoreLeftBehind(const QString &directory, RestoreMode mode)
{
    const QList<AutosavedSession> sessions = SessionAutosave::leftBehind(directory);
    if (sessions.isEmpty() || mode == RestoreMode::Never) {
        return false;
    }
    const AutosavedSession &newest = sessions.first();
    if (mode == RestoreMode::Ask) {
        switch (m_files->askToRestore(newest)) {
        case DocumentController::RestoreAnswer::Restore:
            break;
        case DocumentController::RestoreAnswer::Discard:
            SessionAutosave::discard(newest);
            return false;
        case DocumentController::RestoreAnswer::Later:
            return false;
        }
    }
    return restoreAutosave(newest);
}

bool MainWindow::restoreAutosave(const AutosavedSession &session)
{
    // The run that was lost used this strategy for every group; replaying it needs the same.
    const QString override = m_strategyOverride;
    if (override.isEmpty() && !session.strategyOverride.isEmpty()
        && m_registry.find(session.strategyOverride)) {
        setStrategyOverride(session.strategyOverride);
    }
    if (!m_files->restoreAutosave(session)) {
        setStrategyOverride(override);
        return false;
    }
    // The commands replay at their times: running to where the session was shows what the
    // user last saw. It blocks: the bundled worlds run 10 virtual minutes in 0.1–0.5 s.
    m_controller->runTo(session.reached);
    // This session holds the work now; the old files go once it is saved under its own name.
    if (!m_autosave->isActive() || m_autosave->saveNow()) {
        SessionAutosave::discard(session);
    }
    return true;
}

void MainWindow::showPlugins()
{
    PluginDialog dialog(m_registry, this);
    dialog.exec();
}

void MainWindow::showAbout()
{
    QMessageBox::about(this, tr("About Rebalance Lab"),
        tr("<h3>Rebalance Lab %1</h3><p>A laboratory for how Apache RocketMQ consumer groups share "
           "a "
           "topic's queues: push consumers and brokers simulated event by event, allocation "
           "strategies "
           "loaded as plugins.</p><p>Licensed under the Apache License 2.0.</p>")
            .arg(QCoreApplication::applicationVersion()));
}

void MainWindow::restoreSession()
{
    QSettings settings;
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    m_centre->restoreState(settings.value(QStringLiteral("window/centre")).toByteArray());
    if (settings.contains(QStringLiteral("speed"))) {
        m_controller->setSpeed(settings.value(QStringLiteral("speed")).toDouble());
    }
}

void MainWindow::showCompareDialog()
{
    if (m_controller->isObserved()) {
        m_import->replayInEngine(); // logs compare with their replay, not with variants
        return;
    }
    if (m_controller->isLive()) {
        m_live->fork(); // a live group forks from its newest poll
        return;
    }
    CompareDialog dialog(m_registry, m_document->scenario(), m_controller->now(), this);
    if (dialog.exec() == QDialog::Accepted) {
        compareFromHere(dialog.variants(), dialog.group());
    }
}

CompareWindow *MainWindow::compareFromHere(
    const QList<Variant> &variants, const QString &group, bool show)
{
    // The world as it runs here: the document holds every command given so far as scripted
    // events; --strategy runs every group with one strategy.
    Scenario base = m_document->scenario();
    if (!m_strategyOverride.isEmpty()) {
        base = Variant { m_strategyOverride, m_strategyOverride, {}, {} }.apply(base, QString());
    }
    auto *window = new CompareWindow(m_registry);
    if (!window->start(base, variants, group, m_controller->now())) {
        m_lastError = window->lastError();
        delete window;
        if (!m_files->isQuiet()) {
            QMessageBox::warning(this, tr("Compare"), m_lastError);
        }
        return nullptr;
    }
    if (show) {
        window->setAttribute(Qt::WA_DeleteOnClose);
        window->resize(size());
        window->show();
    }
    return window;
}

bool MainWindow::takeScreenshot(const QString &path, SimTime at, const QSize &size)
{
    setQuiet(true);
    if (!m_controller->isLive()) {
        m_controller->setPlaying(false); // a live view keeps following its polls
    }
    resize(size);
    show();
    QApplication::processEvents();
    const int centre = m_centre->height();
    m_centre->setSizes({ centre * 60 / 100, centre * 40 / 100 });
    m_controller->runTo(at);
    if (!m_controller->hasRun() || m_controller->now() < at) {
        m_lastError
            = tr("The run did not reach %1. %2").arg(GuiText::clock(at), m_controller->lastError());
        return false;
    }
    m_view->settle();
    if (!m_screenshotSelection.isEmpty()) {
        const CatalogPtr catalog = m_controller->catalog();
        qint32 found = -1;
        for (qint32 i = 0; catalog && i < catalog->consumers.size() && found < 0; ++i) {
            const ConsumerInfo &c = catalog->consumers.at(i);
            if (c.name == m_screenshotSelection || c.id == m_screenshotSelection) {
                found = i;
            }
        }
        if (found < 0) {
            m_lastError = tr("No consumer \"%1\" in the run.").arg(m_screenshotSelection);
            return false;
        }
        m_view->setSelection(Selection::consumer(found));
        handleSelection(Selection::consumer(found));
        // The worker computes only the shown group's totals: wait (a little) for the frame that
        // brings them, so the status bar of the picture is the selected group's.
        if (catalog->groups.size() > 1) {
            const qint32 group = catalog->consumers.at(found).groupIndex;
            QDeadlineTimer deadline(2000);
            while (m_controller->lastFrame().totalsGroup != group && !deadline.hasExpired()) {
                QApplication::processEvents();
                QThread::msleep(5);
            }
        }
        // The Explain rows are long (hashes, virtual nodes): give the dock room to show them.
        resizeDocks({ m_inspectorDock }, { width() * 45 / 100 }, Qt::Horizontal);
    }
    m_inspector->refresh();
    if (!m_screenshotSelection.isEmpty()) {
        m_inspector->scrollToExplanation();
    }
    // A still picture should show the trouble it contains: ownership when queues are orphaned
    // or double-owned at that moment.
    const SnapshotTotals &totals = m_controller->snapshot().totals;
    if (totals.orphanedQueues + totals.doubleOwnedQueues > 0) {
        m_charts->showChart(ChartPanel::Ownership);
    }
    // Layouts settle over a few event-loop turns (docks, the splitter, the charts' plot areas).
    for (int i = 0; i < 5; ++i) {
        QApplication::processEvents();
    }
    m_charts->settle();
    m_totals->refresh();
    QApplication::processEvents();
    return ExportController::writeWindowPng(this, size, path, &m_lastError);
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!m_files->maybeSave()) {
        event->ignore();
        return;
    }
    if (!m_files->isQuiet()) {
        QSettings settings;
        settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
        settings.setValue(QStringLiteral("window/state"), saveState());
        settings.setValue(QStringLiteral("window/centre"), m_centre->saveState());
        settings.setValue(QStringLiteral("speed"), m_controller->speed());
    }
    // A clean close: nothing to restore next time (maybeSave saved or discarded the session).
    m_autosave->finish();
    event->accept();
}

void MainWindow::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
    }
    QMainWindow::changeEvent(event);
}

QString MainWindow::dropRefusal(const QMimeData *mime) const
{
    const QList<QUrl> urls = mime->urls();
    if (urls.size() != 1) {
        return tr("Drop one scenario file at a time.");
    }
    if (!urls.first().isLocalFile()) {
        return tr("Only files on this computer can be opened: %1")
            .arg(urls.first().toDisplayString());
    }
    const QString path = urls.first().toLocalFile();
    if (!path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive)) {
        return tr("%1 is not a scenario: scenario files end in .json.")
            .arg(QFileInfo(path).fileName());
    }
    return QString();
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    // Any file is let in, so that a wrong one gets an explanation on drop rather than a
    // silent "no entry" cursor.
    if (event->mimeData()->hasUrls()) {
        event->acceptProposedAction();
    }
}

void MainWindow::dropEvent(QDropEvent *event)
{
    const QString refusal = dropRefusal(event->mimeData());
    if (!refusal.isEmpty()) {
        event->ignore();
        m_lastError = refusal;
        showStatus(refusal, 8000);
        m_files->showError(tr("Cannot open the dropped file"), refusal);
        return;
    }
    event->acceptProposedAction();
    m_files->openAfterPrompt(event->mimeData()->urls().first().toLocalFile());
}

} // namespace Rblab

#include "moc_mainwindow.cpp"
