// SPDX-License-Identifier: Apache-2.0
#include "run/simulation.h"

#include "allocation/strategyregistry.h"
#include "model/churngenerator.h"
#include "model/world.h"

#include <rblab/javastring.h>

#include <algorithm>

namespace Rblab {

Simulation::Simulation(const Scenario &scenario, const StrategyRegistry &registry)
    : Simulation(scenario, registry, Options())
{
}

Simulation::Simulation(
    const Scenario &scenario, const StrategyRegistry &registry, const Options &options)
    : m_world(std::make_unique<World>(scenario, registry, options.seed.value_or(scenario.seed),
        options.sampleInterval.value_or(scenario.sampleInterval), options.recordSamples))
{
    if (!options.strategy.isEmpty()) {
        m_world->overrideStrategy = options.strategy;
        m_world->overrideParams = options.strategyParams;
    }
    switch (options.recording) {
    case Options::Recording::Memory:
        break;
    case Options::Recording::Spool:
        m_spool = std::make_unique<SampleSpool>();
        m_world->sampleSink = [this](Sample &&sample) { m_spool->append(sample); };
        if (!m_spool->error().isEmpty()) {
            m_world->error = m_spool->error();
        }
        m_eventSpool = std::make_unique<EventSpool>();
        m_world->eventSink = [this](const SimEvent &event) { m_eventSpool->append(event); };
        if (m_world->error.isEmpty() && !m_eventSpool->error().isEmpty()) {
            m_world->error = m_eventSpool->error();
        }
        break;
    case Options::Recording::Bounded:
        m_history = options.history ? options.history
                                    : std::make_shared<SampleHistory>(options.historyLimits);
        m_world->sampleSink = [this](Sample &&sample) { m_history->append(std::move(sample)); };
        break;
    }
    if (!options.fastPath) {
        m_world->fastPath.setEnabled(false);
    }
    if (m_world->error.isEmpty()) {
        m_world->build();
    }
}

Simulation::~Simulation() = default;

QString Simulation::error() const
{
    return m_world->error;
}

const Scenario &Simulation::scenario() const
{
    return m_world->scenario;
}

quint64 Simulation::seed() const
{
    return m_world->seed;
}

SimTime Simulation::now() const
{
    return m_world->now();
}

SimTime Simulation::nextEventTime() const
{
    return m_world->agenda.nextTime();
}

quint64 Simulation::processedEventCount() const
{
    return m_world->processed;
}

quint64 Simulation::fastPathAnswers() const
{
    return m_world->fastPath.answers();
}

quint64 Simulation::fastPathLooped() const
{
    return m_world->fastPath.looped();
}

quint64 Simulation::fastPathStops() const
{
    return m_world->fastPath.stops();
}

SimTime Simulation::sampleInterval() const
{
    return m_world->sampleInterval;
}

void Simulation::runUntil(SimTime t)
{
    if (!isValid()) {
        return;
    }
    m_world->runUntil(t);
    m_world->agenda.advanceTo(t);
}

void Simulation::runUntilProcessed(SimTime t, quint64 processed)
{
    if (!isValid()) {
        return;
    }
    while (m_world->processed < processed && m_world->dispatchOne(t)) { }
    m_world->agenda.advanceTo(t);
}

bool Simulation::step()
{
    if (!isValid()) {
        return false;
    }
    return m_world->dispatchOne(kNever);
}

bool Simulation::runToNextEvent(const QList<SimEvent::Type> &types, SimTime limit)
{
    if (!isValid()) {
        return false;
    }
    // A spooling run holds this call's events until it returns: the scan reads them.
    World &w = *m_world;
    w.holdEvents = true;
    const auto done = [&w](bool found) {
        w.holdEvents = false;
        w.spoolHeldEvents();
        return found;
    };
    for (;;) {
        const qsizetype before = w.events.size();
        if (!w.dispatchOne(limit)) {
            w.agenda.advanceTo(limit);
            return done(false);
        }
        for (qsizetype i = before; i < w.events.size(); ++i) {
            if (types.isEmpty() || types.contains(w.events[i].type)) {
                return done(true);
            }
        }
    }
}

bool Simulation::apply(const ScenarioEvent &command, QString *error)
{
    if (!isValid()) {
        if (error) {
            *error = m_world->error;
        }
        return false;
    }
    return m_world->apply(command, error);
}

void Simulation::setChurn(const std::optional<ChurnSpec> &churn)
{
    ScenarioEvent command;
    command.action = ScenarioEvent::Action::SetChurn;
    command.churn = churn;
    apply(command, nullptr);
}

std::optional<ChurnSpec> Simulation::churn() const
{
    if (!m_world->churn) {
        return std::nullopt;
    }
    return m_world->churn->spec();
}

const QList<QueueInfo> &Simulation::queues() const
{
    return m_world->queueInfos;
}

const QList<ConsumerInfo> &Simulation::consumers() const
{
    return m_world->consumerInfos;
}

QStringList Simulation::brokerNames() const
{
    return m_world->brokerNames;
}

QStringList Simulation::topicNames() const
{
    QStringList names;
    for (const TopicState &t : m_world->topics) {
        names.append(t.name);
    }
    return names;
}

QStringList Simulation::groupNames() const
{
    QStringList names;
    for (const GroupState &g : m_world->groups) {
        names.append(g.name);
    }
    return names;
}

QList<qint32> Simulation::sortedQueueOrder() const
{
    QList<qint32> order;
    order.reserve(m_world->queueInfos.size());
    for (qsizetype i = 0; i < m_world->queueInfos.size(); ++i) {
        order.append(qint32(i));
    }
    const QList<QueueInfo> &q = m_world->queueInfos;
    std::stable_sort(order.begin(), order.end(), [&q](qint32 a, qint32 b) {
        return MessageQueue { q[a].topic, q[a].brokerName, q[a].queueId }
        < MessageQueue { q[b].topic, q[b].brokerName, q[b].queueId };
    });
    return order;
}

Catalog Simulation::catalog() const
{
    Catalog catalog;
    catalog.queues = queues();
    catalog.consumers = consumers();
    catalog.brokers = brokerNames();
    catalog.topics = topicNames();
    catalog.sortedQueueOrder = sortedQueueOrder();
    for (const GroupState &g : m_world->groups) {
        GroupInfo info;
        info.name = g.name;
        info.topics = g.spec.topics;
        if (g.retryTopic >= 0) {
            info.retryTopic = m_world->topics[size_t(g.retryTopic)].name;
        }
        info.messageModel = g.spec.messageModel;
        info.consumeMode = g.spec.consumeMode;
        info.pops = g.spec.pops();
        catalog.groups.append(info);
    }
    catalog.assignGroupQueues();
    return catalog;
}

qint32 Simulation::consumerIndex(const QString &name) const
{
    return m_world->consumerByName(name);
}

const WorldSnapshot &Simulation::snapshot()
{
    m_world->settle();
    m_world->fillSnapshot(m_snapshot);
    return m_snapshot;
}

Simulation::MemoryFigures Simulation::memoryFigures() const
{
    const World &w = *m_world;
    MemoryFigures f;
    std::vector<bool> inTable(w.pqs.size(), false);
    for (const auto &c : w.consumers) {
        for (qint32 pqIndex : c->table) {
            inTable[size_t(pqIndex)] = true;
        }
    }
    for (size_t i = 0; i < w.pqs.size(); ++i) {
        const ProcessQueue &pq = w.pqs[i];
        if (inTable[i]) {
            f.tableBytes += pq.storageBytes();
        } else {
            ++f.letGoQueues;
            f.letGoBytes += pq.storageBytes();
        }
    }
    f.processQueues = qint64(w.pqs.size());
    f.consumers = qint64(w.consumers.size());
    for (const auto &c : w.consumers) {
        if (c->state == ConsumerState::Killed || c->state == ConsumerState::Shutdown) {
            ++f.departedConsumers;
            f.departedBytes += c->consume.storageBytes()
                + qint64(c->pqOfQueue.capacity() * sizeof(qint32)
                    + c->deferred.capacity() * sizeof(Event))
                + qint64(c->topicSubscribeInfo.size());
        }
    }
    f.heldEvents = w.events.size();
    return f;
}

quint64 Simulation::publishedEventCount() const
{
    return m_world->spooledEvents + quint64(m_world->events.size());
}

const QList<SimEvent> &Simulation::events() const
{
    return m_world->events;
}

const QList<Sample> &Simulation::samples() const
{
    return m_world->samples;
}

void Simulation::setRecordSamples(bool record)
{
    m_world->recordSamples = record;
    if (!record) {
        m_world->samples = QList<Sample>();
    }
}

void Simulation::truncateSamplesAfter(SimTime t)
{
    QList<Sample> &samples = m_world->samples;
    while (!samples.isEmpty() && samples.last().t > t) {
        samples.removeLast();
    }
    if (m_spool) {
        m_spool->truncateAfter(t);
    }
    if (m_history) {
        m_history->truncateAfter(t);
    }
}

SnapshotTotals Simulation::totals() const
{
    m_world->settle();
    return m_world->totals();
}

SnapshotTotals Simulation::groupTotals(qint32 group) const
{
    m_world->settle();
    return m_world->groupTotals(group);
}

SnapshotConsumer Simulation::popFigures(qint32 consumer) const
{
    m_world->settle();
    SnapshotConsumer c;
    if (consumer >= 0 && size_t(consumer) < m_world->consumers.size()) {
        m_world->fillPopFigures(consumer, c);
    }
    return c;
}

double Simulation::orphanedQueueSeconds(qint32 group) const
{
    m_world->settle();
    return m_world->metrics.orphanedQueueSeconds(group);
}

} // namespace Rblab
