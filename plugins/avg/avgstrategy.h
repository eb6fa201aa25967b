// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <rblab/allocationstrategy.h>

/*!
    AllocateMessageQueueAveragely ("AVG"): contiguous blocks of mqAll, the first n mod m consumers
    taking one queue more.
*/
class AvgStrategy final : public Rblab::AllocationStrategy
{
public:
    QString name() const override;
    Rblab::AllocateResult allocate(const QString &consumerGroup, const QString &currentCid,
        const Rblab::MessageQueueList &mqAll, const QStringList &cidAll) override;
    Rblab::GroupAllocateResult allocateAll(const QString &consumerGroup,
        const Rblab::MessageQueueList &mqAll, const QStringList &cidAll) override;
};
