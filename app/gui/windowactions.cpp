// SPDX-License-Identifier: Apache-2.0
#include "windowactions.h"

#include "teaching/narrationoverlay.h"

#include "assignment/assignmentview.h"
#include "simulation/consumeractions.h"
#include "document/documentcontroller.h"
#include "export/exportcontroller.h"
#include "guitext.h"
#include "languagemenu.h"
#include "simulation/playbackbar.h"
#include "simulation/simulationcontroller.h"

#include <QAction>
#include <QSettings>
#include <QApplication>
#include <QDockWidget>
#include <QIcon>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QStatusBar>
#include <QToolBar>

namespace Rblab {

namespace {

QIcon icon(const char *name)
{
    return QIcon(QStringLiteral(":/icons/%1.svg").arg(QLatin1String(name)));
}

// "Faster" and "Slower" move the speed slider by this many of its 400 steps (about 2×).
constexpr int kSpeedStep = 30;

} // namespace

WindowActions::WindowActions(QMainWindow *window, const Parts &parts)
    : QObject(window), m_window(window), m_parts(parts)
{
    SimulationController *controller = parts.controller;
    m_quit = addAction();
    m_quit->setShortcut(QKeySequence::Quit);
    m_quit->setMenuRole(QAction::QuitRole);
    connect(m_quit, &QAction::triggered, window, &QWidget::close);

    m_exportViewPng = addAction("export");
    connect(m_exportViewPng, &QAction::triggered, parts.exporter, &ExportController::exportViewPng);
    m_exportViewSvg = addAction();
    connect(m_exportViewSvg, &QAction::triggered, parts.exporter, &ExportController::exportViewSvg);
    m_exportCharts = addAction();
    connect(
        m_exportCharts, &QAction::triggered, parts.exporter, &ExportController::exportChartsPng);
    m_exportCsv = addAction();
    connect(m_exportCsv, &QAction::triggered, parts.exporter, &ExportController::exportMetricsCsv);
    m_exportClip = addAction();
    connect(m_exportClip, &QAction::triggered, parts.exporter, &ExportController::exportClip);

    m_play = addAction("play");
    m_play->setShortcut(QKeySequence(Qt::Key_Space));
    connect(m_play, &QAction::triggered, controller, &SimulationController::togglePlaying);
    connect(
        controller, &SimulationController::playingChanged, this, &WindowActions::updatePlayAction);
    m_step = addAction("step");
    m_step->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Right));
    connect(m_step, &QAction::triggered, controller, &SimulationController::stepToNextEvent);
    m_stepRebalance = addAction("step-rebalance");
    m_stepRebalance->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Right));
    connect(m_stepRebalance, &QAction::triggered, controller,
        &SimulationController::stepToNextRebalance);
    m_restart = addAction("restart");
    m_restart->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    connect(m_restart, &QAction::triggered, this, &WindowActions::restartRequested);
    m_compare = addAction();
    m_compare->setObjectName(QStringLiteral("compareFromHere"));
    connect(m_compare, &QAction::triggered, this, &WindowActions::compareRequested);
    m_faster = addAction();
    m_faster->setShortcut(QKeySequence(Qt::Key_BracketRight));
    connect(m_faster, &QAction::triggered, this, [controller] {
        controller->setSpeed(PlaybackBar::speedForPosition(
            PlaybackBar::positionForSpeed(controller->speed()) + kSpeedStep));
    });
    m_slower = addAction();
    m_slower->setShortcut(QKeySequence(Qt::Key_BracketLeft));
    connect(m_slower, &QAction::triggered, this, [controller] {
        controller->setSpeed(PlaybackBar::speedForPosition(
            PlaybackBar::positionForSpeed(controller->speed()) - kSpeedStep));
    });
    m_hideInactive = addAction();
    m_hideInactive->setCheckable(true);
    m_hideInactive->setChecked(parts.view && parts.view->hidesInactive());
    m_hideInactive->setObjectName(QStringLiteral("HideInactiveAction"));
    if (parts.view) {
        connect(m_hideInactive, &QAction::toggled, parts.view, &AssignmentView::setHideInactive);
    }
    // Teaching aids a trainer sets once for a room: remembered across sessions.
    QSettings settings;
    m_narration = addAction();
    m_narration->setCheckable(true);
    m_narration->setObjectName(QStringLiteral("ShowNarrationAction"));
    m_narration->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N));
    m_narration->setChecked(settings.value(QStringLiteral("view/narration"), true).toBool());
    if (parts.narration) {
        parts.narration->setShown(m_narration->isChecked());
        connect(m_narration, &QAction::toggled, parts.narration, &NarrationOverlay::setShown);
    }
    connect(m_narration, &QAction::toggled, this,
        [](bool on) { QSettings().setValue(QStringLiteral("view/narration"), on); });
    m_largeSchedule = addAction();
    m_largeSchedule->setCheckable(true);
    m_largeSchedule->setObjectName(QStringLiteral("LargeScheduleAction"));
    m_largeSchedule->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_T));
    m_largeSchedule->setChecked(
        settings.value(QStringLiteral("view/largeSchedule"), false).toBool());
    if (parts.view) {
        parts.view->setLargeSchedule(m_largeSchedule->isChecked());
        connect(m_largeSchedule, &QAction::toggled, parts.view, &AssignmentView::setLargeSchedule);
    }
    connect(m_largeSchedule, &QAction::toggled, this,
        [](bool on) { QSettings().setValue(QStringLiteral("view/largeSchedule"), on); });
    m_zoomIn = addAction();
    m_zoomIn->setShortcuts({ QKeySequence(Qt::CTRL | Qt::Key_Equal), QKeySequence::ZoomIn });
    connect(m_zoomIn, &QAction::triggered, this, [this] { setZoom(m_zoom + kZoomStep); });
    m_zoomOut = addAction();
    m_zoomOut->setShortcuts({ QKeySequence(Qt::CTRL | Qt::Key_Minus), QKeySequence::ZoomOut });
    connect(m_zoomOut, &QAction::triggered, this, [this] { setZoom(m_zoom - kZoomStep); });
    m_zoomReset = addAction();
    m_zoomReset->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
    connect(m_zoomReset, &QAction::triggered, this, [this] { setZoom(kMinZoom); });
    m_presenter = addAction();
    m_presenter->setCheckable(true);
    m_presenter->setShortcut(QKeySequence(Qt::Key_F11));
    connect(m_presenter, &QAction::toggled, this, &WindowActions::setPresenterMode);
    m_plugins = addAction("plugin");
    connect(m_plugins, &QAction::triggered, this, &WindowActions::pluginsRequested);
    m_about = addAction();
    m_about->setMenuRole(QAction::AboutRole);
    connect(m_about, &QAction::triggered, this, &WindowActions::aboutRequested);
    m_aboutQt = addAction();
    m_aboutQt->setMenuRole(QAction::AboutQtRole);
    connect(m_aboutQt, &QAction::triggered, qApp, &QApplication::aboutQt);
}

QAction *WindowActions::addAction(const char *iconName)
{
    auto *action = new QAction(this);
    if (iconName) {
        action->setIcon(icon(iconName));
    }
    return action;
}

void WindowActions::createMenus(const QList<QDockWidget *> &docks)
{
    QMenuBar *bar = m_window->menuBar();
    DocumentController *files = m_parts.files;
    m_fileMenu = bar->addMenu(QString());
    m_fileMenu->addAction(files->openAction());
    m_fileMenu->addMenu(files->examplesMenu());
    m_fileMenu->addMenu(files->recentMenu());
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(files->saveAction());
    m_fileMenu->addAction(files->saveAsAction());
    m_fileMenu->addSeparator();
    m_exportMenu = m_fileMenu->addMenu(icon("export"), QString());
    m_exportMenu->addAction(m_exportViewPng);
    m_exportMenu->addAction(m_exportViewSvg);
    m_exportMenu->addAction(m_exportCharts);
    m_exportMenu->addAction(m_exportCsv);
    m_exportMenu->addAction(m_exportClip);
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(m_quit);

    m_simulationMenu = bar->addMenu(QString());
    m_simulationMenu->addAction(m_play);
    m_simulationMenu->addAction(m_step);
    m_simulationMenu->addAction(m_stepRebalance);
    m_simulationMenu->addAction(m_restart);
    m_simulationMenu->addAction(m_compare);
    m_simulationMenu->addSeparator();
    m_simulationMenu->addAction(m_faster);
    m_simulationMenu->addAction(m_slower);

    m_consumerMenu = bar->addMenu(QString());
    m_consumerMenu->addAction(m_parts.consumers->action(ConsumerActions::Add));
    m_consumerMenu->addSeparator();
    m_parts.consumers->fillMenu(m_consumerMenu);

    m_viewMenu = bar->addMenu(QString());
    for (QDockWidget *dock : docks) {
        m_viewMenu->addAction(dock->toggleViewAction());
    }
    m_docks = docks;
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(m_hideInactive);
    m_viewMenu->addAction(m_narration);
    m_viewMenu->addAction(m_largeSchedule);
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(m_zoomIn);
    m_viewMenu->addAction(m_zoomOut);
    m_viewMenu->addAction(m_zoomReset);
    m_viewMenu->addAction(m_presenter);
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(m_plugins);

    bar->addMenu(new LanguageMenu(*m_parts.languages, m_window));

    m_helpMenu = bar->addMenu(QString());
    m_helpMenu->addAction(m_about);
    m_helpMenu->addAction(m_aboutQt);
}

void WindowActions::createToolBars()
{
    m_playbackBar = m_window->addToolBar(QString());
    m_playbackBar->setObjectName(QStringLiteral("PlaybackToolBar"));
    m_playbackBar->addAction(m_play);
    m_playbackBar->addAction(m_step);
    m_playbackBar->addAction(m_stepRebalance);
    m_playbackBar->addAction(m_restart);
    m_playback = new PlaybackBar(*m_parts.controller, m_playbackBar);
    m_playbackBar->addWidget(m_playback);

    ConsumerActions *consumers = m_parts.consumers;
    m_consumerBar = m_window->addToolBar(QString());
    m_consumerBar->setObjectName(QStringLiteral("ConsumerToolBar"));
    for (QAction *action : consumers->actions()) {
        m_consumerBar->addAction(action);
        if (action == consumers->action(ConsumerActions::Add)
            || action == consumers->action(ConsumerActions::Kill)) {
            m_consumerBar->addSeparator();
        }
    }
    m_consumerBar->addSeparator();
    m_consumerBar->addAction(m_exportViewPng);
    m_consumerBar->addAction(m_plugins);
}

void WindowActions::retranslate()
{
    m_fileMenu->setTitle(tr("&File"));
    m_exportMenu->setTitle(tr("&Export"));
    m_simulationMenu->setTitle(tr("&Simulation"));
    m_consumerMenu->setTitle(tr("&Consumer"));
    m_viewMenu->setTitle(tr("&View"));
    m_helpMenu->setTitle(tr("&Help"));
    m_playbackBar->setWindowTitle(tr("Playback"));
    m_consumerBar->setWindowTitle(tr("Consumers"));

    struct Text
    {
        QAction *action;
        QString text;
        QString tip;
    };
    const Text texts[] = {
        { m_quit, tr("&Quit"), tr("Quit Rebalance Lab") },
        { m_exportViewPng, tr("View as &PNG…"), tr("Save the assignment view as a PNG image") },
        { m_exportViewSvg, tr("View as &SVG…"), tr("Save the assignment view as an SVG drawing") },
        { m_exportCharts, tr("&Charts as PNG…"), tr("Save the charts as a PNG image") },
        { m_exportCsv, tr("&Metrics as CSV…"),
            tr("Save the samples the app keeps as CSV files, as rblab simulate --csv writes "
               "them") },
        { m_exportClip, tr("C&lip…"),
            tr("Save a time range of the run as an animated GIF, WebM or PNG frames for slides") },
        { m_step, tr("Step to next &event"), tr("Pause and run to the next event") },
        { m_stepRebalance, tr("Step to next &rebalance"),
            tr("Pause and run to the next rebalance that moves a queue") },
        { m_restart, tr("Res&tart"),
            tr("Run the scenario again from the start, with your recorded commands") },
        { m_compare, tr("&Compare from here…"),
            tr("What if a group had used another strategy from now? Opens compare mode with "
               "this world, its commands and the current time") },
        { m_faster, tr("&Faster"), tr("Play faster") },
        { m_slower, tr("S&lower"), tr("Play slower") },
        { m_hideInactive, tr("&Hide departed consumers"),
            tr("Leave out the cards of consumers that are gone or not started yet, once a group "
               "has had more than %1")
                .arg(CardVisibility::kFewConsumers) },
        { m_narration, tr("Show &narration"),
            tr("Show the scenario's teaching notes over the view (hidden notes do not pause "
               "the run)") },
        { m_largeSchedule, tr("&Large rebalance countdown"),
            tr("Each card's next rebalance and the consumer list and queue count it last "
               "computed with, in large letters for the back of the room") },
        { m_zoomIn, tr("Zoom &in"), tr("Larger text everywhere, up to %1 %").arg(kMaxZoom) },
        { m_zoomOut, tr("Zoom &out"), tr("Smaller text, down to the desktop's size") },
        { m_zoomReset, tr("&Actual size"), tr("Text at the desktop's size (100 %)") },
        { m_presenter, tr("P&resenter mode"),
            tr("Full screen with the view and charts only; F11 again to leave") },
        { m_plugins, tr("Strategy &plugins…"),
            tr("The loaded strategy plugins and the files that failed") },
        { m_about, tr("&About Rebalance Lab"), tr("About Rebalance Lab") },
        { m_aboutQt, tr("About &Qt"), tr("About Qt") },
    };
    for (const Text &t : texts) {
        GuiText::setActionTexts(t.action, t.text, t.tip);
    }
    updatePlayAction(m_parts.controller->isPlaying());
}

void WindowActions::setZoom(int percent)
{
    percent = qBound(kMinZoom, percent, kMaxZoom);
    m_zoomIn->setEnabled(percent < kMaxZoom);
    m_zoomOut->setEnabled(percent > kMinZoom);
    if (percent == m_zoom) {
        return;
    }
    m_zoom = percent;
    QFont font = QApplication::font();
    if (font.pointSizeF() > 0) {
        font.setPointSizeF(font.pointSizeF() * percent / 100.0);
    } else {
        font.setPixelSize(qRound(font.pixelSize() * percent / 100.0));
    }
    // The window's font reaches every child that has not set its own (FontChange): the view
    // lays out again, the charts take it for their axes and legends.
    m_window->setFont(font);
    m_window->statusBar()->showMessage(tr("Zoom %1 %").arg(percent), 2000);
}

bool WindowActions::isPresenterMode() const
{
    return m_presenter->isChecked();
}

void WindowActions::setPresenterMode(bool on)
{
    if (m_presenter->isChecked() != on) {
        m_presenter->setChecked(on); // comes back here through toggled
        return;
    }
    if (on) {
        m_docksBeforePresenter.clear();
        for (QDockWidget *dock : std::as_const(m_docks)) {
            if (dock->isVisible()) {
                m_docksBeforePresenter.append(dock);
                dock->hide();
            }
        }
        m_window->showFullScreen();
    } else {
        for (QDockWidget *dock : std::as_const(m_docksBeforePresenter)) {
            dock->show();
        }
        m_docksBeforePresenter.clear();
        m_window->showNormal();
    }
}

void WindowActions::updatePlayAction(bool playing)
{
    m_play->setIcon(icon(playing ? "pause" : "play"));
    m_play->setText(playing ? tr("&Pause") : tr("&Play"));
    m_play->setToolTip((playing ? tr("Pause the simulation") : tr("Play the simulation"))
        + QStringLiteral(" (%1)").arg(m_play->shortcut().toString(QKeySequence::NativeText)));
}

} // namespace Rblab

#include "moc_windowactions.cpp"
