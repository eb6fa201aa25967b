// SPDX-License-Identifier: Apache-2.0
// RocketMQ's ProcessQueue with the PullRequest that circulates for it.
#pragma once

#include "model/messagecache.h"
#include "sim/random.h"
#include "model/simevent.h"
#include "sim/simtime.h"

#include <QHash>

#include <vector>

namespace Rblab {

class Broker;
class Consumer;
struct DeliveryBits;
struct QueueState;

/*!
    A consumer's hold on one queue (client/impl/consumer/ProcessQueue): the cached messages
    (msgTreeMap with msgCount, msgSize, queueOffsetMax), the dropped and locked flags and their
    timestamps, the orderly in-flight set, and — since there is at most one PullRequest per
    process queue and it circulates until the queue is dropped — the pull request's state.

    Process queues live in the world's slab and are never reused within a run, so an index
    names one for good: events and consume tasks refer to them by index and check `dropped`.
*/
struct ProcessQueue
{
    enum class PullStage : quint8 { Idle, Delayed, InFlight, Parked, Querying, Dead };
    //! SystemBusy and FlowControl: the broker's response codes 2 and 215 (MQBrokerException).
    enum class PullStatus : quint8 {
        Found,
        NoNewMsg,
        OffsetIllegal,
        Error,
        SystemBusy,
        FlowControl
    };

    qint32 queue = -1;
    qint32 consumer = -1;
    quint32 incarnation = 0;
    bool retry = false;
    // Cached for the hot path (the targets never move: see World's containers).
    Consumer *owner = nullptr;
    QueueState *state = nullptr;
    Broker *broker = nullptr;
    qint32 group = -1;
    DeliveryBits *delivered = nullptr; //!< this consumer's delivery scope for this queue

    bool dropped = false;
    bool locked = false; //!< orderly: the broker lock as this client last saw it
    bool consuming = false; //!< orderly: a ConsumeRequest is dispatched
    bool listenerRunning = false; //!< orderly: consumeLock held by a listener call
    SimTime createdAt = 0;
    SimTime lastPullTimestamp = 0;
    SimTime lastConsumeTimestamp = 0;
    SimTime lastLockTimestamp = 0;
    qint32 tryUnlockTimes = 0;
    bool pulled = false; //!< its pull request was sent once: the queue is being served

    MessageCache cache; //!< msgTreeMap
    qint64 queueOffsetMax = 0;
    //! orderly: consumingMsgOrderlyTreeMap (offset, size), taken from the front of the cache
    std::vector<std::pair<qint64, quint32>> consumingOrderly;
    QHash<qint64, int> orderlyReconsumeTimes;

    // The PullRequest.
    qint64 nextOffset = 0;
    bool previouslyLocked = false;
    PullStage stage = PullStage::Idle;
    quint32 pullGen = 0; //!< bumped per send: stale responses and timeouts are ignored
    SimTime pullSentAt = 0;
    qint64 commitOffset = 0; //!< the offset riding on the pull (0 = none)
    bool commitFlag = false;
    // The broker's answer, filled when the broker handles the pull.
    PullStatus status = PullStatus::Error;
    qint64 resultBegin = 0;
    qint64 resultEnd = 0;
    qint64 nextBeginOffset = 0;
    quint32 parkGen = 0; //!< bumped when a held pull's answer is (re)planned
    SimTime parkedAt = 0; //!< when the broker suspended the request
    SimTime wakeAt = 0; //!< when the broker answers the held request
    quint16 maxMsgNums = 32; //!< pullBatchSize at send time

    SimEvent::FlowCause flowControl = SimEvent::FlowCause::None;
    SimTime lastHoldAt = -kNever;

    /*!
        The listener calls of this queue draw their failure, stall and consume time from the
        queue's own stream, Random::derive(seed, 5, pq index), and keep the sub-millisecond
        remainder of their time here: what one queue's calls draw does not depend on how the
        consumer's other queues interleave with them or on which worker runs the call (issue 12:
        a queue's messages can then be handled several at a time).
    */
    Random random;
    double carry = 0;
    qint32 lane = -1; //!< its lane in the fast path (fastpath.h), -1: its answers go on the agenda

    qint64 msgCount() const { return cache.count() + qint64(consumingOrderly.size()); }
    qint64 msgSize() const
    {
        qint64 bytes = cache.bytes();
        for (const auto &m : consumingOrderly) {
            bytes += m.second;
        }
        return bytes;
    }
    qint64 maxSpan() const { return cache.maxSpan(); }
    bool isPullExpired(SimTime now, SimTime maxIdle) const
    {
        return now - lastPullTimestamp > maxIdle;
    }
    bool isLockExpired(SimTime now, SimTime maxLive) const
    {
        return now - lastLockTimestamp > maxLive;
    }

    /*!
        putMessage: caches the offsets [begin, end) with their sizes; returns whether a consume
        request must be dispatched (orderly: the queue was idle).
    */
    template<typename SizeOf> bool putMessages(qint64 begin, qint64 end, SizeOf sizeOf)
    {
        for (qint64 offset = begin; offset < end; ++offset) {
            if (cache.insert(offset, sizeOf(offset))) {
                queueOffsetMax = offset;
            }
        }
        if (!cache.empty() && !consuming) {
            consuming = true;
            return true;
        }
        return false;
    }

    /*!
        removeMessage: removes the consumed offsets and returns the offset to commit — the
        smallest offset still cached, or one past the last pulled message when the cache is
        empty (-1 when it was empty to begin with).
    */
    qint64 removeMessages(qint64 begin, qint64 end, SimTime now)
    {
        lastConsumeTimestamp = now;
        if (cache.empty()) {
            return -1;
        }
        for (qint64 offset = begin; offset < end; ++offset) {
            cache.remove(offset);
        }
        return cache.empty() ? queueOffsetMax + 1 : cache.firstKey();
    }
    qint64 removeOne(qint64 offset, SimTime now) { return removeMessages(offset, offset + 1, now); }

    //! Orderly takeMessages(n): moves the first n cached messages in flight.
    qsizetype takeMessages(qsizetype n, SimTime now)
    {
        lastConsumeTimestamp = now;
        qsizetype taken = 0;
        while (taken < n && !cache.empty()) {
            const qint64 offset = cache.firstKey();
            consumingOrderly.emplace_back(offset, cache.remove(offset));
            ++taken;
        }
        if (taken == 0) {
            consuming = false;
        }
        return taken;
    }
    //! Orderly commit(): the in-flight messages are done; returns last + 1 (-1 if none).
    qint64 commit()
    {
        if (consumingOrderly.empty()) {
            return -1;
        }
        const qint64 next = consumingOrderly.back().first + 1;
        for (const auto &m : consumingOrderly) {
            orderlyReconsumeTimes.remove(m.first);
        }
        consumingOrderly.clear();
        return next;
    }
    /*!
        Frees what a dropped process queue still holds once nobody can look at it any more (it
        has left its consumer's table): the cached offsets, the orderly in-flight list and the
        reconsume counters. RocketMQ's dropped ProcessQueue is garbage once the table lets go of
        it; here the slot stays (events and tasks name it by index and find it dropped), but a
        day of churn must not keep every dropped queue's cache (issue 12).
    */
    void releaseStorage()
    {
        Q_ASSERT(dropped);
        cache.clear();
        std::vector<std::pair<qint64, quint32>>().swap(consumingOrderly);
        orderlyReconsumeTimes = QHash<qint64, int>();
    }
    //! Bytes of heap a process queue holds beyond its slot (tests and the memory bench).
    qint64 storageBytes() const
    {
        return cache.capacityBytes()
            + qint64(consumingOrderly.capacity() * sizeof(consumingOrderly.front()))
            + qint64(orderlyReconsumeTimes.capacity()) * qint64(sizeof(qint64) + sizeof(int));
    }

    //! Orderly makeMessageToConsumeAgain / rollback: the in-flight messages go back.
    void rollback()
    {
        for (const auto &m : consumingOrderly) {
            cache.insert(m.first, m.second);
        }
        consumingOrderly.clear();
    }
};

} // namespace Rblab
