// SPDX-License-Identifier: Apache-2.0
#include "real/realruncontroller.h"

#include "compare/comparewindow.h"
#include "observed/observedworld.h"
#include "real/realfigurestable.h"
#include "real/realrundialog.h"

#include <json/savefile.h>
#include <realrunner.h>
#include <report/realrunfigures.h>
#include <scenario/scenarioreader.h>
#include <scenario/scenariowriter.h>

#include <QAction>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMessageBox>
#include <QRegularExpression>
#include <QSaveFile>
#include <QStandardPaths>
#include <QTextStream>

#include <cmath>

namespace Rblab {

RealRunController::RealRunController(const StrategyRegistry &registry, QWidget *window,
    CurrentScenario current, ImportLogs importLogs)
    : QObject(window)
    , m_registry(registry)
    , m_window(window)
    , m_current(std::move(current))
    , m_importLogs(std::move(importLogs))
{
    m_open = new QAction(this);
    connect(m_open, &QAction::triggered, this, &RealRunController::openFolder);
    m_run = new QAction(this);
    connect(m_run, &QAction::triggered, this, &RealRunController::runOnReal);
    retranslate();
}

void RealRunController::retranslate()
{
    m_open->setText(tr("Open a real r&un…"));
    m_open->setToolTip(tr("Open a folder rblab real-run wrote: what the real RocketMQ did, "
                          "beside the engine playing the same scenario, figure by figure"));
    m_run->setText(tr("Run on a &real RocketMQ…"));
    m_run->setToolTip(tr("Play this scenario on a real RocketMQ on this machine, in real time, "
                         "and open the run beside the engine"));
}

void RealRunController::fail(const QString &error)
{
    m_lastError = error;
    if (!m_quiet) {
        QMessageBox::warning(m_window, tr("Open a real run"), error);
    }
}

std::optional<int> RealRunController::zoneOf(const QString &logFile, qint64 origin)
{
    QFile file(logFile);
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text)) {
        return std::nullopt;
    }
    static const QRegularExpression stamp(
        QStringLiteral("^(\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d,\\d{3})"));
    for (int n = 0; n < 200 && !file.atEnd(); ++n) {
        const QString line = QString::fromUtf8(file.readLine());
        const QRegularExpressionMatch m = stamp.match(line);
        if (!m.hasMatch()) {
            continue;
        }
        QDateTime printed
            = QDateTime::fromString(m.captured(1), QStringLiteral("yyyy-MM-dd HH:mm:ss,zzz"));
        if (!printed.isValid()) {
            continue;
        }
        printed.setTimeSpec(Qt::UTC);
        const double quarters = double(printed.toMSecsSinceEpoch() - origin) / (15.0 * 60 * 1000);
        return int(std::lround(quarters)) * 15;
    }
    return std::nullopt;
}

void RealRunController::openFolder()
{
    const QString dir
        = QFileDialog::getExistingDirectory(m_window, tr("Open a real run"), QString());
    if (!dir.isEmpty()) {
        open(dir);
    }
}

CompareWindow *RealRunController::open(const QString &given, bool show)
{
    m_lastError.clear();
    const QString dir = QFileInfo(given).absoluteFilePath();
    const QString runPath = dir + QStringLiteral("/real-run.json");
    QFile runFile(runPath);
    if (!runFile.open(QIODevice::ReadOnly)) {
        fail(tr("%1 is not a real run's folder: it has no real-run.json (rblab real-run writes "
                "one).")
                 .arg(QDir::toNativeSeparators(dir)));
        return nullptr;
    }
    QJsonParseError parseError;
    const QJsonObject run = QJsonDocument::fromJson(runFile.readAll(), &parseError).object();
    if (parseError.error != QJsonParseError::NoError) {
        fail(QStringLiteral("%1: %2").arg(
            QDir::toNativeSeparators(runPath), parseError.errorString()));
        return nullptr;
    }
    const qint64 origin = run.value(QStringLiteral("origin")).toVariant().toLongLong();
    const QString version = run.value(QStringLiteral("rocketmq")).toString();
    const ScenarioReadResult read
        = ScenarioReader::readFile(dir + QStringLiteral("/scenario.json"), &m_registry);
    if (!read.scenario) {
        fail(read.errorText().trimmed());
        return nullptr;
    }
    // The engine plays the client the real run had, as rblab compare --real does, each step
    // when it took effect on the real cluster (RealRunRecord::asPlayed); the figures table reads
    // the run with the file's scenario, as rblab does.
    Scenario scenario = *read.scenario;
    scenario.profile = version.startsWith(u'4') ? Profile::V49 : Profile::V5;
    const Scenario played = RealRunRecord::asPlayed(scenario, RealRunRecord::timingOf(dir));

    // The clients' own logs, in the order real-run.json lists the consumers.
    QStringList logs;
    for (const QJsonValue &c : run.value(QStringLiteral("consumers")).toArray()) {
        const QString log = dir + u'/' + c.toObject().value(QStringLiteral("folder")).toString()
            + QStringLiteral("/rocketmq_client.log");
        if (QFileInfo::exists(log)) {
            logs.append(log);
        }
    }
    if (logs.isEmpty()) {
        fail(tr("%1 holds no client log (consumers/*/rocketmq_client.log).")
                 .arg(QDir::toNativeSeparators(dir)));
        return nullptr;
    }
    LogImporter::Options options;
    for (const GroupSpec &g : scenario.groups) {
        options.groupOrder.append(g.name);
    }
    // What the run did to its clients, which their logs cannot tell: a frozen client is shown
    // frozen (its log is only silent), a killed one killed.
    using Known = LogImporter::Options::KnownAction;
    for (const QJsonValue &v : run.value(QStringLiteral("actions")).toArray()) {
        const QJsonObject a = v.toObject();
        const QString action = a.value(QStringLiteral("action")).toString();
        // The harness names each client instance after the scenario's id (clientIP@name):
        // the id is the client id its log prints.
        const QString client = a.value(QStringLiteral("consumer")).toString();
        const qint64 at = origin + a.value(QStringLiteral("t")).toVariant().toLongLong();
        if (action == QLatin1String("freeze")) {
            options.knownActions.append({ at, client, Known::Kind::Freeze });
        } else if (action == QLatin1String("thaw")) {
            options.knownActions.append({ at, client, Known::Kind::Thaw });
        } else if (action == QLatin1String("kill")) {
            options.knownActions.append({ at, client, Known::Kind::Kill });
        }
    }
    // The clients printed this machine's local time: read in the importer's default zone, the
    // logs would begin hours away from the run's origin.
    if (const std::optional<int> zone = zoneOf(logs.first(), origin)) {
        options.zoneMinutes = *zone;
    }
    QString error;
    const std::shared_ptr<const ObservedWorld> world = m_importLogs(logs, options, &error);
    if (!world) {
        fail(error);
        return nullptr;
    }
    auto window = std::make_unique<CompareWindow>(m_registry);
    if (!window->startReal(world, played, origin - world->origin(), version)) {
        fail(window->lastError());
        return nullptr;
    }
    auto *table = new RealFiguresTable;
    window->addFiguresTab(table, [] { return tr("Real vs engine"); });
    table->compute(dir, scenario, m_registry);
    m_table = table;
    if (!show) {
        return window.release();
    }
    CompareWindow *shown = window.release();
    shown->setAttribute(Qt::WA_DeleteOnClose);
    shown->resize(m_window->size());
    shown->show();
    return shown;
}

void RealRunController::runOnReal()
{
    const auto [scenario, file] = m_current();
    QByteArray text;
    if (!file.isEmpty()) {
        QFile f(file);
        if (f.open(QIODevice::ReadOnly)) {
            text = f.readAll();
        }
    }
    RealRunDialog dialog(scenario, file, text, m_window);
    const QString base = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation)
        + QStringLiteral("/Rebalance Lab/real runs/")
        + QDateTime::currentDateTime().toString(QStringLiteral("yyyy-MM-dd HH.mm.ss"));
    dialog.setOutputFolder(base);
    if (dialog.exec() != QDialog::Accepted) {
        return;
    }
    const QString out = dialog.outputFolder();
    QString error;
    if (!QDir().mkpath(out)) {
        QMessageBox::warning(m_window, tr("Run on a real RocketMQ"),
            tr("Cannot create %1.").arg(QDir::toNativeSeparators(out)));
        return;
    }
    // What was played, commands given so far included: the run's folder is complete alone.
    if (!ScenarioWriter::save(scenario, out + QStringLiteral("/scenario.json"), &error)) {
        QMessageBox::warning(m_window, tr("Run on a real RocketMQ"), error);
        return;
    }
    RealRunProgressDialog progress(scenario.duration, m_window);
    RealRunner runner(dialog.plan(), dialog.home(), out,
        [&progress](const QString &line) { progress.post(line); });
    const bool ok = progress.runModal(
        [&runner] { return runner.run(); }, [&runner] { runner.requestStop(); });
    if (!ok) {
        QMessageBox::warning(m_window, tr("Run on a real RocketMQ"),
            runner.interrupted()
                ? tr("The run was stopped, and every process it started with it. What it "
                     "recorded is in %1.")
                      .arg(QDir::toNativeSeparators(out))
                : tr("The run failed: %1").arg(runner.error()));
        return;
    }
    // The observed report, as rblab real-run leaves it.
    if (const std::optional<RealRunRecord> record = RealRunRecord::read(out, scenario, &error)) {
        QSaveFile report(out + QStringLiteral("/report.json"));
        const QByteArray bytes = record->report(scenario);
        if (report.open(QIODevice::WriteOnly) && report.write(bytes) == bytes.size()) {
            commitFully(report);
        }
    }
    open(out);
}

} // namespace Rblab

#include "moc_realruncontroller.cpp"
