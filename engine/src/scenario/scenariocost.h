// SPDX-License-Identifier: Apache-2.0
// What a scenario will cost to run, estimated from the file alone (before a run starts).
#pragma once

#include "scenario/scenario.h"

#include <rblab/rblab_global.h>

namespace Rblab {

/*!
    The size of the world a scenario describes and an estimate of what running it costs, from
    the file alone: the reader checks the sizes against ScenarioLimits, and `rblab simulate`
    warns about a large run and refuses one whose samples would not fit in memory.

    The figures are upper bounds where the file leaves a choice: a topic's queue count and
    produce rate are the largest any setQueues / setProduceRate event gives it, a group's
    failure rate the largest any of its consumers has or a setFailureRate event gives one, and
    churn is counted as if every drawn action were a join. The cost model's coefficients were
   measured on the reference machine (2 cores, RelWithDebInfo build; scenario-format.md, "Limits").
*/
struct RBLAB_ENGINE_EXPORT ScenarioCost
{
    qint64 queues = 0; //!< every queue of the catalog, %RETRY% queues included
    /*!
        Queues summed over the groups that subscribe them (%RETRY% included): every consumer
        of a group keeps pulling its share, so this, not the catalog, is what runs.
    */
    qint64 subscribedQueues = 0;
    qint64 consumers = 0; //!< consumers of the file (groups and joins)
    qint64 largestGroup = 0; //!< consumers of the largest group (its own and its joins)
    QString largestGroupName;
    qint64 channels = 0; //!< consumers × brokers: each consumer registers with every broker
    /*!
        NOTIFY_CONSUMER_IDS_CHANGED messages while the groups form: on each broker, every
        registration notifies every member registered so far (n(n+1)/2 for a group of n).
    */
    double notifications = 0;
    double messagesPerSecond = 0; //!< summed over topics
    /*!
        Listener calls per second, summed over the groups: every group consumes each message of
        its topics, a BROADCASTING group once per member, and a CLUSTERING group's failed calls
        come back from its retry topic (up to maxReconsumeTimes, 16) and are consumed again; no
        more than the members' threads take (consumeThreadMin / mean consume time each).
    */
    double deliveriesPerSecond = 0;
    /*!
        Pulls a second that flow control puts off and retries (every 50 ms, each queue of a
        member offered more than it can consume): the cost of a group that cannot keep up.
    */
    double flowControlPollsPerSecond = 0;
    /*!
        Messages per second that failed calls send back (to %RETRY%<group>, or the DLQ after the
        last retry). The broker keeps each for the rest of the run: memory that grows with it.
    */
    double retriesPerSecond = 0;
    double churnJoinsPerMinute = 0; //!< new consumers churn may add per virtual minute
    double samplesPerMinute = 0; //!< 60 s / sampleInterval

    //! Bytes of sample history (and report) and of sent-back messages one virtual minute adds,
    //! at the start of a run.
    double bytesPerMinute() const;
    //! Bytes of sample history and sent-back messages a run of `duration` needs (churn's
    //! consumers accumulate).
    double bytesFor(SimTime duration) const;
    //! Wall-clock seconds one virtual minute takes, roughly.
    double secondsPerMinute() const;

    static ScenarioCost of(const Scenario &scenario);

    // The cost model. One sample row (a queue's or a consumer's entry in a sample) takes about
    // 270 bytes while the run goes on (the sample itself, its QList, the snapshot it is read
    // from) and 130 more while the report is written.
    static constexpr double kBytesPerRow = 400;
    //! A notification wakes a member, which fetches and sorts the whole id list.
    static constexpr double kSecondsPerNotification = 1e-5;
    static constexpr double kSecondsPerMessage
        = 1.3e-6; // one message per listener call, the worst case
    static constexpr double kSecondsPerRow = 1e-6;
    /*!
        A message a failed call sends back: stored on the retry topic's queue for the run, with
        what the broker and the group keep per offset there (measured: the reference world with a
        failure rate of 0.3 grows by 25 MiB per virtual minute at 500,000 sent back a minute,
        about 50 bytes each; the rest is the vectors' spare capacity).
    */
    static constexpr double kBytesPerRetry = 64;
    //! Sending back, the delay level's wait and the second pull, beside the call itself (the
    //! same world: 0.3 s per virtual minute against 0.1 s without failures).
    static constexpr double kSecondsPerRetry = 1.3e-6;
    /*!
        A flow-controlled pull put off again (the pull request, the checks, the agenda), fitted
        on broadcasting worlds whose members cannot keep up (100 or 200 members on 8 or 64
        queues, 100 ms and 1 s consume times): estimated 6.1, 11 and 29 s per virtual minute
        against 6, 10 and 27 s measured, where counting every message as a call gave 3 to 6
        times too much and the calls alone half of it. Members that keep up stay priced at
        kSecondsPerMessage, the worst case: 4 to 15 times what they take (the reference world:
        1.6 s estimated, 0.11 s measured).
    */
    static constexpr double kSecondsPerFlowControlPoll = 3.5e-6;
    //! PULL_TIME_DELAY_MILLS_WHEN_FLOW_CONTROL is 50 ms.
    static constexpr double kFlowControlRetriesPerSecond = 20;
    //! RocketMQ's default maxReconsumeTimes: after that many retries, the DLQ.
    static constexpr int kMaxReconsumeTimes = 16;
};

} // namespace Rblab
