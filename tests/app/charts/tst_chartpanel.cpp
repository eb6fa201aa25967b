// SPDX-License-Identifier: Apache-2.0
// ChartPanel on its own, on the real engine and plugins: what its charts list, scale and label
// at a classroom's sizes and languages (a projector's 1280×720 at presenter zoom, Chinese), the
// threshold note, the lines of the consumers in view, and the group in view.
#include <charts/chartlayout.h>
#include <charts/chartpanel.h>
#include <charts/thresholdnote.h>
#include <languagemanager.h>
#include <simulation/simulationcontroller.h>

#include <allocation/strategyregistry.h>
#include <run/simulation.h>
#include <scenario/scenarioreader.h>

#include <QApplication>
#include <QChart>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLocale>
#include <QSet>
#include <QStandardPaths>
#include <QTest>
#include <QValueAxis>

#include <algorithm>
#include <functional>
#include <memory>

using namespace Rblab;

class tst_ChartPanel : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void cacheChartSaysWhereTheThresholdIs();
    void flowLegendLabelsStayWhole_data();
    void flowLegendLabelsStayWhole();
    void thresholdNoteStaysInThePlot_data() { valueLabelsHaveALineEach_data(); }
    void thresholdNoteStaysInThePlot();
    void cacheLinesAreTheConsumersOfTheRange();
    void valueLabelsHaveALineEach_data();
    void valueLabelsHaveALineEach();
    void timeLabelsOfAStillPicture_data() { valueLabelsHaveALineEach_data(); }
    void timeLabelsOfAStillPicture();
    void consumerNamesFitTheLegend_data();
    void consumerNamesFitTheLegend();
    void chartsFollowTheGroupInView();

private:
    //! Runs `path` from the start, as the window opens a scenario; false when it cannot be read.
    bool open(const QString &path);
    //! The panel `size` big at the data row's language and zoom (the window's font × zoom).
    void showPanel(const QString &language, QSize size, int zoom);
    //! Shows chart `kind` (a ChartPanel::Kind) at the data row's language, panel size and zoom,
    //! two minutes into the default world (or `at` into `scenario`), settled.
    ChartPanel *showChartAt(
        int kind, const QString &scenario = QString(), SimTime at = 2 * kMinute);

    static inline const QString kDefaultScenario = QStringLiteral(":/scenarios/default.json");
    StrategyRegistry m_registry;
    LanguageManager m_languages;
    std::unique_ptr<SimulationController> m_controller;
    std::unique_ptr<ChartPanel> m_panel;
};

namespace {

/*!
    A row for a classroom screen: the window's language, size and zoom, and the size MainWindow
    gives the chart panel in it (measured there: the docks at the right, the assignment view
    above), as the window first lays it out and in a screenshot (MainWindow::takeScreenshot
    gives the charts 40 % of the centre). The panel's size differs with the language: Chinese
    labels and tabs are taller.
*/
void addScreen(const char *language, QSize window, int zoom, QSize panel, QSize stillPanel = {})
{
    const QString name = QStringLiteral("%1 %2x%3%4")
                             .arg(QLatin1String(language))
                             .arg(window.width())
                             .arg(window.height())
                             .arg(zoom == 100 ? QString() : QStringLiteral(" %1 %").arg(zoom));
    QTest::newRow(qPrintable(name))
        << QString::fromLatin1(language) << window << zoom << panel << stillPanel;
}

} // namespace

void tst_ChartPanel::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    StrategyRegistry::Sources sources;
    sources.user = false;
    sources.environment = false;
    m_registry.load(sources);
    QVERIFY2(
        m_registry.find(QStringLiteral("AVG")), "the AVG plugin must load from the build tree");
    QVERIFY(m_languages.setLanguage(QStringLiteral("en")));
}

void tst_ChartPanel::init()
{
    // As the window starts: the panel first (954×282 in a 1400×900 window), then the default
    // world, 30 s into it.
    m_controller = std::make_unique<SimulationController>(m_registry);
    m_panel = std::make_unique<ChartPanel>(*m_controller);
    m_panel->resize(954, 282);
    m_panel->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_panel.get()));
    QVERIFY(open(kDefaultScenario));
    m_controller->runTo(30 * kSecond);
    QVERIFY(m_controller->hasRun());
}

void tst_ChartPanel::cleanup()
{
    m_panel.reset();
    m_controller.reset();
    QVERIFY(m_languages.setLanguage(QStringLiteral("en")));
}

bool tst_ChartPanel::open(const QString &path)
{
    const ScenarioReadResult read = ScenarioReader::readFile(path, &m_registry);
    if (!read.ok()) {
        qWarning("%s", qPrintable(read.errorText()));
        return false;
    }
    m_controller->load(*read.scenario);
    return true;
}

void tst_ChartPanel::showPanel(const QString &language, QSize size, int zoom)
{
    if (!m_languages.setLanguage(language)) {
        qFatal("language %s is not installed", qPrintable(language));
    }
    m_panel->resize(size);
    if (!QTest::qWaitForWindowExposed(m_panel.get())) {
        qFatal("the panel was not exposed");
    }
    if (zoom != 100) {
        // WindowActions::setZoom: the application's font, scaled, on the window.
        QFont font = QApplication::font();
        font.setPointSizeF(font.pointSizeF() * zoom / 100.0);
        m_panel->setFont(font);
    }
}

void tst_ChartPanel::cacheChartSaysWhereTheThresholdIs()
{
    // Calm caches (a few messages against 1,000): no line squashing them, a note instead.
    ChartPanel *charts = m_panel.get();
    charts->refreshAll();
    QVERIFY(!charts->isThresholdLineShown(ChartPanel::CacheMessages));
    const QString calm = charts->thresholdText(ChartPanel::CacheMessages);
    QVERIFY2(calm.contains(QStringLiteral("1,000")) && calm.contains(QStringLiteral("off scale")),
        qPrintable(calm));
    // (The note is laid out for the plot it is on: the MiB chart's once its tab is shown.)
    charts->showChart(ChartPanel::CacheMiB);
    QTRY_VERIFY2(charts->thresholdText(ChartPanel::CacheMiB).contains(QStringLiteral("MiB")),
        qPrintable(charts->thresholdText(ChartPanel::CacheMiB)));
    charts->showChart(ChartPanel::CacheMessages);
    // The threshold's legend entry comes and goes with its line: the note says it meanwhile.
    const auto thresholdInLegend = [charts] {
        QChart *chart = charts->chart(ChartPanel::CacheMessages);
        int shown = 0;
        for (QAbstractSeries *series : chart->series()) {
            if (series->name().startsWith(QStringLiteral("pullThresholdForQueue = "))) {
                for (QLegendMarker *marker : chart->legend()->markers(series)) {
                    shown += marker->isVisible() ? 1 : 0;
                }
            }
        }
        return shown;
    };
    QCOMPARE(thresholdInLegend(), 0);

    // A consumer 30 times too slow fills its caches to the threshold: the line is drawn.
    QVERIFY(open(QStringLiteral(":/scenarios/slow-consumer-flow-control.json")));
    m_controller->runTo(3 * kMinute);
    charts->refreshAll();
    QVERIFY(charts->series().countThreshold() == 1000);
    QVERIFY(charts->isThresholdLineShown(ChartPanel::CacheMessages));
    QCOMPARE(charts->thresholdText(ChartPanel::CacheMessages), QStringLiteral("threshold 1,000"));
    QCOMPARE(thresholdInLegend(), 1);
    const auto axes = charts->chart(ChartPanel::CacheMessages)->axes(Qt::Vertical);
    QVERIFY(!axes.isEmpty());
    QVERIFY(qobject_cast<QValueAxis *>(axes.first())->max() >= 1000);
}

ChartPanel *tst_ChartPanel::showChartAt(int kind, const QString &scenario, SimTime at)
{
    QFETCH(QString, language);
    QFETCH(int, zoom);
    QFETCH(QSize, panel);
    showPanel(language, panel, zoom);
    if (!scenario.isEmpty() && !open(scenario)) {
        qFatal("%s could not be opened", qPrintable(scenario));
    }
    m_panel->showChart(ChartPanel::Kind(kind));
    m_controller->runTo(at);
    // Legends and notes lay themselves out on the event loop: the refreshes that fit them.
    m_panel->settle();
    return m_panel.get();
}

namespace {
QStringList cutLegendEntries(QChart *chart, int *drawn);
} // namespace

void tst_ChartPanel::flowLegendLabelsStayWhole_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QSize>("size");
    QTest::addColumn<int>("zoom");
    QTest::addColumn<QSize>("panel");
    QTest::addColumn<QSize>("stillPanel");
    addScreen("en", QSize(1280, 720), 100, QSize(834, 219), QSize(834, 246));
    addScreen("zh_CN", QSize(1280, 720), 100, QSize(834, 216), QSize(834, 243));
    addScreen("en", QSize(1280, 720), 200, QSize(839, 205), QSize(839, 231));
    addScreen("zh_CN", QSize(1280, 720), 200, QSize(834, 224), QSize(834, 224));
    addScreen("en", QSize(1600, 1000), 150, QSize(1154, 312), QSize(1154, 351));
    addScreen("zh_CN", QSize(1600, 1000), 150, QSize(1154, 306), QSize(1154, 344));
}

void tst_ChartPanel::flowLegendLabelsStayWhole()
{
    // At 1280×720 the flow-control legend read "co…", "reb…" in English and showed no words at
    // all in Chinese: the broker's two lines were laid out in the legend, then their markers
    // hidden (no push-back in this run) without laying the legend out again, so the others kept
    // the widths they had been cut to, with gaps where the hidden ones had been.
    QFETCH(int, zoom);
    ChartPanel *charts = showChartAt(ChartPanel::FlowHolds);
    QLegend *legend = charts->chart(ChartPanel::FlowHolds)->legend();
    int shown = 0;
    for (QLegendMarker *marker : legend->markers()) {
        shown += marker->isVisible() ? 1 : 0;
    }
    // Count, size, span and rebalance: the broker never pushed back. (Beside a plot too short
    // for four rows, the rebalance entry is left out rather than drawn under the chart's edge.)
    QVERIFY2(zoom == 200 ? shown >= 3 : shown == 4, qPrintable(QString::number(shown)));
    QStringList labels;
    const std::function<void(QGraphicsItem *)> collect = [&](QGraphicsItem *item) {
        if (auto *text = dynamic_cast<QGraphicsTextItem *>(item); text && item->isVisible()) {
            labels.append(text->toPlainText());
        }
        for (QGraphicsItem *child : item->childItems()) {
            collect(child);
        }
    };
    collect(legend);
    QCOMPARE(labels.size(), shown);
    int drawn = 0;
    const QStringList cut = cutLegendEntries(charts->chart(ChartPanel::FlowHolds), &drawn);
    QVERIFY2(cut.isEmpty(), qPrintable(cut.join(QStringLiteral(" | "))));
    // Under the plot while the four fit on one row; beside it at presenter zoom on 1280×720.
    QCOMPARE(charts->isLegendBeside(ChartPanel::FlowHolds), zoom == 200);
    for (const QString &label : std::as_const(labels)) {
        QVERIFY2(!label.isEmpty() && !label.contains(QChar(0x2026))
                && !label.contains(QStringLiteral("...")),
            qPrintable(labels.join(QStringLiteral(" | "))));
    }
}

void tst_ChartPanel::valueLabelsHaveALineEach_data()
{
    flowLegendLabelsStayWhole_data();
    // A projector's 1280×720 at presenter zoom: the value labels were all "…" at 150 %.
    addScreen("en", QSize(1280, 720), 150, QSize(834, 212), QSize(834, 239));
    addScreen("zh_CN", QSize(1280, 720), 150, QSize(834, 206), QSize(834, 232));
}

namespace {
//! The texts QtCharts drew for an axis's labels (left of the plot, or under it), as shown.
QStringList drawnAxisLabels(QChart *chart, Qt::Orientation orientation)
{
    const QRectF plot = chart->mapRectToScene(chart->plotArea());
    QStringList labels;
    const QString title = chart->axes(orientation).value(0)->titleText();
    for (QGraphicsItem *item : chart->scene()->items(Qt::AscendingOrder)) {
        auto *text = dynamic_cast<QGraphicsTextItem *>(item);
        if (!text || !text->isVisible() || text->toPlainText() == title) {
            continue;
        }
        bool inLegend = false;
        for (QGraphicsItem *up = item->parentItem(); up; up = up->parentItem()) {
            inLegend = inLegend || up == chart->legend();
        }
        const QRectF at = item->sceneBoundingRect();
        const bool beside = orientation == Qt::Vertical ? at.right() <= plot.left() + 1
                                                        : at.top() >= plot.bottom() - 1;
        const bool alongPlot = orientation == Qt::Vertical
            ? at.center().y() >= plot.top() - 1 && at.center().y() <= plot.bottom() + 1
            : at.center().x() >= plot.left() - 1 && at.center().x() <= plot.right() + 1;
        if (!inLegend && beside && alongPlot && item != chart) {
            labels.append(text->toPlainText());
        }
    }
    return labels;
}

//! The legend's entries that are not whole on screen: a label QtCharts cut ("…"), or one
//! that reaches past the legend's area or the chart's bottom (the last row of a legend beside
//! a short plot was drawn half under the chart's edge).
QStringList cutLegendEntries(QChart *chart, int *drawn)
{
    *drawn = 0;
    QLegend *legend = chart->legend();
    const QRectF area = legend->mapRectToScene(legend->rect());
    const QRectF whole = chart->mapRectToScene(chart->rect());
    QStringList cut;
    const std::function<void(QGraphicsItem *)> visit = [&](QGraphicsItem *item) {
        if (!item->isVisible()) {
            return;
        }
        if (auto *text = dynamic_cast<QGraphicsTextItem *>(item)) {
            const QRectF at = item->sceneBoundingRect();
            const QString label = text->toPlainText();
            ++*drawn;
            // (A consumer's name may start with "…": the cards' shortening keeps its end.)
            if (label.isEmpty() || label.endsWith(QChar(0x2026))
                || label.endsWith(QStringLiteral("...")) || at.bottom() > area.bottom() + 1
                || at.bottom() > whole.bottom() + 1 || at.top() < area.top() - 1) {
                cut.append(QStringLiteral("%1 (%2..%3 in %4..%5)")
                               .arg(label)
                               .arg(at.top())
                               .arg(at.bottom())
                               .arg(area.top())
                               .arg(area.bottom()));
            }
        }
        for (QGraphicsItem *child : item->childItems()) {
            visit(child);
        }
    };
    visit(legend);
    return cut;
}
} // namespace

void tst_ChartPanel::valueLabelsHaveALineEach()
{
    // At 150 % and 200 % on 1280×720 the plots are a few lines high: five value labels did not
    // fit one above the other and QtCharts cut every one to "…". QtCharts gives each label
    // the axis's height divided by the tick count, less 8 px of padding, and cuts a label of two
    // characters or more that is taller ("0" and "5" are never cut, "80" and "1000" are: hence
    // the slow consumer's world, whose holds and caches run to two and four digits). The axis
    // keeps as many round ticks as have that room (two at least: the scale is still read).
    const QString slow = QStringLiteral(":/scenarios/slow-consumer-flow-control.json");
    // After an hour the time labels read h:mm:ss: "2:59…" under a narrow cache chart at 150 %.
    for (const auto &[scenario, at] : { std::pair(QString(), 2 * kMinute),
             std::pair(slow, 3 * kMinute), std::pair(kDefaultScenario, 65 * kMinute) }) {
        for (const int kind : { int(ChartPanel::CacheMessages), int(ChartPanel::FlowHolds) }) {
            ChartPanel *charts = showChartAt(kind, scenario, at);
            // A still picture, as a screenshot takes it: QtCharts lays the axes out on the event
            // loop, and the refresh that fits the moved plot must come before the picture.
            charts->settle();
            QChart *chart = charts->chart(ChartPanel::Kind(kind));
            const auto *axis = qobject_cast<QValueAxis *>(chart->axes(Qt::Vertical).value(0));
            QVERIFY(axis);
            const double room = ChartLayout::valueLabelRoom(axis->labelsFont());
            const double plot = chart->plotArea().height();
            const int ticks = charts->valueTickCount(ChartPanel::Kind(kind));
            QCOMPARE(ticks, axis->tickCount());
            QVERIFY(ticks >= 2 && ticks <= 5);
            QVERIFY2(ticks == 2 || ticks * room <= plot + 0.5,
                qPrintable(QStringLiteral("%1 ticks of %2 px in a %3 px plot")
                               .arg(ticks)
                               .arg(room)
                               .arg(plot)));
            // The top is a round step above the data: 0 and a whole number on a count axis.
            const double step = axis->max() / (ticks - 1);
            QCOMPARE(step, std::round(step));
            if (plot >= 5 * room) {
                // A plot with room keeps the ticks the nice numbers chose (five, or four as in
                // 0, 500, 1000, 1500).
                QVERIFY2(ticks >= 4,
                    qPrintable(QStringLiteral("%1 ticks in a %2 px plot").arg(ticks).arg(plot)));
            }
            // What QtCharts drew: every value label whole, at least two of them, and the time.
            const QStringList drawn = drawnAxisLabels(chart, Qt::Vertical);
            const QString where
                = QStringLiteral("%1 at %2, chart %3, %4 px plot: ")
                      .arg(scenario.isEmpty() ? QStringLiteral("default") : scenario)
                      .arg(at)
                      .arg(kind)
                      .arg(plot);
            QVERIFY2(drawn.size() >= 2 && drawn.filter(QChar(0x2026)).isEmpty()
                    && drawn.filter(QStringLiteral("...")).isEmpty(),
                qPrintable(where + drawn.join(QStringLiteral(" | "))));
            const QStringList times = drawnAxisLabels(chart, Qt::Horizontal);
            QVERIFY2(!times.isEmpty() && times.filter(QChar(0x2026)).isEmpty()
                    && times.filter(QStringLiteral("...")).isEmpty(),
                qPrintable(where + times.join(QStringLiteral(" | "))));
        }
    }
}

void tst_ChartPanel::timeLabelsOfAStillPicture()
{
    // The picture a trainer takes (or projects, paused) at 3 h on 1280×720 at 150 %: the cache
    // chart's narrow plot showed its one time label cut to "2:59…".
    QFETCH(QString, language);
    QFETCH(QSize, size);
    QFETCH(int, zoom);
    QFETCH(QSize, stillPanel);
    // MainWindow::takeScreenshot's picture: the charts settled at 3 h, the ownership chart in
    // front when queues are orphaned or double-owned then.
    showPanel(language, stillPanel, zoom);
    QVERIFY(open(kDefaultScenario));
    m_controller->runTo(3 * kHour);
    const SnapshotTotals &totals = m_controller->snapshot().totals;
    if (totals.orphanedQueues + totals.doubleOwnedQueues > 0) {
        m_panel->showChart(ChartPanel::Ownership);
    }
    m_panel->settle();
    ChartPanel *charts = m_panel.get();
    for (const int kind : { int(ChartPanel::CacheMessages), int(ChartPanel::FlowHolds) }) {
        QChart *chart = charts->chart(ChartPanel::Kind(kind));
        const QStringList times = drawnAxisLabels(chart, Qt::Horizontal);
        const QStringList values = drawnAxisLabels(chart, Qt::Vertical);
        QVERIFY2(!times.isEmpty() && times.filter(QChar(0x2026)).isEmpty()
                && times.filter(QStringLiteral("...")).isEmpty(),
            qPrintable(QStringLiteral("chart %1, %2 px plot: %3")
                           .arg(kind)
                           .arg(chart->plotArea().width())
                           .arg(times.join(QStringLiteral(" | ")))));
        QVERIFY2(values.size() >= 2 && values.filter(QStringLiteral("...")).isEmpty(),
            qPrintable(values.join(QStringLiteral(" | "))));
        // Beside a short plot the legend lists what it can draw whole: at 150 % on 1280×720 the
        // rebalance entry was cut in half under the chart's edge, at 200 % two consumers were.
        int drawn = 0;
        const QStringList cut = cutLegendEntries(chart, &drawn);
        QVERIFY2(cut.isEmpty(),
            qPrintable(
                QStringLiteral("chart %1: %2").arg(kind).arg(cut.join(QStringLiteral(" | ")))));
        QStringList listed;
        for (QLegendMarker *marker : chart->legend()->markers()) {
            if (marker->isVisible()) {
                listed.append(marker->label());
            }
        }
        QCOMPARE(drawn, listed.size());
        QVERIFY(listed.size() >= 3);
        if (kind == ChartPanel::CacheMessages) {
            // Room for four consumers and the rebalance marks on a large screen; at 200 % in
            // Chinese on 1280×720 three rows: the highest, the mean and the marks.
            if (size.height() == 1000) {
                QCOMPARE(listed.size(), 5);
            } else if (zoom == 200 && language == QStringLiteral("zh_CN")) {
                QCOMPARE(listed,
                    QStringList({ QStringLiteral("最大值"), QStringLiteral("平均值"),
                        QStringLiteral("重平衡") }));
            }
        }
    }
}

void tst_ChartPanel::thresholdNoteStaysInThePlot()
{
    // At 150 % on 1280×720 "▲ threshold 1,000 off scale" was wider than the plot even after
    // the break at "·" and covered the legend's first consumer names. Lines are now broken
    // between words until the note fits the plot.
    // At 200 % the plot is two or three lines high: the note's three lines covered all of it
    // and hung out under it. It takes the short form there, or none: never down to the peak.
    ChartPanel *charts = showChartAt(ChartPanel::CacheMessages);
    QChart *chart = charts->chart(ChartPanel::CacheMessages);
    const QRectF plot = chart->plotArea();
    // The highest point of the data in view, where the chart draws it.
    double peakY = plot.bottom();
    for (QAbstractSeries *series : chart->series()) {
        if (auto *xy = qobject_cast<QXYSeries *>(series); xy && xy->isVisible()) {
            for (const QPointF &point : xy->points()) {
                const QPointF at = chart->mapToPosition(point, xy);
                if (at.x() >= plot.left() && at.x() <= plot.right()) {
                    peakY = std::min(peakY, at.y());
                }
            }
        }
    }
    const QRectF note = charts->thresholdNoteArea(ChartPanel::CacheMessages);
    const QString text = charts->thresholdText(ChartPanel::CacheMessages);
    QFETCH(int, zoom);
    QFETCH(QSize, size);
    if (zoom < 200 || size.height() >= 1000) {
        QVERIFY2(!note.isEmpty(), "calm caches: the off-scale note is shown");
    }
    if (size == QSize(1600, 1000)) {
        // The whole sentence where there is room: what is off scale, and how far.
        const QString full = ThresholdNote::tr("▲ threshold %1 off scale · peak %2 %")
                                 .arg(QLocale().toString(1000), QLocale().toString(0.2, 'f', 1));
        QCOMPARE(QString(text)
                     .replace(QLatin1Char('\n'), QLatin1Char(' '))
                     .remove(QChar(0xb7))
                     .simplified(),
            QString(full).remove(QChar(0xb7)).simplified());
    }
    if (note.isEmpty()) {
        return;
    }
    const QString where = QStringLiteral("note %1,%2 %3x%4 in plot %5,%6 %7x%8: %9")
                              .arg(note.left())
                              .arg(note.top())
                              .arg(note.width())
                              .arg(note.height())
                              .arg(plot.left())
                              .arg(plot.top())
                              .arg(plot.width())
                              .arg(plot.height())
                              .arg(text);
    QVERIFY2(
        note.left() >= plot.left() - 0.5 && note.right() <= plot.right() + 0.5, qPrintable(where));
    QVERIFY2(
        note.top() >= plot.top() - 0.5 && note.bottom() <= plot.bottom() + 0.5, qPrintable(where));
    QVERIFY2(note.bottom() <= peakY + 0.5,
        qPrintable(QStringLiteral("%1; the data's peak at %2").arg(where).arg(peakY)));
    QVERIFY2(text.contains(QLocale().toString(0.2, 'f', 1)), qPrintable(text)); // the peak share
    // A short form keeps the whole sentence a hover away.
    const ThresholdNote *item = nullptr;
    for (QGraphicsItem *child : chart->childItems()) {
        item = item ? item : dynamic_cast<const ThresholdNote *>(child);
    }
    QVERIFY(item);
    const QString full = ThresholdNote::tr("▲ threshold %1 off scale · peak %2 %")
                             .arg(QLocale().toString(1000), QLocale().toString(0.2, 'f', 1));
    const bool whole = QString(text)
                           .replace(QLatin1Char('\n'), QLatin1Char(' '))
                           .remove(QChar(0xb7))
                           .simplified()
        == QString(full).remove(QChar(0xb7)).simplified();
    QCOMPARE(item->toolTip(), whole ? QString() : full);
}

namespace {

//! Whether a legend label is consumer name `full`: whole, or its end as the cards shorten it
//! ("1@1001", "…1@1001").
bool labelOf(const QString &label, const QString &full)
{
    const QString tail = QString(label).remove(QChar(0x2026));
    return label == full || (tail.size() >= 4 && full.endsWith(tail));
}

} // namespace

void tst_ChartPanel::cacheLinesAreTheConsumersOfTheRange()
{
    // Once the default world's churn had created more than ten consumers (44 by 3 h, 3 of them
    // running) the cache, MiB and lag charts fell back to "highest" and "mean" for the rest of
    // the run. They draw a line for each consumer alive in the visible range, named as on its
    // card.
    SimulationController *controller = m_controller.get();
    controller->runTo(75 * kMinute);
    ChartPanel *charts = m_panel.get();
    charts->showChart(ChartPanel::CacheMessages);
    charts->refreshAll();
    const CatalogPtr catalog = controller->catalog();
    QVERIFY2(catalog->consumers.size() > ChartSeries::kMaxConsumerColumns,
        qPrintable(QString::number(catalog->consumers.size())));
    // The consumers alive in a sample of the chart's range, read from the samples themselves.
    const auto [x0, x1] = charts->timeRange();
    QVERIFY(x1 - x0 >= 60);
    QSet<qint32> alive;
    for (const SamplePtr &sample : controller->samples()) {
        const double t = double(sample->t) / 1000.0;
        if (t < x0 || t > x1) {
            continue;
        }
        for (qsizetype row = 0; row < sample->consumers.size(); ++row) {
            if (isAlive(sample->consumers.at(row).state)) {
                alive.insert(
                    sample->consumerIds.isEmpty() ? qint32(row) : sample->consumerIds.at(row));
            }
        }
    }
    QList<qint32> ids = alive.values();
    std::sort(ids.begin(), ids.end());
    QVERIFY2(ids.size() >= 2 && ids.size() <= ChartSeries::kMaxConsumerColumns,
        qPrintable(QString::number(ids.size())));
    QStringList expected;
    for (qint32 id : std::as_const(ids)) {
        expected.append(catalog->consumers.at(id).name);
    }
    for (const int kind :
        { int(ChartPanel::CacheMessages), int(ChartPanel::CacheMiB), int(ChartPanel::Lag) }) {
        QStringList names;
        for (QAbstractSeries *series : charts->chart(ChartPanel::Kind(kind))->series()) {
            auto *line = qobject_cast<QLineSeries *>(series);
            // (The threshold's dashed line is named after the setting: not a consumer's.)
            if (line && !line->name().isEmpty()
                && !line->name().startsWith(QStringLiteral("pullThreshold"))) {
                names.append(line->name());
            }
        }
        // Named as on the cards: the whole name, or its end when the legend is narrow.
        QCOMPARE(names.size(), expected.size());
        for (int i = 0; i < names.size(); ++i) {
            QVERIFY2(labelOf(names.at(i), expected.at(i)),
                qPrintable(names.at(i) + QStringLiteral(" for ") + expected.at(i)));
        }
    }
    // Each line ends where its consumer left and holds that consumer's values: the lag line
    // of the last consumer matches the lag column of the series, sample for sample.
    const ChartSeries &series = charts->series();
    const int at = series.columnsOf(ids.last());
    QVERIFY(at >= 0);
    QCOMPARE(series.consumerAt(at), ids.last());
    QList<QPointF> points;
    for (QAbstractSeries *s : charts->chart(ChartPanel::Lag)->series()) {
        if (qobject_cast<QLineSeries *>(s) && labelOf(s->name(), expected.last())) {
            points = qobject_cast<QLineSeries *>(s)->points();
        }
    }
    QVERIFY(!points.isEmpty());
    const qsizetype first = series.consumerFirst(at);
    QVERIFY(points.first().x() >= series.times().at(first));
    for (const QPointF &p : std::as_const(points)) {
        const qsizetype i = std::lower_bound(series.times().begin(), series.times().end(), p.x())
            - series.times().begin();
        QCOMPARE(float(p.y()), series.consumerColumn(at, ChartSeries::Lag).at(i - first));
    }
}

void tst_ChartPanel::consumerNamesFitTheLegend_data()
{
    flowLegendLabelsStayWhole_data();
    addScreen("en", QSize(1280, 720), 150, QSize(834, 212));
    addScreen("en", QSize(1280, 800), 150, QSize(834, 241));
    addScreen("en", QSize(1600, 1000), 100, QSize(1154, 318));
}

void tst_ChartPanel::consumerNamesFitTheLegend()
{
    // At 150 % on 1280x720 QtCharts cut every consumer's name at its end: six lines read
    // "10.0.0.1...", "10.0.0.2..." with the part that tells them apart gone. The names are
    // shortened as the cards shorten them ("1@1001"), to what fits beside the plot.
    ChartPanel *charts = showChartAt(ChartPanel::CacheMessages);
    QChart *chart = charts->chart(ChartPanel::CacheMessages);
    const CatalogPtr catalog = m_controller->catalog();
    const QFontMetricsF metrics(chart->legend()->font());
    // QtCharts gives a legend beside the plot at most 40 % of the chart's width.
    const double room = charts->consumerNameRoom(ChartPanel::CacheMessages);
    QVERIFY(room < 0.4 * chart->size().width());
    QSet<QString> labels;
    int shortened = 0;
    for (QAbstractSeries *series : chart->series()) {
        const QString label = series->name();
        qint32 id = -1;
        for (qint32 c = 0; c < catalog->consumers.size() && id < 0; ++c) {
            id = labelOf(label, catalog->consumers.at(c).name) ? c : -1;
        }
        if (id < 0) {
            continue; // the threshold, the rebalance marks
        }
        labels.insert(label);
        const QString &full = catalog->consumers.at(id).name;
        const bool whole = metrics.horizontalAdvance(full) <= room;
        // Whole when it fits; otherwise the end of the name, within the room.
        QCOMPARE(label == full, whole);
        shortened += whole ? 0 : 1;
        QVERIFY2(whole || metrics.horizontalAdvance(label) <= room,
            qPrintable(QStringLiteral("%1: %2 px in %3")
                           .arg(label)
                           .arg(metrics.horizontalAdvance(label))
                           .arg(room)));
    }
    const int consumers = charts->series()
                              .consumersIn(charts->timeRange().first, charts->timeRange().second)
                              .size();
    QVERIFY(consumers >= 4);
    QFETCH(QSize, size);
    QFETCH(int, zoom);
    if (labels.isEmpty()) {
        // A plot too short to list a line per consumer beside it shows the highest and the
        // mean (at 150 % on 1280x720: four rows for five consumers); the names are then not
        // in the legend at all.
        QVERIFY(size.height() < 800); // 1280x800 at 150 % keeps a line each, names shortened
        const int rows = charts->legendRows(ChartPanel::CacheMessages);
        QVERIFY2(rows < consumers, qPrintable(QString::number(rows)));
        QStringList names;
        for (QAbstractSeries *series : chart->series()) {
            names.append(series->name());
        }
        QVERIFY2(
            names.contains(ChartPanel::tr("highest")) && names.contains(ChartPanel::tr("mean")),
            qPrintable(names.join(QLatin1String(", "))));
        return;
    }
    QCOMPARE(labels.size(), consumers);
    if (size == QSize(1600, 1000) && zoom == 100) {
        QCOMPARE(shortened, 0); // room for "10.0.0.1@1001"
    }
    if (size.width() == 1280 && zoom >= 150) {
        QCOMPARE(shortened, labels.size()); // every one shortened, each still its own
    }
}

void tst_ChartPanel::chartsFollowTheGroupInView()
{
    // Classic push and POP side by side, a consumer of each killed: the POP group in view
    // puts its members' lines, its POP figures and its name in every title of the charts; no
    // group, the world.
    const QString path = QStringLiteral(":/scenarios/push-vs-pop-kill.json");
    QVERIFY(open(path));
    m_controller->runTo(200 * kSecond);
    const CatalogPtr catalog = m_controller->catalog();
    QVERIFY(catalog && catalog->groups.size() == 2);
    qint32 popGroup = -1;
    for (qint32 g = 0; g < catalog->groups.size(); ++g) {
        popGroup = popGroup < 0 && catalog->groups.at(g).pops ? g : popGroup;
    }
    QVERIFY(popGroup >= 0);
    qint32 pusher = -1;
    int members = 0;
    for (qint32 c = 0; c < catalog->consumers.size(); ++c) {
        const bool pop = catalog->consumers.at(c).groupIndex == popGroup;
        members += pop ? 1 : 0;
        if (!pop && pusher < 0) {
            pusher = c;
        }
    }
    QVERIFY(pusher >= 0);
    const ScenarioReadResult read = ScenarioReader::readFile(path, &m_registry);
    QVERIFY2(read.ok(), qPrintable(read.errorText()));
    Simulation headless(*read.scenario, m_registry);
    headless.runUntil(200 * kSecond);
    const SnapshotTotals group = headless.groupTotals(popGroup);
    // The killed popper's 12 un-acked messages, revived ~62 s after the kill and redelivered.
    QVERIFY2(group.popRedelivered > 0, "nothing was redelivered by 200 s");

    ChartPanel *charts = m_panel.get();
    QCOMPARE(charts->group(), -1);
    QVERIFY(charts->isChartAvailable(ChartPanel::PopFigures));
    QCOMPARE(charts->series().consumerCount(), int(catalog->consumers.size()));

    charts->setGroup(popGroup);
    QCOMPARE(charts->group(), popGroup);
    charts->refreshAll();
    const QString prefix = catalog->groups.at(popGroup).name + QStringLiteral(": ");
    for (int k = 0; k < ChartPanel::KindCount; ++k) {
        QVERIFY2(charts->chart(ChartPanel::Kind(k))->title().startsWith(prefix),
            qPrintable(charts->chart(ChartPanel::Kind(k))->title()));
    }
    QCOMPARE(charts->series().consumerCount(), members);
    QVERIFY(charts->isChartAvailable(ChartPanel::PopFigures));
    // The redelivered line integrates to the group's redeliveries (all of them by ~190 s).
    const ChartSeries &series = charts->series();
    const QList<float> &rate = series.popColumn(ChartSeries::PopRedelivered);
    double redelivered = rate.value(0);
    for (qsizetype i = 1; i < rate.size(); ++i) {
        redelivered += double(rate.at(i)) * (series.times().at(i) - series.times().at(i - 1));
    }
    QCOMPARE(qRound64(redelivered), group.popRedelivered);
    if (!qEnvironmentVariableIsEmpty("RBLAB_GRAB")) {
        charts->showChart(ChartPanel::PopFigures);
        charts->refreshAll();
        charts->grab().save(qEnvironmentVariable("RBLAB_GRAB"));
    }

    // A classic push group: no POP chart.
    charts->setGroup(catalog->consumers.at(pusher).groupIndex);
    QVERIFY(!charts->isChartAvailable(ChartPanel::PopFigures));

    // No group: the world again, titles without a group.
    charts->setGroup(-1);
    QCOMPARE(charts->group(), -1);
    QCOMPARE(
        charts->chart(ChartPanel::Lag)->title(), QStringLiteral("Lag per consumer (messages)"));
    QCOMPARE(charts->series().consumerCount(), int(catalog->consumers.size()));
}

QTEST_MAIN(tst_ChartPanel)
#include "tst_chartpanel.moc"
