// SPDX-License-Identifier: Apache-2.0
#include "model/rebalanceimpl.h"

#include "allocation/strategyregistry.h"
#include "model/popengine.h"
#include "model/world.h"

#include <rblab/javastring.h>

#include <algorithm>

namespace Rblab {

namespace {

constexpr SimTime kApiTimeout = 3000; // mqClientApiTimeout
constexpr SimTime kLockTimeout = 1000; // LOCK_BATCH_MQ / UNLOCK_BATCH_MQ
constexpr SimTime kPullMaxIdleTime = 120000; // rocketmq.client.pull.pullMaxIdleTime
constexpr SimTime kLockInterval = 20000; // rocketmq.client.rebalance.lockInterval
constexpr SimTime kUnlockDelay = 20000; // rocketmq.client.unlockDelayTimeMills
constexpr SimTime kDispatchDelay5x = 500; // RebalancePushImpl.dispatchPullRequest (5.x)
//! 4.x: how often a round's first new pulls read the subscription version before
//! messageQueueChanged raises it (a real 4.9.8: 5 rounds of 8; see updateProcessQueueTable).
constexpr double kPullThreadAhead = 5.0 / 8.0;
constexpr SimTime kRebalanceLater = 500; // rebalanceLater after a failed orderly lock (5.x)

} // namespace

/*!
    ServiceThread.waitForRunning(timeout): returns at once (clearing the flag) when a wake-up
    came since the last wait; otherwise sleeps until the timeout or a wakeup(). The flag is
    cleared when the wait ends either way, so wake-ups during a rebalance coalesce into one.
*/
struct RebalanceImpl::WaitAwaiter
{
    RebalanceImpl *self;
    SimTime timeout;
    bool suspended = false;
    quint32 slot = 0;
    quint32 gen = 0;

    bool await_ready()
    {
        if (self->m_wakeupFlag) {
            self->m_wakeupFlag = false;
            return true;
        }
        return false;
    }
    void await_suspend(std::coroutine_handle<> h)
    {
        World &w = *self->m_world;
        slot = w.network.addWaiter(h, self->m_consumer->index);
        gen = w.network.waiter(slot).gen;
        suspended = true;
        self->m_waiting = true;
        self->m_waiterSlot = slot;
        self->m_waiterGen = gen;
        self->m_waitUntil = w.now() + timeout;
        w.schedule(timeout, Ev::CoResume, slot, gen);
    }
    void await_resume()
    {
        suspended = false;
        self->m_waiting = false;
        self->m_wakeupFlag = false;
    }
    ~WaitAwaiter()
    {
        if (suspended) {
            self->m_world->network.cancelWaiter(slot, gen);
            self->m_waiting = false;
        }
    }
};

RebalanceImpl::RebalanceImpl(World *world, Consumer *consumer)
    : m_world(world), m_consumer(consumer)
{
}

void RebalanceImpl::wakeup()
{
    if (!m_consumer->instanceKey.isEmpty() && !m_consumer->hostsInstance) [[unlikely]] {
        // MQClientInstance.rebalanceImmediately: one RebalanceService per instance, so a
        // notification for one group wakes the round of every group of the process.
        const qint32 host = m_world->instanceHost(m_consumer->index);
        if (host >= 0) {
            m_world->consumers[size_t(host)]->rebalance.wakeup();
            return;
        }
    }
    if (m_wakeupFlag) {
        return; // already notified: wake-ups coalesce
    }
    m_wakeupFlag = true;
    if (m_waiting && m_world->network.waiterActive(m_waiterSlot, m_waiterGen)) {
        m_world->schedule(0, Ev::CoResume, m_waiterSlot, m_waiterGen);
    }
}

SimTime RebalanceImpl::nextRound() const
{
    if (!m_consumer->instanceKey.isEmpty() && !m_consumer->hostsInstance) [[unlikely]] {
        // A shared MQClientInstance runs one RebalanceService: its host's wait is this one's.
        const qint32 host = m_world->instanceHost(m_consumer->index);
        if (host >= 0 && host != m_consumer->index) {
            return m_world->consumers[size_t(host)]->rebalance.nextRound();
        }
    }
    if (!m_waiting) {
        return -1; // a round is running, or the service thread is not
    }
    // A wake-up ends the wait at once (ServiceThread.wakeup).
    return m_wakeupFlag ? m_world->now() : m_waitUntil;
}

void RebalanceImpl::wakeupLater(SimTime delay)
{
    m_consumer->threads.spawn(wakeupAfter(delay));
}

Task<void> RebalanceImpl::wakeupAfter(SimTime delay)
{
    co_await SleepAwaiter { m_world, m_consumer->index, delay };
    wakeup();
}

SimTime RebalanceImpl::remainingWait() const
{
    return m_waiting ? std::max<SimTime>(0, m_waitUntil - m_world->now()) : 0;
}

Task<void> RebalanceImpl::serviceLoop(SimTime firstWait)
{
    World &w = *m_world;
    const bool shared = !m_consumer->instanceKey.isEmpty();
    if (w.profile == Profile::V49) {
        // 4.x: wait (20 s or a wake-up), rebalance, forever.
        SimTime wait = firstWait >= 0 ? firstWait : m_consumer->config.rebalanceWaitInterval;
        for (;;) {
            co_await WaitAwaiter { this, wait };
            wait = m_consumer->config.rebalanceWaitInterval;
            if (shared) {
                co_await instanceRebalance();
            } else {
                co_await doRebalance();
            }
        }
    }
    // 5.2+: at least minInterval between rounds, and an unbalanced result retries after it.
    SimTime realWait = firstWait >= 0 ? firstWait : m_consumer->config.rebalanceWaitInterval;
    for (;;) {
        co_await WaitAwaiter { this, realWait };
        const SimTime elapsed = w.now() - lastRebalance;
        if (elapsed < m_consumer->config.rebalanceMinInterval) {
            realWait = m_consumer->config.rebalanceMinInterval - elapsed;
            continue;
        }
        bool balanced = true;
        if (shared) {
            balanced = co_await instanceRebalance();
        } else {
            balanced = co_await doRebalance();
        }
        realWait = balanced ? m_consumer->config.rebalanceWaitInterval
                            : m_consumer->config.rebalanceMinInterval;
        lastRebalance = w.now();
    }
}

/*!
    A member's round and the host waiting for it. Shared by two coroutine frames, either of which
    can be destroyed first (the member or the host shuts down): each side drops its reference
    when its frame ends, the last one frees it. (Plain pointers: GCC 12 mishandles a
    shared_ptr parameter of a coroutine.)
*/
struct RebalanceImpl::MemberRound
{
    World *world = nullptr;
    int references = 2;
    bool done = false;
    bool balanced = true;
    bool waiting = false;
    quint32 slot = 0;
    quint32 gen = 0;

    void release()
    {
        if (--references == 0) {
            delete this;
        }
    }
};

//! The host waits for a member's round, however it ends (done, or the member shut down).
struct RebalanceImpl::MemberRoundAwaiter
{
    MemberRound *round;
    qint32 host;

    bool await_ready() const { return round->done; }
    void await_suspend(std::coroutine_handle<> h)
    {
        Network &net = round->world->network;
        round->slot = net.addWaiter(h, host);
        round->gen = net.waiter(round->slot).gen;
        round->waiting = true;
    }
    void await_resume() { round->waiting = false; }
    ~MemberRoundAwaiter()
    {
        if (round->waiting) {
            round->world->network.cancelWaiter(round->slot, round->gen);
            round->waiting = false;
        }
    }
};

namespace {

//! Drops one side's reference to a MemberRound when its frame ends.
template<typename Round> struct RoundReference
{
    Round *round;
    bool member;
    ~RoundReference()
    {
        if (member) {
            round->done = true;
            if (round->waiting && round->world->network.waiterActive(round->slot, round->gen)) {
                round->world->schedule(0, Ev::CoResume, round->slot, round->gen);
            }
        }
        round->release();
    }
};

} // namespace

Task<bool> RebalanceImpl::instanceRebalance()
{
    World &w = *m_world;
    bool balanced = true;
    const std::vector<Consumer *> members = m_consumer->instanceWorkers();
    for (Consumer *member : members) {
        if (member == m_consumer) {
            const bool ok = co_await doRebalance();
            balanced = balanced && ok;
            continue;
        }
        // The member's own RebalanceImpl, run in its task set (a member shut down meanwhile
        // ends its part) while this thread waits for it: the groups go one after another.
        auto *round = new MemberRound;
        round->world = &w;
        const RoundReference<MemberRound> hold { round, false };
        member->threads.spawn(member->rebalance.memberRound(round));
        if (!round->done) {
            co_await MemberRoundAwaiter { round, m_consumer->index };
        }
        balanced = balanced && round->balanced;
    }
    co_return balanced;
}

Task<void> RebalanceImpl::memberRound(MemberRound *round)
{
    const RoundReference<MemberRound> hold { round, true };
    const bool ok = co_await doRebalance();
    round->balanced = ok;
}

Task<bool> RebalanceImpl::doRebalance()
{
    Consumer &c = *m_consumer;
    if (!c.alive() || c.stopping) {
        co_return true;
    }
    if (c.paused) {
        // A suspended consumer does not rebalance (5.x reports it as not balanced).
        co_return m_world->profile == Profile::V49;
    }
    bool balanced = true;
    // subscriptionInner's iteration order: with a retry topic whose name hashes to an earlier
    // bucket, its round comes first (run1: %RETRY%churn_group before ChurnTopic, so at c3's
    // thaw the retry round met the channel the broker had closed and ChurnTopic's went through).
    const std::vector<qint32> topics = c.rebalanceOrder;
    for (qint32 topic : topics) {
        const bool ok = co_await rebalanceByTopic(topic, c.orderly());
        balanced = balanced && ok;
        if (!c.alive() || c.stopping) {
            co_return true;
        }
    }
    co_return balanced;
}

ConsumerView &RebalanceImpl::recordView(
    qint32 topic, const QStringList &cids, qint32 queueCount, qint32 broker)
{
    Consumer &c = *m_consumer;
    ConsumerView view;
    view.topic = topic;
    view.at = m_world->now();
    view.cidAll = cids;
    view.queueCount = queueCount;
    view.fromBroker = broker;
    view.strategy = c.strategy ? c.strategy->name() : c.strategyName;
    view.strategyParams = c.effectiveStrategyParams;
    for (ConsumerView &v : c.views) {
        if (v.topic == topic) {
            v = view;
            return v;
        }
    }
    c.views.append(view);
    return c.views.last();
}

void RebalanceImpl::publishRebalance(
    qint32 topic, const QList<qint32> &added, const QList<qint32> &removed, const QString &detail)
{
    Consumer &c = *m_consumer;
    World &w = *m_world;
    ++c.rebalanceCount;
    c.lastRebalanceAt = w.now();
    ++w.metrics.rebalances;
    ++w.metrics.groupCounters(c.group).rebalances;
    SimEvent ev;
    ev.type = SimEvent::Type::Rebalance;
    ev.consumer = c.index;
    ev.topic = topic;
    ev.added = added;
    ev.removed = removed;
    ev.detail = detail;
    w.publish(ev);
}

void RebalanceImpl::publishStrategyError(qint32 topic, const QString &message)
{
    // Once per distinct message and topic: a failing strategy is retried every second.
    if (m_lastStrategyError.value(topic) == message) {
        return;
    }
    m_lastStrategyError.insert(topic, message);
    SimEvent ev;
    ev.type = SimEvent::Type::StrategyError;
    ev.consumer = m_consumer->index;
    ev.topic = topic;
    ev.detail = message;
    m_world->publish(ev);
}

Task<bool> RebalanceImpl::rebalanceByTopic(qint32 topic, bool isOrder)
{
    World &w = *m_world;
    Consumer &c = *m_consumer;
    const auto info = c.topicSubscribeInfo.constFind(topic);
    const bool haveRoute = info != c.topicSubscribeInfo.cend();
    const std::vector<qint32> mqSet = haveRoute ? *info : std::vector<qint32>();

    if (c.broadcasting()) {
        if (!haveRoute) {
            co_return true;
        }
        // 5.3.2+ no longer locks queues in BROADCASTING; 4.x locks orderly ones.
        const bool needLock = w.profile == Profile::V49 && isOrder;
        const bool changed = co_await updateProcessQueueTable(topic, mqSet, needLock);
        if (changed) {
            co_await messageQueueChanged(topic);
        }
        recordView(topic, QStringList { c.clientId }, qint32(mqSet.size()), -1);
        co_return workingSetEquals(topic, mqSet);
    }

    if (w.pop && w.pop->popGroup(c.group)
        && (!w.topics[size_t(topic)].retry || w.pop->simpleGroup(c.group))) {
        // clientRebalance(topic) == false: the broker assigns (POP mode, popengine.h).
        co_return co_await w.pop->rebalance(c.index, topic);
    }

    // findConsumerIdList: the consumer list of ONE broker of the topic, picked at random.
    std::vector<qint32> brokers;
    for (qint32 queue : mqSet) {
        brokers.push_back(w.queueStates[size_t(queue)].broker);
    }
    std::sort(brokers.begin(), brokers.end());
    brokers.erase(std::unique(brokers.begin(), brokers.end()), brokers.end());
    QStringList cidAll;
    bool haveCids = false;
    qint32 askedBroker = -1;
    if (!brokers.empty()) {
        askedBroker = brokers[size_t(c.choiceRandom.below(brokers.size()))];
        const quint32 id = w.network.newCall(RpcKind::GetConsumerList, c.index, askedBroker);
        w.network.call(id).group = c.group;
        RpcResult r = co_await RpcAwaiter { &w, id, kApiTimeout };
        if (r.ok && !r.cids.isEmpty()) {
            cidAll = std::move(r.cids);
            haveCids = true;
        }
    }
    if (!c.alive() || c.stopping) {
        co_return true;
    }
    if (!haveRoute || !haveCids) {
        if (!haveCids && haveRoute) {
            SimEvent ev;
            ev.type = SimEvent::Type::RebalanceFailed;
            ev.consumer = c.index;
            ev.topic = topic;
            ev.broker = askedBroker;
            ev.detail = QStringLiteral("no consumer list");
            w.publish(ev);
        }
        co_return true;
    }

    // Collections.sort(mqAll): by the catalog's MessageQueue order, kept from one rebalance to
    // the next (the same order as comparing the names, without comparing them each time).
    const std::vector<qint32> &rank = w.queueRank();
    std::vector<qint32> sorted = mqSet;
    std::sort(sorted.begin(), sorted.end(),
        [&rank](qint32 a, qint32 b) { return rank[size_t(a)] < rank[size_t(b)]; });
    MessageQueueList mqAll;
    mqAll.reserve(qsizetype(sorted.size()));
    for (qint32 queue : sorted) {
        const QueueInfo &qi = w.queueInfos[queue];
        mqAll.append(MessageQueue { qi.topic, qi.brokerName, qi.queueId });
    }
    sortRocketMq(cidAll);
    ConsumerView &view = recordView(topic, cidAll, qint32(mqSet.size()), askedBroker);
    // Kept for the GUI's "Explain this assignment": the lists exactly as the strategy saw them.
    view.mqAll = QList<qint32>(sorted.begin(), sorted.end());
    if (!c.strategy) {
        publishStrategyError(topic, c.strategyError);
        co_return false;
    }
    if (mqAll.isEmpty()) {
        // The strategy's check throws on an empty queue list: the round is skipped and the
        // consumer keeps whatever it holds.
        publishStrategyError(
            topic, QStringLiteral("IllegalArgumentException: mqAll is null or mqAll empty"));
        co_return false;
    }
    const AllocateResult result
        = guardedAllocate(*c.strategy, w.groups[size_t(c.group)].name, c.clientId, mqAll, cidAll);
    if (!result.ok()) {
        publishStrategyError(topic, result.error);
        co_return false;
    }
    std::vector<qint32> allocated;
    allocated.reserve(size_t(result.queues.size()));
    for (const MessageQueue &mq : result.queues) {
        const qint32 queue
            = w.queueIndex(w.topicIndex(mq.topic), w.brokerIndex(mq.brokerName), mq.queueId);
        if (queue < 0 || std::find(mqSet.begin(), mqSet.end(), queue) == mqSet.end()) {
            // A queue the strategy was not given: report it and skip the round, as RebalanceImpl
            // does when a strategy throws.
            publishStrategyError(topic,
                QStringLiteral("%1 returned %2, which it was not given")
                    .arg(c.strategy->name(), mq.toString()));
            co_return false;
        }
        allocated.push_back(queue);
    }
    // The view may have moved (recordView appends): find it again rather than keep a reference
    // across the co_await above.
    for (ConsumerView &v : c.views) {
        if (v.topic == topic) {
            v.allocated = QList<qint32>(allocated.begin(), allocated.end());
        }
    }
    m_lastStrategyError.remove(topic);
    std::sort(allocated.begin(), allocated.end());
    allocated.erase(std::unique(allocated.begin(), allocated.end()), allocated.end());
    const bool changed = co_await updateProcessQueueTable(topic, allocated, isOrder);
    if (changed) {
        co_await messageQueueChanged(topic);
    }
    co_return workingSetEquals(topic, allocated);
}

bool RebalanceImpl::workingSetEquals(qint32 topic, const std::vector<qint32> &mqSet) const
{
    const World &w = *m_world;
    std::vector<qint32> working;
    for (qint32 pqIndex : m_consumer->table) {
        const ProcessQueue &pq = w.pqs[size_t(pqIndex)];
        if (!pq.dropped && w.queueStates[size_t(pq.queue)].topic == topic) {
            working.push_back(pq.queue);
        }
    }
    std::sort(working.begin(), working.end());
    std::vector<qint32> wanted = mqSet;
    std::sort(wanted.begin(), wanted.end());
    return working == wanted;
}

void RebalanceImpl::markDropped(qint32 pqIndex)
{
    ProcessQueue &pq = m_world->pqs[size_t(pqIndex)];
    if (pq.dropped) {
        return;
    }
    const Consumer &c = *m_consumer;
    const bool wasOwner = c.alive();
    const bool wasRunning = c.running();
    pq.dropped = true;
    m_world->metrics.changeHolders(
        c.group, pq.queue, -int(wasOwner), -int(wasRunning), -int(wasRunning && pq.pulled));
    if (pq.stage == ProcessQueue::PullStage::Parked) {
        // Still held by the broker; its answer will find the queue dropped.
    }
}

qint32 RebalanceImpl::createProcessQueue(qint32 queue, qint64 nextOffset)
{
    World &w = *m_world;
    Consumer &c = *m_consumer;
    ProcessQueue pq;
    pq.queue = queue;
    pq.consumer = c.index;
    pq.incarnation = c.incarnation;
    pq.retry = w.queueStates[size_t(queue)].retry;
    pq.owner = &c;
    pq.state = &w.queueStates[size_t(queue)];
    pq.broker = w.brokers[size_t(pq.state->broker)].get();
    pq.group = c.group;
    pq.createdAt = pq.lastPullTimestamp = pq.lastConsumeTimestamp = pq.lastLockTimestamp = w.now();
    pq.locked = true; // 4.9.5+/5.x: new process queues start locked
    pq.nextOffset = nextOffset;
    // Process queues are never reused: the slab index is a creation counter.
    pq.random.reseed(Random::derive(w.seed, 5, quint64(w.pqs.size())));
    w.pqs.push_back(std::move(pq));
    const qint32 index = qint32(w.pqs.size() - 1);
    if (size_t(queue) >= c.pqOfQueue.size()) {
        c.pqOfQueue.resize(w.queueStates.size(), -1);
    }
    c.pqOfQueue[size_t(queue)] = index;
    c.table.push_back(index);
    w.metrics.changeHolders(c.group, queue, int(c.alive()), int(c.running()), 0);
    w.metrics.recordHolder(c.group, queue, c.index);
    return index;
}

void RebalanceImpl::removeFromTable(qint32 pqIndex)
{
    Consumer &c = *m_consumer;
    const qint32 queue = m_world->pqs[size_t(pqIndex)].queue;
    c.table.erase(std::remove(c.table.begin(), c.table.end(), pqIndex), c.table.end());
    if (c.pqOf(queue) == pqIndex) {
        c.pqOfQueue[size_t(queue)] = -1;
    }
}

Task<bool> RebalanceImpl::updateProcessQueueTable(
    qint32 topic, std::vector<qint32> mqSet, bool needLock)
{
    World &w = *m_world;
    Consumer &c = *m_consumer;
    bool changed = false;
    QList<qint32> added;
    QList<qint32> removed;

    // Phase 1: mark what is no longer assigned, and what stopped pulling (pull expired).
    std::vector<qint32> removeList;
    for (qint32 pqIndex : std::vector<qint32>(c.table)) {
        ProcessQueue &pq = w.pqs[size_t(pqIndex)];
        if (w.queueStates[size_t(pq.queue)].topic != topic) {
            continue;
        }
        // RebalanceImpl.updateProcessQueueTableInRebalance acts on a queue only when it is not
        // in mqSet or its pull expired. A queue whose removal failed (an orderly listener held
        // the consume lock) and that is assigned back stays in the table, dropped, with its
        // pull request gone: phase 3 skips it (already in the table), so it stands still until
        // pullMaxIdleTime after its last pull, as it does in RocketMQ.
        const bool assigned = std::binary_search(mqSet.begin(), mqSet.end(), pq.queue);
        if (!assigned) {
            markDropped(pqIndex);
            removeList.push_back(pqIndex);
        } else if (pq.isPullExpired(w.now(), kPullMaxIdleTime)) {
            // "[BUG] doRebalance … pull is pause, so try to fixed it": dropped and re-created.
            markDropped(pqIndex);
            removeList.push_back(pqIndex);
        }
    }
    // Phase 2: remove (persisting offsets; orderly queues wait for the consume lock).
    for (qint32 pqIndex : removeList) {
        if (std::find(c.table.begin(), c.table.end(), pqIndex) == c.table.end()) {
            continue;
        }
        const bool done = co_await removeUnnecessaryMessageQueue(pqIndex);
        if (!c.alive()) {
            co_return changed;
        }
        if (done) {
            removeFromTable(pqIndex);
            removed.append(w.pqs[size_t(pqIndex)].queue);
            w.pqs[size_t(pqIndex)].releaseStorage();
            changed = true;
        }
    }
    // Phase 3: add what is newly assigned.
    bool allLocked = true;
    std::vector<qint32> fresh;
    for (qint32 queue : mqSet) {
        if (c.pqOf(queue) >= 0) {
            continue;
        }
        if (needLock) {
            const bool locked = co_await lock(queue);
            if (!c.alive()) {
                co_return changed;
            }
            if (!locked) {
                allLocked = false;
                SimEvent ev;
                ev.type = SimEvent::Type::LockFailed;
                ev.consumer = c.index;
                ev.queue = queue;
                w.publish(ev);
                continue;
            }
        }
        c.offsets.remove(queue); // removeDirtyOffset
        const qint64 next = co_await computePullFromWhere(queue);
        if (!c.alive() || c.stopping) {
            co_return changed;
        }
        if (next >= 0 && c.pqOf(queue) < 0) {
            fresh.push_back(createProcessQueue(queue, next));
            added.append(queue);
            changed = true;
        }
    }
    if (!allLocked && w.profile == Profile::V5) {
        wakeupLater(kRebalanceLater);
    }
    // dispatchPullRequest: 5.x after 500 ms, 4.x at once: onto the PullMessageService's
    // queue, whose thread sends it on a later turn, by when messageQueueChanged has given the
    // subscription its new version (real 4.9.8 run: the first pull of a new owner is refused
    // with CODE 25, "the consumer's subscription not latest", and retried 1 s later).
    //
    // Unless the pull thread reads the version first: rebalanceByTopic logs "rebalanced result
    // changed" between dispatchPullRequest and messageQueueChanged, and the PullMessageService
    // thread takes the requests meanwhile, one after another. On a real 4.9.8 the first pulls of
    // 5 rounds in 8 observed carried the old version and were served at once (run1's kill: queue
    // 2 of 0-2; two short runs' kills: all three of c1's queues, and 1 of 2 of c2's; one short
    // run's shutdown: all), the others none (README, "Against a real RocketMQ"). With network
    // jitter (timing that varies as on a real cluster) a round's pull thread is ahead with that
    // measured chance, for the first 1 to n of its n pulls; without jitter it never is.
    qsizetype ahead = 0;
    if (w.profile == Profile::V49 && w.jitter > 0 && !fresh.empty()
        && w.jitterRandom.chance(kPullThreadAhead)) {
        ahead = 1 + qsizetype(w.jitterRandom.below(quint64(fresh.size())));
        m_pullThreadAhead = true;
    }
    for (size_t i = 0; i < fresh.size(); ++i) {
        const SimTime delay = w.profile == Profile::V5 ? kDispatchDelay5x
            : ahead > 0 && qsizetype(i) >= ahead       ? 2 // after the raise (1 ms on)
                                                       : 0;
        c.pull.executeLater(fresh[i], delay);
    }
    if (changed) {
        publishRebalance(topic, added, removed);
    }
    co_return changed;
}

Task<bool> RebalanceImpl::waitForConsumeLock(qint32 pqIndex, SimTime timeout)
{
    // consumeLock.writeLock().tryLock(timeout): the consume thread holds the read lock while
    // the listener runs.
    const SimTime deadline = m_world->now() + timeout;
    while (m_world->pqs[size_t(pqIndex)].listenerRunning) {
        if (m_world->now() >= deadline) {
            co_return false;
        }
        co_await SleepAwaiter { m_world, m_consumer->index, 1 };
    }
    co_return true;
}

void RebalanceImpl::sendUnlock(qint32 queue)
{
    World &w = *m_world;
    const qint32 broker = w.queueStates[size_t(queue)].broker;
    if (w.network.reachable(m_consumer->index, broker)) {
        w.schedule(w.latency, Ev::Unlock, quint32(queue), quint64(m_consumer->index),
            quint16(m_consumer->group));
    }
}

Task<void> RebalanceImpl::unlockLater(qint32 queue, SimTime delay)
{
    co_await SleepAwaiter { m_world, m_consumer->index, delay };
    sendUnlock(queue);
}

Task<bool> RebalanceImpl::removeUnnecessaryMessageQueue(qint32 pqIndex)
{
    World &w = *m_world;
    Consumer &c = *m_consumer;
    const qint32 queue = w.pqs[size_t(pqIndex)].queue;
    if (!c.orderly() || c.broadcasting()) {
        c.offsets.persist(queue);
        c.offsets.remove(queue);
        co_return true;
    }
    if (w.profile == Profile::V5) {
        c.offsets.persist(queue);
        const ProcessQueue &pq = w.pqs[size_t(pqIndex)];
        const bool force = pq.dropped && w.now() > pq.lastLockTimestamp + kUnlockDelay;
        bool mayRemove = force;
        if (!mayRemove) {
            mayRemove = co_await waitForConsumeLock(pqIndex, 500);
        }
        if (mayRemove) {
            c.offsets.persist(queue);
            c.offsets.remove(queue);
            w.pqs[size_t(pqIndex)].locked = false;
            sendUnlock(queue);
            co_return true;
        }
        ++w.pqs[size_t(pqIndex)].tryUnlockTimes;
        co_return false;
    }
    // 4.x: offsets first, then the consume lock for up to 1 s; an unlock is delayed 20 s while
    // the queue still has cached messages.
    c.offsets.persist(queue);
    c.offsets.remove(queue);
    const bool mayRemove = co_await waitForConsumeLock(pqIndex, 1000);
    if (mayRemove) {
        if (!w.pqs[size_t(pqIndex)].cache.empty()) {
            c.threads.spawn(unlockLater(queue, kUnlockDelay));
        } else {
            sendUnlock(queue);
        }
        co_return true;
    }
    ++w.pqs[size_t(pqIndex)].tryUnlockTimes;
    co_return false;
}

Task<void> RebalanceImpl::removeProcessQueue(qint32 queue)
{
    const qint32 pqIndex = m_consumer->pqOf(queue);
    if (pqIndex < 0) {
        co_return;
    }
    removeFromTable(pqIndex);
    markDropped(pqIndex);
    co_await removeUnnecessaryMessageQueue(pqIndex);
    m_world->pqs[size_t(pqIndex)].releaseStorage(); // read last by the 4.x unlock decision
}

Task<qint64> RebalanceImpl::computePullFromWhere(qint32 queue)
{
    World &w = *m_world;
    Consumer &c = *m_consumer;
    const QueueState &q = w.queueStates[size_t(queue)];
    const bool retry = q.retry;
    const qint32 broker = q.broker;
    const qint64 stored = co_await c.offsets.readFromStore(queue);
    qint64 result = -1;
    auto brokerOffset = [&](RpcKind kind, qint64 value) -> Task<qint64> {
        const quint32 id = w.network.newCall(kind, c.index, broker);
        w.network.call(id).group = c.group;
        w.network.call(id).queue = queue;
        w.network.call(id).value = value;
        const RpcResult r = co_await RpcAwaiter { &w, id, kApiTimeout };
        co_return r.ok ? r.result : -1;
    };
    const ConsumeFromWhere where = w.groups[size_t(c.group)].spec.consumeFromWhere;
    if (stored >= 0) {
        result = stored;
    } else if (stored == -1) {
        switch (where) {
        case ConsumeFromWhere::LastOffset:
            if (retry) {
                result = 0;
            } else {
                result = co_await brokerOffset(RpcKind::GetMaxOffset, 0);
            }
            break;
        case ConsumeFromWhere::FirstOffset:
            result = 0;
            break;
        case ConsumeFromWhere::Timestamp: {
            const SimTime timestamp
                = c.spec.start - w.groups[size_t(c.group)].spec.consumeTimestamp;
            if (retry) {
                result = co_await brokerOffset(RpcKind::GetMaxOffset, 0);
            } else {
                result = co_await brokerOffset(RpcKind::SearchOffset, timestamp);
            }
            break;
        }
        }
    }
    if (result >= 0 && !c.broadcasting()) {
        QueueState &state = w.queueStates[size_t(queue)];
        if (state.initialOffset[size_t(c.group)] < 0) {
            state.initialOffset[size_t(c.group)] = result;
        }
    }
    co_return result;
}

Task<void> RebalanceImpl::adoptHeld(const std::vector<qint32> &queues)
{
    World &w = *m_world;
    Consumer &c = *m_consumer;
    std::vector<qint32> fresh;
    for (qint32 queue : queues) {
        if (c.pqOf(queue) >= 0) {
            continue; // a notification's rebalance was quicker
        }
        if (c.orderly() && !c.broadcasting()) {
            // A running orderly consumer holds the broker lock of each of its queues; the
            // broker's lock table starts empty, so it takes them now.
            const bool locked = co_await lock(queue);
            if (!c.alive() || c.stopping) {
                co_return;
            }
            if (!locked) {
                continue;
            }
        }
        // Its in-memory offset table matches what it committed, as far as mqadmin shows it.
        const qint64 committed = w.queueStates[size_t(queue)].committed[size_t(c.group)];
        const qint64 next = committed >= 0 ? committed : co_await computePullFromWhere(queue);
        if (!c.alive() || c.stopping) {
            co_return;
        }
        if (next >= 0 && c.pqOf(queue) < 0) {
            c.offsets.update(queue, next, false);
            fresh.push_back(createProcessQueue(queue, next));
        }
    }
    for (qint32 pqIndex : fresh) {
        c.pull.executeImmediately(pqIndex);
    }
}

Task<bool> RebalanceImpl::lock(qint32 queue)
{
    World &w = *m_world;
    Consumer &c = *m_consumer;
    const qint32 broker = w.queueStates[size_t(queue)].broker;
    const quint32 id = w.network.newCall(RpcKind::LockBatch, c.index, broker);
    w.network.call(id).group = c.group;
    w.network.call(id).queues = { queue };
    const RpcResult r = co_await RpcAwaiter { &w, id, kLockTimeout };
    const bool locked
        = r.ok && std::find(r.queues.begin(), r.queues.end(), queue) != r.queues.end();
    const qint32 pqIndex = c.pqOf(queue);
    if (pqIndex >= 0) {
        ProcessQueue &pq = w.pqs[size_t(pqIndex)];
        if (locked) {
            pq.locked = true;
            pq.lastLockTimestamp = w.now();
        } else if (r.ok) {
            pq.locked = false;
        }
    }
    co_return locked;
}

Task<void> RebalanceImpl::lockAllLoop()
{
    World &w = *m_world;
    Consumer &c = *m_consumer;
    co_await SleepAwaiter { &w, c.index, 1000 };
    // ConsumeMessageOrderlyService.start: scheduleAtFixedRate(lockMQPeriodically, 1 s, 20 s), so
    // runs are due every 20 s from the first, however long each one's LOCK_BATCH_MQ calls take.
    SimTime due = w.now();
    for (;;) {
        // lockAll: the non-dropped process queues, grouped by broker, one LOCK_BATCH_MQ each.
        QHash<qint32, std::vector<qint32>> byBroker;
        for (qint32 pqIndex : c.table) {
            const ProcessQueue &pq = w.pqs[size_t(pqIndex)];
            if (!pq.dropped) {
                byBroker[w.queueStates[size_t(pq.queue)].broker].push_back(pq.queue);
            }
        }
        QList<qint32> brokers = byBroker.keys();
        std::sort(brokers.begin(), brokers.end());
        for (qint32 broker : brokers) {
            const quint32 id = w.network.newCall(RpcKind::LockBatch, c.index, broker);
            w.network.call(id).group = c.group;
            w.network.call(id).queues = byBroker.value(broker);
            const RpcResult r = co_await RpcAwaiter { &w, id, kLockTimeout };
            if (!r.ok) {
                continue;
            }
            for (qint32 queue : byBroker.value(broker)) {
                const qint32 pqIndex = c.pqOf(queue);
                if (pqIndex < 0) {
                    continue;
                }
                ProcessQueue &pq = w.pqs[size_t(pqIndex)];
                if (std::find(r.queues.begin(), r.queues.end(), queue) != r.queues.end()) {
                    pq.locked = true;
                    pq.lastLockTimestamp = w.now();
                } else {
                    pq.locked = false;
                }
            }
        }
        due += kLockInterval;
        if (due > w.now()) {
            co_await SleepAwaiter { &w, c.index, due - w.now() };
        }
    }
}

Task<void> RebalanceImpl::messageQueueChanged(qint32 topic)
{
    Consumer &c = *m_consumer;
    World &w = *m_world;
    // "Rebalance changed, also update version": the subscription's subVersion becomes now. The
    // pulls just dispatched carry it, and the broker refuses them (SUBSCRIPTION_NOT_LATEST)
    // until the heartbeat below has told it (PullMessageProcessor).
    // When this round's pull thread was ahead (updateProcessQueueTable), its first pulls go
    // out with the old version before the raise.
    if (std::exchange(m_pullThreadAhead, false)) {
        co_await SleepAwaiter { &w, c.index, 1 };
    }
    c.setSubVersion(topic, w.now());
    // RebalancePushImpl.messageQueueChanged: topic thresholds are split over every process
    // queue of the consumer, the retry topic's included.
    const qint64 n = qint64(c.table.size());
    if (n > 0) {
        if (c.baseConfig.pullThresholdForTopic != -1) {
            c.config.pullThresholdForQueue
                = std::max<qint64>(1, c.baseConfig.pullThresholdForTopic / n);
        }
        if (c.baseConfig.pullThresholdSizeForTopic != -1) {
            c.config.pullThresholdSizeForQueue
                = std::max<qint64>(1, c.baseConfig.pullThresholdSizeForTopic / n);
        }
    }
    // Then a heartbeat to every broker, on the rebalance thread (the next topic waits for it):
    // 5.x sendHeartbeatToAllBrokerWithLockV2(true), 4.x sendHeartbeatToAllBrokerWithLock(),
    // both a tryLock of the instance's heartbeat lock, skipped while another heartbeat runs.
    co_await c.sendHeartbeatToAllBrokersWithLock();
}

void RebalanceImpl::destroy()
{
    Consumer &c = *m_consumer;
    for (qint32 pqIndex : c.table) {
        markDropped(pqIndex);
        c.pqOfQueue[size_t(m_world->pqs[size_t(pqIndex)].queue)] = -1;
        // Its tasks are gone (shutdown and kill clear them first): nobody reads the cache again.
        m_world->pqs[size_t(pqIndex)].releaseStorage();
    }
    c.table.clear();
    if (m_world->pop) {
        m_world->pop->destroy(c.index); // every PopProcessQueue too
    }
}

} // namespace Rblab
