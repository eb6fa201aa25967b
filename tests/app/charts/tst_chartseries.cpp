// SPDX-License-Identifier: Apache-2.0
// The charts' time series: derived from samples once, decimated to the pixels on screen.
#include <charts/chartseries.h>
#include <charts/thresholdnote.h>

#include <run/samplehistory.h>

#include <QTest>

using namespace Rblab;

class tst_ChartSeries : public QObject
{
    Q_OBJECT

private slots:
    void derivesColumnsFromSamples();
    void decimationKeepsSpikes();
    void smallRangesAreNotDecimated();
    void thresholdLineFromAQuarter_data();
    void thresholdLineFromAQuarter();
    void followsTheEnginesBoundedWindow();
    void foldedSamplesDrawAsWholeOnes_data();
    void foldedSamplesDrawAsWholeOnes();
    void groupInViewHasItsOwnColumns();
    void columnsCoverEachConsumersLife();
    void popColumns_data();
    void popColumns();
};

namespace {

Sample sample(SimTime t, qint64 cacheOfQueue0, qint64 holds)
{
    Sample s;
    s.t = t;
    Sample::Queue q0;
    q0.cachedCount = cacheOfQueue0;
    q0.cachedBytes = cacheOfQueue0 * 1024 * 1024;
    q0.owners = { 0 };
    Sample::Queue q1;
    q1.cachedCount = 10;
    q1.owners = { 0, 1 }; // double-owned: counts for both
    s.queues = { q0, q1 };
    for (int c = 0; c < 2; ++c) {
        Sample::Consumer consumer;
        consumer.state = ConsumerState::Running;
        consumer.lag = 100 * (c + 1);
        consumer.flowControl[0] = holds * (c + 1);
        consumer.pullThresholdForQueue = 1000;
        consumer.pullThresholdSizeForQueue = 100;
        s.consumers.append(consumer);
    }
    s.orphanedQueues = 1;
    s.doubleOwnedQueues = 1;
    return s;
}

} // namespace

void tst_ChartSeries::derivesColumnsFromSamples()
{
    ChartSeries series;
    series.append({ sample(0, 5, 0), sample(500, 40, 10) });
    series.append({ sample(1000, 20, 30) });
    QCOMPARE(series.size(), 3);
    QCOMPARE(series.times(), QList<double>({ 0.0, 0.5, 1.0 }));
    // Consumer 0's largest queue cache; consumer 1 holds only the shared queue.
    QCOMPARE(series.consumerColumn(0, ChartSeries::CacheMessages), QList<float>({ 10, 40, 20 }));
    QCOMPARE(series.consumerColumn(1, ChartSeries::CacheMessages), QList<float>({ 10, 10, 10 }));
    QCOMPARE(series.consumerColumn(0, ChartSeries::CacheMiB), QList<float>({ 5, 40, 20 }));
    QCOMPARE(series.consumerColumn(1, ChartSeries::Lag), QList<float>({ 200, 200, 200 }));
    // Holds per second: (10 + 20) new holds over 0.5 s, then (20 + 40) over 0.5 s.
    QCOMPARE(series.flowColumn(ChartSeries::FlowCount), QList<float>({ 0, 60, 120 }));
    QCOMPARE(series.highest(ChartSeries::CacheMessages), QList<float>({ 10, 40, 20 }));
    QCOMPARE(series.mean(ChartSeries::CacheMessages), QList<float>({ 10, 25, 15 }));
    QCOMPARE(series.orphaned(), QList<float>({ 1, 1, 1 }));
    QCOMPARE(series.countThreshold(), 1000.0);
    QCOMPARE(series.sizeThreshold(), 100.0);
}

void tst_ChartSeries::decimationKeepsSpikes()
{
    ChartSeries series;
    QList<Sample> samples;
    for (int i = 0; i < 10000; ++i) {
        samples.append(sample(i * 100, i == 5000 ? 900 : 1, 0)); // one spike
    }
    series.append(samples);
    double top = 0;
    const QList<QPointF> points
        = series.decimate(series.consumerColumn(0, ChartSeries::CacheMessages), 0, 1000, 200, &top);
    QVERIFY2(points.size() <= 2 * 200 + 2, qPrintable(QString::number(points.size())));
    QCOMPARE(top, 900.0);
    bool spike = false;
    for (int i = 1; i < points.size(); ++i) {
        QVERIFY(points.at(i).x() >= points.at(i - 1).x()); // in time order
        spike = spike || (points.at(i).y() == 900 && points.at(i).x() == 500.0);
    }
    QVERIFY(spike);
}

void tst_ChartSeries::smallRangesAreNotDecimated()
{
    ChartSeries series;
    QList<Sample> samples;
    for (int i = 0; i < 100; ++i) {
        samples.append(sample(i * 1000, i, 0));
    }
    series.append(samples);
    // 20 s visible on 500 px: every sample in range, plus one either side to reach the edges.
    const QList<QPointF> points
        = series.decimate(series.consumerColumn(0, ChartSeries::CacheMessages), 40, 60, 500);
    QCOMPARE(points.size(), 23);
    QCOMPARE(points.first().x(), 39.0);
    QCOMPARE(points.last().x(), 61.0);
}

void tst_ChartSeries::thresholdLineFromAQuarter_data()
{
    QTest::addColumn<double>("peak");
    QTest::addColumn<double>("threshold");
    QTest::addColumn<bool>("line");
    QTest::newRow("calm") << 4.0 << 1000.0 << false;
    QTest::newRow("just under a quarter") << 249.0 << 1000.0 << false;
    QTest::newRow("a quarter") << 250.0 << 1000.0 << true;
    QTest::newRow("at the threshold") << 1000.0 << 1000.0 << true;
    QTest::newRow("over it") << 1500.0 << 1000.0 << true;
    QTest::newRow("MiB, a quarter") << 25.0 << 100.0 << true;
    QTest::newRow("no threshold yet") << 10.0 << 0.0 << false;
}

void tst_ChartSeries::thresholdLineFromAQuarter()
{
    QFETCH(double, peak);
    QFETCH(double, threshold);
    QFETCH(bool, line);
    QCOMPARE(ThresholdNote::lineInView(peak, threshold), line);
}

// The charts follow the engine's window (issue 10): after ten times its capacity in samples the
// columns are as long as the window, not as the run, and they match it sample for sample whether
// the window only grew at its end or was thinned in between.
void tst_ChartSeries::followsTheEnginesBoundedWindow()
{
    SampleHistory history({ 100, 400 });
    ChartSeries series;
    for (int i = 0; i < 4000; ++i) {
        history.append(sample(SimTime(i) * 500, i % 50, i));
        if (i % 7 == 0 || i == 3999) { // frames come less often than samples
            series.update(history.samples(), history.layoutRevision());
        }
    }
    QVERIFY(history.size() <= 400);
    QCOMPARE(series.size(), history.size());
    for (qsizetype i = 0; i < history.size(); ++i) {
        QCOMPARE(series.times().at(i), double(history.samples().at(i)->t) / 1000.0);
    }
    QCOMPARE(series.consumerColumn(0, ChartSeries::CacheMessages).size(), history.size());
    QCOMPARE(series.consumerColumn(0, ChartSeries::CacheMessages).last(), float(3999 % 50));
    QCOMPARE(series.times().last(), 3999 * 0.5);
}

void tst_ChartSeries::foldedSamplesDrawAsWholeOnes_data()
{
    QTest::addColumn<int>("consumers");
    QTest::newRow("a line each (6 consumers)") << 6;
    QTest::newRow("highest and mean (40 consumers)") << 40;
}

// Departed consumers' rows folded into a summary (SampleHistory) draw exactly what the whole
// samples draw: every column, the flow-control holds of consumers that left included; with more
// consumers than lines, no column per consumer is kept at all.
void tst_ChartSeries::foldedSamplesDrawAsWholeOnes()
{
    QFETCH(int, consumers);
    QList<Sample> whole;
    SampleHistory history;
    for (int i = 0; i < 60; ++i) {
        Sample s;
        s.t = SimTime(i) * 500;
        for (int c = 0; c < consumers; ++c) {
            Sample::Consumer row;
            // Consumer c leaves at sample 5c (killed when even, shut down when odd); its holds
            // stay with it.
            const bool gone = c > 0 && i >= 5 * c;
            row.state = !gone ? ConsumerState::Running
                              : (c % 2 ? ConsumerState::Shutdown : ConsumerState::Killed);
            const int until = gone ? 5 * c : i;
            row.flowControl[0] = until * (c + 1);
            row.flowControl[2] = until / 3;
            row.delivered = until * 10;
            row.lag = gone ? 0 : 7 * c + i;
            row.pullThresholdForQueue = 1000;
            s.consumers.append(row);
        }
        Sample::Queue q;
        q.cachedCount = i;
        q.owners = { 0 };
        s.queues = { q };
        whole.append(s);
        history.append(s);
    }
    QCOMPARE(history.size(), whole.size());
    QVERIFY(SampleHistory::isFolded(*history.samples().last()));
    // At the last sample consumers 1 to 11 have left: their rows are one summary.
    QCOMPARE(history.samples().last()->consumers.size(), consumers > 12 ? consumers - 11 : 1);
    QCOMPARE(history.samples().last()->departedCount, qMin(consumers - 1, 11));
    for (qsizetype i = 0; i < whole.size(); ++i) {
        QVERIFY(history.expanded(i) == whole.at(i));
    }
    ChartSeries a;
    ChartSeries b;
    a.append(whole);
    b.update(history.samples(), history.layoutRevision());
    QCOMPARE(b.size(), a.size());
    QCOMPARE(b.consumerCount(), consumers <= ChartSeries::kMaxConsumerColumns ? consumers : 0);
    QCOMPARE(a.consumerCount(), b.consumerCount());
    for (int c = 0; c < b.consumerCount(); ++c) {
        for (int m = 0; m < ChartSeries::MetricCount; ++m) {
            QCOMPARE(b.consumerColumn(c, ChartSeries::Metric(m)),
                a.consumerColumn(c, ChartSeries::Metric(m)));
        }
    }
    for (int m = 0; m < ChartSeries::MetricCount; ++m) {
        QCOMPARE(b.highest(ChartSeries::Metric(m)), a.highest(ChartSeries::Metric(m)));
        QCOMPARE(b.mean(ChartSeries::Metric(m)), a.mean(ChartSeries::Metric(m)));
    }
    for (int k = 0; k < ChartSeries::FlowCauses; ++k) {
        QCOMPARE(b.flowColumn(ChartSeries::Flow(k)), a.flowColumn(ChartSeries::Flow(k)));
    }
    // Holds per second at the end: c + 1 a sample from each consumer still there, 0.5 s apart.
    double perSecond = 0;
    for (int c = 0; c < consumers; ++c) {
        perSecond += c == 0 || c >= 12 ? 2.0 * (c + 1) : 0.0;
    }
    QCOMPARE(b.flowColumn(ChartSeries::FlowCount).last(), float(perSecond));
}

// Two groups: consumers 0 and 2 in group 0 (PULL), consumer 1 in group 1. With group 0 in
// view, the columns are its members', its flow control and its own ownership health.
void tst_ChartSeries::groupInViewHasItsOwnColumns()
{
    QList<Sample> samples;
    for (int i = 0; i < 3; ++i) {
        Sample s;
        s.t = SimTime(i) * 1000;
        for (int c = 0; c < 3; ++c) {
            Sample::Consumer row;
            row.state = ConsumerState::Running;
            row.lag = 10 * (c + 1) + i;
            row.flowControl[0] = i * (c + 1); // holds: 1, 2, 3 a second
            row.pullThresholdForQueue = 100 * (c + 1);
            s.consumers.append(row);
        }
        Sample::Queue q;
        q.cachedCount = 50 + i;
        q.owners = { 1 }; // group 1's queue
        Sample::Queue r;
        r.cachedCount = 7;
        r.owners = { 2 };
        s.queues = { q, r };
        s.orphanedQueues = 3;
        s.doubleOwnedQueues = 1;
        s.groupOrphaned = { 1, 2 };
        s.groupDoubleOwned = { 0, 1 };
        samples.append(s);
    }
    SimEvent rebalance0;
    rebalance0.type = SimEvent::Type::Rebalance;
    rebalance0.t = 500;
    rebalance0.consumer = 0;
    SimEvent rebalance1 = rebalance0;
    rebalance1.t = 1500;
    rebalance1.consumer = 1;

    ChartSeries world;
    world.append(samples);
    world.appendEvents({ rebalance0, rebalance1 });
    QCOMPARE(world.consumerCount(), 3);
    QCOMPARE(world.flowColumn(ChartSeries::FlowCount), QList<float>({ 0, 6, 6 }));
    QCOMPARE(world.orphaned(), QList<float>({ 3, 3, 3 }));
    QCOMPARE(world.rebalanceTimes(), QList<double>({ 0.5, 1.5 }));
    QCOMPARE(world.countThreshold(), 300.0);

    ChartSeries group;
    group.setScope(0, { 0, 2 });
    group.append(samples);
    group.appendEvents({ rebalance0, rebalance1 });
    QCOMPARE(group.scopeGroup(), 0);
    QCOMPARE(group.consumerCount(), 2);
    QCOMPARE(group.consumerAt(1), 2);
    QCOMPARE(group.consumerColumn(0, ChartSeries::Lag), QList<float>({ 10, 11, 12 }));
    QCOMPARE(group.consumerColumn(1, ChartSeries::Lag), QList<float>({ 30, 31, 32 }));
    QCOMPARE(group.consumerColumn(1, ChartSeries::CacheMessages), QList<float>({ 7, 7, 7 }));
    // Only consumers 0 and 2 hold back: 1 + 3 holds a second.
    QCOMPARE(group.flowColumn(ChartSeries::FlowCount), QList<float>({ 0, 4, 4 }));
    QCOMPARE(group.highest(ChartSeries::Lag), QList<float>({ 30, 31, 32 }));
    QCOMPARE(group.orphaned(), QList<float>({ 1, 1, 1 }));
    QCOMPARE(group.doubleOwned(), QList<float>({ 0, 0, 0 }));
    QCOMPARE(group.rebalanceTimes(), QList<double>({ 0.5 }));
    QCOMPARE(group.countThreshold(), 300.0);
    QVERIFY(!group.hasPop());

    // Back to the world: the same columns as a series that never had a scope.
    group.setScope(-1, {});
    group.clear();
    group.append(samples);
    QCOMPARE(group.consumerCount(), 3);
    QCOMPARE(group.flowColumn(ChartSeries::FlowCount), world.flowColumn(ChartSeries::FlowCount));
    QCOMPARE(group.orphaned(), world.orphaned());
}

void tst_ChartSeries::popColumns_data()
{
    QTest::addColumn<bool>("folded");
    QTest::addColumn<bool>("scoped");
    QTest::newRow("whole samples, world") << false << false;
    QTest::newRow("bounded history, world") << true << false;
    QTest::newRow("bounded history, POP group") << true << true;
}

// A POP group of two (consumers 1 and 2) beside a PULL consumer 0: consumer 1 is killed at 2 s
// with 12 messages invisible, revived at 4 s and redelivered by consumer 2 at 5 s. The POP
// columns sum the POP consumers' figures whether the history folds the dead one's row or not.
void tst_ChartSeries::popColumns()
{
    QFETCH(bool, folded);
    QFETCH(bool, scoped);
    QList<Sample> whole;
    SampleHistory history;
    for (int i = 0; i <= 6; ++i) {
        Sample s;
        s.t = SimTime(i) * 1000;
        Sample::Consumer pull;
        pull.state = ConsumerState::Running;
        pull.flowControl[0] = 100 * i;
        Sample::Consumer dead;
        dead.state = i < 2 ? ConsumerState::Running : ConsumerState::Killed;
        dead.popInFlight = i < 2 ? 12 : 0;
        dead.popInvisible = i < 4 ? 12 : 0;
        dead.popAcked = 100 * qMin(i, 2);
        dead.popRevived = i < 4 ? 0 : 12;
        Sample::Consumer alive;
        alive.state = ConsumerState::Running;
        alive.popInFlight = 8;
        alive.popInvisible = 8;
        alive.popAcked = 100 * i + (i >= 5 ? 12 : 0);
        alive.popRedelivered = i >= 5 ? 12 : 0;
        s.consumers = { pull, dead, alive };
        whole.append(s);
        history.append(s);
    }
    // The dead consumer's row is folded from 2 s; its revival at 4 s is a departure of its own.
    QVERIFY(!SampleHistory::isFolded(*history.samples().at(1)));
    QVERIFY(SampleHistory::isFolded(*history.samples().at(2)));
    QCOMPARE(history.departures().size(), 2);
    for (qsizetype i = 0; i < whole.size(); ++i) {
        QVERIFY(history.expanded(i) == whole.at(i));
    }
    ChartSeries series;
    if (scoped) {
        series.setScope(1, { 1, 2 });
    }
    if (folded) {
        series.update(history.samples(), history.layoutRevision(), history.departures());
    } else {
        series.append(whole);
    }
    QVERIFY(series.hasPop());
    QCOMPARE(series.popColumn(ChartSeries::PopInFlight), QList<float>({ 20, 20, 8, 8, 8, 8, 8 }));
    QCOMPARE(
        series.popColumn(ChartSeries::PopInvisible), QList<float>({ 20, 20, 20, 20, 8, 8, 8 }));
    // Acks per second: 200 while both ran, 100 after the kill, 112 with the redeliveries.
    QCOMPARE(
        series.popColumn(ChartSeries::PopAcked), QList<float>({ 0, 200, 200, 100, 100, 112, 100 }));
    QCOMPARE(series.popColumn(ChartSeries::PopRevived), QList<float>({ 0, 0, 0, 0, 12, 0, 0 }));
    QCOMPARE(series.popColumn(ChartSeries::PopRedelivered), QList<float>({ 0, 0, 0, 0, 0, 12, 0 }));
    // The PULL consumer's holds are the world's, not the POP group's.
    QCOMPARE(series.flowColumn(ChartSeries::FlowCount).last(), scoped ? 0.0f : 100.0f);
}

QTEST_APPLESS_MAIN(tst_ChartSeries)
// Hours of churn: 30 consumers, each alive for 30 samples, a new one every 10 (three at once).
// Every consumer keeps columns for its own life only (the run has more consumers than lines, but
// never more than three at once), and a range of the chart finds the three or four of its time.
void tst_ChartSeries::columnsCoverEachConsumersLife()
{
    const auto churn = [](int atOnce) {
        QList<Sample> samples;
        for (int i = 0; i < 320; ++i) {
            Sample s;
            s.t = SimTime(i) * 1000;
            for (int c = 0; c < 30; ++c) {
                Sample::Consumer row;
                const int born = 10 * c;
                row.state = i < born         ? ConsumerState::Absent
                    : i < born + 10 * atOnce ? ConsumerState::Running
                                             : ConsumerState::Killed;
                row.lag = row.state == ConsumerState::Running ? 1000 * c + i : 0;
                s.consumers.append(row);
            }
            samples.append(s);
        }
        return samples;
    };
    ChartSeries series;
    series.append(churn(3));
    QVERIFY(!series.tooManyConsumers());
    QCOMPARE(series.consumerCount(), 30);
    for (int at = 0; at < 30; ++at) {
        QCOMPARE(series.consumerAt(at), at);
        QCOMPARE(series.columnsOf(at), at);
        QCOMPARE(series.consumerFirst(at), 10 * at);
        const QList<float> &lag = series.consumerColumn(at, ChartSeries::Lag);
        QCOMPARE(lag.size(), qMin(30, 320 - 10 * at));
        QCOMPARE(lag.first(), float(1000 * at + 10 * at));
        QCOMPARE(lag.last(), float(1000 * at + 10 * at + lag.size() - 1));
    }
    QCOMPARE(series.columnsOf(30), -1);
    // Seconds 200 to 220: consumers 18, 19 and 20 (alive 180-209, 190-219, 200-229), then 21
    // and 22 from 210 and 220.
    QCOMPARE(series.consumersIn(200, 220), QList<int>({ 18, 19, 20, 21, 22 }));
    QCOMPARE(series.consumersIn(205, 209), QList<int>({ 18, 19, 20 }));
    QCOMPARE(series.consumersIn(400, 500), QList<int>());
    // Consumer 20's line over 215..225 s: its own values at their own times.
    const QList<QPointF> points = series.decimate(series.consumerColumn(20, ChartSeries::Lag), 215,
        225, 500, nullptr, series.consumerFirst(20));
    QCOMPARE(points.size(), 13); // 214..226, one either side of the range
    QCOMPARE(points.first(), QPointF(214, 20214));
    QCOMPARE(points.last(), QPointF(226, 20226));
    // It ends where the consumer left (229 s), not at 0 to the range's end.
    const QList<QPointF> end = series.decimate(series.consumerColumn(20, ChartSeries::Lag), 225,
        240, 500, nullptr, series.consumerFirst(20));
    QCOMPARE(end.last(), QPointF(229, 20229));
    // Eleven alive at once is more than there are lines: no columns per consumer at all.
    ChartSeries crowded;
    crowded.append(churn(11));
    QVERIFY(crowded.tooManyConsumers());
    QCOMPARE(crowded.consumerCount(), 0);
    QCOMPARE(crowded.consumersIn(0, 1000), QList<int>());
    // The highest and mean stay: at 105 s consumers 0..10 are alive, 10 the highest.
    QCOMPARE(crowded.highest(ChartSeries::Lag).at(105), float(10105));
}

#include "tst_chartseries.moc"
