// SPDX-License-Identifier: Apache-2.0
// ProcessQueue and its message cache (spec §4): putMessage counts only new offsets and says when
// an orderly queue must be dispatched; removeMessage returns the offset to commit (the smallest
// offset still cached, or one past the last pulled one when the cache is empty, −1 when it was
// empty already); the span; orderly takeMessages, commit and rollback. The ring-buffer cache is
// checked against a std::map, which is what RocketMQ's TreeMap is.
#include <model/processqueue.h>

#include <QRandomGenerator>
#include <QTest>

#include <map>

using namespace Rblab;

namespace {

constexpr quint32 kSize = 100;

quint32 sizeOf(qint64 offset)
{
    return quint32(100 + offset % 17);
}

void put(ProcessQueue &pq, qint64 begin, qint64 end, bool *dispatch = nullptr)
{
    const bool d = pq.putMessages(begin, end, [](qint64 o) { return sizeOf(o); });
    if (dispatch) {
        *dispatch = d;
    }
}

qint64 bytes(qint64 begin, qint64 end)
{
    qint64 b = 0;
    for (qint64 o = begin; o < end; ++o) {
        b += sizeOf(o);
    }
    return b;
}

} // namespace

class tst_ProcessQueue : public QObject
{
    Q_OBJECT

private slots:
    void removeMessageCommitsTheSmallestCachedOffset();
    void removeMessageOfAnEmptyCache();
    void putCountsOnlyNewOffsets();
    void spanIsLastMinusFirst();
    void dispatchOnlyWhenIdle();
    void orderlyTakeCommitRollback();
    void cacheMatchesATreeMap_data();
    void cacheMatchesATreeMap();
};

void tst_ProcessQueue::removeMessageCommitsTheSmallestCachedOffset()
{
    ProcessQueue pq;
    put(pq, 100, 110);
    QCOMPARE(pq.msgCount(), qint64(10));
    QCOMPARE(pq.msgSize(), bytes(100, 110));
    QCOMPARE(pq.queueOffsetMax, qint64(109));
    // Consumed out of order (twenty threads): the commit stays at the smallest still cached.
    QCOMPARE(pq.removeMessages(103, 105, 1), qint64(100));
    QCOMPARE(pq.removeOne(105, 2), qint64(100));
    QCOMPARE(pq.msgCount(), qint64(7));
    QCOMPARE(pq.msgSize(), bytes(100, 110) - bytes(103, 106));
    QCOMPARE(pq.removeOne(100, 3), qint64(101));
    QCOMPARE(pq.removeMessages(101, 103, 4), qint64(106)); // 103–105 are gone already
    QCOMPARE(pq.lastConsumeTimestamp, SimTime(4));
    QCOMPARE(pq.removeMessages(106, 109, 5), qint64(109));
    // The last one: one past the last pulled message.
    QCOMPARE(pq.removeOne(109, 6), qint64(110));
    QCOMPARE(pq.msgCount(), qint64(0));
    QCOMPARE(pq.msgSize(), qint64(0));
    // Removing what is not cached changes nothing.
    put(pq, 110, 112);
    QCOMPARE(pq.removeOne(50, 7), qint64(110));
    QCOMPARE(pq.msgCount(), qint64(2));
}

void tst_ProcessQueue::removeMessageOfAnEmptyCache()
{
    ProcessQueue pq;
    QCOMPARE(pq.removeMessages(0, 5, 9), qint64(-1));
    QCOMPARE(pq.lastConsumeTimestamp, SimTime(9)); // set even then
    put(pq, 0, 1);
    QCOMPARE(pq.removeOne(0, 10), qint64(1));
    QCOMPARE(pq.removeOne(0, 11), qint64(-1));
}

void tst_ProcessQueue::putCountsOnlyNewOffsets()
{
    ProcessQueue pq;
    put(pq, 10, 20);
    put(pq, 15, 25); // a re-pull overlapping what is cached
    QCOMPARE(pq.msgCount(), qint64(15));
    QCOMPARE(pq.msgSize(), bytes(10, 25));
    QCOMPARE(pq.queueOffsetMax, qint64(24));
    // queueOffsetMax is the last newly inserted offset, not the largest one.
    put(pq, 5, 8);
    QCOMPARE(pq.queueOffsetMax, qint64(7));
    QCOMPARE(pq.msgCount(), qint64(18));
    put(pq, 20, 22);
    QCOMPARE(pq.queueOffsetMax, qint64(7));
}

void tst_ProcessQueue::spanIsLastMinusFirst()
{
    ProcessQueue pq;
    QCOMPARE(pq.maxSpan(), qint64(0));
    put(pq, 1000, 1032);
    QCOMPARE(pq.maxSpan(), qint64(31));
    pq.removeMessages(1001, 1032, 0); // a stalled message stays first
    QCOMPARE(pq.maxSpan(), qint64(0));
    put(pq, 1032, 1064);
    QCOMPARE(pq.maxSpan(), qint64(63));
    pq.removeMessages(1032, 1063, 0);
    QCOMPARE(pq.maxSpan(), qint64(63)); // 1000 … 1063
    pq.removeOne(1000, 0);
    QCOMPARE(pq.maxSpan(), qint64(0));
    QCOMPARE(pq.msgCount(), qint64(1));
}

void tst_ProcessQueue::dispatchOnlyWhenIdle()
{
    // putMessage: dispatch (submit an orderly ConsumeRequest) when the map is non-empty and no
    // request is consuming; takeMessages finding nothing ends the request (consuming = false).
    ProcessQueue pq;
    bool dispatch = false;
    put(pq, 0, 0, &dispatch);
    QVERIFY(!dispatch);
    put(pq, 0, 4, &dispatch);
    QVERIFY(dispatch);
    QVERIFY(pq.consuming);
    put(pq, 4, 8, &dispatch);
    QVERIFY(!dispatch);
    QCOMPARE(pq.takeMessages(100, 1), qsizetype(8));
    pq.commit();
    QCOMPARE(pq.takeMessages(1, 2), qsizetype(0));
    QVERIFY(!pq.consuming);
    put(pq, 8, 9, &dispatch);
    QVERIFY(dispatch);
}

void tst_ProcessQueue::orderlyTakeCommitRollback()
{
    ProcessQueue pq;
    put(pq, 0, 10);
    QCOMPARE(pq.takeMessages(3, 5), qsizetype(3));
    QCOMPARE(pq.lastConsumeTimestamp, SimTime(5));
    // In flight, the messages still count in msgCount and msgSize (consumingMsgOrderlyTreeMap).
    QCOMPARE(pq.msgCount(), qint64(10));
    QCOMPARE(pq.msgSize(), bytes(0, 10));
    QCOMPARE(pq.cache.firstKey(), qint64(3));
    // rollback: back into the cache, in order.
    pq.rollback();
    QVERIFY(pq.consumingOrderly.empty());
    QCOMPARE(pq.cache.firstKey(), qint64(0));
    QCOMPARE(pq.msgCount(), qint64(10));
    QCOMPARE(pq.takeMessages(4, 6), qsizetype(4));
    // commit: last in flight + 1, and they are gone.
    QCOMPARE(pq.commit(), qint64(4));
    QCOMPARE(pq.msgCount(), qint64(6));
    QCOMPARE(pq.msgSize(), bytes(4, 10));
    QCOMPARE(pq.commit(), qint64(-1));
    QCOMPARE(pq.takeMessages(100, 7), qsizetype(6));
    QCOMPARE(pq.commit(), qint64(10));
    QCOMPARE(pq.msgCount(), qint64(0));
    QCOMPARE(pq.msgSize(), qint64(0));
}

void tst_ProcessQueue::cacheMatchesATreeMap_data()
{
    QTest::addColumn<quint32>("seed");
    for (quint32 seed : { 7u, 8u, 9u, 1234u }) {
        QTest::addRow("seed %u", seed) << seed;
    }
}

void tst_ProcessQueue::cacheMatchesATreeMap()
{
    QFETCH(quint32, seed);
    QRandomGenerator random(seed);
    MessageCache cache;
    std::map<qint64, quint32> ref; // msgTreeMap
    qint64 refBytes = 0;
    qint64 next = 1000000; // the next offset a pull brings
    for (int op = 0; op < 100000; ++op) {
        const int kind = int(random.bounded(100));
        if (kind < 30) {
            // A pull: up to 32 consecutive offsets after the last one.
            const qint64 n = 1 + random.bounded(32);
            for (qint64 o = next; o < next + n; ++o) {
                const quint32 size = kSize + quint32(o % 13);
                const bool fresh = ref.emplace(o, size).second;
                refBytes += fresh ? size : 0;
                QCOMPARE(cache.insert(o, size), fresh);
            }
            next += n;
        } else if (kind < 35 && !ref.empty()) {
            // Re-inserting below the head (a rollback, a re-pull): the ring grows at the front.
            const qint64 o = ref.begin()->first - 1 - qint64(random.bounded(40));
            const quint32 size = kSize + quint32(o % 13);
            const bool fresh = ref.emplace(o, size).second;
            refBytes += fresh ? size : 0;
            QCOMPARE(cache.insert(o, size), fresh);
        } else if (!ref.empty()) {
            // Consumption, mostly near the front.
            auto it = ref.begin();
            std::advance(it,
                qint64(random.bounded(
                    quint32(std::min<size_t>(ref.size(), random.bounded(2) ? 4 : 300)))));
            const qint64 o
                = random.bounded(10) == 0 ? it->first + 1000 : it->first; // sometimes absent
            const auto found = ref.find(o);
            const quint32 expected = found == ref.end() ? 0 : found->second;
            if (found != ref.end()) {
                refBytes -= found->second;
                ref.erase(found);
            }
            QCOMPARE(cache.remove(o), expected);
        }
        if (ref.empty()) {
            refBytes = 0; // ProcessQueue resets msgSize when msgCount reaches 0
        }
        QCOMPARE(cache.count(), qint64(ref.size()));
        QCOMPARE(cache.bytes(), refBytes);
        QCOMPARE(cache.empty(), ref.empty());
        if (!ref.empty()) {
            QCOMPARE(cache.firstKey(), ref.begin()->first);
            QCOMPARE(cache.lastKey(), ref.rbegin()->first);
            QCOMPARE(cache.maxSpan(), ref.rbegin()->first - ref.begin()->first);
            const qint64 probe = ref.begin()->first + qint64(random.bounded(64));
            QCOMPARE(cache.contains(probe), ref.count(probe) == 1);
            QCOMPARE(cache.sizeAt(probe), ref.count(probe) ? ref.at(probe) : 0u);
        } else {
            QCOMPARE(cache.maxSpan(), qint64(0));
        }
    }
}

QTEST_GUILESS_MAIN(tst_ProcessQueue)
#include "tst_processqueue.moc"
