// SPDX-License-Identifier: Apache-2.0
// World::build: the catalog, brokers, topics, groups and consumers of a scenario.
#include "model/popengine.h"
#include "model/world.h"

#include "scenario/topicnames.h"
#include "allocation/strategyregistry.h"
#include "model/churngenerator.h"

namespace Rblab {

bool World::build()
{
    buildBrokersAndTopics();
    if (!buildGroups()) {
        return false;
    }
    addRetryTopics();
    buildQueues();
    if (!loadStartingState()) {
        return false;
    }
    metrics.resize();
    for (size_t t = 0; t < topics.size(); ++t) {
        refreshRoute(qint32(t));
        updateProduction(qint32(t));
    }
    // With network jitter, each queue's production starts at a phase of its own, drawn from the
    // seed: a real producer's sends reach the queues one after another, not all in the same
    // millisecond, so what a consumer has in flight when it dies varies from run to run as it
    // does on a real cluster (issue 38: a POP consumer killed with one message popped, not yet
    // consumed). Without jitter the queues stay in step, as they always were.
    if (jitter > 0) {
        Random phase(Random::derive(seed, 7, 0));
        for (QueueState &q : queueStates) {
            if (!q.retry && !q.steps.empty() && q.steps.back().perMs > 0) {
                q.steps.back().t0 = -SimTime(phase.uniform() * q.steps.back().msPerMessage);
            }
        }
    }
    if (!buildConsumers() || !buildJoiners()) {
        return false;
    }
    scheduleStart();
    return true;
}

void World::buildBrokersAndTopics()
{
    brokerNames = scenario.brokers;
    for (qsizetype i = 0; i < brokerNames.size(); ++i) {
        brokers.push_back(std::make_unique<Broker>(this, qint32(i), brokerNames[i]));
    }
    // Main topics first, then one %RETRY%<group> per CLUSTERING group (addRetryTopics).
    for (const TopicSpec &spec : scenario.topics) {
        TopicState t;
        t.name = spec.name;
        t.readQueueNums.assign(size_t(brokerNames.size()), 0);
        for (const auto &q : spec.queues) {
            const qint32 b = brokerIndex(q.first);
            if (b >= 0) {
                t.readQueueNums[size_t(b)] = q.second;
            }
        }
        t.produceRate = spec.produceRate;
        t.skew = spec.skew;
        t.messageSizeMin = spec.messageSizeMin;
        t.messageSizeMax = spec.messageSizeMax;
        t.storedMessages = spec.storedMessages;
        t.storedInMemory = spec.storedInMemory;
        topics.push_back(std::move(t));
    }
}

bool World::buildGroups()
{
    for (const GroupSpec &spec : scenario.groups) {
        GroupState g;
        g.name = spec.name;
        g.spec = spec;
        for (const QString &topic : spec.topics) {
            const qint32 t = topicIndex(topic);
            if (t < 0) {
                error = tr("group %1 subscribes to unknown topic %2").arg(spec.name, topic);
                return false;
            }
            g.topics.push_back(t);
        }
        groups.push_back(std::move(g));
    }
    return true;
}

void World::addRetryTopics()
{
    for (size_t gi = 0; gi < groups.size(); ++gi) {
        GroupState &g = groups[gi];
        if (g.broadcasting()) {
            continue;
        }
        TopicState retry;
        retry.name = TopicNames::retryTopicOf(g.name);
        retry.retry = true;
        retry.group = qint32(gi);
        retry.readQueueNums.assign(size_t(brokerNames.size()), 1);
        topics.push_back(std::move(retry));
        g.retryTopic = qint32(topics.size() - 1);
    }
}

void World::buildQueues()
{
    for (size_t t = 0; t < topics.size(); ++t) {
        for (qsizetype b = 0; b < brokerNames.size(); ++b) {
            for (qint32 id = 0; id < topics[t].readQueueNums[size_t(b)]; ++id) {
                const qint32 queue = addQueue(qint32(t), qint32(b), id);
                // The history is stored before the run; queues added later start empty.
                QueueState &q = queueStates[size_t(queue)];
                q.historyEnd = topics[t].storedMessages;
                q.historyCold = q.historyEnd > 0 && !topics[t].storedInMemory;
            }
        }
    }
}

qint32 World::queueByLabel(const QString &label) const
{
    const QStringList parts = label.split(QLatin1Char('/'));
    bool ok = false;
    const int id = parts.size() == 3 ? parts[2].toInt(&ok) : -1;
    const qint32 t = ok ? topicIndex(parts[0]) : -1;
    const qint32 b = ok ? brokerIndex(parts[1]) : -1;
    return t >= 0 && b >= 0 ? queueIndex(t, b, id) : -1;
}

bool World::loadStartingState()
{
    // Per-queue history and the groups' committed offsets: a world that starts where an
    // `mqadmin consumerProgress` left it (#Broker Offset, #Consumer Offset).
    for (const TopicSpec &spec : scenario.topics) {
        for (const auto &stored : spec.storedPerQueue) {
            const qint32 queue = queueByLabel(spec.name + QLatin1Char('/') + stored.first);
            if (queue >= 0) {
                QueueState &q = queueStates[size_t(queue)];
                q.historyEnd = stored.second;
                q.historyCold = q.historyEnd > 0 && !spec.storedInMemory;
            }
        }
    }
    for (size_t gi = 0; gi < groups.size(); ++gi) {
        for (const auto &offset : groups[gi].spec.offsets) {
            const qint32 queue = queueByLabel(offset.first);
            if (queue < 0) {
                error = tr("groups[%1].offsets: no queue %2 in the topics' routes")
                            .arg(gi)
                            .arg(offset.first);
                return false;
            }
            // ConsumerOffsetManager's table as loaded at broker start: committed and flushed.
            QueueState &q = queueStates[size_t(queue)];
            q.committed[gi] = offset.second;
            q.flushed[gi] = offset.second;
        }
    }
    return true;
}

bool World::buildConsumers()
{
    for (size_t gi = 0; gi < groups.size(); ++gi) {
        const QList<ConsumerSpec> specs = groups[gi].spec.consumers;
        for (qsizetype ci = 0; ci < specs.size(); ++ci) {
            const qint32 index = createConsumer(qint32(gi), specs[ci], true);
            if (!consumers[size_t(index)]->strategyError.isEmpty()) {
                error = tr("groups[%1].consumers[%2] (%3): %4")
                            .arg(gi)
                            .arg(ci)
                            .arg(specs[ci].handle(), consumers[size_t(index)]->strategyError);
                return false;
            }
            for (const QString &label : specs[ci].holds) {
                const qint32 queue = queueByLabel(label);
                if (queue < 0) {
                    error = tr("groups[%1].consumers[%2] (%3): holds %4, which no topic's route "
                               "has")
                                .arg(gi)
                                .arg(ci)
                                .arg(specs[ci].handle(), label);
                    return false;
                }
                consumers[size_t(index)]->heldAtStart.push_back(queue);
            }
            schedule(std::max<SimTime>(0, specs[ci].start), Ev::ConsumerStart, quint32(index));
        }
    }
    return true;
}

bool World::buildJoiners()
{
    for (qsizetype i = 0; i < scenario.events.size(); ++i) {
        const ScenarioEvent &e = scenario.events[i];
        if (e.action != ScenarioEvent::Action::Join || consumerByName(e.joining.handle()) >= 0) {
            continue;
        }
        const qint32 g = groupIndex(e.group);
        if (g < 0) {
            error = tr("events[%1]: unknown group %2").arg(i).arg(e.group);
            return false;
        }
        const qint32 index = createConsumer(g, e.joining, true);
        if (!consumers[size_t(index)]->strategyError.isEmpty()) {
            error = tr("events[%1] (%2): %3")
                        .arg(i)
                        .arg(e.joining.handle(), consumers[size_t(index)]->strategyError);
            return false;
        }
    }
    return true;
}

void World::scheduleStart()
{
    for (qsizetype i = 0; i < scenario.events.size(); ++i) {
        Event e;
        e.kind = quint8(Ev::ScenarioEventDue);
        e.target = quint32(i);
        agenda.schedule(std::max<SimTime>(0, scenario.events[i].at), e);
    }
    for (auto &broker : brokers) {
        broker->start();
    }
    if (scenario.churn) {
        churn = std::make_unique<ChurnGenerator>(this, *scenario.churn);
        churn->start();
    }
    pop = std::make_unique<PopEngine>(this);
    pop->build();
    schedule(sampleInterval, Ev::Sample, 0);
}

} // namespace Rblab
