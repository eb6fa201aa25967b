// SPDX-License-Identifier: Apache-2.0
#include "consistenthashstrategy.h"

#include <QHash>

#include <algorithm>

namespace {

// The ring's ceiling, as rblab allocate's (AllocationCaseLimits::maxRingNodes): each node is an
// MD5 (~7 µs), so 1000 consumers × 10,000 virtual nodes took minutes per membership change and
// froze simulate, the app and check-strategy. Past it a call fails and says so.
constexpr qint64 kMaxRingNodes = 100000;

QString ringTooLarge(qsizetype consumers, int virtualNodeCount)
{
    const qint64 nodes = qint64(consumers) * virtualNodeCount;
    if (nodes <= kMaxRingNodes) {
        return QString();
    }
    // Not an exception of RocketMQ's (Java builds any ring): this model's own ceiling.
    return QStringLiteral("consumers × virtualNodeCount is %1 × %2 = %3 ring nodes, more than the "
                          "%4 this model builds (lower virtualNodeCount to %5 or less for %1 "
                          "consumers)")
        .arg(consumers)
        .arg(virtualNodeCount)
        .arg(nodes)
        .arg(kMaxRingNodes)
        .arg(std::max<qint64>(1, kMaxRingNodes / std::max<qsizetype>(1, consumers)));
}

// Enough for a MACHINE_ROOM_NEARBY wrapper that asks for its own room and a few orphan rooms
// in turn; beyond that calls stay exact, only slower.
constexpr qsizetype kCacheSize = 16;

template<typename Entry, typename Match> qsizetype findAndPromote(QList<Entry> &cache, Match match)
{
    for (qsizetype i = 0; i < cache.size(); ++i) {
        if (match(cache.at(i))) {
            if (i != 0) {
                cache.move(i, 0);
            }
            return 0;
        }
    }
    return -1;
}

} // namespace

ConsistentHashStrategy::ConsistentHashStrategy(int virtualNodeCount)
    : m_virtualNodeCount(virtualNodeCount)
{
}

QString ConsistentHashStrategy::name() const
{
    return QStringLiteral("CONSISTENT_HASH");
}

std::shared_ptr<const ConsistentHashRing> ConsistentHashStrategy::ring(const QStringList &cidAll)
{
    const qsizetype hit = findAndPromote(m_rings, [&](const RingEntry &e) {
        return e.virtualNodeCount == m_virtualNodeCount && e.cidAll == cidAll;
    });
    if (hit >= 0) {
        return m_rings.at(hit).ring;
    }
    m_rings.prepend({ cidAll, m_virtualNodeCount,
        std::make_shared<const ConsistentHashRing>(cidAll, m_virtualNodeCount) });
    if (m_rings.size() > kCacheSize) {
        m_rings.removeLast();
    }
    return m_rings.constFirst().ring;
}

const QList<qsizetype> &ConsistentHashStrategy::owners(
    const Rblab::MessageQueueList &mqAll, const QStringList &cidAll)
{
    const qsizetype hit = findAndPromote(
        m_routes, [&](const RouteEntry &e) { return e.cidAll == cidAll && e.mqAll == mqAll; });
    if (hit >= 0) {
        return m_routes.at(hit).owners;
    }
    const std::shared_ptr<const ConsistentHashRing> r = ring(cidAll);
    QList<qsizetype> owners;
    owners.reserve(mqAll.size());
    for (const Rblab::MessageQueue &mq : mqAll) {
        // The object key is MessageQueue.toString(), topic and broker name included.
        owners.append(r->isEmpty() ? -1 : r->route(mq.toString()));
    }
    m_routes.prepend({ mqAll, cidAll, std::move(owners) });
    if (m_routes.size() > kCacheSize) {
        m_routes.removeLast();
    }
    return m_routes.constFirst().owners;
}

Rblab::AllocateResult ConsistentHashStrategy::allocate(const QString &, const QString &currentCid,
    const Rblab::MessageQueueList &mqAll, const QStringList &cidAll)
{
    if (auto early = checkArguments(currentCid, mqAll, cidAll)) {
        return *early;
    }
    if (const QString tooLarge = ringTooLarge(cidAll.size(), m_virtualNodeCount);
        !tooLarge.isNull()) {
        return Rblab::AllocateResult::failure(tooLarge);
    }
    // Java compares currentCID with the routed node's key; slots are first occurrences, which
    // is what indexOf finds.
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

Rblab::GroupAllocateResult ConsistentHashStrategy::allocateAll(
    const QString &, const Rblab::MessageQueueList &mqAll, const QStringList &cidAll)
{
    Rblab::GroupAllocateResult result;
    if (cidAll.isEmpty()) {
        return result; // nobody asks, so nothing can fail
    }
    const qsizetype m = cidAll.size();
    QList<qsizetype> slotOf;
    if (!memberSlots(mqAll, cidAll, &slotOf, &result.error)) {
        return result;
    }
    if (const QString tooLarge = ringTooLarge(m, m_virtualNodeCount); !tooLarge.isNull()) {
        result.error = tooLarge;
        return result;
    }
    // Route every queue once and bucket it by owner, instead of m passes over mqAll.
    const QList<qsizetype> &owner = owners(mqAll, cidAll);
    QList<Rblab::MessageQueueList> bySlot(m);
    for (qsizetype j = 0; j < mqAll.size(); ++j) {
        if (owner.at(j) >= 0) {
            bySlot[owner.at(j)].append(mqAll.at(j));
        }
    }
    result.perConsumer.resize(m);
    for (qsizetype i = 0; i < m; ++i) {
        result.perConsumer[i] = bySlot.at(slotOf.at(i));
    }
    return result;
}
