// SPDX-License-Identifier: Apache-2.0
#include "model/fastpath.h"

#include "model/listenertime.h"
#include "model/world.h"

#include <algorithm>
#include <cstring>
#include <limits>

namespace Rblab {

namespace {

constexpr qint64 kMiB = 1024 * 1024;
constexpr SimTime kFirstRound = 64; //!< ms: how far past the first answer a catch-up looks first
constexpr qint64 kSteadyBatch = 4; //!< at most this many messages in an answer a lane takes over
//! ms: the longest catch-up whose consumers may share their pools through a ledger
constexpr SimTime kMaxLedger = SimTime(1) << 16;
using Stage = ProcessQueue::PullStage;
using Status = ProcessQueue::PullStatus;

} // namespace

FastPath::FastPath(World *world) : m_world(world)
{
    const QByteArray env = qgetenv("RBLAB_FASTPATH");
    m_enabled = env.isEmpty() || env != "0";
}

void FastPath::setEnabled(bool enabled)
{
    if (!enabled) {
        evictAll();
    }
    m_enabled = enabled;
}

bool FastPath::consumerSteady(const Consumer &c) const
{
    return c.running() && !c.paused && !c.frozen && !c.stopping && !c.shutdownOnThaw && !c.orderly()
        && !c.broadcasting() && c.failureRate <= 0 && !c.stall && c.config.pullInterval <= 0
        && c.consume.steady();
}

bool FastPath::laneSteady(const Lane &lane, qint64 inCalls) const
{
    const World &w = *m_world;
    const ProcessQueue &pq = w.pqs[size_t(lane.pq)];
    const Consumer &c = *pq.owner;
    if (pq.dropped || pq.incarnation != c.incarnation || !pq.pulled
        || pq.flowControl != SimEvent::FlowCause::None || !pq.consumingOrderly.empty()) {
        return false;
    }
    const bool parked = pq.stage == Stage::Parked;
    if ((!parked && pq.stage != Stage::InFlight) || pq.pullGen != quint32(lane.stamp)
        || (lane.stamp >> 32) != (parked ? pq.parkGen : 0u)) {
        return false;
    }
    const QueueState &q = *pq.state;
    const Broker &broker = *pq.broker;
    if (q.retry || q.fixedSize == 0 || !q.readable || !broker.up || q.steps.empty()
        || q.coldAt(pq.nextOffset) || w.brokerConfig.pullServiceTime > 0) {
        return false;
    }
    if (!c.hasUsableChannel(broker.index) || c.partitionedFrom(broker.index)
        || !w.network.reachable(c.index, broker.index) || c.offsets.frozen(pq.queue)) {
        return false;
    }
    // A pull the broker would refuse (SUBSCRIPTION_NOT_LATEST) takes the general path; only a
    // heartbeat (an agenda event) changes that.
    if (broker.subscriptionNotLatest(pq.group, q.topic, c.subVersion(q.topic))) {
        return false;
    }
    // A lane's cache is exactly the messages of its calls on the consumer's own agenda: none
    // waiting for a thread, sent back by cleanExpireMsg, or in a failed call (on the world's).
    if (inCalls < 0) {
        inCalls = 0;
        for (size_t k = 0; k < c.consume.pendingCount(); ++k) {
            const ConsumeService::Request &request = c.consume.pendingCall(k).request;
            if (request.queue == &pq && !request.orderly) {
                inCalls += request.count;
            }
        }
    }
    if (inCalls != pq.cache.count()) {
        return false;
    }
    // Another holder in its group writes the same committed offset (double ownership).
    return w.metrics.owners(pq.group, pq.queue) == 1;
}

qint32 FastPath::share(const Consumer &c, qint32 due, qint32 rank) const
{
    // Each lane keeps the threads its calls hold, and the idle ones are shared among the
    // consumer's lanes due in this catch-up (the others start no call before its limit), the
    // `idle % due` left over one each to the first of them: the calls in flight never outnumber
    // the pool at any moment of the catch-up (the general path would queue a call then: the
    // lane stops before it). Other calls of the consumer only end meanwhile, freeing threads
    // nobody counts on.
    const qint64 idle = c.consume.idleThreads();
    return due > 0 ? qint32(idle / due + (rank < idle % due ? 1 : 0)) : 0;
}

bool FastPath::take(qint32 pqIndex, SimTime at, quint64 stamp)
{
    World &w = *m_world;
    ProcessQueue &pq = w.pqs[size_t(pqIndex)];
    if (pq.lane >= 0) {
        // Planned again (a new rate, a stored retry message): the lane's answer moves. On the
        // agenda the first answer would stay, to be counted and ignored in its place; it does
        // here too, so that a run's event count does not depend on where it was stopped (the
        // timeline replays to an event count).
        Lane &lane = m_lanes[size_t(pq.lane)];
        Event stale;
        stale.kind = quint8(Ev::PullResponse);
        stale.target = quint32(pqIndex);
        stale.arg = lane.stamp;
        w.agenda.insert(lane.at, lane.seq, stale);
        lane.at = at;
        m_earliest = std::min(m_earliest, at);
        lane.seq = w.agenda.takeSeq();
        lane.stamp = stamp;
        return true;
    }
    const qint32 lanes
        = size_t(pq.consumer) < m_laneCount.size() ? m_laneCount[size_t(pq.consumer)] : 0;
    if (!m_enabled || !consumerSteady(*pq.owner) || pq.owner->consume.threads() <= lanes) {
        return false; // every lane needs a thread of its own
    }
    // A queue that catches up (full batches) soon meets flow control or a busy pool: the general
    // path serves it until its answers are the few messages of a consumer that keeps up.
    if (pq.status != Status::Found || pq.resultEnd - pq.resultBegin > kSteadyBatch) {
        return false;
    }
    Lane lane;
    lane.pq = pqIndex;
    lane.consumer = pq.consumer;
    lane.at = at;
    lane.stamp = stamp;
    if (!laneSteady(lane)) {
        return false;
    }
    lane.seq = w.agenda.takeSeq();
    m_earliest = std::min(m_earliest, at);
    pq.lane = qint32(m_lanes.size());
    m_lanes.push_back(lane);
    if (size_t(lane.consumer) >= m_laneCount.size()) {
        m_laneCount.resize(size_t(lane.consumer) + 1, 0);
    }
    ++m_laneCount[size_t(lane.consumer)];
    return true;
}

void FastPath::remove(size_t index)
{
    World &w = *m_world;
    Lane &lane = m_lanes[index];
    w.pqs[size_t(lane.pq)].lane = -1;
    --m_laneCount[size_t(lane.consumer)];
    if (index + 1 != m_lanes.size()) {
        lane = m_lanes.back();
        w.pqs[size_t(lane.pq)].lane = qint32(index);
    }
    m_lanes.pop_back();
}

void FastPath::evict(size_t index)
{
    // Back on the agenda at the place it would have had there.
    const Lane &lane = m_lanes[index];
    Event e;
    e.kind = quint8(Ev::PullResponse);
    e.target = quint32(lane.pq);
    e.arg = lane.stamp;
    m_world->agenda.insert(lane.at, lane.seq, e);
    remove(index);
}

void FastPath::evictAll()
{
    while (!m_lanes.empty()) {
        evict(m_lanes.size() - 1);
    }
}

bool FastPath::earliest(SimTime limit, SimTime *at, quint64 *seq) const
{
    bool any = false;
    for (const Lane &lane : m_lanes) {
        if (lane.at <= limit && (!any || before(lane.at, lane.seq, *at, *seq))) {
            *at = lane.at;
            *seq = lane.seq;
            any = true;
        }
    }
    return any;
}

void FastPath::load(const Lane &lane, Run &run) const
{
    const World &w = *m_world;
    const ProcessQueue &pq = w.pqs[size_t(lane.pq)];
    run.blocked = false;
    run.handled = 0;
    run.seq = lane.seq;
    if (run.chain.size() < 64) {
        run.chain.resize(64);
    }
    run.chain[0] = lane.at;
    run.head = run.tail = 0; // its calls in flight: loadDue() fills them, one pass per consumer
    run.random = pq.random;
    run.carry = pq.carry;
    Answer &answer = run.answer;
    answer.at = lane.at;
    answer.stamp = lane.stamp;
    answer.status = pq.status;
    answer.stage = pq.stage;
    answer.resultBegin = pq.resultBegin;
    answer.resultEnd = pq.resultEnd;
    answer.pullGen = pq.pullGen;
    answer.parkGen = pq.parkGen;
    answer.parkedAt = pq.parkedAt;
    answer.wakeAt = pq.wakeAt;
    run.nextOffset = pq.nextOffset;
    run.nextBeginOffset = pq.nextBeginOffset;
    run.pullSentAt = pq.pullSentAt;
    run.lastPull = pq.lastPullTimestamp;
    run.lastConsume = pq.lastConsumeTimestamp;
    run.queueOffsetMax = pq.queueOffsetMax;
    run.commitFlag = pq.commitFlag;
    run.commitOffset = pq.commitOffset;
    run.offset = pq.owner->offsets.memory(pq.queue);
    run.committed = false;
    run.deliveredFrom = run.deliveredTo = 0;
    run.consumed = false;
    run.put = false;
}

void FastPath::copyState(const Run &from, Run &to)
{
    static_cast<RunState &>(to) = from;
    if (to.calls.size() < from.calls.size()) {
        to.calls.resize(from.calls.size());
    }
    std::copy(from.calls.begin() + qsizetype(from.head), from.calls.begin() + qsizetype(from.tail),
        to.calls.begin() + qsizetype(from.head));
}

qint64 FastPath::maxCachedOf(const ClientConfig &config, qint64 size)
{
    // pullNow's cache checks after the answer: msgCount > pullThresholdForQueue, and msgSize / MiB
    // > pullThresholdSizeForQueue, which for a fixed size is a count too (no division per answer).
    const qint64 sizeThreshold = config.pullThresholdSizeForQueue;
    const qint64 maxBytes = sizeThreshold >= (qint64(1) << 40) ? std::numeric_limits<qint64>::max()
                                                               : (sizeThreshold + 1) * kMiB - 1;
    return std::min<qint64>(config.pullThresholdForQueue, maxBytes < 0 ? -1 : maxBytes / size);
}

Q_ALWAYS_INLINE FastPath::Running FastPath::runningAt(
    const Call *flight, size_t head, size_t end, SimTime now)
{
    size_t ended = head;
    while (ended < end && flight[ended].done <= now) {
        ++ended;
    }
    qint64 cached = 0;
    qint64 lowest = std::numeric_limits<qint64>::max();
    for (size_t i = ended; i < end; ++i) {
        cached += flight[i].count;
        lowest = std::min(lowest, flight[i].begin);
    }
    return { ended, cached, lowest };
}

Q_ALWAYS_INLINE void FastPath::insertByEnd(Call *flight, size_t head, size_t end, Call call)
{
    size_t place = end;
    while (place > head && flight[place - 1].done > call.done) {
        flight[place] = flight[place - 1];
        --place;
    }
    flight[place] = call;
}

Q_ALWAYS_INLINE void FastPath::enterEnd(
    Ledger &ledger, qint32 *diff, SimTime window, SimTime base, SimTime now, SimTime done)
{
    // A call that ends as it starts still takes a thread in its millisecond: one answered later
    // in it may find none (it ends at the next one for the ledger).
    const SimTime freed = std::max(done, now + 1);
    if (freed - base < window) {
        --diff[freed - base];
    } else {
        ledger.later.push_back(freed);
    }
}

Q_ALWAYS_INLINE FastPath::PullAnswer FastPath::answerPull(const QueueState::ProductionStep &step,
    const Broker &broker, const QueueState &q, SimTime latency, qint64 cap, bool longPolling,
    SimTime hold, SimTime now, qint64 next)
{
    const SimTime arrival = now + latency;
    const qint64 max = step.maxOffsetAt(arrival);
    if (next < max) {
        // Messages are there: answered at once.
        return { arrival + latency, next + std::min(max - next, cap), 0, Status::Found, false };
    }
    // Held (PullRequestHoldService) until the next message arrives or the hold ends;
    // Broker::wakeOf's common case inline: long polling, a message before the timeout.
    qint64 then = 0;
    SimTime wake = kNever;
    if (step.perMs > 0 && next >= step.offset0) {
        wake = step.arrivalOf(next, &then);
    }
    if (wake < arrival) {
        wake = arrival;
        then = step.maxOffsetAt(wake);
    }
    if (!longPolling || wake > arrival + hold) {
        wake = broker.wakeOf(q, next, arrival, arrival, &then);
    }
    if (then > next) {
        return { wake + latency, next + std::min(then - next, cap), wake, Status::Found, true };
    }
    return { wake + latency, next, wake, Status::NoNewMsg, true };
}

size_t FastPath::makeRoom(Run &run, size_t head, size_t end, size_t calls)
{
    // Room at the back: move the calls in flight to the front, or grow.
    Call *flight = run.calls.data();
    std::copy(flight + head, flight + end, flight);
    end -= head;
    if (end + calls > run.calls.size()) {
        run.calls.resize(std::max<size_t>(16, 2 * (end + calls)));
    }
    return end;
}

void FastPath::noteLastAnswer(Run &run, SimTime lastAt)
{
    // It was handled at lastAt: its messages were delivered, and the pull sent then asks for
    // the offset the answer pending now begins at, with the offset table's entry riding on it.
    // That answer is held (parked) or was answered at once.
    Answer &a = run.answer;
    a.stamp
        = a.stage == Stage::Parked ? quint64(a.pullGen) | (quint64(a.parkGen) << 32) : a.pullGen;
    run.lastAt = lastAt;
    run.deliveredTo = run.queueOffsetMax + 1;
    run.nextOffset = a.resultBegin;
    run.nextBeginOffset = a.resultEnd;
    run.pullSentAt = run.lastPull = lastAt;
    run.commitFlag = run.offset > 0;
    run.commitOffset = run.commitFlag ? run.offset : 0;
    run.committed = run.committed || run.commitFlag;
    run.committedValue = run.commitOffset;
    run.put = true;
}

template<bool Account>
void FastPath::advance(const Lane &lane, Run &run, SimTime limitAt, quint64 limitSeq,
    qint32 maxHandled, Ledger *ledger)
{
    const qint64 quota = run.quota;
    const World &w = *m_world;
    const ProcessQueue &pq = w.pqs[size_t(lane.pq)];
    const Consumer &c = *pq.owner;
    const ClientConfig &config = c.config;
    const QueueState &q = *pq.state;
    const Broker &broker = *pq.broker;
    const qint64 batch = std::max<qint64>(1, config.consumeMessageBatchMaxSize);
    const qint64 maxMsgNums = std::clamp<qint64>(config.pullBatchSize, 1, 1024);
    // Broker::fixedBatch's caps, taken once: maxMsgNums, 32 messages, 256 KiB.
    const qint64 cap = Broker::fixedBatch(q, 0, std::numeric_limits<qint64>::max(), maxMsgNums);
    const SimTime latency = w.latency;
    const qint64 maxCached = maxCachedOf(config, q.fixedSize);
    const qint64 maxSpan = config.consumeConcurrentlyMaxSpan;
    // Production steps change only at agenda events: this one holds for the whole catch-up.
    const QueueState::ProductionStep step = q.steps.back();
    const ConsumeTime time = c.consumeTime;
    const StallSpec *stall = c.stall ? &*c.stall : nullptr;
    const bool longPolling = w.brokerConfig.longPollingEnable;
    const SimTime hold = w.brokerConfig.suspendTimeout;

    // The lane's state in locals (registers) for the loop, stored back after it. (Kept in a
    // struct instead, it costs the engine 3 % more instructions: GCC keeps it in memory.)
    SimTime at = run.answer.at;
    Status status = run.answer.status;
    Stage stage = run.answer.stage;
    qint64 resultBegin = run.answer.resultBegin;
    qint64 resultEnd = run.answer.resultEnd;
    quint32 pullGen = run.answer.pullGen;
    quint32 parkGen = run.answer.parkGen;
    SimTime parkedAt = run.answer.parkedAt;
    SimTime wakeAt = run.answer.wakeAt;
    qint64 queueOffsetMax = run.queueOffsetMax;
    qint64 offset = run.offset;
    SimTime lastConsume = run.lastConsume;
    qint32 handled = run.handled;
    bool consumed = run.consumed;
    Random random = run.random;
    double carry = run.carry;
    Call *flight = run.calls.data();
    size_t capacity = run.calls.size();
    size_t head = run.head;
    size_t end = run.tail;
    SimTime *chain = run.chain.data(); // storage: its size is its capacity
    size_t chainCapacity = run.chain.size();
    // The consumer's ledger, when its lanes share the pool: its window does not grow meanwhile.
    qint32 *const diff = Account ? ledger->diff.data() : nullptr;
    const SimTime window = Account ? SimTime(ledger->diff.size()) : 0;
    const SimTime base = m_base;

    if (run.deliveredFrom == run.deliveredTo) {
        run.deliveredFrom = run.deliveredTo = resultBegin; // consecutive: [from, to)
    }
    // The loaded answer has its sequence number; the ones made here come after every agenda
    // event scheduled so far, so they are before the limit only by time. A run may be advanced
    // again, to a further limit (the rounds of a catch-up).
    bool more = !run.blocked && handled < maxHandled
        && (handled == 0 ? before(at, run.seq, limitAt, limitSeq) : at < limitAt);
    while (more) {
        const SimTime now = at;
        // The consumer settles its calls that ended by now before it looks at the answer.
        const Running running = runningAt(flight, head, end, now);
        const size_t ended = running.ended;
        // What the answer needs: threads, and a cache under the thresholds after it.
        const qint64 n = resultEnd - resultBegin; // ≥ 1 when FOUND
        const qint64 calls = batch == 1 ? n : (n + batch - 1) / batch;
        if (ended == end) {
            // The commonest case, a consumer that keeps up: nothing in flight any more.
            if (status != Status::Found || calls > quota || n > maxCached || n - 1 > maxSpan) {
                run.blocked = true;
                break;
            }
        } else if (status != Status::Found || qint64(end - ended) + calls > quota
            || running.cached + n > maxCached
            || resultEnd - 1 - std::min(running.lowest, resultBegin) > maxSpan) {
            run.blocked = true;
            break;
        }
        // ConsumeService::settle: each ended call removes its messages and moves the offset
        // table's entry (increase only) to the smallest offset still cached, or past the last
        // one pulled. Those offsets only grow from call to call, so the last call's is the one
        // that stays.
        if (ended > head) {
            const qint64 commit = ended == end ? queueOffsetMax + 1 : running.lowest;
            offset = (offset < 0 || commit > offset) ? commit : offset;
            lastConsume = flight[ended - 1].done;
            consumed = true;
        }
        if (ended == end) {
            head = end = 0;
        } else {
            head = ended;
        }
        if (end + size_t(calls) > capacity) {
            end = makeRoom(run, head, end, size_t(calls));
            head = 0;
            flight = run.calls.data();
            capacity = run.calls.size();
        }
        if constexpr (Account) {
            diff[now - base] += qint32(calls);
        }
        // PullService::onResponse (FOUND): cache the messages, submit them.
        queueOffsetMax = resultEnd - 1;
        // One call per consumeMessageBatchMaxSize messages, kept in (done, start) order as the
        // consumer's pending list orders them.
        for (qint64 from = resultBegin; from < resultEnd; from += batch) {
            const qint32 count = calls == 1 ? qint32(n) : qint32(std::min(batch, resultEnd - from));
            const SimTime done = now + listenerCallTime(random, carry, time, stall, count);
            if constexpr (Account) {
                enterEnd(*ledger, diff, window, base, now, done);
            }
            insertByEnd(flight, head, end, { done, now, from, count });
            ++end;
        }
        // pullNow and send: the offset rides on the pull; the broker reads the queue as of the
        // pull's arrival, a latency later.
        const qint64 next = resultEnd;
        const PullAnswer answer
            = answerPull(step, broker, q, latency, cap, longPolling, hold, now, next);
        ++pullGen;
        resultBegin = next;
        resultEnd = answer.resultEnd;
        status = answer.status;
        stage = answer.held ? Stage::Parked : Stage::InFlight;
        at = answer.at;
        if (answer.held) {
            parkedAt = now + latency;
            wakeAt = answer.wake;
            ++parkGen;
        }
        ++handled;
        if (size_t(handled) >= chainCapacity) {
            run.chain.resize(2 * chainCapacity);
            chain = run.chain.data();
            chainCapacity = run.chain.size();
        }
        chain[handled] = at;
        more = handled < maxHandled && at < limitAt;
    }

    if (handled > run.handled) {
        // Only an answer handled changes the state.
        run.answer = { at, run.answer.stamp, status, stage, resultBegin, resultEnd, pullGen,
            parkGen, parkedAt, wakeAt };
        run.queueOffsetMax = queueOffsetMax;
        run.offset = offset;
        run.lastConsume = lastConsume;
        run.consumed = consumed;
        run.random = random;
        run.carry = carry;
        run.head = head;
        run.tail = end;
        noteLastAnswer(run, chain[handled - 1]);
    }
    m_looped += quint64(handled - run.handled);
    run.handled = handled;
}

void FastPath::extend(Ledger &ledger, SimTime at) const
{
    const size_t size = size_t(at - m_base + 1);
    if (ledger.diff.size() >= size) {
        return;
    }
    ledger.diff.resize(size, 0);
    size_t kept = 0;
    for (const SimTime done : ledger.later) {
        if (size_t(done - m_base) < size) {
            --ledger.diff[size_t(done - m_base)];
        } else {
            ledger.later[kept++] = done;
        }
    }
    ledger.later.resize(kept);
}

SimTime FastPath::overflow(Ledger &ledger, SimTime at) const
{
    if (at < m_base) {
        return -1;
    }
    const size_t last = std::min(size_t(at - m_base), ledger.diff.size() - 1);
    for (size_t ms = ledger.checked; ms <= last; ++ms) {
        ledger.busy += ledger.diff[ms];
        if (ledger.busy > ledger.pool) {
            ledger.checked = ms + 1;
            return m_base + SimTime(ms);
        }
    }
    ledger.checked = std::max(ledger.checked, last + 1);
    return -1;
}

void FastPath::writeBack(Lane &lane, Run &run, SimTime settled)
{
    World &w = *m_world;
    ProcessQueue &pq = w.pqs[size_t(lane.pq)];
    Consumer &c = *pq.owner;
    QueueState &q = *pq.state;
    const Answer &answer = run.answer;
    lane.at = answer.at; // its sequence number follows (commit)
    lane.stamp = answer.stamp;
    if (run.handled == 0) {
        return;
    }
    // ConsumeService::settle, as in advance(), for the calls that ended by `settled`.
    size_t ended = run.head;
    while (ended < run.tail && run.calls[ended].done <= settled) {
        ++ended;
    }
    if (ended > run.head) {
        qint64 lowest = std::numeric_limits<qint64>::max();
        for (size_t i = ended; i < run.tail; ++i) {
            lowest = std::min(lowest, run.calls[i].begin);
        }
        const qint64 commit = ended == run.tail ? run.queueOffsetMax + 1 : lowest;
        run.offset = (run.offset < 0 || commit > run.offset) ? commit : run.offset;
        run.lastConsume = run.calls[ended - 1].done;
        run.consumed = true;
        run.head = ended;
    }
    w.processed += quint64(run.handled);
    m_answers += quint64(run.handled);
    pq.random = run.random;
    pq.carry = run.carry;
    pq.nextOffset = run.nextOffset;
    pq.pullGen = answer.pullGen;
    pq.parkGen = answer.parkGen;
    pq.stage = answer.stage;
    pq.status = answer.status;
    pq.resultBegin = answer.resultBegin;
    pq.resultEnd = answer.resultEnd;
    pq.nextBeginOffset = run.nextBeginOffset;
    pq.pullSentAt = run.pullSentAt;
    pq.parkedAt = answer.parkedAt;
    pq.wakeAt = answer.wakeAt;
    pq.lastPullTimestamp = run.lastPull;
    pq.maxMsgNums = quint16(std::clamp<qint64>(c.config.pullBatchSize, 1, 1024));
    pq.commitFlag = run.commitFlag;
    pq.commitOffset = run.commitOffset;
    if (run.consumed) {
        pq.lastConsumeTimestamp = run.lastConsume;
        // Not increase-only: the run's entry is the one the general path would have left.
        c.offsets.update(pq.queue, run.offset, false);
    }
    if (run.put) {
        pq.queueOffsetMax = run.queueOffsetMax;
        pq.consuming = true;
    }
    if (run.committed) {
        q.committed[size_t(pq.group)] = run.committedValue;
    }
    // The broker's held requests: an answered one left the list, a held one joined its end.
    std::vector<qint32> &held = q.parked;
    held.erase(std::remove(held.begin(), held.end(), lane.pq), held.end());
    if (pq.stage == Stage::Parked) {
        held.push_back(lane.pq);
    }
    if (run.deliveredTo > run.deliveredFrom) {
        c.consume.deliverRange(pq, run.deliveredFrom, run.deliveredTo);
    }
    returnCalls(lane, run);
}

void FastPath::returnCalls(const Lane &lane, const Run &run)
{
    ProcessQueue &pq = m_world->pqs[size_t(lane.pq)];
    // The cache holds exactly the messages of the calls in flight.
    std::vector<Call> &byOffset = m_byOffset; // scratch (kept for its capacity)
    byOffset.assign(run.calls.begin() + qint64(run.head), run.calls.begin() + qint64(run.tail));
    std::sort(byOffset.begin(), byOffset.end(),
        [](const Call &a, const Call &b) { return a.begin < b.begin; });
    pq.cache.reset();
    const QueueState &q = *pq.state;
    for (const Call &call : byOffset) {
        for (qint64 o = call.begin; o < call.begin + call.count; ++o) {
            pq.cache.insert(o, q.fixedSize);
        }
    }
    // The pool: the lane's calls in flight take workers (commit() withdrew its old ones).
    ConsumeService &cs = pq.owner->consume;
    for (size_t i = run.head; i < run.tail; ++i) {
        const Call &call = run.calls[i];
        cs.resume(lane.pq, &pq, call.begin, call.count, call.startedAt, call.done);
    }
}

void FastPath::catchUp(SimTime limitAt, quint64 limitSeq)
{
    if (m_lanes.empty() || limitAt < m_earliest) {
        return; // nothing due (most agenda events come between a lane's answers)
    }
    World &w = *m_world;
    if (evictUnsteady(limitAt, limitSeq)) {
        // An answer put back on the agenda may come before the limit: it is the limit now.
        SimTime at = 0;
        quint64 seq = 0;
        if (w.agenda.peek(limitAt, &at, &seq) && before(at, seq, limitAt, limitSeq)) {
            limitAt = at;
            limitSeq = seq;
        }
    }
    if (m_lanes.empty() || !gatherDue(limitAt, limitSeq)) {
        return;
    }
    loadDue();
    assignQuotas(limitAt);
    boundByIdleLanes(limitAt, limitSeq);
    openLedgers();
    const Stop stop = runRounds(limitAt, limitSeq);
    if (stop.run) {
        trimToStop(stop, limitAt, limitSeq);
    }
    const SimTime stopTime = stop.run ? stop.run->chain[size_t(stop.run->handled)] : limitAt;
    commit(stop, stopTime);
    if (!stop.run) {
        return;
    }
    // The stop, through the general path, in its place.
    Event e;
    e.kind = quint8(Ev::PullResponse);
    e.target = quint32(m_lanes[stop.lane].pq);
    e.arg = m_lanes[stop.lane].stamp;
    remove(stop.lane);
    w.agenda.advanceTo(stopTime);
    w.handle(e);
    ++m_inline;
}

bool FastPath::evictUnsteady(SimTime limitAt, quint64 limitSeq)
{
    World &w = *m_world;
    ++m_stamp;
    if (m_inCalls.size() < w.pqs.size()) {
        m_inCalls.resize(w.pqs.size(), 0);
        m_inCallsStamp.resize(w.pqs.size(), 0);
    }
    if (m_consumerStamp.size() < w.consumers.size()) {
        m_consumerStamp.resize(w.consumers.size(), 0);
    }
    bool evicted = false;
    for (size_t i = m_lanes.size(); i-- > 0;) {
        const Lane &lane = m_lanes[i];
        if (!before(lane.at, lane.seq, limitAt, limitSeq)) {
            continue; // not due: checked when it is
        }
        countInCalls(lane.consumer);
        if (!consumerSteady(*w.consumers[size_t(lane.consumer)])
            || !laneSteady(lane, inCallsOf(lane.pq))) {
            evict(i);
            evicted = true;
        }
    }
    return evicted;
}

void FastPath::countInCalls(qint32 consumer)
{
    // Per process queue, once per catch-up (not once per lane: a consumer may have as many lanes
    // as threads).
    if (m_consumerStamp[size_t(consumer)] == m_stamp) {
        return;
    }
    m_consumerStamp[size_t(consumer)] = m_stamp;
    const ConsumeService &cs = m_world->consumers[size_t(consumer)]->consume;
    for (size_t k = 0; k < cs.pendingCount(); ++k) {
        const ConsumeService::Request &request = cs.pendingCall(k).request;
        if (request.queue && !request.orderly) {
            const size_t pq = size_t(request.pq);
            if (m_inCallsStamp[pq] != m_stamp) {
                m_inCallsStamp[pq] = m_stamp;
                m_inCalls[pq] = 0;
            }
            m_inCalls[pq] += request.count;
        }
    }
}

bool FastPath::gatherDue(SimTime limitAt, quint64 limitSeq)
{
    m_due.clear();
    SimTime earliest = kNever;
    for (size_t i = 0; i < m_lanes.size(); ++i) {
        earliest = std::min(earliest, m_lanes[i].at);
        if (before(m_lanes[i].at, m_lanes[i].seq, limitAt, limitSeq)) {
            m_due.push_back(i);
        }
    }
    if (m_due.empty()) {
        m_earliest = earliest;
        return false;
    }
    return true;
}

void FastPath::loadDue()
{
    const size_t consumers = m_world->consumers.size();
    if (m_runs.size() < m_lanes.size()) {
        m_runs.resize(m_lanes.size());
        m_saved.resize(m_lanes.size());
    }
    if (m_dueCount.size() < consumers) {
        m_dueCount.resize(consumers, 0);
        m_dueRank.resize(consumers, 0);
    }
    for (size_t i : m_due) {
        m_dueCount[size_t(m_lanes[i].consumer)] = 0;
        m_dueRank[size_t(m_lanes[i].consumer)] = 0;
    }
    for (size_t i : m_due) {
        ++m_dueCount[size_t(m_lanes[i].consumer)];
    }
    if (m_runStamp.size() < m_lanes.size()) {
        m_runStamp.resize(m_lanes.size(), 0);
    }
    if (m_filledStamp.size() < consumers) {
        m_filledStamp.resize(consumers, 0);
    }
    for (size_t i : m_due) {
        load(m_lanes[i], m_runs[i]);
        m_runStamp[i] = m_stamp;
    }
    for (size_t i : m_due) {
        const size_t c = size_t(m_lanes[i].consumer);
        if (m_filledStamp[c] != m_stamp) {
            m_filledStamp[c] = m_stamp;
            fillCalls(c);
        }
    }
}

void FastPath::fillCalls(size_t consumer)
{
    // The pending calls are kept latest first: read from the back for (done, start) order.
    const ConsumeService &cs = m_world->consumers[consumer]->consume;
    for (size_t k = cs.pendingCount(); k-- > 0;) {
        const ConsumeService::PendingCall call = cs.pendingCall(k);
        const ConsumeService::Request &request = call.request;
        if (!request.queue || request.orderly || request.queue->lane < 0
            || m_runStamp[size_t(request.queue->lane)] != m_stamp) {
            continue;
        }
        Run &run = m_runs[size_t(request.queue->lane)];
        if (run.tail == run.calls.size()) {
            run.calls.resize(std::max<size_t>(16, run.calls.size() * 2));
        }
        run.calls[run.tail++] = { call.done, call.startedAt, request.begin, request.count };
    }
}

void FastPath::assignQuotas(SimTime limitAt)
{
    // A fixed part each (the threads their calls hold and a share of the idle ones) costs
    // nothing to check, but a lane stops as soon as it needs more than its part: where the parts
    // are small (fewer than two idle threads a lane), the lanes share the whole pool instead, and
    // a ledger finds the first moment they hold more threads than it has.
    const World &w = *m_world;
    m_base = kNever;
    for (size_t i : m_due) {
        m_base = std::min(m_base, m_lanes[i].at);
    }
    if (m_ledgers.size() < w.consumers.size()) {
        m_ledgers.resize(w.consumers.size());
    }
    const bool ledgers = limitAt - m_base < kMaxLedger;
    for (size_t i : m_due) {
        const size_t c = size_t(m_lanes[i].consumer);
        Ledger &ledger = m_ledgers[c];
        if (ledger.stamp != m_stamp) {
            const qint64 idle = w.consumers[c]->consume.idleThreads();
            ledger.stamp = m_stamp;
            ledger.shared = ledgers && m_dueCount[c] > 1 && idle < 2 * qint64(m_dueCount[c]);
            ledger.pool = idle;
        }
        ledger.pool += qint64(m_runs[i].tail);
    }
    for (size_t i : m_due) {
        const size_t c = size_t(m_lanes[i].consumer);
        const Ledger &ledger = m_ledgers[c];
        m_runs[i].quota = ledger.shared
            ? qint32(ledger.pool)
            : qint32(m_runs[i].tail) + share(*w.consumers[c], m_dueCount[c], m_dueRank[c]++);
    }
}

void FastPath::boundByIdleLanes(SimTime &limitAt, quint64 &limitSeq)
{
    // A lane with no thread to take (quota 0: nothing in flight, no share: its consumer has more
    // lanes than idle threads) stops at its first answer, so no lane goes past the first such
    // answer: the catch-up ends there (any limit gives the same run). Without this bound every
    // lane ran on to the next agenda event, often hundreds of milliseconds on, and was then
    // handled again up to the stop.
    bool bounded = false;
    for (size_t i : m_due) {
        const Lane &lane = m_lanes[i];
        if (m_runs[i].quota == 0 && before(lane.at, lane.seq + 1, limitAt, limitSeq)) {
            limitAt = lane.at;
            limitSeq = lane.seq + 1;
            bounded = true;
        }
    }
    if (!bounded) {
        return;
    }
    size_t kept = 0;
    for (size_t i : m_due) {
        if (before(m_lanes[i].at, m_lanes[i].seq, limitAt, limitSeq)) {
            m_due[kept++] = i;
        }
    }
    m_due.resize(kept);
    m_base = kNever;
    for (size_t i : m_due) {
        m_base = std::min(m_base, m_lanes[i].at);
    }
}

void FastPath::openLedgers()
{
    // The ledgers begin with the calls in flight of the lanes still due (the threads of the
    // others' calls are not counted on).
    m_sharing.clear();
    for (size_t i : m_due) {
        const size_t c = size_t(m_lanes[i].consumer);
        Ledger &ledger = m_ledgers[c];
        if (!ledger.shared) {
            continue;
        }
        if (ledger.opened != m_stamp) {
            ledger.opened = m_stamp;
            ledger.pool = m_world->consumers[c]->consume.idleThreads();
            ledger.diff.assign(1, 0);
            ledger.later.clear();
            ledger.busy = 0;
            ledger.checked = 0;
            m_sharing.push_back(c);
        }
        const Run &run = m_runs[i];
        ledger.pool += qint64(run.tail - run.head);
        for (size_t k = run.head; k < run.tail; ++k) {
            ++ledger.diff[0];
            if (run.calls[k].done <= m_base) {
                --ledger.diff[0];
            } else {
                ledger.later.push_back(run.calls[k].done);
            }
        }
    }
    for (size_t i : m_due) {
        const Ledger &ledger = m_ledgers[size_t(m_lanes[i].consumer)];
        if (ledger.shared) {
            m_runs[i].quota = qint32(ledger.pool);
        }
    }
}

FastPath::Stop FastPath::runRounds(SimTime limitAt, quint64 limitSeq)
{
    // The first answer a lane cannot handle (the stop) goes to the general path, in its place,
    // and every lane handles only the answers before it: what happens after it in its consumer
    // (or on its queue) must see it, and an answer another lane makes after it is ordered after
    // what the stop's consumer does next, which is not known before the stop is handled (those
    // lanes would take their sequence numbers too soon).
    //
    // In rounds, each reaching twice as far as the one before: a stop is usually near, and
    // every lane that went past it is handled again up to it. Once a stop is known, no lane
    // goes further than its millisecond (those of that millisecond are sorted out by
    // trimToStop()).
    Stop stop;
    stop.reachAt = limitAt;
    stop.reachSeq = limitSeq;
    for (SimTime horizon = kFirstRound;; horizon *= 2) {
        SimTime roundAt = stop.reachAt;
        quint64 roundSeq = stop.reachSeq;
        if (m_base + horizon < stop.reachAt) {
            roundAt = m_base + horizon;
            roundSeq = 0;
        }
        runRound(stop, roundAt, roundSeq);
        // (Answers of the round's last millisecond come in the next round, unless this is the
        // last.)
        if (takeBackOverflows(roundSeq == 0 ? roundAt - 1 : roundAt, limitAt, limitSeq)) {
            // The lane taken back may have been the stop: the stops are compared again.
            stop = Stop();
            stop.reachAt = limitAt;
            stop.reachSeq = limitSeq;
            for (size_t i : m_due) {
                if (m_runs[i].blocked) {
                    consider(stop, i);
                }
            }
        }
        if (stop.run || (roundAt == stop.reachAt && roundSeq == stop.reachSeq)) {
            return stop;
        }
    }
}

void FastPath::runRound(Stop &stop, SimTime roundAt, quint64 roundSeq)
{
    for (size_t c : m_sharing) {
        extend(m_ledgers[c], roundAt);
    }
    for (size_t i : m_due) {
        copyState(m_runs[i], m_saved[i]);
    }
    for (size_t i : m_due) {
        Run &run = m_runs[i];
        // Not past a stop already found in this round.
        const bool stopNearer = before(stop.reachAt, stop.reachSeq, roundAt, roundSeq);
        const SimTime toAt = stopNearer ? stop.reachAt : roundAt;
        const quint64 toSeq = stopNearer ? stop.reachSeq : roundSeq;
        Ledger &ledger = m_ledgers[size_t(m_lanes[i].consumer)];
        if (ledger.shared) {
            advance<true>(
                m_lanes[i], run, toAt, toSeq, std::numeric_limits<qint32>::max(), &ledger);
        } else {
            advance<false>(m_lanes[i], run, toAt, toSeq, std::numeric_limits<qint32>::max());
        }
        if (run.blocked) {
            consider(stop, i);
        }
    }
}

void FastPath::consider(Stop &stop, size_t lane) const
{
    const Run &run = m_runs[lane];
    if (stop.run && !precedes(run, size_t(run.handled), *stop.run, size_t(stop.run->handled))) {
        return;
    }
    stop.run = &run;
    stop.lane = lane;
    const SimTime after = run.chain[size_t(run.handled)] + 1;
    if (before(after, 0, stop.reachAt, stop.reachSeq)) {
        stop.reachAt = after;
        stop.reachSeq = 0;
    }
}

bool FastPath::takeBackOverflows(SimTime upTo, SimTime limitAt, quint64 limitSeq)
{
    // A consumer whose lanes held more calls than its threads at the end of a millisecond: its
    // first answer of that millisecond (in the agenda's order) needed a thread that was not
    // there, or made another answer of it need one. That answer is a stop.
    bool overflowed = false;
    for (size_t c : m_sharing) {
        const SimTime t = overflow(m_ledgers[c], upTo);
        if (t < 0) {
            continue;
        }
        qint32 index = 0;
        const size_t first = firstAnswerAt(c, t, &index);
        Run &run = m_runs[first];
        copyState(m_saved[first], run);
        advance<false>(m_lanes[first], run, limitAt, limitSeq, index);
        Q_ASSERT(run.handled == index);
        run.blocked = true;
        overflowed = true;
    }
    return overflowed;
}

size_t FastPath::firstAnswerAt(size_t consumer, SimTime t, qint32 *index) const
{
    size_t first = m_lanes.size();
    for (size_t i : m_due) {
        const Run &run = m_runs[i];
        if (size_t(m_lanes[i].consumer) != consumer) {
            continue;
        }
        for (qint32 j = m_saved[i].handled; j < run.handled && run.chain[size_t(j)] <= t; ++j) {
            if (run.chain[size_t(j)] == t) {
                if (first == m_lanes.size()
                    || precedes(run, size_t(j), m_runs[first], size_t(*index))) {
                    first = i;
                    *index = j;
                }
                break;
            }
        }
    }
    Q_ASSERT(first != m_lanes.size());
    return first;
}

void FastPath::trimToStop(const Stop &stop, SimTime limitAt, quint64 limitSeq)
{
    const size_t stopIndex = size_t(stop.run->handled);
    const SimTime stopTime = stop.run->chain[stopIndex];
    for (size_t i : m_due) {
        Run &run = m_runs[i];
        if (&run == stop.run || run.handled == 0 || run.chain[size_t(run.handled) - 1] < stopTime) {
            continue;
        }
        // Its answers are in time order: those before the stop's millisecond pass, those of
        // that millisecond are compared.
        qint32 allowed = 0;
        while (allowed < run.handled && run.chain[size_t(allowed)] < stopTime) {
            ++allowed;
        }
        while (allowed < run.handled && run.chain[size_t(allowed)] == stopTime
            && precedes(run, size_t(allowed), *stop.run, stopIndex)) {
            ++allowed;
        }
        if (allowed < run.handled) {
            // From where the last round began: every lane was short of the stop there.
            copyState(m_saved[i], run);
            Q_ASSERT(run.handled <= allowed);
            advance(m_lanes[i], run, limitAt, limitSeq, allowed);
        }
        run.blocked = false;
    }
}

void FastPath::commit(const Stop &stop, SimTime settled)
{
    World &w = *m_world;
    m_order.clear();
    for (size_t i : m_due) {
        if (m_runs[i].handled > 0) {
            // First: a lane may take threads another one's calls held.
            const Lane &lane = m_lanes[i];
            w.consumers[size_t(lane.consumer)]->consume.withdraw(&w.pqs[size_t(lane.pq)]);
        }
    }
    for (size_t c : m_sharing) {
        // Lanes sharing a pool may have taken the threads of calls that ended meanwhile in lanes
        // that handled nothing: those complete now, as the consumer's next event would have
        // completed them (and nothing reads them before it).
        w.consumers[c]->consume.catchUp(settled);
    }
    for (size_t i : m_due) {
        Run &run = m_runs[i];
        writeBack(m_lanes[i], run, settled);
        if (run.handled > 0) {
            Q_ASSERT(!stop.run || &run == stop.run
                || precedes(run, size_t(run.handled) - 1, *stop.run, size_t(stop.run->handled)));
            m_order.push_back(i);
        }
    }
    // The answers the lanes made get their sequence numbers in the order the agenda would have
    // given them.
    std::sort(m_order.begin(), m_order.end(), [this](size_t a, size_t b) {
        const Run &ra = m_runs[a];
        const Run &rb = m_runs[b];
        return precedes(ra, size_t(ra.handled), rb, size_t(rb.handled));
    });
    for (size_t i : m_order) {
        m_lanes[i].seq = w.agenda.takeSeq();
    }
    m_earliest = kNever;
    for (const Lane &lane : m_lanes) {
        m_earliest = std::min(m_earliest, lane.at);
    }
}

bool FastPath::precedes(const Run &a, size_t i, const Run &b, size_t j)
{
    // Answer i of a lane was made while its answer i - 1 was handled (answer 0 was there when the
    // catch-up began, with its sequence number): two answers of one millisecond are in the order
    // their makers were handled, as on the agenda.
    if (a.chain[i] != b.chain[j]) {
        return a.chain[i] < b.chain[j];
    }
    if (i == j && std::memcmp(a.chain.data(), b.chain.data(), (i + 1) * sizeof(SimTime)) == 0) {
        // Queues fed alike answer alike: the same times back to the start of the catch-up.
        return a.seq < b.seq;
    }
    for (;;) {
        if (a.chain[i] != b.chain[j]) {
            return a.chain[i] < b.chain[j];
        }
        if (i == 0 || j == 0) {
            if (i == 0 && j == 0) {
                return a.seq < b.seq;
            }
            return i == 0; // made before this catch-up
        }
        --i;
        --j;
    }
}

} // namespace Rblab
