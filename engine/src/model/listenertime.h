// SPDX-License-Identifier: Apache-2.0
// A listener call's time, drawn from its process queue's stream (the general and fast paths).
#pragma once

#include "model/processqueue.h"
#include "scenario/scenario.h"

#include <algorithm>
#include <cmath>
#include <optional>

namespace Rblab {

//! One message's listener time in milliseconds, from the consumer's consume-time distribution.
Q_ALWAYS_INLINE double drawListenerTime(Random &random, const ConsumeTime &t)
{
    constexpr double kZ99 = 2.3263478740408408; // the standard normal's 99th percentile
    switch (t.distribution) {
    case ConsumeTime::Distribution::Fixed:
        return t.meanMs;
    case ConsumeTime::Distribution::Exponential:
        return random.exponential(t.meanMs);
    case ConsumeTime::Distribution::LogNormal: {
        // Mean m and p99 q: exp(mu + s²/2) = m and exp(mu + z·s) = q give
        // s² / 2 - z·s + ln(q/m) = 0.
        const double ratio = std::log(std::max(t.p99Ms, t.meanMs * 1.0001) / t.meanMs);
        const double disc = kZ99 * kZ99 - 2.0 * ratio;
        const double sigma = disc > 0 ? kZ99 - std::sqrt(disc) : kZ99;
        const double mu = std::log(t.meanMs) - sigma * sigma / 2.0;
        return std::exp(mu + sigma * random.normal());
    }
    }
    return t.meanMs;
}

/*!
    The whole milliseconds of a call of `messages` messages of a process queue: each message's
    time (or a stall) drawn from the queue's stream, plus the queue's sub-millisecond carry,
    which keeps the remainder for the next call.
*/
Q_ALWAYS_INLINE SimTime listenerCallTime(
    Random &random, double &carry, const ConsumeTime &time, const StallSpec *stall, qint32 messages)
{
    if (messages == 1 && !stall) {
        // The commonest call (consumeMessageBatchMaxSize 1), the same sum: 0 + x is x.
        const double t = drawListenerTime(random, time) + carry;
        const SimTime whole = SimTime(t);
        carry = t - double(whole);
        return whole;
    }
    double total = 0;
    for (qint32 i = 0; i < messages; ++i) {
        if (stall && random.chance(stall->probability)) {
            total += stall->timeMs;
        } else {
            total += drawListenerTime(random, time);
        }
    }
    const double t = total + carry;
    const SimTime whole = SimTime(t); // t ≥ 0: truncation is floor
    carry = t - double(whole);
    return whole;
}

} // namespace Rblab
