// SPDX-License-Identifier: Apache-2.0
// File › Connect to a cluster…, the live session the window shows, and Fork into the engine.
#pragma once

#include <QObject>
#include <QString>

#include <memory>

class QAction;
class QWidget;

namespace Rblab {

class CompareWindow;
class LiveSession;
class LiveSource;
class SimulationController;
class StrategyRegistry;

/*!
    The live workflow of the window. connectTo() starts a LiveSession (polling on a timer) and
    emits liveOpened; the window shows its LiveWorld read-only through the controller
    (SimulationController::loadLive). "Back to live" returns to the newest poll after a scrub;
    "Fork into the engine from now" writes the newest poll as a scenario
    (GroupSnapshot::toScenario: holds and offsets, as import-mqadmin) and opens compare mode on
    it, the group as it runs beside the strategies chosen. bannerText() says what the banner
    shows: the source, the last poll, what did not answer.
*/
class LiveController : public QObject
{
    Q_OBJECT

public:
    LiveController(
        const StrategyRegistry &registry, SimulationController *controller, QWidget *window);
    ~LiveController() override;

    QAction *connectAction() const { return m_connect; }
    QAction *forkAction() const { return m_fork; }
    QAction *backToLiveAction() const { return m_backToLive; }
    QAction *openRecordingAction() const { return m_openRecording; }
    QAction *saveRecordingAction() const { return m_saveRecording; }

    //! Asks for a name server and group (ConnectDialog), then connectTo().
    void showConnectDialog();
    /*!
        Watches `group` through the name server at `nameServer` ("host:port"); `source`
        (a test's) replaces the remoting client when given. Emits liveOpened.
    */
    LiveSession *connectTo(
        const QString &nameServer, const QString &group, LiveSource *source = nullptr);
    LiveSession *session() const { return m_session; }
    //! Asks for a recording (QFileDialog), then openRecording().
    void showOpenRecordingDialog();
    /*!
        Opens a recording (`rblab watch --record`, or saveRecording()) as a read-only live world
        that does not poll: its polls on the timeline, forks from any of them. Emits liveOpened;
        null with lastError() (the file, line and member) when it cannot be read.
    */
    LiveSession *openRecording(const QString &path);
    //! Asks where (QFileDialog), then saveRecording().
    void showSaveRecordingDialog();
    //! Writes the polls watched so far as a recording, atomically; false with lastError().
    bool saveRecording(const QString &path);
    //! Stops watching (the window shows something else).
    void disconnectLive();
    /*!
        Compare mode from the poll on screen (the newest while following); without a dialog (quiet,
       or `variants` given as specs "CONSISTENT_HASH") the group as it runs beside CONSISTENT_HASH.
       Null with lastError() when it cannot start.
    */
    CompareWindow *fork(bool show = true, const QStringList &variantSpecs = {});
    //! The banner's line (rich text), its tooltip, and whether something did not answer.
    QString bannerText(QString *toolTip = nullptr, bool *alert = nullptr) const;
    //! "Live from 127.0.0.1:9876 · try_group": the window's title.
    QString title() const;

    void setQuiet(bool quiet) { m_quiet = quiet; }
    QString lastError() const { return m_lastError; }
    void retranslate();

signals:
    void liveOpened(Rblab::LiveSession *session);
    //! The banner's text changed (a poll came back or was skipped, the clock moved on).
    void statusChanged();

private:
    void updateActions();
    void adopt(LiveSession *session);

    const StrategyRegistry &m_registry;
    SimulationController *m_controller;
    QWidget *m_window;
    QAction *m_connect = nullptr;
    QAction *m_fork = nullptr;
    QAction *m_backToLive = nullptr;
    QAction *m_openRecording = nullptr;
    QAction *m_saveRecording = nullptr;
    LiveSession *m_session = nullptr;
    QString m_lastError;
    bool m_quiet = false;
};

} // namespace Rblab
