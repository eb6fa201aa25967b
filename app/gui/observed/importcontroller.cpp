// SPDX-License-Identifier: Apache-2.0
#include "observed/importcontroller.h"

#include <import/logfiles.h>
#include <import/mqadminimporter.h>

#include "compare/comparewindow.h"
#include "observed/mqadmindialog.h"

#include <QAction>
#include <QApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QEventLoop>
#include <QFileDialog>
#include <QLabel>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProgressDialog>
#include <QThread>
#include <QVBoxLayout>

#include <atomic>

namespace Rblab {

namespace {

// Shown in the problems dialog; a log of a day can have thousands of bad lines.
constexpr int kMaxListedProblems = 500;

} // namespace

std::optional<Scenario> ImportController::scenarioFromMqadmin(const QString &connectionText,
    const QString &progressText, QString *error, QStringList *warnings)
{
    MqadminImportOptions options;
    options.connectionName = tr("consumerConnection");
    options.progressName = tr("consumerProgress");
    const MqadminImport result = ::Rblab::importMqadmin(connectionText, progressText, options);
    QStringList errors;
    for (const MqadminDiagnostic &d : result.diagnostics) {
        (d.severity == MqadminDiagnostic::Severity::Error ? errors
                                                          : *(warnings ? warnings : &errors))
            .append(d.toString());
    }
    if (!result.ok) {
        if (error) {
            *error = errors.isEmpty() ? tr("Nothing to import: no consumer and no queue was read.")
                                      : errors.join(QLatin1Char('\n'));
        }
        return std::nullopt;
    }
    return result.scenario;
}

ImportController::ImportController(const StrategyRegistry &registry, QWidget *window)
    : QObject(window), m_registry(registry), m_window(window)
{
    m_importLogs = new QAction(this);
    connect(m_importLogs, &QAction::triggered, this, &ImportController::importLogs);
    m_importLogsFolder = new QAction(this);
    connect(m_importLogsFolder, &QAction::triggered, this, &ImportController::importLogsFolder);
    m_importMqadmin = new QAction(this);
    connect(m_importMqadmin, &QAction::triggered, this, &ImportController::importMqadmin);
    m_replay = new QAction(QIcon(QStringLiteral(":/icons/play.svg")), QString(), this);
    m_replay->setEnabled(false);
    connect(m_replay, &QAction::triggered, this, [this] { replayInEngine(); });
    retranslate();
}

void ImportController::retranslate()
{
    m_importLogs->setText(tr("Import client &logs…"));
    m_importLogs->setToolTip(tr("Show what RocketMQ client logs (rocketmq_client.log, 4.9 or 5.x, "
                                "plain or gzip) recorded, as a read-only run"));
    m_importLogsFolder->setText(tr("Import client logs from a &folder…"));
    m_importLogsFolder->setToolTip(
        tr("Read every RocketMQ client log below a folder: rocketmq_client.log, its rotations "
           "rocketmq_client.log.N (4.9) and other_days/rocketmq_client-N.log.gz (5.x). Keep one "
           "folder per machine: the folders tell the machines apart and line up their clocks."));
    m_importMqadmin->setText(tr("Import &mqadmin output…"));
    m_importMqadmin->setToolTip(
        tr("Build a scenario from mqadmin consumerConnection and consumerProgress output"));
    m_replay->setText(tr("&Replay in the engine"));
    m_replay->setToolTip(tr("Open compare mode: the observed logs beside the engine replaying "
                            "the same membership, on one clock"));
}

void ImportController::setObserved(std::shared_ptr<const ObservedWorld> world)
{
    m_observed = std::move(world);
    m_replay->setEnabled(m_observed != nullptr);
}

void ImportController::importLogs()
{
    const QStringList files = QFileDialog::getOpenFileNames(m_window, tr("Import client logs"),
        QString(), tr("RocketMQ client logs (*.log *.log.* *.gz);;All files (*)"));
    if (!files.isEmpty()) {
        importFiles(files);
    }
}

void ImportController::importLogsFolder()
{
    const QString folder = QFileDialog::getExistingDirectory(
        m_window, tr("Import client logs from a folder"), QString());
    if (!folder.isEmpty()) {
        importFiles({ folder });
    }
}

ObservedWorld::Result ImportController::runInWorker(
    const QStringList &files, LogImporter::Options options)
{
    // The import reads every line of possibly gigabytes: a worker thread, a progress dialog
    // in permille of the bytes, and Cancel through the importer's cancelled() hook.
    QProgressDialog progress(
        tr("Reading %1 log files…").arg(files.size()), tr("Cancel"), 0, 1000, m_window);
    progress.setWindowTitle(tr("Import client logs"));
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(300);
    auto cancel = std::make_shared<std::atomic_bool>(false);
    ObservedWorld::Result result;
    QPointer<QProgressDialog> dialog(&progress);
    options.progress = [dialog](qint64 done, qint64 total) {
        const int permille = total > 0 ? int(done * 1000 / total) : 0;
        QMetaObject::invokeMethod(
            qApp,
            [dialog, permille] {
                if (dialog) {
                    dialog->setValue(qMin(999, permille));
                }
            },
            Qt::QueuedConnection);
    };
    QThread *thread = QThread::create([&result, files, options, cancel] {
        result = ObservedWorld::import(files, options, cancel.get());
    });
    QEventLoop loop;
    connect(thread, &QThread::finished, &loop, &QEventLoop::quit);
    connect(&progress, &QProgressDialog::canceled, this, [cancel] { cancel->store(true); });
    thread->start();
    loop.exec();
    thread->wait();
    delete thread;
    return result;
}

bool ImportController::importFiles(const QStringList &paths)
{
    return importFiles(paths, LogImporter::Options());
}

bool ImportController::importFiles(const QStringList &paths, const LogImporter::Options &options)
{
    m_lastError.clear();
    m_warnings.clear();
    // Folders are listed here, so that the progress dialog counts the files it reads.
    const LogFileList inputs = LogFileList::collect(paths);
    if (!inputs.ok()) {
        m_lastError = inputs.error;
        showProblems(tr("The logs cannot be shown"), inputs.error);
        return false;
    }
    const QStringList &files = inputs.files;
    const ObservedWorld::Result result
        = m_quiet ? ObservedWorld::import(files, options) : runInWorker(files, options);
    m_warnings = result.warnings;
    if (!result.world) {
        m_lastError = result.error;
        showProblems(tr("The logs cannot be shown"), result.error);
        return false;
    }
    if (!m_warnings.isEmpty()) {
        showProblems(tr("Some lines were skipped"), QString());
    }
    m_lastImported = result.world;
    emit observedOpened(result.world);
    return true;
}

void ImportController::showProblems(const QString &title, const QString &error)
{
    if (m_quiet) {
        return;
    }
    // Every problem with file:line, as `rblab import-logs` prints them, in a list to scroll.
    QDialog dialog(m_window);
    dialog.setWindowTitle(title);
    auto *layout = new QVBoxLayout(&dialog);
    auto *label = new QLabel(&dialog);
    label->setWordWrap(true);
    layout->addWidget(label);
    QStringList lines;
    for (const LogImporter::FileProblem &p : std::as_const(m_warnings)) {
        if (lines.size() == kMaxListedProblems) {
            lines.append(tr("… and %1 more").arg(m_warnings.size() - kMaxListedProblems));
            break;
        }
        lines.append(QStringLiteral("%1:%2: %3").arg(p.file).arg(p.line).arg(p.text));
    }
    label->setText(error.isEmpty()
            ? tr("The logs were imported; these lines could not be read and were skipped (%1):")
                  .arg(m_warnings.size())
            : error);
    if (!lines.isEmpty()) {
        auto *list = new QPlainTextEdit(lines.join(QLatin1Char('\n')), &dialog);
        list->setReadOnly(true);
        list->setLineWrapMode(QPlainTextEdit::NoWrap);
        list->setMinimumSize(640, 200);
        layout->addWidget(list, 1);
    }
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, &dialog);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    layout->addWidget(buttons);
    dialog.exec();
}

void ImportController::importMqadmin()
{
    MqadminDialog dialog(m_window);
    while (dialog.exec() == QDialog::Accepted) {
        QString error;
        QStringList warnings;
        const std::optional<Scenario> scenario = scenarioFromMqadmin(
            dialog.connectionText(), dialog.progressText(), &error, &warnings);
        if (scenario) {
            emit scenarioImported(*scenario);
            if (!warnings.isEmpty()) {
                QMessageBox::information(m_window, tr("Import mqadmin output"),
                    tr("The scenario was built; %n line(s) were doubtful:", nullptr,
                        int(warnings.size()))
                        + QLatin1Char('\n') + warnings.mid(0, 50).join(QLatin1Char('\n')));
            }
            return;
        }
        QMessageBox::warning(m_window, tr("Import mqadmin output"), error);
    }
}

CompareWindow *ImportController::replayInEngine(bool show)
{
    if (!m_observed) {
        m_lastError = tr("Import client logs first.");
        return nullptr;
    }
    auto *window = new CompareWindow(m_registry);
    if (!window->startObserved(m_observed)) {
        m_lastError = window->lastError();
        delete window;
        if (!m_quiet) {
            QMessageBox::warning(m_window, tr("Replay in the engine"), m_lastError);
        }
        return nullptr;
    }
    if (show) {
        window->setAttribute(Qt::WA_DeleteOnClose);
        window->resize(m_window->size());
        window->show();
    }
    return window;
}

} // namespace Rblab

#include "moc_importcontroller.cpp"
