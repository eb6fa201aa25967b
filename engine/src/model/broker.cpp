// SPDX-License-Identifier: Apache-2.0
#include "model/broker.h"

#include "model/world.h"

#include <algorithm>

namespace Rblab {

namespace {

// MessageStoreConfig: what one pull may read from memory (kMaxTransferCount: broker.h).
constexpr qint64 kMaxTransferBytes = 262144;
constexpr qint64 kMaxTransferCountOnDisk = 8; // maxTransferCountOnMessageInDisk
constexpr qint64 kMaxTransferBytesOnDisk = 65536; // maxTransferBytesOnMessageInDisk

constexpr SimTime kDelayLevels[18] = { 1000, 5000, 10000, 30000, 60000, 120000, 180000, 240000,
    300000, 360000, 420000, 480000, 540000, 600000, 1200000, 1800000, 3600000, 7200000 };

quint64 lockKey(qint32 group, qint32 queue)
{
    return (quint64(quint32(group)) << 32) | quint32(queue);
}

} // namespace

SimTime delayLevelTime(int level)
{
    return kDelayLevels[std::clamp(level, 1, 18) - 1];
}

Broker::Broker(World *world, qint32 index, const QString &name)
    : index(index), name(name), m_world(world)
{
}

void Broker::ensureGroups()
{
    if (m_registry.size() < m_world->groups.size()) {
        m_registry.resize(m_world->groups.size());
    }
    const size_t subscriptions = m_world->groups.size() * m_world->topics.size();
    if (m_subVersions.size() < subscriptions) {
        m_subVersions.resize(subscriptions, -1);
    }
}

size_t Broker::subscriptionSlot(qint32 group, qint32 topic) const
{
    return size_t(group) * m_world->topics.size() + size_t(topic);
}

void Broker::forgetGroupIfEmpty(qint32 group)
{
    if (!m_registry[size_t(group)].empty()) {
        return;
    }
    const size_t first = subscriptionSlot(group, 0);
    const size_t end = std::min(m_subVersions.size(), first + m_world->topics.size());
    for (size_t slot = first; slot < end; ++slot) {
        m_subVersions[slot] = -1;
    }
}

void Broker::start()
{
    World &w = *m_world;
    ensureGroups();
    upSince = w.now();
    // ClientHousekeepingService: initial delay and period 10 s; offsets flushed every 5 s.
    w.schedule(w.brokerConfig.scanNotActiveChannelInterval, Ev::ExpiryScan, quint32(index), epoch);
    w.schedule(w.brokerConfig.flushConsumerOffsetInterval, Ev::FlushOffsets, quint32(index), epoch);
}

void Broker::goDown()
{
    World &w = *m_world;
    up = false;
    ++epoch;
    // Held pulls, registrations and locks lived in memory; committed offsets fall back to what
    // was last flushed to disk (consumerOffset.json), so up to 5 s of commits are lost.
    for (QueueState &q : w.queueStates) {
        if (q.broker != index) {
            continue;
        }
        // Held pulls fail with the connection.
        for (qint32 pqIndex : q.parked) {
            ProcessQueue &pq = w.pqs[size_t(pqIndex)];
            if (pq.stage == ProcessQueue::PullStage::Parked && pq.wakeAt > w.now()) {
                ++pq.parkGen; // the planned answer will not come
                pq.status = ProcessQueue::PullStatus::Error;
                respond(pqIndex, w.now());
            }
        }
        q.parked.clear();
        q.committed = q.flushed;
    }
    for (auto &group : m_registry) {
        for (const ChannelEntry &e : group) {
            Channel &ch = w.network.channel(e.channel);
            ch.brokerOpen = false;
            // The process is gone, its sockets closed by the OS: the client sees the FIN.
            if (!w.consumers[size_t(e.consumer)]->partitionedFrom(index)) {
                w.schedule(w.latency, Ev::ChannelClosedAtClient, quint32(e.consumer), e.channel,
                    quint16(index));
            }
        }
        group.clear();
    }
    std::fill(m_subVersions.begin(), m_subVersions.end(), -1); // ConsumerManager: memory only
    m_locks.clear();
    m_pullThreadFree = MinHeap();
    m_pullQueueLeave = MinHeap();
    // Messages waiting in SCHEDULE_TOPIC_XXXX are on disk: they wait for the restart.
}

void Broker::comeUp()
{
    up = true;
    start();
    World &w = *m_world;
    for (size_t level = 1; level <= m_delayed.size(); ++level) {
        const auto &queue = m_delayed[level - 1];
        if (!queue.empty()) {
            w.schedule(std::max<SimTime>(0, queue.front().due - w.now()), Ev::DelayDue,
                quint32(index), epoch, quint16(level));
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The pull path

void Broker::handlePull(qint32 pqIndex, SimTime arrival)
{
    World &w = *m_world;
    ProcessQueue &pq = w.pqs[size_t(pqIndex)];
    QueueState &q = *pq.state;
    if (!up || !q.readable) {
        // A stopped broker resets the connection; a queue id beyond the topic's read queue
        // number is "queueId is illegal" (SYSTEM_ERROR): both take the client's exception path.
        pq.status = ProcessQueue::PullStatus::Error;
        respond(pqIndex, arrival);
        return;
    }
    if (w.brokerConfig.pullServiceTime > 0 && !admitPull(pqIndex, &arrival)) [[unlikely]] {
        return;
    }
    if (pq.commitFlag) {
        // PullMessageProcessor: a first-time pull stores the offset that rides on it.
        q.committed[size_t(pq.group)] = pq.commitOffset;
    }
    const qint64 offset = pq.nextOffset;
    const qint64 max = q.maxOffset(arrival);
    if (offset >= 0 && offset < max) {
        found(pq, q, max);
        respond(pqIndex, arrival);
        return;
    }
    if (offset == max) {
        // PULL_NOT_FOUND (OFFSET_OVERFLOW_ONE, or an empty queue asked for 0) on a first-time
        // request with the suspend flag: held by PullRequestHoldService.
        pq.parkedAt = arrival;
        park(pqIndex);
        return;
    }
    readMessages(pqIndex, arrival); // the offsets RocketMQ calls illegal
    respond(pqIndex, arrival);
}

SimTime Broker::fastFailureScan(SimTime t) const
{
    // BrokerFastFailure.start(): scheduleAtFixedRate(initialDelay 1000 ms, period 10 ms).
    constexpr SimTime kInitialDelay = 1000;
    constexpr SimTime kPeriod = 10;
    const SimTime first = upSince + kInitialDelay;
    if (t <= first) {
        return first;
    }
    return first + (t - first + kPeriod - 1) / kPeriod * kPeriod;
}

bool Broker::admitPull(qint32 pqIndex, SimTime *arrival)
{
    // PULL_MESSAGE runs on pullMessageExecutor: pullMessageThreadPoolNums threads and a FIFO
    // queue of pullThreadPoolQueueCapacity. With a fixed time per pull, the thread a request
    // gets, and when, is known as it arrives (requests arrive in order).
    World &w = *m_world;
    const BrokerConfig &config = w.brokerConfig;
    const SimTime at = *arrival;
    const size_t threads = size_t(std::max<qint64>(1, config.pullMessageThreadPoolNums));
    while (m_pullThreadFree.size() < threads) {
        m_pullThreadFree.push(0); // a new (or added) thread is free
    }
    while (m_pullThreadFree.size() > threads) {
        m_pullThreadFree.pop(); // setBroker shrank the pool: the earliest-free threads go
    }
    while (!m_pullQueueLeave.empty() && m_pullQueueLeave.top() <= at) {
        m_pullQueueLeave.pop();
    }
    ProcessQueue &pq = w.pqs[size_t(pqIndex)];
    const auto reject = [&](SimTime when) {
        // SYSTEM_BUSY is not a pull status: PullAPIWrapper throws MQBrokerException(code) and
        // the PullCallback's onException backs off (DefaultMQPushConsumerImpl).
        pq.status = config.busyAsFlowControl ? ProcessQueue::PullStatus::FlowControl
                                             : ProcessQueue::PullStatus::SystemBusy;
        ++pullsRejected;
        respond(pqIndex, when);
    };
    if (qint64(m_pullQueueLeave.size()) >= config.pullThreadPoolQueueCapacity) {
        // NettyRemotingAbstract: RejectedExecutionException → SYSTEM_BUSY "[OVERLOAD]system busy".
        reject(at);
        return false;
    }
    const SimTime start = std::max(at, m_pullThreadFree.top());
    if (start > at && config.brokerFastFailureEnable) {
        // BrokerFastFailure.cleanExpiredRequestInQueue: at each scan, the head of the queue is
        // answered SYSTEM_BUSY "[TIMEOUT_CLEAN_QUEUE]…" while it has waited
        // waitTimeMillsInPullQueue or longer. A pull a thread takes at the scan's millisecond
        // is served.
        const SimTime scan = fastFailureScan(at + config.waitTimeMillsInPullQueue);
        if (start > scan) {
            m_pullQueueLeave.push(scan);
            reject(scan);
            return false;
        }
    }
    if (start > at) {
        m_pullQueueLeave.push(start);
    }
    m_pullThreadFree.pop();
    m_pullThreadFree.push(start + config.pullServiceTime);
    *arrival = start + config.pullServiceTime;
    return true;
}

Q_ALWAYS_INLINE void Broker::found(ProcessQueue &pq, const QueueState &q, qint64 max)
{
    // Up to maxMsgNums, capped by what one read may take from memory (32 messages, 256 KiB).
    const qint64 offset = pq.nextOffset;
    qint64 n = std::min<qint64>(std::min<qint64>(max - offset, kMaxTransferCount), pq.maxMsgNums);
    if (q.coldAt(offset)) [[unlikely]] {
        n = coldBatch(pq, q, offset, n);
    } else if (q.fixedSize) {
        n = fixedBatch(q, offset, max, pq.maxMsgNums);
    } else {
        const qint64 wanted = n;
        qint64 bytes = 0;
        for (n = 0; n < wanted; ++n) {
            const qint64 size = m_world->messageSize(pq.queue, offset + n);
            if (n > 0 && bytes + size > kMaxTransferBytes) {
                break;
            }
            bytes += size;
        }
    }
    pq.resultBegin = offset;
    pq.resultEnd = offset + n;
    pq.nextBeginOffset = offset + n;
    pq.status = ProcessQueue::PullStatus::Found;
}

qint64 Broker::coldBatch(const ProcessQueue &pq, const QueueState &q, qint64 offset, qint64 wanted)
{
    // DefaultMessageStore.getMessage / isTheBatchFull, evaluated before each next message (the
    // first is always taken): a message read from disk stops the batch at
    // maxTransferCountOnMessageInDisk (8) or maxTransferBytesOnMessageInDisk (64 KiB); one in
    // memory at 32 / 256 KiB.
    qint64 bytes = 0;
    qint64 n = 0;
    for (; n < wanted; ++n) {
        const qint64 size = m_world->messageSize(pq.queue, offset + n);
        if (n > 0) {
            const bool cold = q.coldAt(offset + n);
            const qint64 countCap = cold ? kMaxTransferCountOnDisk : kMaxTransferCount;
            const qint64 bytesCap = cold ? kMaxTransferBytesOnDisk : kMaxTransferBytes;
            if (n >= countCap || bytes + size > bytesCap) {
                break;
            }
        }
        bytes += size;
    }
    return n;
}

void Broker::readMessages(qint32 pqIndex, SimTime at)
{
    World &w = *m_world;
    ProcessQueue &pq = w.pqs[size_t(pqIndex)];
    const QueueState &q = w.queueStates[size_t(pq.queue)];
    const qint64 offset = pq.nextOffset;
    const qint64 max = q.maxOffset(at);
    pq.resultBegin = pq.resultEnd = offset;
    if (max == 0) {
        // NO_MESSAGE_IN_QUEUE: OFFSET_MOVED unless the request was for 0.
        pq.nextBeginOffset = 0;
        pq.status = offset != 0 ? ProcessQueue::PullStatus::OffsetIllegal
                                : ProcessQueue::PullStatus::NoNewMsg;
    } else if (offset < 0) {
        pq.nextBeginOffset = 0; // OFFSET_TOO_SMALL (the min offset is 0: nothing is deleted)
        pq.status = ProcessQueue::PullStatus::OffsetIllegal;
    } else if (offset == max) {
        pq.nextBeginOffset = offset; // OFFSET_OVERFLOW_ONE → PULL_NOT_FOUND
        pq.status = ProcessQueue::PullStatus::NoNewMsg;
    } else if (offset > max) {
        pq.nextBeginOffset = max; // OFFSET_OVERFLOW_BADLY
        pq.status = ProcessQueue::PullStatus::OffsetIllegal;
    } else {
        found(pq, q, max);
    }
}

SimTime Broker::nextHoldScan(SimTime after) const
{
    // PullRequestHoldService scans every holdScanInterval (long polling) or every
    // shortPollingTimeMills; a held request is answered at the first scan past its deadline.
    const World &w = *m_world;
    const SimTime period = w.brokerConfig.longPollingEnable ? w.brokerConfig.holdScanInterval
                                                            : w.brokerConfig.shortPollingTimeMills;
    const SimTime k = (after - upSince + period - 1) / period;
    return upSince + std::max<SimTime>(1, k) * period;
}

Q_ALWAYS_INLINE void Broker::park(qint32 pqIndex)
{
    ProcessQueue &pq = m_world->pqs[size_t(pqIndex)];
    pq.stage = ProcessQueue::PullStage::Parked;
    std::vector<qint32> &parked = pq.state->parked;
    if (parked.empty() || parked.back() != pqIndex) {
        parked.push_back(pqIndex);
    }
    plan(pqIndex, pq.parkedAt);
}

Q_ALWAYS_INLINE void Broker::plan(qint32 pqIndex, SimTime earliest)
{
    // A held request is answered when a message for it arrives (NotifyMessageArrivingListener)
    // or at the first hold-service scan after its suspend timeout, whichever is first. Message
    // arrivals on a main topic follow from the producers' rate, so the answer — and its content,
    // read as of the wake-up — is planned now; anything that changes the plan (a new rate, a
    // retry message, the broker stopping) plans it again.
    World &w = *m_world;
    ProcessQueue &pq = w.pqs[size_t(pqIndex)];
    const QueueState &q = *pq.state;
    qint64 max = 0;
    const SimTime wake = wakeOf(q, pq.nextOffset, pq.parkedAt, earliest, &max);
    if (max > pq.nextOffset && pq.nextOffset >= 0) {
        found(pq, q, max);
    } else {
        pq.resultBegin = pq.resultEnd = pq.nextBeginOffset = pq.nextOffset;
        pq.status = ProcessQueue::PullStatus::NoNewMsg;
    }
    pq.wakeAt = wake;
    ++pq.parkGen;
    w.schedulePullAnswer(
        pqIndex, wake + w.latency, quint64(pq.pullGen) | (quint64(pq.parkGen) << 32));
}

SimTime Broker::wakeOf(
    const QueueState &q, qint64 offset, SimTime parkedAt, SimTime earliest, qint64 *maxThen) const
{
    const World &w = *m_world;
    qint64 max = 0;
    SimTime wake = q.arrivalOf(offset, &max);
    if (wake < earliest) {
        wake = earliest;
        max = q.maxOffset(wake);
    }
    const SimTime hold = w.brokerConfig.longPollingEnable ? w.brokerConfig.suspendTimeout
                                                          : w.brokerConfig.shortPollingTimeMills;
    if (!w.brokerConfig.longPollingEnable) {
        // Short polling: the message store calls the arriving listener only when
        // isLongPollingEnable() (DefaultMessageStore's reput / notifyMessageArriveIfNecessary),
        // so a held request is answered by checkHoldRequest, run every shortPollingTimeMills:
        // at the first scan that finds maxOffset past its offset or its timeout passed.
        wake = nextHoldScan(std::min(wake, parkedAt + hold));
        max = q.maxOffset(wake);
    } else if (wake > parkedAt + hold) {
        const SimTime scan = nextHoldScan(parkedAt + hold);
        if (scan < wake) {
            wake = scan;
            max = q.maxOffset(wake);
        }
    }
    *maxThen = max;
    return wake;
}

void Broker::replanParked(qint32 queue)
{
    World &w = *m_world;
    for (qint32 pqIndex : w.queueStates[size_t(queue)].parked) {
        ProcessQueue &pq = w.pqs[size_t(pqIndex)];
        if (pq.stage == ProcessQueue::PullStage::Parked && pq.wakeAt > w.now()) {
            plan(pqIndex, std::max(w.now(), pq.parkedAt));
        }
    }
}

void Broker::messageStored(qint32 queue)
{
    replanParked(queue);
}

Q_ALWAYS_INLINE void Broker::respond(qint32 pqIndex, SimTime at)
{
    World &w = *m_world;
    ProcessQueue &pq = w.pqs[size_t(pqIndex)];
    pq.stage = ProcessQueue::PullStage::InFlight;
    const SimTime delay = at - w.now() + w.latency;
    if (!up) {
        // The connection is closed under the pending request: its callback fails at once.
        pq.status = ProcessQueue::PullStatus::Error;
        if (!w.consumers[size_t(pq.consumer)]->partitionedFrom(index)) {
            w.schedule(delay, Ev::PullResponse, quint32(pqIndex), pq.pullGen);
            return;
        }
    }
    if (up && w.network.reachable(pq.consumer, index)) {
        w.schedulePullAnswer(pqIndex, at + w.latency, pq.pullGen);
    } else {
        // The answer is lost: the client's callback times out 30 s after it sent the pull.
        const SimTime due = pq.pullSentAt + 30000;
        w.schedule(
            std::max<SimTime>(0, due - w.now()), Ev::PullTimeout, quint32(pqIndex), pq.pullGen);
    }
}

// ---------------------------------------------------------------------------------------------
// Requests

qint64 Broker::queryOffset(qint32 queue, qint32 group) const
{
    const QueueState &q = m_world->queueStates[size_t(queue)];
    const qint64 committed = q.committed[size_t(group)];
    if (committed >= 0) {
        return committed;
    }
    // ConsumerManageProcessor.queryConsumerOffset without a committed offset: the queue's min
    // offset is 0 in a run (nothing is old enough for retention to have deleted it), so the
    // answer is 0 when offset 0 counts as "in memory", QUERY_NOT_FOUND (-1) otherwise.
    //  5.1.0+: checkInMemByConsumeOffset(topic, queue, 0, 1) — there must be a message at
    //          offset 0 and it must be in the page cache: an empty queue is not found.
    //  4.9.8:  !checkInDiskByConsumeOffset(topic, queue, 0) — false for an empty queue (no
    //          consume-queue entry), so an empty queue answers 0.
    // Messages produced during a run stay in memory (a run writes far less than the 40 % of RAM
    // that DefaultMessageStore keeps hot); a topic's stored history may be cold.
    const SimTime now = m_world->now();
    const bool hasHead = q.maxOffset(now) > 0;
    if (q.coldAt(0)) {
        return -1;
    }
    if (m_world->profile == Profile::V49) {
        return 0;
    }
    return hasHead ? 0 : -1;
}

std::vector<qint32> Broker::lockBatch(
    qint32 group, const QString &clientId, const std::vector<qint32> &queues)
{
    // RebalanceLockManager.tryLockBatch: free, already ours, or expired → ours.
    std::vector<qint32> granted;
    const SimTime now = m_world->now();
    for (qint32 queue : queues) {
        LockEntry &e = m_locks[lockKey(group, queue)];
        const bool expired = now - e.lastUpdate > m_world->brokerConfig.lockMaxLiveTime;
        if (e.clientId.isEmpty() || e.clientId == clientId || expired) {
            e.clientId = clientId;
            e.lastUpdate = now;
            granted.push_back(queue);
        }
    }
    return granted;
}

QString Broker::lockOwner(qint32 group, qint32 queue) const
{
    const auto it = m_locks.constFind(lockKey(group, queue));
    if (it == m_locks.cend()
        || m_world->now() - it->lastUpdate > m_world->brokerConfig.lockMaxLiveTime) {
        return QString();
    }
    return it->clientId;
}

QStringList Broker::clientIds(qint32 group) const
{
    QStringList ids;
    if (size_t(group) < m_registry.size()) {
        for (const ChannelEntry &e : m_registry[size_t(group)]) {
            ids.append(e.clientId);
        }
    }
    return ids;
}

bool Broker::registerChannel(
    qint32 group, quint32 channel, qint32 consumer, const QString &clientId)
{
    ensureGroups();
    auto &entries = m_registry[size_t(group)];
    for (ChannelEntry &e : entries) {
        if (e.channel == channel) {
            e.lastUpdate = m_world->now();
            return false;
        }
    }
    entries.push_back({ channel, consumer, clientId, m_world->now() });
    return true;
}

bool Broker::groupNotifies(qint32 group) const
{
    // ClientManageProcessor.heartBeat / unregisterClient pass the group's
    // SubscriptionGroupConfig.isNotifyConsumerIdsChangedEnable() to ConsumerManager, which fires
    // CHANGE only if it is set; ConsumerManager.doChannelCloseEvent does not ask it.
    return m_world->groups[size_t(group)].spec.notifyConsumerIdsChangedEnable;
}

void Broker::notifyGroup(qint32 group)
{
    World &w = *m_world;
    // DefaultConsumerIdsChangeListener.handle(CHANGE): the broker-wide
    // BrokerConfig.notifyConsumerIdsChangedEnable gates every announcement.
    if (!w.brokerConfig.notifyConsumerIdsChangedEnable) {
        return;
    }
    // 5.x: no CHANGE fan-out for BROADCASTING groups (4.x notifies them too).
    if (w.profile == Profile::V5 && w.groups[size_t(group)].broadcasting()) {
        return;
    }
    // DefaultConsumerIdsChangeListener: NOTIFY_CONSUMER_IDS_CHANGED, one-way, to every channel.
    // Every member gets its own message (and wakes its RebalanceService), but the log names
    // the members only for a small group: listing all n members of a large group at each of its
    // n registrations made the event log, and the report, grow with n².
    const auto &entries = m_registry[size_t(group)];
    const auto reached = [&](const ChannelEntry &e) {
        return w.network.channel(e.channel).clientOpen && w.network.reachable(e.consumer, index);
    };
    const auto count = std::count_if(entries.begin(), entries.end(), reached);
    const bool listed = count <= SimEvent::kListedNotifyLimit;
    for (const ChannelEntry &e : entries) {
        if (!reached(e)) {
            continue;
        }
        w.schedule(w.network.hop(e.channel, false), Ev::Notify, quint32(e.consumer),
            w.consumers[size_t(e.consumer)]->incarnation);
        if (listed) {
            SimEvent ev;
            ev.type = SimEvent::Type::Notify;
            ev.broker = index;
            ev.consumer = e.consumer;
            w.publish(ev);
        }
    }
    if (!listed) {
        SimEvent ev;
        ev.type = SimEvent::Type::NotifyGroup;
        ev.broker = index;
        ev.group = group;
        ev.count = qint32(count);
        w.publish(ev);
    }
}

void Broker::handleRpc(quint32 callId)
{
    World &w = *m_world;
    RpcCall &call = w.network.call(callId);
    if (!up) {
        return; // no answer: the caller times out
    }
    call.ok = true;
    const qint32 group = call.group;
    switch (call.kind) {
    case RpcKind::Heartbeat: {
        // ClientManageProcessor.heartBeat → ConsumerManager.registerConsumer.
        const Consumer &c = *w.consumers[size_t(call.consumer)];
        if (!w.network.channel(call.channel).brokerOpen) {
            call.ok = false;
            call.error = QStringLiteral("channel closed");
            break;
        }
        // ConsumerGroupInfo.updateSubscription: a subscription newer than the one known
        // replaces it.
        ensureGroups();
        for (size_t i = 0; i < call.queues.size() && i < call.versions.size(); ++i) {
            SimTime &known = m_subVersions[subscriptionSlot(group, call.queues[i])];
            known = std::max(known, SimTime(call.versions[i]));
        }
        if (registerChannel(group, call.channel, call.consumer, c.clientId)) {
            SimEvent ev;
            ev.type = SimEvent::Type::ChannelRegistered;
            ev.broker = index;
            ev.consumer = call.consumer;
            w.publish(ev);
            if (groupNotifies(group)) {
                notifyGroup(group);
            }
        }
        break;
    }
    case RpcKind::GetConsumerList: {
        call.cids = clientIds(group);
        if (call.cids.isEmpty()) {
            call.ok = false;
            call.error = QStringLiteral("no consumer for this group");
        }
        break;
    }
    case RpcKind::QueryOffset:
        call.result = queryOffset(call.queue, group);
        break;
    case RpcKind::GetMaxOffset:
        call.result = w.queueStates[size_t(call.queue)].maxOffset(w.now());
        break;
    case RpcKind::SearchOffset:
        call.result = w.queueStates[size_t(call.queue)].offsetAtTime(call.value);
        break;
    case RpcKind::Unregister: {
        // ConsumerManager.unregisterConsumer: with the group known (it has channels), the
        // channel is removed and CHANGE follows whether or not it was still there (a channel
        // closed before the request arrived is announced again).
        ensureGroups();
        auto &entries = m_registry[size_t(group)];
        const auto before = entries.size();
        entries.erase(std::remove_if(entries.begin(), entries.end(),
                          [&](const ChannelEntry &e) { return e.channel == call.channel; }),
            entries.end());
        forgetGroupIfEmpty(group);
        if (entries.size() != before) {
            SimEvent ev;
            ev.type = SimEvent::Type::Unregistered;
            ev.broker = index;
            ev.consumer = call.consumer;
            w.publish(ev);
        }
        if (before > 0 && groupNotifies(group)) {
            notifyGroup(group);
        }
        break;
    }
    case RpcKind::LockBatch:
        call.resultQueues
            = lockBatch(group, w.consumers[size_t(call.consumer)]->clientId, call.queues);
        break;
    case RpcKind::UnlockBatch:
        for (qint32 queue : call.queues) {
            unlock(queue, group, call.consumer);
        }
        break;
    case RpcKind::GetRoute:
        break;
    }
    w.network.reply(callId);
}

void Broker::offsetUpdate(qint32 queue, qint32 group, qint64 offset)
{
    if (!up) {
        return;
    }
    // ConsumerOffsetManager.commitOffset: a plain put.
    m_world->queueStates[size_t(queue)].committed[size_t(group)] = offset;
}

void Broker::unlock(qint32 queue, qint32 group, qint32 consumer)
{
    if (!up) {
        return;
    }
    const auto it = m_locks.find(lockKey(group, queue));
    if (it != m_locks.end() && it->clientId == m_world->consumers[size_t(consumer)]->clientId) {
        m_locks.erase(it);
    }
}

void Broker::channelClosed(quint32 channel)
{
    World &w = *m_world;
    Channel &ch = w.network.channel(channel);
    ch.brokerOpen = false;
    if (!up) {
        return;
    }
    // ConsumerManager.doChannelCloseEvent: remove the channel from every group; CHANGE only
    // for groups it was still in (a graceful shutdown unregistered it already).
    ensureGroups();
    for (size_t g = 0; g < m_registry.size(); ++g) {
        auto &entries = m_registry[g];
        const auto before = entries.size();
        entries.erase(std::remove_if(entries.begin(), entries.end(),
                          [&](const ChannelEntry &e) { return e.channel == channel; }),
            entries.end());
        forgetGroupIfEmpty(qint32(g));
        if (entries.size() != before) {
            SimEvent ev;
            ev.type = SimEvent::Type::ChannelClosed;
            ev.broker = index;
            ev.consumer = ch.consumer;
            w.publish(ev);
            notifyGroup(qint32(g));
        }
    }
}

void Broker::sendBack(qint32 request)
{
    World &w = *m_world;
    SendBackRequest &req = w.sendBacks[size_t(request)];
    req.live = false;
    if (!up) {
        return;
    }
    // AbstractSendMessageProcessor.consumerSendMsgBack: the DLQ after maxReconsumeTimes, else
    // the retry topic through delay level 3 + reconsumeTimes.
    if (req.message.reconsumeTimes >= req.maxReconsumeTimes) {
        ++w.metrics.deadLettered;
        ++w.metrics.groupCounters(req.group).deadLettered;
        return;
    }
    const int level
        = std::min(18, req.delayLevel > 0 ? req.delayLevel : 3 + int(req.message.reconsumeTimes));
    StoredMessage message = req.message;
    ++message.reconsumeTimes;
    auto &queue = m_delayed[size_t(level - 1)];
    queue.push_back({ w.now() + delayLevelTime(level), req.group, message });
    ++w.metrics.retried;
    ++w.metrics.groupCounters(req.group).retried;
    if (queue.size() == 1) {
        w.schedule(delayLevelTime(level), Ev::DelayDue, quint32(index), epoch, quint16(level));
    }
}

void Broker::delayDue(int level, quint64 eventEpoch)
{
    World &w = *m_world;
    if (eventEpoch != epoch || !up) {
        return;
    }
    auto &queue = m_delayed[size_t(level - 1)];
    while (!queue.empty() && queue.front().due <= w.now()) {
        const Delayed d = queue.front();
        queue.pop_front();
        storeRetry(d.group, d.message);
    }
    if (!queue.empty()) {
        w.schedule(
            queue.front().due - w.now(), Ev::DelayDue, quint32(index), epoch, quint16(level));
    }
}

void Broker::storeRetry(qint32 group, const StoredMessage &message)
{
    World &w = *m_world;
    const qint32 topic = w.groups[size_t(group)].retryTopic;
    if (topic < 0) {
        return;
    }
    const qint32 queue = w.queueIndex(topic, index, 0);
    if (queue < 0) {
        return;
    }
    w.queueStates[size_t(queue)].stored.push_back(message);
    messageStored(queue);
}

// ---------------------------------------------------------------------------------------------
// Housekeeping

void Broker::expiryScan(quint64 eventEpoch)
{
    World &w = *m_world;
    if (eventEpoch != epoch || !up) {
        return;
    }
    // ConsumerManager.scanNotActiveChannel: silent channels are removed and closed, and no
    // CHANGE is sent — the survivors learn at their next periodic rebalance.
    const SimTime now = w.now();
    for (size_t g = 0; g < m_registry.size(); ++g) {
        auto &entries = m_registry[g];
        for (auto it = entries.begin(); it != entries.end();) {
            if (now - it->lastUpdate > w.brokerConfig.channelExpiredTimeout) {
                Channel &ch = w.network.channel(it->channel);
                ch.brokerOpen = false;
                SimEvent ev;
                ev.type = SimEvent::Type::ChannelExpired;
                ev.broker = index;
                ev.consumer = it->consumer;
                w.publish(ev);
                if (w.network.reachable(it->consumer, index)) {
                    w.schedule(w.latency, Ev::ChannelClosedAtClient, quint32(it->consumer),
                        it->channel, quint16(index));
                }
                it = entries.erase(it);
            } else {
                ++it;
            }
        }
        forgetGroupIfEmpty(qint32(g));
    }
    w.schedule(w.brokerConfig.scanNotActiveChannelInterval, Ev::ExpiryScan, quint32(index), epoch);
}

void Broker::flushOffsets(quint64 eventEpoch)
{
    World &w = *m_world;
    if (eventEpoch != epoch || !up) {
        return;
    }
    for (QueueState &q : w.queueStates) {
        if (q.broker == index) {
            q.flushed = q.committed;
        }
    }
    w.schedule(w.brokerConfig.flushConsumerOffsetInterval, Ev::FlushOffsets, quint32(index), epoch);
}

} // namespace Rblab
