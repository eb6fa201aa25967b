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
    , m_source(source)
{
    m_source->setParent(this);
    m_timer.setInterval(savedInterval());
    connect(&m_timer, &QTimer::timeout, this, &LiveSession::tick);
    connect(m_source, &LiveSource::snapshotReady, this, &LiveSession::handleSnapshot);
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
}

void LiveSession::start()
{
    tick();
    m_timer.start();
}

void LiveSession::stop()
{
    m_timer.stop();
}

bool LiveSession::tick()
{
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
    emit polled(events);
}

} // namespace Rblab

#include "moc_livesession.cpp"
