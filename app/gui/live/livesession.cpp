// SPDX-License-Identifier: Apache-2.0
#include "live/livesession.h"

#include <groupwatcher.h>
#include <remotingclient.h>

#include <QSettings>

namespace Rblab {

namespace {

const QString kIntervalKey = QStringLiteral("live/intervalMs");
constexpr int kDefaultInterval = 2000;

} // namespace

WatcherSource::WatcherSource(const QString &nameServer, const QString &group,
    const StrategyRegistry *registry, QObject *parent)
    : LiveSource(parent)
{
    m_client = new Remoting::RemotingClient(this);
    m_watcher = new Remoting::GroupWatcher(m_client, nameServer, group, this);
    // Stale views are judged with the engine's Java-exact AVG and AVG_BY_CIRCLE.
    m_watcher->setStrategyRegistry(registry);
    connect(m_watcher, &Remoting::GroupWatcher::snapshotReady, this, &LiveSource::snapshotReady);
}

bool WatcherSource::poll()
{
    return m_watcher->poll();
}

bool WatcherSource::busy() const
{
    return m_watcher->busy();
}

LiveSession::LiveSession(
    const QString &nameServer, const QString &group, LiveSource *source, QObject *parent)
    : QObject(parent)
    , m_world(std::make_shared<Remoting::LiveWorld>(nameServer, group))
    , m_recorder(nameServer, group, savedInterval())
    , m_source(source)
{
    m_source->setParent(this);
    m_timer.setInterval(savedInterval());
    connect(&m_timer, &QTimer::timeout, this, &LiveSession::tick);
    connect(m_source, &LiveSource::snapshotReady, this, &LiveSession::handleSnapshot);
}

LiveSession::LiveSession(
    const Remoting::LiveRecording &recording, const QString &fileName, QObject *parent)
    : QObject(parent)
    , m_world(std::make_shared<Remoting::LiveWorld>(recording.nameServer, recording.group))
    , m_recorder(recording.nameServer, recording.group, recording.intervalMs)
    , m_recordingFile(fileName)
    , m_source(nullptr)
{
    m_timer.setInterval(int(qBound<qint64>(200, recording.intervalMs, qint64(24) * 3600 * 1000)));
    for (const Remoting::GroupSnapshot &s : recording.polls) {
        m_world->append(s);
        m_recorder.append(s);
    }
    if (!recording.polls.isEmpty()) {
        m_lastPollAt = QDateTime::fromMSecsSinceEpoch(recording.polls.constLast().takenAtMs);
    }
}

std::optional<Remoting::GroupSnapshot> LiveSession::snapshotOfPoll(
    qsizetype i, QString *error) const
{
    if (i >= 0 && i == m_world->pollCount() - 1) {
        return m_world->latest();
    }
    return m_recorder.poll(i, error);
}

int LiveSession::savedInterval()
{
    const int ms = QSettings().value(kIntervalKey, kDefaultInterval).toInt();
    return ms >= 200 ? ms : kDefaultInterval;
}

void LiveSession::saveInterval(int ms)
{
    QSettings().setValue(kIntervalKey, ms);
}

void LiveSession::setInterval(int ms)
{
    m_timer.setInterval(qMax(200, ms));
    m_recorder.setIntervalMs(m_timer.interval());
}

void LiveSession::start()
{
    if (!m_source) {
        return; // a recording does not poll
    }
    tick();
    m_timer.start();
}

void LiveSession::stop()
{
    m_timer.stop();
}

bool LiveSession::tick()
{
    if (!m_source) {
        return false;
    }
    // Skipped, never queued: a poll waits for its slowest answer (the per-request timeout), and
    // a queue of polls behind a broker that stopped answering would only grow.
    if (m_source->busy() || !m_source->poll()) {
        ++m_skipped;
        emit pollSkipped();
        return false;
    }
    ++m_started;
    return true;
}

void LiveSession::handleSnapshot(const Remoting::GroupSnapshot &snapshot)
{
    m_lastPollAt = QDateTime::fromMSecsSinceEpoch(snapshot.takenAtMs);
    const QList<SimEvent> events = m_world->append(snapshot);
    m_recorder.append(snapshot);
    emit polled(events);
}

} // namespace Rblab

#include "moc_livesession.cpp"
