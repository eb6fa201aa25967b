// SPDX-License-Identifier: Apache-2.0
#include "run/timeline.h"

#include <algorithm>

namespace Rblab {

Timeline::Timeline(
    const Scenario &scenario, const StrategyRegistry &registry, const Simulation::Options &options)
    : m_scenario(scenario), m_registry(registry), m_options(options)
{
    if (m_options.recording == Simulation::Options::Recording::Bounded && !m_options.history) {
        // One store for every run of the timeline; only the live one records into it.
        m_options.history = std::make_shared<SampleHistory>(m_options.historyLimits);
    }
    m_live.sim = fresh(m_options.recordSamples);
}

Timeline::~Timeline() = default;

std::unique_ptr<Simulation> Timeline::fresh(bool recordSamples) const
{
    Simulation::Options options = m_options;
    options.recordSamples = recordSamples;
    return std::make_unique<Simulation>(m_scenario, m_registry, options);
}

void Timeline::advance(Run &run, SimTime t)
{
    while (run.next < m_log.size() && m_log.at(run.next).event.at <= t) {
        const Command &command = m_log.at(run.next);
        run.sim->runUntilProcessed(command.event.at, command.processed);
        run.sim->apply(command.event, nullptr);
        ++run.next;
    }
    run.sim->runUntil(t);
    run.midMillisecond = false;
}

void Timeline::runUntil(SimTime t)
{
    if (!isValid() || t < now()) {
        return;
    }
    advance(m_live, t);
    m_reached = std::max(m_reached, now());
}

bool Timeline::runToNextEvent(const QList<SimEvent::Type> &types, SimTime limit)
{
    if (!isValid()) {
        return false;
    }
    Simulation &sim = *m_live.sim;
    const auto publishedSince = [&sim, &types](qsizetype before) {
        const QList<SimEvent> &events = sim.events();
        for (qsizetype i = before; i < events.size(); ++i) {
            if (types.isEmpty() || types.contains(events.at(i).type)) {
                return true;
            }
        }
        return false;
    };
    bool found = false;
    while (!found && m_live.next < m_log.size() && m_log.at(m_live.next).event.at <= limit) {
        const Command &command = m_log.at(m_live.next);
        if (sim.now() < command.event.at - 1 && sim.runToNextEvent(types, command.event.at - 1)) {
            found = true;
            break;
        }
        // The events of the command's millisecond that came before it, one at a time.
        while (sim.processedEventCount() < command.processed) {
            const qsizetype before = sim.events().size();
            if (!sim.step()) {
                break;
            }
            if (publishedSince(before)) {
                found = true;
                break;
            }
        }
        if (found) {
            break;
        }
        sim.runUntilProcessed(command.event.at, command.processed);
        sim.apply(command.event, nullptr);
        ++m_live.next;
    }
    if (!found) {
        found = sim.runToNextEvent(types, limit);
    }
    m_live.midMillisecond = found;
    m_reached = std::max(m_reached, now());
    return found;
}

bool Timeline::afterLivePosition(SimTime t, quint64 processed) const
{
    return t > now() || (t == now() && processed > m_live.sim->processedEventCount());
}

bool Timeline::apply(const ScenarioEvent &command, QString *error, int *dropped)
{
    if (dropped) {
        *dropped = 0;
    }
    if (!isValid()) {
        if (error) {
            *error = m_live.sim->error();
        }
        return false;
    }
    Command logged;
    logged.event = command;
    logged.event.at = now();
    logged.processed = m_live.sim->processedEventCount();
    if (!m_live.sim->apply(logged.event, error)) {
        return false; // refused: the world did not change, the branch goes on
    }
    // A new branch: what the log and the store knew of the old one after this position is gone.
    if (m_live.next < m_log.size()) {
        if (dropped) {
            *dropped = int(m_log.size() - m_live.next);
        }
        m_log.resize(m_live.next);
    }
    for (auto it = m_parked.begin(); it != m_parked.end();) {
        const Run &run = it->second;
        if (run.next > m_log.size()
            || afterLivePosition(run.sim->now(), run.sim->processedEventCount())
            || (run.sim->now() == now() && run.next == m_log.size())) {
            it = m_parked.erase(it);
        } else {
            ++it;
        }
    }
    if (m_builder.sim && m_builderTarget >= now()) {
        m_builder = Run();
        m_builderTarget = -1;
    }
    m_log.append(logged);
    m_live.next = m_log.size();
    m_reached = now();
    return true;
}

void Timeline::seek(SimTime t, SimTime samplesAfter)
{
    if (!isValid()) {
        return;
    }
    t = std::max<SimTime>(0, t);
    if (samplesAfter < 0 || samplesAfter > t) {
        samplesAfter = t;
    }
    // The live run serves when it is at or before both bounds (it holds every sample already);
    // a parked run serves instead when it is nearer.
    const bool liveServes = now() <= samplesAfter;
    auto best = m_parked.upper_bound(samplesAfter);
    bool parkedServes = false;
    if (best != m_parked.begin()) {
        --best;
        parkedServes = !liveServes || best->first > now();
    }
    if (!liveServes || parkedServes) {
        Run restored;
        if (parkedServes) {
            restored = std::move(best->second);
            m_parked.erase(best);
        } else {
            restored.sim = fresh(false);
        }
        // The old live run is a checkpoint of this branch too (a jump back forward is cheap).
        if (!m_live.midMillisecond && now() > 0) {
            m_live.sim->setRecordSamples(false);
            park(std::move(m_live));
        }
        m_live = std::move(restored);
        if (m_options.history) {
            m_options.history->truncateAfter(samplesAfter);
        }
        advance(m_live, samplesAfter);
        m_live.sim->setRecordSamples(m_options.recordSamples);
    }
    advance(m_live, t);
    m_reached = std::max(m_reached, now());
    trim();
}

void Timeline::setSpacing(SimTime spacing)
{
    m_spacing = std::max<SimTime>(kSecond, spacing);
    trim();
}

void Timeline::setMaxCheckpoints(int count)
{
    m_maxCheckpoints = std::max(1, count);
    trim();
}

QList<SimTime> Timeline::checkpointTimes() const
{
    QList<SimTime> times;
    for (const auto &[t, run] : m_parked) {
        times.append(t);
    }
    return times;
}

void Timeline::park(Run run)
{
    const SimTime t = run.sim->now();
    m_parked.erase(t);
    m_parked.emplace(t, std::move(run));
}

void Timeline::trim()
{
    // Off-grid runs (a live run parked by a seek) go first, the earliest first; then the grid
    // thins out: every other checkpoint goes and the spacing doubles.
    while (int(m_parked.size()) > m_maxCheckpoints) {
        auto offGrid = std::find_if(m_parked.begin(), m_parked.end(),
            [this](const auto &entry) { return entry.first % m_spacing != 0; });
        if (offGrid != m_parked.end()) {
            m_parked.erase(offGrid);
            continue;
        }
        m_spacing *= 2;
        std::erase_if(m_parked, [this](const auto &entry) { return entry.first % m_spacing != 0; });
    }
    if (m_builder.sim && m_builderTarget % m_spacing != 0) {
        m_builder = Run();
        m_builderTarget = -1;
    }
}

SimTime Timeline::nextMissing() const
{
    for (SimTime t = m_spacing; t <= m_reached; t += m_spacing) {
        if (!m_parked.contains(t)) {
            return t;
        }
    }
    return -1;
}

bool Timeline::prepare(SimTime span)
{
    if (!isValid()) {
        return false;
    }
    if (!m_builder.sim) {
        m_builderTarget = nextMissing();
        if (m_builderTarget < 0) {
            return false;
        }
        // A full store takes a new grid time only where it thins out (trim doubles the spacing).
        m_builder.sim = fresh(false);
        m_builder.next = 0;
    }
    const SimTime target
        = std::min(m_builderTarget, m_builder.sim->now() + std::max<SimTime>(1, span));
    advance(m_builder, target);
    if (m_builder.sim->now() >= m_builderTarget) {
        park(std::move(m_builder));
        m_builder = Run();
        m_builderTarget = -1;
        trim();
    }
    return true;
}

} // namespace Rblab
