// SPDX-License-Identifier: Apache-2.0
// The strategy workbench: write a JavaScript strategy, save it, deploy it to the running world.
#pragma once

#include <allocation/strategyregistry.h>

#include <QHash>
#include <QWidget>

class QComboBox;
class QFileSystemWatcher;
class QLabel;
class QListWidget;
class QPushButton;
class QTimer;

namespace Rblab {

class CodeEditor;
class JsHighlighter;
class StrategyPanel;

/*!
    A dock's content: a code editor for a .js strategy (line numbers, JavaScript colours, a
    marker on the line of an error), the templates of resources/strategies, and Save. Save
    writes the file (atomically), checks it as the registry and check-strategy would (metadata,
    RocketMQ's edge inputs, only given queues) and, when it passes, puts it in service and
    deploys it through the strategy panel: to the group, or to the selected consumers one by one
    (a rolling deploy). The running version stays until then.

    It also watches the plugin folders: when a native plugin file changes (a rebuild), the new
    build is loaded from a private copy and offered for deployment; the old build keeps running
    until the user deploys the new one.
*/
class StrategyWorkbench : public QWidget
{
    Q_OBJECT

public:
    StrategyWorkbench(StrategyRegistry &registry, StrategyPanel *panel, QWidget *parent = nullptr);

    //! The built-in templates (":/strategies/*.js"), by file name.
    static QStringList templateFiles();

    CodeEditor *editor() const { return m_editor; }
    QString filePath() const { return m_path; }
    QString message() const;
    void setFilePath(const QString &path);
    bool openFile(const QString &path);
    void loadTemplate(const QString &fileName);
    //! Writes, checks, and on success puts in service and deploys. False when anything failed.
    bool save();
    //! Native plugins: the folders to watch (the registry's folders).
    void watchPluginFolders(const QStringList &folders);
    //! A changed native plugin file: load its new build from a private copy and offer it.
    bool offerNewBuild(const QString &libraryPath);
    //! Puts the offered build of a strategy in service and deploys it.
    bool deployNewBuild(const QString &strategy);
    QStringList offeredBuilds() const { return m_offered.keys(); }

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void showResult(const QString &text, bool error);
    void markErrorFrom(const QString &text);
    bool deploy(const QString &strategy);
    void folderChanged(const QString &folder);

    StrategyRegistry &m_registry;
    StrategyPanel *m_panel = nullptr;
    QString m_path;
    QString m_templateName;
    QLabel *m_templateLabel = nullptr;
    QComboBox *m_templates = nullptr;
    QPushButton *m_open = nullptr;
    QPushButton *m_save = nullptr;
    QLabel *m_targetLabel = nullptr;
    QComboBox *m_target = nullptr;
    QLabel *m_file = nullptr;
    CodeEditor *m_editor = nullptr;
    JsHighlighter *m_highlighter = nullptr;
    QLabel *m_message = nullptr;
    QLabel *m_buildsLabel = nullptr;
    QListWidget *m_builds = nullptr;
    QPushButton *m_deployBuild = nullptr;
    QFileSystemWatcher *m_watcher = nullptr;
    QTimer *m_settle = nullptr;
    QHash<QString, qint64> m_stamps; //!< library file → last modification seen (ms since epoch)
    QHash<QString, PluginRecord> m_offered; //!< strategy name → the new build, not in service
    QString m_copyDirectory;
};

} // namespace Rblab
