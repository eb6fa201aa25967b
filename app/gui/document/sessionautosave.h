// SPDX-License-Identifier: Apache-2.0
// The session saved behind the user's back, for the crash that loses it otherwise.
#pragma once

#include <sim/simtime.h>

#include <QDateTime>
#include <QObject>
#include <QString>
#include <QTimer>

#include <memory>

class QLockFile;

namespace Rblab {

class ScenarioDocument;
class SimulationController;

/*!
    A session an earlier run of the app left in the autosave folder without closing cleanly:
    its scenario file (what File › Save would have written) and what the file cannot say.
*/
struct AutosavedSession
{
    QString scenarioPath; //!< <dir>/<id>.json: a scenario file, openable like any other
    QString statePath; //!< <dir>/<id>.session: the fields below, as JSON
    QString source; //!< the file the session was opened from (":/…" for an example)
    SimTime reached = 0; //!< the virtual time the run had reached at the last save
    QString strategyOverride; //!< --strategy of that run, empty when none
    QDateTime savedAt; //!< wall clock of the last save (UTC)
    //! Why the state file could not be read ("<id>.session:3:5: error: …"; the fields above
    //! then keep their defaults), empty when it could.
    QString stateError;
};

/*!
    Keeps the session of this window on disk while it has something unsaved, so that a crash
    loses at most a second of it (Qt Creator's and Kate's autosave, with QLockFile as their
    "is the other instance still running" test).

    Each running app holds a lock file <id>.lock in the autosave folder and, while the document
    is modified, writes <id>.json (the document's scenario: the loaded file plus every recorded
    command and the profile, through ScenarioWriter, so reopening it replays the session) and
    <id>.session (source file, virtual time reached, strategy override). Both go through
    QSaveFile: a crash during a save leaves the previous save whole. A recorded command schedules
    a save within kCoalesceMs, however many follow it; every kPeriodMs the virtual time reached is
    saved too. Saving the document, or opening another one, removes the files (nothing is left
    to lose); a clean close removes them and the lock. A session whose files remain while
    nobody holds its lock is one that did not close cleanly: leftBehind() lists those.
*/
class SessionAutosave : public QObject
{
    Q_OBJECT

public:
    SessionAutosave(const ScenarioDocument &document, const SimulationController &controller,
        QObject *parent = nullptr);
    //! Releases the lock but keeps the files: only finish() is a clean close.
    ~SessionAutosave() override;

    //! $RBLAB_AUTOSAVE_DIR, else <AppDataLocation>/autosave.
    static QString defaultDirectory();
    //! Sessions in `directory` that ended without a clean close, newest first (stale locks of
    //! crashed sessions that had nothing to save are removed on the way).
    static QList<AutosavedSession> leftBehind(const QString &directory);
    //! Removes a left-behind session's files.
    static void discard(const AutosavedSession &session);
    /*!
        Renames a session's files that cannot be restored to *.unreadable, so that they are kept
        for a person to look at and not offered again.
    */
    static void setAside(const AutosavedSession &session);

    /*!
        Starts autosaving this session into `directory` (created if missing). False, with the
        reason, when the folder or the lock cannot be made.
    */
    bool start(const QString &directory, QString *error = nullptr);
    bool isActive() const { return m_lock != nullptr; }
    QString directory() const { return m_directory; }
    //! This session's autosaved scenario (it exists only while the document is modified).
    QString scenarioPath() const;
    QString statePath() const;
    void setStrategyOverride(const QString &strategy) { m_strategyOverride = strategy; }
    //! Writes the session now if the document is modified (removes the files if not).
    bool saveNow(QString *error = nullptr);
    //! A clean close: removes this session's files and lock, and stops.
    void finish();

    //! Delay between a recorded command and its save; later commands ride along.
    static constexpr int kCoalesceMs = 1000;
    //! How often the virtual time reached is saved while the run goes on.
    static constexpr int kPeriodMs = 30000;
    //! Changes that period (tests).
    void setPeriod(int ms) { m_period.setInterval(ms); }

signals:
    void saved(const QString &scenarioPath);
    void saveFailed(const QString &error);

private:
    void schedule();
    void saveReached();
    bool writeState(QString *error);
    void removeFiles();

    const ScenarioDocument &m_document;
    const SimulationController &m_controller;
    QString m_directory;
    QString m_id;
    std::unique_ptr<QLockFile> m_lock;
    QString m_strategyOverride;
    QTimer m_coalesce;
    QTimer m_period;
    SimTime m_savedReached = -1;
    bool m_failed = false;
};

} // namespace Rblab
