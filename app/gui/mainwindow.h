// SPDX-License-Identifier: Apache-2.0
// The window: menus, toolbars and docks around the assignment view, wired together.
#pragma once

#include "simulation/selection.h"

#include <scenario/scenario.h>
#include <sim/simtime.h>

#include <QElapsedTimer>
#include <QMainWindow>

#include <memory>
#include <optional>

class QDockWidget;
class QMimeData;
class QSplitter;

namespace Rblab {

class AssignmentView;
class ChartPanel;
class ChurnPanel;
class CompareWindow;
struct Variant;
class ConsumerActions;
class DocumentController;
class EventLogView;
class NarrationOverlay;
class ExportController;
class InspectorView;
class ImportController;
class RealRunController;
class LiveBanner;
class LiveController;
class LiveSession;
class ObservedBanner;
class ObservedWorld;
class LanguageManager;
class PlaybackBar;
class TimelineBar;
class ScenarioBanner;
class ScenarioDocument;
class SessionAutosave;
class SettingsPanel;
struct AutosavedSession;
class SimulationController;
class StrategyPanel;
class StatusTotals;
class StrategyRegistry;
class WindowActions;

/*!
    Builds the window and connects its parts; the behaviour lives in them (SimulationController,
    ScenarioDocument, the views and panels, ConsumerActions, ExportController, LanguageManager;
    the menus and toolbars are WindowActions'). What it does itself: every user command goes
    through it to the engine and, once applied, into the document; it keeps the panels in step
    with the run; it opens dropped files; and it takes the command line's screenshots.
*/
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    MainWindow(StrategyRegistry &registry, LanguageManager &languages, QWidget *parent = nullptr);
    ~MainWindow() override;

    //! Opens a scenario file or a resource; on failure shows the reader's diagnostics.
    bool openScenario(const QString &path);
    bool saveScenario(const QString &path);
    //! No dialogs: errors go to lastError() (tests, --screenshot).
    void setQuiet(bool quiet);
    QString lastError() const;
    //! The totals of the status bar, as shown.
    QString statusSummary() const;
    void setStrategyOverride(const QString &strategy);
    /*!
        Runs to `at` as fast as the engine can, lays the window out at `size`, renders it and
        saves it as a PNG of exactly that size. Returns false with lastError() set on failure.
    */
    bool takeScreenshot(const QString &path, SimTime at, const QSize &size);
    //! The consumer (name or client id) the next screenshot selects, its Explain in view.
    void setScreenshotSelection(const QString &consumer) { m_screenshotSelection = consumer; }
    void restoreSession();
    /*!
        Forks the running world into compare mode: this scenario, seed and the commands given so
        far, each pane replayed to now and then running `variants` in `group` from now on. The
        window is the caller's when `show` is false (tests), else it shows and deletes itself
        on close. Null with lastError() when it cannot start.
    */
    CompareWindow *compareFromHere(
        const QList<Variant> &variants, const QString &group, bool show = true);

    //! Starts autosaving the session into `directory` (SessionAutosave); false if it cannot.
    bool startAutosave(const QString &directory);
    SessionAutosave *autosave() const { return m_autosave; }
    enum class RestoreMode { Ask, Always, Never };
    /*!
        Looks for a session left in `directory` by a run that did not close cleanly and, as
        `mode` says (Ask: a dialog, unless quiet), restores the newest: its scenario with every
        command, run again to the virtual time it had reached. True if one was restored.
    */
    bool restoreLeftBehind(const QString &directory, RestoreMode mode);
    //! Restores one autosaved session (see restoreLeftBehind); removes its files when done.
    bool restoreAutosave(const AutosavedSession &session);

    SimulationController *controller() const { return m_controller; }
    ScenarioDocument *document() const { return m_document; }
    AssignmentView *assignmentView() const { return m_view; }
    ChartPanel *chartPanel() const { return m_charts; }
    StrategyPanel *strategyPanel() const { return m_strategy; }
    SettingsPanel *settingsPanel() const { return m_settings; }
    ChurnPanel *churnPanel() const { return m_churn; }
    EventLogView *eventLog() const { return m_log; }
    InspectorView *inspector() const { return m_inspector; }
    ConsumerActions *consumerActions() const { return m_consumerActions; }
    PlaybackBar *playbackBar() const { return m_playback; }
    TimelineBar *timelineBar() const { return m_timeline; }
    WindowActions *windowActions() const { return m_actions; }
    ImportController *importController() const { return m_import; }
    //! File › Open a real run… and Simulation › Run on a real RocketMQ….
    RealRunController *realRunController() const { return m_real; }
    //! Shows imported logs as a read-only run (File › Import client logs…).
    void showObserved(std::shared_ptr<const ObservedWorld> world);
    //! The observed banner's text (empty while a scenario runs).
    QString observedBannerText() const;
    //! File › Connect to a cluster… and Fork into the engine from now.
    LiveController *liveController() const { return m_live; }
    //! Shows a watched live group read-only (its first poll came back).
    void showLive(LiveSession *session);
    //! The live banner's text (empty unless a live group is shown).
    QString liveBannerText() const;

    static QString defaultScenarioPath() { return QStringLiteral(":/scenarios/default.json"); }

protected:
    void closeEvent(QCloseEvent *event) override;
    void changeEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;
    bool event(QEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void createDocks();
    void connectParts();
    void retranslate();
    void updateTitle();
    void handleFrame();
    void handleSelection(const Selection &selection);
    void updateStrategyTargets();
    void handleCommandApplied(const ScenarioEvent &command);
    void handleCommandFailed(const ScenarioEvent &command, const QString &error);
    /*!
        Shows a status message for `timeout` ms, elided to the room the totals leave: QStatusBar
        cuts a long message at the permanent widgets without a mark, so at presenter zoom on
        1280×720 the hint ran into the totals. Refitted when the status bar is resized.
    */
    void showStatus(const QString &text, int timeout);
    void fitStatus();
    void startDocument();
    void sendCommand(const ScenarioEvent &command);
    void sendChurn(const std::optional<ChurnSpec> &churn);
    void showPlugins();
    void showCompareDialog();
    void showAbout();
    //! Observed logs: commands (consumer actions, strategy, settings, churn, save) are off.
    void applyReadOnly();
    //! A live group's cards: "not answering since …", "left the group" (never "killed").
    void applyLiveNotes();
    void updateLiveBanner();
    //! Why a drop is refused (empty when it can be opened).
    QString dropRefusal(const QMimeData *mime) const;

    StrategyRegistry &m_registry; //!< mutable for the workbench's hot reload only
    LanguageManager &m_languages;
    SimulationController *m_controller = nullptr;
    ScenarioDocument *m_document = nullptr;

    AssignmentView *m_view = nullptr;
    NarrationOverlay *m_narration = nullptr;
    ChartPanel *m_charts = nullptr;
    QSplitter *m_centre = nullptr;
    ScenarioBanner *m_banner = nullptr;
    StrategyPanel *m_strategy = nullptr;
    SettingsPanel *m_settings = nullptr;
    ChurnPanel *m_churn = nullptr;
    EventLogView *m_log = nullptr;
    InspectorView *m_inspector = nullptr;
    PlaybackBar *m_playback = nullptr;
    TimelineBar *m_timeline = nullptr;
    ConsumerActions *m_consumerActions = nullptr;
    ExportController *m_export = nullptr;
    DocumentController *m_files = nullptr;
    WindowActions *m_actions = nullptr;
    SessionAutosave *m_autosave = nullptr;
    StatusTotals *m_totals = nullptr;
    QString m_statusText; //!< the whole text of the status message shown (maybe elided)
    int m_statusTimeout = 0;
    QElapsedTimer m_statusShown;
    ImportController *m_import = nullptr;
    RealRunController *m_real = nullptr;
    ObservedBanner *m_observedBanner = nullptr;
    LiveController *m_live = nullptr;
    LiveBanner *m_liveBanner = nullptr;

    QDockWidget *m_strategyDock = nullptr;
    QDockWidget *m_settingsDock = nullptr;
    QDockWidget *m_churnDock = nullptr;
    QDockWidget *m_scenarioDock = nullptr;
    QDockWidget *m_logDock = nullptr;
    QDockWidget *m_inspectorDock = nullptr;
    QDockWidget *m_workbenchDock = nullptr;

    QString m_lastError;

    QString m_screenshotSelection;
    QString m_strategyOverride;
};

} // namespace Rblab
