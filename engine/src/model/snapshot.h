// SPDX-License-Identifier: Apache-2.0
// A compact, read-only picture of a run at one instant, for views and charts.
#pragma once

#include "scenario/scenario.h"
#include "model/simevent.h"
#include "sim/simtime.h"

#include <rblab/rblab_global.h>

#include <QList>
#include <QString>
#include <QStringList>
#include <QVariantMap>

namespace Rblab {

enum class ConsumerState : quint8 {
    Absent, //!< declared (a later join, or a start time ahead), not started yet
    Starting,
    Running,
    Paused, //!< DefaultMQPushConsumer.suspend()
    Frozen, //!< the host hangs: no heartbeat, no pull, no consumption
    Partitioned, //!< cut off from at least one broker, still running
    Killed,
    Shutdown,
    /*!
        Unregistered from the brokers, its shutdown() still running: imported 5.x logs show
        "unregister client … success" seconds before "shutdown OK" (the client instance stops
        first). The engine's shutdown takes round trips and reports none.
    */
    ShuttingDown,
};

RBLAB_ENGINE_EXPORT QString consumerStateName(ConsumerState state); //!< report names: "running", …

//! Started and not killed or shut down: paused, frozen and partitioned consumers are alive.
constexpr bool isAlive(ConsumerState state)
{
    return state != ConsumerState::Absent && state != ConsumerState::Killed
        && state != ConsumerState::Shutdown;
}

/*!
    A queue of the run: every queue of every topic, retry topics included, in RocketMQ's order
    (topic, brokerName, queueId). Indices into this list are stable for the whole run and are what
    events and holdings refer to.
*/
struct RBLAB_ENGINE_EXPORT QueueInfo
{
    QString topic;
    QString brokerName;
    int queueId = 0;
    qint32 topicIndex = -1;
    qint32 brokerIndex = -1;
    bool retry = false; //!< %RETRY%<group>
};

struct RBLAB_ENGINE_EXPORT ConsumerInfo
{
    QString name; //!< unique handle
    QString id; //!< client id (may be shared)
    QString group;
    qint32 groupIndex = -1;
    //! ClientConfig.instanceName as the scenario names it (empty: a process of its own).
    //! Consumers with the same id and instanceName share one MQClientInstance.
    QString instanceName;
};

/*!
    A process queue as its consumer holds it: the tile of a queue on a consumer's card.
*/
struct RBLAB_ENGINE_EXPORT SnapshotHolding
{
    qint32 queue = -1;
    qint32 consumer = -1;
    qint64 cachedCount = 0;
    qint64 cachedBytes = 0;
    qint64 maxSpan = 0;
    qint64 nextOffset = 0; //!< the pull request's next offset
    qint64 consumedOffset = -1; //!< the consumer's in-memory offset (what it will commit)
    SimTime lastPullAt = 0;
    SimTime createdAt = 0;
    SimEvent::FlowCause flowControl = SimEvent::FlowCause::None; //!< pulls held back now, and why
    bool locked = false; //!< orderly: holds the broker lock
    bool dropped = false; //!< dropped but not yet removed (orderly removal waiting)
    friend bool operator==(const SnapshotHolding &, const SnapshotHolding &) = default;
};

struct RBLAB_ENGINE_EXPORT SnapshotQueue
{
    qint64 brokerOffset = 0; //!< max offset on the broker
    qint64 committedOffset = 0; //!< the group's committed offset on the broker (-1: none yet)
    qint64 lag = 0;
    qint32 owners = 0; //!< alive consumers holding a live process queue
    qint32 runningOwners = 0;
    qint32 firstHolding = 0; //!< into WorldSnapshot::holdings
    qint32 holdingCount = 0;
    bool brokerUp = true;
    bool readable = true; //!< in the name server's route now
    friend bool operator==(const SnapshotQueue &, const SnapshotQueue &) = default;
};

/*!
    A consumer's own view of the group for a topic: what it last computed with (RocketMQ's
    consumers each rebalance from their own route and one broker's consumer list).
*/
struct RBLAB_ENGINE_EXPORT ConsumerView
{
    qint32 topic = -1;
    SimTime at = -1; //!< when it last rebalanced that topic (-1: never)
    QStringList cidAll; //!< sorted, as the strategy saw it
    qint32 queueCount = 0; //!< |mqAll| from its last route poll
    qint32 fromBroker = -1; //!< which broker answered the consumer list
    QString strategy; //!< strategy name used
    //! The strategy's parameters, defaults filled in (CONSISTENT_HASH's virtualNodeCount, …).
    QVariantMap strategyParams;
    //! mqAll as queue indices, in the order the strategy was given them (RocketMQ's sort);
    //! empty when the round stopped before the strategy ran.
    QList<qint32> mqAll;
    //! What the strategy returned, as queue indices in its order; empty until it answered.
    QList<qint32> allocated;
    friend bool operator==(const ConsumerView &, const ConsumerView &) = default;
};

struct RBLAB_ENGINE_EXPORT SnapshotConsumer
{
    ConsumerState state = ConsumerState::Absent;
    bool slowed = false; //!< consume time raised above its initial value
    qint32 queueCount = 0; //!< live process queues (main and retry topics)
    qint64 cachedCount = 0;
    qint64 cachedBytes = 0;
    qint64 delivered = 0;
    qint64 flowControl[3] = { 0, 0, 0 }; //!< cumulative holds: count, size, span
    //! Pulls the broker pushed back: SYSTEM_BUSY (BrokerFastFailure, a full pull thread-pool
    //! queue) and FLOW_CONTROL (215), cumulative.
    qint64 brokerFlowControl[2] = { 0, 0 };
    qint64 busyWorkers = 0;
    qint64 queuedTasks = 0;
    qint64 pullThresholdForQueue = 0; //!< effective (after topic division)
    qint64 pullThresholdSizeForQueue = 0; //!< MiB, effective
    qint64 consumeConcurrentlyMaxSpan = 0;
    SimTime lastRebalanceAt = -1;
    //! When its RebalanceService's wait ends (RebalanceImpl::nextRound): -1 while a round runs,
    //! or when it is not alive.
    SimTime nextRebalanceAt = -1;
    quint32 rebalanceCount = 0; //!< rounds that changed something (for the card's flash)
    QString strategy; //!< current strategy name
    ConsumeTime consumeTime; //!< the listener's time per message now
    ConsumeTime initialConsumeTime; //!< as the consumer was declared (what "restore" goes back to)
    QList<ConsumerView> views;
    // POP mode (messageRequestMode POP groups only; zero otherwise).
    bool pop = false;
    qint32 popQueues = 0; //!< PopProcessQueues held (one per broker by default)
    qint64 popInFlight = 0; //!< popped, not yet acked by this client (waitAckCounter)
    qint64 popInvisible = 0; //!< broker checkpoints of its pops, neither acked nor revived
    qint64 popAcked = 0;
    qint64 popRedelivered = 0; //!< listener calls of messages that came back
    qint64 popRevived = 0; //!< checkpoints of its pops revived by the brokers
    friend bool operator==(const SnapshotConsumer &, const SnapshotConsumer &) = default;
};

struct RBLAB_ENGINE_EXPORT SnapshotTotals
{
    qint64 produced = 0;
    qint64 delivered = 0;
    qint64 uniqueDelivered = 0;
    qint64 duplicates = 0;
    qint64 lost = 0;
    qint64 flowControl[3] = { 0, 0, 0 };
    qint64 brokerFlowControl[2] = { 0, 0 }; //!< broker push-backs: SYSTEM_BUSY, FLOW_CONTROL
    qint64 rebalances = 0;
    qint64 queueMoves = 0;
    double orphanedQueueSeconds = 0; //!< no running owner that has pulled the queue
    double unownedQueueSeconds = 0; //!< no running owner holding a process queue for it
    double doubleOwnedQueueSeconds = 0;
    qint64 retried = 0;
    qint64 deadLettered = 0;
    qint32 orphanedQueues = 0; //!< now
    qint32 doubleOwnedQueues = 0; //!< now
    // POP mode: set when the world (or the group) has messageRequestMode POP groups.
    bool pop = false;
    qint64 popPopped = 0; //!< messages handed out by POP_MESSAGE
    qint64 popAcked = 0;
    qint64 popRevived = 0; //!< checkpoints revived into the POP retry topic
    qint64 popRedelivered = 0; //!< listener calls of revived messages
    qint64 popInFlight = 0; //!< now: popped and not acked by the clients
    qint64 popInvisible = 0; //!< now: broker checkpoints neither acked nor revived
    friend bool operator==(const SnapshotTotals &, const SnapshotTotals &) = default;
};

/*!
    The whole picture. Rows are parallel to the run's catalog: consumers[i] is consumer i,
    queues[j] is queue j. Built on request by Simulation::snapshot into reused buffers; the GUI
    keeps a copy per frame (its lists are implicitly shared and small).
*/
struct RBLAB_ENGINE_EXPORT WorldSnapshot
{
    SimTime now = 0;
    quint64 eventCount = 0; //!< published events so far
    QList<bool> brokerUp;
    QList<SnapshotConsumer> consumers;
    QList<SnapshotQueue> queues;
    QList<SnapshotHolding> holdings; //!< grouped by queue (see SnapshotQueue::firstHolding)
    SnapshotTotals totals;
    friend bool operator==(const WorldSnapshot &, const WorldSnapshot &) = default;
};

/*!
    One sample of the time series (every sampleInterval): what the report's "samples" hold and
    what the charts draw.
*/
struct RBLAB_ENGINE_EXPORT Sample
{
    struct Queue
    {
        qint64 cachedCount = 0;
        qint64 cachedBytes = 0;
        qint64 maxSpan = 0;
        qint64 brokerOffset = 0;
        qint64 committedOffset = 0;
        qint64 lag = 0;
        QList<qint32> owners; //!< consumer indices
        friend bool operator==(const Queue &, const Queue &) = default;
    };
    struct Consumer
    {
        ConsumerState state = ConsumerState::Absent;
        qint64 cachedCount = 0;
        qint64 cachedBytes = 0;
        qint64 delivered = 0;
        qint64 flowControl[3] = { 0, 0, 0 };
        qint64 brokerFlowControl[2] = { 0, 0 }; //!< SYSTEM_BUSY, FLOW_CONTROL answers
        qint64 lag = 0; //!< over the queues it owns
        qint64 pullThresholdForQueue = 0;
        qint64 pullThresholdSizeForQueue = 0;
        qint64 popInFlight = -1; //!< -1: not a POP consumer
        qint64 popInvisible = -1;
        //! POP consumers, cumulative: acks it sent, checkpoints of its pops the brokers revived,
        //! its listener calls of messages that came back (0 for PULL consumers).
        qint64 popAcked = 0;
        qint64 popRevived = 0;
        qint64 popRedelivered = 0;
        friend bool operator==(const Consumer &, const Consumer &) = default;
    };
    SimTime t = 0;
    QList<Queue> queues;
    QList<Consumer> consumers;
    qint32 orphanedQueues = 0;
    qint32 doubleOwnedQueues = 0;
    //! Per group (worlds of several groups only, empty otherwise): its queues with no running
    //! owner that pulled them, and held by two live consumers, now (Metrics::groupNow). Not in
    //! reports: the charts of the group in view draw them.
    QList<qint32> groupOrphaned;
    QList<qint32> groupDoubleOwned;
    /*!
        Folded (SampleHistory keeps samples so, see SampleHistory::isFolded): `consumers` holds the
       rows of the consumers that had not departed (killed or shut down), consumerIds their catalog
       indices, and `departed` sums the rows of the departedCount others (delivered, flow-control
       holds; a departed consumer caches nothing and owns no queue). Not folded (no departed
       consumer, as the engine takes samples): consumerIds is empty and consumers[i] is consumer i.
    */
    QList<qint32> consumerIds;
    Consumer departed;
    qint32 departedCount = 0;
    friend bool operator==(const Sample &, const Sample &) = default;
};

} // namespace Rblab
