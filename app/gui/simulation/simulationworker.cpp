// SPDX-License-Identifier: Apache-2.0
#include "simulation/simulationworker.h"

#include <allocation/strategyregistry.h>

#include <QMutexLocker>
#include <QTimer>

#include <algorithm>

namespace Rblab {

namespace {

constexpr int kTickMs = 15;
constexpr qint64 kSliceBudgetMs = 12; // leaves the thread free for commands between slices
constexpr qint64 kMaxWallStepMs = 100; // a stalled tick does not turn into a huge jump
// Virtual time the checkpoint builder advances per turn: about 15 ms of the default world's
// hour while paused, a quarter of that between the ticks of a playing run.
constexpr SimTime kPrepareSpanPaused = kMinute;
constexpr SimTime kPrepareSpanPlaying = 15 * kSecond;

QList<SimEvent::Type> eventTypes(const PauseKinds &kinds)
{
    QList<SimEvent::Type> types;
    for (PauseKind kind : kinds) {
        switch (kind) {
        case PauseKind::Rebalance:
            types.append(SimEvent::Type::Rebalance);
            break;
        case PauseKind::FlowControl:
            types.append(SimEvent::Type::FlowControlOn);
            break;
        case PauseKind::ConsumerState:
            for (int t = int(SimEvent::Type::Start); t <= int(SimEvent::Type::Started); ++t) {
                if (SimEvent::Type(t) != SimEvent::Type::SetConsumeTime
                    && SimEvent::Type(t) != SimEvent::Type::SetFailureRate
                    && SimEvent::Type(t) != SimEvent::Type::SetStrategy
                    && SimEvent::Type(t) != SimEvent::Type::SetClient) {
                    types.append(SimEvent::Type(t));
                }
            }
            break;
        case PauseKind::DoubleOwnership:
            break; // not an event: watched in the samples
        }
    }
    return types;
}

PauseKind kindOf(SimEvent::Type type)
{
    switch (type) {
    case SimEvent::Type::Rebalance:
        return PauseKind::Rebalance;
    case SimEvent::Type::FlowControlOn:
        return PauseKind::FlowControl;
    default:
        return PauseKind::ConsumerState;
    }
}

} // namespace

bool FrameBuffer::publish(Frame &&frame)
{
    QMutexLocker lock(&m_mutex);
    const bool wasEmpty = !m_pending.valid;
    if (m_pending.valid && m_pending.generation == frame.generation && !frame.rewound) {
        // The interface has not taken the last frame: keep its events (and that it went back,
        // and where to). The samples need no merging: each frame carries the whole window.
        frame.rewound = m_pending.rewound;
        frame.keptUntil = m_pending.keptUntil;
        if (frame.pausedOn < 0) {
            frame.pausedOn = m_pending.pausedOn;
        }
        m_pending.newEvents.append(std::move(frame.newEvents));
        frame.newEvents = std::move(m_pending.newEvents);
    }
    m_pending = std::move(frame);
    m_pending.valid = true;
    return wasEmpty;
}

Frame FrameBuffer::take()
{
    QMutexLocker lock(&m_mutex);
    Frame frame = std::move(m_pending);
    m_pending = Frame();
    return frame;
}

SimulationWorker::SimulationWorker(const StrategyRegistry &registry, FrameBuffer *buffer)
    : m_registry(registry), m_buffer(buffer)
{
}

SimulationWorker::~SimulationWorker() = default;

void SimulationWorker::load(
    const Scenario &scenario, const Simulation::Options &options, quint64 generation)
{
    if (!m_timer) {
        // Created here, in the worker thread, so that it ticks there.
        m_timer = new QTimer(this);
        m_timer->setTimerType(Qt::PreciseTimer);
        m_timer->setInterval(kTickMs);
        connect(m_timer, &QTimer::timeout, this, &SimulationWorker::tick);
        m_wall.start();
    }
    auto timeline = std::make_unique<Timeline>(scenario, m_registry, options);
    m_generation = generation;
    m_scenario = scenario;
    m_eventsSent = 0;
    m_samplesWatched = -1;
    m_settingEvents.clear();
    for (const ScenarioEvent &e : scenario.events) {
        if (e.action == ScenarioEvent::Action::SetBroker
            || e.action == ScenarioEvent::Action::SetClient) {
            m_settingEvents.append(e);
        }
    }
    std::stable_sort(m_settingEvents.begin(), m_settingEvents.end(),
        [](const ScenarioEvent &a, const ScenarioEvent &b) { return a.at < b.at; });
    m_catalog.reset();
    m_carry = 0;
    if (!timeline->isValid()) {
        m_timeline.reset();
        emit loadFailed(timeline->error());
        return;
    }
    m_timeline = std::move(timeline);
    refoldSettings();
    m_windowStartWall = m_wall.elapsed();
    m_windowStartSim = 0;
    m_lastTickWall = m_wall.elapsed();
    publish();
    if (m_playing) {
        m_timer->start();
    }
    schedulePreparation();
}

void SimulationWorker::setPlaying(bool playing)
{
    if (m_playing == playing) {
        return;
    }
    m_playing = playing;
    if (m_timer) {
        if (playing) {
            m_lastTickWall = m_wall.elapsed();
            m_windowStartWall = m_lastTickWall;
            m_windowStartSim = m_timeline ? m_timeline->now() : 0;
            m_timer->start();
        } else {
            m_timer->stop();
            m_effectiveSpeed = 0;
            publish();
        }
    }
    emit playingChanged(playing);
}

void SimulationWorker::setSpeed(double speed)
{
    m_speed = qBound(0.1, speed, 1000.0);
    m_windowStartWall = m_wall.isValid() ? m_wall.elapsed() : 0;
    m_windowStartSim = m_timeline ? m_timeline->now() : 0;
}

void SimulationWorker::apply(const ScenarioEvent &command)
{
    if (!m_timeline) {
        emit commandFailed(command, tr("No simulation is running."));
        return;
    }
    ScenarioEvent applied = command;
    applied.at = m_timeline->now();
    QString error;
    int dropped = 0;
    const bool behind = m_timeline->now() < m_timeline->reached();
    if (!m_timeline->apply(applied, &error, &dropped)) {
        emit commandFailed(applied, error);
        return;
    }
    if (behind || dropped > 0) {
        emit branched(dropped); // before the command: the session drops the old branch first
    }
    catchUpSettings();
    emit commandApplied(applied);
    publish();
    schedulePreparation();
}

void SimulationWorker::refoldSettings()
{
    m_settingsFolded = 0;
    m_commandsFolded = 0;
    m_brokerSettings = m_scenario.broker;
    m_clientSettings.clear();
    for (const GroupSpec &group : m_scenario.groups) {
        m_clientSettings.insert(group.name, group.client);
    }
    catchUpSettings();
}

void SimulationWorker::catchUpSettings()
{
    // Scripted events and the commands the run has applied, in time order; a command comes after
    // whatever was scripted at its time, as in the saved scenario.
    const SimTime now = m_timeline->now();
    const QList<Timeline::Command> &commands = m_timeline->commands();
    const qsizetype applied = m_timeline->appliedCount();
    for (;;) {
        const bool scripted = m_settingsFolded < m_settingEvents.size()
            && m_settingEvents.at(m_settingsFolded).at <= now;
        const bool given = m_commandsFolded < applied;
        if (scripted
            && (!given
                || m_settingEvents.at(m_settingsFolded).at
                    <= commands.at(m_commandsFolded).event.at)) {
            foldSettings(m_settingEvents.at(m_settingsFolded++));
        } else if (given) {
            foldSettings(commands.at(m_commandsFolded++).event);
        } else {
            break;
        }
    }
}

void SimulationWorker::foldSettings(const ScenarioEvent &event)
{
    switch (event.action) {
    case ScenarioEvent::Action::SetBroker:
        for (auto it = event.settings.cbegin(); it != event.settings.cend(); ++it) {
            m_brokerSettings.insert(it.key(), it.value());
        }
        break;
    case ScenarioEvent::Action::SetClient:
        // Per-consumer overrides (a rolling change) are not the group's settings.
        if (event.consumer.isEmpty()) {
            QVariantMap &client = m_clientSettings[event.group];
            for (auto it = event.client.cbegin(); it != event.client.cend(); ++it) {
                client.insert(it.key(), it.value());
            }
        }
        break;
    default:
        break;
    }
}

void SimulationWorker::stepTo(const QList<SimEvent::Type> &types, qint64 horizon)
{
    if (!m_timeline) {
        return;
    }
    setPlaying(false);
    // The first event of a later millisecond: the rest of this one is already on screen.
    const SimTime from = m_timeline->now();
    while (m_timeline->runToNextEvent(types, from + horizon) && m_timeline->now() == from) { }
    publish();
    schedulePreparation();
}

void SimulationWorker::runTo(qint64 t)
{
    if (!m_timeline) {
        return;
    }
    runChunked(t, -1);
    publish();
}

void SimulationWorker::seek(qint64 t, qint64 keptUntil)
{
    if (!m_timeline) {
        return;
    }
    m_timeline->seek(t, keptUntil);
    // Negative: the interface holds no event of this run (a seek from 0:00, or before the run's
    // first frame was shown), so every one is sent. It used to mean "up to t": going to 6m30s
    // from 0:00 showed "0 of 0 events" (issue 37).
    keptUntil = keptUntil < 0 ? -1 : qMin<SimTime>(keptUntil, t);
    // Send what lies after what the interface keeps: the restored run holds every event from
    // the start and the samples after keptUntil.
    const QList<SimEvent> &events = sim().events();
    m_eventsSent = std::partition_point(events.cbegin(), events.cend(),
                       [keptUntil](const SimEvent &e) { return e.t <= keptUntil; })
        - events.cbegin();
    m_samplesWatched = qMin(m_samplesWatched, m_timeline->now());
    refoldSettings();
    m_carry = 0;
    publish(true, keptUntil);
    schedulePreparation();
}

void SimulationWorker::setPauseOn(const PauseKinds &kinds)
{
    m_pauseOn = kinds;
    m_pauseTypes = eventTypes(kinds);
}

void SimulationWorker::stop()
{
    if (m_timer) {
        m_timer->stop();
    }
    if (m_prepareTimer) {
        m_prepareTimer->stop();
    }
    m_timeline.reset();
}

void SimulationWorker::schedulePreparation()
{
    if (!m_prepareTimer) {
        m_prepareTimer = new QTimer(this);
        m_prepareTimer->setInterval(kTickMs / 3);
        connect(m_prepareTimer, &QTimer::timeout, this, &SimulationWorker::prepareSome);
    }
    if (m_timeline && !m_prepareTimer->isActive()) {
        m_prepareTimer->start();
    }
}

void SimulationWorker::prepareSome()
{
    if (!m_timeline || !m_timeline->prepare(m_playing ? kPrepareSpanPlaying : kPrepareSpanPaused)) {
        m_prepareTimer->stop(); // every checkpoint up to the furthest point is parked
    }
}

bool SimulationWorker::runWatching(SimTime target)
{
    if (!m_pauseTypes.isEmpty() && m_timeline->runToNextEvent(m_pauseTypes, target)) {
        m_pausedOn = int(kindOf(sim().events().constLast().type));
        return true;
    }
    m_timeline->runUntil(target);
    if (m_pauseOn.contains(PauseKind::DoubleOwnership)) {
        // Double ownership is a state, not an event: the samples of this chunk show it begin
        // (the end of the window is whole: thinning only reaches older samples).
        const QList<SamplePtr> &samples = m_timeline->history()->samples();
        const SimTime watched = std::exchange(m_samplesWatched, m_timeline->now());
        auto it = std::partition_point(samples.cbegin(), samples.cend(),
            [watched](const SamplePtr &s) { return s->t <= watched; });
        for (qsizetype i = qMax<qsizetype>(1, it - samples.cbegin()); i < samples.size(); ++i) {
            if (samples.at(i)->doubleOwnedQueues > 0 && samples.at(i - 1)->doubleOwnedQueues == 0) {
                m_pausedOn = int(PauseKind::DoubleOwnership);
                return true;
            }
        }
    }
    return false;
}

void SimulationWorker::runChunked(SimTime target, qint64 budgetMs)
{
    // Chunks keep each runUntil short, so the budget is checked often.
    const qint64 started = m_wall.isValid() ? m_wall.elapsed() : 0;
    const SimTime span = target - m_timeline->now();
    const SimTime chunk = qMax<SimTime>(1, span / 8);
    while (m_timeline->now() < target) {
        if (budgetMs >= 0 && runWatching(qMin(target, m_timeline->now() + chunk))) {
            setPlaying(false); // a pause-on-event: the frame says which
            return;
        }
        if (budgetMs < 0) {
            m_timeline->runUntil(qMin(target, m_timeline->now() + chunk));
        }
        if (budgetMs >= 0 && m_wall.elapsed() - started >= budgetMs) {
            break;
        }
    }
}

void SimulationWorker::tick()
{
    if (!m_timeline || !m_playing) {
        return;
    }
    const qint64 wallNow = m_wall.elapsed();
    const qint64 wallStep = qMin(kMaxWallStepMs, wallNow - m_lastTickWall);
    m_lastTickWall = wallNow;
    m_carry += double(wallStep) * m_speed;
    const SimTime advance = SimTime(m_carry);
    m_carry -= double(advance);
    if (advance > 0) {
        const SimTime target = m_timeline->now() + advance;
        runChunked(target, kSliceBudgetMs);
        schedulePreparation();
        if (!m_playing) {
            publish();
            return;
        }
        if (m_timeline->now() < target) {
            // Behind: drop the debt rather than spiral; the achieved speed shows it.
            m_carry = 0;
        }
    }
    const qint64 windowWall = wallNow - m_windowStartWall;
    if (windowWall >= 1000) {
        m_effectiveSpeed = double(m_timeline->now() - m_windowStartSim) / double(windowWall);
        m_windowStartWall = wallNow;
        m_windowStartSim = m_timeline->now();
    } else if (m_effectiveSpeed == 0 && windowWall >= 200) {
        m_effectiveSpeed = double(m_timeline->now() - m_windowStartSim) / double(windowWall);
    }
    publish();
}

void SimulationWorker::setTotalsGroup(qint32 group)
{
    if (group == m_totalsGroup) {
        return;
    }
    m_totalsGroup = group;
    if (!m_playing) {
        publish(); // playing, the next tick brings them
    }
}

void SimulationWorker::publish(bool rewound, SimTime keptUntil)
{
    if (!m_timeline) {
        return;
    }
    Simulation &sim = this->sim();
    Frame frame;
    frame.generation = m_generation;
    frame.rewound = rewound;
    frame.keptUntil = keptUntil;
    frame.reached = m_timeline->reached();
    frame.pausedOn = std::exchange(m_pausedOn, -1);
    if (!m_catalog || m_catalog->queues.size() != sim.queues().size()
        || m_catalog->consumers.size() != sim.consumers().size()) {
        m_catalog = std::make_shared<const Catalog>(sim.catalog());
    }
    frame.catalog = m_catalog;
    frame.snapshot = sim.snapshot();
    if (m_catalog->groups.size() > 1 && m_totalsGroup >= 0
        && m_totalsGroup < m_catalog->groups.size()) {
        // The status bar shows the totals of the group in view (one group: the world's). Only
        // that one: each is a scan of every queue, and a run may have dozens of groups.
        frame.totalsGroup = m_totalsGroup;
        frame.groupTotals = sim.groupTotals(m_totalsGroup);
    }
    const QList<SimEvent> &events = sim.events();
    if (events.size() > m_eventsSent) {
        frame.newEvents = events.mid(m_eventsSent);
        m_eventsSent = events.size();
    }
    if (const SampleHistory *history = m_timeline->history()) {
        frame.samples = history->samples();
        frame.departures = history->departures();
        frame.historyRevision = history->layoutRevision();
        frame.historyBytes = history->memoryBytes();
        frame.samplesTaken = history->appendedCount();
    }
    catchUpSettings();
    frame.brokerSettings = m_brokerSettings;
    frame.clientSettings = m_clientSettings;
    frame.churn = sim.churn();
    frame.effectiveSpeed = m_playing ? m_effectiveSpeed : 0;
    frame.playing = m_playing;
    // One signal per frame the interface takes: a slow interface never gets a backlog.
    if (m_buffer->publish(std::move(frame))) {
        emit framePublished();
    }
}

} // namespace Rblab

#include "moc_simulationworker.cpp"
