// SPDX-License-Identifier: Apache-2.0
// The charts' time series: derived from samples once, decimated to the pixels on screen.
#include <chartseries.h>
#include <thresholdnote.h>

#include <sim/samplehistory.h>

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

QTEST_APPLESS_MAIN(tst_ChartSeries)
#include "tst_chartseries.moc"
