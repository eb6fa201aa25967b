// SPDX-License-Identifier: Apache-2.0
#include "configstrategy.h"

ConfigStrategy::ConfigStrategy(std::optional<Rblab::MessageQueueList> queues)
    : m_queues(std::move(queues))
{
}

QString ConfigStrategy::name() const
{
    return QStringLiteral("CONFIG");
}

Rblab::AllocateResult ConfigStrategy::allocate(
    const QString &, const QString &, const Rblab::MessageQueueList &, const QStringList &)
{
    // AllocateMessageQueueByConfig does not extend the abstract base's check(): no argument is
    // looked at, empty lists and unknown ids included, and queues outside mqAll are returned
    // too. A null list reaches RebalanceImpl as "nothing", which drops every process queue.
    return { m_queues.value_or(Rblab::MessageQueueList()), QString() };
}

Rblab::GroupAllocateResult ConfigStrategy::allocateAll(
    const QString &, const Rblab::MessageQueueList &, const QStringList &cidAll)
{
    // Every member asks and gets the same list (shared, not copied).
    Rblab::GroupAllocateResult result;
    result.perConsumer.fill(m_queues.value_or(Rblab::MessageQueueList()), cidAll.size());
    return result;
}
