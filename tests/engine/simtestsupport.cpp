// SPDX-License-Identifier: Apache-2.0
#include "simtestsupport.h"

#include "strategytestsupport.h"

#include <algorithm>

using namespace Rblab;

namespace SimTest {

namespace {

struct LoadedRegistry
{
    StrategyRegistry registry;
    QString error;
    LoadedRegistry() { error = TestSupport::loadBuiltinRegistry(registry); }
};

LoadedRegistry &loaded()
{
    static LoadedRegistry instance;
    return instance;
}

} // namespace

const StrategyRegistry &registry()
{
    return loaded().registry;
}

QString registryError()
{
    return loaded().error;
}

QString clientId(int k)
{
    return QStringLiteral("10.0.0.%1@%2").arg(k + 1).arg(1001 + k);
}

ConsumerSpec consumerSpec(const QString &id, double consumeMs, SimTime start)
{
    ConsumerSpec c;
    c.id = id;
    c.consumeTime.meanMs = consumeMs;
    c.start = start;
    return c;
}

Scenario makeScenario(const WorldSpec &spec)
{
    Scenario s;
    s.name = QStringLiteral("test world");
    s.seed = spec.seed;
    s.profile = spec.profile;
    s.networkLatency = spec.latency;
    s.broker = spec.broker;
    s.brokers = spec.brokers;
    TopicSpec topic;
    topic.name = kTopic;
    for (const QString &b : spec.brokers) {
        topic.queues.append({ b, spec.queuesPerBroker });
    }
    topic.produceRate = spec.produceRate;
    topic.messageSizeMin = topic.messageSizeMax = spec.messageSize;
    s.topics.append(topic);
    GroupSpec group;
    group.name = kGroup;
    group.topics = { kTopic };
    group.messageModel = spec.model;
    group.consumeMode = spec.mode;
    group.strategy = spec.strategy;
    group.client = spec.client;
    for (int k = 0; k < spec.consumers; ++k) {
        group.consumers.append(consumerSpec(clientId(k), spec.consumeMs, k * spec.stagger));
    }
    s.groups.append(group);
    return s;
}

ScenarioEvent command(ScenarioEvent::Action action, const QString &consumer)
{
    ScenarioEvent e;
    e.action = action;
    e.consumer = consumer;
    return e;
}

QString apply(Simulation &sim, const ScenarioEvent &command)
{
    QString why;
    if (!sim.apply(command, &why)) {
        return why.isEmpty() ? QStringLiteral("refused") : why;
    }
    return QString();
}

QList<qint32> topicQueues(const Simulation &sim, const QString &topic)
{
    QList<qint32> result;
    for (qint32 q : sim.sortedQueueOrder()) {
        if (sim.queues()[q].topic == topic) {
            result.append(q);
        }
    }
    return result;
}

QString retryTopic(const QString &group)
{
    return QStringLiteral("%RETRY%") + group;
}

QString queueName(const Simulation &sim, qint32 queue)
{
    const QueueInfo &q = sim.queues()[queue];
    const QString base = QStringLiteral("%1:%2").arg(q.brokerName).arg(q.queueId);
    return q.topic == kTopic ? base : q.topic + QLatin1Char('/') + base;
}

QString queueNames(const Simulation &sim, const QList<qint32> &queues)
{
    QStringList names;
    for (qint32 q : queues) {
        names.append(queueName(sim, q));
    }
    return QLatin1Char('[') + names.join(QLatin1Char(',')) + QLatin1Char(']');
}

QList<qint32> owners(const WorldSnapshot &snap, qint32 queue)
{
    QList<qint32> result;
    const SnapshotQueue &row = snap.queues[queue];
    for (qint32 h = row.firstHolding; h < row.firstHolding + row.holdingCount; ++h) {
        if (!snap.holdings[h].dropped) {
            result.append(snap.holdings[h].consumer);
        }
    }
    std::sort(result.begin(), result.end());
    return result;
}

const SnapshotHolding *holding(const WorldSnapshot &snap, qint32 queue, qint32 consumer)
{
    const SnapshotQueue &row = snap.queues[queue];
    for (qint32 h = row.firstHolding; h < row.firstHolding + row.holdingCount; ++h) {
        if (!snap.holdings[h].dropped && snap.holdings[h].consumer == consumer) {
            return &snap.holdings[h];
        }
    }
    return nullptr;
}

QList<qint32> heldBy(const WorldSnapshot &snap, qint32 consumer, const QList<qint32> &among)
{
    QList<qint32> result;
    for (qint32 q : among) {
        if (holding(snap, q, consumer)) {
            result.append(q);
        }
    }
    return result;
}

const ConsumerView *view(const WorldSnapshot &snap, qint32 consumer, qint32 topicIndex)
{
    for (const ConsumerView &v : snap.consumers[consumer].views) {
        if (v.topic == topicIndex) {
            return &v;
        }
    }
    return nullptr;
}

QList<SimEvent> events(const Simulation &sim, SimEvent::Type type, SimTime from, SimTime to)
{
    QList<SimEvent> result;
    for (const SimEvent &e : sim.events()) {
        if (e.type == type && e.t >= from && e.t <= to) {
            result.append(e);
        }
    }
    return result;
}

const SimEvent *firstAdded(
    const Simulation &sim, qint32 queue, SimTime from, qint32 consumer, qint32 except)
{
    for (const SimEvent &e : sim.events()) {
        if (e.type == SimEvent::Type::Rebalance && e.t >= from && e.added.contains(queue)
            && (consumer < 0 || e.consumer == consumer) && e.consumer != except) {
            return &e;
        }
    }
    return nullptr;
}

const SimEvent *firstRemoved(const Simulation &sim, qint32 queue, SimTime from, qint32 consumer)
{
    for (const SimEvent &e : sim.events()) {
        if (e.type == SimEvent::Type::Rebalance && e.t >= from && e.removed.contains(queue)
            && (consumer < 0 || e.consumer == consumer)) {
            return &e;
        }
    }
    return nullptr;
}

QString eventLog(const Simulation &sim, SimTime from, SimTime to)
{
    QStringList lines;
    const QStringList brokers = sim.brokerNames();
    for (const SimEvent &e : sim.events()) {
        if (e.t < from || e.t > to || e.type == SimEvent::Type::FlowControlOn
            || e.type == SimEvent::Type::FlowControlOff) {
            continue;
        }
        QString line = QStringLiteral("%1 %2").arg(e.t).arg(SimEvent::typeName(e.type));
        if (e.consumer >= 0) {
            line += QLatin1Char(' ') + sim.consumers()[e.consumer].name;
        }
        if (e.broker >= 0) {
            line += QStringLiteral(" @") + brokers.value(e.broker);
        }
        if (e.type == SimEvent::Type::Rebalance) {
            line += QStringLiteral(" +%1 -%2")
                        .arg(queueNames(sim, e.added), queueNames(sim, e.removed));
        }
        if (!e.detail.isEmpty()) {
            line += QStringLiteral(" (%1)").arg(e.detail);
        }
        lines.append(line);
    }
    if (lines.size() > 120) {
        lines
            = lines.mid(0, 60) + QStringList { QStringLiteral("…") } + lines.mid(lines.size() - 60);
    }
    return lines.join(QLatin1Char('\n'));
}

SimTime runUntil(Simulation &sim, SimTime limit, SimTime step,
    const std::function<bool(const WorldSnapshot &)> &done)
{
    for (SimTime t = sim.now(); t <= limit; t += step) {
        sim.runUntil(t);
        if (done(sim.snapshot())) {
            return t;
        }
    }
    return -1;
}

bool runChecking(Simulation &sim, SimTime limit, SimTime step,
    const std::function<bool(const WorldSnapshot &)> &check)
{
    for (SimTime t = sim.now() + step; t <= limit; t += step) {
        sim.runUntil(t);
        if (!check(sim.snapshot())) {
            return false;
        }
    }
    return true;
}

} // namespace SimTest
