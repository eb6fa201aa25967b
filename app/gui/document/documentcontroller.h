// SPDX-License-Identifier: Apache-2.0
// Open, save, examples, recent files, and the unsaved-session prompt.
#pragma once

#include <QObject>

class QAction;
class QMenu;
class QWidget;

namespace Rblab {

class RecentFiles;
struct AutosavedSession;
class ScenarioDocument;
class StrategyRegistry;

/*!
    The document workflow of the window: File › Open, Examples (the bundled scenarios, by their
    own names), Open Recent, Save and Save As, and the prompt before unsaved session commands
    are lost. A file that cannot be read is refused with the reader's diagnostics
    (file:line:column: …) in a dialog, or in lastError() when quiet (tests, --screenshot).
*/
class DocumentController : public QObject
{
    Q_OBJECT

public:
    DocumentController(
        ScenarioDocument *document, const StrategyRegistry &registry, QWidget *window);

    QAction *openAction() const { return m_openAction; }
    QAction *saveAction() const { return m_saveAction; }
    QAction *saveAsAction() const { return m_saveAsAction; }
    QMenu *examplesMenu() const { return m_examplesMenu; }
    QMenu *recentMenu() const { return m_recentMenu; }

    bool openScenario(const QString &path);
    //! Asks about unsaved changes first.
    bool openAfterPrompt(const QString &path);
    bool saveScenario(const QString &path);
    //! True when it is fine to drop the session (saved, discarded, or nothing to save).
    bool maybeSave();
    void open();
    bool save();
    bool saveAs();
    void showError(const QString &title, const QString &text);

    enum class RestoreAnswer { Restore, Discard, Later };
    //! Asks whether to bring back a session that did not close cleanly (never when quiet).
    RestoreAnswer askToRestore(const AutosavedSession &session);
    /*!
        Reads an autosaved session into the document (modified, with its source file as the
        place to save). A file that cannot be read is set aside and its diagnostics shown.
    */
    bool restoreAutosave(const AutosavedSession &session);

    //! --strategy: a file must run with it to be opened.
    void setStrategyOverride(const QString &strategy) { m_strategyOverride = strategy; }
    void setQuiet(bool quiet) { m_quiet = quiet; }
    bool isQuiet() const { return m_quiet; }
    QString lastError() const { return m_lastError; }
    void retranslate();

signals:
    //! A scenario was opened into the document: the run must start over.
    void opened();
    //! A line for the status bar.
    void message(const QString &text);

private:
    void rebuildExamplesMenu();

    ScenarioDocument *m_document;
    const StrategyRegistry &m_registry;
    QWidget *m_window;
    QAction *m_openAction = nullptr;
    QAction *m_saveAction = nullptr;
    QAction *m_saveAsAction = nullptr;
    QMenu *m_examplesMenu = nullptr;
    QMenu *m_recentMenu = nullptr;
    RecentFiles *m_recent = nullptr;
    bool m_quiet = false;
    QString m_lastError;
    QString m_strategyOverride;
};

} // namespace Rblab
