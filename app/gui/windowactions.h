// SPDX-License-Identifier: Apache-2.0
// The window's own actions, and the menus and toolbars that hold them.
#pragma once

#include <QList>
#include <QObject>

class QAction;
class QDockWidget;
class QMainWindow;
class QMenu;
class QToolBar;

namespace Rblab {

class ConsumerActions;
class DocumentController;
class ExportController;
class LanguageManager;
class NarrationOverlay;
class AssignmentView;
class PlaybackBar;
class SimulationController;

/*!
    Builds the menu bar (File, Simulation, Consumer, View, Language, Help) and the two toolbars
    (playback, consumers) of the main window from the actions of its parts (DocumentController,
    ConsumerActions, ExportController, the docks) and its own: quit, export, playback, speed,
    plugins and about. Playback and export actions call their controllers directly; what only
    the window can do (restart its document, show a dialog) is asked for by signals.
    Retranslates every text it set. GUI thread; a child of the window.
*/
class WindowActions : public QObject
{
    Q_OBJECT

public:
    struct Parts
    {
        SimulationController *controller = nullptr;
        ExportController *exporter = nullptr;
        DocumentController *files = nullptr;
        ConsumerActions *consumers = nullptr;
        LanguageManager *languages = nullptr;
        AssignmentView *view = nullptr;
        NarrationOverlay *narration = nullptr;
    };

    WindowActions(QMainWindow *window, const Parts &parts);

    //! The menus; `docks` are listed in the View menu in this order.
    void createMenus(const QList<QDockWidget *> &docks);
    void createToolBars();
    void retranslate();

    PlaybackBar *playbackBar() const { return m_playback; }
    /*!
        Presenter zoom: the whole window's text (view, charts, panels) at `percent` of the
        desktop's font, 100–200 % in steps of 25 (Ctrl+= / Ctrl+- / Ctrl+0). Through the
        window's font, so layouts grow with the text; QT_SCALE_FACTOR scales pixels and clipped
        text in fixed-size places.
    */
    void setZoom(int percent);
    int zoom() const { return m_zoom; }
    //! Full screen without the side panels (F11): the view and charts for a room.
    void setPresenterMode(bool on);
    bool isPresenterMode() const;

    static constexpr int kMinZoom = 100;
    static constexpr int kMaxZoom = 200;
    static constexpr int kZoomStep = 25;
    QAction *playAction() const { return m_play; }
    QMenu *fileMenu() const { return m_fileMenu; }
    QMenu *simulationMenu() const { return m_simulationMenu; }

signals:
    void restartRequested();
    //! "Compare from here…": fork the running world into compare mode.
    void compareRequested();
    void pluginsRequested();
    void aboutRequested();

private:
    QAction *addAction(const char *icon = nullptr);
    void updatePlayAction(bool playing);

    QMainWindow *m_window;
    Parts m_parts;
    PlaybackBar *m_playback = nullptr;
    QToolBar *m_playbackBar = nullptr;
    QToolBar *m_consumerBar = nullptr;

    QMenu *m_fileMenu = nullptr;
    QMenu *m_exportMenu = nullptr;
    QMenu *m_simulationMenu = nullptr;
    QMenu *m_consumerMenu = nullptr;
    QMenu *m_viewMenu = nullptr;
    QMenu *m_helpMenu = nullptr;

    QAction *m_quit = nullptr;
    QAction *m_exportViewPng = nullptr;
    QAction *m_exportViewSvg = nullptr;
    QAction *m_exportCharts = nullptr;
    QAction *m_exportCsv = nullptr;
    QAction *m_exportClip = nullptr;
    QAction *m_play = nullptr;
    QAction *m_step = nullptr;
    QAction *m_stepRebalance = nullptr;
    QAction *m_restart = nullptr;
    QAction *m_compare = nullptr;
    QAction *m_faster = nullptr;
    QAction *m_slower = nullptr;
    QAction *m_plugins = nullptr;
    QAction *m_hideInactive = nullptr;
    QAction *m_zoomIn = nullptr;
    QAction *m_zoomOut = nullptr;
    QAction *m_zoomReset = nullptr;
    QAction *m_presenter = nullptr;
    QAction *m_narration = nullptr; //!< View ▸ Show narration (remembered in the settings)
    QAction *m_largeSchedule = nullptr; //!< View ▸ Large rebalance countdown (remembered)
    int m_zoom = 100;
    QList<QDockWidget *> m_docks;
    QList<QDockWidget *> m_docksBeforePresenter; //!< shown before presenter mode hid them
    QAction *m_about = nullptr;
    QAction *m_aboutQt = nullptr;
};

} // namespace Rblab
