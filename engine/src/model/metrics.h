// SPDX-License-Identifier: Apache-2.0
// The run's counters: deliveries and duplicates, ownership health over time, lost messages.
#pragma once

#include "sim/simtime.h"

#include <QtGlobal>

#include <memory>
#include <vector>

namespace Rblab {

struct World;

/*!
    One bit per offset of a queue: delivered at least once to a delivery scope.
*/
struct DeliveryBits
{
    std::vector<quint64> words; //!< from word `base` on
    qint64 base = 0; //!< words below it were all set and are dropped: a day's run stays small

    bool set(qint64 offset)
    {
        qint64 w = (offset >> 6) - base;
        if (w < 0) {
            return false;
        }
        if (size_t(w) >= words.size()) {
            w -= grow(size_t(w));
        }
        const quint64 mask = quint64(1) << (offset & 63);
        const bool fresh = !(words[size_t(w)] & mask);
        words[size_t(w)] |= mask;
        return fresh;
    }
    //! Sets the bits of [from, to); returns how many were not set before.
    qint64 setRange(qint64 from, qint64 to);
    //! Makes room for word `w` (relative); returns how many leading words were dropped.
    qint64 grow(size_t w);
    qint64 countClear(qint64 from, qint64 to) const;
};

/*!
    Counters of report-format.md. Deliveries are tracked per message (a bit per offset and
    delivery scope — the group in CLUSTERING, the consumer in BROADCASTING) so that duplicates and
    lost messages are exact, not estimated. Ownership health integrates, over time, how many
    (group, main-topic queue) pairs are orphaned (no running owner has pulled them since it took
    them), how many have no running owner at all (unowned), and how many have two or more owners.
*/
class Metrics
{
public:
    explicit Metrics(World *world) : m_world(world) { }

    qint64 delivered = 0;
    qint64 uniqueDelivered = 0;
    qint64 flowControl[3] = { 0, 0, 0 };
    qint64 brokerFlowControl[2] = { 0, 0 }; //!< pulls answered SYSTEM_BUSY, FLOW_CONTROL
    qint64 rebalances = 0;
    qint64 queueMoves = 0;
    qint64 retried = 0;
    qint64 deadLettered = 0;

    //! Per consumer group: what the world totals count, for that group's queues and members.
    struct GroupCounters
    {
        qint64 rebalances = 0;
        qint64 queueMoves = 0;
        qint64 retried = 0;
        qint64 deadLettered = 0;
        qint32 orphaned = 0;
        qint32 unowned = 0;
        qint32 doubleOwned = 0;
        SimTime lastT = 0;
        qint64 orphanedMs = 0;
        qint64 unownedMs = 0;
        qint64 doubleOwnedMs = 0;
    };

    void resize();
    GroupCounters &groupCounters(qint32 group)
    {
        if (size_t(group) >= m_groups.size()) {
            m_groups.resize(size_t(group) + 1);
        }
        return m_groups[size_t(group)];
    }
    //! The group's counters with its ownership integrals brought up to now.
    GroupCounters groupNow(qint32 group) const;
    //! Distinct messages delivered in a delivery scope (set bits over all its queues).
    qint64 uniqueIn(size_t scope) const;
    //! The delivery scope of a consumer: its group in CLUSTERING, itself in BROADCASTING.
    size_t deliveryScope(qint32 consumer) const;
    //! The delivery bits of a queue for a scope; the pointer stays valid for the whole run.
    DeliveryBits *deliveryBits(size_t scope, qint32 queue);
    //! Messages [begin, end) of a queue handed to a listener (its scope's bits).
    void recordDelivery(DeliveryBits &bits, qint64 begin, qint64 end)
    {
        for (qint64 offset = begin; offset < end; ++offset) {
            uniqueDelivered += bits.set(offset) ? 1 : 0;
        }
        delivered += end - begin;
    }
    //! The same for a range at once (the engine's fast path hands over a queue's deliveries so).
    void recordDeliveryRange(DeliveryBits &bits, qint64 begin, qint64 end)
    {
        uniqueDelivered += bits.setRange(begin, end);
        delivered += end - begin;
    }
    //! A consumer created a process queue: a move when another consumer held it last.
    void recordHolder(qint32 group, qint32 queue, qint32 consumer);

    //! Whether a (group, queue) pair counts for ownership health (subscribed main topic, in route).
    void setCounted(qint32 group, qint32 queue, bool counted);
    /*!
        A holder of (group, queue) appeared or vanished, started or stopped running, or (serving)
        a running holder whose process queue has sent its first pull appeared or vanished.
    */
    void changeHolders(
        qint32 group, qint32 queue, int ownerDelta, int runningDelta, int servingDelta);

    qint32 orphanedNow() const { return m_orphaned; }
    qint32 doubleOwnedNow() const { return m_doubleOwned; }
    double orphanedQueueSeconds() const;
    //! The same, for one group's (group, main-topic queue) pairs (the scorecard's per-group
    //! figure).
    double orphanedQueueSeconds(qint32 group) const;
    double unownedQueueSeconds() const;
    double doubleOwnedQueueSeconds() const;
    qint32 owners(qint32 group, qint32 queue) const;
    qint32 runningOwners(qint32 group, qint32 queue) const;

    //! Messages below a group's committed offset (from where it started) never delivered.
    qint64 lost() const;
    qint64 lost(qint32 group) const;

private:
    struct Pair
    {
        qint32 owners = 0;
        qint32 running = 0;
        qint32 serving = 0; //!< running owners that have pulled since they took the queue
        qint32 lastHolder = -1;
        bool counted = false;
        bool clustering = true; //!< double ownership only means something in CLUSTERING
    };
    void integrate();
    void integrate(GroupCounters &g) const;
    void account(qint32 group, const Pair &pair, int sign);
    Pair &pair(qint32 group, qint32 queue);
    const Pair *findPair(qint32 group, qint32 queue) const;

    World *m_world;
    std::vector<std::vector<Pair>> m_pairs; //!< [group][queue]
    std::vector<std::vector<std::unique_ptr<DeliveryBits>>>
        m_bits; //!< [scope][queue], made on first use
    std::vector<GroupCounters> m_groups;
    qint32 m_orphaned = 0;
    qint32 m_unowned = 0;
    qint32 m_doubleOwned = 0;
    SimTime m_lastT = 0;
    qint64 m_orphanedMs = 0;
    qint64 m_unownedMs = 0;
    qint64 m_doubleOwnedMs = 0;
};

} // namespace Rblab
