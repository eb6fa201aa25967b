// SPDX-License-Identifier: Apache-2.0
// The room QtCharts gives a chart's labels (ChartLayout): value ticks, legend rows, consumer
// names, the legend's place; the measures as numbers, then against what QtCharts draws.
#include <charts/chartlayout.h>

#include <QChart>
#include <QChartView>
#include <QFontMetricsF>
#include <QGraphicsLayout>
#include <QGraphicsTextItem>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QScatterSeries>
#include <QTest>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>

using namespace Rblab;

class tst_ChartLayout : public QObject
{
    Q_OBJECT

private slots:
    void valueTicks_data();
    void valueTicks();
    void legendRowsOfAHeight_data();
    void legendRowsOfAHeight();
    void consumerNameRoomOfAWidth_data();
    void consumerNameRoomOfAWidth();
    void shortChartsInEms();
    void legendNamesKeepTheirEnd();
    void contentWidthLeavesTheMargins();
    void legendRowsAreWhatQtChartsDrawsWhole_data();
    void legendRowsAreWhatQtChartsDrawsWhole();
    void fittedValueLabelsStayWhole_data();
    void fittedValueLabelsStayWhole();
    void groupLegendGoesBesideWhenItsRowDoesNotFit();
    void rebalanceEntryNeedsARowAndItsWidth();
    void leftOutEntriesStayOutAcrossRelayouts();
};

namespace {

QFont pixelFont(int pixels)
{
    QFont font;
    font.setPixelSize(pixels);
    return font;
}

//! A chart in a view of `size`, its legend in `font` at `alignment`, with a line per name and
//! the rebalance marks: laid out and shown.
struct TestChart
{
    QChartView view;
    QChart *chart = new QChart; // the view owns it
    QScatterSeries *rebalances = nullptr;
    QList<QLineSeries *> lines;

    TestChart(QSize size, const QFont &font, Qt::Alignment alignment, const QStringList &names)
    {
        chart->setAnimationOptions(QChart::NoAnimation);
        chart->setMargins(QMargins(4, 2, 4, 2)); // ChartPanel's
        chart->legend()->setAlignment(alignment);
        chart->legend()->setFont(font);
        chart->legend()->setMarkerShape(QLegend::MarkerShapeFromSeries);
        for (const QString &name : names) {
            auto *line = new QLineSeries(chart);
            line->setName(name);
            line->append({ { 0, 0 }, { 1, 1 } });
            chart->addSeries(line);
            lines.append(line);
        }
        rebalances = new QScatterSeries(chart);
        rebalances->setName(QStringLiteral("rebalance"));
        rebalances->setMarkerShape(QScatterSeries::MarkerShapeTriangle);
        rebalances->setMarkerSize(ChartLayout::kRebalanceMarkerSize);
        chart->addSeries(rebalances);
        chart->createDefaultAxes();
        view.setChart(chart);
        view.resize(size);
        view.show();
    }

    //! Whether the chart was shown and laid out.
    bool settle()
    {
        // QtCharts lays the chart out on the event loop: done once the legend has a size.
        const bool laidOut = QTest::qWaitForWindowExposed(&view)
            && QTest::qWaitFor([this] { return chart->legend()->geometry().height() > 0; });
        QCoreApplication::processEvents();
        return laidOut;
    }

    //! The legend's label items QtCharts draws, top to bottom.
    QList<QGraphicsTextItem *> labels() const
    {
        QList<QGraphicsTextItem *> found;
        const std::function<void(QGraphicsItem *)> visit = [&](QGraphicsItem *item) {
            if (!item->isVisible()) {
                return;
            }
            if (auto *text = dynamic_cast<QGraphicsTextItem *>(item)) {
                found.append(text);
            }
            for (QGraphicsItem *child : item->childItems()) {
                visit(child);
            }
        };
        visit(chart->legend());
        std::sort(found.begin(), found.end(), [](QGraphicsItem *a, QGraphicsItem *b) {
            return a->sceneBoundingRect().top() < b->sceneBoundingRect().top();
        });
        return found;
    }
};

} // namespace

void tst_ChartLayout::valueTicks_data()
{
    QTest::addColumn<double>("plot");
    QTest::addColumn<double>("room");
    QTest::addColumn<int>("ticks");
    QTest::addColumn<double>("max");
    QTest::addColumn<bool>("whole");
    QTest::addColumn<int>("fitTicks");
    QTest::addColumn<double>("fitMax");
    // Room for all five: the nice numbers stay.
    QTest::newRow("tall") << 300.0 << 25.0 << 5 << 2000.0 << true << 5 << 2000.0;
    QTest::newRow("four fit, four asked") << 100.0 << 25.0 << 4 << 1500.0 << true << 4 << 1500.0;
    // Four labels of 25 px in 100 px: 0, 1000, 2000, 3000 (a step of 1,000 over 2,000 / 3).
    QTest::newRow("four of five") << 100.0 << 25.0 << 5 << 2000.0 << true << 4 << 3000.0;
    QTest::newRow("three of five") << 80.0 << 25.0 << 5 << 1000.0 << true << 3 << 1000.0;
    QTest::newRow("step 2.5") << 80.0 << 25.0 << 5 << 450.0 << true << 3 << 500.0;
    // Two at least: the scale is still read, the labels may not all fit.
    QTest::newRow("two") << 60.0 << 25.0 << 5 << 1000.0 << true << 2 << 1000.0;
    QTest::newRow("tiny") << 30.0 << 25.0 << 5 << 1000.0 << true << 2 << 1000.0;
    // A count axis steps by whole messages; MiB by any round step.
    QTest::newRow("count 0.3") << 100.0 << 25.0 << 5 << 0.9 << true << 4 << 3.0;
    QTest::newRow("MiB 0.3") << 100.0 << 25.0 << 5 << 0.9 << false << 4 << 1.5;
    QTest::newRow("MiB 0.25") << 80.0 << 25.0 << 5 << 0.5 << false << 3 << 0.5;
    // Not laid out yet: nothing to fit.
    QTest::newRow("no plot") << 0.0 << 25.0 << 5 << 1000.0 << true << 5 << 1000.0;
}

void tst_ChartLayout::valueTicks()
{
    QFETCH(double, plot);
    QFETCH(double, room);
    QFETCH(int, ticks);
    QFETCH(double, max);
    QFETCH(bool, whole);
    QFETCH(int, fitTicks);
    QFETCH(double, fitMax);
    const ChartLayout::Ticks fit = ChartLayout::fitValueTicks(plot, room, ticks, max, whole);
    QCOMPARE(fit.count, fitTicks);
    QCOMPARE(fit.max, fitMax);
    // Never below the data, and each label with its room where that is possible.
    QVERIFY(fit.max >= max);
    QVERIFY(fit.count == 2 || plot <= 0 || fit.count * room <= plot);
}

void tst_ChartLayout::legendRowsOfAHeight_data()
{
    QTest::addColumn<double>("height");
    QTest::addColumn<double>("top");
    QTest::addColumn<double>("label");
    QTest::addColumn<int>("rows");
    // Rows of a 16 px label and 3 px margins each side: 22 px; the last may use the bottom
    // margin.
    QTest::newRow("100 px, 16 px labels") << 100.0 << 9.0 << 16.0 << 4;
    QTest::newRow("94 px: four exactly") << 94.0 << 9.0 << 16.0 << 4;
    QTest::newRow("93 px: three") << 93.0 << 9.0 << 16.0 << 3;
    // A label shorter than the rebalance triangle: the triangle sets the row (17 px).
    QTest::newRow("small font") << 50.0 << 9.0 << 8.0 << 2;
    QTest::newRow("no room") << 5.0 << 9.0 << 16.0 << 0;
}

void tst_ChartLayout::legendRowsOfAHeight()
{
    QFETCH(double, height);
    QFETCH(double, top);
    QFETCH(double, label);
    QFETCH(int, rows);
    QCOMPARE(ChartLayout::legendRows(height, top, label), rows);
}

void tst_ChartLayout::consumerNameRoomOfAWidth_data()
{
    QTest::addColumn<double>("contentWidth");
    QTest::addColumn<int>("fontHeight");
    QTest::addColumn<double>("room");
    // 40 % of the width, less 9 + 9 px of legend margins, 2 × 3 px of entry margins, 4 px of
    // spacing, the marker and 2 px of document margins.
    // A 16 px line: a 12 px line marker (1.5 × half the height).
    QTest::newRow("500 px, 16 px font") << 500.0 << 16 << 158.0;
    // A 13 px line: its marker (9 px) is narrower than the rebalance triangle (11 px).
    QTest::newRow("500 px, 13 px font") << 500.0 << 13 << 159.0;
    QTest::newRow("300 px, 24 px font") << 300.0 << 24 << 72.0;
}

void tst_ChartLayout::consumerNameRoomOfAWidth()
{
    QFETCH(double, contentWidth);
    QFETCH(int, fontHeight);
    QFETCH(double, room);
    QCOMPARE(ChartLayout::consumerNameRoom(contentWidth, 9, 9, fontHeight), room);
}

void tst_ChartLayout::shortChartsInEms()
{
    // 11 ems: a 12 px font needs 132 px for a legend row under the plot.
    const QFont font = pixelFont(12);
    QVERIFY(ChartLayout::tooShortForLegendRow(131, font));
    QVERIFY(!ChartLayout::tooShortForLegendRow(132, font));
    // The time axis's title takes a line of 11: in lines, not ems.
    const double line = QFontMetricsF(font).height();
    QVERIFY(ChartLayout::roomForAxisTitle(int(std::ceil(11 * line)), font));
    QVERIFY(!ChartLayout::roomForAxisTitle(int(std::ceil(11 * line)) - 1, font));
}

void tst_ChartLayout::legendNamesKeepTheirEnd()
{
    const QFontMetricsF metrics(pixelFont(12));
    const QString full = QStringLiteral("10.0.0.1@1001");
    const qsizetype prefix = QStringLiteral("10.0.0.").size(); // what every name shares
    // Room for it: whole.
    QCOMPARE(ChartLayout::legendName(full, prefix, metrics, 1000), full);
    // Less room: the end that tells consumers apart, within the room.
    const double room = metrics.horizontalAdvance(full) * 0.6;
    const QString fitted = ChartLayout::legendName(full, prefix, metrics, room);
    QVERIFY2(fitted.size() < full.size() && full.endsWith(QString(fitted).remove(QChar(0x2026))),
        qPrintable(fitted));
    QVERIFY(metrics.horizontalAdvance(fitted) <= room);
    // A legend not laid out yet (no room to speak of): whole, for QtCharts to cut.
    QCOMPARE(ChartLayout::legendName(full, prefix, metrics, metrics.height()), full);
}

void tst_ChartLayout::contentWidthLeavesTheMargins()
{
    TestChart c(QSize(600, 300), pixelFont(12), Qt::AlignRight, { QStringLiteral("a") });
    QVERIFY(c.settle());
    qreal left = 0, top = 0, right = 0, bottom = 0;
    c.chart->layout()->getContentsMargins(&left, &top, &right, &bottom);
    QCOMPARE(ChartLayout::contentWidth(c.chart), c.chart->size().width() - left - right - 8);
    QVERIFY(ChartLayout::contentWidth(c.chart) < c.chart->size().width() - 8);
    // And the room for a name in the legend beside the plot is what the pure measure says.
    c.chart->legend()->layout()->getContentsMargins(&left, &top, &right, &bottom);
    QCOMPARE(ChartLayout::consumerNameRoom(c.chart),
        ChartLayout::consumerNameRoom(
            ChartLayout::contentWidth(c.chart), left, right, QFontMetrics(pixelFont(12)).height()));
}

void tst_ChartLayout::legendRowsAreWhatQtChartsDrawsWhole_data()
{
    QTest::addColumn<int>("height");
    QTest::addColumn<int>("pixels");
    QTest::newRow("160 px, 12 px") << 160 << 12;
    QTest::newRow("200 px, 12 px") << 200 << 12;
    QTest::newRow("200 px, 18 px") << 200 << 18;
    QTest::newRow("260 px, 24 px") << 260 << 24;
}

void tst_ChartLayout::legendRowsAreWhatQtChartsDrawsWhole()
{
    // Beside the plot QtCharts stacks every entry, and draws the ones past the legend's
    // bottom under it: the rows ChartLayout counts are the entries drawn whole inside.
    QFETCH(int, height);
    QFETCH(int, pixels);
    QStringList names;
    for (int i = 0; i < 12; ++i) {
        names.append(QStringLiteral("c%1").arg(i));
    }
    TestChart c(QSize(600, height), pixelFont(pixels), Qt::AlignRight, names);
    QVERIFY(c.settle());
    const int rows = ChartLayout::legendRows(c.chart);
    QVERIFY2(rows >= 1 && rows < names.size() + 1, qPrintable(QString::number(rows)));
    const QRectF legend = c.chart->legend()->mapRectToScene(c.chart->legend()->rect());
    const QList<QGraphicsTextItem *> labels = c.labels();
    QCOMPARE(labels.size(), names.size() + 1);
    for (int i = 0; i < rows; ++i) {
        QVERIFY2(labels.at(i)->sceneBoundingRect().bottom() <= legend.bottom() + 1,
            qPrintable(QStringLiteral("row %1 of %2 ends at %3 in a legend to %4")
                           .arg(i)
                           .arg(rows)
                           .arg(labels.at(i)->sceneBoundingRect().bottom())
                           .arg(legend.bottom())));
    }
    // The next one would hang out: the count is not short of what fits.
    QVERIFY2(labels.at(rows)->sceneBoundingRect().bottom() > legend.bottom() + 1,
        qPrintable(QStringLiteral("row %1 ends at %2 in a legend to %3")
                       .arg(rows)
                       .arg(labels.at(rows)->sceneBoundingRect().bottom())
                       .arg(legend.bottom())));
}

void tst_ChartLayout::fittedValueLabelsStayWhole_data()
{
    QTest::addColumn<int>("height");
    QTest::addColumn<int>("pixels");
    QTest::addColumn<bool>("fewer");
    QTest::newRow("tall") << 400 << 12 << false;
    QTest::newRow("short") << 150 << 16 << true;
    QTest::newRow("short, large font") << 170 << 24 << true;
}

void tst_ChartLayout::fittedValueLabelsStayWhole()
{
    // The ticks fitted to the plot: QtCharts draws each value label whole ("1000", not "1…").
    QFETCH(int, height);
    QFETCH(int, pixels);
    QFETCH(bool, fewer);
    TestChart c(QSize(500, height), pixelFont(12), Qt::AlignRight, { QStringLiteral("a") });
    QVERIFY(c.settle());
    auto *axis = qobject_cast<QValueAxis *>(c.chart->axes(Qt::Vertical).value(0));
    QVERIFY(axis);
    axis->setLabelsFont(pixelFont(pixels));
    axis->setLabelFormat(QStringLiteral("%.0f"));
    axis->setRange(0, 2000);
    axis->setTickCount(5);
    QCoreApplication::processEvents();
    const double plot = c.chart->plotArea().height();
    const ChartLayout::Ticks ticks = ChartLayout::fitValueTicks(
        plot, ChartLayout::valueLabelRoom(axis->labelsFont()), 5, 2000, true);
    QCOMPARE(ticks.count < 5, fewer);
    QVERIFY(ticks.count * ChartLayout::valueLabelRoom(axis->labelsFont()) <= plot);
    axis->setRange(0, ticks.max);
    axis->setTickCount(ticks.count);
    c.chart->layout()->invalidate();
    c.chart->layout()->activate();
    QCoreApplication::processEvents();
    QStringList drawn;
    const QRectF area = c.chart->mapRectToScene(c.chart->plotArea());
    for (QGraphicsItem *item : c.chart->scene()->items()) {
        auto *text = dynamic_cast<QGraphicsTextItem *>(item);
        // (The axes' titles are empty text items.)
        if (text && text->isVisible() && !text->toPlainText().isEmpty()
            && item->sceneBoundingRect().right() <= area.left() + 1) {
            drawn.append(text->toPlainText());
        }
    }
    QCOMPARE(drawn.size(), ticks.count);
    QVERIFY2(drawn.filter(QChar(0x2026)).isEmpty() && drawn.filter(QStringLiteral("...")).isEmpty(),
        qPrintable(QStringLiteral("%1 px plot: %2").arg(plot).arg(drawn.join(u'|'))));
}

void tst_ChartLayout::groupLegendGoesBesideWhenItsRowDoesNotFit()
{
    const QStringList names { QStringLiteral("count"), QStringLiteral("size"),
        QStringLiteral("span") };
    TestChart wide(QSize(700, 300), pixelFont(12), Qt::AlignBottom, names);
    QVERIFY(wide.settle());
    ChartLayout layout(wide.chart, wide.rebalances);
    layout.placeGroupLegend(false);
    QVERIFY(!layout.isLegendBeside());
    // Too short for a row under the plot, however wide.
    layout.placeGroupLegend(true);
    QVERIFY(layout.isLegendBeside());
    // Too narrow for the four entries on one row.
    TestChart narrow(QSize(200, 300), pixelFont(16), Qt::AlignBottom, names);
    QVERIFY(narrow.settle());
    ChartLayout narrowLayout(narrow.chart, narrow.rebalances);
    narrowLayout.placeGroupLegend(false);
    QVERIFY(narrowLayout.isLegendBeside());
}

void tst_ChartLayout::rebalanceEntryNeedsARowAndItsWidth()
{
    const QStringList names { QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c") };
    TestChart c(QSize(600, 300), pixelFont(12), Qt::AlignRight, names);
    QVERIFY(c.settle());
    ChartLayout layout(c.chart, c.rebalances);
    const auto listed
        = [&] { return c.chart->legend()->markers(c.rebalances).first()->isVisible(); };
    layout.listRebalances(4); // a row left for it
    QVERIFY(listed());
    layout.listRebalances(3); // the lines take every row
    QVERIFY(listed() == false && !layout.isListed(c.rebalances));
    // Under the plot it is always listed.
    c.chart->legend()->setAlignment(Qt::AlignBottom);
    layout.listRebalances(0);
    QVERIFY(listed());
    // Beside a plot so narrow that "rebalance" would be cut: left out.
    TestChart narrow(QSize(160, 300), pixelFont(14), Qt::AlignRight, names);
    QVERIFY(narrow.settle());
    ChartLayout narrowLayout(narrow.chart, narrow.rebalances);
    QVERIFY(QFontMetricsF(pixelFont(14)).horizontalAdvance(QStringLiteral("rebalance"))
        > ChartLayout::consumerNameRoom(narrow.chart));
    narrowLayout.listRebalances(std::numeric_limits<int>::max());
    QVERIFY(!narrowLayout.isListed(narrow.rebalances));
}

void tst_ChartLayout::leftOutEntriesStayOutAcrossRelayouts()
{
    // Detaching and attaching the legend shows every marker of a visible series again: what
    // was left out on purpose is hidden again, and the legend only lays out when it changed.
    TestChart c(QSize(600, 300), pixelFont(12), Qt::AlignRight,
        { QStringLiteral("a"), QStringLiteral("b") });
    QVERIFY(c.settle());
    ChartLayout layout(c.chart, c.rebalances);
    QLegendMarker *b = c.chart->legend()->markers(c.lines.at(1)).first();
    layout.setListed(c.lines.at(1), false);
    QVERIFY(!b->isVisible());
    layout.relayoutLegend();
    b = c.chart->legend()->markers(c.lines.at(1)).first(); // (attaching makes new markers)
    QVERIFY(!b->isVisible());
    QCOMPARE(c.labels().size(), 2);
    layout.setListed(c.lines.at(1), true);
    layout.relayoutLegend();
    QVERIFY(c.chart->legend()->markers(c.lines.at(1)).first()->isVisible());
    // The listing is forgotten with the series.
    layout.setListed(c.lines.at(0), false);
    layout.forgetListing();
    QVERIFY(layout.isListed(c.lines.at(0)));
}

QTEST_MAIN(tst_ChartLayout)
#include "tst_chartlayout.moc"
