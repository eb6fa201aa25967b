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
    static constexpr SimTime maxStartupTime = 10 * kMinute; //!< a consumer's `startupTime`
    static constexpr SimTime maxNetworkLatency = 10 * kSecond;
    static constexpr double maxProduceRate = 250000; //!< per topic; see maxWorldProduceRate
    static constexpr double maxSkew = 10.0;
    //! topic history: messages stored per queue at the start (a trillion-byte queue at 1 KiB)
    static constexpr qint64 maxStoredMessages = 1000000000;
    static constexpr int maxMessageSize = 4 * 1024 * 1024; //!< RocketMQ's default maxMessageSize
    static constexpr double maxConsumeTimeMs = double(kHour);
    static constexpr SimTime maxConsumeTimestamp = 30 * 24 * kHour;
    static constexpr int maxConsumers = 1000; //!< churn's minConsumers/maxConsumers

    // What a file can ask for (scenario-format.md, "Limits"): chosen so that one virtual minute
    // of the worst accepted file runs in at most 30 s and 2 GiB on 2 cores.
    static constexpr int maxBrokers = 64;
    static constexpr int maxTopics = 64;
    static constexpr int maxGroups = 64;
    static constexpr int maxEvents = 100000;
    //! A group's consumers, its own and its joins: every membership change makes each member
    //! fetch and sort the whole id list, so a group that forms costs n² log n.
    static constexpr int maxConsumersPerGroup = 1000;
    static constexpr int maxConsumersInWorld = 2000;
    static constexpr int maxQueuesInWorld = 16384; //!< %RETRY% queues included
    //! Consumers × brokers: every broker notifies its members of each group change.
    static constexpr int maxChannels = 16384;
    //! Queues summed over the groups subscribing them: the process queues that pull.
    static constexpr int maxSubscribedQueues = 16384;
    static constexpr double maxWorldProduceRate = 250000; //!< summed over topics
    //! Sample rows (queues + consumers, one each per sample) per virtual minute.
    static constexpr double maxSampleRowsPerMinute = 4e6;
    //! `rblab simulate` refuses a run whose samples are estimated above this (ScenarioCost).
    static constexpr double maxRunSampleBytes = 8.0 * 1024 * 1024 * 1024;
    //! `rblab simulate` notes a run estimated above either of these per virtual minute.
    static constexpr double largeRunSecondsPerMinute = 10.0;
    static constexpr double largeRunBytesPerMinute = 256.0 * 1024 * 1024;
    //! Narration: a lesson's notes, not a script of the run; a callout is read aloud in a room.
    static constexpr int maxNarrationNotes = 500;
    static constexpr int maxNarrationNoteLength = 600; //!< characters, per language
    static constexpr int maxNarrationFocus = 64; //!< ids a note points at
    static constexpr int maxTopicNameLength = 127; //!< Validators.TOPIC_MAX_LENGTH
    static constexpr int maxGroupNameLength = 255; //!< Validators.CHARACTER_MAX_LENGTH
};

} // namespace Rblab
