// SPDX-License-Identifier: Apache-2.0
#include "model/consumeservice.h"

#include "model/listenertime.h"
#include "model/world.h"

#include <algorithm>
#include <climits>
#include <cmath>

namespace Rblab {

namespace {

constexpr SimTime kLocalRetryDelay = 5000; // failed send-back: consumed again locally
constexpr SimTime kMaxConsumeContinuously = 60000; // rocketmq.client.maxTimeConsumeContinuously

} // namespace

ConsumeService::ConsumeService(World *world, Consumer *consumer)
    : m_world(world), m_consumer(consumer), m_worldClock(world->agenda.clock())
{
}

void ConsumeService::setThreads(qint64 threads)
{
    threads = std::clamp<qint64>(threads, 1, 1000);
    const size_t old = m_workers.size();
    if (size_t(threads) > old) {
        m_workers.resize(size_t(threads));
    }
    // The idle list holds the idle workers below the core size, lowest index last (taken
    // first); a shrunk pool retires the others as they finish.
    m_idle.clear();
    for (size_t i = size_t(threads); i-- > 0;) {
        if (!m_workers[i].busy) {
            m_idle.push_back(quint16(i));
        }
    }
    m_threads = threads;
    startIdle();
}

void ConsumeService::stop()
{
    m_stopped = true;
    m_fifo.clear();
    m_pending.clear();
}

void ConsumeService::releaseStorage()
{
    Q_ASSERT(m_stopped && m_pending.empty());
    // Events still addressed to the consumer (ConsumeDone, ConsumeResubmit) check alive() first.
    std::vector<Worker>().swap(m_workers);
    std::vector<quint16>().swap(m_idle);
    std::deque<Request>().swap(m_fifo);
    std::vector<Request>().swap(m_resubmits);
    std::vector<Pending>().swap(m_pending);
}

namespace {
struct PendingLater
{
    template<typename P> bool operator()(const P &a, const P &b) const
    {
        return a.at != b.at ? a.at > b.at : a.seq > b.seq;
    }
};
} // namespace

void ConsumeService::settle(SimTime limit)
{
    while (!m_pending.empty() && m_pending.back().at <= limit) {
        const Pending p = m_pending.back();
        m_pending.pop_back();
        m_clock = p.at;
        complete(p.worker, p.serial);
    }
    m_clock = -1;
}

void ConsumeService::thaw(SimTime now)
{
    for (Pending &p : m_pending) {
        p.at = std::max(p.at, now);
    }
    std::stable_sort(m_pending.begin(), m_pending.end(), PendingLater());
}

void ConsumeService::withdraw(const ProcessQueue *queue)
{
    for (size_t i = m_pending.size(); i-- > 0;) {
        const quint16 worker = m_pending[i].worker;
        Worker &w = m_workers[worker];
        if (w.request.queue == queue && !w.request.orderly) {
            m_pending.erase(m_pending.begin() + qint64(i));
            w.busy = false;
            --m_busy;
            if (qint64(worker) < m_threads) {
                m_idle.push_back(worker);
            }
        }
    }
}

void ConsumeService::resume(
    qint32 pq, ProcessQueue *queue, qint64 begin, qint32 count, SimTime startedAt, SimTime done)
{
    const quint16 worker = m_idle.back();
    m_idle.pop_back();
    ++m_busy;
    Worker &w = m_workers[worker];
    w.busy = true;
    w.request = { pq, queue, begin, count, false };
    w.startedAt = startedAt;
    w.failed = false;
    ++w.serial;
    m_pending.push_back({ done, m_pendingSeq++, worker, w.serial });
    for (size_t i = m_pending.size() - 1; i > 0 && PendingLater()(m_pending[i], m_pending[i - 1]);
         --i) {
        std::swap(m_pending[i], m_pending[i - 1]);
    }
}

void ConsumeService::deliverRange(ProcessQueue &pq, qint64 begin, qint64 end)
{
    if (!pq.delivered) {
        if (m_scope == size_t(-1)) {
            m_scope = m_world->metrics.deliveryScope(m_consumer->index);
        }
        pq.delivered = m_world->metrics.deliveryBits(m_scope, pq.queue);
    }
    m_world->metrics.recordDeliveryRange(*pq.delivered, begin, end);
    m_consumer->delivered += end - begin;
}

void ConsumeService::submit(qint32 pq, qint64 begin, qint64 end, bool dispatchToConsume)
{
    if (m_stopped) {
        return;
    }
    if (m_consumer->orderly()) {
        if (dispatchToConsume) {
            submitOrderly(pq);
        }
        return;
    }
    // ConsumeMessageConcurrentlyService: chunks of consumeMessageBatchMaxSize, FIFO. With an
    // empty queue and idle threads a chunk goes straight to a thread (the common case).
    const qint64 batch = std::max<qint64>(1, m_consumer->config.consumeMessageBatchMaxSize);
    ProcessQueue *queue = &m_world->pqs[size_t(pq)];
    qint64 from = begin;
    while (from < end && m_fifo.empty() && !m_idle.empty()) {
        const quint16 worker = m_idle.back();
        m_idle.pop_back();
        ++m_busy;
        Worker &w = m_workers[worker];
        w.busy = true;
        w.request = { pq, queue, from, qint32(std::min(batch, end - from)), false };
        from += batch;
        startConcurrent(worker);
    }
    for (; from < end; from += batch) {
        m_fifo.push_back({ pq, queue, from, qint32(std::min(batch, end - from)), false });
    }
}

void ConsumeService::submitOrderly(qint32 pq)
{
    if (m_stopped) {
        return;
    }
    m_fifo.push_back({ pq, &m_world->pqs[size_t(pq)], 0, 0, true });
    startIdle();
}

void ConsumeService::startIdle()
{
    while (!m_idle.empty() && !m_fifo.empty() && !m_stopped) {
        const quint16 worker = m_idle.back();
        m_idle.pop_back();
        m_workers[worker].request = m_fifo.front();
        m_fifo.pop_front();
        ++m_busy;
        m_workers[worker].busy = true;
        run(worker);
    }
}

Q_ALWAYS_INLINE void ConsumeService::release(quint16 worker)
{
    Worker &w = m_workers[worker];
    w.busy = false;
    --m_busy;
    if (qint64(worker) < m_threads) {
        m_idle.push_back(worker);
    }
}

Q_ALWAYS_INLINE SimTime ConsumeService::listenerTime(ProcessQueue &pq, qint32 messages)
{
    const Consumer &c = *m_consumer;
    return listenerCallTime(
        pq.random, pq.carry, c.consumeTime, c.stall ? &*c.stall : nullptr, messages);
}

Q_ALWAYS_INLINE void ConsumeService::deliver(ProcessQueue &pq, qint64 begin, qint64 end)
{
    if (!pq.delivered) {
        if (m_scope == size_t(-1)) {
            m_scope = m_world->metrics.deliveryScope(m_consumer->index);
        }
        pq.delivered = m_world->metrics.deliveryBits(m_scope, pq.queue);
    }
    m_world->metrics.recordDelivery(*pq.delivered, begin, end);
    m_consumer->delivered += end - begin;
}

void ConsumeService::run(quint16 worker)
{
    Worker &w = m_workers[worker];
    if (w.request.orderly) {
        w.loopBegin = m_world->now();
        ProcessQueue &pq = m_world->pqs[size_t(w.request.pq)];
        if (pq.dropped) {
            release(worker);
            return;
        }
        // ConsumeMessageOrderlyService.ConsumeRequest.run: a CLUSTERING queue must be locked.
        if (!m_consumer->broadcasting()
            && (!pq.locked || pq.isLockExpired(m_world->now(), 30000))) {
            tryLockLater(w.request.pq, 100);
            release(worker);
            return;
        }
        runOrderlyStep(worker);
        return;
    }
    startConcurrent(worker);
}

Q_ALWAYS_INLINE void ConsumeService::startConcurrent(quint16 worker)
{
    Worker &w = m_workers[worker];
    ProcessQueue &pq = *w.request.queue;
    if (pq.dropped) {
        // "the message queue not be able to consume, because it's dropped": nothing delivered.
        release(worker);
        return;
    }
    deliver(pq, w.request.begin, w.request.begin + w.request.count);
    w.startedAt = localNow();
    w.failed = pq.random.chance(m_consumer->failureRate);
    ++w.serial;
    const SimTime done = localNow() + listenerTime(pq, w.request.count);
    if (w.failed) {
        Event e;
        e.kind = quint8(Ev::ConsumeDone);
        e.small = worker;
        e.target = quint32(m_consumer->index);
        e.arg = (quint64(m_consumer->incarnation) << 32) | w.serial;
        m_world->agenda.schedule(done, e);
        return;
    }
    // Kept sorted latest first, so the next completion is at the back. A consumer has a few
    // calls running at a time, mostly ending in the order they started: the new one usually
    // goes near the front of a short list (a heap's sifting costs more at these sizes).
    m_pending.push_back({ done, m_pendingSeq++, worker, w.serial });
    for (size_t i = m_pending.size() - 1; i > 0 && PendingLater()(m_pending[i], m_pending[i - 1]);
         --i) {
        std::swap(m_pending[i], m_pending[i - 1]);
    }
}

void ConsumeService::onDone(quint16 worker, quint32 serial)
{
    complete(worker, serial);
}

Q_ALWAYS_INLINE void ConsumeService::complete(quint16 worker, quint32 serial)
{
    if (worker >= m_workers.size()) {
        return;
    }
    Worker &w = m_workers[worker];
    if (!w.busy || w.serial != serial) {
        return;
    }
    if (m_stopped) {
        // Shut down while the listener ran: its result is never processed.
        return;
    }
    if (w.request.orderly) {
        if (finishOrderly(w)) {
            runOrderlyStep(worker);
        } else {
            release(worker);
            startIdle();
        }
        return;
    }
    finishConcurrent(w);
    release(worker);
    if (!m_fifo.empty()) {
        startIdle();
    }
}

Q_ALWAYS_INLINE void ConsumeService::finishConcurrent(Worker &w)
{
    World &world = *m_world;
    Consumer &c = *m_consumer;
    ProcessQueue &pq = *w.request.queue;
    if (pq.dropped) {
        // processConsumeResult is skipped: no offset update, no send-back (a duplicate source).
        return;
    }
    const qint64 begin = w.request.begin;
    const qint64 end = begin + w.request.count;
    qint64 offset = -1;
    if (!w.failed || c.broadcasting()) {
        // CONSUME_SUCCESS, or BROADCASTING where failed messages are only logged and dropped.
        offset = pq.removeMessages(begin, end, localNow());
    } else {
        // RECONSUME_LATER in CLUSTERING: every message still cached is sent back; those that
        // cannot be sent stay cached and are consumed again locally after 5 s.
        bool any = false;
        for (qint64 o = begin; o < end; ++o) {
            if (!pq.cache.contains(o)) {
                // Sent back by cleanExpireMsg while the call ran: 5.1.0+ skips it
                // (containsMessage, apache/rocketmq #5481); 4.x sends a second copy back.
                if (world.profile == Profile::V49) {
                    sendBack(w.request.pq, o);
                }
                continue;
            }
            if (sendBack(w.request.pq, o)) {
                offset = pq.removeOne(o, localNow());
                any = true;
            } else {
                m_resubmits.push_back({ w.request.pq, &pq, o, 1, false });
                world.schedule(kLocalRetryDelay, Ev::ConsumeResubmit, quint32(c.index),
                    quint64(m_resubmits.size() - 1));
            }
        }
        if (!any) {
            offset = -1;
        }
    }
    if (offset >= 0 && !pq.dropped) {
        c.offsets.update(pq.queue, offset, true);
    }
}

bool ConsumeService::sendBack(qint32 pqIndex, qint64 offset, int delayLevel)
{
    World &world = *m_world;
    Consumer &c = *m_consumer;
    const ProcessQueue &pq = world.pqs[size_t(pqIndex)];
    const QueueState &q = world.queueStates[size_t(pq.queue)];
    const qint32 broker = q.broker;
    if (!world.brokers[size_t(broker)]->up || !world.network.reachable(c.index, broker)) {
        return false;
    }
    bool failed = false;
    c.channelFor(broker, &failed);
    if (failed) {
        return false;
    }
    SendBackRequest request;
    request.group = c.group;
    request.broker = broker;
    request.message.size = world.messageSize(pq.queue, offset);
    request.message.reconsumeTimes
        = q.retry && size_t(offset) < q.stored.size() ? q.stored[size_t(offset)].reconsumeTimes : 0;
    request.maxReconsumeTimes = c.config.maxReconsumeTimes < 0 ? 16 : c.config.maxReconsumeTimes;
    request.delayLevel = delayLevel;
    request.live = true;
    world.sendBacks.push_back(request);
    world.schedule(
        world.latency, Ev::SendBack, quint32(broker), quint64(world.sendBacks.size() - 1));
    return true;
}

SimTime ConsumeService::consumeStartTime(qint32 pq, qint64 offset) const
{
    // CONSUME_START_TIME is stamped on a batch when its ConsumeRequest starts running; messages
    // still waiting in the executor's queue have none.
    for (const Worker &w : m_workers) {
        if (w.busy && !w.request.orderly && w.request.pq == pq && offset >= w.request.begin
            && offset < w.request.begin + w.request.count) {
            return w.startedAt;
        }
    }
    return -1;
}

qint64 ConsumeService::cleanExpiredMessages(SimTime timeout)
{
    if (m_stopped || m_consumer->orderly()) {
        return 0; // ProcessQueue.cleanExpiredMsg returns at once for orderly consumers
    }
    World &world = *m_world;
    Consumer &c = *m_consumer;
    const SimTime now = world.now();
    catchUp(now);
    qint64 sent = 0;
    for (qint32 pqIndex : c.table) {
        ProcessQueue &pq = world.pqs[size_t(pqIndex)];
        if (pq.dropped) {
            continue;
        }
        const qint64 loop = std::min<qint64>(pq.cache.count(), 16);
        for (qint64 i = 0; i < loop && !pq.cache.empty(); ++i) {
            const qint64 first = pq.cache.firstKey();
            const SimTime started = consumeStartTime(pqIndex, first);
            if (started < 0 || now - started <= timeout) {
                break;
            }
            // sendMessageBack(msg, 3); a failed send-back (and its fallback) leaves it cached.
            if (!sendBack(pqIndex, first, 3)) {
                break;
            }
            // The return value of removeMessage is dropped here: the committed offset moves
            // past the message at the queue's next completed call.
            pq.cache.remove(first);
            ++sent;
            SimEvent ev;
            ev.type = SimEvent::Type::ConsumeTimeout;
            ev.consumer = c.index;
            ev.queue = pq.queue;
            ev.detail = QString::number(first);
            world.publish(ev);
        }
    }
    return sent;
}

void ConsumeService::onResubmit(quint64 index)
{
    if (m_stopped || index >= m_resubmits.size()) {
        return;
    }
    const Request r = m_resubmits[size_t(index)];
    if (m_world->pqs[size_t(r.pq)].dropped) {
        return;
    }
    m_fifo.push_back(r);
    startIdle();
}

void ConsumeService::tryLockLater(qint32 pq, SimTime delay)
{
    // tryLockLaterAndReconsume: lock after `delay`; resubmit after 10 ms on success, 3 s if not.
    m_consumer->threads.spawn(
        [](World *world, Consumer *consumer, qint32 index, SimTime wait) -> Task<void> {
            co_await SleepAwaiter { world, consumer->index, wait };
            const bool locked = co_await consumer->rebalance.lock(world->pqs[size_t(index)].queue);
            world->schedule(
                locked ? 10 : 3000, Ev::OrderlyResubmit, quint32(index), consumer->incarnation);
        }(m_world, m_consumer, pq, delay));
}

void ConsumeService::runOrderlyStep(quint16 worker)
{
    World &world = *m_world;
    Consumer &c = *m_consumer;
    Worker &w = m_workers[worker];
    ProcessQueue &pq = world.pqs[size_t(w.request.pq)];
    const bool clustering = !c.broadcasting();
    const auto stop = [&]() {
        release(worker);
        startIdle();
    };
    if (pq.dropped) {
        stop();
        return;
    }
    if (clustering && !pq.locked) {
        tryLockLater(w.request.pq, 10);
        stop();
        return;
    }
    if (clustering && pq.isLockExpired(world.now(), 30000)) {
        tryLockLater(w.request.pq, 10);
        stop();
        return;
    }
    if (world.now() - w.loopBegin > kMaxConsumeContinuously) {
        // Consumed one queue for a minute: give the thread back, come back in 10 ms.
        world.schedule(10, Ev::OrderlyResubmit, quint32(w.request.pq), c.incarnation);
        stop();
        return;
    }
    const qsizetype taken
        = pq.takeMessages(std::max<qint64>(1, c.config.consumeMessageBatchMaxSize), world.now());
    if (taken == 0) {
        stop();
        return;
    }
    w.taken = qint32(taken);
    pq.listenerRunning = true; // consumeLock (read lock since 5.2) held during the listener call
    const qint64 first = pq.consumingOrderly.front().first;
    const qint64 last = pq.consumingOrderly.back().first + 1;
    deliver(pq, first, last);
    w.failed = pq.random.chance(c.failureRate);
    ++w.serial;
    const SimTime d = listenerTime(pq, qint32(taken));
    world.schedule(
        d, Ev::ConsumeDone, quint32(c.index), (quint64(c.incarnation) << 32) | w.serial, worker);
}

bool ConsumeService::finishOrderly(Worker &w)
{
    World &world = *m_world;
    Consumer &c = *m_consumer;
    ProcessQueue &pq = world.pqs[size_t(w.request.pq)];
    pq.listenerRunning = false;
    if (pq.dropped) {
        return false;
    }
    qint64 offset = -1;
    if (!w.failed) {
        offset = pq.commit();
    } else {
        // SUSPEND_CURRENT_QUEUE_A_MOMENT: retried in place until maxReconsumeTimes (-1: forever).
        const qint64 max
            = c.config.maxReconsumeTimes < 0 ? qint64(INT_MAX) : c.config.maxReconsumeTimes;
        bool retry = false;
        for (const auto &m : pq.consumingOrderly) {
            if (pq.orderlyReconsumeTimes.value(m.first) < max) {
                retry = true;
            }
        }
        if (!retry) {
            for (const auto &m : pq.consumingOrderly) {
                if (!sendBack(w.request.pq, m.first)) {
                    retry = true;
                }
            }
        }
        if (retry) {
            for (const auto &m : pq.consumingOrderly) {
                ++pq.orderlyReconsumeTimes[m.first];
            }
            pq.rollback();
            const SimTime suspend
                = std::clamp<SimTime>(c.config.suspendCurrentQueueTimeMillis, 10, 30000);
            world.schedule(suspend, Ev::OrderlyResubmit, quint32(w.request.pq), c.incarnation);
            return false;
        }
        offset = pq.commit();
    }
    if (offset >= 0 && !pq.dropped) {
        c.offsets.update(pq.queue, offset, false);
    }
    return true;
}

} // namespace Rblab
