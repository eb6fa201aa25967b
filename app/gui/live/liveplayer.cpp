// SPDX-License-Identifier: Apache-2.0
#include "live/liveplayer.h"

#include "simulation/simulationworker.h"

#include <liveworld.h>

#include <algorithm>

namespace Rblab {

LivePlayer::LivePlayer(std::shared_ptr<const Remoting::LiveWorld> world, FrameBuffer *buffer,
    quint64 generation, QObject *parent)
    : QObject(parent), m_world(std::move(world)), m_buffer(buffer), m_generation(generation)
{
    connect(&m_clock, &PlaybackClock::tick, this, &LivePlayer::tick);
}

const QList<SamplePtr> &LivePlayer::allSamples() const
{
    return m_world->samples();
}

void LivePlayer::start()
{
    m_now = -1;
    if (m_replay) {
        m_following = false;
        m_position = 0;
        publishTo(0, false);
        return;
    }
    m_following = true;
    publishTo(m_world->duration(), false);
}

void LivePlayer::tick()
{
    const SimTime step = m_clock.advance();
    if (step <= 0 || !m_following) {
        return;
    }
    const SimTime target = qMin(m_position + step, m_world->duration());
    if (const std::optional<Watched> w = firstWatched(m_position, target)) {
        m_position = w->t;
        m_following = false;
        m_clock.setRunning(false);
        emit playingChanged(false);
        publishTo(w->t, false, int(w->kind));
        return;
    }
    m_position = target;
    const bool end = target >= m_world->duration();
    if (end) {
        m_following = false;
        m_clock.setRunning(false);
        emit playingChanged(false);
    }
    if (m_world->pollAt(target) != m_world->pollAt(m_now) || end) {
        publishTo(target, false);
    }
}

void LivePlayer::setPlaying(bool playing)
{
    if (m_replay) {
        // A recording plays on from the poll on screen, and stops at its last one.
        playing = playing && m_position < m_world->duration();
        if (playing == m_following) {
            return;
        }
        m_following = playing;
        m_clock.setRunning(playing);
        emit playingChanged(playing);
        publishTo(m_now, false);
        return;
    }
    if (playing == m_following) {
        return;
    }
    m_following = playing;
    emit playingChanged(playing);
    // Back to live goes forward to the newest poll; pausing keeps the picture and republishes
    // it so that the frame says it is not playing.
    publishTo(playing ? m_world->duration() : m_now, false);
}

void LivePlayer::seek(SimTime t)
{
    const bool wasFollowing = m_following;
    m_following = false;
    m_clock.setRunning(false);
    m_position = std::clamp<SimTime>(t, 0, m_world->duration());
    if (wasFollowing) {
        emit playingChanged(false); // first: the frame's views ask whether it is live
    }
    publishTo(std::clamp<SimTime>(t, 0, m_world->duration()), true);
}

void LivePlayer::runTo(SimTime t)
{
    m_position = std::clamp<SimTime>(t, m_now, m_world->duration());
    publishTo(m_position, false);
}

void LivePlayer::stepTo(const QList<SimEvent::Type> &types)
{
    const bool wasFollowing = m_following;
    m_following = false;
    m_clock.setRunning(false);
    SimTime target = m_world->duration();
    for (const SimEvent &e : m_world->events()) {
        if (e.t > m_now && (types.isEmpty() || types.contains(e.type))) {
            target = e.t;
            break;
        }
    }
    if (wasFollowing) {
        emit playingChanged(false);
    }
    m_position = target;
    publishTo(target, false);
}

namespace {

//! The kind of pause a live event is, if any.
std::optional<PauseKind> pauseKindOf(const SimEvent &e)
{
    using K = Remoting::GroupChange::Kind;
    const int change = Remoting::LiveWorld::changeKind(e);
    if (e.type == SimEvent::Type::Rebalance) {
        return PauseKind::Rebalance;
    }
    if (e.type == SimEvent::Type::FlowControlOn) {
        return PauseKind::FlowControl;
    }
    if (change == int(K::DoubleOwned)) {
        return PauseKind::DoubleOwnership;
    }
    if (change == int(K::ClientJoined) || change == int(K::ClientLeft)
        || change == int(K::ClientNotAnswering) || change == int(K::ClientAnswering)) {
        return PauseKind::ConsumerState;
    }
    return std::nullopt;
}

} // namespace

std::optional<PauseKind> LivePlayer::watchedKind(
    const QList<SimEvent> &events, const PauseKinds &kinds)
{
    for (const SimEvent &e : events) {
        const std::optional<PauseKind> kind = pauseKindOf(e);
        if (kind && kinds.contains(*kind)) {
            return kind;
        }
    }
    return std::nullopt;
}

std::optional<LivePlayer::Watched> LivePlayer::firstWatched(SimTime from, SimTime to) const
{
    if (m_pauseOn.isEmpty()) {
        return std::nullopt;
    }
    const QList<SimEvent> &events = m_world->events();
    const auto lo = std::partition_point(
        events.cbegin(), events.cend(), [from](const SimEvent &e) { return e.t <= from; });
    for (auto it = lo; it != events.cend() && it->t <= to; ++it) {
        const std::optional<PauseKind> kind = pauseKindOf(*it);
        if (kind && m_pauseOn.contains(*kind)) {
            return Watched { it->t, *kind };
        }
    }
    return std::nullopt;
}

void LivePlayer::pollAppended()
{
    if (m_following && m_world->pollCount() > 1) {
        const SimTime to = m_world->duration();
        if (const std::optional<Watched> w = firstWatched(m_now, to)) {
            // Shown, and held there: the next polls wait ahead until Back to live.
            m_following = false;
            emit playingChanged(false);
            publishTo(to, false, int(w->kind));
            return;
        }
    }
    publishTo(m_following ? m_world->duration() : m_now, false);
}

void LivePlayer::publishTo(SimTime t, bool rewound, int pausedOn)
{
    if (m_world->pollCount() == 0) {
        return;
    }
    // Frames are at poll times: a moment between two polls shows the earlier one.
    t = m_world->pollTime(m_world->pollAt(t));
    const SimTime from = rewound ? qMin(m_now, t) : m_now;
    const QList<SimEvent> &events = m_world->events();
    const auto lo = std::partition_point(
        events.cbegin(), events.cend(), [from](const SimEvent &e) { return e.t <= from; });
    const auto hi
        = std::partition_point(lo, events.cend(), [t](const SimEvent &e) { return e.t <= t; });
    const QList<SamplePtr> &samples = m_world->samples();
    const auto end = std::partition_point(
        samples.cbegin(), samples.cend(), [t](const SamplePtr &s) { return s->t <= t; });
    Frame frame;
    frame.generation = m_generation;
    frame.catalog = m_world->catalog();
    frame.snapshot = m_world->snapshotAt(t);
    frame.newEvents = QList<SimEvent>(lo, hi);
    frame.samples = QList<SamplePtr>(samples.cbegin(), end);
    if (rewound) {
        ++m_revision; // the window lost its end: the charts rebuild
    }
    frame.historyRevision = m_revision;
    frame.samplesTaken = frame.samples.size();
    frame.historyBytes = m_world->memoryBytes();
    frame.rewound = rewound;
    frame.keptUntil = from;
    frame.reached = m_world->duration();
    frame.effectiveSpeed = !m_following ? 0 : m_replay ? m_clock.speed() : 1;
    frame.playing = m_following;
    frame.pausedOn = pausedOn;
    frame.valid = true;
    m_now = t;
    m_buffer->publish(std::move(frame));
    emit framePublished();
}

} // namespace Rblab

#include "moc_liveplayer.cpp"
