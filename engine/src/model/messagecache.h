// SPDX-License-Identifier: Apache-2.0
// ProcessQueue.msgTreeMap, for the offsets a pull brings: a ring over consecutive offsets.
#pragma once

#include <QtGlobal>

#include <vector>

namespace Rblab {

/*!
    The cached messages of a process queue, keyed by queue offset. RocketMQ keeps a TreeMap; a
    pull always brings consecutive offsets and consumption removes them in roughly FIFO order,
    so a ring indexed by (offset - head) does the same work in O(1): the first and last keys
    (for the span and the commit offset) are the ends of the ring, trimmed as entries go.
    An entry holds the message's body size; 0 marks an offset that is not cached.
*/
class MessageCache
{
public:
    bool empty() const { return m_count == 0; }
    //! Heap bytes of the ring (0 once cleared).
    qint64 capacityBytes() const { return qint64(m_ring.capacity() * sizeof(quint32)); }
    qint64 count() const { return m_count; }
    qint64 bytes() const { return m_bytes; }
    qint64 firstKey() const { return m_head; } //!< valid when not empty
    qint64 lastKey() const { return m_head + m_len - 1; } //!< valid when not empty
    qint64 maxSpan() const { return m_count == 0 ? 0 : lastKey() - firstKey(); }

    bool contains(qint64 offset) const
    {
        return m_count > 0 && offset >= m_head && offset < m_head + qint64(m_len)
            && at(offset) != 0;
    }
    quint32 sizeAt(qint64 offset) const { return contains(offset) ? at(offset) : 0; }

    //! Inserts an offset that is not cached yet; returns false if it already was.
    bool insert(qint64 offset, quint32 size)
    {
        Q_ASSERT(size > 0);
        if (m_count == 0 && capacity() != 0) {
            // The commonest case: a consumer that keeps up has an empty cache when a pull lands.
            m_head = offset;
            m_start = 0;
            m_ring[0] = size;
            m_len = 1;
            m_count = 1;
            m_bytes = size;
            return true;
        }
        if (m_count != 0 && offset == m_head + qint64(m_len) && m_len < capacity()) {
            // Next: the next offset of a pull, appended behind the last one.
            m_ring[(m_start + m_len) & (capacity() - 1)] = size;
            ++m_len;
            ++m_count;
            m_bytes += size;
            return true;
        }
        if (m_count == 0) {
            m_head = offset;
            m_len = 0;
        }
        if (offset < m_head) {
            growFront(m_head - offset);
        } else if (offset >= m_head + qint64(m_len)) {
            growBack(offset - m_head + 1);
        }
        quint32 &slot = at(offset);
        if (slot != 0) {
            return false;
        }
        slot = size;
        ++m_count;
        m_bytes += size;
        return true;
    }

    //! Removes an offset if cached; returns its size (0 when it was not cached).
    quint32 remove(qint64 offset)
    {
        if (m_count == 1 && m_len == 1 && offset == m_head) {
            // The last cached message goes (a consumer that keeps up).
            const quint32 size = m_ring[m_start];
            m_ring[m_start] = 0;
            m_count = 0;
            m_bytes = 0;
            m_len = 0;
            m_start = 0;
            return size;
        }
        if (!contains(offset)) {
            return 0;
        }
        quint32 &slot = at(offset);
        const quint32 size = slot;
        slot = 0;
        --m_count;
        m_bytes -= size;
        if (m_count == 0) {
            m_bytes = 0; // ProcessQueue resets msgSize when msgCount reaches 0
            m_len = 0;
            m_start = 0;
            return size;
        }
        while (at(m_head) == 0) { // trim the front
            m_start = (m_start + 1) & (capacity() - 1);
            ++m_head;
            --m_len;
        }
        while (at(m_head + m_len - 1) == 0) { // trim the back
            --m_len;
        }
        return size;
    }

    //! Empties the cache and keeps its ring (the fast path refills it).
    void reset()
    {
        m_count = 0;
        m_bytes = 0;
        m_len = 0;
        m_start = 0;
    }

    void clear()
    {
        m_count = 0;
        m_bytes = 0;
        m_len = 0;
        m_start = 0;
        std::vector<quint32>().swap(m_ring);
    }

private:
    size_t capacity() const { return m_ring.size(); }
    quint32 &at(qint64 offset)
    {
        return m_ring[(m_start + size_t(offset - m_head)) & (capacity() - 1)];
    }
    quint32 at(qint64 offset) const
    {
        return m_ring[(m_start + size_t(offset - m_head)) & (capacity() - 1)];
    }

    void reserve(size_t needed)
    {
        if (needed <= capacity()) {
            return;
        }
        size_t cap = capacity() ? capacity() : 64;
        while (cap < needed) {
            cap *= 2;
        }
        std::vector<quint32> ring(cap, 0);
        for (size_t i = 0; i < m_len; ++i) {
            ring[i] = m_ring[(m_start + i) & (capacity() - 1)];
        }
        m_ring.swap(ring);
        m_start = 0;
    }
    void growBack(qint64 newLen)
    {
        reserve(size_t(newLen));
        for (size_t i = m_len; i < size_t(newLen); ++i) {
            m_ring[(m_start + i) & (capacity() - 1)] = 0;
        }
        m_len = size_t(newLen);
    }
    void growFront(qint64 by)
    {
        reserve(m_len + size_t(by));
        m_start = (m_start + capacity() - size_t(by)) & (capacity() - 1);
        for (size_t i = 0; i < size_t(by); ++i) {
            m_ring[(m_start + i) & (capacity() - 1)] = 0;
        }
        m_head -= by;
        m_len += size_t(by);
    }

    std::vector<quint32> m_ring; // power-of-two capacity
    size_t m_start = 0; // ring index of m_head
    size_t m_len = 0; // offsets covered, m_head … m_head + m_len - 1
    qint64 m_head = 0;
    qint64 m_count = 0;
    qint64 m_bytes = 0;
};

} // namespace Rblab
