// SPDX-License-Identifier: Apache-2.0
// One consumer: a DefaultMQPushConsumer with its own MQClientInstance.
#pragma once

#include "settings/clientconfig.h"
#include "model/consumeservice.h"
#include "model/network.h"
#include "model/offsetstore.h"
#include "model/pullservice.h"
#include "model/rebalanceimpl.h"
#include "scenario/scenario.h"
#include "sim/eventqueue.h"
#include "sim/random.h"
#include "model/snapshot.h"
#include "sim/task.h"

#include <rblab/allocationstrategy.h>

#include <QHash>
#include <QList>
#include <QString>

#include <algorithm>
#include <memory>
#include <vector>

namespace Rblab {

struct World;

/*!
    A consumer process: DefaultMQPushConsumerImpl and its MQClientInstance (one client instance
    per consumer, as separate JVMs have). It owns its services (RebalanceImpl, PullService,
    ConsumeService, OffsetStore), its client timers (route poll, heartbeat, offset persist on one
    scheduler thread), its connections, its process-queue table and its strategy.

    Its lifecycle follows RocketMQ's start() and shutdown() sequences; kill, freeze, partition and
    pause are what a scenario does to the process or its host. While frozen, every event meant
    for it waits and is delivered when it thaws, as a hung JVM's work resumes.
*/
class Consumer
{
public:
    Consumer(World *world, qint32 index, qint32 group, const ConsumerSpec &spec);
    ~Consumer();
    Q_DISABLE_COPY_MOVE(Consumer)

    const qint32 index;
    const qint32 group;
    const QString name;
    const QString clientId;
    ConsumerSpec spec;
    std::vector<qint32> heldAtStart; //!< spec.holds as queue indexes (World::build)

    /*!
        Its shared MQClientInstance: id + "\n" + instanceName when the scenario names an
        instanceName (World::instanceMembers), empty for a process of its own.
    */
    QString instanceKey;
    //! Runs its instance's shared RebalanceService and scheduler thread (the first member that
    //! started; another member takes them over when it shuts down).
    bool hostsInstance = false;
    //! The scheduler's next due times (route, heartbeat, persist), for a hand-over.
    SimTime schedulerNext[3] = { 0, 0, 0 };

    ConsumerState state = ConsumerState::Absent;
    quint32 incarnation = 0; //!< 0 before start; events of another incarnation are stale
    bool paused = false;
    bool frozen = false;
    bool slowed = false;
    bool stopping = false; //!< shutdown in progress: the consume service is stopped
    bool shutdownOnThaw = false; //!< shut down while frozen: runs when it unfreezes

    ClientConfig baseConfig; //!< as configured (group, then consumer, then setClient)
    ClientConfig config; //!< effective: thresholds divided by messageQueueChanged
    ConsumeTime consumeTime;
    ConsumeTime initialConsumeTime;
    std::optional<StallSpec> stall;
    double failureRate = 0;
    SimTime startupTime = 0; //!< ConsumerSpec::startupTime: start() ran that long before joining
    bool startHeartbeatLockFailed = false; //!< ConsumerSpec::startHeartbeatLockFailed
    QString strategyName;
    QVariantMap strategyParams;
    //! strategyParams with the schema's defaults filled in (what Explain shows for the ring).
    QVariantMap effectiveStrategyParams;
    std::unique_ptr<AllocationStrategy> strategy;
    QString strategyError;
    Random random; //!< POP listener times and failures (a push queue draws from its ProcessQueue)
    Random choiceRandom; //!< which broker answers the consumer list

    std::vector<qint32> subscriptions; //!< topics, main and %RETRY%
    /*!
        `subscriptions` in the order RebalanceImpl.doRebalance visits them: the iteration order
        of subscriptionInner, a ConcurrentHashMap keyed by topic name (javaHashOrder()).
    */
    std::vector<qint32> rebalanceOrder;
    /*!
        SubscriptionData.subVersion of each subscription: the time it was built (at start), then
        of the topic's last messageQueueChanged. Every pull carries it; the broker refuses one
        newer than what the group's heartbeats told it (SUBSCRIPTION_NOT_LATEST).
    */
    std::vector<SimTime> subVersions;
    //! The subscription's place in `subscriptions` (and `subVersions`), or -1.
    qsizetype subscriptionIndex(qint32 topic) const
    {
        const auto it = std::find(subscriptions.begin(), subscriptions.end(), topic);
        return it == subscriptions.end() ? -1 : qsizetype(it - subscriptions.begin());
    }
    SimTime subVersion(qint32 topic) const
    {
        const qsizetype i = subscriptionIndex(topic);
        return i < 0 ? -1 : subVersions[size_t(i)];
    }
    void setSubVersion(qint32 topic, SimTime version)
    {
        if (const qsizetype i = subscriptionIndex(topic); i >= 0) {
            subVersions[size_t(i)] = version;
        }
    }
    QHash<qint32, std::vector<qint32>>
        topicSubscribeInfo; //!< topic → readable queues (last route poll)
    std::vector<qint32> routeBrokers; //!< brokers in this client's routes
    std::vector<qint32> pqOfQueue; //!< processQueueTable: queue → pq (-1)
    std::vector<qint32> table; //!< the pqs of the table, in insertion order
    std::vector<quint32> channels; //!< per broker: channel id + 1 (0: none)
    std::vector<quint8> partitioned; //!< per broker

    OffsetStore offsets;
    RebalanceImpl rebalance;
    PullService pull;
    ConsumeService consume;
    //! MQClientInstance.lockHeartbeat is held (declared before the tasks that hold it)
    bool heartbeatLocked = false;
    TaskSet threads; //!< scheduler, rebalance service, lockAll, one-off tasks
    TaskSet lifecycle; //!< start and shutdown sequences
    std::vector<Event> deferred; //!< events that arrived while frozen

    // Metrics and the consumer's own view, for snapshots and reports.
    qint64 delivered = 0;
    qint64 flowControl[3] = { 0, 0, 0 };
    qint64 brokerFlowControl[2] = { 0, 0 }; //!< pulls the broker answered SYSTEM_BUSY / 215
    quint32 rebalanceCount = 0;
    SimTime lastRebalanceAt = -1;
    QList<ConsumerView> views;

    bool alive() const { return isAlive(state); }
    bool running() const { return state == ConsumerState::Running; }
    bool partitionedFrom(qint32 broker) const
    {
        return size_t(broker) < partitioned.size() && partitioned[size_t(broker)];
    }
    bool orderly() const { return m_orderly; }
    bool broadcasting() const { return m_broadcasting; }
    //! It holds a channel to the broker that both ends still have open (the fast path's check).
    bool hasUsableChannel(qint32 broker) const
    {
        const quint32 slot = channels[size_t(broker)];
        return slot != 0 && channelUsable(slot - 1);
    }
    //! The process queue of a queue in the table, or nullptr.
    qint32 pqOf(qint32 queue) const
    {
        return size_t(queue) < pqOfQueue.size() ? pqOfQueue[size_t(queue)] : -1;
    }

    /*!
        The channel to a broker for a request, opening one when there is none (a reconnect: 5.x
        then heartbeats that broker and rebalances). `failed` is set when the client still holds a
        channel the broker has closed: the write is reset and the client drops it.
    */
    quint32 channelFor(qint32 broker, bool *failed)
    {
        const quint32 slot = channels[size_t(broker)];
        if (slot != 0 && channelUsable(slot - 1)) {
            *failed = false;
            return slot - 1;
        }
        return openOrFailChannel(broker, failed);
    }
    void onChannelClosed(qint32 broker, quint32 channel);
    void onNotify();

    // Lifecycle (commands).
    void start();
    void shutdown();
    void kill();
    void freeze();
    void unfreeze();
    void partition(const std::vector<qint32> &brokers);
    void heal(const std::vector<qint32> &brokers);
    void pause();
    void resume();
    bool setStrategy(const QString &name, const QVariantMap &params, QString *why);
    void setClient(const QVariantMap &overrides);
    void setThreads();

    // Scheduled work of the client instance.
    Task<bool> updateRoutes();
    Task<bool> sendHeartbeatToAllBrokers();
    /*!
        MQClientInstance.sendHeartbeatToAllBrokerWithLock: lockHeartbeat.tryLock(), so a round
        is skipped (false) while another one holds the lock: the periodic task, the start, the
        heartbeat after a rebalance change and the unregister at shutdown share it.
    */
    Task<bool> sendHeartbeatToAllBrokersWithLock();
    Task<bool> heartbeatTo(qint32 broker);
    void persistAllOffsets();

    //! The live members of its instance the shared threads work for, in registration order.
    std::vector<Consumer *> instanceWorkers();

    //! Recomputes the state shown in snapshots (running / paused / frozen / partitioned).
    void refreshState();

private:
    //! The client closes its open channels; each broker it can reach sees the close one latency
    //! later.
    void closeChannels();
    bool channelUsable(quint32 channel) const
    {
        const Channel &ch = m_network->channel(channel);
        return ch.clientOpen && ch.brokerOpen;
    }
    quint32 openOrFailChannel(qint32 broker, bool *failed);
    Task<void> startSequence();
    Task<void> shutdownSequence();
    Task<void> schedulerLoop(bool resume = false);
    //! Hands the instance's threads to another live member before this one's stop.
    void handOverInstance();
    Task<void> cleanExpireLoop();
    Task<void> reconnected(qint32 broker);
    Task<void> resumeRebalance();
    void setState(ConsumerState next);
    //! Killed or shut down for good: frees what only a live consumer uses (issue 12).
    void releaseStorage();

    World *m_world;
    const Network *m_network; //!< the world's network (channels are looked up per pull)
    bool m_orderly = false;
    bool m_broadcasting = false;
};

} // namespace Rblab
