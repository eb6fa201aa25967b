// SPDX-License-Identifier: Apache-2.0
// A queue as its broker keeps it: the consume queue, committed offsets, parked pulls.
#pragma once

#include "sim/simtime.h"

#include <QtGlobal>

#include <algorithm>
#include <cmath>
#include <vector>

namespace Rblab {

/*!
    A message sent back to the retry topic (or stored there): its body size and how often it has
    been consumed before (reconsumeTimes), which decides when it goes to the DLQ instead.
*/
struct StoredMessage
{
    quint32 size = 0;
    quint16 reconsumeTimes = 0;
};

/*!
    One consume queue on its broker, with what the broker knows per consumer group.

    Main-topic queues are fed by producers at a rate (messages per millisecond) that changes in
    steps; the broker's max offset at time t follows from the current step, and the steps are
    kept so that searchOffset(timestamp) can answer for the past. Retry-topic queues store the
    messages sent back to them.
*/
struct QueueState
{
    struct ProductionStep
    {
        SimTime t0;
        qint64 offset0;
        double perMs;
        double msPerMessage; //!< 1 / perMs (0 when nothing is produced)

        //! The max offset at t ≥ t0 under this step.
        qint64 maxOffsetAt(SimTime t) const
        {
            // t ≥ t0, so truncation is floor (and one instruction, where std::floor is a call).
            return offset0 + qint64(double(t - t0) * perMs + 1e-9);
        }
        /*!
            When the message at `offset` (≥ offset0) arrives under this step, perMs > 0: the
            first t with maxOffsetAt(t) > offset, the inverse of maxOffsetAt; with the max offset
            then.
        */
        SimTime arrivalOf(qint64 offset, qint64 *maxThen) const
        {
            const double x = (double(offset + 1 - offset0) - 1e-9) / perMs;
            const SimTime whole = SimTime(x);
            SimTime t = t0 + whole + (double(whole) < x ? 1 : 0);
            qint64 max = maxOffsetAt(t);
            if (max <= offset) {
                ++t;
                max = maxOffsetAt(t);
            }
            *maxThen = max;
            return t;
        }
    };

    qint32 topic = -1;
    qint32 broker = -1;
    qint32 queueId = 0;
    bool retry = false;
    qint32 retryGroup = -1; //!< for %RETRY%<group>
    bool inRoute = false; //!< readable: below the topic's readQueueNums on a live broker
    bool readable = false; //!< below the topic's readQueueNums on its broker (up or not)
    quint32 fixedSize = 0; //!< body size of every message when the topic's size is fixed
    qint32 fixedPerRead = 0; //!< with a fixed size: messages one read may take (256 KiB, ≥ 1)

    /*!
        The topic's history: offsets [0, historyEnd) were stored before the run, written at the
        first production step's rate and ending at time 0. historyCold: they are no longer in
        the page cache (a read of them is a disk read, DefaultMessageStore's "not in memory").
    */
    qint64 historyEnd = 0;
    bool historyCold = false;

    std::vector<ProductionStep> steps; //!< main topics
    std::vector<StoredMessage> stored; //!< retry topics: index = offset

    // Per consumer group (indexed by group).
    std::vector<qint64> committed; //!< ConsumerOffsetManager: -1 = none
    std::vector<qint64> flushed; //!< committed as last flushed to disk (a broker restart)
    std::vector<qint64> initialOffset; //!< where the group first started reading (-1: not yet)

    std::vector<qint32> parked; //!< pulls held by PullRequestHoldService (pq indices)

    qint64 maxOffset(SimTime t) const
    {
        if (retry) {
            return qint64(stored.size());
        }
        if (steps.empty()) {
            return historyEnd;
        }
        return steps.back().maxOffsetAt(t);
    }

    //! When the message at `offset` arrives (the max offset passes it), kNever if not foreseen.
    SimTime arrivalOf(qint64 offset) const
    {
        if (retry) {
            return offset < qint64(stored.size()) ? 0 : kNever; // retry messages come unannounced
        }
        if (steps.empty()) {
            return kNever;
        }
        const ProductionStep &s = steps.back();
        if (offset < s.offset0) {
            return s.t0;
        }
        if (s.perMs <= 0) {
            return kNever;
        }
        qint64 max = 0;
        return s.arrivalOf(offset, &max);
    }

    //! arrivalOf(offset), and the max offset at that time (> offset unless it is kNever).
    SimTime arrivalOf(qint64 offset, qint64 *maxThen) const
    {
        if (retry || steps.empty() || steps.back().perMs <= 0 || offset < steps.back().offset0) {
            const SimTime t = arrivalOf(offset);
            *maxThen = t == kNever ? offset : maxOffset(t);
            return t;
        }
        return steps.back().arrivalOf(offset, maxThen);
    }

    //! Whether the message at `offset` is read from disk (DefaultMessageStore's isInMem false).
    bool coldAt(qint64 offset) const { return historyCold && offset < historyEnd; }

    //! searchOffset(timestamp): the first offset stored at or after t.
    qint64 offsetAtTime(SimTime t) const
    {
        if (retry) {
            return qint64(stored.size());
        }
        if (t < 0 && historyEnd > 0) {
            // Message k of the history was stored at -(historyEnd - k) / perMs: the first one at
            // or after t is k = ceil(historyEnd + t · perMs), all of it when the rate is unknown.
            const double perMs = steps.empty() ? 0.0 : steps.front().perMs;
            if (perMs <= 0) {
                return 0;
            }
            const double k = std::ceil(double(historyEnd) + double(t) * perMs - 1e-9);
            return std::clamp<qint64>(qint64(k), 0, historyEnd);
        }
        qint64 best = historyEnd;
        for (const ProductionStep &s : steps) {
            if (s.t0 > t) {
                break;
            }
            best = s.offset0 + qint64(std::ceil(double(t - s.t0) * s.perMs - 1e-9));
        }
        return best;
    }

    void setRate(SimTime now, double perMs)
    {
        const qint64 offset = maxOffset(now);
        const double msPer = perMs > 0 ? 1.0 / perMs : 0.0;
        if (!steps.empty() && steps.back().t0 == now) {
            steps.back() = { now, offset, perMs, msPer };
        } else {
            steps.push_back({ now, offset, perMs, msPer });
        }
    }
};

} // namespace Rblab
