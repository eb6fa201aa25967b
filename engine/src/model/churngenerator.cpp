// SPDX-License-Identifier: Apache-2.0
#include "model/churngenerator.h"

#include "model/world.h"

namespace Rblab {

ChurnGenerator::ChurnGenerator(World *world, const ChurnSpec &spec)
    : m_world(world)
    , m_spec(spec)
    , m_group(world->groupIndex(spec.group))
    , m_random(Random::derive(world->seed, 3, quint64(world->churnGeneration++)))
    , m_firstId(qint32(world->consumers.size()))
{
}

void ChurnGenerator::start()
{
    if (m_group < 0 || m_spec.meanInterval <= 0) {
        return;
    }
    m_active = true;
    ++m_serial;
    const SimTime wait
        = std::max<SimTime>(1, SimTime(m_random.exponential(double(m_spec.meanInterval))));
    m_world->schedule(wait, Ev::ChurnTick, 0, m_serial);
}

void ChurnGenerator::onTick(quint64 serial)
{
    if (!m_active || serial != m_serial) {
        return;
    }
    World &w = *m_world;
    const GroupState &g = w.groups[size_t(m_group)];
    // A consumer shutting down is alive until its sequence ends (a few round trips): it still
    // counts against maxConsumers, but no longer for minConsumers, so neither a join nor a second
    // departure that comes before the first has finished can take the group out of bounds.
    qint32 alive = 0;
    qint32 staying = 0;
    qint32 running = 0;
    for (qint32 c : g.consumers) {
        const Consumer &consumer = *w.consumers[size_t(c)];
        alive += consumer.alive() ? 1 : 0;
        staying += consumer.alive() && !consumer.stopping ? 1 : 0;
        running += consumer.running() ? 1 : 0;
    }
    // Only the actions possible now take part in the draw.
    double total = 0;
    QList<QPair<QString, double>> possible;
    for (const auto &a : m_spec.actions) {
        if (a.second <= 0) {
            continue;
        }
        const bool departure
            = a.first == QLatin1String("shutdown") || a.first == QLatin1String("kill");
        if (a.first == QLatin1String("join") && alive >= m_spec.maxConsumers) {
            continue;
        }
        if (departure && staying <= m_spec.minConsumers) {
            continue;
        }
        if (!departure && a.first != QLatin1String("join") && running == 0) {
            continue;
        }
        possible.append(a);
        total += a.second;
    }
    if (total > 0) {
        double pick = m_random.uniform() * total;
        QString action = possible.last().first;
        for (const auto &a : possible) {
            if (pick < a.second) {
                action = a.first;
                break;
            }
            pick -= a.second;
        }
        act(action);
    }
    const SimTime wait
        = std::max<SimTime>(1, SimTime(m_random.exponential(double(m_spec.meanInterval))));
    w.schedule(wait, Ev::ChurnTick, 0, m_serial);
}

QString ChurnGenerator::nextId()
{
    World &w = *m_world;
    // A pattern that varies little ("10.0.0.{m}@1": 250 ids, "x": one) runs out of unused ids
    // (the departed keep theirs): the search ends and the join is skipped, instead of looping
    // for ever and freezing the run (and the app). A varying pattern finds one at the first
    // try but for a rare clash with a declared name.
    constexpr int kTries = 1000;
    for (int attempt = 0; attempt < kTries; ++attempt) {
        const qint32 k = m_firstId + m_joined++;
        const QString n = QString::number(1 + k / 250);
        const QString m = QString::number(1 + k % 250);
        const QString pid = QString::number(1000 + m_random.below(99000));
        QString id = m_spec.idPattern.isEmpty()
            ? QStringLiteral("10.0.%1.%2@%3").arg(n, m, pid)
            : QString(m_spec.idPattern)
                  .replace(QLatin1String("{n}"), n)
                  .replace(QLatin1String("{m}"), m)
                  .replace(QLatin1String("{k}"), QString::number(k))
                  .replace(QLatin1String("{pid}"), pid);
        if (w.consumerByName(id) < 0) {
            return id;
        }
    }
    return QString();
}

void ChurnGenerator::act(const QString &action)
{
    World &w = *m_world;
    const GroupState &g = w.groups[size_t(m_group)];
    ScenarioEvent e;
    e.at = w.now();
    if (action == QLatin1String("join")) {
        e.action = ScenarioEvent::Action::Join;
        e.group = g.name;
        // A newcomer consumes like the group's first declared consumer.
        if (!g.spec.consumers.isEmpty()) {
            e.joining = g.spec.consumers.first();
            e.joining.start = 0;
        }
        e.joining.id = nextId();
        if (e.joining.id.isEmpty()) {
            return; // the pattern has no unused id left: nobody joins
        }
        e.joining.name.clear();
        w.applyScripted(e);
        return;
    }
    const bool departure = action == QLatin1String("shutdown") || action == QLatin1String("kill");
    QList<qint32> candidates;
    for (qint32 c : g.consumers) {
        const Consumer &consumer = *w.consumers[size_t(c)];
        if (departure ? consumer.alive() && !consumer.stopping
                      : consumer.running() && !consumer.stopping) {
            candidates.append(c);
        }
    }
    if (candidates.isEmpty()) {
        return;
    }
    const qint32 target = candidates[qsizetype(m_random.below(quint64(candidates.size())))];
    e.consumer = w.consumers[size_t(target)]->name;
    quint16 recovery = 0;
    bool recovers = true;
    if (action == QLatin1String("shutdown")) {
        e.action = ScenarioEvent::Action::Shutdown;
        recovers = false;
    } else if (action == QLatin1String("kill")) {
        e.action = ScenarioEvent::Action::Kill;
        recovers = false;
    } else if (action == QLatin1String("freeze")) {
        e.action = ScenarioEvent::Action::Freeze;
        recovery = Unfreeze;
    } else if (action == QLatin1String("partition")) {
        e.action = ScenarioEvent::Action::Partition;
        recovery = Heal;
    } else if (action == QLatin1String("pause")) {
        e.action = ScenarioEvent::Action::Pause;
        recovery = Resume;
    } else { // slow
        e.action = ScenarioEvent::Action::SetConsumeTime;
        e.consumeTime = w.consumers[size_t(target)]->consumeTime;
        e.consumeTime.meanMs *= 10;
        e.consumeTime.p99Ms *= 10;
        recovery = Restore;
    }
    w.applyScripted(e);
    if (recovers) {
        w.schedule(m_spec.recoverAfter, Ev::Recover, quint32(target), 0, recovery);
    }
}

void ChurnGenerator::onRecover(qint32 consumer, quint16 what)
{
    World &w = *m_world;
    Consumer &c = *w.consumers[size_t(consumer)];
    if (!c.alive()) {
        return;
    }
    ScenarioEvent e;
    e.at = w.now();
    e.consumer = c.name;
    switch (what) {
    case Unfreeze:
        e.action = ScenarioEvent::Action::Unfreeze;
        break;
    case Heal:
        e.action = ScenarioEvent::Action::Heal;
        break;
    case Resume:
        e.action = ScenarioEvent::Action::Resume;
        break;
    default:
        e.action = ScenarioEvent::Action::SetConsumeTime;
        e.consumeTime = c.initialConsumeTime;
        break;
    }
    w.applyScripted(e);
}

} // namespace Rblab
