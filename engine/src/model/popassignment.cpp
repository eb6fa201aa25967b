// SPDX-License-Identifier: Apache-2.0
#include "model/popassignment.h"

#include "allocation/strategyregistry.h"

namespace Rblab {

PopAssignment::PopAssignment(const StrategyRegistry &registry) : m_registry(registry)
{
}

PopAssignment::~PopAssignment() = default;

bool PopAssignment::registers(const QString &strategy)
{
    return strategy == QLatin1String("AVG") || strategy == QLatin1String("AVG_BY_CIRCLE");
}

AllocationStrategy *PopAssignment::strategy(const QString &name, QString *error)
{
    const auto made = m_strategies.find(name);
    if (made != m_strategies.end()) {
        return made->second.get();
    }
    const auto failed = m_errors.find(name);
    if (failed != m_errors.end()) {
        *error = failed->second;
        return nullptr;
    }
    // Made as a consumer makes its own (Consumer::setStrategy), without parameters: the
    // broker's strategies are RocketMQ's plain ones.
    StrategyCreation creation = m_registry.create(name, QVariantMap());
    if (!creation.ok()) {
        *error = creation.parameter.isEmpty()
            ? creation.error
            : QStringLiteral("%1: %2").arg(creation.parameter, creation.error);
        m_errors.emplace(name, *error);
        return nullptr;
    }
    AllocationStrategy *strategy = creation.strategy.get();
    m_strategies.emplace(name, std::move(creation.strategy));
    return strategy;
}

PopAssignment::Result PopAssignment::allocate4Pop(const QString &strategyName, const QString &group,
    const QString &clientId, const MessageQueueList &mqAll, const QStringList &cidAll,
    int popShareQueueNum)
{
    Result result;
    if (!registers(strategyName) || cidAll.isEmpty()) {
        return result; // name2LoadStrategy has no such strategy, or no consumer list yet
    }
    const qsizetype n = cidAll.size();
    if (popShareQueueNum <= 0 || popShareQueueNum >= n - 1) {
        // Every client pops every queue: (topic, broker, -1) per queue of the route.
        for (const MessageQueue &mq : mqAll) {
            result.queues.append(MessageQueue { mq.topic, mq.brokerName, -1 });
        }
        result.status = Result::Status::Assigned;
        return result;
    }
    if (n > mqAll.size()) {
        // More clients than queues: exactly one real queue each (its own allocate, not the
        // strategy's).
        const qsizetype i = cidAll.indexOf(clientId);
        if (i >= 0 && !mqAll.isEmpty()) {
            result.queues.append(mqAll[i % mqAll.size()]);
        }
        result.status = Result::Status::Assigned;
        return result;
    }
    AllocationStrategy *allocator = strategy(strategyName, &result.error);
    if (!allocator) {
        result.status = Result::Status::Failed;
        return result;
    }
    // The client's own block, then those of the popShareQueueNum clients after it.
    QStringList asking { clientId };
    const qsizetype i = cidAll.indexOf(clientId);
    for (qsizetype s = 1; i >= 0 && s <= popShareQueueNum; ++s) {
        asking.append(cidAll[(i + s) % n]);
    }
    for (const QString &cid : asking) {
        const AllocateResult block = guardedAllocate(*allocator, group, cid, mqAll, cidAll);
        if (!block.ok()) {
            result.status = Result::Status::Failed;
            result.error = block.error;
            result.queues.clear();
            return result;
        }
        result.queues.append(block.queues);
    }
    result.status = Result::Status::Assigned;
    return result;
}

} // namespace Rblab
