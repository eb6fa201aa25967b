// SPDX-License-Identifier: Apache-2.0
#include "comparecharts.h"

#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QHBoxLayout>
#include <QLegend>
#include <QLineSeries>
#include <QPen>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace Rblab {

CompareCharts::CompareCharts(QWidget *parent) : QWidget(parent)
{
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    for (int c = 0; c < ChartCount; ++c) {
        auto *chart = new QChart; // the view owns it
        // One legend is enough (the panes' colours are the same in all three charts).
        chart->legend()->setVisible(c == Lag);
        chart->legend()->setAlignment(Qt::AlignBottom);
        QFont legendFont = chart->legend()->font();
        legendFont.setPointSizeF(legendFont.pointSizeF() * 0.85);
        chart->legend()->setFont(legendFont);
        chart->setMargins(QMargins(2, 2, 2, 2));
        auto *time = new QValueAxis;
        time->setLabelFormat(QStringLiteral("%.0f"));
        time->setTickCount(4);
        auto *value = new QValueAxis;
        value->setLabelFormat(QStringLiteral("%.0f"));
        value->setTickCount(5);
        chart->addAxis(time, Qt::AlignBottom);
        chart->addAxis(value, Qt::AlignLeft);
        auto *view = new QChartView(chart, this);
        view->setRenderHint(QPainter::Antialiasing);
        view->setMinimumSize(160, 140);
        layout->addWidget(view);
        m_charts.append(chart);
        m_timeAxes.append(time);
        m_valueAxes.append(value);
        m_lines.append(QList<QLineSeries *>());
    }
    retranslate();
}

void CompareCharts::setPanes(const QStringList &names, const QList<QColor> &colors)
{
    for (int c = 0; c < ChartCount; ++c) {
        for (QLineSeries *line : std::as_const(m_lines[c])) {
            m_charts[c]->removeSeries(line);
            delete line;
        }
        m_lines[c].clear();
        for (qsizetype p = 0; p < names.size(); ++p) {
            auto *line = new QLineSeries;
            line->setName(names.at(p));
            // A little translucent: where the panes agree the lines overlap and all show.
            QColor color = colors.value(p, Qt::black);
            color.setAlpha(200);
            QPen pen(color);
            pen.setWidthF(1.6);
            line->setPen(pen);
            m_charts[c]->addSeries(line);
            line->attachAxis(m_timeAxes[c]);
            line->attachAxis(m_valueAxes[c]);
            m_lines[c].append(line);
        }
    }
}

void CompareCharts::setSeries(
    const QList<QList<ScorecardPoint>> &series, SimTime until, const QList<bool> &exposedOnly)
{
    for (int c = 0; c < ChartCount; ++c) {
        double top = 1;
        for (qsizetype p = 0; p < m_lines[c].size(); ++p) {
            QList<QPointF> points;
            const QList<ScorecardPoint> &s
                = exposedOnly.value(p) && c != Exposed ? QList<ScorecardPoint>() : series.value(p);
            points.reserve(s.size());
            for (const ScorecardPoint &point : s) {
                double y = 0;
                switch (c) {
                case Lag:
                    y = double(point.lag);
                    break;
                case Cached:
                    y = double(point.cachedMessages);
                    break;
                default:
                    y = double(point.doubleOwnedQueues + point.unownedQueues);
                    break;
                }
                top = std::max(top, y);
                points.append(QPointF(double(point.t) / 1000.0, y));
            }
            // replace(), once per line per refresh (architecture.md: never clear() + append()).
            m_lines[c].at(p)->replace(points);
        }
        m_timeAxes[c]->setRange(0, std::max(1.0, double(until) / 1000.0));
        const double ceiling = std::ceil(top * 1.1);
        if (ceiling <= 4) {
            // Small counts: a tick per whole number (not 0, 0.5, 1 printed as 0, 1, 1).
            m_valueAxes[c]->setRange(0, std::max(1.0, ceiling));
            m_valueAxes[c]->setTickCount(int(std::max(1.0, ceiling)) + 1);
        } else {
            m_valueAxes[c]->setTickCount(5);
            m_valueAxes[c]->setRange(0, ceiling);
            m_valueAxes[c]->applyNiceNumbers(); // 0, 200, 400 rather than 0, 163, 325
        }
    }
}

qsizetype CompareCharts::pointCount(Chart chart, int pane) const
{
    return m_lines.at(chart).at(pane)->count();
}

int CompareCharts::lineCount(Chart chart) const
{
    return int(m_lines.at(chart).size());
}

void CompareCharts::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
    }
    QWidget::changeEvent(event);
}

void CompareCharts::retranslate()
{
    const QString titles[ChartCount]
        = { tr("Lag (messages)"), tr("Cached messages"), tr("Double-owned + unowned queues") };
    QFont font = m_charts.first()->titleFont();
    font.setPointSizeF(std::max(8.0, font.pointSizeF() * 0.9));
    for (int c = 0; c < ChartCount; ++c) {
        m_charts[c]->setTitle(titles[c]);
        m_charts[c]->setTitleFont(font);
        m_timeAxes[c]->setTitleText(tr("time (s)"));
    }
}

} // namespace Rblab
