// SPDX-License-Identifier: Apache-2.0
#include "model/metrics.h"

#include "model/popengine.h"
#include "model/world.h"

#include <bit>

namespace Rblab {

qint64 DeliveryBits::grow(size_t w)
{
    // Before doubling, drop the leading words whose every bit is set (every offset there was
    // delivered): what is left is the stretch still in flight, so memory follows the backlog,
    // not the length of the run. Counting stays exact: an offset below `base` is delivered.
    size_t full = 0;
    while (full < words.size() && words[full] == ~quint64(0)) {
        ++full;
    }
    qint64 dropped = 0;
    if (full > 0 && full >= words.size() / 2) {
        words.erase(words.begin(), words.begin() + qsizetype(full));
        base += qint64(full);
        dropped = qint64(full);
        w -= full;
    }
    if (w >= words.size()) {
        words.resize(std::max(w + 1, words.size() * 2), 0);
    }
    return dropped;
}

qint64 DeliveryBits::setRange(qint64 from, qint64 to)
{
    qint64 fresh = 0;
    for (qint64 offset = from; offset < to;) {
        const int bit = int(offset & 63);
        const qint64 span = std::min<qint64>(64 - bit, to - offset);
        const quint64 mask = (span == 64 ? ~quint64(0) : ((quint64(1) << span) - 1)) << bit;
        qint64 w = (offset >> 6) - base;
        offset += span;
        if (w < 0) {
            continue; // below base: every bit there is set
        }
        if (size_t(w) >= words.size()) {
            w -= grow(size_t(w));
        }
        quint64 &word = words[size_t(w)];
        fresh += std::popcount(mask & ~word);
        word |= mask;
    }
    return fresh;
}

qint64 DeliveryBits::countClear(qint64 from, qint64 to) const
{
    qint64 clear = 0;
    for (qint64 offset = from; offset < to;) {
        const qint64 relative = (offset >> 6) - base;
        const size_t w = size_t(relative);
        const int bit = int(offset & 63);
        const qint64 span = std::min<qint64>(64 - bit, to - offset);
        quint64 mask = (span == 64 ? ~quint64(0) : ((quint64(1) << span) - 1)) << bit;
        const quint64 word = relative < 0 ? ~quint64(0) : (w < words.size() ? words[w] : 0);
        clear += span - std::popcount(word & mask);
        offset += span;
    }
    return clear;
}

void Metrics::resize()
{
    const size_t groups = m_world->groups.size();
    const size_t queues = m_world->queueStates.size();
    m_pairs.resize(groups);
    for (auto &row : m_pairs) {
        row.resize(queues);
    }
    const size_t scopes = groups + m_world->consumers.size();
    m_bits.resize(scopes);
    for (auto &row : m_bits) {
        row.resize(queues);
    }
}

DeliveryBits *Metrics::deliveryBits(size_t scope, qint32 queue)
{
    if (scope >= m_bits.size() || size_t(queue) >= m_bits[scope].size()) {
        resize();
    }
    std::unique_ptr<DeliveryBits> &bits = m_bits[scope][size_t(queue)];
    if (!bits) {
        bits = std::make_unique<DeliveryBits>();
    }
    return bits.get();
}

Metrics::Pair &Metrics::pair(qint32 group, qint32 queue)
{
    if (size_t(group) >= m_pairs.size() || size_t(queue) >= m_pairs[size_t(group)].size()) {
        resize();
    }
    return m_pairs[size_t(group)][size_t(queue)];
}

const Metrics::Pair *Metrics::findPair(qint32 group, qint32 queue) const
{
    if (size_t(group) >= m_pairs.size() || size_t(queue) >= m_pairs[size_t(group)].size()) {
        return nullptr;
    }
    return &m_pairs[size_t(group)][size_t(queue)];
}

size_t Metrics::deliveryScope(qint32 consumer) const
{
    const qint32 group = m_world->consumers[size_t(consumer)]->group;
    // In BROADCASTING every consumer is meant to get every message: distinct per consumer.
    return m_world->groups[size_t(group)].broadcasting() ? m_world->groups.size() + size_t(consumer)
                                                         : size_t(group);
}

void Metrics::recordHolder(qint32 group, qint32 queue, qint32 consumer)
{
    if (m_world->groups[size_t(group)].broadcasting()) {
        return; // every consumer holds every queue: nothing moves
    }
    Pair &p = pair(group, queue);
    if (p.lastHolder >= 0 && p.lastHolder != consumer) {
        ++queueMoves;
        ++groupCounters(group).queueMoves;
    }
    p.lastHolder = consumer;
}

void Metrics::integrate()
{
    const SimTime now = m_world->now();
    if (now > m_lastT) {
        m_orphanedMs += qint64(m_orphaned) * (now - m_lastT);
        m_unownedMs += qint64(m_unowned) * (now - m_lastT);
        m_doubleOwnedMs += qint64(m_doubleOwned) * (now - m_lastT);
        m_lastT = now;
    }
}

void Metrics::integrate(GroupCounters &g) const
{
    const SimTime now = m_world->now();
    if (now > g.lastT) {
        g.orphanedMs += qint64(g.orphaned) * (now - g.lastT);
        g.unownedMs += qint64(g.unowned) * (now - g.lastT);
        g.doubleOwnedMs += qint64(g.doubleOwned) * (now - g.lastT);
        g.lastT = now;
    }
}

Metrics::GroupCounters Metrics::groupNow(qint32 group) const
{
    GroupCounters g = size_t(group) < m_groups.size() ? m_groups[size_t(group)] : GroupCounters();
    integrate(g);
    return g;
}

qint64 Metrics::uniqueIn(size_t scope) const
{
    qint64 unique = 0;
    if (scope >= m_bits.size()) {
        return 0;
    }
    for (const auto &bits : m_bits[scope]) {
        if (bits) {
            unique += bits->base * 64; // the dropped leading words were all set
            for (quint64 word : bits->words) {
                unique += std::popcount(word);
            }
        }
    }
    return unique;
}

void Metrics::account(qint32 group, const Pair &p, int sign)
{
    if (!p.counted) {
        return;
    }
    GroupCounters &g = groupCounters(group);
    integrate(g);
    if (p.serving == 0) {
        g.orphaned += sign;
    }
    if (p.running == 0) {
        g.unowned += sign;
    }
    if (p.clustering && p.owners >= 2) {
        g.doubleOwned += sign;
    }
    // Orphaned until a running owner pulls it: a hand-over's new owner creates its process
    // queue, then (5.x) dispatches the first pull 500 ms later (RebalancePushImpl
    // .dispatchPullRequest); nothing is consumed before that pull.
    if (p.serving == 0) {
        m_orphaned += sign;
    }
    if (p.running == 0) {
        m_unowned += sign;
    }
    if (p.clustering && p.owners >= 2) {
        m_doubleOwned += sign;
    }
}

void Metrics::setCounted(qint32 group, qint32 queue, bool counted)
{
    Pair &p = pair(group, queue);
    if (p.counted == counted) {
        return;
    }
    integrate();
    account(group, p, -1);
    p.counted = counted;
    // In POP mode several consumers pop one queue by design: not a double ownership.
    const GroupState &g = m_world->groups[size_t(group)];
    p.clustering = !g.broadcasting() && !g.spec.pops();
    account(group, p, +1);
}

void Metrics::changeHolders(
    qint32 group, qint32 queue, int ownerDelta, int runningDelta, int servingDelta)
{
    if (ownerDelta == 0 && runningDelta == 0 && servingDelta == 0) {
        return;
    }
    Pair &p = pair(group, queue);
    integrate();
    account(group, p, -1);
    p.owners += ownerDelta;
    p.running += runningDelta;
    p.serving += servingDelta;
    Q_ASSERT(p.owners >= 0 && p.running >= 0 && p.serving >= 0);
    account(group, p, +1);
}

qint32 Metrics::owners(qint32 group, qint32 queue) const
{
    const Pair *p = findPair(group, queue);
    return p ? p->owners : 0;
}

qint32 Metrics::runningOwners(qint32 group, qint32 queue) const
{
    const Pair *p = findPair(group, queue);
    return p ? p->running : 0;
}

double Metrics::orphanedQueueSeconds() const
{
    const_cast<Metrics *>(this)->integrate();
    return double(m_orphanedMs) / 1000.0;
}

double Metrics::orphanedQueueSeconds(qint32 group) const
{
    return double(groupNow(group).orphanedMs) / 1000.0;
}

double Metrics::unownedQueueSeconds() const
{
    const_cast<Metrics *>(this)->integrate();
    return double(m_unownedMs) / 1000.0;
}

double Metrics::doubleOwnedQueueSeconds() const
{
    const_cast<Metrics *>(this)->integrate();
    return double(m_doubleOwnedMs) / 1000.0;
}

qint64 Metrics::lost() const
{
    qint64 lost = 0;
    for (size_t g = 0; g < m_world->groups.size(); ++g) {
        lost += this->lost(qint32(g));
    }
    return lost;
}

qint64 Metrics::lost(qint32 group) const
{
    qint64 lost = 0;
    const size_t g = size_t(group);
    if (g >= m_world->groups.size() || m_world->groups[g].broadcasting()) {
        return 0; // offsets live in each consumer's file, not on the broker
    }
    for (size_t q = 0; q < m_world->queueStates.size(); ++q) {
        const QueueState &state = m_world->queueStates[q];
        if (g >= state.committed.size()) {
            continue;
        }
        const qint64 committed = state.committed[g];
        const qint64 from = state.initialOffset[g];
        if (committed <= 0 || from < 0 || committed <= from) {
            continue;
        }
        static const DeliveryBits empty;
        const DeliveryBits *bits
            = (g < m_bits.size() && q < m_bits[g].size()) ? m_bits[g][q].get() : nullptr;
        lost += (bits ? *bits : empty).countClear(from, committed);
    }
    if (m_world->pop) {
        // POP commits at pop time: what is invisible or waiting in the retry topic is not lost.
        lost -= m_world->pop->pendingUndelivered(group);
    }
    return lost;
}

} // namespace Rblab
