// SPDX-License-Identifier: Apache-2.0
// Compare mode: two to four worlds side by side in lockstep.
#pragma once

#include <report/scorecard.h>
#include <report/variant.h>
#include <sim/simtime.h>

#include <QMainWindow>

#include <functional>
#include <memory>

class QAction;
class QComboBox;
class QLabel;
class QSplitter;
class QTabWidget;

namespace Rblab {

class AssignmentView;
class CompareCharts;
class CompareScoreTable;
class CompareSession;
class ObservedWorld;
class ConsumerActions;
class StrategyRegistry;

/*!
    The compare window: a pane per variant (a header naming it, in its chart colour, over a
    compact AssignmentView), one set of playback controls, a live scorecard table (variants as
    columns) and charts with a line per pane, all from one CompareSession. A consumer's context
    menu in any pane (the main window's ConsumerActions: kill, shut down, freeze, partition,
    pause, slow down and their undos) and Add consumer apply the command to every pane at the
    same virtual time. The scorecard and charts refresh at most three times a second.
*/
class CompareWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit CompareWindow(const StrategyRegistry &registry, QWidget *parent = nullptr);
    ~CompareWindow() override;

    /*!
        A compare window of the scenario file `path` with the variants `specs` (rblab compare's
        --variant text), started at 0; null with `error` (the file's diagnostics, the variant
        that is wrong) when it cannot be.
    */
    static std::unique_ptr<CompareWindow> open(const StrategyRegistry &registry,
        const QString &path, const QStringList &specs, const QString &group, QString *error);

    //! Starts comparing (CompareSession::start); false with lastError() when it cannot.
    bool start(
        const Scenario &base, const QList<Variant> &variants, const QString &group, SimTime from);
    QString lastError() const { return m_lastError; }
    //! Observed against modelled (CompareSession::startObserved); commands are off.
    bool startObserved(std::shared_ptr<const ObservedWorld> observed);
    /*!
        A real run beside the engine (CompareSession::startReal); commands are off. The figures
        of the real run against the engine's seeds go in a tab beside the scorecard
        (addFiguresTab).
    */
    bool startReal(std::shared_ptr<const ObservedWorld> observed, const Scenario &model,
        SimTime shift, const QString &version);
    /*!
        Puts `widget` in a tab before the scorecard's, and shows it; `title` is called again on
        a language change for the tab's name. The window takes `widget`.
    */
    void addFiguresTab(QWidget *widget, std::function<QString()> title);
    //! The tabs of the bottom left (null until addFiguresTab).
    QTabWidget *figuresTabs() const { return m_tabs; }

    CompareSession *session() const { return m_session; }
    AssignmentView *paneView(int pane) const { return m_views.at(pane); }
    QString paneTitle(int pane) const;
    CompareScoreTable *scoreTable() const { return m_table; }
    CompareCharts *charts() const { return m_charts; }
    //! The group the table and charts describe.
    QString shownGroup() const;
    //! Refreshes the table and charts now (otherwise on a timer).
    void refreshFigures();
    ConsumerActions *consumerActions() const { return m_consumers; }
    //! Sends a command to every pane (what the context menu does); false if a pane refused.
    bool sendCommand(const ScenarioEvent &command);

    //! Runs to `at`, lays out at `size` and saves a PNG of exactly that size.
    bool takeScreenshot(const QString &path, SimTime at, const QSize &size);

    static QColor paneColor(int pane);

protected:
    void changeEvent(QEvent *event) override;

private:
    //! The panes of a read-only comparison (logs or a real run beside the engine): no commands.
    void showReadOnly(const Scenario &scenario);
    void buildPanes();
    void retranslate();
    void handleAdvanced();
    void showConsumerMenu(int pane, qint32 consumer, const QPoint &globalPos);
    void updatePlayAction();
    void fitTable();
    //! True for an observed session (imported logs, or a real run).
    bool observedSession() const;
    //! The scorecard figures imported logs can give (NaN: not in the logs), and their series.
    QList<double> observedValues(int pane) const;
    QList<ScorecardPoint> observedSeries(int pane) const;

    const StrategyRegistry &m_registry;
    CompareSession *m_session = nullptr;
    QWidget *m_paneArea = nullptr;
    QSplitter *m_split = nullptr;
    QSplitter *m_bottom = nullptr;
    QList<AssignmentView *> m_views;
    QList<QLabel *> m_headers;
    CompareScoreTable *m_table = nullptr;
    QTabWidget *m_tabs = nullptr;
    QWidget *m_figuresTab = nullptr;
    std::function<QString()> m_figuresTitle;
    CompareCharts *m_charts = nullptr;
    QLabel *m_clock = nullptr;
    QLabel *m_groupLabel = nullptr;
    QComboBox *m_group = nullptr;
    QList<QAction *> m_groupActions; //!< the toolbar's label and box of m_group
    QComboBox *m_speed = nullptr;
    QLabel *m_speedLabel = nullptr;
    QLabel *m_note = nullptr;
    QAction *m_play = nullptr;
    QAction *m_step = nullptr;
    ConsumerActions *m_consumers = nullptr;
    qint64 m_lastFiguresWall = -1;
    bool m_tableFitted = false;
    QString m_lastError;
};

} // namespace Rblab
