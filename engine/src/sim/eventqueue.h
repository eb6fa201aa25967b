// SPDX-License-Identifier: Apache-2.0
// The simulation's agenda: a timing wheel of one-millisecond slots with an overflow heap.
#pragma once

#include "sim/simtime.h"

#include <QtGlobal>

#include <vector>

namespace Rblab {

/*!
    What happens at an instant. Sixteen bytes, no ownership: `target` and `arg` are indices and
    generation stamps that the handler checks (a stale event is ignored, never cancelled).
*/
struct Event
{
    quint8 kind = 0;
    quint8 flags = 0;
    quint16 small = 0;
    quint32 target = 0;
    quint64 arg = 0;
};
static_assert(sizeof(Event) == 16, "events are copied by the million; keep them small");

/*!
    Most events of a run are a few milliseconds ahead (a pull's round trip, a message's
    consumption), so a heap's log n per event is wasted: a wheel of 65,536 one-millisecond
    slots gives O(1) insertion and removal, and a bitmap finds the next busy slot quickly.
    Each slot is a FIFO list threaded through one pool of nodes (a freed node is reused first,
    while it is still in cache). Events beyond the wheel's horizon wait in a heap and move into
    the wheel when they come in range. Events of one millisecond run in the order they were
    scheduled, which makes a run deterministic without a sequence number per event.
*/
class EventQueue
{
public:
    EventQueue();

    SimTime now() const { return m_now; }
    //! Where the clock lives, for parts that read it on hot paths without knowing the world.
    const SimTime *clock() const { return &m_now; }

    //! Schedules at `at` (clamped to now: nothing is scheduled in the past).
    void schedule(SimTime at, const Event &event)
    {
        if (at < m_now) {
            at = m_now;
        }
        ++m_size;
        const quint64 seq = m_seq++;
        if (at - m_now < SimTime(kSlots)) {
            append(quint32(at) & kMask, event, seq);
        } else {
            scheduleFar(at, event, seq);
        }
    }

    /*!
        Every scheduling takes the next sequence number; events of one millisecond run in
        sequence order. Work kept outside the agenda (the engine's fast path, issue 12) takes its
        numbers here too, so that it can compare itself with the agenda's events (peek) and go
        back in at the place it would have had (insert).
    */
    quint64 takeSeq() { return m_seq++; }
    //! The number takeSeq gives next; a loop that takes many may count them itself and say
    //! where it got to (setNextSeq), nothing else scheduling meanwhile.
    quint64 nextSeq() const { return m_seq; }
    void setNextSeq(quint64 next)
    {
        Q_ASSERT(next >= m_seq);
        m_seq = next;
    }
    /*!
        The (time, sequence) of the next event due at or before `limit`, without taking it or
        moving the clock; false when there is none.
    */
    bool peek(SimTime limit, SimTime *at, quint64 *seq) const;
    //! Schedules an event under a sequence number taken earlier (takeSeq), at its place.
    void insert(SimTime at, quint64 seq, const Event &event);

    //! Takes the next event due at or before `limit`; advances the clock to its time.
    bool pop(SimTime limit, Event *event)
    {
        Slot &slot = m_slots[quint32(m_now) & kMask];
        if (slot.head != kNone && m_now <= limit) {
            const quint32 node = slot.head;
            Node &n = m_nodes[node];
            *event = n.event;
            slot.head = n.next;
            n.next = m_free;
            m_free = node;
            --m_size;
            return true;
        }
        return popSlow(limit, event);
    }

    //! The time of the next pending event, kNever when there is none.
    SimTime nextTime() const;
    //! Moves the clock to `t`; only valid when no event is due before `t`.
    void advanceTo(SimTime t);
    quint64 size() const { return m_size; }

private:
    static constexpr int kBits = 16;
    static constexpr quint32 kSlots = 1u << kBits;
    static constexpr quint32 kMask = kSlots - 1;
    static constexpr quint32 kWords = kSlots / 64;
    static constexpr quint32 kNone = 0xffffffffu;

    struct Node
    {
        Event event;
        quint64 seq;
        quint32 next;
    };
    struct Slot
    {
        quint32 head = kNone;
        quint32 tail = kNone;
    };
    struct Overflow
    {
        SimTime at;
        quint64 seq;
        Event event;
    };

    quint32 newNode(const Event &event, quint64 seq)
    {
        quint32 node = m_free;
        if (node != kNone) {
            m_free = m_nodes[node].next;
            m_nodes[node] = { event, seq, kNone };
        } else {
            node = quint32(m_nodes.size());
            m_nodes.push_back({ event, seq, kNone });
        }
        return node;
    }

    void append(quint32 slotIndex, const Event &event, quint64 seq)
    {
        const quint32 node = newNode(event, seq);
        Slot &slot = m_slots[slotIndex];
        if (slot.head == kNone) {
            slot.head = node;
            m_bits[slotIndex >> 6] |= quint64(1) << (slotIndex & 63);
            m_summary[slotIndex >> 12] |= quint64(1) << ((slotIndex >> 6) & 63);
        } else {
            m_nodes[slot.tail].next = node;
        }
        slot.tail = node;
    }

    void scheduleFar(SimTime at, const Event &event, quint64 seq);
    bool popSlow(SimTime limit, Event *event);
    void clearBit(quint32 slot);
    //! The first busy slot after the current one, in time order; kNever when the wheel is empty.
    SimTime nextWheelTime() const;
    void migrateOverflow();

    std::vector<Slot> m_slots;
    std::vector<Node> m_nodes;
    quint32 m_free = kNone;
    std::vector<quint64> m_bits;
    std::vector<quint64> m_summary;
    std::vector<Overflow> m_overflow; // min-heap by (at, seq)
    quint64 m_seq = 0;
    SimTime m_now = 0;
    quint64 m_size = 0;
};

} // namespace Rblab
