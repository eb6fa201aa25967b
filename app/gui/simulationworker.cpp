// SPDX-License-Identifier: Apache-2.0
#include "simulationworker.h"

#include <allocation/strategyregistry.h>

#include <QMutexLocker>
#include <QTimer>

#include <algorithm>

namespace Rblab {

namespace {

constexpr int kTickMs = 15;
constexpr qint64 kSliceBudgetMs = 12; // leaves the thread free for commands between slices
constexpr qint64 kMaxWallStepMs = 100; // a stalled tick does not turn into a huge jump

} // namespace

bool FrameBuffer::publish(Frame &&frame)
{
    QMutexLocker lock(&m_mutex);
    const bool wasEmpty = !m_pending.valid;
    if (m_pending.valid && m_pending.generation == frame.generation) {
        // The interface has not taken the last frame: keep its events and samples.
        m_pending.newEvents.append(std::move(frame.newEvents));
        m_pending.newSamples.append(std::move(frame.newSamples));
        frame.newEvents = std::move(m_pending.newEvents);
        frame.newSamples = std::move(m_pending.newSamples);
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
    auto sim = std::make_unique<Simulation>(scenario, m_registry, options);
    m_generation = generation;
    m_scenario = scenario;
    m_eventsSent = 0;
    m_samplesSent = 0;
    m_settingEvents.clear();
    for (const ScenarioEvent &e : scenario.events) {
        if (e.action == ScenarioEvent::Action::SetBroker
            || e.action == ScenarioEvent::Action::SetClient) {
            m_settingEvents.append(e);
        }
    }
    std::stable_sort(m_settingEvents.begin(), m_settingEvents.end(),
        [](const ScenarioEvent &a, const ScenarioEvent &b) { return a.at < b.at; });
    m_settingsFolded = 0;
    m_brokerSettings = scenario.broker;
    m_clientSettings.clear();
    for (const GroupSpec &group : scenario.groups) {
        m_clientSettings.insert(group.name, group.client);
    }
    m_catalog.reset();
    m_carry = 0;
    if (!sim->isValid()) {
        m_sim.reset();
        emit loadFailed(sim->error());
        return;
    }
    m_sim = std::move(sim);
    m_windowStartWall = m_wall.elapsed();
    m_windowStartSim = 0;
    m_lastTickWall = m_wall.elapsed();
    publish();
    if (m_playing) {
        m_timer->start();
    }
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
            m_windowStartSim = m_sim ? m_sim->now() : 0;
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
    m_windowStartSim = m_sim ? m_sim->now() : 0;
}

void SimulationWorker::apply(const ScenarioEvent &command)
{
    if (!m_sim) {
        emit commandFailed(command, tr("No simulation is running."));
        return;
    }
    ScenarioEvent applied = command;
    applied.at = m_sim->now();
    QString error;
    if (!m_sim->apply(applied, &error)) {
        emit commandFailed(applied, error);
        return;
    }
    // A command comes after whatever was scripted up to now, as in the saved scenario.
    catchUpSettings();
    foldSettings(applied);
    emit commandApplied(applied);
    publish();
}

void SimulationWorker::catchUpSettings()
{
    while (m_settingsFolded < m_settingEvents.size()
        && m_settingEvents.at(m_settingsFolded).at <= m_sim->now()) {
        foldSettings(m_settingEvents.at(m_settingsFolded));
        ++m_settingsFolded;
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
    if (!m_sim) {
        return;
    }
    setPlaying(false);
    m_sim->runToNextEvent(types, m_sim->now() + horizon);
    publish();
}

void SimulationWorker::runTo(qint64 t)
{
    if (!m_sim) {
        return;
    }
    runChunked(t, -1);
    publish();
}

void SimulationWorker::stop()
{
    if (m_timer) {
        m_timer->stop();
    }
    m_sim.reset();
}

void SimulationWorker::runChunked(SimTime target, qint64 budgetMs)
{
    // Chunks keep each runUntil short, so the budget is checked often.
    const qint64 started = m_wall.isValid() ? m_wall.elapsed() : 0;
    const SimTime span = target - m_sim->now();
    const SimTime chunk = qMax<SimTime>(1, span / 8);
    while (m_sim->now() < target) {
        m_sim->runUntil(qMin(target, m_sim->now() + chunk));
        if (budgetMs >= 0 && m_wall.elapsed() - started >= budgetMs) {
            break;
        }
    }
}

void SimulationWorker::tick()
{
    if (!m_sim || !m_playing) {
        return;
    }
    const qint64 wallNow = m_wall.elapsed();
    const qint64 wallStep = qMin(kMaxWallStepMs, wallNow - m_lastTickWall);
    m_lastTickWall = wallNow;
    m_carry += double(wallStep) * m_speed;
    const SimTime advance = SimTime(m_carry);
    m_carry -= double(advance);
    if (advance > 0) {
        const SimTime target = m_sim->now() + advance;
        runChunked(target, kSliceBudgetMs);
        if (m_sim->now() < target) {
            // Behind: drop the debt rather than spiral; the achieved speed shows it.
            m_carry = 0;
        }
    }
    const qint64 windowWall = wallNow - m_windowStartWall;
    if (windowWall >= 1000) {
        m_effectiveSpeed = double(m_sim->now() - m_windowStartSim) / double(windowWall);
        m_windowStartWall = wallNow;
        m_windowStartSim = m_sim->now();
    } else if (m_effectiveSpeed == 0 && windowWall >= 200) {
        m_effectiveSpeed = double(m_sim->now() - m_windowStartSim) / double(windowWall);
    }
    publish();
}

void SimulationWorker::publish()
{
    if (!m_sim) {
        return;
    }
    Frame frame;
    frame.generation = m_generation;
    if (!m_catalog || m_catalog->queues.size() != m_sim->queues().size()
        || m_catalog->consumers.size() != m_sim->consumers().size()) {
        auto catalog = std::make_shared<Catalog>();
        catalog->queues = m_sim->queues();
        catalog->consumers = m_sim->consumers();
        catalog->brokers = m_sim->brokerNames();
        catalog->topics = m_sim->topicNames();
        catalog->groups = m_sim->groupNames();
        catalog->sortedQueueOrder = m_sim->sortedQueueOrder();
        catalog->assignGroupQueues(m_scenario);
        m_catalog = catalog;
    }
    frame.catalog = m_catalog;
    frame.snapshot = m_sim->snapshot();
    const QList<SimEvent> &events = m_sim->events();
    if (events.size() > m_eventsSent) {
        frame.newEvents = events.mid(m_eventsSent);
        m_eventsSent = events.size();
    }
    const QList<Sample> &samples = m_sim->samples();
    if (samples.size() > m_samplesSent) {
        frame.newSamples = samples.mid(m_samplesSent);
        m_samplesSent = samples.size();
    }
    catchUpSettings();
    frame.brokerSettings = m_brokerSettings;
    frame.clientSettings = m_clientSettings;
    frame.churn = m_sim->churn();
    frame.effectiveSpeed = m_playing ? m_effectiveSpeed : 0;
    frame.playing = m_playing;
    // One signal per frame the interface takes: a slow interface never gets a backlog.
    if (m_buffer->publish(std::move(frame))) {
        emit framePublished();
    }
}

} // namespace Rblab

#include "moc_simulationworker.cpp"
