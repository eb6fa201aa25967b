// SPDX-License-Identifier: Apache-2.0
#include <rblab/allocationstrategy.h>
#include <rblab/strategycollection.h>
#include <rblab/strategyfactory.h>

#include <QHash>

namespace Rblab {

AllocationStrategy::AllocationStrategy() = default;
AllocationStrategy::~AllocationStrategy() = default;

GroupAllocateResult AllocationStrategy::allocateAll(
    const QString &consumerGroup, const MessageQueueList &mqAll, const QStringList &cidAll)
{
    GroupAllocateResult result;
    result.perConsumer.resize(cidAll.size());
    // A duplicated id (two clients sharing one id, RocketMQ issue #1547) computes the same answer.
    QHash<QString, qsizetype> firstIndex;
    for (qsizetype i = 0; i < cidAll.size(); ++i) {
        const auto seen = firstIndex.constFind(cidAll[i]);
        if (seen != firstIndex.cend()) {
            result.perConsumer[i] = result.perConsumer[*seen];
            continue;
        }
        firstIndex.insert(cidAll[i], i);
        AllocateResult one = allocate(consumerGroup, cidAll[i], mqAll, cidAll);
        if (!one.ok()) {
            result.error = one.error;
            return result;
        }
        result.perConsumer[i] = std::move(one.queues);
    }
    return result;
}

bool AllocationStrategy::supportsExtension(Extension) const
{
    return false;
}

bool AllocationStrategy::extension(Extension, const void *, void *)
{
    return false;
}

std::optional<AllocateResult> AllocationStrategy::checkArguments(
    const QString &currentCid, const MessageQueueList &mqAll, const QStringList &cidAll)
{
    // AbstractAllocateMessageQueueStrategy.check, in RocketMQ's order and words.
    if (currentCid.isEmpty()) {
        return AllocateResult::failure(
            QStringLiteral("IllegalArgumentException: currentCID is empty"));
    }
    if (mqAll.isEmpty()) {
        return AllocateResult::failure(
            QStringLiteral("IllegalArgumentException: mqAll is null or mqAll empty"));
    }
    if (cidAll.isEmpty()) {
        return AllocateResult::failure(
            QStringLiteral("IllegalArgumentException: cidAll is null or cidAll empty"));
    }
    if (!cidAll.contains(currentCid)) {
        // "[BUG] ConsumerGroup: … The consumerId: … not in cidAll": logged, nothing allocated.
        return AllocateResult {};
    }
    return std::nullopt;
}

bool AllocationStrategy::memberSlots(const MessageQueueList &mqAll, const QStringList &cidAll,
    QList<qsizetype> *slotOf, QString *error)
{
    // The first member's call fails first, and for the same reason as any other would, except
    // for a later member's empty id.
    if (auto early = checkArguments(cidAll.constFirst(), mqAll, cidAll); early && !early->ok()) {
        *error = early->error;
        return false;
    }
    QHash<QString, qsizetype> firstSlot;
    firstSlot.reserve(cidAll.size());
    slotOf->resize(cidAll.size());
    for (qsizetype i = 0; i < cidAll.size(); ++i) {
        if (cidAll.at(i).isEmpty()) {
            *error = QStringLiteral("IllegalArgumentException: currentCID is empty");
            return false;
        }
        const auto seen = firstSlot.constFind(cidAll.at(i));
        if (seen == firstSlot.cend()) {
            firstSlot.insert(cidAll.at(i), i);
            (*slotOf)[i] = i;
        } else {
            (*slotOf)[i] = *seen;
        }
    }
    return true;
}

StrategyProvider::~StrategyProvider() = default;
AllocationStrategyFactory::~AllocationStrategyFactory() = default;
StrategyCollection::~StrategyCollection() = default;

} // namespace Rblab
