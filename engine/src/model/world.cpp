// SPDX-License-Identifier: Apache-2.0
#include "model/popengine.h"
#include "model/world.h"

#include "allocation/strategyregistry.h"
#include "model/churngenerator.h"

#include <rblab/javastring.h>
#include <rblab/messagequeue.h>

#include <algorithm>
#include <cmath>

namespace Rblab {

World::World(const Scenario &scenario_, const StrategyRegistry &registry_, quint64 seed_,
    SimTime sampleInterval_, bool recordSamples_)
    : scenario(scenario_)
    , registry(registry_)
    , seed(seed_)
    , sampleInterval(std::max<SimTime>(1, sampleInterval_))
    , recordSamples(recordSamples_)
    , network(this)
    , metrics(this)
    , worldRandom(Random::derive(seed_, 4, 0))
    , jitterRandom(Random::derive(seed_, 6, 0))
{
    profile = scenario.profile;
    latency = std::max<SimTime>(0, scenario.networkLatency);
    jitter = std::max<SimTime>(0, scenario.networkJitter);
    brokerConfig.apply(scenario.broker);
}

World::~World()
{
    // Consumers own coroutine frames that refer to the world: they go first.
    consumers.clear();
}

qint32 World::brokerIndex(const QString &name) const
{
    return qint32(brokerNames.indexOf(name));
}

qint32 World::topicIndex(const QString &name) const
{
    for (size_t i = 0; i < topics.size(); ++i) {
        if (topics[i].name == name) {
            return qint32(i);
        }
    }
    return -1;
}

qint32 World::groupIndex(const QString &name) const
{
    for (size_t i = 0; i < groups.size(); ++i) {
        if (groups[i].name == name) {
            return qint32(i);
        }
    }
    return -1;
}

qint32 World::consumerByName(const QString &name) const
{
    for (size_t i = 0; i < consumers.size(); ++i) {
        if (consumers[i]->name == name) {
            return qint32(i);
        }
    }
    return -1;
}

qint32 World::queueIndex(qint32 topic, qint32 broker, qint32 queueId) const
{
    if (topic < 0 || broker < 0) {
        return -1;
    }
    return topics[size_t(topic)].queueIndex.value(
        (quint64(quint32(broker)) << 32) | quint32(queueId), -1);
}

qint32 World::addQueue(qint32 topic, qint32 broker, qint32 queueId)
{
    const qint32 existing = queueIndex(topic, broker, queueId);
    if (existing >= 0) {
        return existing;
    }
    TopicState &t = topics[size_t(topic)];
    QueueState q;
    q.topic = topic;
    q.broker = broker;
    q.queueId = queueId;
    q.retry = t.retry;
    q.retryGroup = t.group;
    q.committed.assign(groups.size(), -1);
    q.flushed.assign(groups.size(), -1);
    q.initialOffset.assign(groups.size(), -1);
    if (!t.retry && t.messageSizeMax <= t.messageSizeMin) {
        q.fixedSize = quint32(std::max(1, t.messageSizeMin));
        q.fixedPerRead = qint32(std::max<qint64>(1, 262144 / q.fixedSize));
    }
    queueStates.push_back(std::move(q));
    const qint32 index = qint32(queueStates.size() - 1);
    t.queueIndex.insert((quint64(quint32(broker)) << 32) | quint32(queueId), index);
    QueueInfo info;
    info.topic = t.name;
    info.brokerName = brokerNames[broker];
    info.queueId = queueId;
    info.topicIndex = topic;
    info.brokerIndex = broker;
    info.retry = t.retry;
    queueInfos.append(info);
    for (auto &c : consumers) {
        c->pqOfQueue.resize(queueStates.size(), -1);
    }
    metrics.resize();
    return index;
}

const std::vector<qint32> &World::queueRank() const
{
    if (m_queueRank.size() != size_t(queueInfos.size())) {
        std::vector<qint32> order(size_t(queueInfos.size()));
        for (size_t i = 0; i < order.size(); ++i) {
            order[i] = qint32(i);
        }
        std::sort(order.begin(), order.end(), [this](qint32 a, qint32 b) {
            const QueueInfo &qa = queueInfos[a];
            const QueueInfo &qb = queueInfos[b];
            return MessageQueue { qa.topic, qa.brokerName, qa.queueId }
            < MessageQueue { qb.topic, qb.brokerName, qb.queueId };
        });
        m_queueRank.assign(order.size(), 0);
        for (size_t i = 0; i < order.size(); ++i) {
            m_queueRank[size_t(order[i])] = qint32(i);
        }
    }
    return m_queueRank;
}

quint32 World::messageSize(qint32 queue, qint64 offset) const
{
    const QueueState &q = queueStates[size_t(queue)];
    if (q.fixedSize) {
        return q.fixedSize;
    }
    if (q.retry) {
        return size_t(offset) < q.stored.size() ? q.stored[size_t(offset)].size : 1024;
    }
    const TopicState &t = topics[size_t(q.topic)];
    if (t.messageSizeMax <= t.messageSizeMin) {
        return quint32(std::max(1, t.messageSizeMin));
    }
    // A message's size is a function of its identity, so a re-pull sees the same body.
    const quint64 span = quint64(t.messageSizeMax - t.messageSizeMin + 1);
    return quint32(t.messageSizeMin)
        + quint32(Random::hash(seed ^ (quint64(queue) << 20), quint64(offset)) % span);
}

std::vector<qint32> World::route(qint32 topic) const
{
    std::vector<qint32> queues;
    const TopicState &t = topics[size_t(topic)];
    for (auto it = t.queueIndex.cbegin(); it != t.queueIndex.cend(); ++it) {
        if (queueStates[size_t(*it)].inRoute) {
            queues.push_back(*it);
        }
    }
    // RocketMQ's order (brokerName as a Java string, then queueId): what a client sorts. The
    // brokers' names are ranked once, not compared per pair of queues.
    std::vector<qint32> rank(brokerNames.size(), 0);
    for (qsizetype a = 0; a < brokerNames.size(); ++a) {
        for (qsizetype b = 0; b < brokerNames.size(); ++b) {
            rank[size_t(a)] += javaCompare(brokerNames[b], brokerNames[a]) < 0 ? 1 : 0;
        }
    }
    std::sort(queues.begin(), queues.end(), [this, &rank](qint32 a, qint32 b) {
        const QueueInfo &qa = queueInfos[a];
        const QueueInfo &qb = queueInfos[b];
        const qint32 ra = rank[size_t(qa.brokerIndex)];
        const qint32 rb = rank[size_t(qb.brokerIndex)];
        return ra != rb ? ra < rb : qa.queueId < qb.queueId;
    });
    return queues;
}

void World::refreshRoute(qint32 topic)
{
    TopicState &t = topics[size_t(topic)];
    for (auto it = t.queueIndex.cbegin(); it != t.queueIndex.cend(); ++it) {
        QueueState &q = queueStates[size_t(*it)];
        q.readable = q.queueId < t.readQueueNums[size_t(q.broker)];
        q.inRoute = brokers[size_t(q.broker)]->up && q.readable;
        if (t.retry) {
            continue;
        }
        for (size_t g = 0; g < groups.size(); ++g) {
            const auto &subscribed = groups[g].topics;
            if (std::find(subscribed.begin(), subscribed.end(), topic) != subscribed.end()) {
                metrics.setCounted(qint32(g), *it, q.inRoute);
            }
        }
    }
}

void World::updateProduction(qint32 topic)
{
    TopicState &t = topics[size_t(topic)];
    if (t.retry) {
        return;
    }
    // Producers spread the topic's rate over the live queues (MQFaultStrategy avoids a broker
    // that is down), weighted 1/(k+1)^skew.
    const std::vector<qint32> live = route(topic);
    double total = 0;
    for (size_t k = 0; k < live.size(); ++k) {
        total += t.skew > 0 ? 1.0 / std::pow(double(k + 1), t.skew) : 1.0;
    }
    std::vector<double> rate(queueStates.size(), 0.0);
    for (size_t k = 0; k < live.size(); ++k) {
        const double weight = t.skew > 0 ? 1.0 / std::pow(double(k + 1), t.skew) : 1.0;
        rate[size_t(live[k])] = total > 0 ? t.produceRate / 1000.0 * weight / total : 0.0;
    }
    for (auto it = t.queueIndex.cbegin(); it != t.queueIndex.cend(); ++it) {
        QueueState &q = queueStates[size_t(*it)];
        const double perMs = rate[size_t(*it)];
        if (!q.steps.empty() && q.steps.back().perMs == perMs) {
            continue;
        }
        q.setRate(now(), perMs);
        brokers[size_t(q.broker)]->replanParked(*it);
    }
}

qint32 World::createConsumer(qint32 group, const ConsumerSpec &spec, bool scripted)
{
    Q_UNUSED(scripted);
    const qint32 index = qint32(consumers.size());
    consumers.push_back(std::make_unique<Consumer>(this, index, group, spec));
    ConsumerInfo info;
    info.name = consumers.back()->name;
    info.id = spec.id;
    info.group = groups[size_t(group)].name;
    info.groupIndex = group;
    info.instanceName = spec.instanceName;
    consumerInfos.append(info);
    groups[size_t(group)].consumers.push_back(index);
    if (!spec.instanceName.isEmpty()) {
        const QString key = spec.id + QLatin1Char('\n') + spec.instanceName;
        consumers.back()->instanceKey = key;
        instanceMembers[key].push_back(index);
    }
    metrics.resize();
    return index;
}

std::vector<qint32> World::processOf(qint32 c) const
{
    const Consumer &consumer = *consumers[size_t(c)];
    if (consumer.instanceKey.isEmpty()) {
        return { c };
    }
    return instanceMembers.value(consumer.instanceKey);
}

qint32 World::instanceHost(qint32 c) const
{
    for (qint32 m : processOf(c)) {
        const Consumer &member = *consumers[size_t(m)];
        if (member.hostsInstance && member.alive()) {
            return m;
        }
    }
    return -1;
}

void World::popConsumerStateChanged(qint32 consumer)
{
    if (pop && pop->active()) {
        pop->consumerStateChanged(consumer);
    }
}

qint32 World::eventConsumer(const Event &e) const
{
    switch (Ev(e.kind)) {
    case Ev::PullExecute:
    case Ev::PullResponse:
    case Ev::PullStaleResponse:
    case Ev::PullTimeout:
    case Ev::PullOffsetFix:
    case Ev::OrderlyResubmit:
        return pqs[e.target].consumer;
    case Ev::ConsumeDone:
    case Ev::ConsumeResubmit:
    case Ev::Notify:
    case Ev::ChannelClosedAtClient:
        return qint32(e.target);
    case Ev::CoResume: {
        const Network::Waiter &w = network.waiter(e.target);
        return w.active && w.gen == quint32(e.arg) ? w.consumer : -1;
    }
    case Ev::RpcReply:
    case Ev::RpcTimeout:
        return network.callLive(e.target, quint32(e.arg)) ? network.call(e.target).consumer : -1;
    case Ev::Pop:
        return pop->eventConsumer(e);
    default:
        return -1;
    }
}

bool World::dispatchOne(SimTime limit)
{
    Event e;
    if (fastPath.active()) {
        SimTime laneAt = 0;
        quint64 laneSeq = 0;
        if (fastPath.earliest(limit, &laneAt, &laneSeq)) {
            SimTime at = 0;
            quint64 seq = 0;
            if (!agenda.peek(limit, &at, &seq) || laneAt < at || (laneAt == at && laneSeq < seq)) {
                // The next event is a lane's answer: that one alone.
                const quint64 before = processed;
                fastPath.catchUp(laneAt, laneSeq + 1);
                if (processed != before) {
                    // By the lane, or through the general path at its stop: either way the
                    // clock reads that event's time, as after any event.
                    agenda.advanceTo(laneAt);
                    return true;
                }
                // It left the fast path: it is on the agenda now.
            }
        }
    }
    if (!agenda.pop(limit, &e)) {
        return false;
    }
    handle(e);
    return true;
}

void World::runUntil(SimTime limit)
{
    Event e;
    for (;;) {
        if (fastPath.active()) {
            // The lanes' answers before the next event, or up to the limit, come first.
            SimTime at = 0;
            quint64 seq = 0;
            const quint64 stops = fastPath.stops();
            if (agenda.peek(limit, &at, &seq)) {
                fastPath.catchUp(at, seq);
            } else {
                fastPath.catchUp(limit + 1, 0);
            }
            if (fastPath.stops() != stops) {
                continue; // it handled an answer itself, which may have scheduled events
            }
        }
        if (!agenda.pop(limit, &e)) {
            return;
        }
        handle(e);
    }
}

void World::settle()
{
    for (auto &c : consumers) {
        if (!c->frozen) {
            c->consume.catchUp(now());
        }
    }
}

void World::dispatch(const Event &e)
{
    switch (Ev(e.kind)) {
    case Ev::PullExecute: {
        ProcessQueue &pq = pqs[e.target];
        consumers[size_t(pq.consumer)]->pull.onExecute(qint32(e.target), quint32(e.arg));
        break;
    }
    case Ev::PullResponse:
        pqs[e.target].owner->pull.onResponse(qint32(e.target), e.arg);
        break;
    case Ev::PullStaleResponse:
        pqs[e.target].owner->pull.onStaleResponse(qint32(e.target), e.arg);
        break;
    case Ev::PullTimeout: {
        ProcessQueue &pq = pqs[e.target];
        consumers[size_t(pq.consumer)]->pull.onTimeout(qint32(e.target), quint32(e.arg));
        break;
    }
    case Ev::PullOffsetFix: {
        ProcessQueue &pq = pqs[e.target];
        consumers[size_t(pq.consumer)]->pull.onOffsetFix(qint32(e.target));
        break;
    }
    case Ev::ConsumeDone: {
        Consumer &c = *consumers[e.target];
        if (quint32(e.arg >> 32) == c.incarnation && c.alive()) {
            c.consume.onDone(e.small, quint32(e.arg & 0xffffffffu));
        }
        break;
    }
    case Ev::ConsumeResubmit: {
        Consumer &c = *consumers[e.target];
        if (c.alive()) {
            c.consume.onResubmit(e.arg);
        }
        break;
    }
    case Ev::OrderlyResubmit: {
        ProcessQueue &pq = pqs[e.target];
        Consumer &c = *consumers[size_t(pq.consumer)];
        if (c.alive() && c.incarnation == quint32(e.arg) && !pq.dropped) {
            c.consume.submitOrderly(qint32(e.target));
        }
        break;
    }
    case Ev::CoResume:
        network.resumeWaiter(e.target, quint32(e.arg));
        break;
    case Ev::RpcArrive: {
        if (!network.callLive(e.target, quint32(e.arg))) {
            break;
        }
        RpcCall &call = network.call(e.target);
        if (call.broker < 0) {
            // The name server: GET_ROUTEINFO_BY_TOPIC.
            call.ok = true;
            call.resultQueues = route(qint32(call.value));
            network.reply(e.target);
        } else {
            brokers[size_t(call.broker)]->handleRpc(e.target);
        }
        break;
    }
    case Ev::RpcReply:
        if (network.callLive(e.target, quint32(e.arg))) {
            network.complete(e.target, false);
        }
        break;
    case Ev::RpcTimeout:
        if (network.callLive(e.target, quint32(e.arg))) {
            network.complete(e.target, true);
        }
        break;
    case Ev::OffsetUpdate:
        brokers[size_t(queueStates[e.target].broker)]->offsetUpdate(
            qint32(e.target), qint32(e.small), qint64(e.arg));
        break;
    case Ev::Unlock:
        brokers[size_t(queueStates[e.target].broker)]->unlock(
            qint32(e.target), qint32(e.small), qint32(e.arg));
        break;
    case Ev::SendBack:
        brokers[e.target]->sendBack(qint32(e.arg));
        break;
    case Ev::Notify: {
        Consumer &c = *consumers[e.target];
        if (c.incarnation == quint32(e.arg)) {
            c.onNotify();
        }
        break;
    }
    case Ev::ChannelClosedAtBroker:
        brokers[e.target]->channelClosed(quint32(e.arg));
        break;
    case Ev::ChannelClosedAtClient:
        consumers[e.target]->onChannelClosed(qint32(e.small), quint32(e.arg));
        break;
    case Ev::ExpiryScan:
        brokers[e.target]->expiryScan(e.arg);
        break;
    case Ev::FlushOffsets:
        brokers[e.target]->flushOffsets(e.arg);
        break;
    case Ev::DelayDue:
        brokers[e.target]->delayDue(int(e.small), e.arg);
        break;
    case Ev::ScenarioEventDue:
        if (e.flags == 1) {
            applyScripted(commands[e.target]);
        } else {
            applyScripted(scenario.events[qsizetype(e.target)]);
        }
        break;
    case Ev::ChurnTick:
        if (churn) {
            churn->onTick(e.arg);
        }
        break;
    case Ev::Recover:
        if (churn) {
            churn->onRecover(qint32(e.target), e.small);
        }
        break;
    case Ev::Sample:
        sample();
        schedule(sampleInterval, Ev::Sample, 0);
        break;
    case Ev::ConsumerStart:
        consumers[e.target]->start();
        break;
    case Ev::Pop:
        pop->handle(e);
        break;
    case Ev::Count:
        break;
    }
}

} // namespace Rblab
