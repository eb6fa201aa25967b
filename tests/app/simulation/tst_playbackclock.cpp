// SPDX-License-Identifier: Apache-2.0
// PlaybackClock: wall time × speed in whole ms, the fraction carried, a cap that drops the rest
// (the play/pause clock ObservedPlayer and CompareSession share).
#include <simulation/playbackclock.h>

#include <QSignalSpy>
#include <QTest>

using namespace Rblab;

class tst_PlaybackClock : public QObject
{
    Q_OBJECT

private slots:
    void advance_data();
    void advance();
    void restartDropsTheCarry();
    void ticksOnlyWhileRunning();
};

void tst_PlaybackClock::advance_data()
{
    QTest::addColumn<double>("speed");
    QTest::addColumn<qint64>("limit");
    QTest::addColumn<QList<qint64>>("walls"); // ms since the start, at each tick
    QTest::addColumn<QList<qint64>>("steps");
    const qint64 none = std::numeric_limits<SimTime>::max();
    QTest::newRow("1x") << 1.0 << none << QList<qint64> { 33, 66, 100 }
                        << QList<qint64> { 33, 33, 34 };
    // 0.5 ms a tick: nothing, then the carried halves make 1 ms.
    QTest::newRow("0.25x") << 0.25 << none << QList<qint64> { 2, 4, 6, 8 }
                           << QList<qint64> { 0, 1, 0, 1 };
    QTest::newRow("1.5x") << 1.5 << none << QList<qint64> { 1, 2, 3, 5 }
                          << QList<qint64> { 1, 2, 1, 3 };
    // CompareSession's step limit: beyond it is dropped, not carried.
    QTest::newRow("1000x capped") << 1000.0 << qint64(10'000) << QList<qint64> { 33, 34, 40 }
                                  << QList<qint64> { 10'000, 1000, 6000 };
    QTest::newRow("a tick with no wall time")
        << 2.0 << none << QList<qint64> { 0, 0, 10 } << QList<qint64> { 0, 0, 20 };
}

void tst_PlaybackClock::advance()
{
    QFETCH(double, speed);
    QFETCH(qint64, limit);
    QFETCH(QList<qint64>, walls);
    QFETCH(QList<qint64>, steps);
    PlaybackClock clock;
    clock.setSpeed(speed);
    QCOMPARE(clock.speed(), speed);
    QList<qint64> got;
    for (qint64 wall : walls) {
        got.append(clock.advanceTo(wall, limit));
    }
    QCOMPARE(got, steps);
}

void tst_PlaybackClock::restartDropsTheCarry()
{
    PlaybackClock clock;
    clock.setSpeed(1.5);
    QCOMPARE(clock.advanceTo(1), SimTime(1)); // 0.5 carried
    clock.setRunning(true); // wall time from now, nothing carried
    clock.setRunning(false);
    QCOMPARE(clock.advanceTo(1), SimTime(1));
    QCOMPARE(clock.advanceTo(2), SimTime(2)); // the carry of the tick before
}

void tst_PlaybackClock::ticksOnlyWhileRunning()
{
    PlaybackClock clock;
    QSignalSpy ticks(&clock, &PlaybackClock::tick);
    QVERIFY(!clock.isRunning());
    clock.setRunning(true);
    QVERIFY(clock.isRunning());
    QVERIFY(ticks.wait(2000));
    clock.setRunning(false);
    QVERIFY(!clock.isRunning());
    const qsizetype seen = ticks.size();
    QTest::qWait(3 * PlaybackClock::kTickMs);
    QCOMPARE(ticks.size(), seen);
}

QTEST_MAIN(tst_PlaybackClock)
#include "tst_playbackclock.moc"
