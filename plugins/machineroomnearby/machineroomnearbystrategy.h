// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "machineroomgrouping.h"

#include <rblab/allocationstrategy.h>

#include <memory>
#include <optional>

/*!
    AllocateMachineRoomNearby ("MACHINE_ROOM_NEARBY-<inner>"): a proxy that gives each machine
    room's queues to the consumers of that room through the inner strategy, and shares the
    queues of every room without consumers among all consumers, room by room.

    Owns its inner strategy. Java groups queues and consumers on every call; the grouping is
    cached here for the last membership, and allocateAll asks the inner strategy once per room
    for the whole group. One thread at a time, as the SDK requires.
*/
class MachineRoomNearbyStrategy final : public Rblab::AllocationStrategy
{
public:
    MachineRoomNearbyStrategy(std::unique_ptr<Rblab::AllocationStrategy> inner, QString separator);

    QString name() const override;
    Rblab::AllocateResult allocate(const QString &consumerGroup, const QString &currentCid,
        const Rblab::MessageQueueList &mqAll, const QStringList &cidAll) override;
    Rblab::GroupAllocateResult allocateAll(const QString &consumerGroup,
        const Rblab::MessageQueueList &mqAll, const QStringList &cidAll) override;

    const Rblab::AllocationStrategy &inner() const { return *m_inner; }
    const QString &separator() const { return m_separator; }

private:
    const MachineRoomGrouping &grouping(
        const Rblab::MessageQueueList &mqAll, const QStringList &cidAll);
    // The inner strategy is another plugin: its exceptions stop here, as errors.
    Rblab::AllocateResult innerAllocate(const QString &consumerGroup, const QString &currentCid,
        const Rblab::MessageQueueList &mqs, const QStringList &cids);
    Rblab::GroupAllocateResult innerAllocateAll(
        const QString &consumerGroup, const Rblab::MessageQueueList &mqs, const QStringList &cids);

    std::unique_ptr<Rblab::AllocationStrategy> m_inner;
    QString m_separator;
    Rblab::MessageQueueList m_groupedMqAll; //!< shared copies: the cache key
    QStringList m_groupedCidAll;
    std::optional<MachineRoomGrouping> m_grouping;
};
