// SPDX-License-Identifier: Apache-2.0
#include "document/sessionautosave.h"

#include "document/scenariodocument.h"
#include "simulation/simulationcontroller.h"

#include <scenario/scenariowriter.h>
#include <json/diagnostic.h>
#include <json/jsonnode.h>
#include <json/jsonparser.h>
#include <json/jsonwriter.h>

#include <json/savefile.h>

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonObject>
#include <QLockFile>
#include <QSaveFile>
#include <QStandardPaths>

#include <algorithm>

namespace Rblab {

namespace {

const QLatin1String kScenarioSuffix(".json");
const QLatin1String kStateSuffix(".session");
const QLatin1String kLockSuffix(".lock");
const QLatin1String kUnreadableSuffix(".unreadable");

QString sessionFile(const QString &directory, const QString &id, QLatin1String suffix)
{
    return QDir(directory).filePath(id + suffix);
}

// The state file's fields, through the project's JSON reader; a problem goes to stateError.
void readState(AutosavedSession &session)
{
    QFile file(session.statePath);
    if (!file.open(QIODevice::ReadOnly)) {
        session.stateError = Diagnostic { Diagnostic::Severity::Error, session.statePath, 0, 0,
            QString(), file.errorString() }
                                 .toString();
        return;
    }
    const JsonParser::Result parsed = JsonParser::parse(file.readAll());
    if (!parsed.ok() || !parsed.root->isObject()) {
        session.stateError = parsed.ok()
            ? Diagnostic::error(
                session.statePath, *parsed.root, QString(), QStringLiteral("expected an object"))
                  .toString()
            : Diagnostic::toText(Diagnostic::fromProblems(session.statePath, parsed.problems));
        return;
    }
    const JsonNode &state = *parsed.root;
    const auto text = [&state](QStringView key) {
        const JsonNode *value = state.value(key);
        return value && value->isString() ? value->text() : QString();
    };
    session.source = text(u"source");
    const JsonNode *reached = state.value(u"reached");
    session.reached = qMax<qint64>(0, reached ? reached->toInt64().value_or(0) : 0);
    session.strategyOverride = text(u"strategy");
    session.savedAt = QDateTime::fromString(text(u"savedAt"), Qt::ISODateWithMs);
}

} // namespace

SessionAutosave::SessionAutosave(
    const ScenarioDocument &document, const SimulationController &controller, QObject *parent)
    : QObject(parent), m_document(document), m_controller(controller)
{
    m_coalesce.setSingleShot(true);
    m_coalesce.setInterval(kCoalesceMs);
    connect(&m_coalesce, &QTimer::timeout, this, [this] { saveNow(); });
    m_period.setInterval(kPeriodMs);
    connect(&m_period, &QTimer::timeout, this, &SessionAutosave::saveReached);
    connect(&m_document, &ScenarioDocument::changed, this, &SessionAutosave::schedule);
    connect(&m_document, &ScenarioDocument::modifiedChanged, this, [this](bool modified) {
        if (!modified && isActive()) {
            // Saved, or replaced by another file: nothing is left to lose.
            m_coalesce.stop();
            removeFiles();
        }
    });
}

SessionAutosave::~SessionAutosave() = default;

QString SessionAutosave::defaultDirectory()
{
    const QString fromEnvironment = qEnvironmentVariable("RBLAB_AUTOSAVE_DIR");
    if (!fromEnvironment.isEmpty()) {
        return fromEnvironment;
    }
    const QString data = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    return data.isEmpty() ? QString() : data + QStringLiteral("/autosave");
}

bool SessionAutosave::start(const QString &directory, QString *error)
{
    if (directory.isEmpty() || !QDir().mkpath(directory)) {
        if (error) {
            *error = tr("Cannot create the autosave folder %1").arg(directory);
        }
        return false;
    }
    m_directory = QDir(directory).absolutePath();
    // Unique on this machine: the time, the process and the window within the process.
    static int started = 0;
    m_id = QStringLiteral("session-%1-%2-%3")
               .arg(QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss")))
               .arg(QCoreApplication::applicationPid())
               .arg(++started);
    auto lock = std::make_unique<QLockFile>(sessionFile(m_directory, m_id, kLockSuffix));
    // Only a dead owner makes a lock stale: a session may run for days.
    lock->setStaleLockTime(0);
    if (!lock->tryLock(0)) {
        if (error) {
            *error = tr("Cannot lock %1").arg(sessionFile(m_directory, m_id, kLockSuffix));
        }
        return false;
    }
    m_lock = std::move(lock);
    m_period.start();
    if (m_document.isModified()) {
        schedule();
    }
    return true;
}

QString SessionAutosave::scenarioPath() const
{
    return m_id.isEmpty() ? QString() : sessionFile(m_directory, m_id, kScenarioSuffix);
}

QString SessionAutosave::statePath() const
{
    return m_id.isEmpty() ? QString() : sessionFile(m_directory, m_id, kStateSuffix);
}

void SessionAutosave::schedule()
{
    if (isActive() && !m_coalesce.isActive()) {
        m_coalesce.start();
    }
}

bool SessionAutosave::saveNow(QString *error)
{
    if (!isActive()) {
        return false;
    }
    m_coalesce.stop();
    if (!m_document.isModified()) {
        removeFiles();
        return true;
    }
    // The scenario first: a state file always has its scenario beside it.
    QString why;
    const bool ok
        = ScenarioWriter::save(m_document.scenario(), scenarioPath(), &why) && writeState(&why);
    if (!ok) {
        if (error) {
            *error = why;
        }
        // Said once, not at every command, until a save works again.
        if (!m_failed) {
            m_failed = true;
            emit saveFailed(why);
        }
        return false;
    }
    m_failed = false;
    emit saved(scenarioPath());
    return true;
}

void SessionAutosave::saveReached()
{
    if (!m_document.isModified() || m_coalesce.isActive() || !QFileInfo::exists(statePath())) {
        return; // nothing saved yet, or a full save is due anyway
    }
    if (m_controller.now() != m_savedReached) {
        QString why;
        if (!writeState(&why) && !m_failed) {
            m_failed = true;
            emit saveFailed(why);
        }
    }
}

bool SessionAutosave::writeState(QString *error)
{
    QJsonObject state;
    state.insert(QStringLiteral("format"), QStringLiteral("rebalance-lab/session@1"));
    state.insert(QStringLiteral("source"), m_document.filePath());
    state.insert(QStringLiteral("reached"), qint64(m_controller.now()));
    if (!m_strategyOverride.isEmpty()) {
        state.insert(QStringLiteral("strategy"), m_strategyOverride);
    }
    state.insert(
        QStringLiteral("savedAt"), QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs));
    const QByteArray data = JsonWriter::write(JsonNode::fromJson(state));
    QSaveFile file(statePath());
    if (!file.open(QIODevice::WriteOnly) || file.write(data) != data.size() || !commitFully(file)) {
        if (error) {
            *error = tr("Cannot write %1: %2").arg(statePath(), file.errorString());
        }
        return false;
    }
    m_savedReached = m_controller.now();
    return true;
}

void SessionAutosave::removeFiles()
{
    if (m_id.isEmpty()) {
        return;
    }
    QFile::remove(statePath());
    QFile::remove(scenarioPath());
    m_savedReached = -1;
}

void SessionAutosave::finish()
{
    m_coalesce.stop();
    m_period.stop();
    removeFiles();
    m_lock.reset(); // unlocks: removes the lock file
}

QList<AutosavedSession> SessionAutosave::leftBehind(const QString &directory)
{
    QList<AutosavedSession> sessions;
    const QDir dir(directory);
    if (directory.isEmpty() || !dir.exists()) {
        return sessions;
    }
    const QStringList states
        = dir.entryList({ QLatin1String("*") + kStateSuffix }, QDir::Files, QDir::Name);
    for (const QString &name : states) {
        const QString id = name.chopped(kStateSuffix.size());
        // A lock somebody holds is a session still running (another window, another user's
        // process on this machine); a lock whose process is gone is stale and gets taken.
        QLockFile lock(sessionFile(dir.absolutePath(), id, kLockSuffix));
        lock.setStaleLockTime(0);
        if (!lock.tryLock(0)) {
            continue;
        }
        lock.unlock();
        AutosavedSession session;
        session.scenarioPath = sessionFile(dir.absolutePath(), id, kScenarioSuffix);
        session.statePath = sessionFile(dir.absolutePath(), id, kStateSuffix);
        readState(session);
        if (!session.savedAt.isValid()) {
            session.savedAt = QFileInfo(session.statePath).lastModified().toUTC();
        }
        sessions.append(session);
    }
    // A crash with nothing unsaved leaves only its lock: taking a stale lock and letting it go
    // removes it, so the folder does not fill up with them.
    const QStringList locks
        = dir.entryList({ QLatin1String("*") + kLockSuffix }, QDir::Files, QDir::Name);
    for (const QString &name : locks) {
        const QString id = name.chopped(kLockSuffix.size());
        if (!QFileInfo::exists(sessionFile(dir.absolutePath(), id, kStateSuffix))) {
            QLockFile lock(dir.filePath(name));
            lock.setStaleLockTime(0);
            if (lock.tryLock(0)) {
                lock.unlock();
            }
        }
    }
    std::stable_sort(sessions.begin(), sessions.end(),
        [](const AutosavedSession &a, const AutosavedSession &b) { return a.savedAt > b.savedAt; });
    return sessions;
}

void SessionAutosave::discard(const AutosavedSession &session)
{
    QFile::remove(session.statePath);
    QFile::remove(session.scenarioPath);
}

void SessionAutosave::setAside(const AutosavedSession &session)
{
    for (const QString &path : { session.statePath, session.scenarioPath }) {
        QFile::remove(path + kUnreadableSuffix);
        QFile::rename(path, path + kUnreadableSuffix);
    }
}

} // namespace Rblab

#include "moc_sessionautosave.cpp"
