// SPDX-License-Identifier: Apache-2.0
#include "compare/comparesession.h"

#include "observed/observedworld.h"

#include <allocation/strategyregistry.h>

#include <QElapsedTimer>
#include <QThread>

#include <algorithm>

namespace Rblab {

namespace {
constexpr int kTickMs = PlaybackClock::kTickMs;
constexpr SimTime kMinStep = 100;
constexpr SimTime kMaxStep = 60 * 1000;
} // namespace

CompareSession::CompareSession(const StrategyRegistry &registry, QObject *parent)
    : QObject(parent), m_registry(registry)
{
    connect(&m_clock, &PlaybackClock::tick, this, &CompareSession::tick);
}

CompareSession::~CompareSession()
{
    m_pool.waitForDone();
}

bool CompareSession::start(const Scenario &base, const QList<Variant> &variants,
    const QString &group, SimTime from, QString *error)
{
    setPlaying(false);
    m_panes.clear();
    m_commands.clear();
    m_now = 0;
    if (variants.size() < kMinPanes || variants.size() > kMaxPanes) {
        *error = tr("Compare mode shows %1 to %2 variants, not %3.")
                     .arg(kMinPanes)
                     .arg(kMaxPanes)
                     .arg(variants.size());
        return false;
    }
    bool known = group.isEmpty();
    for (const GroupSpec &g : base.groups) {
        known = known || g.name == group;
    }
    if (!known) {
        *error = tr("The scenario has no group \"%1\".").arg(group);
        return false;
    }
    m_base = base;
    m_group = group;
    m_from = std::clamp<SimTime>(from, 0, base.duration);
    for (const Variant &v : variants) {
        auto pane = std::make_shared<Pane>();
        pane->variant = v;
        // A variant without a strategy is the world as it runs (the fork's reference pane).
        pane->scenario = v.strategy.isEmpty() ? base : v.applyFrom(base, group, m_from);
        // The scenario's own sample interval: a pane's figures are then rblab compare's.
        pane->sim = std::make_unique<Simulation>(pane->scenario, m_registry);
        if (!pane->sim->isValid()) {
            *error = tr("Variant \"%1\": %2").arg(v.name, pane->sim->error());
            m_panes.clear();
            return false;
        }
        m_panes.append(pane);
    }
    m_pool.setMaxThreadCount(std::clamp(QThread::idealThreadCount(), 1, int(m_panes.size())));
    advanceTo(m_from);
    return true;
}

bool CompareSession::startObserved(std::shared_ptr<const ObservedWorld> observed, QString *error)
{
    setPlaying(false);
    m_panes.clear();
    m_commands.clear();
    m_now = 0;
    m_base = observed->replayScenario();
    m_realVersion.clear();
    m_observedShift = 0;
    m_group.clear();
    m_from = 0;
    auto logs = std::make_shared<Pane>();
    logs->observed = observed;
    logs->scenario = m_base;
    auto model = std::make_shared<Pane>();
    model->scenario = m_base;
    model->sim = std::make_unique<Simulation>(model->scenario, m_registry);
    if (!model->sim->isValid()) {
        *error = tr("The replay scenario cannot run: %1").arg(model->sim->error());
        return false;
    }
    m_panes = { logs, model };
    retranslatePaneNames();
    m_pool.setMaxThreadCount(1);
    advanceTo(0);
    return true;
}

bool CompareSession::startReal(std::shared_ptr<const ObservedWorld> observed, const Scenario &model,
    SimTime shift, const QString &version, QString *error)
{
    setPlaying(false);
    m_panes.clear();
    m_commands.clear();
    m_now = 0;
    m_base = model;
    m_realVersion = version.isEmpty() ? QStringLiteral("?") : version;
    m_observedShift = shift;
    m_group.clear();
    m_from = 0;
    auto logs = std::make_shared<Pane>();
    logs->observed = observed;
    logs->scenario = m_base;
    auto engine = std::make_shared<Pane>();
    engine->scenario = m_base;
    engine->sim = std::make_unique<Simulation>(engine->scenario, m_registry);
    if (!engine->sim->isValid()) {
        *error = tr("The run's scenario cannot run in the engine: %1").arg(engine->sim->error());
        return false;
    }
    m_panes = { logs, engine };
    retranslatePaneNames();
    m_pool.setMaxThreadCount(1);
    advanceTo(0);
    return true;
}

bool CompareSession::retranslatePaneNames()
{
    if (m_panes.isEmpty() || !isObserved(0)) {
        return false;
    }
    bool changed = false;
    for (const std::shared_ptr<Pane> &pane : std::as_const(m_panes)) {
        QString name = pane->observed ? tr("Observed") : tr("Modelled");
        if (!m_realVersion.isEmpty()) {
            name = pane->observed
                ? tr("Real RocketMQ %1").arg(m_realVersion)
                : tr("Engine, profile %1").arg(profileName(pane->scenario.profile));
        }
        changed = changed || pane->variant.name != name;
        pane->variant.name = name;
    }
    return changed;
}

void CompareSession::advanceTo(SimTime t)
{
    if (m_panes.isEmpty()) {
        return;
    }
    t = std::clamp<SimTime>(t, m_now, m_base.duration);
    // Each Simulation is touched by one pool thread at a time and by nobody else until
    // waitForDone returns: the panes share only the read-only registry.
    for (const std::shared_ptr<Pane> &pane : std::as_const(m_panes)) {
        Simulation *sim = pane->sim.get();
        if (sim) {
            m_pool.start([sim, t] { sim->runUntil(t); });
        }
    }
    m_pool.waitForDone();
    m_now = t;
    for (const std::shared_ptr<Pane> &pane : std::as_const(m_panes)) {
        refresh(*pane);
    }
    if (m_now >= m_base.duration) {
        setPlaying(false);
    }
    emit advanced();
}

void CompareSession::refresh(Pane &pane)
{
    if (pane.observed) {
        pane.catalog = pane.observed->catalog();
        pane.snapshot = pane.observed->snapshotAt(m_now + m_observedShift);
        return;
    }
    Simulation &sim = *pane.sim;
    if (!pane.catalog || pane.catalog->queues.size() != sim.queues().size()
        || pane.catalog->consumers.size() != sim.consumers().size()) {
        pane.catalog = std::make_shared<const Catalog>(sim.catalog());
    }
    pane.snapshot = sim.snapshot();
}

QStringList CompareSession::apply(const ScenarioEvent &command)
{
    ScenarioEvent applied = command;
    applied.at = m_now;
    QStringList refusals;
    for (qsizetype i = 0; i < m_panes.size(); ++i) {
        Pane &pane = *m_panes.at(i);
        QString why;
        if (!pane.sim) {
            continue; // the logs are what happened: nothing to apply
        }
        if (!pane.sim->apply(applied, &why)) {
            refusals.append(QStringLiteral("%1: %2").arg(pane.variant.name, why));
        }
        refresh(pane);
    }
    m_commands.append(applied);
    emit advanced();
    return refusals;
}

const RunScorecard &CompareSession::scorecard(int pane)
{
    Pane &p = *m_panes.at(pane);
    if (p.scorecardAt != m_now && p.sim) {
        p.scorecard = RunScorecard::compute(*p.sim);
        p.scorecardAt = m_now;
    }
    return p.scorecard;
}

void CompareSession::setPlaying(bool playing)
{
    playing = playing && !m_panes.isEmpty() && m_now < m_base.duration;
    if (playing == m_playing) {
        return;
    }
    m_playing = playing;
    m_clock.setRunning(playing);
    emit playingChanged(playing);
}

void CompareSession::setSpeed(double speed)
{
    speed = std::clamp(speed, 0.1, 1000.0);
    if (speed == m_clock.speed()) {
        return;
    }
    m_clock.setSpeed(speed);
    emit speedChanged(speed);
}

void CompareSession::tick()
{
    const SimTime step = m_clock.advance(m_stepLimit);
    if (step <= 0) {
        return;
    }
    QElapsedTimer cost;
    cost.start();
    advanceTo(m_now + step);
    // Keep the interface responsive: a tick that took long advances less next time.
    const qint64 took = cost.elapsed();
    if (took > 2 * kTickMs) {
        m_stepLimit = std::max(kMinStep, m_stepLimit / 2);
    } else if (took < kTickMs / 2) {
        m_stepLimit = std::min(kMaxStep, m_stepLimit * 2);
    }
}

} // namespace Rblab
