// SPDX-License-Identifier: Apache-2.0
#include "strategy/strategyworkbench.h"

#include "strategy/codeeditor.h"
#include "strategy/jshighlighter.h"
#include "strategy/strategypanel.h"

#include <allocation/pluginmetadata.h>
#include <allocation/strategychecker.h>

#include <json/savefile.h>

#include <QComboBox>
#include <QDateTime>
#include <QDir>
#include <QEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QHBoxLayout>
#include <QLabel>
#include <QLibrary>
#include <QListWidget>
#include <QPushButton>
#include <QRegularExpression>
#include <QSaveFile>
#include <QStandardPaths>
#include <QTimer>
#include <QVBoxLayout>

namespace Rblab {

namespace {

// The first "file.js:12" of this file in a message (errors name it as "(…/x.js:12)" or
// "…/x.js:12: SyntaxError").
int lineIn(const QString &text, const QString &file)
{
    const QRegularExpression where(QRegularExpression::escape(file) + QStringLiteral(":(\\d+)"));
    const QRegularExpressionMatch m = where.match(text);
    return m.hasMatch() ? m.captured(1).toInt() : 0;
}

} // namespace

StrategyWorkbench::StrategyWorkbench(
    StrategyRegistry &registry, StrategyPanel *panel, QWidget *parent)
    : QWidget(parent), m_registry(registry), m_panel(panel)
{
    auto *layout = new QVBoxLayout(this);

    // Each label above its row and the lists free to narrow (their popups show the whole
    // entries): the buttons keep their whole text in the dock's default width, in English and
    // Chinese at up to 200 %, where the label, a list as wide as its longest entry and the
    // button in one row ran "Open…" and "Save" off the dock's edge (issue 37 item 6).
    const auto narrowable = [](QComboBox *box) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(6);
    };
    auto *row = new QHBoxLayout;
    m_templateLabel = new QLabel(this);
    m_templates = new QComboBox(this);
    narrowable(m_templates);
    for (const QString &file : templateFiles()) {
        m_templates->addItem(file, file);
    }
    m_templateLabel->setBuddy(m_templates);
    m_open = new QPushButton(this);
    layout->addWidget(m_templateLabel);
    row->addWidget(m_templates, 1);
    row->addWidget(m_open);
    layout->addLayout(row);

    m_file = new QLabel(this);
    m_file->setTextFormat(Qt::PlainText);
    m_file->setWordWrap(true);
    layout->addWidget(m_file);

    m_editor = new CodeEditor(this);
    m_highlighter = new JsHighlighter(m_editor->document());
    layout->addWidget(m_editor, 1);

    auto *saveRow = new QHBoxLayout;
    m_targetLabel = new QLabel(this);
    m_target = new QComboBox(this);
    narrowable(m_target);
    m_target->addItem(QString(), QStringLiteral("group"));
    m_target->addItem(QString(), QStringLiteral("selected"));
    m_targetLabel->setBuddy(m_target);
    m_save = new QPushButton(this);
    m_save->setShortcut(QKeySequence::Save);
    layout->addWidget(m_targetLabel);
    saveRow->addWidget(m_target, 1);
    saveRow->addWidget(m_save);
    layout->addLayout(saveRow);

    m_message = new QLabel(this);
    m_message->setWordWrap(true);
    m_message->setTextFormat(Qt::PlainText);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_message);

    m_buildsLabel = new QLabel(this);
    m_builds = new QListWidget(this);
    m_builds->setMaximumHeight(70);
    m_deployBuild = new QPushButton(this);
    m_deployBuild->setEnabled(false);
    layout->addWidget(m_buildsLabel);
    layout->addWidget(m_builds);
    layout->addWidget(m_deployBuild);
    // Shown only while a new build waits for its deploy: the editor gets the room otherwise.
    m_buildsLabel->hide();
    m_builds->hide();
    m_deployBuild->hide();

    m_watcher = new QFileSystemWatcher(this);
    // A build writes a library in several steps: look once the folder has been quiet a moment.
    m_settle = new QTimer(this);
    m_settle->setSingleShot(true);
    m_settle->setInterval(500);
    m_copyDirectory = QStandardPaths::writableLocation(QStandardPaths::CacheLocation)
        + QStringLiteral("/plugin-builds");

    connect(m_templates, &QComboBox::activated, this,
        [this](int index) { loadTemplate(m_templates->itemData(index).toString()); });
    connect(m_open, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open a strategy"),
            StrategyRegistry::userDirectory(), tr("JavaScript strategies (*.js)"));
        if (!path.isEmpty()) {
            openFile(path);
        }
    });
    connect(m_save, &QPushButton::clicked, this, &StrategyWorkbench::save);
    connect(m_target, &QComboBox::currentIndexChanged, this,
        [this] { m_target->setToolTip(m_target->currentText()); });
    connect(m_watcher, &QFileSystemWatcher::directoryChanged, this,
        [this](const QString &) { m_settle->start(); });
    connect(m_settle, &QTimer::timeout, this, [this] {
        const QStringList folders = m_watcher->directories();
        for (const QString &folder : folders) {
            folderChanged(folder);
        }
    });
    connect(m_builds, &QListWidget::currentRowChanged, this,
        [this](int row) { m_deployBuild->setEnabled(row >= 0); });
    connect(m_deployBuild, &QPushButton::clicked, this, [this] {
        if (const QListWidgetItem *item = m_builds->currentItem()) {
            deployNewBuild(item->data(Qt::UserRole).toString());
        }
    });

    retranslate();
    if (!templateFiles().isEmpty()) {
        loadTemplate(templateFiles().first());
    }
    // Native plugins are watched where the registry found them.
    QStringList folders;
    for (const PluginRecord &record : m_registry.records()) {
        if (!record.file.startsWith(QLatin1String(":static:"))
            && QLibrary::isLibrary(record.file)) {
            const QString folder = QFileInfo(record.file).absolutePath();
            if (!folders.contains(folder)) {
                folders.append(folder);
            }
        }
    }
    watchPluginFolders(folders);
}

QStringList StrategyWorkbench::templateFiles()
{
    return QDir(QStringLiteral(":/strategies"))
        .entryList({ QStringLiteral("*.js") }, QDir::Files, QDir::Name);
}

QString StrategyWorkbench::message() const
{
    return m_message->text();
}

void StrategyWorkbench::retranslate()
{
    m_templateLabel->setText(tr("Template:"));
    m_templates->setToolTip(tr("Start from one of the strategies shipped in resources/strategies"));
    m_open->setText(tr("Open…"));
    m_targetLabel->setText(tr("On save, deploy to:"));
    m_target->setItemText(0, tr("the group"));
    m_target->setItemText(1, tr("the selected consumers (rolling deploy)"));
    m_target->setToolTip(m_target->currentText()); // the whole entry, where the box is narrow
    m_save->setText(tr("Save"));
    m_save->setToolTip(tr("Write the file, check it, and if it passes load it into the running "
                          "world (Ctrl+S)"));
    m_buildsLabel->setText(tr("New builds of native plugins:"));
    m_builds->setToolTip(tr("Plugin files rebuilt in a watched folder, loaded from a private "
                            "copy; the old build keeps running until you deploy"));
    m_deployBuild->setText(tr("Deploy the new build"));
    setFilePath(m_path);
}

void StrategyWorkbench::setFilePath(const QString &path)
{
    m_path = path;
    m_file->setText(m_path.isEmpty()
            ? tr("Not saved yet: Save writes it to %1")
                  .arg(QDir::toNativeSeparators(
                      StrategyRegistry::userDirectory() + QLatin1Char('/') + m_templateName))
            : tr("File: %1").arg(QDir::toNativeSeparators(m_path)));
}

bool StrategyWorkbench::openFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        showResult(tr("Cannot open %1: %2").arg(path, file.errorString()), true);
        return false;
    }
    m_editor->setPlainText(QString::fromUtf8(file.readAll()));
    m_editor->clearError();
    m_templateName = QFileInfo(path).fileName();
    setFilePath(QFileInfo(path).absoluteFilePath());
    showResult(QString(), false);
    return true;
}

void StrategyWorkbench::loadTemplate(const QString &fileName)
{
    QFile file(QStringLiteral(":/strategies/") + fileName);
    if (!file.open(QIODevice::ReadOnly)) {
        return;
    }
    m_editor->setPlainText(QString::fromUtf8(file.readAll()));
    m_editor->clearError();
    m_templateName = fileName;
    const int index = m_templates->findData(fileName);
    if (index >= 0) {
        m_templates->setCurrentIndex(index);
    }
    setFilePath(QString());
    showResult(QString(), false);
}

void StrategyWorkbench::showResult(const QString &text, bool error)
{
    m_message->setText(text);
    m_message->setStyleSheet(error ? QStringLiteral("color: #b01e1e;") : QString());
}

void StrategyWorkbench::markErrorFrom(const QString &text)
{
    m_editor->markError(lineIn(text, m_path), text);
}

bool StrategyWorkbench::save()
{
    if (m_path.isEmpty()) {
        const QString dir = StrategyRegistry::userDirectory();
        if (dir.isEmpty() || !QDir().mkpath(dir)) {
            showResult(tr("No folder to save to: %1").arg(dir), true);
            return false;
        }
        setFilePath(dir + QLatin1Char('/') + m_templateName);
    }
    QSaveFile file(m_path);
    if (!file.open(QIODevice::WriteOnly) || file.write(m_editor->toPlainText().toUtf8()) < 0
        || !commitFully(file)) {
        showResult(tr("Cannot write %1: %2").arg(m_path, file.errorString()), true);
        return false;
    }
    m_editor->document()->setModified(false);
    m_editor->clearError();

    // Checked before it goes into service: the registry's checks, then check-strategy's rules.
    const PluginRecord probe = m_registry.openScript(m_path);
    if (!probe.loaded()) {
        showResult(tr("Saved, not loaded: %1").arg(probe.error), true);
        markErrorFrom(probe.error);
        return false;
    }
    const ParameterCheck defaults = ParameterValidator::check(probe.metadata, {});
    if (defaults.ok()) {
        // First one ordinary round (8 queues on two brokers, 3 consumers): a strategy that
        // throws, loops or answers badly is refused at once, with its file:line. check-strategy
        // counts an error answer as RocketMQ's way of skipping a round, so it would pass.
        const std::unique_ptr<AllocationStrategy> plain
            = probe.factory->create(defaults.values, m_registry).strategy;
        MessageQueueList mqAll;
        for (const QString &broker : { QStringLiteral("broker-a"), QStringLiteral("broker-b") }) {
            for (int id = 0; id < 4; ++id) {
                mqAll.append(MessageQueue { QStringLiteral("TopicTest"), broker, id });
            }
        }
        const QStringList cidAll { QStringLiteral("10.0.0.1@1"), QStringLiteral("10.0.0.2@1"),
            QStringLiteral("10.0.0.3@1") };
        for (const QString &cid : cidAll) {
            const AllocateResult r = plain
                ? guardedAllocate(*plain, QStringLiteral("GID_WORKBENCH"), cid, mqAll, cidAll)
                : AllocateResult::failure(tr("the plugin made no strategy"));
            if (!r.ok()) {
                const QString why = tr("Saved, not loaded: %1").arg(r.error);
                showResult(why, true);
                markErrorFrom(why);
                return false;
            }
        }
        StrategyScorer::Options options;
        options.samplesPerSize = 1;
        options.maxPairs = 20'000;
        const CheckReport report = StrategyChecker::check(
            [&]() -> std::unique_ptr<AllocationStrategy> {
                return probe.factory->create(defaults.values, m_registry).strategy;
            },
            options);
        for (const RuleVerdict &rule : report.rules) {
            if (rule.hard && !rule.passed) {
                const QString why = tr("Saved, not loaded: %1 breaks the rule \"%2\": %3")
                                        .arg(probe.metadata.name, rule.rule, rule.counterexample);
                showResult(why, true);
                markErrorFrom(why);
                return false;
            }
        }
    }
    const PluginRecord record = m_registry.reloadScript(m_path);
    if (!record.loaded()) {
        showResult(tr("Saved, not loaded: %1").arg(record.error), true);
        markErrorFrom(record.error);
        return false;
    }
    const bool deployed = deploy(record.metadata.name);
    const QString loaded = tr("%1 %2 passed the checks and is loaded.")
                               .arg(record.metadata.name, record.metadata.version);
    if (deployed) {
        showResult(loaded + QLatin1Char(' ')
                + (m_target->currentData().toString() == QLatin1String("group")
                        ? tr("Deployed to the group.")
                        : tr("Deployed to the selected consumers; the others keep theirs.")),
            false);
    } else {
        showResult(
            loaded + QLatin1Char(' ') + tr("Not deployed: %1").arg(m_panel->message()), true);
    }
    return deployed;
}

bool StrategyWorkbench::deploy(const QString &strategy)
{
    // Through the strategy panel: the same setStrategy commands as its Apply buttons.
    m_panel->reloadStrategies();
    m_panel->selectStrategy(strategy);
    return m_target->currentData().toString() == QLatin1String("group")
        ? m_panel->applyToGroup()
        : m_panel->applyToSelection();
}

void StrategyWorkbench::watchPluginFolders(const QStringList &folders)
{
    for (const QString &folder : folders) {
        if (!QFileInfo(folder).isDir()) {
            continue;
        }
        m_watcher->addPath(folder);
        const QFileInfoList entries = QDir(folder).entryInfoList(QDir::Files);
        for (const QFileInfo &entry : entries) {
            if (QLibrary::isLibrary(entry.fileName())) {
                m_stamps.insert(entry.absoluteFilePath(), entry.lastModified().toMSecsSinceEpoch());
            }
        }
    }
}

void StrategyWorkbench::folderChanged(const QString &folder)
{
    const QFileInfoList entries = QDir(folder).entryInfoList(QDir::Files);
    for (const QFileInfo &entry : entries) {
        if (!QLibrary::isLibrary(entry.fileName())) {
            continue;
        }
        const qint64 stamp = entry.lastModified().toMSecsSinceEpoch();
        const QString path = entry.absoluteFilePath();
        if (m_stamps.value(path, -1) == stamp) {
            continue;
        }
        m_stamps.insert(path, stamp);
        offerNewBuild(path);
    }
}

bool StrategyWorkbench::offerNewBuild(const QString &libraryPath)
{
    const PluginRecord record = m_registry.openLibraryCopy(libraryPath, m_copyDirectory);
    if (!record.loaded()) {
        showResult(tr("A new build of %1 cannot be loaded: %2")
                       .arg(QFileInfo(libraryPath).fileName(), record.error),
            true);
        return false;
    }
    const QString name = record.metadata.name;
    m_offered.insert(name, record);
    const QList<QListWidgetItem *> existing = m_builds->findItems(name, Qt::MatchStartsWith);
    for (QListWidgetItem *item : existing) {
        delete item;
    }
    auto *item = new QListWidgetItem(
        tr("%1 %2 (%3)").arg(name, record.metadata.version, QFileInfo(libraryPath).fileName()),
        m_builds);
    item->setData(Qt::UserRole, name);
    m_builds->setCurrentItem(item);
    m_buildsLabel->show();
    m_builds->show();
    m_deployBuild->show();
    showResult(
        tr("A new build of %1 is loaded; the running one stays until you deploy it.").arg(name),
        false);
    return true;
}

bool StrategyWorkbench::deployNewBuild(const QString &strategy)
{
    const auto it = m_offered.constFind(strategy);
    if (it == m_offered.cend()) {
        return false;
    }
    const PluginRecord record = m_registry.putInService(*it);
    if (!record.loaded()) {
        showResult(tr("The new build of %1 was refused: %2").arg(strategy, record.error), true);
        return false;
    }
    m_offered.remove(strategy);
    const QList<QListWidgetItem *> items = m_builds->findItems(strategy, Qt::MatchStartsWith);
    for (QListWidgetItem *item : items) {
        delete item;
    }
    const bool empty = m_builds->count() == 0;
    m_buildsLabel->setHidden(empty);
    m_builds->setHidden(empty);
    m_deployBuild->setHidden(empty);
    const bool deployed = deploy(strategy);
    showResult(deployed ? tr("The new build of %1 is deployed.").arg(strategy)
                        : tr("The new build of %1 is loaded; not deployed: %2")
                              .arg(strategy, m_panel->message()),
        !deployed);
    return deployed;
}

void StrategyWorkbench::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
    }
    QWidget::changeEvent(event);
}

} // namespace Rblab

#include "moc_strategyworkbench.cpp"
