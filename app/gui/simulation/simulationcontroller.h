// SPDX-License-Identifier: Apache-2.0
// The interface's handle on the running simulation: commands in, frames out.
#pragma once

#include "simulation/frame.h"
#include "simulation/simulationworker.h"

#include <QObject>
#include <QThread>

namespace Rblab::Remoting {
class LiveWorld;
}

namespace Rblab {

class LivePlayer;
class ObservedPlayer;
class ObservedWorld;
class StrategyRegistry;

/*!
    Owns the worker thread that runs the Simulation and is the one place the interface talks to
    it. Commands (a user's kill, a strategy switch) are ScenarioEvents posted to the worker and
    applied at the run's current time; commandApplied reports them back with that time so the
    document can record them. Frames arrive coalesced: frameUpdated fires at most once per frame
    the interface takes, and lastFrame() holds the newest snapshot with the events that came with
    it and the engine's window of samples. The controller keeps the run's events for the log;
    the samples stay the engine's (SampleHistory: bounded, shared, never copied row by row).

    GUI thread only. Never blocks it, except runTo(), which is meant for --screenshot and tests.
*/
class SimulationController : public QObject
{
    Q_OBJECT

public:
    explicit SimulationController(const StrategyRegistry &registry, QObject *parent = nullptr);
    ~SimulationController() override;

    const StrategyRegistry &registry() const { return m_registry; }

    //! Starts a new run of `scenario` (a new generation); keeps the play state and speed.
    void load(const Scenario &scenario);
    //! Runs the last loaded scenario again from the start.
    void restart();
    /*!
        Shows an imported log set as a read-only run (a new generation): frames come from the
        observed timeline instead of the engine, playback and seeking work, commands are
        refused (commandFailed). load() goes back to the engine.
    */
    void loadObserved(std::shared_ptr<const ObservedWorld> world);
    //! The observed world shown now; null while the engine runs.
    std::shared_ptr<const ObservedWorld> observedWorld() const;
    bool isObserved() const { return m_observed != nullptr; }
    /*!
        Shows a watched live group (a new generation): frames are its polls, the newest as they
        come while playing ("live"), an earlier one after a seek; commands are refused.
        livePolled() tells the controller that `world` grew. load() goes back to the engine.
        A `recording` (a watch opened from a file) opens at its first poll, paused, and plays
        through its polls at the chosen speed.
    */
    void loadLive(std::shared_ptr<const Remoting::LiveWorld> world, bool recording = false);
    void livePolled(const QList<SimEvent> &events);
    //! The live world shown now; null otherwise.
    std::shared_ptr<const Remoting::LiveWorld> liveWorld() const;
    bool isLive() const { return m_live != nullptr; }
    //! Read-only: imported logs or a live group.
    bool isReadOnly() const { return m_observed != nullptr || m_live != nullptr; }
    const Scenario &scenario() const { return m_scenario; }
    //! Runs every group with this strategy instead of the scenario's (--strategy); empty: keep.
    void setStrategyOverride(const QString &strategy) { m_strategyOverride = strategy; }
    bool hasRun() const { return m_catalog != nullptr; }

    bool isPlaying() const { return m_playing; }
    void setPlaying(bool playing);
    void togglePlaying() { setPlaying(!m_playing); }
    double speed() const { return m_speed; }
    void setSpeed(double speed);
    double effectiveSpeed() const { return m_effectiveSpeed; }

    //! Pauses and runs to the first later event that shows (visibleStepTypes()).
    void stepToNextEvent();
    void stepToNextRebalance();
    //! The event types that change what the window shows (a step stops at these).
    static QList<SimEvent::Type> visibleStepTypes();

    /*!
        Shows the run at virtual time `t` (clamped to 0): the view, the charts, the log and the
        inspector show that moment. The worker restores the nearest checkpoint and replays
        (Timeline); seeks given while one is on its way are coalesced to the newest.
    */
    void seek(SimTime t);
    //! Where the newest seek goes (now() once it has arrived; -1 when none is on its way).
    SimTime seekTarget() const { return m_seekInFlight ? m_pendingSeek.value_or(m_seekTo) : -1; }
    //! The furthest time the run's current branch has reached (the timeline's right end).
    SimTime reached() const { return qMax(m_reached, now()); }
    PauseKinds pauseOn() const { return m_pauseOn; }
    void setPauseOn(const PauseKinds &kinds);
    /*!
        The group whose totals the frames bring (Frame::groupTotals; -1: none): the status bar's.
        The worker computes only that group's, and publishes at once when paused.
    */
    void setTotalsGroup(qint32 group);
    //! The events of this branch after now() (kept while the run is rewound).
    const QList<SimEvent> &eventsAhead() const { return m_eventsAhead; }
    /*!
        Every sample the timeline can already show: for logs (an observed world, known whole
        from the start) all of them, for a run the engine's window up to now (samples()).
    */
    const QList<SamplePtr> &knownSamples() const;

    //! Sends a command; commandApplied or commandFailed tells how it went.
    void apply(const ScenarioEvent &command);
    //! The random churn running now (a setChurn command changes it).
    std::optional<ChurnSpec> churn() const { return m_last.churn; }

    /*!
        Runs to virtual time `t` as fast as the engine can and takes the resulting frame, before
        returning. Blocks the calling (GUI) thread: for --screenshot and tests.
    */
    void runTo(SimTime t);
    //! Takes a pending frame now instead of waiting for the queued signal (tests, screenshots).
    void processPendingFrame();

    quint64 generation() const { return m_generation; }
    CatalogPtr catalog() const { return m_catalog; }
    const WorldSnapshot &snapshot() const { return m_last.snapshot; }
    const Frame &lastFrame() const { return m_last; }
    const QList<SimEvent> &events() const { return m_events; }
    /*!
        The engine's window of samples up to now (recent ones whole, older ones thinned,
        departed consumers' rows folded: see expandedSample), as last published.
    */
    const QList<SamplePtr> &samples() const { return m_last.samples; }
    //! Sample `i` of samples() with every consumer's row.
    Sample expandedSample(qsizetype i) const
    {
        return SampleHistory::expand(*m_last.samples.at(i), m_last.departures);
    }
    quint64 historyRevision() const { return m_last.historyRevision; }
    qint64 historyBytes() const { return m_last.historyBytes; }
    SimTime now() const { return m_last.snapshot.now; }
    SimTime sampleInterval() const { return m_sampleInterval; }
    QString lastError() const { return m_lastError; }

    //! Sample interval of runs in the app: charts want at least two samples a second.
    static constexpr SimTime kChartSampleInterval = 500;
    //! The window the app keeps: 10 minutes whole at 500 ms, 1,800 thinned samples before it
    //! (more points than a chart has pixels).
    static constexpr SampleHistory::Limits kHistoryLimits { 1200, 3000 };

signals:
    //! A new run began (load or restart): views drop what they drew of the previous one.
    void runStarted();
    void frameUpdated();
    void loadFailed(const QString &error);
    void commandApplied(const Rblab::ScenarioEvent &command);
    void commandFailed(const Rblab::ScenarioEvent &command, const QString &error);
    void playingChanged(bool playing);
    void speedChanged(double speed);
    //! The run went to another moment: views that accumulate events and samples rebuild.
    void rewound();
    //! A command given after a rewind started a new branch: the old branch's future is gone,
    //! with the last `dropped` commands given on it.
    void branched(int dropped);
    //! A pause-on-event stopped the run.
    void pausedOn(Rblab::PauseKind kind);
    void pauseOnChanged();

private:
    void handleFramePublished();
    //! Keeps the events up to `t`; what lies after waits in the "ahead" list.
    void dropHistoryAfter(SimTime t);
    //! The history after `t` that this branch already had, put back in order.
    void sendSeek(SimTime t);
    void handleLoadFailed(const QString &error);

    const StrategyRegistry &m_registry;
    FrameBuffer m_buffer;
    FrameBuffer m_observedBuffer; //!< the observed player's: the worker may still publish
    QThread m_thread;
    SimulationWorker *m_worker = nullptr;
    ObservedPlayer *m_observed = nullptr;
    LivePlayer *m_live = nullptr;
    //! Stops the observed or live player (the engine's worker was paused while it played).
    void dropPlayers();
    Scenario m_scenario;
    QString m_strategyOverride;
    quint64 m_generation = 0;
    quint64 m_shownGeneration = 0;
    bool m_playing = false;
    double m_speed = 1;
    double m_effectiveSpeed = 0;
    SimTime m_sampleInterval = kChartSampleInterval;
    CatalogPtr m_catalog;
    Frame m_last;
    QList<SimEvent> m_events;
    QList<SimEvent> m_eventsAhead;
    SimTime m_reached = 0;
    bool m_seekInFlight = false;
    SimTime m_seekTo = 0;
    std::optional<SimTime> m_pendingSeek;
    PauseKinds m_pauseOn;
    QString m_lastError;
};

} // namespace Rblab
