// SPDX-License-Identifier: Apache-2.0
#include "boundedrendezvousstrategy.h"

#include "boundedrendezvousassignment.h"

namespace {
constexpr qsizetype kCacheSize = 8;
}

QString BoundedRendezvousStrategy::name() const
{
    return QStringLiteral("BOUNDED_RENDEZVOUS");
}

const QList<qsizetype> &BoundedRendezvousStrategy::owners(
    const Rblab::MessageQueueList &mqAll, const QStringList &cidAll)
{
    for (qsizetype i = 0; i < m_cache.size(); ++i) {
        if (m_cache.at(i).cidAll == cidAll && m_cache.at(i).mqAll == mqAll) {
            m_cache.move(i, 0);
            return m_cache.constFirst().owners;
        }
    }
    m_cache.prepend({ mqAll, cidAll, BoundedRendezvousAssignment::assign(mqAll, cidAll) });
    if (m_cache.size() > kCacheSize) {
        m_cache.removeLast();
    }
    return m_cache.constFirst().owners;
}

Rblab::AllocateResult BoundedRendezvousStrategy::allocate(const QString &,
    const QString &currentCid, const Rblab::MessageQueueList &mqAll, const QStringList &cidAll)
{
    if (auto early = checkArguments(currentCid, mqAll, cidAll)) {
        return *early;
    }
    // A duplicated id takes the first of its slots, as with RocketMQ's strategies.
    const qsizetype me = cidAll.indexOf(currentCid);
    const QList<qsizetype> &owner = owners(mqAll, cidAll);
    Rblab::AllocateResult result;
    for (qsizetype j = 0; j < mqAll.size(); ++j) {
        if (owner.at(j) == me) {
            result.queues.append(mqAll.at(j));
        }
    }
    return result;
}

Rblab::GroupAllocateResult BoundedRendezvousStrategy::allocateAll(
    const QString &, const Rblab::MessageQueueList &mqAll, const QStringList &cidAll)
{
    Rblab::GroupAllocateResult result;
    if (cidAll.isEmpty()) {
        return result;
    }
    QList<qsizetype> slotOf;
    if (!memberSlots(mqAll, cidAll, &slotOf, &result.error)) {
        return result;
    }
    const QList<qsizetype> &owner = owners(mqAll, cidAll);
    QList<Rblab::MessageQueueList> bySlot(cidAll.size());
    for (qsizetype j = 0; j < mqAll.size(); ++j) {
        bySlot[owner.at(j)].append(mqAll.at(j));
    }
    result.perConsumer.resize(cidAll.size());
    for (qsizetype i = 0; i < cidAll.size(); ++i) {
        result.perConsumer[i] = bySlot.at(slotOf.at(i));
    }
    return result;
}
