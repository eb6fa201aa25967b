// SPDX-License-Identifier: Apache-2.0
// The ranges a scenario's own values must lie in (RocketMQ's settings carry theirs in SettingSpec).
#pragma once

#include "sim/simtime.h"

namespace Rblab {

/*!
    Bounds of scenario values that RocketMQ does not define: they keep a run meaningful and its
    cost bounded. The reader reports values outside them; the GUI's editors use them as limits.
*/
struct ScenarioLimits
{
    static constexpr int maxQueuesPerBroker = 1024;
    static constexpr SimTime maxTime = 168 * kHour; //!< run length, event times, starts
    static constexpr SimTime minDuration = kSecond;
    static constexpr SimTime minSampleInterval = 10;
    static constexpr SimTime maxSampleInterval = kHour;
    static constexpr SimTime maxNetworkLatency = 10 * kSecond;
    static constexpr double maxProduceRate = 1e6; //!< messages per second per topic
    static constexpr double maxSkew = 10.0;
    static constexpr int maxMessageSize = 4 * 1024 * 1024; //!< RocketMQ's default maxMessageSize
    static constexpr double maxConsumeTimeMs = double(kHour);
    static constexpr SimTime maxConsumeTimestamp = 30 * 24 * kHour;
    static constexpr int maxConsumers = 1000; //!< churn's minConsumers/maxConsumers
    static constexpr int maxTopicNameLength = 127; //!< Validators.TOPIC_MAX_LENGTH
    static constexpr int maxGroupNameLength = 255; //!< Validators.CHARACTER_MAX_LENGTH
};

} // namespace Rblab
