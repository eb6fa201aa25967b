// SPDX-License-Identifier: Apache-2.0
// The scenario being shown, with what the user did to it in this session.
#pragma once

#include <scenario/scenario.h>
#include <json/diagnostic.h>

#include <QObject>
#include <QString>

namespace Rblab {

class StrategyRegistry;

/*!
    The document of the window (Tiled's MapDocument): the scenario as loaded, plus every command
    the user gave (churn switched on or off and broker settings included: setChurn, setBroker),
    recorded as scripted events at the virtual time the engine applied them, plus the client
    profile. Saving writes all of it in the engine's format, so reopening the file replays the
    session; restarting runs it again.

    A bundled example (":/scenarios/…") has no file path to save to: Save asks for one.
*/
class ScenarioDocument : public QObject
{
    Q_OBJECT

public:
    explicit ScenarioDocument(QObject *parent = nullptr);

    /*!
        Reads a scenario file (or a resource path). On failure the document is unchanged and
        `errorText` holds the reader's diagnostics, one "file:line:column: …" per line. With a
        registry the scenario must also build a run (with `strategyOverride` as --strategy):
        a plugin's create() may refuse what its schema allowed, and finding that out after the
        document was replaced would lose the world that was running.
    */
    bool open(const QString &path, const StrategyRegistry *registry, QString *errorText,
        const QString &strategyOverride = QString());
    //! Why `scenario` cannot run (Simulation::error), empty when it can.
    static QString runError(const Scenario &scenario, const StrategyRegistry &registry,
        const QString &strategyOverride);
    void setScenario(const Scenario &scenario, const QString &path);
    /*!
        A session brought back from its autosave: `scenario` holds its commands already, `path`
        is the file it came from (Save writes there). Modified, as it was when it was lost.
    */
    void restore(const Scenario &scenario, const QString &path);
    bool save(const QString &path, QString *error);

    const Scenario &scenario() const { return m_scenario; }
    QString filePath() const { return m_path; }
    //! A file the user can save over (not a bundled example, not untitled).
    bool hasWritablePath() const
    {
        return !m_path.isEmpty() && !m_path.startsWith(QLatin1Char(':'));
    }
    bool isModified() const { return m_modified; }
    //! Warnings the reader reported when the document was opened.
    const QList<Diagnostic> &warnings() const { return m_warnings; }

    //! Records a command the engine applied (its `at` is the virtual time it was applied at).
    void recordCommand(const ScenarioEvent &command);
    /*!
        A command given after a rewind started a new branch: the last `count` recorded commands
        (those the run had not reached again) leave the session and the scenario.
    */
    void dropLastRecorded(int count);
    const QList<ScenarioEvent> &recordedCommands() const { return m_recorded; }
    //! The one setting that is not a command: how consumers are built (a new run follows).
    void setProfile(Profile profile);

signals:
    void modifiedChanged(bool modified);
    //! A command or the profile changed the scenario.
    void changed();
    //! The scenario was replaced (open, setScenario): the run must be rebuilt.
    void scenarioReplaced();

private:
    void setModified(bool modified);

    Scenario m_scenario;
    QString m_path;
    bool m_modified = false;
    QList<ScenarioEvent> m_recorded;
    QList<Diagnostic> m_warnings;
};

} // namespace Rblab
