// SPDX-License-Identifier: Apache-2.0
// File › Import client logs… / Import mqadmin output…, and Replay in the engine.
#pragma once

#include "observed/observedworld.h"

#include <scenario/scenario.h>

#include <QObject>

#include <functional>
#include <memory>
#include <optional>

class QAction;
class QWidget;

namespace Rblab {

class CompareWindow;
class StrategyRegistry;

/*!
    The import workflow of the window. Client logs are read in a worker thread behind a
    progress dialog that can cancel; the rebuilt timeline opens as an observed world (the window
    shows it read-only, observedOpened); lines that did not parse and truncated gzip files are
    listed in a dialog with file:line, and a file that is not a log is refused with why. "Replay
    in the engine" opens compare mode: the observed world beside the engine running the replay
    scenario (LogImporter::scenario), on one clock. mqadmin output (consumerConnection and
    consumerProgress) becomes a scenario through rblab import-mqadmin's importer, and
    opens as a normal document (scenarioImported).
*/
class ImportController : public QObject
{
    Q_OBJECT

public:
    /*!
        `rblab import-mqadmin`'s conversion (importMqadmin in engine/src/importlog): the two
        outputs' texts → a scenario, or nullopt with `error` listing the errors with line and
        field. `warnings` gets what was read but doubtful (a #Diff that does not add up, …).
    */
    static std::optional<Scenario> scenarioFromMqadmin(const QString &connectionText,
        const QString &progressText, QString *error, QStringList *warnings = nullptr);

    ImportController(const StrategyRegistry &registry, QWidget *window);

    QAction *importLogsAction() const { return m_importLogs; }
    QAction *importLogsFolderAction() const { return m_importLogsFolder; }
    QAction *importMqadminAction() const { return m_importMqadmin; }
    QAction *replayAction() const { return m_replay; }

    //! Asks for files, then importFiles().
    void importLogs();
    //! Asks for a folder (the incident's, or one machine's), then importFiles() on it.
    void importLogsFolder();
    /*!
        Imports `files` (a folder gives the client logs below it: LogFileList) and opens the
        observed world. With a window (not quiet) in a worker
        thread behind a progress dialog; quiet (tests, --screenshot) in this thread, errors in
        lastError(), warnings in lastWarnings().
    */
    bool importFiles(const QStringList &files);
    //! The same with the importer's options (a real run's logs: the zone its clients printed).
    bool importFiles(const QStringList &files, const LogImporter::Options &options);
    //! The world the last successful importFiles() opened.
    std::shared_ptr<const ObservedWorld> lastImported() const { return m_lastImported; }
    void importMqadmin();
    //! Compare mode, observed against modelled; null with lastError() when it cannot start.
    CompareWindow *replayInEngine(bool show = true);

    //! The world the window shows (null when it shows a scenario); the window sets it.
    void setObserved(std::shared_ptr<const ObservedWorld> world);
    std::shared_ptr<const ObservedWorld> observed() const { return m_observed; }

    void setQuiet(bool quiet) { m_quiet = quiet; }
    QString lastError() const { return m_lastError; }
    QList<LogImporter::FileProblem> lastWarnings() const { return m_warnings; }
    void retranslate();

signals:
    void observedOpened(std::shared_ptr<const Rblab::ObservedWorld> world);
    void scenarioImported(const Rblab::Scenario &scenario);

private:
    ObservedWorld::Result runInWorker(const QStringList &files, LogImporter::Options options);
    void showProblems(const QString &title, const QString &error);

    const StrategyRegistry &m_registry;
    QWidget *m_window;
    QAction *m_importLogs = nullptr;
    QAction *m_importLogsFolder = nullptr;
    QAction *m_importMqadmin = nullptr;
    QAction *m_replay = nullptr;
    std::shared_ptr<const ObservedWorld> m_observed;
    std::shared_ptr<const ObservedWorld> m_lastImported;
    QList<LogImporter::FileProblem> m_warnings;
    QString m_lastError;
    bool m_quiet = false;
};

} // namespace Rblab
