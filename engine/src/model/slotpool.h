// SPDX-License-Identifier: Apache-2.0
// Reusable slots named by index plus a generation, for objects that events refer to.
#pragma once

#include <QtGlobal>

#include <vector>

namespace Rblab {

/*!
    A vector of slots reused through a free list. An event names a slot by its index and the
    generation it had when the event was scheduled: once the slot is freed and taken again its
    generation has moved on, and live(id, gen) tells the stale event to drop itself (as a
    RocketMQ response for an opaque nobody waits for any more is ignored).

    T has `quint32 gen` and `bool live`. take() resets the slot to T() with the next generation
    and live set; release() only puts the index back on the free list: the caller decides what
    a freed slot still says (PopEngine's requests bump their generation at once, its checkpoint
    records keep it so that a late ACK can still be recognised as late).
*/
template<typename T> class SlotPool
{
public:
    //! A free slot (the most recently freed one first), or a new one.
    quint32 take()
    {
        quint32 id;
        if (!m_free.empty()) {
            id = m_free.back();
            m_free.pop_back();
        } else {
            m_slots.emplace_back();
            id = quint32(m_slots.size() - 1);
        }
        T &slot = m_slots[id];
        const quint32 gen = slot.gen + 1;
        slot = T();
        slot.gen = gen;
        slot.live = true;
        return id;
    }
    void release(quint32 id) { m_free.push_back(id); }
    bool live(quint32 id, quint32 gen) const
    {
        return id < m_slots.size() && m_slots[id].live && m_slots[id].gen == gen;
    }
    bool contains(quint32 id) const { return id < m_slots.size(); }
    size_t size() const { return m_slots.size(); }
    T &operator[](quint32 id) { return m_slots[id]; }
    const T &operator[](quint32 id) const { return m_slots[id]; }
    auto begin() const { return m_slots.begin(); }
    auto end() const { return m_slots.end(); }

private:
    std::vector<T> m_slots;
    std::vector<quint32> m_free;
};

} // namespace Rblab
