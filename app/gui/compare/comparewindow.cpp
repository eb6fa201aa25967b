// SPDX-License-Identifier: Apache-2.0
#include "compare/comparewindow.h"

#include "assignment/assignmentview.h"
#include "compare/comparecharts.h"
#include "compare/comparescoretable.h"
#include "compare/comparesession.h"
#include "simulation/consumeractions.h"
#include "export/exportcontroller.h"
#include "guitext.h"
#include "observed/observedworld.h"

#include <allocation/strategyregistry.h>
#include <scenario/scenarioreader.h>

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDateTime>
#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QToolBar>
#include <QVBoxLayout>

#include <cmath>
#include <limits>

namespace Rblab {

namespace {
constexpr qint64 kFiguresEveryMs = 333; // "at most a few times a second"
const double kSpeeds[] = { 0.5, 1, 2, 5, 10, 20, 50, 100 };
} // namespace

CompareWindow::CompareWindow(const StrategyRegistry &registry, QWidget *parent)
    : QMainWindow(parent), m_registry(registry)
{
    setAttribute(Qt::WA_DeleteOnClose, false);
    m_session = new CompareSession(registry, this);

    auto *bar = addToolBar(QString());
    bar->setObjectName(QStringLiteral("compareToolBar"));
    bar->setMovable(false);
    m_play = bar->addAction(QIcon(QStringLiteral(":/icons/play.svg")), QString());
    m_play->setShortcut(QKeySequence(Qt::Key_Space));
    connect(m_play, &QAction::triggered, this,
        [this] { m_session->setPlaying(!m_session->isPlaying()); });
    m_step = bar->addAction(QIcon(QStringLiteral(":/icons/step.svg")), QString());
    connect(m_step, &QAction::triggered, this, [this] {
        m_session->setPlaying(false);
        m_session->advanceTo(m_session->now() + 10 * 1000);
    });
    m_clock = new QLabel(this);
    QFont big = m_clock->font();
    big.setPointSizeF(big.pointSizeF() * 1.6);
    big.setBold(true);
    m_clock->setFont(big);
    m_clock->setContentsMargins(12, 0, 12, 0);
    bar->addWidget(m_clock);
    m_speedLabel = new QLabel(this);
    bar->addWidget(m_speedLabel);
    m_speed = new QComboBox(this);
    for (double s : kSpeeds) {
        m_speed->addItem(GuiText::speed(s), s);
    }
    m_speed->setCurrentIndex(1);
    connect(m_speed, &QComboBox::currentIndexChanged, this,
        [this] { m_session->setSpeed(m_speed->currentData().toDouble()); });
    bar->addWidget(m_speed);
    bar->addSeparator();
    m_groupLabel = new QLabel(this);
    m_groupLabel->setContentsMargins(8, 0, 4, 0);
    m_groupActions.append(bar->addWidget(m_groupLabel));
    m_group = new QComboBox(this);
    connect(m_group, &QComboBox::currentIndexChanged, this, [this] { refreshFigures(); });
    m_groupActions.append(bar->addWidget(m_group));
    // Add consumer: a join in every pane (the other consumer actions are on the cards' menus).
    m_consumers = new ConsumerActions(this);
    connect(m_consumers, &ConsumerActions::commandRequested, this,
        [this](const ScenarioEvent &command) { sendCommand(command); });
    bar->addSeparator();
    bar->addAction(m_consumers->action(ConsumerActions::Add));
    m_note = new QLabel(this);
    m_note->setContentsMargins(12, 0, 0, 0);
    bar->addWidget(m_note);

    m_split = new QSplitter(Qt::Vertical, this);
    m_paneArea = new QWidget(m_split);
    new QGridLayout(m_paneArea);
    m_paneArea->layout()->setContentsMargins(4, 4, 4, 4);
    m_bottom = new QSplitter(Qt::Horizontal, m_split);
    m_table = new CompareScoreTable(m_bottom);
    m_charts = new CompareCharts(m_bottom);
    m_bottom->setStretchFactor(0, 2);
    m_bottom->setStretchFactor(1, 3);
    m_split->setStretchFactor(0, 3);
    m_split->setStretchFactor(1, 2);
    setCentralWidget(m_split);

    connect(m_session, &CompareSession::advanced, this, &CompareWindow::handleAdvanced);
    connect(m_session, &CompareSession::playingChanged, this, [this] {
        updatePlayAction();
        if (!m_session->isPlaying()) {
            refreshFigures(); // the table is exact when the run stops
        }
    });
    retranslate();
}

CompareWindow::~CompareWindow() = default;

QColor CompareWindow::paneColor(int pane)
{
    // Distinct for the colour-blind (Okabe–Ito): blue, vermilion, bluish green, reddish purple.
    static const QColor colors[] = { QColor(0x00, 0x72, 0xB2), QColor(0xD5, 0x5E, 0x00),
        QColor(0x00, 0x9E, 0x73), QColor(0xCC, 0x79, 0xA7) };
    return colors[pane % 4];
}

std::unique_ptr<CompareWindow> CompareWindow::open(const StrategyRegistry &registry,
    const QString &path, const QStringList &specs, const QString &group, QString *error)
{
    QList<Variant> variants;
    for (const QString &spec : specs) {
        const std::optional<Variant> v = Variant::parse(spec, error);
        if (!v) {
            *error = QStringLiteral("--compare %1").arg(*error);
            return nullptr;
        }
        const ParameterCheck check = registry.checkParameters(v->strategy, v->params);
        if (!check.ok()) {
            *error = QStringLiteral("--compare \"%1\": %2").arg(spec, check.error);
            return nullptr;
        }
        variants.append(*v);
    }
    const ScenarioReadResult read = ScenarioReader::readFile(path, &registry);
    if (!read.ok() || !read.scenario) {
        *error = read.errorText().trimmed();
        return nullptr;
    }
    auto window = std::make_unique<CompareWindow>(registry);
    if (!window->start(*read.scenario, variants, group, 0)) {
        *error = window->lastError();
        return nullptr;
    }
    return window;
}

bool CompareWindow::start(
    const Scenario &base, const QList<Variant> &variants, const QString &group, SimTime from)
{
    if (!m_session->start(base, variants, group, from, &m_lastError)) {
        return false;
    }
    m_group->blockSignals(true);
    m_group->clear();
    for (const GroupSpec &g : base.groups) {
        if (group.isEmpty() || g.name == group) {
            m_group->addItem(g.name);
        }
    }
    m_group->blockSignals(false);
    m_consumers->setScenario(base);
    // A toolbar hides a widget through its action; one group needs no choice.
    for (QAction *action : std::as_const(m_groupActions)) {
        action->setVisible(m_group->count() > 1);
    }
    buildPanes();
    retranslate();
    handleAdvanced();
    refreshFigures();
    return true;
}

bool CompareWindow::startObserved(std::shared_ptr<const ObservedWorld> observed)
{
    if (!m_session->startObserved(observed, &m_lastError)) {
        return false;
    }
    showReadOnly(m_session->baseScenario());
    return true;
}

bool CompareWindow::startReal(std::shared_ptr<const ObservedWorld> observed, const Scenario &model,
    SimTime shift, const QString &version)
{
    if (!m_session->startReal(observed, model, shift, version, &m_lastError)) {
        return false;
    }
    showReadOnly(model);
    return true;
}

void CompareWindow::showReadOnly(const Scenario &scenario)
{
    m_group->blockSignals(true);
    m_group->clear();
    for (const GroupSpec &g : scenario.groups) {
        m_group->addItem(g.name);
    }
    m_group->blockSignals(false);
    m_consumers->setScenario(scenario);
    for (QAction *action : std::as_const(m_groupActions)) {
        action->setVisible(m_group->count() > 1);
    }
    // What the logs or the real cluster show cannot be changed, and a command in one pane only
    // would break the comparison: no consumer commands here.
    for (QAction *action : m_consumers->actions()) {
        action->setVisible(false);
    }
    m_table->setMarkBest(false);
    buildPanes();
    retranslate();
    handleAdvanced();
    refreshFigures();
}

void CompareWindow::addFiguresTab(QWidget *widget, std::function<QString()> title)
{
    if (!m_tabs) {
        m_tabs = new QTabWidget;
        m_tabs->setDocumentMode(true);
        m_bottom->insertWidget(0, m_tabs);
        m_tabs->addTab(m_table, QString());
        m_bottom->setStretchFactor(0, 2);
        m_bottom->setStretchFactor(1, 3);
    }
    m_figuresTab = widget;
    m_figuresTitle = std::move(title);
    m_tabs->insertTab(0, widget, QString());
    m_tabs->setCurrentIndex(0);
    retranslate();
}

bool CompareWindow::observedSession() const
{
    return m_session->paneCount() > 0 && m_session->isObserved(0);
}

void CompareWindow::buildPanes()
{
    auto *grid = static_cast<QGridLayout *>(m_paneArea->layout());
    while (QLayoutItem *item = grid->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    m_views.clear();
    m_headers.clear();
    const int n = m_session->paneCount();
    // Two or three side by side; four in a square.
    const int columns = n == 4 ? 2 : n;
    QStringList names;
    QList<QColor> colors;
    for (int p = 0; p < n; ++p) {
        auto *box = new QWidget(m_paneArea);
        auto *layout = new QVBoxLayout(box);
        layout->setContentsMargins(0, 0, 0, 0);
        layout->setSpacing(2);
        auto *header = new QLabel(box);
        header->setTextFormat(Qt::RichText);
        header->setStyleSheet(
            QStringLiteral("QLabel { border-bottom: 3px solid %1; padding: 2px; }")
                .arg(paneColor(p).name()));
        auto *view = new AssignmentView(box);
        view->setMinimumSize(200, 140);
        connect(view, &AssignmentView::consumerContextMenuRequested, this,
            [this, p](qint32 consumer, const QPoint &pos) { showConsumerMenu(p, consumer, pos); });
        if (m_session->isObserved(p)) {
            // The logs record no cache, and a silent client is not a killed one (issue 37 item 5).
            view->setFiguresMeasured(false);
            // A client logs no countdown to its next rebalance: "rebalancing now" on every
            // running card (a real run's pane, 1:45 into it) said what the logs never did.
            view->setScheduleKnown(false);
            view->setSilentSince(m_session->observedWorld(p)->silentSince());
        }
        layout->addWidget(header);
        layout->addWidget(view, 1);
        grid->addWidget(box, p / columns, p % columns);
        m_views.append(view);
        m_headers.append(header);
        names.append(m_session->variant(p).name);
        colors.append(paneColor(p));
    }
    m_table->setVariants(names);
    m_charts->setPanes(names, colors);
}

QString CompareWindow::paneTitle(int pane) const
{
    const Variant &v = m_session->variant(pane);
    QString title = QStringLiteral("<b style=\"color:%1\">■</b> <b>%2</b>")
                        .arg(paneColor(pane).name(), v.name.toHtmlEscaped());
    if (!m_session->realVersion().isEmpty()) {
        return title + QStringLiteral(" — ")
            + (m_session->isObserved(pane) ? tr("what its clients logged (read-only)")
                                           : tr("the engine playing the run's scenario"));
    }
    if (m_session->isObserved(pane)) {
        return title + QStringLiteral(" — ") + tr("from the client logs (read-only)");
    }
    if (m_session->paneCount() > 0 && m_session->isObserved(0)) {
        return title + QStringLiteral(" — ") + tr("the engine replaying the same membership");
    }
    if (v.strategy.isEmpty()) {
        return title + QStringLiteral(" — ") + tr("as the world runs");
    }
    const QList<GroupSpec> &groups = m_session->baseScenario().groups;
    const QString group = !m_session->group().isEmpty() ? m_session->group()
        : groups.size() == 1                            ? groups.first().name
                                                        : QString();
    const QString where
        = group.isEmpty() ? tr("every group") : tr("group %1").arg(group.toHtmlEscaped());
    if (m_session->from() > 0) {
        return title + QStringLiteral(" — ")
            + tr("%1 from %2").arg(where, GuiText::clock(m_session->from()));
    }
    return title + QStringLiteral(" — ") + where;
}

QString CompareWindow::shownGroup() const
{
    return m_group->currentText();
}

void CompareWindow::handleAdvanced()
{
    for (int p = 0; p < int(m_views.size()); ++p) {
        m_views[p]->setSpeed(m_session->speed());
        // One generation per session: tiles travel between frames of the same pane.
        m_views[p]->setFrame(m_session->catalog(p), m_session->snapshot(p), 1);
    }
    m_clock->setText(GuiText::clock(m_session->now()));
    if (m_session->paneCount() > 0) {
        // Joins pick an id no pane has yet (the panes share their consumers' names).
        m_consumers->setState(m_session->catalog(0), m_session->snapshot(0));
    }
    const qint64 wall = QDateTime::currentMSecsSinceEpoch();
    if (!m_session->isPlaying() || m_lastFiguresWall < 0
        || wall - m_lastFiguresWall >= kFiguresEveryMs) {
        refreshFigures();
    }
}

void CompareWindow::refreshFigures()
{
    m_lastFiguresWall = QDateTime::currentMSecsSinceEpoch();
    if (m_session->paneCount() == 0 || m_session->now() <= 0) {
        return;
    }
    const QString group = shownGroup();
    QList<QList<double>> values;
    QList<QList<ScorecardPoint>> series;
    QList<bool> exposedOnly;
    for (int p = 0; p < m_session->paneCount(); ++p) {
        exposedOnly.append(m_session->isObserved(p));
        if (m_session->isObserved(p)) {
            values.append(observedValues(p));
            series.append(observedSeries(p));
            continue;
        }
        const RunScorecard &card = m_session->scorecard(p);
        const GroupScorecard *g = card.group(group);
        values.append(g ? card.values(*g) : QList<double>());
        series.append(g ? g->series : QList<ScorecardPoint>());
    }
    m_table->setValues(values);
    m_charts->setSeries(series, m_session->now(), exposedOnly);
    if (!m_tableFitted && isVisible()) {
        fitTable(); // once: afterwards the splitter is the user's
        m_tableFitted = true;
    }
}

QList<double> CompareWindow::observedValues(int pane) const
{
    // What the logs measure (the importer's windows over the main topics): unowned and
    // double-owned queue-seconds; the rest the logs do not show. The totals are the logs' whole
    // world: only when the logs hold one group are they that group's.
    const QList<ScorecardFigure> &figures = ScorecardFigure::all();
    QList<double> values(figures.size(), std::numeric_limits<double>::quiet_NaN());
    if (m_session->catalog(pane)->groups.size() != 1) {
        return values;
    }
    const SnapshotTotals &totals = m_session->snapshot(pane).totals;
    for (qsizetype f = 0; f < figures.size(); ++f) {
        const QLatin1String key(figures.at(f).key);
        if (key == QLatin1String("exposure.unownedQueueSeconds")) {
            values[f] = totals.unownedQueueSeconds;
        } else if (key == QLatin1String("exposure.doubleOwnedQueueSeconds")) {
            values[f] = totals.doubleOwnedQueueSeconds;
        }
    }
    return values;
}

QList<ScorecardPoint> CompareWindow::observedSeries(int pane) const
{
    QList<ScorecardPoint> points;
    // The logs' clock is shifted onto the session's (a real run: 0:00 at the run's origin).
    const SimTime shift = m_session->observedShift();
    for (const Sample &s : m_session->observedWorld(pane)->samples()) {
        if (s.t - shift > m_session->now()) {
            break;
        }
        if (s.t - shift < 0) {
            continue;
        }
        ScorecardPoint point;
        point.t = s.t - shift;
        point.unownedQueues = s.orphanedQueues;
        point.doubleOwnedQueues = s.doubleOwnedQueues;
        points.append(point);
    }
    return points;
}

void CompareWindow::fitTable()
{
    // The table as wide as its columns (at most 55 %), the charts the rest.
    const int width = m_bottom->width();
    const int content = m_figuresTab && m_tabs->currentWidget() == m_figuresTab
        ? m_figuresTab->sizeHint().width()
        : m_table->contentWidth();
    const int table = std::min(width * 55 / 100, content);
    m_bottom->setSizes({ table, width - table });
}

bool CompareWindow::sendCommand(const ScenarioEvent &command)
{
    const QStringList refusals = m_session->apply(command);
    if (!refusals.isEmpty()) {
        statusBar()->showMessage(refusals.join(QStringLiteral("; ")), 8000);
        return false;
    }
    refreshFigures();
    return true;
}

void CompareWindow::showConsumerMenu(int pane, qint32 consumer, const QPoint &globalPos)
{
    if (m_session->paneCount() > 0 && m_session->isObserved(0)) {
        return; // observed against modelled: no commands (startObserved)
    }
    const CatalogPtr catalog = m_session->catalog(pane);
    if (!catalog || consumer < 0 || consumer >= catalog->consumers.size()) {
        return;
    }
    // The main window's consumer actions, enabled for the consumer's state in this pane; the
    // command they make goes to every pane (sendCommand).
    m_consumers->setState(catalog, m_session->snapshot(pane));
    m_consumers->setSelectedConsumer(consumer);
    QMenu menu(this);
    menu.addSection(tr("%1 — in every pane").arg(catalog->consumers.at(consumer).name));
    m_consumers->fillMenu(&menu);
    menu.exec(globalPos);
}

void CompareWindow::updatePlayAction()
{
    const bool playing = m_session->isPlaying();
    m_play->setText(playing ? tr("Pause") : tr("Play"));
    m_play->setIcon(
        QIcon(playing ? QStringLiteral(":/icons/pause.svg") : QStringLiteral(":/icons/play.svg")));
}

bool CompareWindow::takeScreenshot(const QString &path, SimTime at, const QSize &size)
{
    m_session->setPlaying(false);
    resize(size);
    show();
    QApplication::processEvents();
    const int height = m_split->height();
    m_split->setSizes({ height * 56 / 100, height * 44 / 100 });
    m_session->advanceTo(at);
    if (m_session->now() < at) {
        m_lastError = tr("The run did not reach %1 (the scenario lasts %2).")
                          .arg(GuiText::clock(at), GuiText::clock(m_session->duration()));
        return false;
    }
    for (AssignmentView *view : std::as_const(m_views)) {
        view->settle();
    }
    for (int i = 0; i < 5; ++i) {
        QApplication::processEvents();
    }
    refreshFigures();
    QApplication::processEvents();
    fitTable();
    QApplication::processEvents();
    return ExportController::writeWindowPng(this, size, path, &m_lastError);
}

void CompareWindow::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
    }
    QMainWindow::changeEvent(event);
}

void CompareWindow::retranslate()
{
    // In the language now in use: an imported incident's scenario name is the engine's English
    // ("Imported from 3 log files"), so its title says what the logs hold, in this language
    // (issue 37 item 7); a scenario's own name in this language when it has one.
    const bool observed = observedSession();
    const QString name = observed ? m_session->observedWorld(0)->summary()
                                  : m_session->baseScenario().nameFor(QLocale().name());
    if (!m_session->realVersion().isEmpty()) {
        setWindowTitle(
            tr("Real RocketMQ %1 beside the engine — Rebalance Lab").arg(m_session->realVersion()));
    } else {
        setWindowTitle(name.isEmpty() ? tr("Compare — Rebalance Lab")
                                      : tr("Compare: %1 — Rebalance Lab").arg(name));
    }
    if (m_tabs) {
        m_tabs->setTabText(m_tabs->indexOf(m_table), tr("Scorecard"));
        if (m_figuresTab && m_figuresTitle) {
            m_tabs->setTabText(m_tabs->indexOf(m_figuresTab), m_figuresTitle());
        }
    }
    updatePlayAction();
    m_play->setToolTip(tr("Play or pause every pane (Space)"));
    m_step->setText(tr("Step 10 s"));
    m_step->setToolTip(tr("Advance every pane by 10 s of virtual time"));
    m_speedLabel->setText(tr("Speed"));
    m_groupLabel->setText(tr("Figures for"));
    m_consumers->retranslate();
    if (!m_session->realVersion().isEmpty()) {
        m_note->setText(tr("Real against the engine: one clock, 0:00 when the real run began."));
    } else {
        m_note->setText(observed
                ? tr("Observed against modelled: the same clock, origin at the logs' first line.")
                : tr("Right-click a consumer: the command applies in every pane."));
    }
    if (m_session->retranslatePaneNames()) {
        // Observed / Modelled, named in the language now in use (issue 37: they stayed Chinese
        // after a switch to English).
        QStringList names;
        for (int p = 0; p < m_session->paneCount(); ++p) {
            names.append(m_session->variant(p).name);
        }
        m_table->setHorizontalHeaderLabels(names);
        m_charts->renamePanes(names);
    }
    for (int p = 0; p < int(m_headers.size()); ++p) {
        m_headers[p]->setText(paneTitle(p));
    }
}

} // namespace Rblab
