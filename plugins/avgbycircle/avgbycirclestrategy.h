// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <rblab/allocationstrategy.h>

/*!
    AllocateMessageQueueAveragelyByCircle ("AVG_BY_CIRCLE"): the consumer at index i of cidAll
    takes mqAll[i], mqAll[i + m], mqAll[i + 2m], … Stateless; one instance per consumer or run.
*/
class AvgByCircleStrategy final : public Rblab::AllocationStrategy
{
public:
    QString name() const override;
    Rblab::AllocateResult allocate(const QString &consumerGroup, const QString &currentCid,
        const Rblab::MessageQueueList &mqAll, const QStringList &cidAll) override;
    Rblab::GroupAllocateResult allocateAll(const QString &consumerGroup,
        const Rblab::MessageQueueList &mqAll, const QStringList &cidAll) override;
};
