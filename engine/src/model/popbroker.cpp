// SPDX-License-Identifier: Apache-2.0
#include "model/popbroker.h"

#include "model/world.h"

#include <rblab/javastring.h>

#include <QSet>

#include <algorithm>

namespace Rblab {

namespace {

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
/*
    Measured on the real 5.3.3 (issue 38, tests/data/realrun/pop-*-5.3.3): the first copy back
    after each of four leaves was received 3.08, 3.25, 3.29 and 3.36 s after its send time +
    popInvisibleTime (reviveTime is at most that: a message is popped after it is sent), none
    near the 2 s the scan condition alone gives. Our reading, not checked in the broker's source:
    the scan's endTime is the deliver time of the timer records it has read, and the records that
    move it past reviveTime + 2 s reach the revive queue a second after their deliver time
    (TimerMessageStore's 1 s precision).
*/
constexpr SimTime kTimerDeliveryLag = 1000;

} // namespace

PopBroker::PopBroker(World *world)
    : m_world(world)
    , m_assignment(world->registry)
    , m_random(Random::derive(world->seed, 0x504f50, 0))
{
    m_figures.assign(world->groups.size(), GroupFigures());
}

void PopBroker::start()
{
    World &w = *m_world;
    m_revive.resize(w.brokers.size());
    for (size_t b = 0; b < w.brokers.size(); ++b) {
        // One PopReviveService loop per broker (the 8 revive queues merged into one). With
        // network jitter its phase is the broker's own, drawn from the seed (a real broker's
        // loop started with the broker, not on the scenario's whole seconds): when a revived
        // copy appears after reviveTime varies over seeds as over real runs (issue 38).
        SimTime phase = 0;
        if (w.jitter > 0) {
            Random r(Random::derive(w.seed, 8, quint64(b)));
            phase = SimTime(r.below(quint64(kReviveInterval)));
        }
        w.schedule(kReviveInterval + phase, Ev::Pop, quint32(b), 0, quint16(Op::ReviveTick));
    }
}

PopBroker::GroupFigures &PopBroker::figures(qint32 group)
{
    return m_figures[size_t(group)];
}

// ---------------------------------------------------------------------------------------------
// QueryAssignmentProcessor

PopBroker::Assignment PopBroker::queryAssignment(qint32 asked, const Consumer &c, qint32 topic)
{
    const World &w = *m_world;
    const GroupState &group = w.groups[size_t(c.group)];
    // The broker's own membership table and the topic's route, sorted as doLoadBalance sorts
    // them (Collections.sort: String.compareTo, MessageQueue.compareTo).
    QStringList cidAll = w.brokers[size_t(asked)]->clientIds(c.group);
    std::sort(cidAll.begin(), cidAll.end(),
        [](const QString &a, const QString &b) { return javaCompare(a, b) < 0; });
    MessageQueueList mqAll;
    for (qint32 queue : w.route(topic)) {
        const QueueInfo &qi = w.queueInfos[queue];
        mqAll.append(MessageQueue { qi.topic, qi.brokerName, qi.queueId });
    }
    const QString strategy = c.strategyName.isEmpty() ? group.spec.strategy : c.strategyName;
    const PopAssignment::Result result = m_assignment.allocate4Pop(
        strategy, group.name, c.clientId, mqAll, cidAll, group.spec.popShareQueueNum);
    Assignment answer;
    answer.status = result.status;
    answer.error = result.error;
    for (const MessageQueue &mq : result.queues) {
        const qint32 broker = w.brokerIndex(mq.brokerName);
        const qint32 queue = mq.queueId < 0
            ? -1
            : w.queueIndex(w.topicIndex(mq.topic), broker, qint32(mq.queueId));
        if (broker < 0 || (mq.queueId >= 0 && queue < 0)) {
            // A queue the strategy was not given: as the client, the round has no result.
            answer.status = PopAssignment::Result::Status::Failed;
            answer.error = QStringLiteral("%1 returned %2, which it was not given")
                               .arg(strategy, mq.toString());
            answer.queues.clear();
            return answer;
        }
        answer.queues.emplace_back(broker, queue);
    }
    std::sort(answer.queues.begin(), answer.queues.end());
    answer.queues.erase(
        std::unique(answer.queues.begin(), answer.queues.end()), answer.queues.end());
    return answer;
}

std::vector<qint32> PopBroker::coverage(qint32 topic, qint32 broker, qint32 queue) const
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

// ---------------------------------------------------------------------------------------------
// Requests

quint32 PopBroker::open(const Request &fields)
{
    const quint32 id = m_requests.take();
    Request &r = m_requests[id];
    const quint32 gen = r.gen;
    r = fields;
    r.gen = gen;
    r.live = true;
    r.key = keyOf(r.group, r.topic, r.broker, r.queue);
    return id;
}

void PopBroker::free(quint32 id)
{
    Request &r = m_requests[id];
    r.live = false;
    r.records.clear();
    ++r.gen;
    m_requests.release(id);
}

std::vector<quint32> PopBroker::takeAnswer(quint32 id)
{
    std::vector<quint32> records = std::move(m_requests[id].records);
    free(id);
    return records;
}

void PopBroker::abandon(quint32 id)
{
    Request &r = m_requests[id];
    // Its records stay invisible on the broker: popped to nobody, they are revived.
    if (r.parked) {
        Key &k = m_keys[size_t(r.key)];
        k.parked.erase(std::remove(k.parked.begin(), k.parked.end(), id), k.parked.end());
    }
    free(id);
}

qint32 PopBroker::keyOf(qint32 group, qint32 topic, qint32 broker, qint32 queue)
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

std::deque<PopBroker::PopMessage> &PopBroker::retryStore(qint32 group, qint32 topic, qint32 broker)
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

// ---------------------------------------------------------------------------------------------
// PopMessageProcessor

qint64 PopBroker::popOffset(qint32 group, qint32 queue, bool initMin)
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

quint32 PopBroker::newRecord(const Request &r, const PopMessage &m)
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
    Revive &b = m_revive[size_t(r.broker)];
    b.checkpoints.emplace(rec.reviveTime, id);
    b.ckSinceScan = true;
    ++figures(r.group).popped;
    ++figures(r.group).invisible;
    if (size_t(r.consumer) >= m_invisibleOf.size()) {
        m_invisibleOf.resize(size_t(r.consumer) + 1, 0);
    }
    ++m_invisibleOf[size_t(r.consumer)];
    return id;
}

qint32 PopBroker::popFromQueue(Request &r, qint32 queue, qint32 want, qint64 *restNum)
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

qint32 PopBroker::popFromRetry(Request &r, qint32 want)
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

bool PopBroker::tryPop(Request &r, qint64 *restNum)
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

void PopBroker::onArrive(quint32 id)
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

void PopBroker::answer(quint32 id)
{
    World &w = *m_world;
    Request &r = m_requests[id];
    r.answered = true;
    if (w.network.reachable(r.consumer, r.broker)) {
        w.schedule(w.latency, Ev::Pop, quint32(r.consumer), PopEngine::stamp(id, r.gen),
            quint16(Op::Reply));
    }
    // Unreachable: the records stay invisible, the client times out and re-pops.
}

// ---------------------------------------------------------------------------------------------
// PopLongPollingService

void PopBroker::park(quint32 id)
{
    World &w = *m_world;
    Request &r = m_requests[id];
    r.parked = true;
    Key &k = m_keys[size_t(r.key)];
    // Ordered by expiry (the same pollTime for every remoting request: arrival order).
    k.parked.push_back(id);
    // The timeout scan runs every 20 ms and takes requests with now > expires - 50 ms.
    const SimTime due = ((r.expires - kPollEarly) / kPollScan + 1) * kPollScan;
    w.schedule(std::max<SimTime>(0, due - w.now()), Ev::Pop, quint32(r.broker),
        PopEngine::stamp(id, r.gen), quint16(Op::ParkTimeout));
    planWake(r.key);
}

void PopBroker::planWake(qint32 keyIndex)
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

void PopBroker::wakeOne(qint32 keyIndex)
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

void PopBroker::onArrivalWake(qint32 keyIndex, quint32 gen)
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

void PopBroker::onParkTimeout(quint32 id)
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
// AckMessageProcessor, ChangeInvisibleTimeProcessor, PopReviveService

void PopBroker::onAck(qint32 broker, quint32 id, quint32 gen)
{
    if (!m_world->brokers[size_t(broker)]->up) {
        return;
    }
    if (id >= m_records.size() || m_records[id].gen != gen || !m_records[id].live) {
        // The checkpoint was revived already: the ACK record matches nothing.
        if (id < m_records.size()) {
            ++figures(m_records[id].group).lateAcks;
        }
        return;
    }
    Record &rec = m_records[id];
    if (!rec.acked) {
        rec.acked = true;
        ++figures(rec.group).acked;
        settled(rec);
    }
}

void PopBroker::onChangeInvisible(qint32 broker, quint32 id, quint32 gen, SimTime invisible)
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
    --figures(original.group).popped; // a new CK, not a new pop
    Record &rec = m_records[id];
    if (rec.live && !rec.acked) {
        rec.acked = true;
        settled(rec);
    }
}

void PopBroker::onReviveTick(qint32 broker, quint64)
{
    World &w = *m_world;
    Revive &b = m_revive[size_t(broker)];
    SimTime next = kReviveInterval;
    if (w.brokers[size_t(broker)]->up) {
        // Only the master revives; a CK is decided once the scan is > 2 s past its reviveTime,
        // which the timer's records let it see a second later.
        while (!b.checkpoints.empty()
            && b.checkpoints.top().first + kReviveDecideAfter + kTimerDeliveryLag < w.now()) {
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
                ++figures(rec.group).revived;
                if (rec.consumer >= 0) {
                    if (size_t(rec.consumer) >= m_revivedOf.size()) {
                        m_revivedOf.resize(size_t(rec.consumer) + 1, 0);
                    }
                    ++m_revivedOf[size_t(rec.consumer)];
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

void PopBroker::settled(const Record &rec)
{
    --figures(rec.group).invisible;
    --m_invisibleOf[size_t(rec.consumer)];
}

// ---------------------------------------------------------------------------------------------
// Observation

PopBroker::GroupFigures PopBroker::groupFigures(qint32 group) const
{
    GroupFigures f = size_t(group) < m_figures.size() ? m_figures[size_t(group)] : GroupFigures();
    for (size_t s = 0; s < m_retry.size(); ++s) {
        if (m_retryGroup[s] == group) {
            f.retryBacklog += qint64(m_retry[s].size());
        }
    }
    return f;
}

qint64 PopBroker::invisibleOf(qint32 consumer) const
{
    return size_t(consumer) < m_invisibleOf.size() ? m_invisibleOf[size_t(consumer)] : 0;
}

qint64 PopBroker::revivedOf(qint32 consumer) const
{
    return size_t(consumer) < m_revivedOf.size() ? m_revivedOf[size_t(consumer)] : 0;
}

qint64 PopBroker::pendingUndelivered(qint32 group) const
{
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

} // namespace Rblab
