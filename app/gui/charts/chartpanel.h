// SPDX-License-Identifier: Apache-2.0
// The charts under the assignment view, on the simulation clock.
#pragma once

#include "charts/chartlayout.h"
#include "charts/chartseries.h"

#include <QList>
#include <QTimer>
#include <QValueAxis>
#include <QWidget>

#include <limits>

class QAbstractSeries;
class QChart;
class QLabel;
class QLineSeries;
class QScatterSeries;
class QSplitter;
class QTabWidget;
class QCategoryAxis;
class QValueAxis;

namespace Rblab {

class SimulationController;
class ThresholdNote;
class TimeChartView;

/*!
    Five QtCharts charts in two tab groups side by side: per consumer (largest queue cache in
    messages and in MiB against the flow-control thresholds, which a ThresholdNote keeps
    readable even when far off the scale, lag) and for the group (flow-control
    holds per second by cause, unassigned and double-owned queues, and for POP groups the
    messages in flight and invisible, acked, revived and redelivered), each with the rebalances
    marked along the time axis. While playing the time axis slides with the clock; when paused
    the user pans (drag) and zooms (wheel); a double click follows the clock again. Clicking a
    legend entry hides its series.

    Refreshes on a coalescing timer, only the charts on screen, with one replace() per series of
    points decimated to the plot's pixels (QtCharts' append per point is quadratic).
*/
class ChartPanel : public QWidget
{
    Q_OBJECT

public:
    enum Kind { CacheMessages, CacheMiB, Lag, FlowHolds, Ownership, PopFigures, KindCount };

    explicit ChartPanel(const SimulationController &controller, QWidget *parent = nullptr);

    //! Shows a chart (its tab comes to the front).
    void showChart(Kind kind);
    /*!
        The charts follow one consumer group (index into the catalog's groups: its members'
        lines, its own flow control, ownership health, POP figures and rebalances, its name in
        every title), or the whole world (-1).
    */
    void setGroup(qint32 group);
    qint32 group() const { return m_group; }
    //! Whether a chart's tab is offered (the POP chart only when a POP group is in view; the
    //! cache and lag charts not for an observed world, isMeasured()).
    bool isChartAvailable(Kind kind) const;
    /*!
        Whether the run in view measures what a chart draws: an observed world's client logs
        record no cache size and no lag, so its cache and lag charts are not drawn (no series)
        and the panel says why in their place (unmeasuredText()), never a line at 0. A live
        group's clients report no count of held pulls: no flow-control holds chart.
    */
    bool isMeasured(Kind kind) const;
    //! What the panel shows instead of the charts an observed world cannot draw (else empty).
    QString unmeasuredText() const;
    //! Refreshes every chart now (tests, export).
    void refreshAll();
    /*!
        Refreshes every chart until their layouts hold still (a still picture: screenshots,
        exported images). A refresh can move a plot area (the legend beside the plot, fewer
        value ticks); the refresh that fits the new area otherwise waits for the timer, after
        the picture was taken with labels cut to "…".
    */
    void settle();
    QChart *chart(Kind kind) const;
    //! The visible time range, seconds.
    QPair<double, double> timeRange() const { return { m_x0, m_x1 }; }
    bool isFollowing() const { return m_follow; }
    void setWindow(double seconds);
    const ChartSeries &series() const { return m_data; }
    //! The threshold note of a cache chart as shown now (empty when none), and whether the
    //! threshold line is drawn (tests).
    QString thresholdText(Kind kind) const;
    bool isThresholdLineShown(Kind kind) const;
    //! Where a cache chart's threshold note is drawn, and the plot, in the chart's coordinates.
    QRectF thresholdNoteArea(Kind kind) const;
    //! Whether a chart's legend is listed beside the plot (it did not fit under it).
    bool isLegendBeside(Kind kind) const;
    //! The width a consumer's name may take in a legend beside the plot (tests).
    double consumerNameRoom(Kind kind) const;
    //! The entries a legend beside the plot lists one above the other without one drawn past
    //! the chart's edge (tests).
    int legendRows(Kind kind) const;
    //! Ticks (and labels) on the value axis now: fewer than five on a short plot.
    int valueTickCount(Kind kind) const;
    //! The panel as an image (for "Export charts as PNG").
    QImage grabImage();

protected:
    void changeEvent(QEvent *event) override;

private:
    struct Chart
    {
        Kind kind = CacheMessages;
        QChart *chart = nullptr;
        QCategoryAxis *x = nullptr; //!< time, labelled by TimeAxis
        QValueAxis *y = nullptr;
        QList<QLineSeries *> lines;
        QLineSeries *threshold = nullptr;
        ThresholdNote *note = nullptr; //!< cache charts: the threshold, named or off scale
        QScatterSeries *rebalances = nullptr;
        TimeChartView *view = nullptr;
        int consumerLines = -1; //!< consumers the lines were made for (-1: aggregate lines)
        QList<qint32> consumerIds; //!< their catalog indexes, one a line
        qsizetype namePrefix = 0; //!< the start all consumer names share (CardNames)
        ChartLayout layout; //!< its legend's listing, and the room for its labels
        //! Consumer lines whose entries fit one above the other beside the plot (with the
        //! threshold's when it is listed); more consumers than this get the highest and the mean.
        int lineRoom = std::numeric_limits<int>::max();
    };
    //! The threshold of a cache chart as one refresh draws it.
    struct Threshold
    {
        double value = 0;
        bool shown = false; //!< the line is drawn (the caches come near it)
    };

    void handleRunStarted();
    //! Derives the columns again for the group in view (after a new run, a new group).
    void applyScope();
    QString titleOf(Kind kind) const;
    void updatePopTab();
    void handleFrame();
    void scheduleRefresh();
    void refreshVisible();
    void refresh(Chart &chart);
    //! Replaces every line's points with the columns of the visible range; returns the highest
    //! point of the visible lines.
    double fillLines(Chart &chart, int pixels);
    //! The broker's lines join the flow chart's legend once a broker has pushed back.
    void listBrokerLines(Chart &chart);
    //! Draws a cache chart's threshold line when the caches come near it; raises `top` to it.
    Threshold updateThreshold(Chart &chart, double *top);
    void markRebalances(Chart &chart, int pixels);
    //! Fits the axes to the data's `top` (with head-room for the threshold note) and the plot.
    void fitAxes(Chart &chart, double top, double peak, Threshold threshold, int pixels);
    void rebuildLines(Chart &chart);
    //! The consumers a per-consumer chart draws a line each for, in catalog order; `wanted` is
    //! their count, or -1 for the highest and the mean instead.
    QList<qint32> consumerLinesWanted(const Chart &chart, int *wanted) const;
    void removeLines(Chart &chart);
    //! Adds the chart's lines; consumer lines in `hidden` start hidden.
    void addLines(Chart &chart, const QList<qint32> &hidden);
    void connectLegend(Chart &chart);
    //! Lays the legend out again when its chart's size, font or entries changed, and puts a
    //! group chart's legend under the plot when it fits there on one row and the chart is not
    //! short, else beside.
    void fitLegend(Chart &chart);
    //! Consumer lines' legend names that fit beside the plot: shortened as the cards shorten
    //! them ("1@1001" of "10.0.0.1@1001"), so the part that tells consumers apart stays.
    void fitConsumerNames(Chart &chart);
    void updateRange();
    void zoom(double factor, double anchor);
    void pan(double seconds);
    void retranslate();
    void applyTheme();
    QLineSeries *addLine(
        Chart &chart, const QString &name, const QColor &color, Qt::PenStyle style = Qt::SolidLine);

    const SimulationController &m_controller;
    ChartSeries m_data;
    QList<Chart> m_charts;
    QSplitter *m_splitter = nullptr;
    QTabWidget *m_left = nullptr;
    QTabWidget *m_right = nullptr;
    QLabel *m_unmeasured = nullptr; //!< in m_left's place for an observed world
    bool m_observed = false;
    bool m_live = false; //!< a live group: no flow-control holds chart (clients do not count them)
    QTimer m_refresh;
    QValueAxis m_scratchAxis; //!< where a value axis's round ticks are worked out
    quint64 m_refreshes = 0; //!< charts refreshed so far (settle() waits for a quiet turn)
    bool m_follow = true;
    double m_window = 120;
    double m_x0 = 0;
    double m_x1 = 120;
    qint32 m_group = -1;
};

} // namespace Rblab
