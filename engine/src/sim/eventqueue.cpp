// SPDX-License-Identifier: Apache-2.0
#include "sim/eventqueue.h"

#include <algorithm>
#include <bit>

namespace Rblab {

namespace {

struct OverflowLater
{
    template<typename T> bool operator()(const T &a, const T &b) const
    {
        return a.at != b.at ? a.at > b.at : a.seq > b.seq;
    }
};

} // namespace

EventQueue::EventQueue() : m_slots(kSlots), m_bits(kWords, 0), m_summary(kWords / 64, 0)
{
    m_nodes.reserve(4096);
}

void EventQueue::clearBit(quint32 slot)
{
    quint64 &word = m_bits[slot >> 6];
    word &= ~(quint64(1) << (slot & 63));
    if (word == 0) {
        m_summary[slot >> 12] &= ~(quint64(1) << ((slot >> 6) & 63));
    }
}

void EventQueue::scheduleFar(SimTime at, const Event &event, quint64 seq)
{
    m_overflow.push_back({ at, seq, event });
    std::push_heap(m_overflow.begin(), m_overflow.end(), OverflowLater());
}

bool EventQueue::peek(SimTime limit, SimTime *at, quint64 *seq) const
{
    const SimTime next = nextTime();
    if (next == kNever || next > limit) {
        return false;
    }
    *at = next;
    const quint32 head = m_slots[quint32(next) & kMask].head;
    if (next - m_now < SimTime(kSlots) && head != kNone) {
        // The wheel's slot of that time holds its events in sequence order; an overflow event of
        // the same time cannot exist (it would have moved in when the time came in range).
        *seq = m_nodes[head].seq;
    } else {
        *seq = m_overflow.front().seq;
    }
    return true;
}

void EventQueue::insert(SimTime at, quint64 seq, const Event &event)
{
    Q_ASSERT(at >= m_now);
    ++m_size;
    if (at - m_now >= SimTime(kSlots)) {
        scheduleFar(at, event, seq);
        return;
    }
    const quint32 slotIndex = quint32(at) & kMask;
    Slot &slot = m_slots[slotIndex];
    if (slot.head == kNone || m_nodes[slot.tail].seq < seq) {
        append(slotIndex, event, seq);
        return;
    }
    const quint32 node = newNode(event, seq);
    if (m_nodes[slot.head].seq > seq) {
        m_nodes[node].next = slot.head;
        slot.head = node;
        return;
    }
    quint32 before = slot.head;
    while (m_nodes[m_nodes[before].next].seq < seq) {
        before = m_nodes[before].next;
    }
    m_nodes[node].next = m_nodes[before].next;
    m_nodes[before].next = node;
}

SimTime EventQueue::nextWheelTime() const
{
    // The first busy slot after the current one, in time order: scan the words of the wheel
    // cyclically from the current slot, skipping groups of 64 empty words by the summary. The
    // current slot itself never counts (it is being consumed, or exhausted).
    const quint32 current = quint32(m_now) & kMask;
    const quint32 currentWord = current >> 6;
    const quint64 currentBit = quint64(1) << (current & 63);
    const quint32 start = (current + 1) & kMask;
    const quint32 startWord = start >> 6;
    for (quint32 k = 0; k <= kWords;) {
        const quint32 w = (startWord + k) & (kWords - 1);
        if ((w & 63) == 0 && k != 0 && m_summary[w >> 6] == 0) {
            k += 64; // a whole empty group
            continue;
        }
        quint64 bits = m_bits[w];
        if (w == currentWord) {
            bits &= ~currentBit;
        }
        if (k == 0) {
            bits &= ~quint64(0) << (start & 63); // only slots at or after start in the first word
        } else if (k == kWords) {
            bits &= (start & 63) ? ~(~quint64(0) << (start & 63)) : 0; // wrapped: only before start
        }
        if (bits) {
            const quint32 slot = (w << 6) | quint32(std::countr_zero(bits));
            return m_now + SimTime((slot - current) & kMask);
        }
        ++k;
    }
    return kNever;
}

SimTime EventQueue::nextTime() const
{
    if (m_slots[quint32(m_now) & kMask].head != kNone) {
        return m_now;
    }
    SimTime next = nextWheelTime();
    if (!m_overflow.empty()) {
        next = std::min(next, m_overflow.front().at);
    }
    return next;
}

void EventQueue::migrateOverflow()
{
    // Every overflow event is at least a wheel's turn away from the clock; those now in range
    // go to their slots, which cannot hold events of their time yet, in (time, seq) order.
    while (!m_overflow.empty() && m_overflow.front().at - m_now < SimTime(kSlots)) {
        std::pop_heap(m_overflow.begin(), m_overflow.end(), OverflowLater());
        const Overflow o = m_overflow.back();
        m_overflow.pop_back();
        append(quint32(o.at) & kMask, o.event, o.seq);
    }
}

void EventQueue::advanceTo(SimTime t)
{
    if (t <= m_now) {
        return;
    }
    const quint32 current = quint32(m_now) & kMask;
    if (m_slots[current].head == kNone) {
        clearBit(current);
    }
    m_now = t;
    migrateOverflow();
}

bool EventQueue::popSlow(SimTime limit, Event *event)
{
    for (;;) {
        const quint32 current = quint32(m_now) & kMask;
        Slot &slot = m_slots[current];
        if (slot.head != kNone) {
            if (m_now > limit) {
                return false;
            }
            return pop(limit, event);
        }
        clearBit(current);
        SimTime next = nextWheelTime();
        if (!m_overflow.empty()) {
            next = std::min(next, m_overflow.front().at);
        }
        if (next == kNever || next > limit) {
            return false;
        }
        m_now = next;
        migrateOverflow();
    }
}

} // namespace Rblab
