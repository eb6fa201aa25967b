// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <rblab/allocationstrategy.h>

#include <QSet>

#include <optional>

/*!
    AllocateMessageQueueByMachineRoom ("MACHINE_ROOM"): the queues of brokers "<idc>@<name>" with
    idc in consumerIdcs, in equal blocks, the remainder from the tail. std::nullopt stands for
    Java's null consumeridcs.
*/
class MachineRoomStrategy final : public Rblab::AllocationStrategy
{
public:
    explicit MachineRoomStrategy(std::optional<QSet<QString>> consumerIdcs);

    QString name() const override;
    Rblab::AllocateResult allocate(const QString &consumerGroup, const QString &currentCid,
        const Rblab::MessageQueueList &mqAll, const QStringList &cidAll) override;
    Rblab::GroupAllocateResult allocateAll(const QString &consumerGroup,
        const Rblab::MessageQueueList &mqAll, const QStringList &cidAll) override;

private:
    //! premqAll: the queues of the configured rooms, in mqAll order; or the Java exception.
    QString filter(const Rblab::MessageQueueList &mqAll, Rblab::MessageQueueList *pre) const;

    std::optional<QSet<QString>> m_consumerIdcs;
};
