// SPDX-License-Identifier: Apache-2.0
#include "model/offsetstore.h"

#include "model/world.h"

#include <algorithm>

namespace Rblab {

namespace {
constexpr SimTime kOffsetTimeout = 5000; // RemoteBrokerOffsetStore's query timeout
}

OffsetStore::OffsetStore(World *world, Consumer *consumer) : m_world(world), m_consumer(consumer)
{
}

void OffsetStore::ensure(qint32 queue)
{
    if (size_t(queue) >= m_offsets.size()) {
        const size_t n = std::max(size_t(queue) + 1, m_world->queueStates.size());
        m_offsets.resize(n, -1);
        m_frozen.resize(n, 0);
        m_file.resize(n, -1);
    }
}

void OffsetStore::updateAndFreeze(qint32 queue, qint64 offset)
{
    ensure(queue);
    m_offsets[size_t(queue)] = offset;
    m_frozen[size_t(queue)] = 1;
}

qint64 OffsetStore::memory(qint32 queue) const
{
    return size_t(queue) < m_offsets.size() ? m_offsets[size_t(queue)] : -1;
}

void OffsetStore::remove(qint32 queue)
{
    ensure(queue);
    m_offsets[size_t(queue)] = -1;
    m_frozen[size_t(queue)] = 0;
}

Task<qint64> OffsetStore::readFromStore(qint32 queue)
{
    ensure(queue);
    if (m_local) {
        // LocalFileOffsetStore: offsets.json of this client; missing → -1.
        const qint64 stored = m_file[size_t(queue)];
        if (stored >= 0) {
            m_offsets[size_t(queue)] = stored;
        }
        co_return stored;
    }
    World &w = *m_world;
    const qint32 broker = w.queueStates[size_t(queue)].broker;
    const quint32 id = w.network.newCall(RpcKind::QueryOffset, m_consumer->index, broker);
    w.network.call(id).group = m_consumer->group;
    w.network.call(id).queue = queue;
    const RpcResult r = co_await RpcAwaiter { &w, id, kOffsetTimeout };
    if (!r.ok) {
        co_return -2;
    }
    if (r.result >= 0) {
        ensure(queue);
        m_offsets[size_t(queue)] = r.result; // cached, not increase-only
    }
    co_return r.result;
}

void OffsetStore::persist(qint32 queue)
{
    const qint64 offset = memory(queue);
    if (offset < 0) {
        return;
    }
    if (m_local) {
        m_file[size_t(queue)] = offset;
        return;
    }
    World &w = *m_world;
    const qint32 broker = w.queueStates[size_t(queue)].broker;
    // One-way UPDATE_CONSUMER_OFFSET to the master; lost when the link is down.
    if (!w.brokers[size_t(broker)]->up || !w.network.reachable(m_consumer->index, broker)) {
        return;
    }
    bool failed = false;
    const quint32 channel = m_consumer->channelFor(broker, &failed);
    if (failed) {
        return;
    }
    w.schedule(w.network.hop(channel, true), Ev::OffsetUpdate, quint32(queue), quint64(offset),
        quint16(m_consumer->group));
}

void OffsetStore::persistAll(const std::vector<qint32> &owned)
{
    // Owned queues' entries are sent; the others are deleted from the table.
    std::vector<quint8> keep(m_offsets.size(), 0);
    for (qint32 queue : owned) {
        if (size_t(queue) < keep.size()) {
            keep[size_t(queue)] = 1;
        }
    }
    for (size_t q = 0; q < m_offsets.size(); ++q) {
        if (m_offsets[q] < 0) {
            continue;
        }
        if (keep[q]) {
            persist(qint32(q));
        } else if (!m_local) {
            m_offsets[q] = -1;
        }
    }
}

} // namespace Rblab
