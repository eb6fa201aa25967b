// SPDX-License-Identifier: Apache-2.0
// A run you can rewind: the live Simulation, the commands given to it, and parked checkpoints.
#pragma once

#include "run/simulation.h"

#include <rblab/rblab_global.h>

#include <QList>

#include <map>
#include <memory>

namespace Rblab {

/*!
    The moments of one run, for a GUI that scrubs, rewinds and jumps: the live Simulation plus the
    log of commands given to it, and checkpoints of the same run parked at earlier times.

    A run is deterministic (same scenario, seed and commands at the same positions give the same
    run), so the state at any time t is "a run from the start, with every logged command up to t
    applied where it was, stopped at t". Copying a World is not possible: each consumer's
    service threads are suspended coroutine frames (sim/task.h) that point into it. So a
    checkpoint is a whole Simulation, run in the background to a time on a grid and parked there;
    seeking restores the nearest one at or before t (it leaves the store: it becomes the live run)
    and replays from there. The background builder runs fresh Simulations to the grid times the
    store lacks (prepare()), within a virtual-time budget per call so the caller stays responsive.

    A position is (virtual time, events processed): a command given after a step-to-event lands
    between two events of the same millisecond, and replay puts it back there. A command given at
    a position before the end of the log starts a new branch: the logged commands after it and
    the checkpoints beyond it are dropped.

    Parked checkpoints keep no samples (a run of the default world keeps some 2 KB a sample); a
    restored run records samples again from a time the caller names, so the caller keeps the
    samples up to that time and receives the rest. With Recording::Bounded the timeline keeps
    them itself instead: one SampleHistory (history()) that whichever run is live appends to;
    going back to t drops the samples after t from it, and the run that goes on from there
    records them again, so the store always holds this branch up to now and nothing twice.
*/
class RBLAB_ENGINE_EXPORT Timeline
{
public:
    struct Command
    {
        ScenarioEvent event; //!< event.at: the time it was applied
        quint64 processed = 0; //!< events processed when it was applied
    };

    Timeline(const Scenario &scenario, const StrategyRegistry &registry,
        const Simulation::Options &options);
    ~Timeline();
    Q_DISABLE_COPY_MOVE(Timeline)

    QString error() const { return m_live.sim->error(); }
    bool isValid() const { return m_live.sim->isValid(); }
    //! The live run, for reading (snapshot, events, samples). Commands go through apply().
    Simulation &simulation() { return *m_live.sim; }
    const Simulation &simulation() const { return *m_live.sim; }
    //! The branch's samples up to now, with Recording::Bounded (nullptr otherwise).
    const SampleHistory *history() const { return m_options.history.get(); }
    SimTime now() const { return m_live.sim->now(); }
    //! The furthest time the current branch has been run to.
    SimTime reached() const { return m_reached; }
    const QList<Command> &commands() const { return m_log; }
    //! How many of commands() the live run has applied (the rest lie ahead, after a rewind).
    qsizetype appliedCount() const { return m_live.next; }

    //! Runs the live run to `t`, applying the logged commands it passes (after a rewind).
    void runUntil(SimTime t);
    /*!
        Simulation::runToNextEvent, applying logged commands on the way; true when an event of
        `types` (any when empty) was published, the run then stops right after it.
    */
    bool runToNextEvent(const QList<SimEvent::Type> &types, SimTime limit);
    /*!
        Applies a command at the live run's position and logs it. If the log held commands after
        that position (a rewind happened), they are dropped with every checkpoint beyond it: the
        run takes a new branch. `dropped` receives how many logged commands were dropped.
    */
    bool apply(const ScenarioEvent &command, QString *error = nullptr, int *dropped = nullptr);

    /*!
        Makes the live run the state at `t` (all events due at or before t processed, every logged
        command up to t applied): from the nearest parked checkpoint at or before
        min(t, samplesAfter), from the live run itself when it is nearer, or from the start.
        The restored run records samples later than `samplesAfter` (the caller holds the rest);
        negative: later than t. Seeking beyond reached() runs the branch forward.
    */
    void seek(SimTime t, SimTime samplesAfter = -1);

    // --- checkpoints
    //! Grid spacing of checkpoints (virtual time); doubles when the store is full.
    SimTime spacing() const { return m_spacing; }
    void setSpacing(SimTime spacing);
    //! At most this many parked runs (the memory budget: see bench gui.timeline.seek_1h).
    int maxCheckpoints() const { return m_maxCheckpoints; }
    void setMaxCheckpoints(int count);
    int checkpointCount() const { return int(m_parked.size()); }
    QList<SimTime> checkpointTimes() const;
    /*!
        Background work: advances the builder by at most `span` of virtual time toward the next
        grid time the store lacks, parking it when it gets there. False when nothing is left to
        build (every grid time up to reached() is parked).
    */
    bool prepare(SimTime span);

private:
    struct Run
    {
        std::unique_ptr<Simulation> sim;
        qsizetype next = 0; //!< the first logged command it has not applied
        bool midMillisecond = false; //!< stopped inside a millisecond (after a step)
    };

    std::unique_ptr<Simulation> fresh(bool recordSamples) const;
    //! Runs `run` to the end of `t`, applying the logged commands due by then.
    void advance(Run &run, SimTime t);
    bool afterLivePosition(SimTime t, quint64 processed) const;
    void park(Run run);
    void trim();
    //! Grid times up to reached() without a parked run, earliest first.
    SimTime nextMissing() const;

    Scenario m_scenario;
    const StrategyRegistry &m_registry;
    Simulation::Options m_options;
    Run m_live;
    QList<Command> m_log;
    SimTime m_reached = 0;
    std::map<SimTime, Run> m_parked;
    Run m_builder;
    SimTime m_builderTarget = -1;
    SimTime m_spacing = 5 * kMinute;
    int m_maxCheckpoints = 24;
};

} // namespace Rblab
