// SPDX-License-Identifier: Apache-2.0
#include "simulationcontroller.h"

#include <allocation/strategyregistry.h>

namespace Rblab {

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

void SimulationController::load(const Scenario &scenario)
{
    m_scenario = scenario;
    m_sampleInterval = qMin(scenario.sampleInterval, kChartSampleInterval);
    ++m_generation;
    m_lastError.clear();
    SimulationWorker *worker = m_worker;
    const quint64 generation = m_generation;
    Simulation::Options options;
    if (scenario.sampleInterval > kChartSampleInterval) {
        options.sampleInterval = kChartSampleInterval;
    }
    options.strategy = m_strategyOverride;
    QMetaObject::invokeMethod(
        worker,
        [worker, scenario, options, generation] { worker->load(scenario, options, generation); },
        Qt::QueuedConnection);
}

void SimulationController::restart()
{
    load(m_scenario);
}

void SimulationController::setPlaying(bool playing)
{
    if (m_playing == playing) {
        return;
    }
    m_playing = playing;
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
    SimulationWorker *worker = m_worker;
    QMetaObject::invokeMethod(
        worker, [worker, speed] { worker->setSpeed(speed); }, Qt::QueuedConnection);
    emit speedChanged(speed);
}

void SimulationController::stepToNextEvent()
{
    SimulationWorker *worker = m_worker;
    QMetaObject::invokeMethod(
        worker, [worker] { worker->stepTo({}, kStepHorizon); }, Qt::QueuedConnection);
}

void SimulationController::stepToNextRebalance()
{
    SimulationWorker *worker = m_worker;
    QMetaObject::invokeMethod(
        worker, [worker] { worker->stepTo({ SimEvent::Type::Rebalance }, kStepHorizon); },
        Qt::QueuedConnection);
}

void SimulationController::apply(const ScenarioEvent &command)
{
    SimulationWorker *worker = m_worker;
    QMetaObject::invokeMethod(
        worker, [worker, command] { worker->apply(command); }, Qt::QueuedConnection);
}

void SimulationController::runTo(SimTime t)
{
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
    Frame frame = m_buffer.take();
    if (!frame.valid || frame.generation != m_generation) {
        return; // nothing new, or a frame of a run that has since been replaced
    }
    const bool newRun = frame.generation != m_shownGeneration;
    if (newRun) {
        m_shownGeneration = frame.generation;
        m_events.clear();
        m_samples.clear();
    }
    m_catalog = frame.catalog;
    m_events.append(frame.newEvents);
    m_samples.append(frame.newSamples);
    m_effectiveSpeed = frame.effectiveSpeed;
    m_last = std::move(frame);
    if (newRun) {
        emit runStarted();
    }
    emit frameUpdated();
}

void SimulationController::handleLoadFailed(const QString &error)
{
    m_lastError = error;
    emit loadFailed(error);
}

} // namespace Rblab

#include "moc_simulationcontroller.cpp"
