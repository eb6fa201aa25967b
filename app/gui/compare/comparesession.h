// SPDX-License-Identifier: Apache-2.0
// Two to four runs of the same world in lockstep, each with its own strategy variant.
#pragma once

#include "simulation/frame.h"
#include "simulation/playbackclock.h"

#include <report/scorecard.h>
#include <report/variant.h>
#include <run/simulation.h>

#include <QList>
#include <QObject>
#include <QThreadPool>

#include <memory>

namespace Rblab {

class ObservedWorld;
class StrategyRegistry;

/*!
    Compare mode's model: one Simulation per pane, all of the same scenario and seed, each with
    a variant applied to the compared group(s) from virtual time `from` on (Variant::applyFrom:
    from 0 a pane is exactly `rblab compare`'s run of that variant; later, it replays the world
    to `from` and switches there, as a deploy command would). One clock: every advance runs
    every pane to the same virtual time, in parallel on a private pool of at most the core
    count. A command is applied to every pane at that time, so "kill c3" kills it everywhere.

    GUI thread; the pool's threads only run the panes' Simulations between two calls.
*/
class CompareSession : public QObject
{
    Q_OBJECT

public:
    static constexpr int kMaxPanes = 4;
    static constexpr int kMinPanes = 2;

    explicit CompareSession(const StrategyRegistry &registry, QObject *parent = nullptr);
    ~CompareSession() override;

    /*!
        Builds the panes; false with `error` (which variant, why) when a variant cannot run or
        the count is outside 2…4. `base` holds every command given so far as scripted events
        (ScenarioDocument's scenario). Panes start at 0 and are run to `from` at once.
    */
    bool start(const Scenario &base, const QList<Variant> &variants, const QString &group,
        SimTime from, QString *error);

    /*!
        Observed against modelled: pane 0 shows the imported logs (read-only, its frames from
        the ObservedWorld at now()), pane 1 the engine running the logs' replay scenario. Both
        start at 0 on the logs' origin; the clock runs to the replay's end.
    */
    bool startObserved(std::shared_ptr<const ObservedWorld> observed, QString *error);
    /*!
        A real run beside the engine (File › Open a real run…): pane 0 shows the run's client
        logs, pane 1 the engine playing `model` (the scenario the run played). The clock's 0:00
        is the run's origin; the logs' time 0 (their first line) lies `shift` ms before it
        (negative: after). `version` names the real RocketMQ ("4.9.8") in the panes' names.
    */
    bool startReal(std::shared_ptr<const ObservedWorld> observed, const Scenario &model,
        SimTime shift, const QString &version, QString *error);
    //! The real RocketMQ's version of a session of startReal(), else empty.
    const QString &realVersion() const { return m_realVersion; }
    //! Observed time = now() + observedShift() (0 but for startReal).
    SimTime observedShift() const { return m_observedShift; }
    //! A pane of imported logs (no Simulation: commands and the scorecard skip it).
    bool isObserved(int pane) const { return m_panes.at(pane)->observed != nullptr; }
    /*!
        Names the panes of an observed session ("Observed", "Modelled") in the language now in
        use; true when a name changed. The variants' own names are the user's and stay.
    */
    bool retranslatePaneNames();
    const std::shared_ptr<const ObservedWorld> &observedWorld(int pane) const
    {
        return m_panes.at(pane)->observed;
    }

    int paneCount() const { return int(m_panes.size()); }
    const Variant &variant(int pane) const { return m_panes.at(pane)->variant; }
    const QString &group() const { return m_group; }
    SimTime from() const { return m_from; }
    SimTime now() const { return m_now; }
    SimTime duration() const { return m_base.duration; }
    const Scenario &baseScenario() const { return m_base; }
    //! The scenario pane `pane` runs (the variant applied).
    const Scenario &scenario(int pane) const { return m_panes.at(pane)->scenario; }

    //! Runs every pane to `t` (no further than the scenario's duration), in parallel.
    void advanceTo(SimTime t);
    //! Applies a command to every pane at now(); the panes that refused it, with why.
    QStringList apply(const ScenarioEvent &command);
    //! The commands applied through apply(), with the time they were applied at.
    const QList<ScenarioEvent> &commands() const { return m_commands; }

    CatalogPtr catalog(int pane) const { return m_panes.at(pane)->catalog; }
    const WorldSnapshot &snapshot(int pane) const { return m_panes.at(pane)->snapshot; }
    //! Each pane's scorecard up to now() (computed once per time reached).
    const RunScorecard &scorecard(int pane);
    //! The pane's engine, for tests (read only).
    const Simulation &simulation(int pane) const { return *m_panes.at(pane)->sim; }

    // Playback: wall time × speed, on a timer; each tick is one lockstep advance.
    bool isPlaying() const { return m_playing; }
    void setPlaying(bool playing);
    double speed() const { return m_clock.speed(); }
    void setSpeed(double speed);

signals:
    //! Every pane reached now() (after an advance or a command).
    void advanced();
    void playingChanged(bool playing);
    void speedChanged(double speed);

private:
    struct Pane
    {
        Variant variant;
        Scenario scenario;
        std::unique_ptr<Simulation> sim; //!< null for an observed pane
        std::shared_ptr<const ObservedWorld> observed;
        CatalogPtr catalog;
        WorldSnapshot snapshot;
        RunScorecard scorecard;
        SimTime scorecardAt = -1;
    };
    void tick();
    void refresh(Pane &pane);

    const StrategyRegistry &m_registry;
    Scenario m_base;
    QString m_group;
    SimTime m_from = 0;
    SimTime m_now = 0;
    QList<std::shared_ptr<Pane>> m_panes;
    QList<ScenarioEvent> m_commands;
    QThreadPool m_pool;
    PlaybackClock m_clock;
    SimTime m_stepLimit = 10 * 1000; //!< the most one tick advances; halved when a tick is slow
    bool m_playing = false;
    QString m_realVersion;
    SimTime m_observedShift = 0;
};

} // namespace Rblab
