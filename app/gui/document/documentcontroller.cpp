// SPDX-License-Identifier: Apache-2.0
#include "document/documentcontroller.h"

#include "guitext.h"
#include "document/recentfiles.h"
#include "document/scenariodocument.h"
#include "document/sessionautosave.h"

#include <allocation/strategyregistry.h>
#include <scenario/scenarioreader.h>

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QWidget>

namespace Rblab {

namespace {

QIcon icon(const char *name)
{
    return QIcon(QStringLiteral(":/icons/%1.svg").arg(QLatin1String(name)));
}

} // namespace

DocumentController::DocumentController(
    ScenarioDocument *document, const StrategyRegistry &registry, QWidget *window)
    : QObject(window), m_document(document), m_registry(registry), m_window(window)
{
    m_openAction = new QAction(icon("open"), QString(), this);
    m_openAction->setShortcut(QKeySequence::Open);
    connect(m_openAction, &QAction::triggered, this, &DocumentController::open);
    m_saveAction = new QAction(icon("save"), QString(), this);
    m_saveAction->setShortcut(QKeySequence::Save);
    connect(m_saveAction, &QAction::triggered, this, &DocumentController::save);
    m_saveAsAction = new QAction(this);
    m_saveAsAction->setShortcut(QKeySequence::SaveAs);
    connect(m_saveAsAction, &QAction::triggered, this, &DocumentController::saveAs);
    m_examplesMenu = new QMenu(window);
    m_recentMenu = new QMenu(window);
    m_recent = new RecentFiles(m_recentMenu, this);
    connect(m_recent, &RecentFiles::openRequested, this, &DocumentController::openAfterPrompt);
    retranslate();
}

void DocumentController::retranslate()
{
    m_examplesMenu->setTitle(tr("&Examples"));
    m_recentMenu->setTitle(tr("Open &Recent"));
    const struct
    {
        QAction *action;
        QString text;
        QString tip;
    } texts[] = {
        { m_openAction, tr("&Open…"), tr("Open a scenario file") },
        { m_saveAction, tr("&Save"),
            tr("Save the scenario with your commands, churn and settings") },
        { m_saveAsAction, tr("Save &As…"), tr("Save the scenario to another file") },
    };
    for (const auto &t : texts) {
        GuiText::setActionTexts(t.action, t.text, t.tip);
    }
    rebuildExamplesMenu();
    m_recent->rebuildMenu();
}

bool DocumentController::openAfterPrompt(const QString &path)
{
    return maybeSave() && openScenario(path);
}

bool DocumentController::openScenario(const QString &path)
{
    QString error;
    if (!m_document->open(path, &m_registry, &error, m_strategyOverride)) {
        showError(tr("Cannot open %1").arg(QFileInfo(path).fileName()), error);
        return false;
    }
    m_recent->add(path);
    emit opened();
    if (!m_document->warnings().isEmpty()) {
        QStringList lines;
        for (const Diagnostic &d : m_document->warnings()) {
            lines.append(d.toString());
        }
        emit message(
            tr("Opened with %n warning(s): %1", nullptr, int(lines.size())).arg(lines.first()));
    }
    return true;
}

bool DocumentController::saveScenario(const QString &path)
{
    QString error;
    if (!m_document->save(path, &error)) {
        showError(tr("Cannot save %1").arg(QFileInfo(path).fileName()), error);
        return false;
    }
    m_recent->add(path);
    emit message(tr("Saved %1").arg(QDir::toNativeSeparators(path)));
    return true;
}

void DocumentController::showError(const QString &title, const QString &text)
{
    m_lastError = title + QLatin1Char('\n') + text;
    if (m_quiet) {
        qWarning("%s", qPrintable(m_lastError));
        return;
    }
    QMessageBox box(QMessageBox::Warning, title, title, QMessageBox::Ok, m_window);
    // The reader's diagnostics can be long: details keep the dialog readable.
    const QStringList lines = text.split(QLatin1Char('\n'));
    box.setInformativeText(lines.mid(0, 6).join(QLatin1Char('\n')));
    if (lines.size() > 6) {
        box.setDetailedText(text);
    }
    box.exec();
}

DocumentController::RestoreAnswer DocumentController::askToRestore(const AutosavedSession &session)
{
    if (m_quiet) {
        return RestoreAnswer::Later;
    }
    // The scenario by its own name, as the Examples menu shows it.
    const ScenarioReadResult read = ScenarioReader::readFile(session.scenarioPath, &m_registry);
    QString source = read.scenario ? read.scenario->nameFor(QLocale().name()) : QString();
    if (source.isEmpty()) {
        source = QFileInfo(session.source.isEmpty() ? session.scenarioPath : session.source)
                     .fileName();
    }
    QMessageBox box(QMessageBox::Question, tr("Restore the last session?"),
        tr("Rebalance Lab did not close cleanly last time."), QMessageBox::NoButton, m_window);
    box.setInformativeText(
        tr("The session of “%1”, with its commands and settings up to %2 of virtual time, was "
           "saved at %3. Restore it?")
            .arg(source, GuiText::clock(session.reached),
                QLocale().toString(session.savedAt.toLocalTime(), QLocale::ShortFormat)));
    QPushButton *restore = box.addButton(tr("&Restore"), QMessageBox::AcceptRole);
    QPushButton *discard = box.addButton(tr("&Discard"), QMessageBox::DestructiveRole);
    box.addButton(tr("&Not now"), QMessageBox::RejectRole);
    box.setDefaultButton(restore);
    box.exec();
    if (box.clickedButton() == restore) {
        return RestoreAnswer::Restore;
    }
    return box.clickedButton() == discard ? RestoreAnswer::Discard : RestoreAnswer::Later;
}

bool DocumentController::restoreAutosave(const AutosavedSession &session)
{
    const ScenarioReadResult read = ScenarioReader::readFile(session.scenarioPath, &m_registry);
    QString error = read.errorText();
    if (read.ok() && read.scenario) {
        error = ScenarioDocument::runError(*read.scenario, m_registry, m_strategyOverride);
        if (!error.isEmpty()) {
            error = QStringLiteral("%1: %2").arg(session.scenarioPath, error);
        }
    }
    if (!error.isEmpty()) {
        SessionAutosave::setAside(session);
        showError(tr("Cannot restore the last session"),
            tr("%1\nThe files were kept as %2.unreadable.")
                .arg(error, QDir::toNativeSeparators(session.scenarioPath)));
        return false;
    }
    m_document->restore(*read.scenario, session.source);
    emit opened();
    emit message(tr("Restored the session of %1")
                     .arg(QDir::toNativeSeparators(
                         session.source.isEmpty() ? session.scenarioPath : session.source)));
    return true;
}

void DocumentController::open()
{
    if (!maybeSave()) {
        return;
    }
    QSettings settings;
    const QString dir
        = settings.value(QStringLiteral("openDirectory"), QDir::homePath()).toString();
    const QString path = QFileDialog::getOpenFileName(
        m_window, tr("Open a scenario"), dir, tr("Scenarios (*.json);;All files (*)"));
    if (path.isEmpty()) {
        return;
    }
    settings.setValue(QStringLiteral("openDirectory"), QFileInfo(path).absolutePath());
    openScenario(path);
}

bool DocumentController::save()
{
    if (m_document->hasWritablePath()) {
        return saveScenario(m_document->filePath());
    }
    return saveAs();
}

bool DocumentController::saveAs()
{
    QSettings settings;
    const QString dir
        = settings.value(QStringLiteral("openDirectory"), QDir::homePath()).toString();
    QString name = m_document->hasWritablePath()
        ? m_document->filePath()
        : dir + QLatin1Char('/') + QFileInfo(m_document->filePath()).fileName();
    QString path = QFileDialog::getSaveFileName(
        m_window, tr("Save the scenario"), name, tr("Scenarios (*.json)"));
    if (path.isEmpty()) {
        return false;
    }
    if (!path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive)) {
        path += QStringLiteral(".json");
    }
    settings.setValue(QStringLiteral("openDirectory"), QFileInfo(path).absolutePath());
    return saveScenario(path);
}

bool DocumentController::maybeSave()
{
    if (!m_document->isModified() || m_quiet) {
        return true;
    }
    const auto answer = QMessageBox::question(m_window, tr("Unsaved session"),
        tr("This session has commands or settings that are not saved. Save them before going on?"),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save) {
        return save();
    }
    return answer == QMessageBox::Discard;
}

void DocumentController::rebuildExamplesMenu()
{
    m_examplesMenu->clear();
    const QDir dir(QStringLiteral(":/scenarios"));
    for (const QString &file :
        dir.entryList({ QStringLiteral("*.json") }, QDir::Files, QDir::Name)) {
        const QString path = dir.filePath(file);
        // The menu shows each example's own name in the interface language.
        const ScenarioReadResult read = ScenarioReader::readFile(path, &m_registry);
        const QString name = read.scenario ? read.scenario->nameFor(QLocale().name())
                                           : QFileInfo(file).completeBaseName();
        QAction *action = m_examplesMenu->addAction(name);
        action->setStatusTip(file);
        connect(action, &QAction::triggered, this, [this, path] { openAfterPrompt(path); });
    }
}

} // namespace Rblab

#include "moc_documentcontroller.cpp"
