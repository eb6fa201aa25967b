// SPDX-License-Identifier: Apache-2.0
// BOUNDED_RENDEZVOUS: exact balance, agreement between members, and movement close to the lower
// bound (issue 9's targets: spread ≤ 1 always; moves ≤ 2× the lower bound on single joins and
// leaves over varied sizes, where AVG and AVG_BY_CIRCLE move several times the bound).
#include "strategytestsupport.h"

#include <allocation/movementbound.h>
#include <allocation/strategyscorer.h>

#include <QTest>

#include <algorithm>

using namespace Rblab;

class tst_BoundedRendezvousStrategy : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void nameAndArguments();
    void balanced_data();
    void balanced();
    void stateless();
    void sixteenQueuesEightToNine();
    void movementAgainstTheBound();

private:
    std::unique_ptr<AllocationStrategy> make(
        const QString &name = QStringLiteral("BOUNDED_RENDEZVOUS"));
    StrategyRegistry m_registry;
};

namespace {

QStringList clientIds(int count, int salt = 0)
{
    QStringList ids;
    for (int i = 0; i < count; ++i) {
        ids.append(QStringLiteral("10.0.%1.%2@%3").arg(i / 200).arg(i % 200 + salt).arg(4000 + i));
    }
    return TestSupport::sorted(ids);
}

// The owner of each queue in mqAll order, from the members' own answers.
QList<QString> owners(AllocationStrategy &s, const MessageQueueList &mqAll, const QStringList &cids)
{
    const GroupAllocateResult all = TestSupport::allocateEach(s, mqAll, cids);
    QList<QString> owner(mqAll.size());
    for (qsizetype i = 0; i < cids.size(); ++i) {
        for (const MessageQueue &mq : all.perConsumer.at(i)) {
            owner[mqAll.indexOf(mq)] = cids.at(i);
        }
    }
    return owner;
}

} // namespace

void tst_BoundedRendezvousStrategy::initTestCase()
{
    const QString problem = TestSupport::loadBuiltinRegistry(m_registry);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QVERIFY(m_registry.find(QStringLiteral("BOUNDED_RENDEZVOUS")));
}

std::unique_ptr<AllocationStrategy> tst_BoundedRendezvousStrategy::make(const QString &name)
{
    StrategyCreation c = m_registry.create(name, {});
    return std::move(c.strategy);
}

void tst_BoundedRendezvousStrategy::nameAndArguments()
{
    auto s = make();
    QVERIFY(s);
    QCOMPARE(s->name(), QStringLiteral("BOUNDED_RENDEZVOUS"));
    const MessageQueueList mqAll
        = TestSupport::makeQueues(QStringLiteral("T"), { { QStringLiteral("b"), 4 } });
    // AbstractAllocateMessageQueueStrategy.check, as for RocketMQ's strategies.
    QVERIFY(!s->allocate(QStringLiteral("g"), QString(), mqAll, { QStringLiteral("c") }).ok());
    QVERIFY(
        !s->allocate(QStringLiteral("g"), QStringLiteral("c"), {}, { QStringLiteral("c") }).ok());
    const AllocateResult absent
        = s->allocate(QStringLiteral("g"), QStringLiteral("x"), mqAll, { QStringLiteral("c") });
    QVERIFY(absent.ok());
    QCOMPARE(absent.queues.size(), 0);
}

void tst_BoundedRendezvousStrategy::balanced_data()
{
    QTest::addColumn<int>("queues");
    QTest::addColumn<int>("consumers");
    for (const auto &[q, n] :
        QList<std::pair<int, int>> { { 1, 1 }, { 1, 3 }, { 4, 3 }, { 8, 3 }, { 16, 9 }, { 16, 24 },
            { 64, 7 }, { 100, 16 }, { 128, 9 }, { 1000, 37 }, { 1024, 1000 }, { 4096, 300 } }) {
        QTest::addRow("%dq_%dc", q, n) << q << n;
    }
}

void tst_BoundedRendezvousStrategy::balanced()
{
    // Every consumer holds ⌊Q/N⌋ or ⌈Q/N⌉ and every queue is held exactly once, member by member.
    QFETCH(int, queues);
    QFETCH(int, consumers);
    auto s = make();
    QVERIFY(s);
    const MessageQueueList mqAll = TestSupport::makeQueues(QStringLiteral("TopicTest"),
        { { QStringLiteral("broker-a"), (queues + 1) / 2 },
            { QStringLiteral("broker-b"), queues / 2 } });
    const QStringList cids = clientIds(consumers);
    const GroupAllocateResult each = TestSupport::allocateEach(*s, mqAll, cids);
    QVERIFY2(each.ok(), qPrintable(each.error));
    QSet<MessageQueue> seen;
    qsizetype lo = mqAll.size();
    qsizetype hi = 0;
    for (const MessageQueueList &mine : each.perConsumer) {
        lo = std::min(lo, mine.size());
        hi = std::max(hi, mine.size());
        for (const MessageQueue &mq : mine) {
            QVERIFY2(!seen.contains(mq), qPrintable(mq.toString()));
            seen.insert(mq);
        }
    }
    QCOMPARE(seen.size(), mqAll.size());
    QCOMPARE(lo, qsizetype(queues / consumers));
    QCOMPARE(hi, qsizetype(queues / consumers + (queues % consumers ? 1 : 0)));
    // allocateAll is the same answer in one pass.
    const GroupAllocateResult all = s->allocateAll(QStringLiteral("g"), mqAll, cids);
    QVERIFY(all.ok());
    QCOMPARE(all.perConsumer, each.perConsumer);
}

void tst_BoundedRendezvousStrategy::stateless()
{
    // Two consumers that see the same lists agree, whatever they computed before (the cache
    // must not leak one membership's answer into another's).
    const MessageQueueList mqAll = TestSupport::makeQueues(
        QStringLiteral("T"), { { QStringLiteral("a"), 8 }, { QStringLiteral("b"), 8 } });
    const QStringList nine = clientIds(9);
    QStringList eight = nine;
    eight.removeAt(4);
    auto fresh = make();
    auto warm = make();
    QVERIFY(fresh && warm);
    warm->allocate(QStringLiteral("g"), eight.first(), mqAll, eight);
    warm->allocate(QStringLiteral("g"), nine.last(), mqAll.mid(0, 8), nine);
    for (const QString &cid : nine) {
        QCOMPARE(warm->allocate(QStringLiteral("g"), cid, mqAll, nine).queues,
            fresh->allocate(QStringLiteral("g"), cid, mqAll, nine).queues);
    }
}

void tst_BoundedRendezvousStrategy::sixteenQueuesEightToNine()
{
    // Issue 9's stakes: 16 queues, 8 → 9 consumers. A balanced assignment must move one queue
    // (6.2 %); AVG moves about 45 %. No stateless strategy reaches the bound every time: 7 of the
    // 9 consumers hold 2 queues, and a rule that cannot tell the newcomer from the others gives
    // it 2 with probability 7/9, which costs 2 moves, so 1.78 moves is the floor on average.
    // BOUNDED_RENDEZVOUS stays within 3 moves on average over 60 joins, AVG needs about 7.
    const MessageQueueList mqAll = TestSupport::makeQueues(QStringLiteral("TopicTest"),
        { { QStringLiteral("broker-a"), 8 }, { QStringLiteral("broker-b"), 8 } });
    auto br = make();
    auto avg = make(QStringLiteral("AVG"));
    QVERIFY(br && avg);
    qsizetype brMoves = 0;
    qsizetype avgMoves = 0;
    qsizetype bound = 0;
    for (int salt = 0; salt < 20; ++salt) {
        const QStringList nine = clientIds(9, salt * 7);
        for (int leaver = 0; leaver < 9; leaver += 4) {
            QStringList eight = nine;
            eight.removeAt(leaver);
            const QList<QString> before = owners(*br, mqAll, eight);
            QCOMPARE(MovementBound::lowerBound(before, nine), qsizetype(1));
            bound += 1;
            brMoves += MovementBound::moves(before, owners(*br, mqAll, nine));
            avgMoves += MovementBound::moves(owners(*avg, mqAll, eight), owners(*avg, mqAll, nine));
        }
    }
    QCOMPARE(bound, qsizetype(60));
    qInfo("16 queues, 8 → 9 consumers, 60 joins: BOUNDED_RENDEZVOUS %lld moves, AVG %lld",
        qlonglong(brMoves), qlonglong(avgMoves));
    QVERIFY2(brMoves <= 3 * bound, qPrintable(QStringLiteral("%1 moves").arg(brMoves)));
    QVERIFY2(avgMoves > 2 * brMoves,
        qPrintable(QStringLiteral("AVG %1, BOUNDED_RENDEZVOUS %2").arg(avgMoves).arg(brMoves)));
}

void tst_BoundedRendezvousStrategy::movementAgainstTheBound()
{
    // The generated traces of score-strategy (sizes up to 10^6 queues × consumers here).
    StrategyScorer::Options options;
    options.samplesPerSize = 1;
    options.maxPairs = 1'000'000;
    const QList<ScoreTrace> traces = StrategyScorer::defaultTraces(options);
    QVERIFY(traces.size() > 200);
    auto br = make();
    auto avg = make(QStringLiteral("AVG"));
    QVERIFY(br && avg);
    const StrategyScore s = StrategyScorer::score(*br, traces);
    const StrategyScore a = StrategyScorer::score(*avg, traces);
    QVERIFY2(s.error.isNull(), qPrintable(s.error));
    QCOMPARE(s.partitionViolations, qsizetype(0));
    QCOMPARE(s.maxSpread, qsizetype(1));
    QCOMPARE(s.idleConsumers, qsizetype(0));
    QVERIFY(s.movement.changes > 300);
    const auto figures = QStringLiteral("BOUNDED_RENDEZVOUS: %1× (mean %2×), AVG: %3× (mean %4×)")
                             .arg(s.movement.ratio())
                             .arg(s.movement.meanChangeRatio())
                             .arg(a.movement.ratio())
                             .arg(a.movement.meanChangeRatio());
    qInfo().noquote() << figures;
    QVERIFY2(s.joins.ratio() <= 2.0 && s.leaves.ratio() <= 2.0, qPrintable(figures));
    QVERIFY2(s.movement.meanChangeRatio() <= 2.0, qPrintable(figures));
    QVERIFY2(a.movement.ratio() > 2 * s.movement.ratio(), qPrintable(figures));
}

QTEST_GUILESS_MAIN(tst_BoundedRendezvousStrategy)
#include "tst_boundedrendezvousstrategy.moc"
