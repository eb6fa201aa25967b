// SPDX-License-Identifier: Apache-2.0
#include "queueidmodstrategyfactory.h"

Rblab::AllocateResult QueueIdModStrategy::allocate(const QString &, const QString &currentCid,
    const Rblab::MessageQueueList &mqAll, const QStringList &cidAll)
{
    if (auto early = checkArguments(currentCid, mqAll, cidAll)) {
        return *early;
    }
    const qsizetype me = cidAll.indexOf(currentCid);
    Rblab::AllocateResult result;
    for (const Rblab::MessageQueue &mq : mqAll) {
        if (mq.queueId % cidAll.size() == me) {
            result.queues.append(mq);
        }
    }
    return result;
}

Rblab::StrategyCreation QueueIdModStrategyFactory::create(
    const QVariantMap &, const Rblab::StrategyProvider &) const
{
    return { std::make_unique<QueueIdModStrategy>(), QString(), QString() };
}
