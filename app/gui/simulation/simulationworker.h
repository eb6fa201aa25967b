// SPDX-License-Identifier: Apache-2.0
// Runs the Simulation in its own thread, in time slices paced by the playback speed.
#pragma once

#include "simulation/frame.h"

#include <run/timeline.h>

#include <QElapsedTimer>
#include <QMutex>
#include <QObject>

#include <atomic>
#include <memory>

class QTimer;

namespace Rblab {

class StrategyRegistry;

/*!
    The frame mailbox between the worker and the interface: the worker merges each slice's
    output into it (newest snapshot, accumulated events, the current window of samples), the
    interface takes it.
    One short critical section per side.
*/
class FrameBuffer
{
public:
    //! Merges a frame in; true when the mailbox was empty (the interface needs a signal).
    bool publish(Frame &&frame);
    //! Takes the pending frame (valid == false when nothing new was published).
    Frame take();

private:
    QMutex m_mutex;
    Frame m_pending;
};

/*!
    Lives in the worker thread (moveToThread) and owns the Simulation there. Every tick it
    advances the run by wall time × speed, in chunks, within a time budget so that commands
    posted by the interface are applied promptly and the thread never falls behind for long; if
    the engine cannot keep up, the achieved speed is published with the frame. All public slots
    are meant to be invoked through queued connections from the interface's thread.
*/
class SimulationWorker : public QObject
{
    Q_OBJECT

public:
    SimulationWorker(const StrategyRegistry &registry, FrameBuffer *buffer);
    ~SimulationWorker() override;

    // Slots, invoked with QMetaObject::invokeMethod from the GUI thread.
    void load(const Rblab::Scenario &scenario, const Rblab::Simulation::Options &options,
        quint64 generation);
    void setPlaying(bool playing);
    void setSpeed(double speed);
    void apply(const Rblab::ScenarioEvent &command);
    //! Runs to the next event of one of `types` (any when empty), at most `horizon` ahead; pauses.
    void stepTo(const QList<Rblab::SimEvent::Type> &types, qint64 horizon);
    //! Runs to `t` as fast as it can, then publishes (for --screenshot and tests).
    void runTo(qint64 t);
    /*!
        Makes the run the state at `t` (Timeline::seek) and pauses; the interface keeps what it
        holds up to `keptUntil` (negative: nothing of this run), the frame brings the events and
        samples after it.
    */
    void seek(qint64 t, qint64 keptUntil);
    //! Pauses playing when one of these happens (none: never).
    void setPauseOn(const Rblab::PauseKinds &kinds);
    //! The group whose totals the frames carry (-1: none); a paused run publishes at once.
    void setTotalsGroup(qint32 group);
    void stop();

signals:
    void framePublished();
    void loadFailed(const QString &error);
    void commandApplied(const Rblab::ScenarioEvent &command);
    void commandFailed(const Rblab::ScenarioEvent &command, const QString &error);
    void playingChanged(bool playing);
    //! A command given before the furthest point reached started a new branch, dropping this
    //! many later commands of the old one.
    void branched(int dropped);

private:
    void tick();
    void publish(bool rewound = false, SimTime keptUntil = -1);
    void runChunked(SimTime target, qint64 budgetMs);
    //! Runs to `target`, stopping after the first happening of a watched kind (true then).
    bool runWatching(SimTime target);
    //! The background builder of checkpoints, between ticks and while paused.
    void prepareSome();
    void schedulePreparation();
    Simulation &sim() { return m_timeline->simulation(); }
    void refoldSettings();
    //! Folds the scripted events the run has passed into the settings the frames carry.
    void catchUpSettings();
    void foldSettings(const ScenarioEvent &event);

    const StrategyRegistry &m_registry;
    FrameBuffer *m_buffer;
    std::unique_ptr<Timeline> m_timeline;
    Scenario m_scenario;
    CatalogPtr m_catalog;
    quint64 m_generation = 0;
    qsizetype m_eventsSent = 0;
    SimTime m_samplesWatched = -1; //!< pause on double ownership: samples seen up to here
    QList<ScenarioEvent> m_settingEvents; //!< scripted setBroker/setClient, in time order
    qsizetype m_settingsFolded = 0; //!< of m_settingEvents, already folded in
    qsizetype m_commandsFolded = 0; //!< of the timeline's commands, already folded in
    PauseKinds m_pauseOn;
    qint32 m_totalsGroup = -1;
    QList<SimEvent::Type> m_pauseTypes; //!< the event types m_pauseOn watches
    int m_pausedOn = -1;
    QTimer *m_prepareTimer = nullptr;
    QVariantMap m_brokerSettings;
    QMap<QString, QVariantMap> m_clientSettings;
    QTimer *m_timer = nullptr;
    QElapsedTimer m_wall;
    qint64 m_lastTickWall = 0;
    double m_carry = 0;
    double m_speed = 1;
    bool m_playing = false;
    // Achieved speed over the last second of wall time.
    qint64 m_windowStartWall = 0;
    SimTime m_windowStartSim = 0;
    double m_effectiveSpeed = 0;
};

} // namespace Rblab
