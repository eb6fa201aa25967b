// SPDX-License-Identifier: Apache-2.0
#include "model/popclient.h"

#include "model/listenertime.h"
#include "model/popbroker.h"
#include "model/world.h"

#include <algorithm>

namespace Rblab {

namespace {

using Op = PopEngine::Op;

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
// Consumer defaults
constexpr qint64 kDefaultMaxReconsumeTimes = 16; // maxReconsumeTimes -1 → 16

qint64 maxReconsumeTimes(const Consumer &c)
{
    return c.config.maxReconsumeTimes < 0 ? kDefaultMaxReconsumeTimes : c.config.maxReconsumeTimes;
}

} // namespace

PopClient::PopClient(World *world, const PopEngine *engine, PopBroker *broker)
    : m_world(world), m_engine(engine), m_broker(broker)
{
    m_figures.assign(world->groups.size(), GroupFigures());
}

PopClient::Client &PopClient::client(qint32 consumer)
{
    if (size_t(consumer) >= m_clients.size()) {
        m_clients.resize(size_t(consumer) + 1);
    }
    return m_clients[size_t(consumer)];
}

PopClient::GroupFigures &PopClient::figures(qint32 group)
{
    return m_figures[size_t(group)];
}

void PopClient::syncHolders(PopQueue &pq)
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

void PopClient::setCoverage(PopQueue &pq, std::vector<qint32> covered)
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

void PopClient::dropQueue(qint32 index)
{
    PopQueue &pq = m_pqs[size_t(index)];
    if (pq.dropped) {
        return;
    }
    pq.dropped = true;
    syncHolders(pq);
}

void PopClient::consumerStateChanged(qint32 consumer)
{
    if (size_t(consumer) >= m_clients.size()) {
        return;
    }
    for (qint32 index : m_clients[size_t(consumer)].table) {
        syncHolders(m_pqs[size_t(index)]);
    }
}

void PopClient::destroy(qint32 consumer)
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
        ++figures(m_pqs[size_t(t.pq)].group).discarded;
    }
    cl.fifo.clear();
    for (Worker &wk : cl.workers) {
        if (wk.busy) {
            ++figures(m_pqs[size_t(wk.task.pq)].group).discarded;
        }
    }
    cl.workers.clear();
    cl.idle.clear();
}

std::vector<qint32> PopClient::workingSet(qint32 consumer, qint32 topic) const
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

qint32 PopClient::addQueue(qint32 consumer, qint32 topic, qint32 broker, qint32 queue, bool simple)
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
    setCoverage(m_pqs.back(), m_broker->coverage(topic, broker, queue));
    syncHolders(m_pqs.back());
    return qint32(m_pqs.size() - 1);
}

// ---------------------------------------------------------------------------------------------
// Assignment: RebalanceImpl.getRebalanceResultFromBroker

std::vector<qint32> PopClient::routeBrokers(const Consumer &c, qint32 topic) const
{
    std::vector<qint32> brokers;
    for (qint32 queue : c.topicSubscribeInfo.value(topic)) {
        brokers.push_back(m_world->queueStates[size_t(queue)].broker);
    }
    std::sort(brokers.begin(), brokers.end());
    brokers.erase(std::unique(brokers.begin(), brokers.end()), brokers.end());
    return brokers;
}

Task<bool> PopClient::rebalance(qint32 consumer, qint32 topic)
{
    World &w = *m_world;
    Consumer &c = *w.consumers[size_t(consumer)];
    if (m_engine->simpleGroup(c.group)) {
        receiveFromRoute(c, topic);
        co_return true;
    }
    const auto info = c.topicSubscribeInfo.constFind(topic);
    if (info == c.topicSubscribeInfo.cend() || info->empty()) {
        co_return true; // no route yet: nothing to ask
    }
    // MQClientInstance.queryAssignment: findBrokerAddrByTopic = a random broker of the route.
    const std::vector<qint32> brokers = routeBrokers(c, topic);
    const qint32 asked = brokers[size_t(c.choiceRandom.below(brokers.size()))];
    if (!w.network.reachable(consumer, asked)) {
        co_await SleepAwaiter { &w, consumer, kQueryAssignmentTimeout };
        co_return false; // invokeSync threw: not balanced
    }
    co_await SleepAwaiter { &w, consumer, 2 * w.latency };
    if (!c.alive() || c.stopping) {
        co_return true;
    }
    const PopBroker::Assignment assignment = m_broker->queryAssignment(asked, c, topic);
    switch (assignment.status) {
    case PopAssignment::Result::Status::NoResult:
        // No consumer list yet, or a strategy the broker does not register.
        co_return false;
    case PopAssignment::Result::Status::Failed:
        // The broker's strategy is missing or threw: reported as the client reports its own.
        c.rebalance.publishStrategyError(topic, assignment.error);
        co_return false;
    case PopAssignment::Result::Status::Assigned:
        break;
    }
    updateAssignment(c, topic, assignment.queues);
    co_return workingSet(consumer, topic).size() == assignment.queues.size();
}

void PopClient::receiveFromRoute(Consumer &c, qint32 topic)
{
    // SimpleConsumer: no assignment and no retry subscription; the application receives from
    // the route's brokers in turn (SubscriptionLoadBalancer; the proxy pops queue -1).
    if (m_world->topics[size_t(topic)].retry || !c.topicSubscribeInfo.contains(topic)) {
        return;
    }
    Client &cl = client(c.index);
    for (qint32 broker : routeBrokers(c, topic)) {
        const bool present = std::any_of(cl.table.begin(), cl.table.end(), [&](qint32 i) {
            return m_pqs[size_t(i)].topic == topic && m_pqs[size_t(i)].broker == broker;
        });
        if (!present) {
            cl.table.push_back(addQueue(c.index, topic, broker, -1, true));
        }
    }
    if (!cl.receiving && !cl.table.empty()) {
        cl.receiving = true;
        cl.roundRobin = quint32(c.choiceRandom.below(cl.table.size())); // random start
        receiveNext(c);
    }
}

void PopClient::updateAssignment(Consumer &c, qint32 topic, const Assigned &assigned)
{
    World &w = *m_world;
    Client &cl = client(c.index);
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
        setCoverage(pq, m_broker->coverage(pq.topic, pq.broker, pq.queue));
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
        const qint32 index = addQueue(c.index, topic, broker, queue, false);
        for (qint32 q : m_pqs.back().covered) {
            added.append(q);
        }
        cl.table.push_back(index);
        fresh.push_back(index);
    }
    for (qint32 index : fresh) {
        executeLater(index, kDispatchDelay);
    }
    if (!added.isEmpty() || !removed.isEmpty()) {
        c.rebalance.publishRebalance(topic, added, removed, QStringLiteral("pop"));
    }
}

// ---------------------------------------------------------------------------------------------
// popMessage and its callback

void PopClient::receiveNext(Consumer &c)
{
    Client &cl = client(c.index);
    if (cl.table.empty() || !c.alive()) {
        cl.receiving = false;
        return;
    }
    const qint32 index = cl.table[cl.roundRobin++ % cl.table.size()];
    popMessage(index);
}

void PopClient::executeLater(qint32 pq, SimTime delay)
{
    const PopQueue &q = m_pqs[size_t(pq)];
    m_world->schedule(delay, Ev::Pop, quint32(q.consumer), quint64(pq), quint16(Op::Execute));
}

void PopClient::popMessage(qint32 index)
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
        ++client(pq.consumer).flowControlTimes;
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
    PopBroker::Request ask;
    ask.consumer = pq.consumer;
    ask.incarnation = c.incarnation;
    ask.pq = index;
    ask.broker = pq.broker;
    ask.group = pq.group;
    ask.topic = pq.topic;
    ask.queue = pq.queue;
    ask.maxNums = qint32(std::clamp<qint64>(c.config.popBatchNums, 1, 32));
    ask.initMin = w.groups[size_t(pq.group)].spec.consumeFromWhere == ConsumeFromWhere::FirstOffset;
    ask.invisibleTime = invisible;
    ask.bornTime = w.now();
    ask.pollTime = kPopPollTime;
    SimTime rpcTimeout = kPopRpcTimeout;
    if (pq.simple) {
        // ReceiveMessageActivity: batch ≤ 32, invisibleDuration as asked (autoRenew false),
        // long polling awaitDuration clamped to 5–20 s, initMode MAX; deadline await + 3 s.
        const GroupSpec &g = w.groups[size_t(pq.group)].spec;
        ask.maxNums = std::clamp(g.maxMessageNum, 1, 32);
        ask.invisibleTime = g.invisibleDuration;
        ask.pollTime = std::clamp<SimTime>(g.awaitDuration, 5000, 20000);
        ask.initMin = false;
        rpcTimeout = g.awaitDuration + 3000;
    }
    const quint32 id = m_broker->open(ask);
    const quint32 gen = m_broker->request(id).gen;
    if (!pq.pulled) {
        pq.pulled = true;
        syncHolders(pq);
    }
    if (!w.brokers[size_t(pq.broker)]->up) {
        // No master address (refreshed once, still none): an exception, re-pop after 1 s.
        m_broker->free(id);
        executeLater(index, c.config.pullTimeDelayMillsWhenException);
        return;
    }
    w.schedule(rpcTimeout, Ev::Pop, quint32(pq.consumer), PopEngine::stamp(id, gen),
        quint16(Op::ClientTimeout));
    if (w.network.reachable(pq.consumer, pq.broker)) {
        w.schedule(w.latency, Ev::Pop, quint32(pq.broker), PopEngine::stamp(id, gen),
            quint16(Op::BrokerArrive));
    }
}

void PopClient::onClientTimeout(quint32 id)
{
    const PopBroker::Request &r = m_broker->request(id);
    const qint32 pq = r.pq;
    const Consumer &c = *m_world->consumers[size_t(r.consumer)];
    m_broker->abandon(id);
    executeLater(pq, c.config.pullTimeDelayMillsWhenException);
}

void PopClient::submitRecord(Consumer &c, PopQueue &pq, qint32 index, quint32 rec)
{
    const PopBroker::Record &record = m_broker->record(rec);
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

void PopClient::onReply(quint32 id)
{
    World &w = *m_world;
    const qint32 index = m_broker->request(id).pq;
    Consumer &c = *w.consumers[size_t(m_broker->request(id).consumer)];
    const std::vector<quint32> records = m_broker->takeAnswer(id);
    PopQueue &pq = m_pqs[size_t(index)];
    if (c.incarnation != pq.incarnation || !c.alive()) {
        return;
    }
    if (pq.simple) {
        // PopMessageResultFilterImpl: reconsumeTimes ≥ maxAttempts (retryMaxTimes 16 + 1) →
        // forwarded to %DLQ%<group> and acked; the rest go to the application, one by one.
        bool any = false;
        for (quint32 rec : records) {
            const PopBroker::Record &record = m_broker->record(rec);
            if (record.message.reconsumeTimes >= 17) {
                ++w.metrics.deadLettered;
                ++w.metrics.groupCounters(pq.group).deadLettered;
                m_broker->onAck(record.broker, rec, record.gen);
                continue;
            }
            submitRecord(c, pq, index, rec);
            any = true;
        }
        if (!any) {
            receiveNext(c); // MESSAGE_NOT_FOUND: receive again
        }
        return;
    }
    // processPopResult: messages past maxReconsumeTimes are acked unconsumed (no DLQ).
    for (quint32 rec : records) {
        const PopBroker::Record &record = m_broker->record(rec);
        if (qint64(record.message.reconsumeTimes) > maxReconsumeTimes(c)) {
            ++figures(pq.group).droppedAfterRetries;
            ackAsync(c, record.broker, rec, record.gen);
            continue;
        }
        submitRecord(c, pq, index, rec);
    }
    // FOUND, POLLING_NOT_FOUND, POLLING_TIMEOUT: re-pop at once (pullInterval 0).
    popMessage(index);
}

// ---------------------------------------------------------------------------------------------
// ConsumeMessagePopConcurrentlyService

void PopClient::submit(Consumer &c, const ConsumeTask &task)
{
    Client &cl = client(c.index);
    if (cl.workers.empty()) {
        // consumeThreadMin = consumeThreadMax threads, created lazily; unbounded queue.
        // The SimpleConsumer's application handles its batch on the thread that received it.
        const qint64 threads
            = m_engine->simpleGroup(c.group) ? 1 : std::max<qint64>(1, c.config.consumeThreadMin);
        cl.workers.resize(size_t(threads));
        for (qint64 i = threads - 1; i >= 0; --i) {
            cl.idle.push_back(quint16(i));
        }
    }
    cl.fifo.push_back(task);
    startIdle(c);
}

void PopClient::startIdle(Consumer &c)
{
    World &w = *m_world;
    Client &cl = client(c.index);
    while (!cl.idle.empty() && !cl.fifo.empty()) {
        const quint16 wi = cl.idle.back();
        Worker &wk = cl.workers[wi];
        wk.task = cl.fifo.front();
        cl.fifo.pop_front();
        PopQueue &pq = m_pqs[size_t(wk.task.pq)];
        GroupFigures &f = figures(pq.group);
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
            t = drawListenerTime(c.random, c.consumeTime);
        }
        t += wk.carry;
        const SimTime whole = SimTime(t);
        wk.carry = t - double(whole);
        wk.failed = c.random.chance(c.failureRate);
        w.schedule(whole, Ev::Pop, quint32(c.index), quint64(wi) | (quint64(c.incarnation) << 32),
            quint16(Op::ConsumeDone));
    }
}

void PopClient::onConsumeDone(Consumer &c, quint16 wi)
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
    GroupFigures &f = figures(pq.group);
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
        nack(c, pq, task);
    }
    startIdle(c);
}

void PopClient::nack(Consumer &c, const PopQueue &pq, const ConsumeTask &task)
{
    const World &w = *m_world;
    const int reconsume = task.message.reconsumeTimes;
    if (reconsume < maxReconsumeTimes(c)) {
        // changePopInvisibleTime(msg, 0): level = reconsumeTimes.
        changeInvisibleAsync(c, pq.broker, task.record, task.recordGen,
            kPopDelayLevel[std::min(reconsume, 15)] * 1000);
        return;
    }
    // checkNeedAckOrDelay: older than 2 × 7200 s → ack; else the next table index past the
    // message's age (age < 10 s: index -1 throws, nothing is sent).
    const QueueState &q = w.queueStates[size_t(task.message.queue)];
    const SimTime born = std::max<SimTime>(0, q.arrivalOf(task.message.offset));
    const SimTime age = w.now() - born;
    if (age > 2 * kPopDelayLevel[15] * 1000) {
        ++figures(pq.group).droppedAfterRetries;
        ackAsync(c, pq.broker, task.record, task.recordGen);
        return;
    }
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

void PopClient::ackAsync(Consumer &c, qint32 broker, quint32 record, quint32 gen)
{
    World &w = *m_world;
    ++client(c.index).acked;
    // ACK_MESSAGE to the master, one per message, async, no retry: lost when unreachable.
    if (w.network.reachable(c.index, broker)) {
        w.schedule(
            w.latency, Ev::Pop, quint32(broker), PopEngine::stamp(record, gen), quint16(Op::Ack));
    }
}

void PopClient::changeInvisibleAsync(
    Consumer &c, qint32 broker, quint32 record, quint32 gen, SimTime invisible)
{
    World &w = *m_world;
    ++figures(c.group).changedInvisible;
    if (w.network.reachable(c.index, broker)) {
        const quint32 target = quint32(broker) | (quint32(invisible / 1000) << 16);
        w.schedule(w.latency, Ev::Pop, target, PopEngine::stamp(record, gen),
            quint16(Op::ChangeInvisible));
    }
}

// ---------------------------------------------------------------------------------------------
// Observation

PopClient::GroupFigures PopClient::groupFigures(qint32 group) const
{
    GroupFigures f = size_t(group) < m_figures.size() ? m_figures[size_t(group)] : GroupFigures();
    for (const PopQueue &pq : m_pqs) {
        if (pq.group == group && !pq.dropped) {
            f.inFlight += pq.waitAck;
        }
    }
    return f;
}

PopClient::ConsumerFigures PopClient::consumerFigures(qint32 consumer) const
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
    }
    return f;
}

std::vector<PopClient::Holding> PopClient::holdings(qint32 consumer) const
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

std::vector<qint32> PopClient::poppers(qint32 queue) const
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
