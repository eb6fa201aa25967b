// SPDX-License-Identifier: Apache-2.0
#include "charts/chartpanel.h"

#include "assignment/cardnames.h"

#include "simulation/simulationcontroller.h"
#include "charts/thresholdnote.h"
#include "charts/timeaxis.h"
#include "charts/timechartview.h"

#include <QChart>
#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QEvent>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLocale>
#include <QScatterSeries>
#include <QSplitter>
#include <QTabWidget>
#include <QCategoryAxis>
#include <QFontMetricsF>
#include <QLabel>
#include <QValueAxis>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <limits>

namespace Rblab {

namespace {

// Above this many consumers, a line each is a tangle: show the highest and the mean instead.
constexpr int kMaxConsumerLines = ChartSeries::kMaxConsumerColumns;
constexpr int kRefreshMs = 40;
constexpr int kSlowRefreshMs = 250;
constexpr double kMinWindow = 5;
constexpr double kMaxWindow = 24 * 3600;

QColor seriesColor(int i)
{
    // Tableau 10: distinct for the colour-blind and on a projector.
    static const QColor colors[] = { QColor(31, 119, 180), QColor(255, 127, 14),
        QColor(44, 160, 44), QColor(214, 39, 40), QColor(148, 103, 189), QColor(140, 86, 75),
        QColor(227, 119, 194), QColor(127, 127, 127), QColor(188, 189, 34), QColor(23, 190, 207) };
    return colors[i % 10];
}

ChartSeries::Metric metricOf(ChartPanel::Kind kind)
{
    switch (kind) {
    case ChartPanel::CacheMiB:
        return ChartSeries::CacheMiB;
    case ChartPanel::Lag:
        return ChartSeries::Lag;
    default:
        return ChartSeries::CacheMessages;
    }
}

bool perConsumer(ChartPanel::Kind kind)
{
    return kind == ChartPanel::CacheMessages || kind == ChartPanel::CacheMiB
        || kind == ChartPanel::Lag;
}

} // namespace

ChartPanel::ChartPanel(const SimulationController &controller, QWidget *parent)
    : QWidget(parent), m_controller(controller)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_splitter = new QSplitter(Qt::Horizontal, this);
    m_left = new QTabWidget(m_splitter);
    m_right = new QTabWidget(m_splitter);
    m_left->setDocumentMode(true);
    m_right->setDocumentMode(true);
    // An observed world's cache and lag charts would be lines at 0 the logs never measured:
    // this note stands in their place (issue 37 item 5).
    m_unmeasured = new QLabel(m_splitter);
    m_unmeasured->setObjectName(QStringLiteral("UnmeasuredCharts"));
    m_unmeasured->setWordWrap(true);
    m_unmeasured->setAlignment(Qt::AlignCenter);
    m_unmeasured->setMargin(16);
    m_unmeasured->setForegroundRole(QPalette::PlaceholderText);
    m_unmeasured->hide();
    m_splitter->addWidget(m_unmeasured);
    m_splitter->addWidget(m_left);
    m_splitter->addWidget(m_right);
    layout->addWidget(m_splitter);

    for (int k = 0; k < KindCount; ++k) {
        Chart c;
        c.kind = Kind(k);
        c.chart = new QChart; // the view owns it
        c.chart->setAnimationOptions(QChart::NoAnimation);
        c.chart->setMargins(QMargins(4, 2, 4, 2));
        // Consumer names are long and many: listed at the right they stay whole; the group
        // charts have three short entries, which fit under the plot.
        // The POP chart's five entries do not fit under a narrow plot either.
        c.chart->legend()->setAlignment(
            perConsumer(Kind(k)) || k == PopFigures ? Qt::AlignRight : Qt::AlignBottom);
        // Lines as lines and the rebalance marks as triangles: the legend reads like the plot.
        c.chart->legend()->setMarkerShape(QLegend::MarkerShapeFromSeries);
        c.x = new QCategoryAxis(c.chart);
        c.x->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
        c.y = new QValueAxis(c.chart);
        c.y->setLabelFormat(k == CacheMiB ? QStringLiteral("%.1f") : QStringLiteral("%.0f"));
        c.y->setTickCount(5);
        c.chart->addAxis(c.x, Qt::AlignBottom);
        c.chart->addAxis(c.y, Qt::AlignLeft);
        c.rebalances = new QScatterSeries(c.chart);
        c.rebalances->setMarkerShape(QScatterSeries::MarkerShapeTriangle);
        c.rebalances->setMarkerSize(ChartLayout::kRebalanceMarkerSize);
        if (k == CacheMessages || k == CacheMiB) {
            c.note = new ThresholdNote(c.chart);
        }
        // The note is placed against the plot and the time labels are spaced for its width:
        // follow the plot when the layout moves it.
        connect(c.chart, &QChart::plotAreaChanged, this, &ChartPanel::scheduleRefresh);
        c.layout = ChartLayout(c.chart, c.rebalances);
        c.view = new TimeChartView(c.chart, this);
        c.view->setMinimumHeight(160);
        connect(c.view, &TimeChartView::zoomRequested, this, &ChartPanel::zoom);
        connect(c.view, &TimeChartView::panRequested, this, &ChartPanel::pan);
        connect(c.view, &TimeChartView::followRequested, this, [this] {
            m_follow = true;
            updateRange();
            refreshVisible();
        });
        m_charts.append(c);
        (perConsumer(Kind(k)) ? m_left : m_right)->addTab(c.view, QString());
    }
    for (Chart &c : m_charts) {
        rebuildLines(c);
    }
    m_refresh.setSingleShot(true);
    m_refresh.setInterval(kRefreshMs);
    connect(&m_refresh, &QTimer::timeout, this, &ChartPanel::refreshVisible);
    connect(m_left, &QTabWidget::currentChanged, this, &ChartPanel::refreshVisible);
    connect(m_right, &QTabWidget::currentChanged, this, &ChartPanel::refreshVisible);
    connect(&controller, &SimulationController::runStarted, this, &ChartPanel::handleRunStarted);
    connect(&controller, &SimulationController::frameUpdated, this, &ChartPanel::handleFrame);
    connect(&controller, &SimulationController::rewound, this, [this] {
        // The charts show the chosen moment: the columns up to it, derived again.
        m_data.clear();
        m_data.update(m_controller.samples(), m_controller.historyRevision(),
            m_controller.lastFrame().departures);
        m_data.appendEvents(m_controller.events());
        for (Chart &c : m_charts) {
            rebuildLines(c);
        }
        scheduleRefresh();
    });
    connect(&controller, &SimulationController::playingChanged, this, [this](bool playing) {
        if (playing) {
            m_follow = true;
        }
        scheduleRefresh();
    });
    applyTheme();
    retranslate();
    updatePopTab();
}

QChart *ChartPanel::chart(Kind kind) const
{
    return m_charts.at(kind).chart;
}

void ChartPanel::showChart(Kind kind)
{
    QTabWidget *tabs = perConsumer(kind) ? m_left : m_right;
    tabs->setCurrentWidget(m_charts.at(kind).view);
}

namespace {

const char *const kTitles[ChartPanel::KindCount] = {
    QT_TRANSLATE_NOOP("Rblab::ChartPanel", "Cache per consumer (messages, largest queue)"),
    QT_TRANSLATE_NOOP("Rblab::ChartPanel", "Cache per consumer (MiB, largest queue)"),
    QT_TRANSLATE_NOOP("Rblab::ChartPanel", "Lag per consumer (messages)"),
    QT_TRANSLATE_NOOP("Rblab::ChartPanel", "Flow-control holds per second"),
    QT_TRANSLATE_NOOP("Rblab::ChartPanel", "Ownership health (queues)"),
    QT_TRANSLATE_NOOP("Rblab::ChartPanel", "POP messages (dashed: per second)"),
};

} // namespace

QString ChartPanel::titleOf(Kind kind) const
{
    const QString title = tr(kTitles[kind]);
    const CatalogPtr catalog = m_controller.catalog();
    if (m_group >= 0 && catalog && m_group < catalog->groups.size()) {
        // The group first: a narrow chart elides the end of its title, never whose it is.
        //: A chart's title for the group in view: %1 the consumer group's name, %2 the chart.
        return tr("%1: %2").arg(catalog->groups.at(m_group).name, title);
    }
    return title;
}

void ChartPanel::retranslate()
{
    static const char *const tabs[KindCount] = {
        QT_TR_NOOP("Cache"),
        QT_TR_NOOP("Cache MiB"),
        QT_TR_NOOP("Lag"),
        QT_TR_NOOP("Flow control"),
        QT_TR_NOOP("Ownership"),
        QT_TR_NOOP("POP"),
    };
    m_unmeasured->setText(tr("Cache and lag per consumer are not drawn: client logs do not record "
                             "cache sizes (messages or bytes), offsets or lag. The flow control "
                             "and ownership charts show what the logs do record."));
    for (Chart &c : m_charts) {
        c.chart->setTitle(titleOf(c.kind));
        QTabWidget *tabWidget = perConsumer(c.kind) ? m_left : m_right;
        tabWidget->setTabText(tabWidget->indexOf(c.view), tr(tabs[c.kind]));
        tabWidget->setTabToolTip(tabWidget->indexOf(c.view), titleOf(c.kind));
        c.x->setTitleText(tr("time"));
        c.rebalances->setName(tr("rebalance"));
        c.view->setToolTip(
            tr("Wheel: zoom the time axis. Drag (paused): pan. Double-click: follow the clock. "
               "Click a legend entry to hide its line."));
        c.consumerLines = -2; // names are translated too: rebuild
        rebuildLines(c);
    }
    refreshAll();
}

void ChartPanel::applyTheme()
{
    const bool dark = palette().color(QPalette::Window).lightnessF() < 0.5;
    for (Chart &c : m_charts) {
        c.chart->setTheme(dark ? QChart::ChartThemeDark : QChart::ChartThemeLight);
        c.chart->setBackgroundBrush(palette().color(QPalette::Base));
        c.chart->setTitleBrush(palette().color(QPalette::WindowText));
        c.chart->legend()->setLabelColor(palette().color(QPalette::WindowText));
        QFont title = font();
        title.setBold(true);
        c.chart->setTitleFont(title);
        QFont small = font();
        small.setPointSizeF(font().pointSizeF() * 0.85);
        // Many consumers share one legend row: a smaller font, and the full name on hover.
        c.chart->legend()->setFont(small);
        c.chart->legend()->setShowToolTips(true);
        // Rebalance marks in a neutral ink: amber is the flow-control count's colour.
        const QColor ink = palette().color(QPalette::WindowText);
        c.rebalances->setColor(dark ? ink.darker(130) : QColor(110, 110, 120));
        c.rebalances->setBorderColor(dark ? ink : QColor(40, 40, 50));
        // Axis numbers at the interface's size: read from the back of a classroom.
        c.x->setLabelsFont(font());
        // Category labels laid out in the old font stay elided ("…" at a 150 % zoom): made
        // again at the next refresh.
        for (const QString &label : c.x->categoriesLabels()) {
            c.x->remove(label);
        }
        c.y->setLabelsFont(font());
        c.x->setTitleFont(small);
        if (c.note) {
            c.note->setStyle(
                font(), palette().color(QPalette::WindowText), palette().color(QPalette::Base));
        }
        // setTheme resets series colours; restore ours.
        c.consumerLines = -2;
        rebuildLines(c);
    }
}

QLineSeries *ChartPanel::addLine(
    Chart &c, const QString &name, const QColor &color, Qt::PenStyle style)
{
    auto *line = new QLineSeries(c.chart);
    line->setName(name);
    QPen pen(color, style == Qt::SolidLine ? 2 : 1.5, style);
    line->setPen(pen);
    c.chart->addSeries(line);
    line->attachAxis(c.x);
    line->attachAxis(c.y);
    c.lines.append(line);
    return line;
}

QList<qint32> ChartPanel::consumerLinesWanted(const Chart &c, int *wanted) const
{
    // A line each for the consumers alive in the visible range (after hours of churn: the
    // three or four of the last minutes, not the hundreds the run created), the highest and
    // the mean when there are more than fit.
    *wanted = 0;
    QList<qint32> ids;
    if (!perConsumer(c.kind)) {
        return ids;
    }
    const CatalogPtr catalog = m_controller.catalog();
    // (Before the first range is set, every consumer with columns.)
    const QList<int> visible
        = m_data.consumersIn(m_x0, m_x1 > m_x0 ? m_x1 : std::numeric_limits<double>::infinity());
    // (And no more lines than the legend beside the plot lists whole: at presenter zoom on
    // 1280×720 the fifth consumer and the rebalance marks were drawn under the chart's edge.)
    if (m_data.tooManyConsumers() || visible.size() > std::min(kMaxConsumerLines, c.lineRoom)) {
        *wanted = -1;
        return ids;
    }
    for (int i : visible) {
        const qint32 id = m_data.consumerAt(i);
        if (catalog && id >= 0 && id < catalog->consumers.size()) {
            ids.append(id);
        }
    }
    std::sort(ids.begin(), ids.end());
    *wanted = int(ids.size());
    return ids;
}

void ChartPanel::rebuildLines(Chart &c)
{
    if (!isMeasured(c.kind)) {
        // Not drawn at all: no line, no threshold, no rebalance marks.
        if (!c.chart->series().isEmpty()) {
            removeLines(c);
        }
        c.consumerLines = -2; // made again when a run measures it
        c.consumerIds.clear();
        return;
    }
    int wanted = 0;
    const QList<qint32> ids = consumerLinesWanted(c, &wanted);
    // (Compared element by element: Qt 6.4's QList<int>::operator== hands an empty list's
    // null data to memcmp.)
    if (c.consumerLines == wanted
        && std::equal(ids.cbegin(), ids.cend(), c.consumerIds.cbegin(), c.consumerIds.cend())) {
        return;
    }
    // A consumer line the user hid (legend click) stays hidden when the lines are made again.
    QList<qint32> hidden;
    for (int i = 0; i < c.consumerIds.size() && i < c.lines.size(); ++i) {
        if (!c.lines.at(i)->isVisible()) {
            hidden.append(c.consumerIds.at(i));
        }
    }
    c.consumerLines = wanted;
    c.consumerIds = ids;
    const CatalogPtr catalog = m_controller.catalog();
    if (catalog && !ids.isEmpty()) {
        QStringList names;
        for (const ConsumerInfo &info : catalog->consumers) {
            names.append(info.name);
        }
        c.namePrefix = CardNames::commonPrefixLength(names);
    }
    removeLines(c);
    addLines(c, hidden);
    c.chart->addSeries(c.rebalances);
    c.rebalances->attachAxis(c.x);
    c.rebalances->attachAxis(c.y);
    connectLegend(c);
    for (QLineSeries *line : std::as_const(c.lines)) {
        if (!line->isVisible()) {
            // Hidden from the start: its legend entry stays, dimmed, to be clicked.
            for (QLegendMarker *marker : c.chart->legend()->markers(line)) {
                marker->setVisible(true);
                QColor label = marker->labelBrush().color();
                label.setAlphaF(0.4);
                marker->setLabelBrush(label);
            }
        }
    }
}

void ChartPanel::removeLines(Chart &c)
{
    for (QLineSeries *line : std::as_const(c.lines)) {
        c.chart->removeSeries(line);
        delete line;
    }
    c.lines.clear();
    c.layout.forgetListing(); // (their series are gone)
    if (c.threshold) {
        c.chart->removeSeries(c.threshold);
        delete c.threshold;
        c.threshold = nullptr;
    }
    if (c.chart->series().contains(c.rebalances)) {
        c.chart->removeSeries(c.rebalances);
    }
}

void ChartPanel::addLines(Chart &c, const QList<qint32> &hidden)
{
    const CatalogPtr catalog = m_controller.catalog();
    switch (c.kind) {
    case CacheMessages:
    case CacheMiB:
    case Lag:
        if (c.consumerLines >= 0) {
            for (qint32 id : std::as_const(c.consumerIds)) {
                // A consumer keeps its colour whether the world or its group is in view.
                addLine(c, catalog->consumers.at(id).name, seriesColor(id))
                    ->setVisible(!hidden.contains(id));
            }
        } else {
            addLine(c, tr("highest"), seriesColor(3));
            addLine(c, tr("mean"), seriesColor(0));
        }
        if (c.kind != Lag) {
            c.threshold = new QLineSeries(c.chart);
            c.threshold->setPen(QPen(palette().color(QPalette::WindowText), 1.5, Qt::DashLine));
            c.chart->addSeries(c.threshold);
            c.threshold->attachAxis(c.x);
            c.threshold->attachAxis(c.y);
        }
        break;
    case FlowHolds:
        addLine(c, tr("count"), QColor(245, 160, 0));
        addLine(c, tr("size"), QColor(215, 40, 30));
        addLine(c, tr("span"), QColor(190, 40, 200));
        // The broker's answers, dashed: the broker pushed back, the client did not hold.
        addLine(c, tr("broker: SYSTEM_BUSY"), QColor(30, 110, 220), Qt::DashLine);
        addLine(c, tr("broker: FLOW_CONTROL"), QColor(0, 150, 130), Qt::DashLine);
        break;
    case Ownership:
        // Equal counts are common (a mixed deploy orphans as many as it doubles): the dashed
        // line on the wider one keeps both visible.
        addLine(c, tr("unassigned"), QColor(215, 40, 30))->setPen(QPen(QColor(215, 40, 30), 4));
        addLine(c, tr("double-owned"), QColor(120, 0, 160), Qt::DashLine);
        break;
    case PopFigures:
        // Levels solid, rates dashed. Acks run at the consume rate, hundreds of times the
        // redeliveries: their line starts hidden (a click on the legend shows it).
        addLine(c, tr("in flight"), QColor(31, 119, 180));
        addLine(c, tr("invisible"), QColor(148, 103, 189));
        addLine(c, tr("acked/s"), QColor(44, 160, 44), Qt::DashLine)->setVisible(false);
        addLine(c, tr("revived/s"), QColor(255, 127, 14), Qt::DashLine);
        addLine(c, tr("redelivered/s"), QColor(214, 39, 40), Qt::DashLine);
        break;
    default:
        break;
    }
}

void ChartPanel::connectLegend(Chart &c)
{
    for (QLegendMarker *marker : c.chart->legend()->markers()) {
        disconnect(marker, &QLegendMarker::clicked, this, nullptr);
        connect(marker, &QLegendMarker::clicked, this, [marker] {
            // QtCharts' legend hides the marker with the series; keep it, dimmed, to click again.
            QAbstractSeries *series = marker->series();
            series->setVisible(!series->isVisible());
            marker->setVisible(true);
            QColor label = marker->labelBrush().color();
            label.setAlphaF(series->isVisible() ? 1.0 : 0.4);
            marker->setLabelBrush(label);
        });
    }
}

void ChartPanel::handleRunStarted()
{
    m_follow = true;
    m_live = m_controller.isLive();
    const bool observed = m_controller.isObserved();
    if (observed != m_observed) {
        m_observed = observed;
        m_left->setVisible(!observed);
        m_unmeasured->setVisible(observed);
    }
    applyScope();
}

bool ChartPanel::isMeasured(Kind kind) const
{
    // A live group's clients report their caches, not how often they held pulls back.
    return !(m_observed && perConsumer(kind)) && !(m_live && kind == FlowHolds);
}

QString ChartPanel::unmeasuredText() const
{
    return m_observed ? m_unmeasured->text() : QString();
}

void ChartPanel::setGroup(qint32 group)
{
    group = qMax(-1, group);
    if (group == m_group) {
        return;
    }
    m_group = group;
    applyScope();
    m_data.update(m_controller.samples(), m_controller.historyRevision(),
        m_controller.lastFrame().departures);
    m_data.appendEvents(m_controller.events());
    scheduleRefresh();
}

void ChartPanel::applyScope()
{
    // The members of the group in view, in catalog order (a new run may have other groups).
    const CatalogPtr catalog = m_controller.catalog();
    QList<qint32> members;
    qint32 group = -1;
    if (m_group >= 0 && catalog && m_group < catalog->groups.size()) {
        group = m_group;
        for (qint32 c = 0; c < catalog->consumers.size(); ++c) {
            if (catalog->consumers.at(c).groupIndex == group) {
                members.append(c);
            }
        }
    }
    m_data.setScope(group, members);
    m_data.clear();
    for (Chart &c : m_charts) {
        c.consumerLines = -2; // other consumers, or other names
        rebuildLines(c);
        c.chart->setTitle(titleOf(c.kind));
        QTabWidget *tabWidget = perConsumer(c.kind) ? m_left : m_right;
        tabWidget->setTabToolTip(tabWidget->indexOf(c.view), titleOf(c.kind));
    }
    updatePopTab();
}

bool ChartPanel::isChartAvailable(Kind kind) const
{
    if (!isMeasured(kind)) {
        return false;
    }
    if (kind != PopFigures) {
        return true;
    }
    const CatalogPtr catalog = m_controller.catalog();
    if (!catalog) {
        return false;
    }
    if (m_data.scopeGroup() >= 0) {
        return catalog->group(m_data.scopeGroup()).pops;
    }
    return catalog->anyGroupPops();
}

void ChartPanel::updatePopTab()
{
    for (const Kind kind : { FlowHolds, PopFigures }) {
        const int index = m_right->indexOf(m_charts.at(kind).view);
        const bool available = isChartAvailable(kind);
        if (m_right->isTabVisible(index) != available) {
            m_right->setTabVisible(index, available);
        }
    }
}

void ChartPanel::handleFrame()
{
    const Frame &frame = m_controller.lastFrame();
    if (frame.rewound) {
        return; // rewound() has rebuilt the columns with this frame's samples
    }
    m_data.update(frame.samples, frame.historyRevision, frame.departures);
    if (!frame.newEvents.isEmpty()) {
        m_data.appendEvents(frame.newEvents);
    }
    scheduleRefresh();
}

void ChartPanel::scheduleRefresh()
{
    if (!m_refresh.isActive()) {
        // As often as the picture can move: while the time axis slides slower than a pixel
        // per refresh (1× on a two-minute window), up to kSlowRefreshMs apart; redrawing the
        // same lines 25 times a second was a quarter of the idle cost.
        const double pixels = qMax(50.0, m_charts.first().chart->plotArea().width());
        const double pixelsPerSecond
            = m_controller.isPlaying() ? pixels / qMax(1.0, m_window) * m_controller.speed() : 0;
        const int interval = pixelsPerSecond > 0
            ? int(qBound(double(kRefreshMs), 1000.0 / pixelsPerSecond, double(kSlowRefreshMs)))
            : kRefreshMs;
        m_refresh.start(interval);
    }
}

void ChartPanel::setWindow(double seconds)
{
    m_window = qBound(kMinWindow, seconds, kMaxWindow);
    updateRange();
    refreshVisible();
}

void ChartPanel::updateRange()
{
    if (m_follow) {
        const double now = double(m_controller.now()) / 1000.0;
        m_x1 = qMax(m_window, now);
        m_x0 = m_x1 - m_window;
    }
}

void ChartPanel::zoom(double factor, double anchor)
{
    const double width = qBound(kMinWindow, (m_x1 - m_x0) * factor, kMaxWindow);
    if (m_follow) {
        m_window = width;
    } else {
        const double left = anchor - (anchor - m_x0) * width / (m_x1 - m_x0);
        m_x0 = qMax(0.0, left);
        m_x1 = m_x0 + width;
    }
    updateRange();
    refreshVisible();
}

void ChartPanel::pan(double seconds)
{
    if (m_controller.isPlaying()) {
        return; // while playing the window follows the clock
    }
    m_follow = false;
    const double width = m_x1 - m_x0;
    m_x0 = qMax(0.0, m_x0 + seconds);
    m_x1 = m_x0 + width;
    refreshVisible();
}

void ChartPanel::refreshVisible()
{
    updateRange();
    for (Chart &c : m_charts) {
        if (c.view->isVisible() || !isVisible()) {
            refresh(c);
        }
    }
}

void ChartPanel::settle()
{
    refreshAll();
    for (int round = 0; round < 6; ++round) {
        // QtCharts lays a chart out on the event loop, and its plotAreaChanged starts the
        // refresh timer: let both happen, and do the timer's refresh at once. Settled when a
        // whole turn passes without a refresh.
        const quint64 before = m_refreshes;
        QDeadlineTimer turn(2 * kRefreshMs);
        while (!turn.hasExpired()) {
            QCoreApplication::processEvents(QEventLoop::AllEvents, int(turn.remainingTime()));
        }
        if (m_refresh.isActive()) {
            m_refresh.stop();
            refreshAll();
        } else if (m_refreshes == before) {
            return;
        }
    }
}

void ChartPanel::refreshAll()
{
    updateRange();
    for (Chart &c : m_charts) {
        refresh(c);
    }
}

void ChartPanel::refresh(Chart &c)
{
    ++m_refreshes;
    rebuildLines(c);
    if (!isMeasured(c.kind)) {
        return;
    }
    const int pixels = qMax(50, int(c.chart->plotArea().width()));
    double top = fillLines(c, pixels);
    if (c.kind == FlowHolds) {
        listBrokerLines(c);
    }
    const double peak = top;
    const Threshold threshold = updateThreshold(c, &top);
    fitConsumerNames(c);
    fitLegend(c);
    markRebalances(c, pixels);
    fitAxes(c, top, peak, threshold, pixels);
}

double ChartPanel::fillLines(Chart &c, int pixels)
{
    double top = 0;
    const ChartSeries::Metric metric = metricOf(c.kind);
    for (int i = 0; i < c.lines.size(); ++i) {
        const QList<float> *column = nullptr;
        qsizetype first = 0; //!< where in the times the column starts
        switch (c.kind) {
        case CacheMessages:
        case CacheMiB:
        case Lag:
            if (c.consumerLines >= 0) {
                const int at
                    = i < c.consumerIds.size() ? m_data.columnsOf(c.consumerIds.at(i)) : -1;
                column = at >= 0 ? &m_data.consumerColumn(at, metric) : nullptr;
                first = at >= 0 ? m_data.consumerFirst(at) : 0;
            } else {
                column = i == 0 ? &m_data.highest(metric) : &m_data.mean(metric);
            }
            break;
        case FlowHolds:
            column = &m_data.flowColumn(ChartSeries::Flow(i));
            break;
        case Ownership:
            column = i == 0 ? &m_data.orphaned() : &m_data.doubleOwned();
            break;
        case PopFigures:
            column = &m_data.popColumn(ChartSeries::Pop(i));
            break;
        default:
            break;
        }
        double lineTop = 0;
        c.lines.at(i)->replace(column
                ? m_data.decimate(*column, m_x0, m_x1, pixels, &lineTop, first)
                : QList<QPointF>());
        if (c.lines.at(i)->isVisible()) {
            top = qMax(top, lineTop);
        }
    }
    return top;
}

void ChartPanel::listBrokerLines(Chart &c)
{
    // Most runs have no push-back, and five entries do not fit the legend of a narrow chart.
    for (int i = ChartSeries::FlowSystemBusy; i < c.lines.size(); ++i) {
        const QList<float> &column = m_data.flowColumn(ChartSeries::Flow(i));
        const bool any = std::any_of(column.begin(), column.end(), [](float v) { return v > 0; });
        c.layout.setListed(c.lines.at(i), any);
    }
}

ChartPanel::Threshold ChartPanel::updateThreshold(Chart &c, double *top)
{
    Threshold threshold;
    if (!c.threshold) {
        return threshold;
    }
    threshold.value = c.kind == CacheMessages ? m_data.countThreshold() : m_data.sizeThreshold();
    // Drawn only when the caches come near it; otherwise the lines would be squashed flat
    // at the bottom of the chart, and the note says how far off it is instead.
    threshold.shown = ThresholdNote::lineInView(*top, threshold.value);
    c.threshold->replace(threshold.shown
            ? QList<QPointF> { { m_x0, threshold.value }, { m_x1, threshold.value } }
            : QList<QPointF>());
    const QString name = QStringLiteral("%1 = %2").arg(c.kind == CacheMessages
            ? QStringLiteral("pullThresholdForQueue")
            : QStringLiteral("pullThresholdSizeForQueue"),
        QLocale().toString(threshold.value));
    if (c.threshold->name() != name) {
        c.threshold->setName(name);
    }
    if (threshold.shown) {
        *top = qMax(*top, threshold.value);
    }
    // Its legend entry only with the line: off scale, the note names the threshold, and the
    // entry took a row of the legend beside a narrow plot ("pullThresholdForQueue = 1…").
    c.layout.setListed(c.threshold, threshold.shown);
    return threshold;
}

void ChartPanel::markRebalances(Chart &c, int pixels)
{
    // One triangle per three pixels at most: a storm of rounds is one mark, not a smear.
    QList<QPointF> marks;
    const QList<double> &rebalances = m_data.rebalanceTimes();
    const double perPixel = (m_x1 - m_x0) / pixels;
    double lastMark = -1e300;
    const auto begin = std::lower_bound(rebalances.begin(), rebalances.end(), m_x0);
    for (auto it = begin; it != rebalances.end() && *it <= m_x1; ++it) {
        if (*it - lastMark >= 3 * perPixel) {
            marks.append(QPointF(*it, 0));
            lastMark = *it;
        }
    }
    c.rebalances->replace(marks);
}

void ChartPanel::fitAxes(Chart &c, double top, double peak, Threshold threshold, int pixels)
{
    // An off-scale note takes the top of the plot: head-room for its height keeps it off the
    // data (a fixed quarter left a short plot's note over the peaks).
    double headroom = 1.08;
    QString thresholdText;
    if (c.note && threshold.value > 0) {
        thresholdText = c.kind == CacheMessages
            ? QLocale().toString(threshold.value)
            : tr("%1 MiB").arg(QLocale().toString(threshold.value));
        const QSizeF plot = c.chart->plotArea().size();
        const qreal note = threshold.shown
            ? 0
            : c.note->offScaleHeight(threshold.value, peak, thresholdText, plot);
        if (note > 0) {
            headroom = std::max(headroom, plot.height() / (plot.height() - note));
        }
    }
    const double yMax = top <= 0 ? 1.0 : top * headroom;
    TimeAxis::apply(c.x, m_x0, m_x1, pixels, QFontMetricsF(c.x->labelsFont()),
        ChartLayout::timeLabelLeftRoom(c.chart));
    const bool roomForTitle = ChartLayout::roomForAxisTitle(c.view->height(), font());
    if (c.x->isTitleVisible() != roomForTitle) {
        c.x->setTitleVisible(roomForTitle);
    }
    // Round bounds and ticks (0, 250, 500…): no repeated labels like "0, 1, 1, 2" (0, 25, 50,
    // 75, "1…" on an axis of two ticks when QtCharts kept an intermediate layout).
    ChartLayout::applyValueTicks(c.chart, c.y, m_scratchAxis,
        c.kind == CacheMiB ? yMax : std::max(4.0, std::ceil(yMax)), c.kind != CacheMiB);
    if (c.note) {
        c.note->update(c.threshold, threshold.value, peak, thresholdText);
    }
}

int ChartPanel::valueTickCount(Kind kind) const
{
    return m_charts.at(kind).y->tickCount();
}

double ChartPanel::consumerNameRoom(Kind kind) const
{
    return ChartLayout::consumerNameRoom(m_charts.at(kind).chart);
}

int ChartPanel::legendRows(Kind kind) const
{
    return ChartLayout::legendRows(m_charts.at(kind).chart);
}

void ChartPanel::fitConsumerNames(Chart &c)
{
    const CatalogPtr catalog = m_controller.catalog();
    if (!catalog || c.consumerLines <= 0) {
        return;
    }
    const QFontMetricsF metrics(c.chart->legend()->font());
    const double room = ChartLayout::consumerNameRoom(c.chart);
    for (int i = 0; i < c.consumerIds.size() && i < c.lines.size(); ++i) {
        const qint32 id = c.consumerIds.at(i);
        if (id < 0 || id >= catalog->consumers.size()) {
            continue;
        }
        const QString name
            = ChartLayout::legendName(catalog->consumers.at(id).name, c.namePrefix, metrics, room);
        if (c.lines.at(i)->name() != name) {
            c.lines.at(i)->setName(name);
        }
    }
}

void ChartPanel::fitLegend(Chart &c)
{
    if (!perConsumer(c.kind)) {
        // A group chart's few entries sit under the plot while they fit on one row.
        c.layout.placeGroupLegend(ChartLayout::tooShortForLegendRow(c.view->height(), font()));
    }
    // Beside the plot the entries stand one above the other, and QtCharts draws the ones past
    // the legend's height under the chart's edge: at 150 % on 1280×720 the rebalance entry was
    // cut in half, at 200 % two consumers were. The rebalance entry goes first; then more
    // consumers than fit get the highest and the mean instead of a line each.
    const int rows = c.layout.isLegendBeside() ? ChartLayout::legendRows(c.chart) : 0;
    if (c.layout.isLegendBeside() && perConsumer(c.kind)
        && rows != std::numeric_limits<int>::max()) {
        const bool thresholdListed = c.threshold && c.layout.isListed(c.threshold);
        const int lineRoom = std::max(2, rows - (thresholdListed ? 1 : 0));
        if (lineRoom != c.lineRoom) {
            c.lineRoom = lineRoom;
            scheduleRefresh(); // the lines are made again for it
        }
    }
    c.layout.listRebalances(rows);
    c.layout.relayoutLegend();
}

bool ChartPanel::isLegendBeside(Kind kind) const
{
    return m_charts.at(kind).layout.isLegendBeside();
}

QString ChartPanel::thresholdText(Kind kind) const
{
    const Chart &c = m_charts.at(kind);
    return c.note ? c.note->text() : QString();
}

QRectF ChartPanel::thresholdNoteArea(Kind kind) const
{
    const Chart &c = m_charts.at(kind);
    return c.note ? c.note->areaInChart() : QRectF();
}

bool ChartPanel::isThresholdLineShown(Kind kind) const
{
    const Chart &c = m_charts.at(kind);
    return c.threshold && c.threshold->count() > 0;
}

QImage ChartPanel::grabImage()
{
    refreshAll();
    return grab().toImage();
}

void ChartPanel::changeEvent(QEvent *event)
{
    switch (event->type()) {
    case QEvent::LanguageChange:
        retranslate();
        break;
    case QEvent::PaletteChange:
    case QEvent::FontChange:
        applyTheme();
        refreshAll();
        break;
    default:
        break;
    }
    QWidget::changeEvent(event);
}

} // namespace Rblab

#include "moc_chartpanel.cpp"
