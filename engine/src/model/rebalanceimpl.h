// SPDX-License-Identifier: Apache-2.0
// RebalanceService and RebalanceImpl/RebalancePushImpl of one consumer.
#pragma once

#include "sim/simtime.h"
#include "model/snapshot.h"
#include "sim/task.h"

#include <QHash>
#include <QStringList>

#include <coroutine>
#include <memory>
#include <vector>

namespace Rblab {

struct World;
class Consumer;

/*!
    The rebalance side of one consumer:
    - RebalanceService: the loop waiting waitInterval (20 s) or a wake-up, with the 5.2+ minimum
      interval (1 s) and the "not balanced" retry; ServiceThread's wakeup semantics (wake-ups
      coalesce; one pending wake-up makes the next wait return at once);
    - RebalanceImpl.doRebalance / rebalanceByTopic for every subscribed topic (the retry topic
      included), CLUSTERING and BROADCASTING, each consumer with its own view: the queue set from
      its last route poll and the consumer list from one random broker of the topic;
    - updateProcessQueueTableInRebalance in its 5.x three phases (4.x merged), with
      removeUnnecessaryMessageQueue (orderly: waiting for the consume lock), pull-expired
      re-creation, computePullFromWhere, orderly locks, and messageQueueChanged (topic
      thresholds divided over every process queue, heartbeat).
*/
class RebalanceImpl
{
public:
    RebalanceImpl(World *world, Consumer *consumer);

    //! rebalanceImmediately(): wakes the service thread (coalescing).
    void wakeup();
    /*!
        When RebalanceService's wait ends (waitInterval, or minInterval in 5.2+, from the start of
        the wait; now after a wake-up), or -1 while a round runs or the service thread does not.
    */
    SimTime nextRound() const;
    //! rebalanceLater(delay) (5.0+).
    void wakeupLater(SimTime delay);

    //! RebalanceService.run; `firstWait` (≥ 0) continues a wait a previous host began.
    Task<void> serviceLoop(SimTime firstWait = -1);
    //! This consumer's part of MQClientInstance.doRebalance: false when not balanced (5.x).
    Task<bool> doRebalance();
    //! What is left of the service loop's current wait (0 when it is not waiting).
    SimTime remainingWait() const;
    //! A wake-up is pending (a hand-over passes it on).
    bool wakeupPending() const { return m_wakeupFlag; }
    //! The orderly lockAll task (ConsumeMessageOrderlyService, every 20 s).
    Task<void> lockAllLoop();
    Task<bool> lock(qint32 queue);
    //! RebalanceImpl.removeProcessQueue (OFFSET_ILLEGAL).
    Task<void> removeProcessQueue(qint32 queue);
    Task<qint64> computePullFromWhere(qint32 queue);
    /*!
        The consumer was already running when the run began (ConsumerSpec::holds, from
        `mqadmin consumerProgress -s true`): a process queue for each held queue, pulling from
        the group's committed offset, without a rebalance round.
    */
    Task<void> adoptHeld(const std::vector<qint32> &queues);
    //! destroy(): every process queue dropped, the table cleared.
    void destroy();
    //! Marks a process queue dropped (ownership health follows).
    void markDropped(qint32 pq);
    /*!
        The consumer's queues of a topic changed: the rebalance is counted and published with
        the queues added and removed (`detail` "pop" for a POP client's, PopClient).
    */
    void publishRebalance(qint32 topic, const QList<qint32> &added, const QList<qint32> &removed,
        const QString &detail = QString());
    /*!
        A strategy that is missing or threw: a StrategyError event, once per distinct message
        and topic (a failing strategy is retried every round). POP's broker-side strategies
        report here too (PopClient).
    */
    void publishStrategyError(qint32 topic, const QString &message);

    SimTime lastRebalance = 0;

private:
    struct WaitAwaiter;
    struct MemberRound;
    struct MemberRoundAwaiter;

    /*!
        MQClientInstance.doRebalance of a shared instance: every registered consumer in turn, on
        this (the host's) one thread, in registration order; balanced only if all are.
    */
    Task<bool> instanceRebalance();
    //! One member's round, run in the member's own task set; `round` learns its end.
    Task<void> memberRound(MemberRound *round);

    Task<bool> rebalanceByTopic(qint32 topic, bool isOrder);
    Task<bool> updateProcessQueueTable(qint32 topic, std::vector<qint32> mqSet, bool needLock);
    Task<bool> removeUnnecessaryMessageQueue(qint32 pq);
    Task<void> messageQueueChanged(qint32 topic);
    bool workingSetEquals(qint32 topic, const std::vector<qint32> &mqSet) const;
    ConsumerView &recordView(
        qint32 topic, const QStringList &cids, qint32 queueCount, qint32 broker);
    qint32 createProcessQueue(qint32 queue, qint64 nextOffset);
    void removeFromTable(qint32 pq);
    Task<bool> waitForConsumeLock(qint32 pq, SimTime timeout);
    Task<void> unlockLater(qint32 queue, SimTime delay);
    void sendUnlock(qint32 queue);
    Task<void> wakeupAfter(SimTime delay);

    World *m_world;
    Consumer *m_consumer;
    bool m_wakeupFlag = false;
    //! This round's first new pulls read the subscription version before messageQueueChanged
    //! raised it (4.x, with network jitter): the raise waits for them.
    bool m_pullThreadAhead = false;
    bool m_waiting = false;
    quint32 m_waiterSlot = 0;
    quint32 m_waiterGen = 0;
    SimTime m_waitUntil = -1;
    QHash<qint32, QString> m_lastStrategyError;
};

} // namespace Rblab
