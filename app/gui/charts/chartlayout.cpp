// SPDX-License-Identifier: Apache-2.0
#include "charts/chartlayout.h"

#include "assignment/cardnames.h"

#include <QAbstractSeries>
#include <QChart>
#include <QFontInfo>
#include <QFontMetricsF>
#include <QGraphicsLayout>
#include <QGraphicsTextItem>
#include <QLegend>
#include <QLegendMarker>
#include <QTextDocument>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>

namespace Rblab {

ChartLayout::ChartLayout(QChart *chart, QAbstractSeries *rebalances)
    : m_chart(chart), m_rebalances(rebalances)
{
}

void ChartLayout::setListed(QAbstractSeries *series, bool listed)
{
    if (listed) {
        m_unlisted.removeAll(series);
    } else if (!m_unlisted.contains(series)) {
        m_unlisted.append(series);
    }
    for (QLegendMarker *marker : m_chart->legend()->markers(series)) {
        if (marker->isVisible() != listed) {
            marker->setVisible(listed);
        }
    }
}

void ChartLayout::placeGroupLegend(bool tooShort)
{
    // When the entries do not fit on one row (a narrow chart, presenter zoom), QtCharts cuts the
    // longest labels letter by letter, down to nothing in Chinese; listed at the right, each
    // stays whole. A short chart (1280×720 at 150 %, in Chinese) keeps its height for the plot:
    // a row under it left a 26 px plot whose value labels QtCharts hid but for "0". Beside it,
    // the group's short labels take little width.
    // Each entry: its marker (about a line high), spacing, the label, and the item's margins.
    QLegend *legend = m_chart->legend();
    const QFontMetricsF metrics(legend->font());
    const double entryExtra = 2.5 * metrics.height();
    double needed = 0;
    for (QLegendMarker *marker : legend->markers()) {
        if (marker->isVisible() || marker->series() == m_rebalances) {
            needed += metrics.horizontalAdvance(marker->label()) + entryExtra;
        }
    }
    const Qt::Alignment wanted
        = needed <= contentWidth(m_chart) && !tooShort ? Qt::AlignBottom : Qt::AlignRight;
    if (legend->alignment() != wanted) {
        legend->setAlignment(wanted);
    }
}

bool ChartLayout::isLegendBeside() const
{
    return m_chart->legend()->alignment() == Qt::AlignRight;
}

void ChartLayout::listRebalances(int rows)
{
    if (!isLegendBeside()) {
        setListed(m_rebalances, true);
        return;
    }
    // The rebalance entry goes first when rows run out: its triangles explain themselves on the
    // time axis, and the flow chart lists them.
    QLegend *legend = m_chart->legend();
    int others = 0;
    for (QLegendMarker *marker : legend->markers()) {
        others += marker->isVisible() && marker->series() != m_rebalances ? 1 : 0;
    }
    // (And only whole: the legend is at most 40 % of the chart wide, and QtCharts cut the entry
    // to "rebal..." beside a narrow plot.)
    const bool fits = QFontMetricsF(legend->font()).horizontalAdvance(m_rebalances->name())
        <= consumerNameRoom(m_chart);
    setListed(m_rebalances, others < rows && fits);
}

void ChartLayout::relayoutLegend()
{
    QLegend *legend = m_chart->legend();
    size_t key = qHash(legend->font().pointSizeF());
    key = qHashMulti(key, m_chart->size().width(), m_chart->size().height());
    for (QLegendMarker *marker : legend->markers()) {
        if (marker->isVisible()) {
            key = qHashMulti(key, marker->label());
        }
    }
    if (key == m_legendKey) {
        return;
    }
    m_legendKey = key;
    // Detaching and attaching again is what makes it measure its entries anew. Attaching shows
    // every marker whose series is visible again: the ones left out on purpose are hidden again.
    legend->detachFromChart();
    legend->attachToChart();
    for (QAbstractSeries *series : std::as_const(m_unlisted)) {
        for (QLegendMarker *marker : legend->markers(series)) {
            marker->setVisible(false);
        }
    }
}

double ChartLayout::contentWidth(const QChart *chart)
{
    // The chart's layout keeps its own margins (9 px a side) outside the chart's margins.
    qreal left = 0, top = 0, right = 0, bottom = 0;
    if (chart->layout()) {
        chart->layout()->getContentsMargins(&left, &top, &right, &bottom);
    }
    return chart->size().width() - left - right - chart->margins().left()
        - chart->margins().right();
}

int ChartLayout::legendRows(const QChart *chart)
{
    QLegend *legend = chart->legend();
    const double height = legend->geometry().height();
    if (height <= 0 || !legend->layout()) {
        return std::numeric_limits<int>::max(); // not laid out yet
    }
    qreal left = 0, top = 0, right = 0, bottom = 0;
    legend->layout()->getContentsMargins(&left, &top, &right, &bottom);
    // (Every entry's label, listed or not: a row height that changed with the listing would
    // list and unlist the rebalance entry by turns.)
    double label = 0;
    for (QLegendMarker *marker : legend->markers()) {
        label = std::max(label, legendLabelHeight(legend->font(), hasCjk(marker->label())));
    }
    if (label <= 0) {
        label = legendLabelHeight(legend->font(), false);
    }
    return legendRows(height, top, label);
}

int ChartLayout::legendRows(double legendHeight, double topMargin, double labelHeight)
{
    const double row = std::max(labelHeight, kRebalanceMarkerSize) + 2 * kEntryMargin;
    // (The last label may reach into the bottom margin: it is still inside the legend.)
    return std::max(0, int((legendHeight - topMargin + kEntryMargin) / row));
}

double ChartLayout::consumerNameRoom(const QChart *chart)
{
    QLegend *legend = chart->legend();
    qreal left = 9, top = 9, right = 9, bottom = 9;
    if (legend->layout()) {
        legend->layout()->getContentsMargins(&left, &top, &right, &bottom);
    }
    return consumerNameRoom(
        contentWidth(chart), left, right, QFontMetrics(legend->font()).height());
}

double ChartLayout::consumerNameRoom(
    double contentWidth, double legendLeftMargin, double legendRightMargin, int fontHeight)
{
    // AbstractChartLayout's golden_ratio: a legend beside the plot is at most 40 % of the
    // content width, and QtCharts cuts its labels at their end ("10.0.0.1…" on every line at
    // presenter zoom). LegendMarkerItem then takes its margins, the marker (the widest in the
    // legend: a line's, or the rebalance triangle), the space before the label and the label's
    // document margins from the entry.
    const double marker = std::max(kRebalanceMarkerSize, double(qRound(fontHeight / 2 * 1.5)));
    return 0.4 * contentWidth - legendLeftMargin - legendRightMargin - 2 * kEntryMargin
        - kEntrySpace - marker - 2;
}

QString ChartLayout::legendName(
    const QString &full, qsizetype commonPrefix, const QFontMetricsF &metrics, double room)
{
    const bool laidOut = room > metrics.height(); // (a chart not shown yet has no size)
    const QString name = laidOut ? CardNames::fitted(full, commonPrefix, metrics, room) : full;
    // No room for even a part of it: QtCharts cuts it as it can.
    return name.size() <= 1 ? full : name;
}

double ChartLayout::legendLabelHeight(const QFont &font, bool cjk)
{
    static QFont measured;
    static double heights[2] = { -1, -1 };
    if (font != measured) {
        measured = font;
        heights[0] = heights[1] = -1;
    }
    double &height = heights[cjk ? 1 : 0];
    if (height < 0) {
        QGraphicsTextItem probe;
        probe.setFont(font);
        probe.document()->setDocumentMargin(0.5);
        probe.setPlainText(
            cjk ? QStringLiteral("0Ag\u91cd\u5e73\u8861") : QStringLiteral("0Ag@.\u2026"));
        height = probe.boundingRect().height();
    }
    return height;
}

bool ChartLayout::hasCjk(const QString &text)
{
    return std::any_of(text.cbegin(), text.cend(), [](QChar ch) { return ch.unicode() >= 0x2e80; });
}

double ChartLayout::valueLabelRoom(const QFont &font)
{
    // VerticalAxis::updateGeometry: (axis height / ticks) - 2 × labelPadding (4 px) against the
    // label's bounding rectangle (a QGraphicsTextItem: the line and its document margin).
    // Measured once per font: the charts refresh many times a second.
    static QFont measured;
    static double room = -1;
    if (room < 0 || font != measured) {
        QGraphicsTextItem probe;
        probe.setFont(font);
        probe.document()->setDocumentMargin(0.5);
        probe.setPlainText(QStringLiteral("0123456789"));
        measured = font;
        room = probe.boundingRect().height() + 2 * 4.0;
    }
    return room;
}

ChartLayout::Ticks ChartLayout::fitValueTicks(
    double plotHeight, double labelRoom, int ticks, double max, bool wholeSteps)
{
    // A short plot (1280×720 at presenter zoom) has no room for five labels one above the
    // other: QtCharts then cut every one of them to "…".
    const int fit = std::clamp(int(plotHeight / labelRoom), 2, kMaxValueTicks);
    if (ticks <= fit || plotHeight <= 0) {
        return { ticks, max };
    }
    const double wanted = max / (fit - 1);
    const double magnitude = std::pow(10.0, std::floor(std::log10(std::max(wanted, 1e-9))));
    double step = magnitude;
    for (const double m : { 1.0, 2.0, 2.5, 5.0, 10.0 }) {
        step = m * magnitude;
        const bool whole = !wholeSteps || step == std::floor(step);
        if (step >= wanted - 1e-9 && whole) {
            break;
        }
    }
    return { fit, step * (fit - 1) };
}

void ChartLayout::applyValueTicks(
    QChart *chart, QValueAxis *y, QValueAxis &scratch, double upper, bool wholeSteps)
{
    scratch.setRange(0, upper);
    scratch.setTickCount(kMaxValueTicks);
    scratch.applyNiceNumbers();
    const Ticks ticks = fitValueTicks(chart->plotArea().height(), valueLabelRoom(y->labelsFont()),
        scratch.tickCount(), scratch.max(), wholeSteps);
    if (ticks.max != y->max() || y->min() != 0) {
        y->setRange(0, ticks.max); // QtCharts relabels a new range by itself
    }
    if (ticks.count != y->tickCount()) {
        y->setTickCount(ticks.count);
        // It invalidates its layout on a new tick count but may not lay the axis out again: a
        // layout now, only when the count changes (not at every refresh).
        chart->layout()->invalidate();
        chart->layout()->activate();
    }
}

bool ChartLayout::tooShortForLegendRow(int viewHeight, const QFont &font)
{
    // In ems, not in lines: a Chinese line is a quarter taller than an English one at the same
    // size, but the legend's row of short labels is not; 1600×1000 at 150 % keeps its row.
    return viewHeight < 11 * QFontInfo(font).pixelSize();
}

bool ChartLayout::roomForAxisTitle(int viewHeight, const QFont &font)
{
    // A short chart (1280×720, a zoomed font) has no line to spare for "time" under clock
    // labels: QtCharts then cut the labels themselves to "…".
    return viewHeight >= 11 * QFontMetricsF(font).height();
}

double ChartLayout::timeLabelLeftRoom(const QChart *chart)
{
    // A time label on the plot's left end may stick out under the value labels, by half of
    // their column to be safe: past what QtCharts allows there it hides the label.
    return std::max(0.0, (chart->plotArea().left() - chart->margins().left()) / 2);
}

} // namespace Rblab
