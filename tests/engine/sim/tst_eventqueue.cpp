// SPDX-License-Identifier: Apache-2.0
// The agenda (sim/eventqueue): a timing wheel with an overflow heap must behave exactly like a
// priority queue ordered by (time, order of scheduling) — including events beyond the wheel's
// 65,536 ms horizon, events scheduled in the past (clamped to now), pops bounded by a limit, and
// advanceTo between events. A run's determinism rests on the same-millisecond FIFO order.
#include <sim/eventqueue.h>

#include <QRandomGenerator>
#include <QTest>

#include <queue>
#include <vector>

using namespace Rblab;

namespace {

constexpr SimTime kHorizon = 65536;

//! The reference: a binary heap of (time, sequence), what the wheel must be equivalent to.
class ReferenceQueue
{
public:
    void schedule(SimTime now, SimTime at, quint64 id)
    {
        m_heap.push({ std::max(at, now), m_seq++, id });
    }
    bool empty() const { return m_heap.empty(); }
    size_t size() const { return m_heap.size(); }
    SimTime nextTime() const { return m_heap.empty() ? kNever : m_heap.top().at; }
    bool pop(SimTime limit, SimTime *at, quint64 *id)
    {
        if (m_heap.empty() || m_heap.top().at > limit) {
            return false;
        }
        *at = m_heap.top().at;
        *id = m_heap.top().id;
        m_heap.pop();
        return true;
    }

private:
    struct Entry
    {
        SimTime at;
        quint64 seq;
        quint64 id;
        bool operator<(const Entry &o) const { return at != o.at ? at > o.at : seq > o.seq; }
    };
    std::priority_queue<Entry> m_heap;
    quint64 m_seq = 0;
};

Event eventWithId(quint64 id)
{
    Event e;
    e.kind = quint8(id % 7);
    e.small = quint16(id % 65521);
    e.target = quint32(id * 31);
    e.arg = id;
    return e;
}

} // namespace

class tst_EventQueue : public QObject
{
    Q_OBJECT

private slots:
    void empty();
    void sameMillisecondIsFifo_data();
    void sameMillisecondIsFifo();
    void farEventsKeepTheirOrderWithNearOnes();
    void pastIsClampedToNow();
    void popStopsAtTheLimit();
    void matchesAReferenceQueue_data();
    void matchesAReferenceQueue();
};

void tst_EventQueue::empty()
{
    EventQueue q;
    QCOMPARE(q.now(), SimTime(0));
    QCOMPARE(q.size(), quint64(0));
    QCOMPARE(q.nextTime(), kNever);
    Event e;
    QVERIFY(!q.pop(kNever, &e));
    q.advanceTo(5 * kHorizon + 3);
    QCOMPARE(q.now(), 5 * kHorizon + 3);
    QVERIFY(!q.pop(kNever, &e));
}

void tst_EventQueue::sameMillisecondIsFifo_data()
{
    QTest::addColumn<SimTime>("delay");
    QTest::newRow("now") << SimTime(0);
    QTest::newRow("next ms") << SimTime(1);
    QTest::newRow("last slot of the wheel") << kHorizon - 1;
    QTest::newRow("first beyond the wheel") << kHorizon;
    QTest::newRow("far beyond") << 7 * kHorizon + 12345;
}

void tst_EventQueue::sameMillisecondIsFifo()
{
    QFETCH(SimTime, delay);
    EventQueue q;
    q.advanceTo(1000);
    for (quint64 id = 0; id < 500; ++id) {
        q.schedule(1000 + delay, eventWithId(id));
    }
    QCOMPARE(q.size(), quint64(500));
    QCOMPARE(q.nextTime(), 1000 + delay);
    for (quint64 id = 0; id < 500; ++id) {
        Event e;
        QVERIFY(q.pop(kNever, &e));
        QCOMPARE(e.arg, id);
        QCOMPARE(e.target, quint32(id * 31));
        QCOMPARE(q.now(), 1000 + delay);
    }
    QCOMPARE(q.size(), quint64(0));
}

void tst_EventQueue::farEventsKeepTheirOrderWithNearOnes()
{
    // Scheduled beyond the horizon first, they wait in the heap; events of the same millisecond
    // scheduled once it is within reach must still come after them.
    EventQueue q;
    const SimTime target = 3 * kHorizon + 77;
    q.schedule(target, eventWithId(1));
    q.schedule(target, eventWithId(2));
    // Walk the clock towards it with events on the way (each pop may migrate the far ones).
    quint64 id = 100;
    for (SimTime t = 1000; t < target; t += 997) {
        q.schedule(t, eventWithId(id++));
    }
    Event e;
    quint64 passed = 0;
    while (q.nextTime() < target - 5) {
        QVERIFY(q.pop(kNever, &e));
        ++passed;
    }
    QCOMPARE(passed, id - 100);
    q.schedule(target, eventWithId(3)); // now within the wheel
    q.schedule(target, eventWithId(4));
    for (quint64 expected : { 1, 2, 3, 4 }) {
        QVERIFY(q.pop(kNever, &e));
        QCOMPARE(e.arg, expected);
        QCOMPARE(q.now(), target);
    }
    QVERIFY(!q.pop(kNever, &e));
}

void tst_EventQueue::pastIsClampedToNow()
{
    EventQueue q;
    q.advanceTo(50000);
    q.schedule(49000, eventWithId(1));
    q.schedule(50000, eventWithId(2));
    q.schedule(-5, eventWithId(3));
    QCOMPARE(q.nextTime(), SimTime(50000));
    Event e;
    for (quint64 expected : { 1, 2, 3 }) {
        QVERIFY(q.pop(50000, &e));
        QCOMPARE(e.arg, expected);
        QCOMPARE(q.now(), SimTime(50000));
    }
}

void tst_EventQueue::popStopsAtTheLimit()
{
    EventQueue q;
    q.schedule(10, eventWithId(1));
    q.schedule(20, eventWithId(2));
    q.schedule(20 + 2 * kHorizon, eventWithId(3));
    Event e;
    QVERIFY(q.pop(15, &e));
    QCOMPARE(e.arg, quint64(1));
    QVERIFY(!q.pop(15, &e));
    QVERIFY(!q.pop(19, &e));
    QCOMPARE(q.nextTime(), SimTime(20));
    q.advanceTo(19); // nothing due before 19: the clock may move there
    QCOMPARE(q.now(), SimTime(19));
    QVERIFY(q.pop(20, &e));
    QCOMPARE(e.arg, quint64(2));
    QVERIFY(!q.pop(20 + 2 * kHorizon - 1, &e));
    QCOMPARE(q.nextTime(), 20 + 2 * kHorizon);
    QVERIFY(q.pop(kNever, &e));
    QCOMPARE(e.arg, quint64(3));
    QCOMPARE(q.now(), 20 + 2 * kHorizon);
}

void tst_EventQueue::matchesAReferenceQueue_data()
{
    QTest::addColumn<quint32>("seed");
    QTest::addColumn<int>("operations");
    for (quint32 seed : { 1u, 2u, 3u, 20260101u, 4242u }) {
        QTest::addRow("seed %u", seed) << seed << 200000;
    }
}

void tst_EventQueue::matchesAReferenceQueue()
{
    QFETCH(quint32, seed);
    QFETCH(int, operations);
    QRandomGenerator random(seed);
    EventQueue q;
    ReferenceQueue ref;
    quint64 nextId = 0;
    quint64 popped = 0;
    quint64 far = 0;
    // Delays the engine uses (a latency, a round trip, 50 ms, 500 ms, 1 s, 15–20 s, 2 h delay
    // levels) and the wheel's edges.
    const SimTime special[] = { 0, 1, 2, 50, 500, 1000, 15000, 20000, kHorizon - 2, kHorizon - 1,
        kHorizon, kHorizon + 1, 2 * kHorizon, 120000, 7200000 };
    for (int op = 0; op < operations; ++op) {
        const int kind = int(random.bounded(100));
        if (kind < 55) {
            SimTime delay;
            const int shape = int(random.bounded(10));
            if (shape < 4) {
                delay = SimTime(random.bounded(8));
            } else if (shape < 7) {
                delay = SimTime(random.bounded(6000));
            } else if (shape < 9) {
                delay = special[random.bounded(int(std::size(special)))];
            } else {
                delay = SimTime(random.bounded(400000)) - 1000; // some in the past
            }
            far += delay >= kHorizon ? 1 : 0;
            const SimTime at = q.now() + delay;
            q.schedule(at, eventWithId(nextId));
            ref.schedule(q.now(), at, nextId);
            ++nextId;
        } else if (kind < 95) {
            const SimTime limit
                = random.bounded(4) == 0 ? q.now() + SimTime(random.bounded(3000)) : kNever;
            Event e;
            SimTime refAt = 0;
            quint64 refId = 0;
            const bool got = q.pop(limit, &e);
            const bool refGot = ref.pop(limit, &refAt, &refId);
            QCOMPARE(got, refGot);
            if (got) {
                ++popped;
                QCOMPARE(e.arg, refId);
                QCOMPARE(e.target, quint32(refId * 31));
                QCOMPARE(e.kind, quint8(refId % 7));
                QCOMPARE(q.now(), refAt);
            }
        } else {
            // Move the clock to somewhere before the next event (as Simulation::runUntil does).
            const SimTime next = ref.nextTime();
            const SimTime t = next == kNever
                ? q.now() + SimTime(random.bounded(200000))
                : q.now() + SimTime(random.bounded(quint32(next - q.now() + 1)));
            const SimTime before = q.now();
            q.advanceTo(t);
            QCOMPARE(q.now(), std::max(t, before));
        }
        QCOMPARE(q.size(), quint64(ref.size()));
        QCOMPARE(q.nextTime(), ref.nextTime());
    }
    // Drain.
    Event e;
    SimTime refAt = 0;
    quint64 refId = 0;
    while (ref.pop(kNever, &refAt, &refId)) {
        QVERIFY(q.pop(kNever, &e));
        QCOMPARE(e.arg, refId);
        QCOMPARE(q.now(), refAt);
        ++popped;
    }
    QVERIFY(!q.pop(kNever, &e));
    QCOMPARE(popped, nextId);
    QVERIFY(far > 1000); // the overflow heap was exercised
}

QTEST_GUILESS_MAIN(tst_EventQueue)
#include "tst_eventqueue.moc"
