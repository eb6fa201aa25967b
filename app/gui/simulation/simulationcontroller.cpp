// SPDX-License-Identifier: Apache-2.0
#include "simulation/simulationcontroller.h"

#include "live/liveplayer.h"
#include "observed/observedplayer.h"
#include "observed/observedworld.h"

#include <liveworld.h>

#include <allocation/strategyregistry.h>

#include <algorithm>

namespace Rblab {

void SimulationController::setTotalsGroup(qint32 group)
{
    SimulationWorker *worker = m_worker;
    QMetaObject::invokeMethod(
        worker, [worker, group] { worker->setTotalsGroup(group); }, Qt::QueuedConnection);
}

namespace {

// How far "step" looks ahead for the next event before it gives up and just advances.
constexpr SimTime kStepHorizon = 10 * kMinute;

} // namespace

SimulationController::SimulationController(const StrategyRegistry &registry, QObject *parent)
    : QObject(parent), m_registry(registry)
{
    m_thread.setObjectName(QStringLiteral("rblab-simulation"));
    m_worker = new SimulationWorker(registry, &m_buffer);
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(m_worker, &SimulationWorker::framePublished, this,
        &SimulationController::handleFramePublished, Qt::QueuedConnection);
    connect(m_worker, &SimulationWorker::loadFailed, this, &SimulationController::handleLoadFailed,
        Qt::QueuedConnection);
    connect(m_worker, &SimulationWorker::commandApplied, this,
        &SimulationController::commandApplied, Qt::QueuedConnection);
    connect(m_worker, &SimulationWorker::commandFailed, this, &SimulationController::commandFailed,
        Qt::QueuedConnection);
    connect(
        m_worker, &SimulationWorker::branched, this,
        [this](int dropped) {
            // The old branch's future is gone: nothing ahead is true any more.
            m_eventsAhead.clear();
            m_reached = now();
            emit branched(dropped);
        },
        Qt::QueuedConnection);
    connect(
        m_worker, &SimulationWorker::playingChanged, this,
        [this](bool playing) {
            if (m_playing != playing) {
                m_playing = playing;
                emit playingChanged(playing);
            }
        },
        Qt::QueuedConnection);
    m_thread.start();
}

SimulationController::~SimulationController()
{
    SimulationWorker *worker = m_worker;
    QMetaObject::invokeMethod(
        worker, [worker] { worker->stop(); }, Qt::BlockingQueuedConnection);
    m_thread.quit();
    m_thread.wait();
}

void SimulationController::dropPlayers()
{
    delete m_observed;
    m_observed = nullptr;
    delete m_live;
    m_live = nullptr;
}

void SimulationController::load(const Scenario &scenario)
{
    if (m_observed || m_live) {
        // Back to the engine: the worker was paused while the logs or the live group played.
        dropPlayers();
        SimulationWorker *worker = m_worker;
        const bool playing = m_playing;
        QMetaObject::invokeMethod(
            worker, [worker, playing] { worker->setPlaying(playing); }, Qt::QueuedConnection);
    }
    m_scenario = scenario;
    m_sampleInterval = qMin(scenario.sampleInterval, kChartSampleInterval);
    ++m_generation;
    m_lastError.clear();
    m_eventsAhead.clear();
    m_reached = 0;
    m_seekInFlight = false;
    m_pendingSeek.reset();
    SimulationWorker *worker = m_worker;
    const quint64 generation = m_generation;
    Simulation::Options options;
    if (scenario.sampleInterval > kChartSampleInterval) {
        options.sampleInterval = kChartSampleInterval;
    }
    options.strategy = m_strategyOverride;
    // The engine keeps the samples the charts draw, bounded; the interface only reads them.
    options.recording = Simulation::Options::Recording::Bounded;
    options.historyLimits = kHistoryLimits;
    QMetaObject::invokeMethod(
        worker,
        [worker, scenario, options, generation] { worker->load(scenario, options, generation); },
        Qt::QueuedConnection);
}

const QList<SamplePtr> &SimulationController::knownSamples() const
{
    return m_observed ? m_observed->allSamples() : m_live ? m_live->allSamples() : m_last.samples;
}

void SimulationController::restart()
{
    if (m_live) {
        seek(0);
        return;
    }
    if (m_observed) {
        seek(0);
        return;
    }
    load(m_scenario);
}

void SimulationController::loadObserved(std::shared_ptr<const ObservedWorld> world)
{
    dropPlayers();
    SimulationWorker *worker = m_worker;
    QMetaObject::invokeMethod(
        worker, [worker] { worker->setPlaying(false); }, Qt::QueuedConnection);
    // The timeline's right end is the logs' last line, not the replay's extra minute.
    m_scenario = world->replayScenario();
    m_scenario.duration = world->duration();
    m_sampleInterval = world->sampleInterval();
    ++m_generation;
    m_lastError.clear();
    m_seekInFlight = false;
    m_pendingSeek.reset();
    // The whole timeline is known: what lies after now waits "ahead", as after a rewind.
    m_eventsAhead = world->events();
    m_reached = world->duration();
    m_observed = new ObservedPlayer(std::move(world), &m_observedBuffer, m_generation, this);
    m_observed->setSpeed(m_speed);
    m_observed->setPauseOn(m_pauseOn);
    connect(m_observed, &ObservedPlayer::framePublished, this,
        &SimulationController::handleFramePublished);
    connect(m_observed, &ObservedPlayer::playingChanged, this, [this](bool playing) {
        if (m_playing != playing) {
            m_playing = playing;
            emit playingChanged(playing);
        }
    });
    m_observed->start();
    if (m_playing) {
        m_observed->setPlaying(true);
    }
}

std::shared_ptr<const ObservedWorld> SimulationController::observedWorld() const
{
    return m_observed ? m_observed->world() : nullptr;
}

void SimulationController::loadLive(
    std::shared_ptr<const Remoting::LiveWorld> world, bool recording)
{
    dropPlayers();
    SimulationWorker *worker = m_worker;
    QMetaObject::invokeMethod(
        worker, [worker] { worker->setPlaying(false); }, Qt::QueuedConnection);
    // The newest poll's world as a scenario (what a fork starts from): the panels that read
    // the scenario (settings, strategy) show the group's.
    const MqadminImport imported = world->latest().toScenario();
    m_scenario = imported.scenario;
    m_scenario.duration = world->duration();
    m_sampleInterval = world->pollCount() > 1
        ? qMax<SimTime>(1, world->duration() / (world->pollCount() - 1))
        : SimTime(2000);
    ++m_generation;
    m_lastError.clear();
    m_seekInFlight = false;
    m_pendingSeek.reset();
    m_eventsAhead.clear();
    m_reached = world->duration();
    m_live = new LivePlayer(std::move(world), &m_observedBuffer, m_generation, this);
    m_live->setPauseOn(m_pauseOn);
    m_live->setReplay(recording);
    m_live->setSpeed(m_speed);
    connect(m_live, &LivePlayer::framePublished, this, &SimulationController::handleFramePublished);
    connect(m_live, &LivePlayer::playingChanged, this, [this](bool playing) {
        if (m_playing != playing) {
            m_playing = playing;
            emit playingChanged(playing);
        }
    });
    m_live->start();
    if (recording) {
        if (m_playing) {
            m_playing = false; // a recording opens paused at its first poll
            emit playingChanged(false);
        }
    } else if (!m_playing) {
        m_playing = true; // a live view follows the polls until it is scrubbed back
        emit playingChanged(true);
    }
}

void SimulationController::livePolled(const QList<SimEvent> &events)
{
    if (!m_live) {
        return;
    }
    m_scenario.duration = m_live->world()->duration();
    if (!m_live->isPlaying()) {
        m_eventsAhead.append(events); // scrubbed back: the new polls wait ahead
    }
    m_live->pollAppended();
}

std::shared_ptr<const Remoting::LiveWorld> SimulationController::liveWorld() const
{
    return m_live ? m_live->world() : nullptr;
}

void SimulationController::setPlaying(bool playing)
{
    if (m_playing == playing) {
        return;
    }
    m_playing = playing;
    if (m_live) {
        m_live->setPlaying(playing);
        m_playing = m_live->isPlaying(); // a recording at its last poll does not play on
        emit playingChanged(m_playing);
        return;
    }
    if (m_observed) {
        m_observed->setPlaying(playing);
        m_playing = m_observed->isPlaying(); // not past the logs' end
        emit playingChanged(m_playing);
        return;
    }
    SimulationWorker *worker = m_worker;
    QMetaObject::invokeMethod(
        worker, [worker, playing] { worker->setPlaying(playing); }, Qt::QueuedConnection);
    emit playingChanged(playing);
}

void SimulationController::setSpeed(double speed)
{
    speed = qBound(0.1, speed, 1000.0);
    if (qFuzzyCompare(m_speed, speed)) {
        return;
    }
    m_speed = speed;
    if (m_observed) {
        m_observed->setSpeed(speed);
    }
    if (m_live) {
        m_live->setSpeed(speed);
    }
    SimulationWorker *worker = m_worker;
    QMetaObject::invokeMethod(
        worker, [worker, speed] { worker->setSpeed(speed); }, Qt::QueuedConnection);
    emit speedChanged(speed);
}

QList<SimEvent::Type> SimulationController::visibleStepTypes()
{
    // The broker's bookkeeping (channels registered, closed or expired, unregistration,
    // NOTIFY_CONSUMER_IDS_CHANGED) changes nothing on screen: a step landing there, often 1 ms
    // after the change that caused it, looked like a step that did nothing.
    static const QList<SimEvent::Type> hidden = { SimEvent::Type::ChannelRegistered,
        SimEvent::Type::ChannelClosed, SimEvent::Type::ChannelExpired, SimEvent::Type::Unregistered,
        SimEvent::Type::Notify, SimEvent::Type::NotifyGroup };
    QList<SimEvent::Type> types;
    for (int t = 0; t <= int(SimEvent::Type::CommandFailed); ++t) {
        if (!hidden.contains(SimEvent::Type(t))) {
            types.append(SimEvent::Type(t));
        }
    }
    return types;
}

void SimulationController::stepToNextEvent()
{
    if (m_observed) {
        m_observed->stepTo(visibleStepTypes());
        return;
    }
    if (m_live) {
        m_live->stepTo(visibleStepTypes());
        return;
    }
    SimulationWorker *worker = m_worker;
    QMetaObject::invokeMethod(
        worker, [worker] { worker->stepTo(visibleStepTypes(), kStepHorizon); },
        Qt::QueuedConnection);
}

void SimulationController::stepToNextRebalance()
{
    if (m_observed) {
        m_observed->stepTo({ SimEvent::Type::Rebalance });
        return;
    }
    if (m_live) {
        m_live->stepTo({ SimEvent::Type::Rebalance });
        return;
    }
    SimulationWorker *worker = m_worker;
    QMetaObject::invokeMethod(
        worker, [worker] { worker->stepTo({ SimEvent::Type::Rebalance }, kStepHorizon); },
        Qt::QueuedConnection);
}

void SimulationController::seek(SimTime t)
{
    if (m_live) {
        // Every poll so far is at hand, even before the first frame was shown (a recording
        // opens at a chosen poll).
        m_live->seek(qMax<SimTime>(0, t));
        return;
    }
    if (!hasRun()) {
        return;
    }
    t = qMax<SimTime>(0, t);
    if (m_observed) {
        m_observed->seek(t); // the whole timeline is at hand: no round trip
        return;
    }
    if (m_seekInFlight) {
        m_pendingSeek = t; // the worker is busy with the last one: only the newest matters
        return;
    }
    sendSeek(t);
}

void SimulationController::sendSeek(SimTime t)
{
    m_seekInFlight = true;
    m_seekTo = t;
    // The history this interface holds of the branch ends at `known` (the last millisecond may
    // be cut by a step): the worker sends everything after min(t, known - 1).
    // Nothing, when no frame of this run was shown yet (now() is still the last run's).
    SimTime known = m_shownGeneration == m_generation ? now() : 0;
    if (!m_eventsAhead.isEmpty()) {
        known = qMax(known, m_eventsAhead.constLast().t);
    }
    const SimTime keptUntil = qMin(t, known - 1); // -1: nothing kept
    SimulationWorker *worker = m_worker;
    QMetaObject::invokeMethod(
        worker, [worker, t, keptUntil] { worker->seek(t, keptUntil); }, Qt::QueuedConnection);
}

void SimulationController::setPauseOn(const PauseKinds &kinds)
{
    if (m_pauseOn == kinds) {
        return;
    }
    m_pauseOn = kinds;
    if (m_observed) {
        m_observed->setPauseOn(kinds);
    }
    if (m_live) {
        m_live->setPauseOn(kinds);
    }
    SimulationWorker *worker = m_worker;
    QMetaObject::invokeMethod(
        worker, [worker, kinds] { worker->setPauseOn(kinds); }, Qt::QueuedConnection);
    emit pauseOnChanged();
}

namespace {

//! Moves the items after `t` from `kept` to the front of `ahead`, and those up to `t` back.
template<typename T> void splitAt(QList<T> &kept, QList<T> &ahead, SimTime t, SimTime T::*time)
{
    kept.append(ahead);
    ahead.clear();
    const auto cut = std::partition_point(
        kept.cbegin(), kept.cend(), [t, time](const T &item) { return item.*time <= t; });
    const qsizetype at = cut - kept.cbegin();
    ahead = kept.mid(at);
    kept.resize(at);
}

//! Drops what the worker sends again (everything up to its clock).
template<typename T> void dropUntil(QList<T> &ahead, SimTime t, SimTime T::*time)
{
    const auto cut = std::partition_point(
        ahead.cbegin(), ahead.cend(), [t, time](const T &item) { return item.*time <= t; });
    ahead.remove(0, cut - ahead.cbegin());
}

} // namespace

void SimulationController::dropHistoryAfter(SimTime t)
{
    // The samples are the engine's: the Timeline's seek cut its SampleHistory after the same
    // time (SampleHistory::truncateAfter), and the frame brings the window as it is now.
    splitAt(m_events, m_eventsAhead, t, &SimEvent::t);
}

void SimulationController::apply(const ScenarioEvent &command)
{
    if (m_observed) {
        // What the logs show cannot be changed: Replay in the engine to try a command.
        ScenarioEvent refused = command;
        refused.at = now();
        emit commandFailed(refused, tr("Observed from client logs: read-only"));
        return;
    }
    if (m_live) {
        // A live group is watched, never steered: Fork into the engine to try a command.
        ScenarioEvent refused = command;
        refused.at = now();
        emit commandFailed(refused, tr("Watching a live group: read-only"));
        return;
    }
    SimulationWorker *worker = m_worker;
    QMetaObject::invokeMethod(
        worker, [worker, command] { worker->apply(command); }, Qt::QueuedConnection);
}

void SimulationController::runTo(SimTime t)
{
    if (m_observed) {
        m_observed->runTo(t);
        return;
    }
    if (m_live) {
        m_live->runTo(t);
        return;
    }
    SimulationWorker *worker = m_worker;
    QMetaObject::invokeMethod(
        worker, [worker, t] { worker->runTo(t); }, Qt::BlockingQueuedConnection);
    processPendingFrame();
}

void SimulationController::processPendingFrame()
{
    handleFramePublished();
}

void SimulationController::handleFramePublished()
{
    Frame frame = m_observed || m_live ? m_observedBuffer.take() : m_buffer.take();
    if (!frame.valid || frame.generation != m_generation) {
        return; // nothing new, or a frame of a run that has since been replaced
    }
    const bool newRun = frame.generation != m_shownGeneration;
    if (newRun) {
        m_shownGeneration = frame.generation;
        m_events.clear();
    }
    const bool wentBack = !newRun && frame.rewound;
    if (wentBack) {
        dropHistoryAfter(frame.keptUntil);
    }
    m_catalog = frame.catalog;
    m_events.append(frame.newEvents);
    dropUntil(m_eventsAhead, frame.snapshot.now, &SimEvent::t);
    m_reached = frame.reached;
    m_effectiveSpeed = frame.effectiveSpeed;
    const int pausedOnKind = frame.pausedOn;
    m_last = std::move(frame);
    if (wentBack && m_seekInFlight) {
        m_seekInFlight = false;
        if (m_pendingSeek) {
            const SimTime next = *m_pendingSeek;
            m_pendingSeek.reset();
            if (next != now()) {
                sendSeek(next);
            }
        }
    }
    if (newRun) {
        emit runStarted();
    } else if (wentBack) {
        emit rewound();
    }
    emit frameUpdated();
    if (pausedOnKind >= 0) {
        emit pausedOn(PauseKind(pausedOnKind));
    }
}

void SimulationController::handleLoadFailed(const QString &error)
{
    m_lastError = error;
    emit loadFailed(error);
}

} // namespace Rblab

#include "moc_simulationcontroller.cpp"
