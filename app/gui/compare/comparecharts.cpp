// SPDX-License-Identifier: Apache-2.0
#include "compare/comparecharts.h"

#include "charts/chartlayout.h"
#include "charts/timeaxis.h"

#include <QCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QGraphicsLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLegend>
#include <QLineSeries>
#include <QPen>
#include <QResizeEvent>
#include <QTextDocument>
#include <QValueAxis>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace Rblab {

namespace {

// What each chart draws, in Chart's order.
constexpr ScorecardPoint::Measure kMeasures[CompareCharts::ChartCount]
    = { ScorecardPoint::Measure::Lag, ScorecardPoint::Measure::CachedMessages,
          ScorecardPoint::Measure::ExposedQueues };

} // namespace

CompareCharts::CompareCharts(QWidget *parent) : QWidget(parent)
{
    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->setSpacing(0);
    auto *layout = new QHBoxLayout;
    layout->setSpacing(2);
    outer->addLayout(layout, 1);
    // One legend under all three charts: the panes' colours are the same in each. A chart's own
    // legend had a third of the width and cut the names ("CONSISTEN…", "AVG_BY_CI…"); this one
    // keeps every name whole and wraps between entries when the window is narrow.
    m_legend = new QLabel(this);
    m_legend->setTextFormat(Qt::RichText);
    m_legend->setWordWrap(true);
    m_legend->setAlignment(Qt::AlignCenter);
    outer->addWidget(m_legend);
    for (int c = 0; c < ChartCount; ++c) {
        auto *chart = new QChart; // the view owns it
        chart->legend()->setVisible(false);
        chart->setMargins(QMargins(2, 2, 2, 2));
        // The clock (m:ss, h:mm:ss) on round steps, as the main charts: not raw seconds with
        // odd ticks (130, 260, 390).
        auto *time = new QCategoryAxis;
        time->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
        auto *value = new QValueAxis;
        value->setLabelFormat(QStringLiteral("%.0f"));
        value->setTickCount(5);
        chart->addAxis(time, Qt::AlignBottom);
        chart->addAxis(value, Qt::AlignLeft);
        auto *view = new QChartView(chart, this);
        view->setRenderHint(QPainter::Antialiasing);
        view->setMinimumSize(160, 140);
        layout->addWidget(view);
        // The clock's ticks follow the plot's width as the chart lays it out (a resize reaches
        // the views after this widget, and new value labels change the plot's width).
        connect(chart, &QChart::plotAreaChanged, this, [this, c] { fitTimeAxis(c); });
        m_charts.append(chart);
        m_timeAxes.append(time);
        m_valueAxes.append(value);
        m_lines.append(QList<QLineSeries *>());
    }
    retranslate();
}

void CompareCharts::renamePanes(const QStringList &names)
{
    setLegend(names, m_legendColors);
    for (int c = 0; c < ChartCount; ++c) {
        for (qsizetype p = 0; p < m_lines[c].size() && p < names.size(); ++p) {
            m_lines[c][p]->setName(names.at(p));
        }
    }
}

void CompareCharts::setLegend(const QStringList &names, const QList<QColor> &colors)
{
    QStringList entries;
    for (qsizetype p = 0; p < names.size(); ++p) {
        // Non-breaking inside an entry, so that a narrow window wraps only between entries.
        QString name = names.at(p).toHtmlEscaped();
        name.replace(QLatin1Char(' '), QStringLiteral("&nbsp;"));
        entries.append(QStringLiteral("<span style=\"color:%1\">&#9644;</span>&nbsp;%2")
                           .arg(colors.value(p, Qt::black).name(), name));
    }
    m_legend->setText(entries.join(QStringLiteral(" &nbsp; &nbsp; ")));
    m_legendNames = names;
    m_legendColors = colors;
}

void CompareCharts::setPanes(const QStringList &names, const QList<QColor> &colors)
{
    setLegend(names, colors);
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
                const double y = point.value(kMeasures[c]);
                top = std::max(top, y);
                points.append(QPointF(double(point.t) / 1000.0, y));
            }
            // replace(), once per line per refresh (architecture.md: never clear() + append()).
            m_lines[c].at(p)->replace(points);
        }
        m_tops[c] = top;
    }
    m_until = until;
    fitAxes();
}

void CompareCharts::fitAxes()
{
    for (int c = 0; c < ChartCount; ++c) {
        // Round whole ticks (0, 2, 4 … or 0, 250, 500 …) worked out on a scratch axis, then as
        // many as the plot's height has room for: a short plot (the replay at 1280×720) cut
        // five labels one above the other to "…" (architecture.md: QtCharts 6.4 may keep the
        // labels of an intermediate tick count, so the real axis gets only the result).
        ChartLayout::applyValueTicks(m_charts[c], m_valueAxes[c], m_scratchAxis,
            std::max(4.0, std::ceil(m_tops[c] * 1.1)), true);
        fitTimeAxis(c);
    }
}

void CompareCharts::fitTimeAxis(int c)
{
    if (c >= m_timeAxes.size()) {
        return; // still being built
    }
    // The plot's width once laid out; before that, the view's less the value labels' room.
    double pixels = m_charts[c]->plotArea().width();
    if (pixels < 20) {
        pixels = std::max(40.0, double(m_charts[c]->size().width()) - 60.0);
    }
    const QStringList before = m_timeAxes[c]->categoriesLabels();
    TimeAxis::apply(m_timeAxes[c], 0, std::max(1.0, double(m_until) / 1000.0), pixels,
        QFontMetricsF(m_timeAxes[c]->labelsFont()), ChartLayout::timeLabelLeftRoom(m_charts[c]));
    if (m_timeAxes[c]->categoriesLabels() != before) {
        // QtCharts 6.4 elides a category axis' labels when it lays the axis out and may keep
        // the text of the previous categories ("0:…" six times where three labels fit): lay it
        // out again, later (this may run inside the chart's own layout).
        m_charts[c]->layout()->invalidate();
    }
}

bool CompareCharts::timeLabelsWhole(Chart chart) const
{
    // HorizontalAxis gives each label the plot's width over the labels plus one, less 8 px.
    const QStringList labels = m_timeAxes.at(chart)->categoriesLabels();
    const QFontMetricsF metrics(m_timeAxes.at(chart)->labelsFont());
    const double room = m_charts.at(chart)->plotArea().width() / double(labels.size() + 1) - 8;
    for (const QString &label : labels) {
        if (metrics.horizontalAdvance(label) > room + 0.5) {
            return false;
        }
    }
    return true;
}

bool CompareCharts::valueLabelsWhole(Chart chart) const
{
    // VerticalAxis cuts every label to "…" when the axis' height over its ticks, less the
    // padding, is shorter than a label.
    const QValueAxis *y = m_valueAxes.at(chart);
    const double perTick = m_charts.at(chart)->plotArea().height() / std::max(1, y->tickCount());
    return perTick >= ChartLayout::valueLabelRoom(y->labelsFont()) - 0.5;
}

void CompareCharts::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    fitAxes();
}

QStringList CompareCharts::timeLabels(Chart chart) const
{
    return m_timeAxes.at(chart)->categoriesLabels();
}

bool CompareCharts::legendShowsWhole(const QString &name) const
{
    // The label's plain text has the names whole (no eliding), and it is tall enough for the
    // lines its width wraps it into.
    QTextDocument document;
    document.setHtml(m_legend->text());
    const QString plain = document.toPlainText().replace(QChar::Nbsp, QLatin1Char(' '));
    return m_legendNames.contains(name) && plain.contains(name)
        && m_legend->height() >= m_legend->heightForWidth(m_legend->width());
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
        m_timeAxes[c]->setTitleText(tr("time"));
    }
}

} // namespace Rblab
