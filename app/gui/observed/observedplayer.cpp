// SPDX-License-Identifier: Apache-2.0
#include "observed/observedplayer.h"

#include "observed/observedworld.h"
#include "simulation/simulationworker.h"

#include <algorithm>

namespace Rblab {

namespace {

template<typename T> QList<T> between(const QList<T> &list, SimTime from, SimTime to)
{
    const auto lo = std::partition_point(
        list.cbegin(), list.cend(), [from](const T &item) { return item.t <= from; });
    const auto hi
        = std::partition_point(lo, list.cend(), [to](const T &item) { return item.t <= to; });
    return QList<T>(lo, hi);
}

bool isLifecycle(SimEvent::Type type)
{
    return type == SimEvent::Type::Join || type == SimEvent::Type::Started
        || type == SimEvent::Type::Shutdown || type == SimEvent::Type::Kill;
}

} // namespace

ObservedPlayer::ObservedPlayer(std::shared_ptr<const ObservedWorld> world, FrameBuffer *buffer,
    quint64 generation, QObject *parent)
    : QObject(parent), m_world(std::move(world)), m_buffer(buffer), m_generation(generation)
{
    // Frames hand the charts a window of shared, immutable samples (as the engine's
    // SampleHistory does): the logs' samples are wrapped once, frames copy pointers.
    m_samples.reserve(m_world->samples().size());
    for (const Sample &sample : m_world->samples()) {
        m_samples.append(std::make_shared<const Sample>(sample));
        m_sampleBytes += qint64(sizeof(Sample))
            + qint64(sample.consumers.size()) * qint64(sizeof(Sample::Consumer))
            + qint64(sample.queues.size()) * qint64(sizeof(Sample::Queue));
    }
    connect(&m_clock, &PlaybackClock::tick, this, &ObservedPlayer::tick);
}

void ObservedPlayer::start()
{
    m_now = -1;
    publishTo(0, false);
}

void ObservedPlayer::setPlaying(bool playing)
{
    playing = playing && m_now < m_world->duration();
    if (playing == m_playing) {
        return;
    }
    m_playing = playing;
    m_clock.setRunning(playing);
    emit playingChanged(playing);
}

void ObservedPlayer::seek(SimTime t)
{
    setPlaying(false);
    publishTo(std::clamp<SimTime>(t, 0, m_world->duration()), true);
}

void ObservedPlayer::runTo(SimTime t)
{
    publishTo(std::clamp<SimTime>(t, m_now, m_world->duration()), false);
}

void ObservedPlayer::stepTo(const QList<SimEvent::Type> &types)
{
    setPlaying(false);
    SimTime target = m_world->duration();
    for (const SimEvent &e : m_world->events()) {
        if (e.t > m_now && (types.isEmpty() || types.contains(e.type))) {
            target = e.t;
            break;
        }
    }
    publishTo(target, false);
}

std::optional<std::pair<SimTime, PauseKind>> ObservedPlayer::firstWatched(
    SimTime from, SimTime to) const
{
    std::optional<std::pair<SimTime, PauseKind>> best;
    const auto consider = [&best](SimTime t, PauseKind kind) {
        if (!best || t < best->first) {
            best = std::make_pair(t, kind);
        }
    };
    for (const SimEvent &e : between(m_world->events(), from, to)) {
        if (e.type == SimEvent::Type::Rebalance && m_pauseOn.contains(PauseKind::Rebalance)) {
            consider(e.t, PauseKind::Rebalance);
        } else if (e.type == SimEvent::Type::FlowControlOn
            && m_pauseOn.contains(PauseKind::FlowControl)) {
            consider(e.t, PauseKind::FlowControl);
        } else if (isLifecycle(e.type) && m_pauseOn.contains(PauseKind::ConsumerState)) {
            consider(e.t, PauseKind::ConsumerState);
        }
        if (best) {
            break;
        }
    }
    if (m_pauseOn.contains(PauseKind::DoubleOwnership)) {
        const QList<SimTime> &starts = m_world->doubleOwnedStarts();
        const auto it = std::upper_bound(starts.cbegin(), starts.cend(), from);
        if (it != starts.cend() && *it <= to) {
            consider(*it, PauseKind::DoubleOwnership);
        }
    }
    return best;
}

void ObservedPlayer::tick()
{
    const SimTime step = m_clock.advance();
    if (step <= 0) {
        return;
    }
    SimTime target = qMin(m_now + step, m_world->duration());
    const auto watched = firstWatched(m_now, target);
    if (watched) {
        m_clock.setRunning(false);
        m_playing = false;
        publishTo(watched->first, false, int(watched->second));
        emit playingChanged(false);
        return;
    }
    publishTo(target, false);
    if (target >= m_world->duration()) {
        setPlaying(false);
    }
}

void ObservedPlayer::publishTo(SimTime t, bool rewound, int pausedOn)
{
    // As SimulationWorker::publish: the events and samples after what the interface holds.
    const SimTime from = rewound ? qMin(m_now, t) : m_now;
    Frame frame;
    frame.generation = m_generation;
    frame.catalog = m_world->catalog();
    frame.snapshot = m_world->snapshotAt(t);
    frame.newEvents = between(m_world->events(), from, t);
    const auto end = std::partition_point(m_samples.cbegin(), m_samples.cend(),
        [t](const SamplePtr &sample) { return sample->t <= t; });
    frame.samples = QList<SamplePtr>(m_samples.cbegin(), end);
    if (rewound) {
        ++m_revision; // the window lost its end: the charts rebuild
    }
    frame.historyRevision = m_revision;
    frame.samplesTaken = frame.samples.size();
    frame.historyBytes
        = m_samples.isEmpty() ? 0 : m_sampleBytes * frame.samples.size() / m_samples.size();
    frame.rewound = rewound;
    frame.keptUntil = from;
    frame.reached = m_world->duration();
    frame.pausedOn = pausedOn;
    frame.effectiveSpeed = m_playing ? m_clock.speed() : 0;
    frame.playing = m_playing;
    frame.valid = true;
    m_now = t;
    m_buffer->publish(std::move(frame));
    emit framePublished();
}

} // namespace Rblab

#include "moc_observedplayer.cpp"
