// SPDX-License-Identifier: Apache-2.0
// RemoteBrokerOffsetStore (CLUSTERING) and LocalFileOffsetStore (BROADCASTING).
#pragma once

#include "sim/task.h"

#include <QtGlobal>

#include <vector>

namespace Rblab {

struct World;
class Consumer;

/*!
    A consumer's offset table (queue → offset), as RocketMQ's OffsetStore: updated by consumption
    and NO_NEW_MSG corrections, persisted periodically and on queue removal, re-read from the
    store when a queue is added. CLUSTERING persists to the queue's broker (one-way
    UPDATE_CONSUMER_OFFSET); BROADCASTING persists to the consumer's own offsets file.
    5.2+ entries can be frozen (ControllableOffset) while an OFFSET_ILLEGAL is being fixed.
*/
class OffsetStore
{
public:
    OffsetStore(World *world, Consumer *consumer);

    void setLocal(bool local) { m_local = local; }
    bool local() const { return m_local; }

    //! updateOffset(mq, offset, increaseOnly)
    void update(qint32 queue, qint64 offset, bool increaseOnly)
    {
        if (size_t(queue) >= m_offsets.size()) {
            ensure(queue);
        }
        if (m_frozen[size_t(queue)]) {
            return; // ControllableOffset: frozen while an OFFSET_ILLEGAL is fixed
        }
        qint64 &entry = m_offsets[size_t(queue)];
        entry = (entry < 0 || !increaseOnly || offset > entry) ? offset : entry;
    }
    //! Frozen by updateAndFreezeOffset until the OFFSET_ILLEGAL is fixed.
    bool frozen(qint32 queue) const
    {
        return size_t(queue) < m_frozen.size() && m_frozen[size_t(queue)];
    }
    //! updateAndFreezeOffset (5.2+)
    void updateAndFreeze(qint32 queue, qint64 offset);
    //! readOffset(mq, READ_FROM_MEMORY): -1 when there is no entry.
    qint64 memory(qint32 queue) const;
    //! readOffset(mq, READ_FROM_STORE): the broker's (or file's) offset, -1 none, -2 error.
    Task<qint64> readFromStore(qint32 queue);
    //! removeOffset(mq)
    void remove(qint32 queue);
    //! What the local offsets file holds for a queue (BROADCASTING), -1 when nothing.
    qint64 stored(qint32 queue) const
    {
        return size_t(queue) < m_file.size() ? m_file[size_t(queue)] : -1;
    }
    //! persist(mq)
    void persist(qint32 queue);
    //! persistAll(mqs): sends the owned queues' entries and deletes the others.
    void persistAll(const std::vector<qint32> &owned);

private:
    void ensure(qint32 queue);

    World *m_world;
    Consumer *m_consumer;
    bool m_local = false;
    std::vector<qint64> m_offsets;
    std::vector<quint8> m_frozen;
    std::vector<qint64> m_file; //!< the local offsets.json (BROADCASTING)
};

} // namespace Rblab
