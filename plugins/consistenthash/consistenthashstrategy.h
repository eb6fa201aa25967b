// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "consistenthashring.h"

#include <rblab/allocationstrategy.h>

#include <memory>

/*!
    AllocateMessageQueueConsistentHash ("CONSISTENT_HASH"): every queue goes to the consumer
    that ConsistentHashRouter.routeNode(mq.toString()) returns.

    Java builds the ring and routes every queue on each allocate call: m calls cost m rings and
    n·m hashes (69 s for 10,000 queues and 1,000 consumers). Here the ring is cached per consumer
    list and the route of every queue per queue list, in small most-recently-used caches (the
    MACHINE_ROOM_NEARBY wrapper alternates between a room's list and the whole group's), so a
    group's calls share one ring and one routing. One thread at a time, as the SDK requires.
*/
class ConsistentHashStrategy final : public Rblab::AllocationStrategy
{
public:
    explicit ConsistentHashStrategy(int virtualNodeCount);

    QString name() const override;
    Rblab::AllocateResult allocate(const QString &consumerGroup, const QString &currentCid,
        const Rblab::MessageQueueList &mqAll, const QStringList &cidAll) override;
    Rblab::GroupAllocateResult allocateAll(const QString &consumerGroup,
        const Rblab::MessageQueueList &mqAll, const QStringList &cidAll) override;

    int virtualNodeCount() const { return m_virtualNodeCount; }

private:
    struct RingEntry
    {
        QStringList cidAll; //!< an implicitly shared copy: the same list compares in O(1)
        int virtualNodeCount = 0;
        std::shared_ptr<const ConsistentHashRing> ring;
    };
    struct RouteEntry
    {
        Rblab::MessageQueueList mqAll;
        QStringList cidAll;
        QList<qsizetype> owners; //!< the ring slot of every queue of mqAll, -1 for nobody
    };

    std::shared_ptr<const ConsistentHashRing> ring(const QStringList &cidAll);
    const QList<qsizetype> &owners(const Rblab::MessageQueueList &mqAll, const QStringList &cidAll);

    int m_virtualNodeCount;
    QList<RingEntry> m_rings; //!< most recently used first
    QList<RouteEntry> m_routes; //!< most recently used first
};
