// SPDX-License-Identifier: Apache-2.0
// Room for a chart's labels as QtCharts 6.4 lays them out: legend entries, value ticks, names.
#pragma once

#include <QList>
#include <QString>
#include <QtGlobal>

class QAbstractSeries;
class QChart;
class QFont;
class QFontMetricsF;
class QValueAxis;

namespace Rblab {

/*!
    QtCharts cuts a label that has no room to "…" (a consumer's name in the legend, every value
    label of a short plot, "rebal…"), and draws the legend entries past a legend's height under
    the chart's edge. ChartLayout works out beforehand, as QtCharts' LegendLayout,
    LegendMarkerItem and VerticalAxis measure, how much room there is: how many entries a legend
    beside the plot stacks, how wide a consumer's name may be there, how many value ticks the
    plot has room for, whether a group legend's row fits under the plot. The static functions
    measure; an instance keeps one chart's legend listing (the series left out for now) across
    the re-layouts QtCharts needs.

    The measures are pure functions of sizes and fonts (tst_chartlayout); the QChart overloads
    read those sizes off a laid-out chart.
*/
class ChartLayout
{
public:
    //! LegendMarkerItem: a margin each side of an entry, a space between marker and label.
    static constexpr double kEntryMargin = 3;
    static constexpr double kEntrySpace = 4;
    //! The rebalance marks' triangles: the tallest and widest marker of a legend.
    static constexpr double kRebalanceMarkerSize = 11;
    //! The most value ticks an axis shows (the nice numbers of a tall plot).
    static constexpr int kMaxValueTicks = 5;

    ChartLayout() = default;
    //! The layout of `chart`'s legend; `rebalances` is the series of its rebalance marks.
    ChartLayout(QChart *chart, QAbstractSeries *rebalances);

    //! Lists a series in the legend or leaves it out (kept across legend layouts).
    void setListed(QAbstractSeries *series, bool listed);
    bool isListed(QAbstractSeries *series) const { return !m_unlisted.contains(series); }
    //! The chart's series were made again: nothing is left out any more.
    void forgetListing() { m_unlisted.clear(); }
    /*!
        A group chart's few entries sit under the plot while they fit on one row and the chart
        is not `tooShort`; otherwise beside it, where each stays whole. The rebalance entry
        counts as listed: whether it is depends on this.
    */
    void placeGroupLegend(bool tooShort);
    bool isLegendBeside() const;
    /*!
        Beside the plot, the rebalance entry is listed when it fits whole and the other listed
        entries leave it one of the legend's `rows`; under it, always.
    */
    void listRebalances(int rows);
    /*!
        Lays the legend out again when the chart's size, the legend's font or its listed entries
        changed since the last time: QtCharts 6.4 does not always, and labels kept the width
        they were once cut to ("rebal…" with room to spare, or nothing at all in Chinese).
    */
    void relayoutLegend();

    //! The chart's width inside its margins and its layout's, where title, legend and plot go.
    static double contentWidth(const QChart *chart);
    /*!
        The entries a legend beside the plot stacks without one hanging past its bottom:
        LegendLayout stacks them from its top margin down, each as tall as its label or marker
        and its margins. Unbounded while the legend is not laid out yet.
    */
    static int legendRows(const QChart *chart);
    static int legendRows(double legendHeight, double topMargin, double labelHeight);
    /*!
        The width a consumer's name may take in a legend beside the plot: QtCharts gives that
        legend at most 40 % of the content width, less the legend's side margins and the
        entry's margins, marker (a line's is 1.5 × half the font's height) and spacing.
    */
    static double consumerNameRoom(const QChart *chart);
    static double consumerNameRoom(
        double contentWidth, double legendLeftMargin, double legendRightMargin, int fontHeight);
    //! `full` as the legend shows it in `room`: shortened as the cards shorten names
    //! ("1@1001" of "10.0.0.1@1001"), whole while the legend has no size yet.
    static QString legendName(
        const QString &full, qsizetype commonPrefix, const QFontMetricsF &metrics, double room);
    /*!
        How tall QtCharts draws a legend label (a QGraphicsTextItem with half a pixel of
        document margin), for Latin text and for text with CJK characters (their fallback
        font's line is taller): measured once per font.
    */
    static double legendLabelHeight(const QFont &font, bool cjk);
    static bool hasCjk(const QString &text);
    /*!
        The height QtCharts needs per value label in `font`: VerticalAxis gives each label the
        axis's height divided by the tick count, less 8 px of padding, and cuts a label of two
        characters or more to "…" when its text is taller than that.
    */
    static double valueLabelRoom(const QFont &font);
    struct Ticks
    {
        int count = kMaxValueTicks;
        double max = 0;
    };
    /*!
        The value ticks of an axis of `ticks` from 0 to `max` whose labels each have
        `labelRoom` in a plot `plotHeight` high: as they are where they fit, else fewer (two
        at least), each a round step (1, 2, 2.5 or 5 × 10^k; whole numbers when `wholeSteps`).
    */
    static Ticks fitValueTicks(
        double plotHeight, double labelRoom, int ticks, double max, bool wholeSteps);
    /*!
        Sets `y` of `chart` to [0, upper] on round ticks (0, 250, 500…), worked out on `scratch`
        (QtCharts 6.4 may lay the real axis out for an intermediate tick count and keep those
        labels), as many as the plot's height has room for (fitValueTicks). Cheap when
        unchanged: the chart is laid out again only when the tick count changes.
    */
    static void applyValueTicks(
        QChart *chart, QValueAxis *y, QValueAxis &scratch, double upper, bool wholeSteps);
    //! Under 11 ems high: a group legend's row under the plot would leave the plot a few pixels.
    static bool tooShortForLegendRow(int viewHeight, const QFont &font);
    //! Whether a chart view `viewHeight` high has a line to spare for the time axis's title.
    static bool roomForAxisTitle(int viewHeight, const QFont &font);
    //! How far a time label may stick out left of the plot: half the value labels' column.
    static double timeLabelLeftRoom(const QChart *chart);

private:
    QChart *m_chart = nullptr;
    QAbstractSeries *m_rebalances = nullptr;
    //! Series left out of the legend for now (a threshold off scale, a broker that never
    //! pushed back, the rebalance marks beside a short plot).
    QList<QAbstractSeries *> m_unlisted;
    size_t m_legendKey = 0; //!< size, font and entries the legend was last laid out for
};

} // namespace Rblab
