// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <rblab/allocationstrategy.h>

#include <optional>

/*!
    AllocateMessageQueueByConfig ("CONFIG"): answers every call with the configured list, as is.
    std::nullopt stands for Java's null messageQueueList.
*/
class ConfigStrategy final : public Rblab::AllocationStrategy
{
public:
    explicit ConfigStrategy(std::optional<Rblab::MessageQueueList> queues);

    QString name() const override;
    Rblab::AllocateResult allocate(const QString &consumerGroup, const QString &currentCid,
        const Rblab::MessageQueueList &mqAll, const QStringList &cidAll) override;
    Rblab::GroupAllocateResult allocateAll(const QString &consumerGroup,
        const Rblab::MessageQueueList &mqAll, const QStringList &cidAll) override;

private:
    std::optional<Rblab::MessageQueueList> m_queues;
};
