// SPDX-License-Identifier: Apache-2.0
// An append-only vector whose elements never move.
#pragma once

#include <QtGlobal>

#include <memory>
#include <vector>

namespace Rblab {

/*!
    Append-only storage with stable element addresses and O(1) indexing by two loads: elements
    live in fixed chunks, so appending never moves them (a std::vector would, invalidating the
    references the engine holds across coroutine suspensions) and indexing costs no division
    (std::deque's does). The engine keeps its process queues here, looked up on every event.
*/
template<typename T, int ChunkBits = 10> class ChunkedVector
{
public:
    static constexpr size_t kChunk = size_t(1) << ChunkBits;

    size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }

    T &operator[](size_t i) { return m_chunks[i >> ChunkBits][i & (kChunk - 1)]; }
    const T &operator[](size_t i) const { return m_chunks[i >> ChunkBits][i & (kChunk - 1)]; }

    T &push_back(T value)
    {
        if ((m_size >> ChunkBits) >= m_chunks.size()) {
            m_chunks.push_back(std::make_unique<T[]>(kChunk));
        }
        T &slot = (*this)[m_size++];
        slot = std::move(value);
        return slot;
    }

    T &back() { return (*this)[m_size - 1]; }

    template<typename V, typename Owner> class Iterator
    {
    public:
        Iterator(Owner *owner, size_t i) : m_owner(owner), m_i(i) { }
        V &operator*() const { return (*m_owner)[m_i]; }
        V *operator->() const { return &(*m_owner)[m_i]; }
        Iterator &operator++()
        {
            ++m_i;
            return *this;
        }
        bool operator==(const Iterator &o) const { return m_i == o.m_i; }
        bool operator!=(const Iterator &o) const { return m_i != o.m_i; }

    private:
        Owner *m_owner;
        size_t m_i;
    };
    using iterator = Iterator<T, ChunkedVector>;
    using const_iterator = Iterator<const T, const ChunkedVector>;
    iterator begin() { return iterator(this, 0); }
    iterator end() { return iterator(this, m_size); }
    const_iterator begin() const { return const_iterator(this, 0); }
    const_iterator end() const { return const_iterator(this, m_size); }

private:
    std::vector<std::unique_ptr<T[]>> m_chunks;
    size_t m_size = 0;
};

} // namespace Rblab
