// SPDX-License-Identifier: Apache-2.0
// ConsumeMessageConcurrentlyService and ConsumeMessageOrderlyService over one thread pool.
#pragma once

#include "sim/simtime.h"

#include <QtGlobal>

#include <deque>
#include <vector>

namespace Rblab {

struct World;
struct ProcessQueue;
class Consumer;

/*!
    The consume thread pool of one consumer: a FIFO of ConsumeRequests served by
    consumeThreadMin workers (the pool never grows past its core size, its queue being
    unbounded). Concurrent requests carry consumeMessageBatchMaxSize messages each; an orderly
    request holds its worker while it consumes one queue in order (lock checks, takeMessages,
    commit or suspend, the 60 s continuous limit).

    A request's listener time is drawn from the consumer's consume-time distribution, from its
    process queue's own stream; the queue keeps the sub-millisecond remainder so a 0.3 ms mean
    consumes at the right rate on a millisecond clock.
*/
class ConsumeService
{
public:
    struct Request
    {
        qint32 pq = -1;
        ProcessQueue *queue = nullptr; //!< the process queue `pq` names (addresses never move)
        qint64 begin = 0; //!< concurrent: the batch's offsets [begin, begin + count)
        qint32 count = 0;
        bool orderly = false;
    };

    ConsumeService(World *world, Consumer *consumer);

    void setThreads(qint64 threads);
    //! submitConsumeRequest
    void submit(qint32 pq, qint64 begin, qint64 end, bool dispatchToConsume);
    void submitOrderly(qint32 pq);
    void onDone(quint16 worker, quint32 serial);
    /*!
        Completes the listener calls that ended at or before `limit`. A successful concurrent
        call's end is visible only to this consumer (its cache, its offsets, its threads), so it
        is kept on a small local agenda instead of the world's and settled before anything
        looks: before every event for this consumer and before every snapshot or sample. Calls
        that fail (a send-back reaches a broker) and orderly calls stay on the world's agenda.
    */
    void catchUp(SimTime limit)
    {
        if (!m_pending.empty() && m_pending.back().at <= limit) {
            settle(limit);
        }
    }
    //! Unfreezing: calls that were due while the process hung complete now.
    void thaw(SimTime now);
    bool hasPending() const { return !m_pending.empty(); }
    void onResubmit(quint64 index);
    /*!
        ConsumeMessageConcurrentlyService.cleanExpireMsg: for each process queue, while its
        first cached message has been in a listener call for longer than `timeout`, send it back
        (delay level 3) and remove it from the cache (at most 16 per queue and round). The
        listener call is not interrupted. Returns how many messages were sent back.
    */
    qint64 cleanExpiredMessages(SimTime timeout);
    //! shutdown(): running listener calls are abandoned, their results never processed.
    void stop();
    bool stopped() const { return m_stopped; }
    /*!
        A consumer that is gone for good (killed or shut down: it never starts again) frees its
        pool, queue and pending calls; only the figures its snapshot row shows stay (issue 12:
        churn creates hundreds of consumers a day).
    */
    void releaseStorage();
    //! Heap bytes of the pool, queue and pending calls (tests and the memory figures).
    qint64 storageBytes() const
    {
        return qint64(m_workers.capacity() * sizeof(Worker) + m_idle.capacity() * sizeof(quint16)
            + m_fifo.size() * sizeof(Request) + m_resubmits.capacity() * sizeof(Request)
            + m_pending.capacity() * sizeof(Pending));
    }

    qint64 busyWorkers() const { return m_busy; }
    qint64 queued() const { return qint64(m_fifo.size()); }

    // The fast path's view (fastpath.h): a lane's calls in flight live in this pool between its
    // catch-ups and leave it while one runs.

    //! Running, nothing waiting for a thread, and no thread left over from a smaller pool size.
    bool steady() const
    {
        return !m_stopped && m_fifo.empty() && qint64(m_workers.size()) == m_threads;
    }
    qint64 threads() const { return m_threads; }
    qint64 idleThreads() const { return qint64(m_idle.size()); }
    //! A successful call on the consumer's own agenda (see catchUp()).
    struct PendingCall
    {
        SimTime done;
        SimTime startedAt;
        const Request &request;
    };
    size_t pendingCount() const { return m_pending.size(); }
    //! The `k`th of them, the latest to end first: read from the back for (done, start) order.
    PendingCall pendingCall(size_t k) const
    {
        const Worker &worker = m_workers[m_pending[k].worker];
        return { m_pending[k].at, worker.startedAt, worker.request };
    }
    //! Takes the concurrent calls of `queue` off the pool, their threads idle again: a lane
    //! handles them during its catch-up.
    void withdraw(const ProcessQueue *queue);
    //! A lane's call in flight back on the pool, on a thread of its own, as startConcurrent()
    //! would have left it.
    void resume(qint32 pq, ProcessQueue *queue, qint64 begin, qint32 count, SimTime startedAt,
        SimTime done);
    //! deliver() for consecutive offsets at once (what a lane delivered during its catch-up).
    void deliverRange(ProcessQueue &pq, qint64 begin, qint64 end);

private:
    struct Worker
    {
        bool busy = false;
        Request request;
        bool failed = false; //!< the listener returns RECONSUME_LATER / SUSPEND
        quint32 serial = 0;
        SimTime loopBegin = 0; //!< orderly: when this request started consuming
        SimTime startedAt = 0; //!< concurrent: CONSUME_START_TIME of the batch's messages
        qint32 taken = 0; //!< orderly: messages in flight
    };

    struct Pending
    {
        SimTime at;
        quint32 seq;
        quint16 worker;
        quint32 serial;
    };

    void settle(SimTime limit);
    void complete(quint16 worker, quint32 serial); //!< onDone, inlined where calls are settled
    SimTime localNow() const { return m_clock >= 0 ? m_clock : *m_worldClock; }
    void startIdle();
    void run(quint16 worker);
    void runOrderlyStep(quint16 worker);
    void finishConcurrent(Worker &worker);
    bool finishOrderly(Worker &worker);
    void release(quint16 worker);
    SimTime listenerTime(ProcessQueue &pq, qint32 messages);
    void deliver(ProcessQueue &pq, qint64 begin, qint64 end);
    void startConcurrent(quint16 worker);
    bool sendBack(qint32 pq, qint64 offset, int delayLevel = 0);
    SimTime consumeStartTime(qint32 pq, qint64 offset) const;
    void tryLockLater(qint32 pq, SimTime delay);

    World *m_world;
    Consumer *m_consumer;
    std::vector<Worker> m_workers;
    std::vector<quint16> m_idle;
    std::deque<Request> m_fifo;
    std::vector<Request> m_resubmits;
    qint64 m_busy = 0;
    qint64 m_threads = 0;
    size_t m_scope = size_t(-1); //!< the consumer's delivery scope in Metrics
    std::vector<Pending> m_pending; //!< sorted by (at, seq), latest first
    quint32 m_pendingSeq = 0;
    SimTime m_clock = -1; //!< the time being settled (-1: the world's now)
    const SimTime *m_worldClock; //!< the agenda's clock
    bool m_stopped = false;
};

} // namespace Rblab
