// @NAME@: an allocation strategy (RocketMQ's AllocateMessageQueueStrategy) for Rebalance Lab.
#pragma once

#include <rblab/allocationstrategy.h>

/*!
    Contiguous blocks of queues, as RocketMQ's AllocateMessageQueueAveragely, with the first
    block going to consumer `offset` (modulo the group's size) instead of the first.

    The host calls allocate() once per consumer with the same two lists, sorted as
    RebalanceImpl sorts them; every consumer computes its own share, so the shares must fit
    together without talking to each other: every queue to exactly one consumer.
*/
class TemplateClassStrategy final : public Rblab::AllocationStrategy
{
public:
    explicit TemplateClassStrategy(qsizetype offset);

    //! AllocateMessageQueueStrategy.getName(): what rblab and the app show.
    QString name() const override { return QStringLiteral("@NAME@"); }

    Rblab::AllocateResult allocate(const QString &consumerGroup, const QString &currentCid,
        const Rblab::MessageQueueList &mqAll, const QStringList &cidAll) override;

private:
    qsizetype m_offset;
};
