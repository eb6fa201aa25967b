// SPDX-License-Identifier: Apache-2.0
#include "model/popengine.h"

#include "model/world.h"

#include <rblab/javastring.h>

#include <algorithm>
#include <cmath>

namespace Rblab {

namespace {

// DefaultMQPushConsumerImpl
constexpr SimTime kPopPollTime = 15000; // BROKER_SUSPEND_MAX_TIME_MILLIS
constexpr SimTime kPopRpcTimeout = kPopPollTime + 10000; // PullAPIWrapper.popAsync
constexpr SimTime kDelayWhenSuspend = 1000; // PULL_TIME_DELAY_MILLS_WHEN_SUSPEND
constexpr SimTime kDelayWhenFlowControl = 50; // PULL_TIME_DELAY_MILLS_WHEN_CACHE_FLOW_CONTROL
constexpr SimTime kMinInvisible = 5000; // MIN_POP_INVISIBLE_TIME
constexpr SimTime kMaxInvisible = 300000; // MAX_POP_INVISIBLE_TIME
// popDelayLevel (seconds): changePopInvisibleTime's table.
constexpr SimTime kPopDelayLevel[16]
    = { 10, 30, 60, 120, 180, 240, 300, 360, 420, 480, 540, 600, 1200, 1800, 3600, 7200 };
// RebalanceImpl
constexpr SimTime kQueryAssignmentTimeout = 3000; // QUERY_ASSIGNMENT_TIMEOUT
constexpr SimTime kDispatchDelay = 500; // dispatchPopPullRequest after a rebalance
constexpr SimTime kPullMaxIdleTime = 120000; // PopProcessQueue.isPullExpired
// PopLongPollingService / PopRequest
constexpr SimTime kPollScan = 20;
constexpr SimTime kPollEarly = 50;
// PopMessageProcessor and the store's read limits (DefaultMessageStore.getMessage)
constexpr int kPopFromRetryProbability = 20; // BrokerConfig.popFromRetryProbability
constexpr qint64 kMaxTransferCountInMemory = 32;
constexpr qint64 kMaxTransferBytesInMemory = 262144;
constexpr qint64 kMaxTransferCountOnDisk = 8;
constexpr qint64 kMaxTransferBytesOnDisk = 65536;
// PopReviveService
constexpr SimTime kReviveInterval = 1000; // BrokerConfig.reviveInterval
constexpr int kReviveMaxSlow = 3; // BrokerConfig.reviveMaxSlow
constexpr SimTime kReviveDecideAfter = 2000; // endTime - ck.reviveTime > ackTimeInterval + 1 s
// Consumer defaults
constexpr qint64 kDefaultMaxReconsumeTimes = 16; // maxReconsumeTimes -1 → 16

double drawTime(Random &random, const ConsumeTime &t)
{
    switch (t.distribution) {
    case ConsumeTime::Distribution::Fixed:
        return t.meanMs;
    case ConsumeTime::Distribution::Exponential:
        return random.exponential(t.meanMs);
    case ConsumeTime::Distribution::LogNormal: {
        constexpr double kZ99 = 2.3263478740408408;
        const double ratio = std::log(std::max(t.p99Ms, t.meanMs * 1.0001) / t.meanMs);
        const double disc = kZ99 * kZ99 - 2.0 * ratio;
        const double sigma = disc > 0 ? kZ99 - std::sqrt(disc) : kZ99;
        const double mu = std::log(t.meanMs) - sigma * sigma / 2.0;
        return std::exp(mu + sigma * random.normal());
    }
    }
    return t.meanMs;
}

quint64 stamp(quint32 id, quint32 gen)
{
    return quint64(id) | (quint64(gen) << 32);
}

} // namespace

PopEngine::PopEngine(World *world)
    : m_world(world), m_random(Random::derive(world->seed, 0x504f50, 0))
{
}

PopEngine::~PopEngine() = default;

void PopEngine::build()
{
    World &w = *m_world;
    m_popGroup.assign(w.groups.size(), 0);
    m_figures.assign(w.groups.size(), GroupFigures());
    for (size_t g = 0; g < w.groups.size(); ++g) {
        const GroupState &group = w.groups[g];
        // RebalancePushImpl.clientRebalance: orderly and BROADCASTING always rebalance on the
        // client, whatever the broker's mode.
        if (group.spec.simple() && !group.broadcasting()) {
            m_popGroup[g] = 2; // every gRPC receive is a POP_MESSAGE issued by the proxy
            m_active = true;
        } else if (group.spec.pops()) {
            m_popGroup[g] = 1;
            m_active = true;
        }
    }
    if (!m_active) {
        return; // nothing scheduled: runs without POP groups stay as they were
    }
    m_brokers.resize(w.brokers.size());
    for (size_t b = 0; b < w.brokers.size(); ++b) {
        // One PopReviveService loop per broker (the 8 revive queues merged into one).
        w.schedule(kReviveInterval, Ev::Pop, quint32(b), 0, quint16(Op::ReviveTick));
    }
}

PopEngine::Client &PopEngine::client(qint32 consumer)
{
    if (size_t(consumer) >= m_clients.size()) {
        m_clients.resize(size_t(consumer) + 1);
    }
    return m_clients[size_t(consumer)];
}

qint32 PopEngine::keyOf(qint32 group, qint32 topic, qint32 broker, qint32 queue)
{
    const QString name = QStringLiteral("%1@%2@%3@%4").arg(topic).arg(group).arg(broker).arg(queue);
    const auto it = m_keyIndex.constFind(name);
    if (it != m_keyIndex.cend()) {
        return *it;
    }
    Key k;
    k.group = group;
    k.topic = topic;
    k.broker = broker;
    k.queue = queue;
    m_keys.push_back(std::move(k));
    m_keyIndex.insert(name, qint32(m_keys.size() - 1));
    return qint32(m_keys.size() - 1);
}

std::deque<PopEngine::PopMessage> &PopEngine::retryStore(qint32 group, qint32 topic, qint32 broker)
{
    // %RETRY%<group>_<topic> on the broker that popped (KeyBuilder.buildPopRetryTopic, v1).
    const QString name = QStringLiteral("%1@%2@%3").arg(topic).arg(group).arg(broker);
    const auto it = m_retryIndex.constFind(name);
    if (it != m_retryIndex.cend()) {
        return m_retry[size_t(*it)];
    }
    m_retry.emplace_back();
    m_retryGroup.push_back(group);
    m_retryIndex.insert(name, qint32(m_retry.size() - 1));
    return m_retry.back();
}

std::vector<qint32> PopEngine::coverage(qint32 topic, qint32 broker, qint32 queue) const
{
    const World &w = *m_world;
    if (queue >= 0) {
        return { queue };
    }
    std::vector<qint32> covered;
    const TopicState &t = w.topics[size_t(topic)];
    for (auto it = t.queueIndex.cbegin(); it != t.queueIndex.cend(); ++it) {
        const QueueState &q = w.queueStates[size_t(*it)];
        if (q.broker == broker && q.readable) {
            covered.push_back(*it);
        }
    }
    std::sort(covered.begin(), covered.end());
    return covered;
}

void PopEngine::syncHolders(PopQueue &pq)
{
    const Consumer &c = *m_world->consumers[size_t(pq.consumer)];
    const bool owner = !pq.dropped && c.alive();
    const bool run = !pq.dropped && c.running();
    const bool serving = run && pq.pulled;
    const int dOwner = int(owner) - int(pq.heldOwner);
    const int dRun = int(run) - int(pq.heldRun);
    const int dServing = int(serving) - int(pq.heldServing);
    for (qint32 queue : pq.covered) {
        m_world->metrics.changeHolders(pq.group, queue, dOwner, dRun, dServing);
    }
    pq.heldOwner = owner;
    pq.heldRun = run;
    pq.heldServing = serving;
}

void PopEngine::setCoverage(PopQueue &pq, std::vector<qint32> covered)
{
    if (covered == pq.covered) {
        return;
    }
    for (qint32 queue : pq.covered) {
        m_world->metrics.changeHolders(
            pq.group, queue, -int(pq.heldOwner), -int(pq.heldRun), -int(pq.heldServing));
    }
    pq.covered = std::move(covered);
    for (qint32 queue : pq.covered) {
        m_world->metrics.changeHolders(
            pq.group, queue, int(pq.heldOwner), int(pq.heldRun), int(pq.heldServing));
    }
}

void PopEngine::dropQueue(qint32 index)
{
    PopQueue &pq = m_pqs[size_t(index)];
    if (pq.dropped) {
        return;
    }
    pq.dropped = true;
    syncHolders(pq);
}

void PopEngine::consumerStateChanged(qint32 consumer)
{
    if (size_t(consumer) >= m_clients.size()) {
        return;
    }
    for (qint32 index : m_clients[size_t(consumer)].table) {
        syncHolders(m_pqs[size_t(index)]);
    }
}

void PopEngine::destroy(qint32 consumer)
{
    if (size_t(consumer) >= m_clients.size()) {
        return;
    }
    Client &cl = m_clients[size_t(consumer)];
    for (qint32 index : cl.table) {
        dropQueue(index);
    }
    cl.table.clear();
    cl.receiving = false;
    // Queued tasks see their PopProcessQueue dropped and do nothing (no ack, no nack).
    for (const ConsumeTask &t : cl.fifo) {
        ++m_figures[size_t(m_pqs[size_t(t.pq)].group)].discarded;
    }
    cl.fifo.clear();
    for (Worker &wk : cl.workers) {
        if (wk.busy) {
            ++m_figures[size_t(m_pqs[size_t(wk.task.pq)].group)].discarded;
        }
    }
    cl.workers.clear();
    cl.idle.clear();
}

std::vector<qint32> PopEngine::workingSet(qint32 consumer, qint32 topic) const
{
    std::vector<qint32> set;
    if (size_t(consumer) < m_clients.size()) {
        for (qint32 index : m_clients[size_t(consumer)].table) {
            const PopQueue &pq = m_pqs[size_t(index)];
            if (pq.topic == topic && !pq.dropped) {
                set.push_back(index);
            }
        }
    }
    return set;
}

// ---------------------------------------------------------------------------------------------
// Assignment: RebalanceImpl.getRebalanceResultFromBroker and QueryAssignmentProcessor

namespace {

//! AllocateMessageQueueAveragely (the broker's "AVG").
std::vector<qint32> allocateAveragely(qsizetype index, qsizetype cids, qsizetype mqs)
{
    std::vector<qint32> result;
    if (index < 0 || cids == 0) {
        return result;
    }
    const qsizetype mod = mqs % cids;
    const qsizetype averageSize
        = mqs <= cids ? 1 : (mod > 0 && index < mod ? mqs / cids + 1 : mqs / cids);
    const qsizetype startIndex
        = (mod > 0 && index < mod) ? index * averageSize : index * averageSize + mod;
    const qsizetype range = std::min(averageSize, mqs - startIndex);
    for (qsizetype i = 0; i < range; ++i) {
        result.push_back(qint32((startIndex + i) % mqs));
    }
    return result;
}

//! AllocateMessageQueueAveragelyByCircle ("AVG_BY_CIRCLE").
std::vector<qint32> allocateByCircle(qsizetype index, qsizetype cids, qsizetype mqs)
{
    std::vector<qint32> result;
    if (index < 0 || cids == 0) {
        return result;
    }
    for (qsizetype i = index; i < mqs; i += cids) {
        result.push_back(qint32(i));
    }
    return result;
}

} // namespace

qint32 PopEngine::addQueue(qint32 consumer, qint32 topic, qint32 broker, qint32 queue, bool simple)
{
    const World &w = *m_world;
    const Consumer &c = *w.consumers[size_t(consumer)];
    PopQueue pq;
    pq.consumer = consumer;
    pq.incarnation = c.incarnation;
    pq.group = c.group;
    pq.topic = topic;
    pq.broker = broker;
    pq.queue = queue;
    pq.simple = simple;
    pq.lastPopTimestamp = w.now();
    pq.createdAt = w.now();
    m_pqs.push_back(std::move(pq));
    setCoverage(m_pqs.back(), coverage(topic, broker, queue));
    syncHolders(m_pqs.back());
    return qint32(m_pqs.size() - 1);
}

Task<bool> PopEngine::rebalance(qint32 consumer, qint32 topic)
{
    World &w = *m_world;
    Consumer &c = *w.consumers[size_t(consumer)];
    const auto info = c.topicSubscribeInfo.constFind(topic);
    if (simpleGroup(c.group)) {
        // SimpleConsumer: no assignment and no retry subscription; the application receives
        // from the route's brokers in turn (SubscriptionLoadBalancer; the proxy pops queue -1).
        if (w.topics[size_t(topic)].retry || info == c.topicSubscribeInfo.cend()) {
            co_return true;
        }
        Client &cl = client(consumer);
        std::vector<qint32> brokers;
        for (qint32 queue : *info) {
            brokers.push_back(w.queueStates[size_t(queue)].broker);
        }
        std::sort(brokers.begin(), brokers.end());
        brokers.erase(std::unique(brokers.begin(), brokers.end()), brokers.end());
        for (qint32 broker : brokers) {
            const bool present = std::any_of(cl.table.begin(), cl.table.end(), [&](qint32 i) {
                return m_pqs[size_t(i)].topic == topic && m_pqs[size_t(i)].broker == broker;
            });
            if (present) {
                continue;
            }
            cl.table.push_back(addQueue(consumer, topic, broker, -1, true));
        }
        if (!cl.receiving && !cl.table.empty()) {
            cl.receiving = true;
            cl.roundRobin = quint32(c.choiceRandom.below(cl.table.size())); // random start
            receiveNext(c);
        }
        co_return true;
    }
    if (info == c.topicSubscribeInfo.cend() || info->empty()) {
        co_return true; // no route yet: nothing to ask
    }
    // MQClientInstance.queryAssignment: findBrokerAddrByTopic = a random broker of the route.
    std::vector<qint32> brokers;
    for (qint32 queue : *info) {
        brokers.push_back(w.queueStates[size_t(queue)].broker);
    }
    std::sort(brokers.begin(), brokers.end());
    brokers.erase(std::unique(brokers.begin(), brokers.end()), brokers.end());
    const qint32 asked = brokers[size_t(c.choiceRandom.below(brokers.size()))];
    if (!w.network.reachable(consumer, asked)) {
        co_await SleepAwaiter { &w, consumer, kQueryAssignmentTimeout };
        co_return false; // invokeSync threw: not balanced
    }
    co_await SleepAwaiter { &w, consumer, 2 * w.latency };
    if (!c.alive() || c.stopping) {
        co_return true;
    }
    // The broker's answer, from its own membership table and the topic's route.
    QStringList cidAll = w.brokers[size_t(asked)]->clientIds(c.group);
    const QString strategy
        = c.strategyName.isEmpty() ? w.groups[size_t(c.group)].spec.strategy : c.strategyName;
    const bool avg = strategy == QLatin1String("AVG");
    const bool circle = strategy == QLatin1String("AVG_BY_CIRCLE");
    if (cidAll.isEmpty() || (!avg && !circle)) {
        // No consumer list yet, or a strategy the broker does not register: "no result".
        co_return false;
    }
    std::sort(cidAll.begin(), cidAll.end(),
        [](const QString &a, const QString &b) { return javaCompare(a, b) < 0; });
    const std::vector<qint32> mqAll = w.route(topic); // sorted like MessageQueue.compareTo
    const qsizetype n = cidAll.size();
    const qsizetype m = qsizetype(mqAll.size());
    const qint32 k = w.groups[size_t(c.group)].spec.popShareQueueNum;
    // (broker, queue) pairs: queue -1 for "every queue of this broker".
    std::vector<std::pair<qint32, qint32>> assigned;
    if (k <= 0 || k >= n - 1) {
        // allocate4Pop: every client pops every queue, one (topic, broker, -1) per broker.
        for (qint32 queue : mqAll) {
            assigned.emplace_back(w.queueStates[size_t(queue)].broker, -1);
        }
    } else if (n <= m) {
        const qsizetype i = cidAll.indexOf(c.clientId);
        auto blockOf = [&](qsizetype index) {
            return avg ? allocateAveragely(index, n, m) : allocateByCircle(index, n, m);
        };
        std::vector<qint32> picks = blockOf(i);
        if (i >= 0) {
            for (qint32 s = 1; s <= k; ++s) {
                const std::vector<qint32> more = blockOf((i + s) % n);
                picks.insert(picks.end(), more.begin(), more.end());
            }
        }
        for (qint32 p : picks) {
            assigned.emplace_back(w.queueStates[size_t(mqAll[size_t(p)])].broker, mqAll[size_t(p)]);
        }
    } else {
        // More clients than queues: exactly one real queue each.
        const qsizetype i = cidAll.indexOf(c.clientId);
        if (i >= 0 && m > 0) {
            const qint32 q = mqAll[size_t(i % m)];
            assigned.emplace_back(w.queueStates[size_t(q)].broker, q);
        }
    }
    std::sort(assigned.begin(), assigned.end());
    assigned.erase(std::unique(assigned.begin(), assigned.end()), assigned.end());

    // updateMessageQueueAssignment, POP part: drop what is no longer assigned or pop-idle,
    // add what is missing, dispatch new PopRequests after 500 ms.
    Client &cl = client(consumer);
    QList<qint32> added;
    QList<qint32> removed;
    std::vector<qint32> keep;
    for (qint32 index : cl.table) {
        PopQueue &pq = m_pqs[size_t(index)];
        if (pq.topic != topic) {
            keep.push_back(index);
            continue;
        }
        const bool wanted = std::binary_search(
            assigned.begin(), assigned.end(), std::make_pair(pq.broker, pq.queue));
        if (!wanted || w.now() - pq.lastPopTimestamp > kPullMaxIdleTime) {
            for (qint32 q : pq.covered) {
                removed.append(q);
            }
            dropQueue(index); // removeUnnecessaryPopMessageQueue: always true
            continue;
        }
        setCoverage(pq, coverage(pq.topic, pq.broker, pq.queue));
        keep.push_back(index);
    }
    cl.table = std::move(keep);
    std::vector<qint32> fresh;
    for (const auto &[broker, queue] : assigned) {
        const bool present = std::any_of(cl.table.begin(), cl.table.end(), [&](qint32 index) {
            const PopQueue &pq = m_pqs[size_t(index)];
            return pq.topic == topic && pq.broker == broker && pq.queue == queue;
        });
        if (present) {
            continue;
        }
        const qint32 index = addQueue(consumer, topic, broker, queue, false);
        for (qint32 q : m_pqs.back().covered) {
            added.append(q);
        }
        cl.table.push_back(index);
        fresh.push_back(index);
    }
    for (qint32 index : fresh) {
        executeLater(index, kDispatchDelay);
    }
    const bool changed = !added.isEmpty() || !removed.isEmpty();
    if (changed) {
        ++c.rebalanceCount;
        c.lastRebalanceAt = w.now();
        ++w.metrics.rebalances;
        ++w.metrics.groupCounters(c.group).rebalances;
        SimEvent ev;
        ev.type = SimEvent::Type::Rebalance;
        ev.consumer = consumer;
        ev.topic = topic;
        ev.added = added;
        ev.removed = removed;
        ev.detail = QStringLiteral("pop");
        w.publish(ev);
    }
    co_return workingSet(consumer, topic).size() == assigned.size();
}

// ---------------------------------------------------------------------------------------------
// Client: popMessage and its callback

void PopEngine::receiveNext(Consumer &c)
{
    Client &cl = client(c.index);
    if (cl.table.empty() || !c.alive()) {
        cl.receiving = false;
        return;
    }
    const qint32 index = cl.table[cl.roundRobin++ % cl.table.size()];
    popMessage(index);
}

void PopEngine::executeLater(qint32 pq, SimTime delay)
{
    const PopQueue &q = m_pqs[size_t(pq)];
    m_world->schedule(delay, Ev::Pop, quint32(q.consumer), quint64(pq), quint16(Op::Execute));
}

void PopEngine::popMessage(qint32 index)
{
    World &w = *m_world;
    PopQueue &pq = m_pqs[size_t(index)];
    Consumer &c = *w.consumers[size_t(pq.consumer)];
    if (pq.dropped || pq.incarnation != c.incarnation || !c.alive()) {
        return; // 1. the request dies
    }
    pq.lastPopTimestamp = w.now(); // 2.
    if (c.state == ConsumerState::Starting || c.stopping) {
        // 3. the service state is not RUNNING (a frozen, partitioned or paused process is)
        executeLater(index, c.config.pullTimeDelayMillsWhenException);
        return;
    }
    if (c.paused) { // 4.
        executeLater(index, kDelayWhenSuspend);
        return;
    }
    // 5. waitAckCount > popThresholdForQueue (strict); a SimpleConsumer has no such check
    if (!pq.simple && pq.waitAck > c.config.popThresholdForQueue) {
        Client &cl = client(pq.consumer);
        ++cl.flowControlTimes;
        ++c.flowControl[0];
        ++w.metrics.flowControl[0];
        pq.flowControlled = true;
        executeLater(index, kDelayWhenFlowControl);
        return;
    }
    pq.flowControlled = false;
    // 7. POP_MESSAGE to the master of the queue's broker.
    SimTime invisible = c.config.popInvisibleTime;
    if (invisible < kMinInvisible || invisible > kMaxInvisible) {
        invisible = 60000;
    }
    const quint32 id = m_requests.take();
    Request &r = m_requests[id];
    const quint32 gen = r.gen;
    r.consumer = pq.consumer;
    r.incarnation = c.incarnation;
    r.pq = index;
    r.broker = pq.broker;
    r.group = pq.group;
    r.topic = pq.topic;
    r.queue = pq.queue;
    r.maxNums = qint32(std::clamp<qint64>(c.config.popBatchNums, 1, 32));
    r.initMin = w.groups[size_t(pq.group)].spec.consumeFromWhere == ConsumeFromWhere::FirstOffset;
    r.invisibleTime = invisible;
    r.bornTime = w.now();
    r.pollTime = kPopPollTime;
    r.key = keyOf(pq.group, pq.topic, pq.broker, pq.queue);
    SimTime rpcTimeout = kPopRpcTimeout;
    if (pq.simple) {
        // ReceiveMessageActivity: batch ≤ 32, invisibleDuration as asked (autoRenew false),
        // long polling awaitDuration clamped to 5–20 s, initMode MAX; deadline await + 3 s.
        const GroupSpec &g = w.groups[size_t(pq.group)].spec;
        r.maxNums = std::clamp(g.maxMessageNum, 1, 32);
        r.invisibleTime = g.invisibleDuration;
        r.pollTime = std::clamp<SimTime>(g.awaitDuration, 5000, 20000);
        r.initMin = false;
        rpcTimeout = g.awaitDuration + 3000;
    }
    if (!pq.pulled) {
        pq.pulled = true;
        syncHolders(pq);
    }
    if (!w.brokers[size_t(pq.broker)]->up) {
        // No master address (refreshed once, still none): an exception, re-pop after 1 s.
        freeRequest(id);
        executeLater(index, c.config.pullTimeDelayMillsWhenException);
        return;
    }
    w.schedule(
        rpcTimeout, Ev::Pop, quint32(pq.consumer), stamp(id, gen), quint16(Op::ClientTimeout));
    if (w.network.reachable(pq.consumer, pq.broker)) {
        w.schedule(
            w.latency, Ev::Pop, quint32(pq.broker), stamp(id, gen), quint16(Op::BrokerArrive));
    }
}

void PopEngine::freeRequest(quint32 id)
{
    Request &r = m_requests[id];
    r.live = false;
    r.records.clear();
    ++r.gen;
    m_requests.release(id);
}

void PopEngine::onClientTimeout(quint32 id)
{
    Request &r = m_requests[id];
    const qint32 pq = r.pq;
    // Its records stay invisible on the broker: popped to nobody, they are revived.
    if (r.parked) {
        Key &k = m_keys[size_t(r.key)];
        k.parked.erase(std::remove(k.parked.begin(), k.parked.end(), id), k.parked.end());
    }
    const Consumer &c = *m_world->consumers[size_t(r.consumer)];
    freeRequest(id);
    executeLater(pq, c.config.pullTimeDelayMillsWhenException);
}

void PopEngine::onReply(quint32 id)
{
    World &w = *m_world;
    Request &r = m_requests[id];
    const qint32 index = r.pq;
    Consumer &c = *w.consumers[size_t(r.consumer)];
    std::vector<quint32> records = std::move(r.records);
    freeRequest(id);
    PopQueue &pq = m_pqs[size_t(index)];
    if (c.incarnation != pq.incarnation || !c.alive()) {
        return;
    }
    if (pq.simple) {
        // PopMessageResultFilterImpl: reconsumeTimes ≥ maxAttempts (retryMaxTimes 16 + 1) →
        // forwarded to %DLQ%<group> and acked; the rest go to the application, one by one.
        bool any = false;
        for (quint32 rec : records) {
            const Record &record = m_records[rec];
            if (record.message.reconsumeTimes >= 17) {
                ++w.metrics.deadLettered;
                ++w.metrics.groupCounters(pq.group).deadLettered;
                onAck(record.broker, rec, record.gen);
                continue;
            }
            ConsumeTask task;
            task.pq = index;
            task.record = rec;
            task.recordGen = record.gen;
            task.message = record.message;
            task.popTime = record.popTime;
            task.invisibleTime = record.invisibleTime;
            ++pq.waitAck;
            submit(c, task);
            any = true;
        }
        if (!any) {
            receiveNext(c); // MESSAGE_NOT_FOUND: receive again
        }
        return;
    }
    // processPopResult: messages past maxReconsumeTimes are acked unconsumed (no DLQ).
    const qint64 maxReconsume
        = c.config.maxReconsumeTimes < 0 ? kDefaultMaxReconsumeTimes : c.config.maxReconsumeTimes;
    for (quint32 rec : records) {
        const Record &record = m_records[rec];
        if (qint64(record.message.reconsumeTimes) > maxReconsume) {
            ++m_figures[size_t(pq.group)].droppedAfterRetries;
            ackAsync(c, record.broker, rec, record.gen);
            continue;
        }
        ConsumeTask task;
        task.pq = index;
        task.record = rec;
        task.recordGen = record.gen;
        task.message = record.message;
        task.popTime = record.popTime;
        task.invisibleTime = record.invisibleTime;
        ++pq.waitAck; // incFoundMsg
        submit(c, task);
    }
    // FOUND, POLLING_NOT_FOUND, POLLING_TIMEOUT: re-pop at once (pullInterval 0).
    popMessage(index);
}

// ---------------------------------------------------------------------------------------------
// Client: ConsumeMessagePopConcurrentlyService

void PopEngine::submit(Consumer &c, const ConsumeTask &task)
{
    Client &cl = client(c.index);
    if (cl.workers.empty()) {
        // consumeThreadMin = consumeThreadMax threads, created lazily; unbounded queue.
        // The SimpleConsumer's application handles its batch on the thread that received it.
        const qint64 threads
            = simpleGroup(c.group) ? 1 : std::max<qint64>(1, c.config.consumeThreadMin);
        cl.workers.resize(size_t(threads));
        for (qint64 i = threads - 1; i >= 0; --i) {
            cl.idle.push_back(quint16(i));
        }
    }
    cl.fifo.push_back(task);
    startIdle(c);
}

void PopEngine::startIdle(Consumer &c)
{
    World &w = *m_world;
    Client &cl = client(c.index);
    while (!cl.idle.empty() && !cl.fifo.empty()) {
        const quint16 wi = cl.idle.back();
        Worker &wk = cl.workers[wi];
        wk.task = cl.fifo.front();
        cl.fifo.pop_front();
        PopQueue &pq = m_pqs[size_t(wk.task.pq)];
        GroupFigures &f = m_figures[size_t(pq.group)];
        if (pq.dropped) {
            ++f.discarded; // run(): dropped → nothing acked, counter untouched
            continue;
        }
        if (!pq.simple && w.now() - wk.task.popTime >= wk.task.invisibleTime) {
            // isPopTimeout: skipped, released (decFoundMsg); the broker redelivers it.
            --pq.waitAck;
            ++f.skipped;
            continue;
        }
        cl.idle.pop_back();
        wk.busy = true;
        // The listener is called: a delivery of the original message.
        const size_t scope = w.metrics.deliveryScope(c.index);
        DeliveryBits *bits = w.metrics.deliveryBits(scope, wk.task.message.queue);
        w.metrics.recordDelivery(*bits, wk.task.message.offset, wk.task.message.offset + 1);
        ++c.delivered;
        if (wk.task.message.reconsumeTimes > 0) {
            ++f.redelivered;
            ++cl.redelivered;
        }
        double t;
        if (c.stall && c.random.chance(c.stall->probability)) {
            t = c.stall->timeMs;
        } else {
            t = drawTime(c.random, c.consumeTime);
        }
        t += wk.carry;
        const SimTime whole = SimTime(t);
        wk.carry = t - double(whole);
        wk.failed = c.random.chance(c.failureRate);
        w.schedule(whole, Ev::Pop, quint32(c.index), quint64(wi) | (quint64(c.incarnation) << 32),
            quint16(Op::ConsumeDone));
    }
}

void PopEngine::onConsumeDone(Consumer &c, quint16 wi)
{
    World &w = *m_world;
    Client &cl = client(c.index);
    if (wi >= cl.workers.size() || !cl.workers[wi].busy) {
        return;
    }
    Worker &wk = cl.workers[wi];
    wk.busy = false;
    cl.idle.push_back(wi);
    const ConsumeTask task = wk.task;
    PopQueue &pq = m_pqs[size_t(task.pq)];
    GroupFigures &f = m_figures[size_t(pq.group)];
    if (pq.simple) {
        --pq.waitAck;
        if (!wk.failed) {
            // ack(view): the proxy refuses a handle past its invisible time
            // (INVALID_RECEIPT_HANDLE) before it reaches the broker.
            if (w.now() < task.popTime + task.invisibleTime) {
                ackAsync(c, pq.broker, task.record, task.recordGen);
            } else {
                ++f.lateAcks;
            }
        }
        // A failure: no nack; the message comes back after invisibleDuration.
        if (cl.fifo.empty()
            && std::none_of(
                cl.workers.begin(), cl.workers.end(), [](const Worker &x) { return x.busy; })) {
            receiveNext(c);
        } else {
            startIdle(c);
        }
        return;
    }
    if (pq.dropped || w.now() - task.popTime >= task.invisibleTime) {
        // The result is discarded: no ack, no nack (decFoundMsg).
        if (!pq.dropped) {
            --pq.waitAck;
        }
        ++f.discarded;
    } else if (!wk.failed) {
        ackAsync(c, pq.broker, task.record, task.recordGen);
        --pq.waitAck; // pq.ack()
    } else {
        --pq.waitAck;
        const qint64 maxReconsume = c.config.maxReconsumeTimes < 0 ? kDefaultMaxReconsumeTimes
                                                                   : c.config.maxReconsumeTimes;
        const int reconsume = task.message.reconsumeTimes;
        if (reconsume >= maxReconsume) {
            // checkNeedAckOrDelay: older than 2 × 7200 s → ack; else the next table index
            // past the message's age (age < 10 s: index -1 throws, nothing is sent).
            const QueueState &q = w.queueStates[size_t(task.message.queue)];
            const SimTime born = std::max<SimTime>(0, q.arrivalOf(task.message.offset));
            const SimTime age = w.now() - born;
            if (age > 2 * kPopDelayLevel[15] * 1000) {
                ++f.droppedAfterRetries;
                ackAsync(c, pq.broker, task.record, task.recordGen);
            } else {
                int index = -1;
                for (int i = 0; i < 16; ++i) {
                    if (kPopDelayLevel[i] * 1000 <= age) {
                        index = i;
                    }
                }
                if (index >= 0) {
                    changeInvisibleAsync(c, pq.broker, task.record, task.recordGen,
                        kPopDelayLevel[std::min(index + 1, 15)] * 1000);
                }
            }
        } else {
            // changePopInvisibleTime(msg, 0): level = reconsumeTimes.
            changeInvisibleAsync(c, pq.broker, task.record, task.recordGen,
                kPopDelayLevel[std::min(reconsume, 15)] * 1000);
        }
    }
    startIdle(c);
}

void PopEngine::ackAsync(Consumer &c, qint32 broker, quint32 record, quint32 gen)
{
    World &w = *m_world;
    ++client(c.index).acked;
    // ACK_MESSAGE to the master, one per message, async, no retry: lost when unreachable.
    if (w.network.reachable(c.index, broker)) {
        w.schedule(w.latency, Ev::Pop, quint32(broker), stamp(record, gen), quint16(Op::Ack));
    }
}

void PopEngine::changeInvisibleAsync(
    Consumer &c, qint32 broker, quint32 record, quint32 gen, SimTime invisible)
{
    World &w = *m_world;
    ++m_figures[size_t(c.group)].changedInvisible;
    if (w.network.reachable(c.index, broker)) {
        const quint32 target = quint32(broker) | (quint32(invisible / 1000) << 16);
        w.schedule(w.latency, Ev::Pop, target, stamp(record, gen), quint16(Op::ChangeInvisible));
    }
}

// ---------------------------------------------------------------------------------------------
// Broker: PopMessageProcessor

qint64 PopEngine::popOffset(qint32 group, qint32 queue, bool initMin)
{
    World &w = *m_world;
    QueueState &q = w.queueStates[size_t(queue)];
    if (q.committed.size() <= size_t(group)) {
        q.committed.resize(w.groups.size(), -1);
        q.flushed.resize(w.groups.size(), -1);
        q.initialOffset.resize(w.groups.size(), -1);
    }
    qint64 off = q.committed[size_t(group)];
    if (off < 0) {
        // getInitOffset: MIN → minOffset; MAX → 0 when the queue's first message is still in
        // the page cache (initPopOffsetByCheckMsgInMem), else maxOffset - 1 ("pop last one").
        const qint64 max = q.maxOffset(w.now());
        if (initMin || !q.historyCold) {
            off = 0;
        } else {
            off = std::max<qint64>(0, max - 1);
        }
        q.committed[size_t(group)] = off;
        if (q.initialOffset[size_t(group)] < 0) {
            q.initialOffset[size_t(group)] = off;
        }
    }
    return off;
}

quint32 PopEngine::newRecord(const Request &r, const PopMessage &m)
{
    const quint32 id = m_records.take();
    Record &rec = m_records[id];
    rec.group = r.group;
    rec.topic = r.topic;
    rec.broker = r.broker;
    rec.consumer = r.consumer;
    rec.message = m;
    rec.popTime = m_world->now();
    rec.invisibleTime = r.invisibleTime;
    rec.reviveTime = rec.popTime + rec.invisibleTime;
    BrokerSide &b = m_brokers[size_t(r.broker)];
    b.checkpoints.emplace(rec.reviveTime, id);
    b.ckSinceScan = true;
    ++m_figures[size_t(r.group)].popped;
    ++m_figures[size_t(r.group)].invisible;
    if (size_t(r.consumer) >= m_invisibleOf.size()) {
        m_invisibleOf.resize(size_t(r.consumer) + 1, 0);
    }
    ++m_invisibleOf[size_t(r.consumer)];
    return id;
}

qint32 PopEngine::popFromQueue(Request &r, qint32 queue, qint32 want, qint64 *restNum)
{
    World &w = *m_world;
    const QueueState &q = w.queueStates[size_t(queue)];
    if (!q.readable || want <= 0) {
        return 0;
    }
    const qint64 offset = popOffset(r.group, queue, r.initMin);
    const qint64 max = q.maxOffset(w.now());
    const bool cold = q.coldAt(offset);
    const qint64 countLimit = cold ? kMaxTransferCountOnDisk : kMaxTransferCountInMemory;
    const qint64 byteLimit = cold ? kMaxTransferBytesOnDisk : kMaxTransferBytesInMemory;
    qint64 n = 0;
    qint64 bytes = 0;
    while (offset + n < max && n < want && n < countLimit) {
        const qint64 size = w.messageSize(queue, offset + n);
        if (n > 0 && bytes + size > byteLimit) {
            break;
        }
        bytes += size;
        ++n;
    }
    for (qint64 i = 0; i < n; ++i) {
        r.records.push_back(newRecord(r, PopMessage { queue, offset + i, 0 }));
    }
    // appendCheckPoint: the pop offset commits at pop time (PopBufferMergeService, 5 ms).
    w.queueStates[size_t(queue)].committed[size_t(r.group)] = offset + n;
    *restNum += max - (offset + n);
    return qint32(n);
}

qint32 PopEngine::popFromRetry(Request &r, qint32 want)
{
    std::deque<PopMessage> &store = retryStore(r.group, r.topic, r.broker);
    qint32 n = 0;
    while (n < want && n < kMaxTransferCountInMemory && !store.empty()) {
        r.records.push_back(newRecord(r, store.front()));
        store.pop_front();
        ++n;
    }
    return n;
}

bool PopEngine::tryPop(Request &r, qint64 *restNum)
{
    World &w = *m_world;
    const qint32 randomQ = qint32(m_random.below(100));
    const bool needRetry = randomQ < kPopFromRetryProbability;
    qint32 collected = qint32(r.records.size());
    if (needRetry) {
        collected += popFromRetry(r, r.maxNums - collected);
    }
    if (r.queue < 0) {
        // popFromTopic: queues (randomQ + i) mod readQueueNums of this broker.
        const TopicState &t = w.topics[size_t(r.topic)];
        const qint32 readQueueNums = t.readQueueNums[size_t(r.broker)];
        for (qint32 i = 0; i < readQueueNums && collected < r.maxNums; ++i) {
            const qint32 queueId = (randomQ + i) % readQueueNums;
            const qint32 queue = w.queueIndex(r.topic, r.broker, queueId);
            if (queue >= 0) {
                collected += popFromQueue(r, queue, r.maxNums - collected, restNum);
            }
        }
    } else {
        collected += popFromQueue(r, r.queue, r.maxNums - collected, restNum);
    }
    if (!needRetry && collected < r.maxNums) {
        collected += popFromRetry(r, r.maxNums - collected);
    }
    return collected > 0;
}

void PopEngine::onArrive(quint32 id)
{
    World &w = *m_world;
    Request &r = m_requests[id];
    if (!w.brokers[size_t(r.broker)]->up) {
        return; // the connection breaks: the client's callback times out
    }
    qint64 restNum = 0;
    if (tryPop(r, &restNum)) {
        answer(id);
        if (restNum > 0) {
            wakeOne(r.key);
        }
        return;
    }
    // PopLongPollingService.polling: expired = bornTime + pollTime, answered 50 ms early.
    r.expires = r.bornTime + r.pollTime;
    if (w.now() > r.expires - kPollEarly) {
        answer(id); // POLLING_TIMEOUT
        return;
    }
    park(id);
}

void PopEngine::answer(quint32 id)
{
    World &w = *m_world;
    Request &r = m_requests[id];
    r.answered = true;
    if (w.network.reachable(r.consumer, r.broker)) {
        w.schedule(w.latency, Ev::Pop, quint32(r.consumer), stamp(id, r.gen), quint16(Op::Reply));
    }
    // Unreachable: the records stay invisible, the client times out and re-pops.
}

void PopEngine::park(quint32 id)
{
    World &w = *m_world;
    Request &r = m_requests[id];
    r.parked = true;
    Key &k = m_keys[size_t(r.key)];
    // Ordered by expiry (the same pollTime for every remoting request: arrival order).
    k.parked.push_back(id);
    // The timeout scan runs every 20 ms and takes requests with now > expires - 50 ms.
    const SimTime due = ((r.expires - kPollEarly) / kPollScan + 1) * kPollScan;
    w.schedule(std::max<SimTime>(0, due - w.now()), Ev::Pop, quint32(r.broker), stamp(id, r.gen),
        quint16(Op::ParkTimeout));
    planWake(r.key);
}

void PopEngine::planWake(qint32 keyIndex)
{
    World &w = *m_world;
    Key &k = m_keys[size_t(keyIndex)];
    if (k.parked.empty()) {
        return;
    }
    // notifyMessageArriving: the next message stored in one of the key's queues.
    SimTime next = kNever;
    for (qint32 queue : coverage(k.topic, k.broker, k.queue)) {
        const QueueState &q = w.queueStates[size_t(queue)];
        const qint64 offset
            = size_t(k.group) < q.committed.size() ? q.committed[size_t(k.group)] : -1;
        if (offset < 0) {
            continue;
        }
        next = std::min(next, q.arrivalOf(offset));
    }
    if (next == kNever) {
        return;
    }
    next = std::max(next, w.now());
    if (k.wakeAt != kNever && k.wakeAt <= next && k.wakeAt >= w.now()) {
        return; // an earlier wake is planned already
    }
    ++k.wakeGen;
    k.wakeAt = next;
    w.schedule(next - w.now(), Ev::Pop, quint32(keyIndex), k.wakeGen, quint16(Op::ArrivalWake));
}

void PopEngine::wakeOne(qint32 keyIndex)
{
    World &w = *m_world;
    Key &k = m_keys[size_t(keyIndex)];
    while (!k.parked.empty()) {
        const quint32 id = k.parked.front();
        k.parked.erase(k.parked.begin());
        Request &r = m_requests[id];
        r.parked = false;
        const Consumer &c = *w.consumers[size_t(r.consumer)];
        if (!c.alive() || c.incarnation != r.incarnation) {
            continue; // its channel is gone: PopLongPollingService skips inactive channels
        }
        // Re-executed on the pull executor: pops, or parks again.
        onArrive(id);
        return;
    }
}

void PopEngine::onArrivalWake(qint32 keyIndex, quint32 gen)
{
    Key &k = m_keys[size_t(keyIndex)];
    if (gen != k.wakeGen) {
        return;
    }
    k.wakeAt = kNever;
    if (!m_world->brokers[size_t(k.broker)]->up) {
        return;
    }
    wakeOne(keyIndex);
    planWake(keyIndex);
}

void PopEngine::onParkTimeout(quint32 id)
{
    World &w = *m_world;
    Request &r = m_requests[id];
    if (!r.parked) {
        return;
    }
    Key &k = m_keys[size_t(r.key)];
    k.parked.erase(std::remove(k.parked.begin(), k.parked.end(), id), k.parked.end());
    r.parked = false;
    if (!w.brokers[size_t(r.broker)]->up) {
        return;
    }
    // The re-run answers POLLING_TIMEOUT unless messages have appeared meanwhile.
    qint64 restNum = 0;
    tryPop(r, &restNum);
    answer(id);
}

// ---------------------------------------------------------------------------------------------
// Broker: AckMessageProcessor, ChangeInvisibleTimeProcessor, PopReviveService

void PopEngine::onAck(qint32 broker, quint32 id, quint32 gen)
{
    if (!m_world->brokers[size_t(broker)]->up) {
        return;
    }
    if (id >= m_records.size() || m_records[id].gen != gen || !m_records[id].live) {
        // The checkpoint was revived already: the ACK record matches nothing.
        if (id < m_records.size()) {
            ++m_figures[size_t(m_records[id].group)].lateAcks;
        }
        return;
    }
    Record &rec = m_records[id];
    if (!rec.acked) {
        rec.acked = true;
        ++m_figures[size_t(rec.group)].acked;
        settled(rec);
    }
}

void PopEngine::onChangeInvisible(qint32 broker, quint32 id, quint32 gen, SimTime invisible)
{
    if (!m_world->brokers[size_t(broker)]->up || id >= m_records.size()) {
        return;
    }
    // appendCheckPointThenAckOrigin: a new CK for the message (popTime now), then the ACK of
    // the original (ignored if the original was revived already: then it comes twice).
    const Record original = m_records[id];
    if (original.gen != gen) {
        return; // the record slot was reused: the original was revived long ago
    }
    Request r;
    r.group = original.group;
    r.topic = original.topic;
    r.broker = original.broker;
    r.consumer = original.consumer;
    r.invisibleTime = invisible;
    newRecord(r, original.message);
    --m_figures[size_t(original.group)].popped; // a new CK, not a new pop
    Record &rec = m_records[id];
    if (rec.live && !rec.acked) {
        rec.acked = true;
        settled(rec);
    }
}

void PopEngine::onReviveTick(qint32 broker, quint64)
{
    World &w = *m_world;
    BrokerSide &b = m_brokers[size_t(broker)];
    SimTime next = kReviveInterval;
    if (w.brokers[size_t(broker)]->up) {
        // Only the master revives; a CK is decided once the scan is > 2 s past its reviveTime.
        while (!b.checkpoints.empty() && b.checkpoints.top().first + kReviveDecideAfter < w.now()) {
            const quint32 id = b.checkpoints.top().second;
            b.checkpoints.pop();
            Record &rec = m_records[id];
            if (!rec.live) {
                continue;
            }
            if (!rec.acked) {
                // reviveRetry: a copy in %RETRY%<group>_<topic>, reconsumeTimes + 1.
                PopMessage m = rec.message;
                m.reconsumeTimes = quint16(std::min<int>(m.reconsumeTimes + 1, 65535));
                retryStore(rec.group, rec.topic, rec.broker).push_back(m);
                ++m_figures[size_t(rec.group)].revived;
                if (rec.consumer >= 0) {
                    ++client(rec.consumer).revived;
                }
                settled(rec);
            }
            rec.live = false;
            m_records.release(id);
        }
        // waitForRunning(slow × reviveInterval) when the scan found no checkpoint.
        if (!b.ckSinceScan) {
            next += SimTime(b.slow) * kReviveInterval;
            b.slow = std::min(b.slow + 1, kReviveMaxSlow);
        } else {
            b.slow = 1;
        }
        b.ckSinceScan = false;
    }
    w.schedule(next, Ev::Pop, quint32(broker), 0, quint16(Op::ReviveTick));
}

void PopEngine::settled(const Record &rec)
{
    --m_figures[size_t(rec.group)].invisible;
    --m_invisibleOf[size_t(rec.consumer)];
}

// ---------------------------------------------------------------------------------------------
// Dispatch

qint32 PopEngine::eventConsumer(const Event &e) const
{
    switch (Op(e.small)) {
    case Op::Execute:
    case Op::Reply:
    case Op::ClientTimeout:
    case Op::ConsumeDone:
        return qint32(e.target);
    default:
        return -1;
    }
}

void PopEngine::handle(const Event &e)
{
    World &w = *m_world;
    const quint32 id = quint32(e.arg & 0xffffffffu);
    const quint32 gen = quint32(e.arg >> 32);
    switch (Op(e.small)) {
    case Op::Execute:
        popMessage(qint32(e.arg));
        break;
    case Op::Reply:
        if (m_requests.live(id, gen)) {
            onReply(id);
        }
        break;
    case Op::ClientTimeout:
        if (m_requests.live(id, gen)) {
            onClientTimeout(id);
        }
        break;
    case Op::ConsumeDone: {
        Consumer &c = *w.consumers[e.target];
        if (gen == c.incarnation && c.alive()) {
            onConsumeDone(c, quint16(id));
        }
        break;
    }
    case Op::BrokerArrive:
        if (m_requests.live(id, gen) && !m_requests[id].answered) {
            onArrive(id);
        }
        break;
    case Op::ParkTimeout:
        if (m_requests.live(id, gen)) {
            onParkTimeout(id);
        }
        break;
    case Op::ArrivalWake:
        onArrivalWake(qint32(e.target), quint32(e.arg));
        break;
    case Op::Ack:
        onAck(qint32(e.target), id, gen);
        break;
    case Op::ChangeInvisible:
        onChangeInvisible(qint32(e.target & 0xffffu), id, gen, SimTime(e.target >> 16) * kSecond);
        break;
    case Op::ReviveTick:
        onReviveTick(qint32(e.target), e.arg);
        break;
    }
}

// ---------------------------------------------------------------------------------------------
// Observation

qint64 PopEngine::pendingUndelivered(qint32 group) const
{
    if (!popGroup(group)) {
        return 0;
    }
    World &w = *m_world;
    QSet<quint64> pending;
    auto consider = [&](const PopMessage &m) {
        const QueueState &q = w.queueStates[size_t(m.queue)];
        if (size_t(group) >= q.committed.size() || m.offset >= q.committed[size_t(group)]) {
            return;
        }
        const DeliveryBits *bits = w.metrics.deliveryBits(size_t(group), m.queue);
        if (bits->countClear(m.offset, m.offset + 1) == 1) {
            pending.insert((quint64(quint32(m.queue)) << 40) ^ quint64(m.offset));
        }
    };
    for (const Record &rec : m_records) {
        if (rec.live && !rec.acked && rec.group == group) {
            consider(rec.message);
        }
    }
    for (size_t s = 0; s < m_retry.size(); ++s) {
        if (m_retryGroup[s] == group) {
            for (const PopMessage &m : m_retry[s]) {
                consider(m);
            }
        }
    }
    return pending.size();
}

PopEngine::GroupFigures PopEngine::groupFigures(qint32 group) const
{
    GroupFigures f = size_t(group) < m_figures.size() ? m_figures[size_t(group)] : GroupFigures();
    for (const PopQueue &pq : m_pqs) {
        if (pq.group == group && !pq.dropped) {
            f.inFlight += pq.waitAck;
        }
    }
    for (size_t s = 0; s < m_retry.size(); ++s) {
        if (m_retryGroup[s] == group) {
            f.retryBacklog += qint64(m_retry[s].size());
        }
    }
    return f;
}

PopEngine::GroupFigures PopEngine::worldFigures() const
{
    GroupFigures t;
    for (size_t g = 0; g < m_figures.size(); ++g) {
        const GroupFigures f = groupFigures(qint32(g));
        t.popped += f.popped;
        t.acked += f.acked;
        t.lateAcks += f.lateAcks;
        t.changedInvisible += f.changedInvisible;
        t.revived += f.revived;
        t.redelivered += f.redelivered;
        t.skipped += f.skipped;
        t.discarded += f.discarded;
        t.droppedAfterRetries += f.droppedAfterRetries;
        t.inFlight += f.inFlight;
        t.invisible += f.invisible;
        t.retryBacklog += f.retryBacklog;
    }
    return t;
}

PopEngine::ConsumerFigures PopEngine::consumerFigures(qint32 consumer) const
{
    ConsumerFigures f;
    if (size_t(consumer) < m_clients.size()) {
        const Client &cl = m_clients[size_t(consumer)];
        for (qint32 index : cl.table) {
            const PopQueue &pq = m_pqs[size_t(index)];
            if (!pq.dropped) {
                ++f.popQueues;
                f.inFlight += pq.waitAck;
            }
        }
        f.queued = qint64(cl.fifo.size());
        f.redelivered = cl.redelivered;
        f.acked = cl.acked;
        f.revived = cl.revived;
    }
    if (size_t(consumer) < m_invisibleOf.size()) {
        f.invisible = m_invisibleOf[size_t(consumer)];
    }
    return f;
}

std::vector<PopEngine::Holding> PopEngine::holdings(qint32 consumer) const
{
    std::vector<Holding> list;
    if (size_t(consumer) >= m_clients.size()) {
        return list;
    }
    for (qint32 index : m_clients[size_t(consumer)].table) {
        const PopQueue &pq = m_pqs[size_t(index)];
        if (pq.dropped) {
            continue;
        }
        for (qint32 queue : pq.covered) {
            list.push_back({ queue, pq.flowControlled, pq.createdAt, pq.lastPopTimestamp });
        }
    }
    return list;
}

std::vector<qint32> PopEngine::poppers(qint32 queue) const
{
    std::vector<qint32> who;
    for (const PopQueue &pq : m_pqs) {
        if (!pq.dropped && pq.heldRun
            && std::find(pq.covered.begin(), pq.covered.end(), queue) != pq.covered.end()) {
            who.push_back(pq.consumer);
        }
    }
    std::sort(who.begin(), who.end());
    who.erase(std::unique(who.begin(), who.end()), who.end());
    return who;
}

} // namespace Rblab
