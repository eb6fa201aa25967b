// SPDX-License-Identifier: Apache-2.0
// A broker: consume queues, the consumer registry, long polling, queue locks, retries.
#pragma once

#include "model/queuestate.h"
#include "sim/simtime.h"

#include <QHash>
#include <QString>
#include <QStringList>

#include <array>
#include <deque>
#include <queue>
#include <vector>

namespace Rblab {

struct World;
struct ProcessQueue;
struct RpcCall;

/*!
    One broker as its consumers meet it:
    - the pull path (PullMessageProcessor, DefaultMessageStore.getMessage) with long polling
      (PullRequestHoldService: hold up to suspendTimeout, wake at once when a message arrives,
      and at the hold service's scans);
    - ConsumerManager: channels registered by heartbeat, CHANGE notifications on register,
      unregister and channel close, and the ClientHousekeepingService scan that expires silent
      channels without notifying;
    - ConsumerOffsetManager (committed offsets, flushed every flushConsumerOffsetInterval),
      RebalanceLockManager (orderly locks, 60 s), and the send-back path into %RETRY%<group>
      through the delay levels (ScheduleMessageService), or into the DLQ.
*/
class Broker
{
public:
    struct ChannelEntry
    {
        quint32 channel = 0;
        qint32 consumer = -1;
        QString clientId;
        SimTime lastUpdate = 0;
    };
    struct LockEntry
    {
        QString clientId;
        SimTime lastUpdate = 0;
    };
    struct Delayed
    {
        SimTime due = 0;
        qint32 group = -1;
        StoredMessage message;
    };

    Broker(World *world, qint32 index, const QString &name);

    const qint32 index;
    const QString name;
    bool up = true;
    quint64 epoch = 0; //!< bumped on every restart: stale scans are ignored
    SimTime upSince = 0;

    void start(); //!< schedules the housekeeping timers of this incarnation
    void goDown();
    void comeUp();

    // The pull path.
    /*!
        Handles a pull as it reaches the broker at `arrival` (sent one latency earlier). It is
        called when the client sends: what the broker answers depends on its queues as of
        `arrival`, which the producers' rate foresees; a held request is registered from then on.
    */
    void handlePull(qint32 pq, SimTime arrival);
    //! Pulls this broker's pool answered SYSTEM_BUSY (or FLOW_CONTROL) so far.
    qint64 pullsRejected = 0;
    void replanParked(qint32 queue);
    void messageStored(qint32 queue);

    // Requests.
    void handleRpc(quint32 callId);
    void offsetUpdate(qint32 queue, qint32 group, qint64 offset);
    void unlock(qint32 queue, qint32 group, qint32 consumer);
    void sendBack(qint32 request);
    void channelClosed(quint32 channel);

    // Housekeeping.
    void expiryScan(quint64 epoch);
    void flushOffsets(quint64 epoch);
    void delayDue(int level, quint64 epoch);

    const std::vector<ChannelEntry> &registry(qint32 group) const
    {
        return m_registry[size_t(group)];
    }
    QStringList clientIds(qint32 group) const;
    /*!
        PullMessageProcessor's SUBSCRIPTION_NOT_LATEST: the group's subscription of the topic, as
        the heartbeats told this broker (ConsumerGroupInfo.updateSubscription keeps the newest),
        is older than the pull's. A group the broker does not know yet refuses nothing here.
    */
    bool subscriptionNotLatest(qint32 group, qint32 topic, SimTime version) const
    {
        const size_t slot = subscriptionSlot(group, topic);
        return slot < m_subVersions.size() && m_subVersions[slot] >= 0
            && m_subVersions[slot] < version;
    }
    //! The lock owner of a queue for a group ("" when free or expired).
    QString lockOwner(qint32 group, qint32 queue) const;

private:
    size_t subscriptionSlot(qint32 group, qint32 topic) const;
    //! ConsumerManager drops a group's ConsumerGroupInfo, subscriptions and all, with its last
    //! channel.
    void forgetGroupIfEmpty(qint32 group);
    /*!
        The pull thread pool (pullMessageExecutor) and BrokerFastFailure, with
        BrokerConfig::pullServiceTime > 0: false when the pull is answered SYSTEM_BUSY (queue
        full, or cleaned after waitTimeMillsInPullQueue), else `arrival` becomes the time its
        thread has done the work.
    */
    bool admitPull(qint32 pqIndex, SimTime *arrival);
    //! The first BrokerFastFailure scan at or after `t` (every 10 ms, 1 s after the start).
    SimTime fastFailureScan(SimTime t) const;
    void readMessages(qint32 pqIndex, SimTime at);
    void found(ProcessQueue &pq, const QueueState &q, qint64 max);
    qint64 coldBatch(const ProcessQueue &pq, const QueueState &q, qint64 offset, qint64 wanted);
    void respond(qint32 pqIndex, SimTime at);
    void park(qint32 pqIndex);
    void plan(qint32 pqIndex, SimTime earliest);
    SimTime nextHoldScan(SimTime after) const;

public:
    /*!
        When PullRequestHoldService answers a request for `offset` held since `parkedAt`,
        planned no earlier than `earliest`: the arrival of that message, or the first hold scan
        past the suspend timeout (short polling: the first scan that finds either), with the
        queue's max offset then.
    */
    SimTime wakeOf(const QueueState &q, qint64 offset, SimTime parkedAt, SimTime earliest,
        qint64 *maxThen) const;
    //! MessageStoreConfig.maxTransferCountOnMessageInMemory
    static constexpr qint64 kMaxTransferCount = 32;
    /*!
        The batch a pull for `offset` takes when the queue's messages have a fixed size and are
        in memory: up to maxMsgNums, 32 messages and 256 KiB (found(), and the fast path's lanes).
    */
    static qint64 fixedBatch(const QueueState &q, qint64 offset, qint64 max, qint64 maxMsgNums)
    {
        const qint64 n
            = std::min<qint64>(std::min<qint64>(max - offset, kMaxTransferCount), maxMsgNums);
        return std::min<qint64>(q.fixedPerRead, n);
    }

private:
    bool registerChannel(qint32 group, quint32 channel, qint32 consumer, const QString &clientId);
    bool groupNotifies(qint32 group) const;
    void notifyGroup(qint32 group);
    void storeRetry(qint32 group, const StoredMessage &message);
    qint64 queryOffset(qint32 queue, qint32 group) const;
    std::vector<qint32> lockBatch(
        qint32 group, const QString &clientId, const std::vector<qint32> &queues);
    void ensureGroups();

    World *m_world;
    std::vector<std::vector<ChannelEntry>> m_registry; //!< per group, in registration order
    //! Per group and topic: the subscription's subVersion from heartbeats (-1: none).
    std::vector<SimTime> m_subVersions;
    QHash<quint64, LockEntry> m_locks; //!< (group << 32 | queue)
    std::array<std::deque<Delayed>, 18> m_delayed; //!< per delay level 1…18
    using MinHeap = std::priority_queue<SimTime, std::vector<SimTime>, std::greater<SimTime>>;
    MinHeap m_pullThreadFree; //!< when each pool thread is next free
    MinHeap m_pullQueueLeave; //!< when each queued pull leaves the queue (taken or cleaned)
};

//! The broker's delay levels (messageDelayLevel): level 1 = 1 s … level 18 = 2 h.
SimTime delayLevelTime(int level);

} // namespace Rblab
