// SPDX-License-Identifier: Apache-2.0
// Compare mode's charts: one line per pane.
#pragma once

#include <report/scorecard.h>

#include <QValueAxis>
#include <QValueAxis>
#include <QWidget>

class QChart;
class QLabel;
class QChartView;
class QLineSeries;
class QCategoryAxis;

namespace Rblab {

/*!
    Three charts over the run so far, one line per pane in the pane's colour: the group's lag,
    its cached messages (Σ over live members) and its exposed queues (double-owned + unowned).
    The lines are the scorecard's series (at most GroupScorecard::kSeriesPoints points, each the
    worst of the samples it stands for), replaced whole on each refresh.
*/
class CompareCharts : public QWidget
{
    Q_OBJECT

public:
    enum Chart { Lag, Cached, Exposed, ChartCount };

    explicit CompareCharts(QWidget *parent = nullptr);

    void setPanes(const QStringList &names, const QList<QColor> &colors);
    //! The same panes under new names (a language switch): the lines keep their points.
    void renamePanes(const QStringList &names);
    //! One series per pane (empty when the pane has no such group); `until` ends the time axis.
    //! `exposedOnly[p]`: pane p draws in the Exposed chart only (imported logs have no lag and
    //! no cache: a line at zero there would read as a measurement).
    void setSeries(const QList<QList<ScorecardPoint>> &series, SimTime until,
        const QList<bool> &exposedOnly = {});
    //! Whether the legend under the charts shows pane `name` whole (tests).
    bool legendShowsWhole(const QString &name) const;
    //! Points of a line (tests).
    qsizetype pointCount(Chart chart, int pane) const;
    int lineCount(Chart chart) const;
    //! The time axis' tick labels of a chart, left to right (tests): the clock, as the main
    //! charts write it ("0:00", "2:00", "4:00").
    QStringList timeLabels(Chart chart) const;
    //! Whether a chart's value labels all have the height QtCharts needs not to cut them to "…"
    //! (tests).
    bool valueLabelsWhole(Chart chart) const;
    //! Whether the time axis' labels all have the width QtCharts gives them (tests).
    bool timeLabelsWhole(Chart chart) const;

protected:
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void retranslate();
    //! Fits each time axis' clock ticks to its plot's width (TimeAxis::apply) and each value
    //! axis' round ticks to its plot's height (ChartLayout::fitValueTicks).
    void fitAxes();
    void fitTimeAxis(int chart);

    QList<QChart *> m_charts;
    QList<QCategoryAxis *> m_timeAxes;
    SimTime m_until = 0;
    double m_tops[ChartCount] = { 1, 1, 1 }; //!< each chart's highest point
    QValueAxis m_scratchAxis; //!< works out round ticks without touching a drawn axis
    QList<QValueAxis *> m_valueAxes;
    void setLegend(const QStringList &names, const QList<QColor> &colors);

    QList<QList<QLineSeries *>> m_lines; //!< [chart][pane]
    QLabel *m_legend = nullptr;
    QStringList m_legendNames;
    QList<QColor> m_legendColors;
};

} // namespace Rblab
