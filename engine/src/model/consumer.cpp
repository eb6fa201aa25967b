// SPDX-License-Identifier: Apache-2.0
#include "model/consumer.h"

#include <rblab/javastring.h>

#include "allocation/strategyregistry.h"
#include "model/world.h"

#include <algorithm>

namespace Rblab {

namespace {

constexpr SimTime kApiTimeout = 3000; // mqClientApiTimeout

//! Holds MQClientInstance.lockHeartbeat for a coroutine's frame: released however it ends.
struct HeartbeatLockGuard
{
    bool *locked;
    explicit HeartbeatLockGuard(bool *flag) : locked(flag) { *locked = true; }
    ~HeartbeatLockGuard() { *locked = false; }
    Q_DISABLE_COPY_MOVE(HeartbeatLockGuard)
};
constexpr SimTime kLockTimeout = 1000; // lock / unlock RPCs

} // namespace

Consumer::Consumer(World *world, qint32 index, qint32 group, const ConsumerSpec &spec)
    : index(index)
    , group(group)
    , name(spec.handle())
    , clientId(spec.id)
    , spec(spec)
    , random(Random::derive(world->seed, 1, quint64(index)))
    , choiceRandom(Random::derive(world->seed, 2, quint64(index)))
    , offsets(world, this)
    , rebalance(world, this)
    , pull(world, this)
    , consume(world, this)
    , m_world(world)
    , m_network(&world->network)
{
    const GroupState &g = world->groups[size_t(group)];
    m_orderly = g.orderly();
    m_broadcasting = g.broadcasting();
    baseConfig.apply(g.spec.client);
    baseConfig.apply(spec.client);
    config = baseConfig;
    consumeTime = spec.consumeTime;
    initialConsumeTime = spec.consumeTime;
    stall = spec.stall;
    failureRate = spec.failureRate;
    startupTime = spec.startupTime;
    startHeartbeatLockFailed = spec.startHeartbeatLockFailed;
    for (qint32 topic : g.topics) {
        subscriptions.push_back(topic);
    }
    if (g.retryTopic >= 0) {
        subscriptions.push_back(g.retryTopic);
    }
    // copySubscription puts the subscribed topics into subscriptionInner, then the retry topic.
    QStringList names;
    for (qint32 topic : subscriptions) {
        names.append(world->topics[size_t(topic)].name);
    }
    for (qsizetype i : javaHashOrder(names)) {
        rebalanceOrder.push_back(subscriptions[size_t(i)]);
    }
    pqOfQueue.assign(world->queueStates.size(), -1);
    channels.assign(size_t(world->brokerNames.size()), 0);
    partitioned.assign(size_t(world->brokerNames.size()), 0);
    offsets.setLocal(g.broadcasting());

    QString strategy = spec.strategy.value_or(g.spec.strategy);
    QVariantMap params = spec.strategyParams.value_or(g.spec.strategyParams);
    if (!world->overrideStrategy.isEmpty()) {
        strategy = world->overrideStrategy;
        params = world->overrideParams;
    }
    QString why;
    if (!setStrategy(strategy, params, &why)) {
        strategyError = why;
    }
}

Consumer::~Consumer()
{
    // Coroutine frames refer to this consumer: destroy them first.
    lifecycle.clear();
    threads.clear();
}

bool Consumer::setStrategy(const QString &strategyName_, const QVariantMap &params, QString *why)
{
    const GroupState &g = m_world->groups[size_t(group)];
    const QString defaultTopic
        = g.topics.empty() ? QString() : m_world->topics[size_t(g.topics.front())].name;
    StrategyCreation made = m_world->registry.create(strategyName_, params, defaultTopic);
    if (!made.ok()) {
        if (why) {
            *why = made.parameter.isEmpty()
                ? made.error
                : QStringLiteral("%1: %2").arg(made.parameter, made.error);
        }
        return false;
    }
    strategy = std::move(made.strategy);
    strategyName = strategyName_;
    strategyParams = params;
    effectiveStrategyParams
        = m_world->registry.checkParameters(strategyName_, params, defaultTopic).values;
    strategyError.clear();
    return true;
}

void Consumer::setClient(const QVariantMap &overrides)
{
    baseConfig.apply(overrides);
    const qint64 queueThreshold = config.pullThresholdForQueue;
    const qint64 sizeThreshold = config.pullThresholdSizeForQueue;
    config = baseConfig;
    // The topic-level division of messageQueueChanged stays in force until the next change.
    if (config.pullThresholdForTopic != -1) {
        config.pullThresholdForQueue = queueThreshold;
    }
    if (config.pullThresholdSizeForTopic != -1) {
        config.pullThresholdSizeForQueue = sizeThreshold;
    }
    consume.setThreads(config.consumeThreadMin);
}

// ---------------------------------------------------------------------------------------------
// Channels

quint32 Consumer::openOrFailChannel(qint32 broker, bool *failed)
{
    Network &net = m_world->network;
    *failed = false;
    quint32 &slot = channels[size_t(broker)];
    if (slot != 0) {
        Channel &ch = net.channel(slot - 1);
        if (ch.clientOpen && ch.brokerOpen) {
            return slot - 1;
        }
        if (ch.clientOpen && !ch.brokerOpen) {
            // The broker closed it and the FIN never reached us: the write is reset.
            ch.clientOpen = false;
            *failed = true;
            return slot - 1;
        }
    }
    const bool reconnect = slot != 0;
    slot = net.openChannel(index, broker) + 1;
    if (reconnect && m_world->profile == Profile::V5 && alive() && !stopping) {
        // 5.2+ enableHeartbeatChannelEventListener: a channel to a known broker became active.
        threads.spawn(reconnected(broker));
    }
    return slot - 1;
}

Task<void> Consumer::reconnected(qint32 broker)
{
    // Netty reports the channel active after the connect completes, not inside the write that
    // opened it: start on a later turn, never inside the caller's RPC set-up.
    co_await SleepAwaiter { m_world, index, 0 };
    // (co_await is kept out of conditions: GCC 12 miscompiles some of those at -O3.)
    const bool sent = co_await heartbeatTo(broker);
    if (sent) {
        rebalance.wakeup();
    }
}

void Consumer::onChannelClosed(qint32 broker, quint32 channel)
{
    if (channels[size_t(broker)] != channel + 1) {
        return;
    }
    m_world->network.channel(channel).clientOpen = false;
    // Pending asynchronous pulls on that channel fail at once (NettyRemotingClient fails the
    // response futures of an inactive channel).
    for (qint32 pqIndex : table) {
        ProcessQueue &pq = m_world->pqs[size_t(pqIndex)];
        if (m_world->queueStates[size_t(pq.queue)].broker != broker) {
            continue;
        }
        if (pq.stage == ProcessQueue::PullStage::InFlight
            || pq.stage == ProcessQueue::PullStage::Parked) {
            if (pq.stage == ProcessQueue::PullStage::Parked) {
                std::vector<qint32> &parked = m_world->queueStates[size_t(pq.queue)].parked;
                parked.erase(std::remove(parked.begin(), parked.end(), pqIndex), parked.end());
            }
            ++pq.pullGen;
            pq.stage = ProcessQueue::PullStage::InFlight;
            pq.status = ProcessQueue::PullStatus::Error;
            m_world->schedule(0, Ev::PullResponse, quint32(pqIndex), pq.pullGen);
        }
    }
}

void Consumer::onNotify()
{
    if (alive() && !stopping) {
        // ClientRemotingProcessor.notifyConsumerIdsChanged → rebalanceImmediately.
        rebalance.wakeup();
    }
}

// ---------------------------------------------------------------------------------------------
// Lifecycle

void Consumer::setState(ConsumerState next)
{
    if (next == state) {
        return;
    }
    // Ownership health counts owners (alive holders) and running owners per queue.
    struct Held
    {
        bool owner, run, serving;
    };
    std::vector<Held> before;
    before.reserve(table.size());
    for (qint32 pqIndex : table) {
        const ProcessQueue &pq = m_world->pqs[size_t(pqIndex)];
        before.push_back({ !pq.dropped && alive(), !pq.dropped && running(),
            !pq.dropped && running() && pq.pulled });
    }
    state = next;
    for (size_t i = 0; i < table.size(); ++i) {
        const ProcessQueue &pq = m_world->pqs[size_t(table[i])];
        const bool owner = !pq.dropped && alive();
        const bool run = !pq.dropped && running();
        const bool serving = run && pq.pulled;
        m_world->metrics.changeHolders(group, pq.queue, int(owner) - int(before[i].owner),
            int(run) - int(before[i].run), int(serving) - int(before[i].serving));
    }
    m_world->popConsumerStateChanged(index); // its PopProcessQueues too
}

void Consumer::refreshState()
{
    if (!alive() || state == ConsumerState::Starting) {
        return;
    }
    ConsumerState next = ConsumerState::Running;
    if (frozen) {
        next = ConsumerState::Frozen;
    } else if (std::any_of(
                   partitioned.begin(), partitioned.end(), [](quint8 p) { return p != 0; })) {
        next = ConsumerState::Partitioned;
    } else if (paused) {
        next = ConsumerState::Paused;
    }
    setState(next);
}

void Consumer::start()
{
    if (state != ConsumerState::Absent) {
        return;
    }
    ++incarnation;
    // subscribe() builds each SubscriptionData with subVersion = System.currentTimeMillis().
    subVersions.assign(subscriptions.size(), m_world->now());
    setState(ConsumerState::Starting);
    lifecycle.spawn(startSequence());
}

Task<void> Consumer::startSequence()
{
    // DefaultMQPushConsumerImpl.start: services first, then the client instance's timers,
    // pull service and rebalance service; then routes, a heartbeat, and a wake-up.
    consume.setThreads(config.consumeThreadMin);
    if (!orderly()) {
        threads.spawn(cleanExpireLoop());
    }
    // MQClientInstance.start() starts the instance's threads once: a consumer that joins a
    // running shared instance (MQClientManager, same clientId) uses its threads.
    if (instanceKey.isEmpty() || m_world->instanceHost(index) < 0) {
        hostsInstance = !instanceKey.isEmpty();
        // RebalanceService is built with the instance (lastRebalanceTimestamp = now), when start()
        // began: startupTime before this moment, when the consumer registers.
        rebalance.lastRebalance = m_world->now() - startupTime;
        threads.spawn(schedulerLoop());
        // Its first wait (waitInterval) began when the service thread did, with the instance.
        threads.spawn(rebalance.serviceLoop(startupTime > 0
                ? std::max<SimTime>(0, config.rebalanceWaitInterval - startupTime)
                : SimTime(-1)));
    }
    if (orderly() && !broadcasting()) {
        threads.spawn(rebalance.lockAllLoop());
    }
    co_await updateRoutes();
    bool sent = co_await sendHeartbeatToAllBrokersWithLock();
    if (startHeartbeatLockFailed) {
        // The instance's scheduled heartbeat held the lock and registered it; start()'s own
        // call returned false ("lock heartBeat, but failed.").
        sent = false;
    }
    setState(ConsumerState::Running);
    refreshState();
    SimEvent ev;
    ev.type = SimEvent::Type::Started;
    ev.consumer = index;
    m_world->publish(ev);
    if (stopping) {
        co_await shutdownSequence(); // shutdown() was called during the start
        co_return;
    }
    if (incarnation == 1 && !heldAtStart.empty()) {
        // Already running when the run began (ConsumerSpec::holds): it keeps what it held and
        // rebalances when its timer or a notification says so.
        co_await rebalance.adoptHeld(heldAtStart);
        co_return;
    }
    // 4.x always wakes the rebalance; 5.x only if the heartbeat round was actually sent.
    if (m_world->profile == Profile::V49 || sent) {
        rebalance.wakeup();
    }
}

void Consumer::shutdown()
{
    if (!alive() || stopping) {
        return;
    }
    stopping = true;
    if (state == ConsumerState::Starting) {
        // DefaultMQPushConsumerImpl.start() and shutdown() are both synchronized: a shutdown
        // asked for while the start sequence runs waits for it, and startSequence runs it then.
        return;
    }
    if (frozen) {
        // A hung process runs nothing: the request (a SIGTERM, the shutdown hook) is acted on
        // when it thaws, like every other event that reached it meanwhile.
        shutdownOnThaw = true;
        return;
    }
    lifecycle.spawn(shutdownSequence());
}

Task<void> Consumer::shutdownSequence()
{
    World &w = *m_world;
    // 1. The consume service stops (awaitTerminationMillisWhenShutdown = 0): running listener
    //    calls are abandoned. Orderly consumers then unlock their queues synchronously.
    consume.stop();
    if (orderly() && !broadcasting()) {
        QHash<qint32, std::vector<qint32>> byBroker;
        for (qint32 pqIndex : table) {
            const ProcessQueue &pq = w.pqs[size_t(pqIndex)];
            byBroker[w.queueStates[size_t(pq.queue)].broker].push_back(pq.queue);
        }
        const QList<qint32> keys = byBroker.keys();
        std::vector<qint32> brokersWithLocks(keys.begin(), keys.end());
        std::sort(brokersWithLocks.begin(), brokersWithLocks.end());
        for (qint32 broker : brokersWithLocks) {
            const quint32 id = w.network.newCall(RpcKind::UnlockBatch, index, broker);
            w.network.call(id).group = group;
            w.network.call(id).queues = byBroker.value(broker);
            co_await RpcAwaiter { &w, id, kLockTimeout };
        }
    }
    // 2. persistConsumerOffset.
    persistAllOffsets();
    // 3. unregisterConsumer → unregisterClientWithLock: lockHeartbeat.tryLock(3000 ms), then
    //    UNREGISTER_CLIENT to every broker, one after another; without the lock, nothing is sent.
    const SimTime lockDeadline = w.now() + kApiTimeout;
    while (heartbeatLocked && w.now() < lockDeadline) {
        co_await SleepAwaiter { m_world, index, 1 };
    }
    if (!heartbeatLocked) {
        HeartbeatLockGuard guard(&heartbeatLocked);
        const std::vector<qint32> brokers = routeBrokers;
        for (qint32 broker : brokers) {
            const quint32 id = w.network.newCall(RpcKind::Unregister, index, broker);
            w.network.call(id).group = group;
            co_await RpcAwaiter { &w, id, kApiTimeout };
        }
    }
    // 4. The client instance shuts down: timers, pull and rebalance services stop, channels close.
    //    A shared instance keeps running while another group is registered
    //    (MQClientInstance.shutdown returns early): its threads go on in another member.
    handOverInstance();
    threads.clear();
    closeChannels();
    // 5. rebalanceImpl.destroy(): every process queue dropped.
    rebalance.destroy();
    setState(ConsumerState::Shutdown);
    stopping = false;
    releaseStorage();
}

void Consumer::releaseStorage()
{
    // A departed consumer never starts again (World::join refuses a name that is not Absent):
    // its snapshot row (state, counters, views) stays, its working storage goes.
    consume.releaseStorage();
    std::vector<Event>().swap(deferred);
    std::vector<qint32>().swap(pqOfQueue);
    topicSubscribeInfo = QHash<qint32, std::vector<qint32>>();
}

void Consumer::closeChannels()
{
    World &w = *m_world;
    for (size_t b = 0; b < channels.size(); ++b) {
        if (channels[b] == 0) {
            continue;
        }
        Channel &ch = w.network.channel(channels[b] - 1);
        if (ch.clientOpen) {
            ch.clientOpen = false;
            if (w.network.reachable(index, qint32(b))) {
                w.schedule(w.latency, Ev::ChannelClosedAtBroker, quint32(b), channels[b] - 1);
            }
        }
    }
}

void Consumer::kill()
{
    if (!alive()) {
        return;
    }
    World &w = *m_world;
    threads.clear();
    lifecycle.clear();
    consume.stop();
    if (frozen) {
        frozen = false;
        --w.frozenCount;
    }
    deferred.clear();
    // The process dies on a live host: the kernel closes its sockets, the brokers see the FIN.
    closeChannels();
    rebalance.destroy();
    setState(ConsumerState::Killed);
    releaseStorage();
}

void Consumer::freeze()
{
    if (!alive() || frozen) {
        return;
    }
    frozen = true;
    ++m_world->frozenCount;
    refreshState();
}

void Consumer::unfreeze()
{
    if (!frozen) {
        return;
    }
    frozen = false;
    --m_world->frozenCount;
    consume.thaw(m_world->now());
    // The hung process resumes: what piled up is handled now, in the order it arrived. A pull
    // answer whose request is older than its ResponseFuture's timeout is not matched any more:
    // NettyRemotingAbstract.scanResponseTable (every second) has removed it as timed out and
    // the callback takes the exception path (real 4.9.8 run1, at c3's thaw: "receive response,
    // but not matched any request", its messages never consumed).
    std::vector<Event> pending = std::move(deferred);
    deferred.clear();
    for (const Event &e : pending) {
        if (Ev(e.kind) == Ev::PullResponse && pull.timedOutAtThaw(qint32(e.target))) {
            Event stale = e;
            stale.kind = quint8(Ev::PullStaleResponse);
            m_world->agenda.schedule(m_world->now(), stale);
            continue;
        }
        m_world->agenda.schedule(m_world->now(), e);
    }
    refreshState();
    if (shutdownOnThaw) {
        shutdownOnThaw = false;
        lifecycle.spawn(shutdownSequence());
    }
}

void Consumer::partition(const std::vector<qint32> &brokers)
{
    for (qint32 b : brokers) {
        partitioned[size_t(b)] = 1;
    }
    refreshState();
}

void Consumer::heal(const std::vector<qint32> &brokers)
{
    for (qint32 b : brokers) {
        partitioned[size_t(b)] = 0;
    }
    refreshState();
}

void Consumer::pause()
{
    paused = true;
    refreshState();
}

void Consumer::resume()
{
    if (!paused) {
        return;
    }
    paused = false;
    refreshState();
    if (alive() && !stopping && state != ConsumerState::Starting) {
        // DefaultMQPushConsumerImpl.resume(): doRebalance() on the caller's thread.
        threads.spawn(resumeRebalance());
    }
}

Task<void> Consumer::resumeRebalance()
{
    co_await rebalance.doRebalance();
}

// ---------------------------------------------------------------------------------------------
// The client instance's scheduled tasks

Task<void> Consumer::cleanExpireLoop()
{
    // ConsumeMessageConcurrentlyService.start: cleanExpireMsg at a fixed rate, initial delay and
    // period consumeTimeout minutes as read at start; each run reads the current consumeTimeout.
    const SimTime period = config.consumeTimeout * 60000;
    SimTime due = m_world->now() + period;
    for (;;) {
        if (due > m_world->now()) {
            co_await SleepAwaiter { m_world, index, due - m_world->now() };
        }
        consume.cleanExpiredMessages(config.consumeTimeout * 60000);
        due += period;
    }
}

std::vector<Consumer *> Consumer::instanceWorkers()
{
    if (instanceKey.isEmpty()) {
        return { this };
    }
    // Every group registered with the instance (MQClientInstance.consumerTable), in order of
    // registration; one being started or stopped does its own.
    std::vector<Consumer *> workers;
    for (qint32 m : m_world->processOf(index)) {
        Consumer &member = *m_world->consumers[size_t(m)];
        if (&member == this
            || (member.alive() && !member.stopping && member.state != ConsumerState::Starting)) {
            workers.push_back(&member);
        }
    }
    return workers;
}

void Consumer::handOverInstance()
{
    if (!hostsInstance) {
        return;
    }
    hostsInstance = false;
    for (qint32 m : m_world->processOf(index)) {
        Consumer &next = *m_world->consumers[size_t(m)];
        if (m == index || !next.alive() || next.stopping) {
            continue;
        }
        next.hostsInstance = true;
        next.rebalance.lastRebalance = rebalance.lastRebalance;
        std::copy(std::begin(schedulerNext), std::end(schedulerNext), next.schedulerNext);
        next.threads.spawn(next.schedulerLoop(true));
        next.threads.spawn(next.rebalance.serviceLoop(rebalance.remainingWait()));
        if (rebalance.wakeupPending()) {
            next.rebalance.wakeup();
        }
        return;
    }
}

Task<void> Consumer::schedulerLoop(bool resume)
{
    // MQClientInstance.startScheduledTask: three fixed-rate tasks on one scheduler thread, so a
    // slow one (a heartbeat waiting on an unreachable broker) delays the others. A shared
    // instance runs them for every group it serves, one after another, with its first
    // creator's intervals (the instance's ClientConfig is a clone of that consumer's).
    enum Kind { Route, Heartbeat, Persist };
    SimTime next[3] = { m_world->now() + 10, m_world->now() + 1000, m_world->now() + 10000 };
    if (resume) {
        std::copy(std::begin(schedulerNext), std::end(schedulerNext), next);
    }
    const bool shared = !instanceKey.isEmpty();
    for (;;) {
        int kind = Route;
        for (int k = Heartbeat; k <= Persist; ++k) {
            if (next[k] < next[kind]) {
                kind = k;
            }
        }
        if (next[kind] > m_world->now()) {
            co_await SleepAwaiter { m_world, index, next[kind] - m_world->now() };
        }
        if (shared) [[unlikely]] {
            for (Consumer *member : instanceWorkers()) {
                switch (kind) {
                case Route:
                    co_await member->updateRoutes();
                    break;
                case Heartbeat:
                    // One heartbeat per broker carries every group's ConsumerData: the
                    // groups' registrations are sent back to back.
                    co_await member->sendHeartbeatToAllBrokersWithLock();
                    break;
                case Persist:
                    member->persistAllOffsets();
                    break;
                }
            }
        } else {
            switch (kind) {
            case Route:
                co_await updateRoutes();
                break;
            case Heartbeat:
                co_await sendHeartbeatToAllBrokersWithLock();
                break;
            case Persist:
                persistAllOffsets();
                break;
            }
        }
        const SimTime period[3] = { config.pollNameServerInterval, config.heartbeatBrokerInterval,
            config.persistConsumerOffsetInterval };
        next[kind] += period[kind];
        std::copy(std::begin(next), std::end(next), schedulerNext);
    }
}

Task<bool> Consumer::updateRoutes()
{
    World &w = *m_world;
    bool ok = true;
    std::vector<qint32> brokers;
    for (qint32 topic : subscriptions) {
        const quint32 id = w.network.newCall(RpcKind::GetRoute, index, -1);
        w.network.call(id).value = topic;
        RpcResult route = co_await RpcAwaiter { &w, id, kApiTimeout };
        if (!route.ok) {
            ok = false;
            continue;
        }
        std::vector<qint32> queues = std::move(route.queues);
        const auto known = topicSubscribeInfo.constFind(topic);
        if (known == topicSubscribeInfo.cend() || *known != queues) {
            if (known != topicSubscribeInfo.cend()) {
                SimEvent ev;
                ev.type = SimEvent::Type::RouteChanged;
                ev.consumer = index;
                ev.topic = topic;
                ev.detail = QStringLiteral("%1 → %2 queues").arg(known->size()).arg(queues.size());
                w.publish(ev);
            }
            topicSubscribeInfo.insert(topic, queues);
        }
        for (qint32 queue : topicSubscribeInfo.value(topic)) {
            brokers.push_back(w.queueStates[size_t(queue)].broker);
        }
    }
    // cleanOfflineBroker: the brokers no route mentions are forgotten.
    std::sort(brokers.begin(), brokers.end());
    brokers.erase(std::unique(brokers.begin(), brokers.end()), brokers.end());
    routeBrokers = brokers;
    co_return ok;
}

Task<bool> Consumer::sendHeartbeatToAllBrokers()
{
    // sendHeartbeatToAllBrokerWithLock: each broker in turn, synchronously (3 s timeout each).
    const std::vector<qint32> brokers = routeBrokers;
    if (brokers.empty()) {
        co_return false;
    }
    for (qint32 broker : brokers) {
        co_await heartbeatTo(broker);
    }
    co_return true;
}

Task<bool> Consumer::sendHeartbeatToAllBrokersWithLock()
{
    if (heartbeatLocked) {
        co_return false; // "lock heartBeat, but failed."
    }
    HeartbeatLockGuard guard(&heartbeatLocked);
    const bool sent = co_await sendHeartbeatToAllBrokers();
    co_return sent;
}

Task<bool> Consumer::heartbeatTo(qint32 broker)
{
    World &w = *m_world;
    const quint32 id = w.network.newCall(RpcKind::Heartbeat, index, broker);
    RpcCall &call = w.network.call(id);
    call.group = group;
    // HeartbeatData: the subscriptions with their versions as of now (prepareHeartbeatData).
    call.queues = subscriptions;
    call.versions.assign(subVersions.begin(), subVersions.end());
    const RpcResult r = co_await RpcAwaiter { &w, id, kApiTimeout };
    co_return r.ok;
}

void Consumer::persistAllOffsets()
{
    std::vector<qint32> owned;
    owned.reserve(table.size());
    for (qint32 pqIndex : table) {
        owned.push_back(m_world->pqs[size_t(pqIndex)].queue);
    }
    offsets.persistAll(owned);
}

} // namespace Rblab
