// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <rblab/allocationstrategy.h>

/*!
    BOUNDED_RENDEZVOUS: rendezvous (highest-random-weight) hashing with exact balance; see
    BoundedRendezvousAssignment for the algorithm. Not one of RocketMQ's strategies: a stateless
    one in RocketMQ's sense (the answer depends only on the sorted lists), so it can be deployed
    as an AllocateMessageQueueStrategy in a Java client.

    The last few memberships' assignments are cached, so the calls of one group (and the room and
    group lists a MACHINE_ROOM_NEARBY wrapper alternates) compute each assignment once. One
    thread at a time, as the SDK requires.
*/
class BoundedRendezvousStrategy final : public Rblab::AllocationStrategy
{
public:
    QString name() const override;
    Rblab::AllocateResult allocate(const QString &consumerGroup, const QString &currentCid,
        const Rblab::MessageQueueList &mqAll, const QStringList &cidAll) override;
    Rblab::GroupAllocateResult allocateAll(const QString &consumerGroup,
        const Rblab::MessageQueueList &mqAll, const QStringList &cidAll) override;

private:
    struct Entry
    {
        Rblab::MessageQueueList mqAll; //!< implicitly shared: the same list compares in O(1)
        QStringList cidAll;
        QList<qsizetype> owners; //!< the index in cidAll owning each queue of mqAll
    };
    const QList<qsizetype> &owners(const Rblab::MessageQueueList &mqAll, const QStringList &cidAll);

    QList<Entry> m_cache; //!< most recently used first
};
