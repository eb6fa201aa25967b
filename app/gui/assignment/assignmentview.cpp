// SPDX-License-Identifier: Apache-2.0
#include "assignment/assignmentview.h"

#include "assignment/assignmenttooltip.h"
#include "guitext.h"

#include <json/savefile.h>

#include <QContextMenuEvent>
#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QSaveFile>
#include <QSvgGenerator>
#include <QToolTip>

#include <cmath>

namespace Rblab {

namespace {

constexpr double kNoAnimationAbove = 50.0;
// A picture at rest is repainted at most this often: the worker publishes every 15 ms, and at
// 1× consecutive frames differ by a cache count (painting each took most of the idle cost).
// Travelling tiles are painted at the animation's 16 ms whatever the speed.
constexpr int kRestFrameMs = 50;
constexpr int kSlowRestFrameMs = 100; //!< up to 2×, where the picture changes slowest
constexpr double kSlowSpeed = 2.0;

} // namespace

AssignmentView::AssignmentView(QWidget *parent) : QWidget(parent)
{
    setAttribute(Qt::WA_OpaquePaintEvent);
    setMouseTracking(false);
    setFocusPolicy(Qt::ClickFocus);
    setContextMenuPolicy(Qt::DefaultContextMenu);
    m_clock.start();
    m_animationTimer.setInterval(16);
    connect(&m_animationTimer, &QTimer::timeout, this, qOverload<>(&QWidget::update));
    m_restTimer.setSingleShot(true);
    connect(&m_restTimer, &QTimer::timeout, this, qOverload<>(&QWidget::update));
    m_renderer.setFont(font());
    m_renderer.setPalette(ViewPalette::fromPalette(palette()));
    updateTexts();
}

void AssignmentView::updateTexts()
{
    m_legendLabels = { tr("double-owned"), tr("retry queue"), tr("flow control: count"),
        tr("flow control: size"), tr("flow control: span"), tr("locked (orderly)") };
    m_cacheLabel = tr("%1 msg · %2");
    //: A POP consumer's card: messages popped and not acked, and its un-acked checkpoints on the
    //: brokers (a killed consumer's stay until their invisible time is over).
    m_popLabel = tr("%1 in flight · %2 invisible");
    m_oneQueueLabel = tr("1 queue");
    m_queuesLabel = tr("%1 queues");
    m_unmeasuredLabel = GuiText::unmeasured();
    //: The large word on the empty card of a client whose logs stop (not "killed": the logs
    //: show only that it fell silent).
    m_silentWord = tr("silent");
    m_stateTexts.clear();
    for (const QString &time : std::as_const(m_silentSince)) {
        m_stateTexts.append(time.isEmpty() ? QString() : GuiText::silentSince(time));
    }
    if (!m_noteTexts.isEmpty()) {
        m_stateTexts = m_noteTexts; // translated by whoever set them
    }
    setToolTip(QString());
    setWhatsThis(
        tr("Each card is a consumer of the group, each tile a queue coloured by its broker. "
           "Tiles travel when a rebalance moves them. Right-click a card for churn actions."));
    m_renderer.invalidate();
}

void AssignmentView::setLargeSchedule(bool large)
{
    if (m_largeSchedule == large) {
        return;
    }
    m_largeSchedule = large;
    m_layoutDirty = true;
    if (m_hasFrame) {
        rebuildItems(false);
    }
    update();
}

QString AssignmentView::shownSectionTitle(int s) const
{
    if (s < 0 || s >= sectionTitles().size() || s >= m_layout.sections().size()) {
        return QString();
    }
    return m_renderer.fittedTitle(sectionTitles().at(s), m_layout.sections().at(s).title.width());
}

QString AssignmentView::cardScheduleText(qint32 consumer) const
{
    if (!m_catalog || consumer < 0 || consumer >= m_snapshot.consumers.size()) {
        return QString();
    }
    const SnapshotConsumer &sc = m_snapshot.consumers.at(consumer);
    const bool alive = sc.state != ConsumerState::Killed && sc.state != ConsumerState::Shutdown
        && sc.state != ConsumerState::Absent && sc.state != ConsumerState::Frozen;
    const bool present = sc.state != ConsumerState::Killed && sc.state != ConsumerState::Shutdown
        && sc.state != ConsumerState::Absent;
    const CardSchedule::View own
        = present ? CardSchedule::ownView(*m_catalog, sc) : CardSchedule::View();
    const CardSchedule::View common = CardSchedule::commonView(
        *m_catalog, m_snapshot, m_catalog->consumers.value(consumer).groupIndex);
    const bool differs = alive && own.consumers >= 0 && common.consumers >= 0 && !(own == common);
    QStringList parts;
    const QString countdown = m_scheduleKnown
        ? CardSchedule::countdownText(CardSchedule::secondsToNext(sc, m_snapshot.now), alive)
        : QString();
    if (!countdown.isEmpty()) {
        parts.append(countdown);
    }
    if (own.consumers >= 0) {
        parts.append((differs ? QStringLiteral("≠ ") : QString()) + CardSchedule::viewText(own));
    }
    return parts.join(QStringLiteral(" · "));
}

void AssignmentView::setHideInactive(bool hide)
{
    if (hide == m_visibility.isEnabled()) {
        return;
    }
    m_visibility.setEnabled(hide);
    m_layoutDirty = true;
    if (m_catalog) {
        rebuildItems(false);
    }
    update();
}

void AssignmentView::setFiguresMeasured(bool measured)
{
    if (measured == m_figuresMeasured) {
        return;
    }
    m_figuresMeasured = measured;
    update();
}

void AssignmentView::setSilentSince(const QStringList &clockTimes)
{
    if (clockTimes == m_silentSince) {
        return;
    }
    m_silentSince = clockTimes;
    updateTexts();
    update();
}

void AssignmentView::setStateNotes(const QStringList &texts, const QStringList &words)
{
    if (texts == m_noteTexts && words == m_noteWords) {
        return;
    }
    m_noteTexts = texts;
    m_noteWords = words;
    updateTexts();
    update();
}

void AssignmentView::setScheduleKnown(bool known)
{
    if (known != m_scheduleKnown) {
        m_scheduleKnown = known;
        update();
    }
}

QString AssignmentView::cardCacheText(qint32 consumer) const
{
    if (consumer < 0 || consumer >= m_snapshot.consumers.size()) {
        return QString();
    }
    const SnapshotConsumer &sc = m_snapshot.consumers.at(consumer);
    if (!m_figuresMeasured) {
        return m_unmeasuredLabel;
    }
    return sc.pop
        ? m_popLabel.arg(GuiText::count(sc.popInFlight), GuiText::count(sc.popInvisible))
        : m_cacheLabel.arg(GuiText::count(sc.cachedCount), GuiText::bytes(sc.cachedBytes));
}

QString AssignmentView::cardCacheToolTip(qint32 consumer) const
{
    if (m_figuresMeasured || consumer < 0 || consumer >= m_snapshot.consumers.size()) {
        return QString();
    }
    return GuiText::unmeasuredWhy();
}

QString AssignmentView::consumerToolTip(qint32 consumer) const
{
    return m_catalog ? AssignmentToolTip::consumer(
               *m_catalog, m_snapshot, consumer, m_figuresMeasured, m_stateTexts)
                     : QString();
}

QString AssignmentView::queueToolTip(qint32 queue) const
{
    return m_catalog
        ? AssignmentToolTip::queue(*m_catalog, m_snapshot, queue, m_figuresMeasured, m_stateTexts)
        : QString();
}

void AssignmentView::setSpeed(double speed)
{
    m_speed = speed;
}

int AssignmentView::animationDuration() const
{
    if (m_speed > kNoAnimationAbove) {
        return 0;
    }
    // A few hundred ms at 1×, longer in slow motion, shorter when fast (never under 120 ms).
    return int(300.0 * qBound(0.4, 1.0 / std::sqrt(qMax(0.01, m_speed)), 2.0));
}

void AssignmentView::setSelection(const Selection &selection)
{
    if (m_selection == selection) {
        return;
    }
    m_selection = selection;
    update();
    emit selectionChanged(m_selection);
}

void AssignmentView::setFrame(
    const CatalogPtr &catalog, const WorldSnapshot &snapshot, quint64 generation)
{
    const bool newRun = !m_hasFrame || generation != m_generation;
    if (newRun || catalog != m_catalog) {
        m_layoutDirty = true;
        m_renderer.invalidate();
    }
    if (newRun) {
        m_items.clear();
        m_visibility.reset();
        m_laidOutStates = 0;
        m_laidOutSlowed = false;
        if (m_selection.kind != Selection::Kind::None) {
            m_selection = Selection();
            emit selectionChanged(m_selection);
        }
    }
    m_catalog = catalog;
    m_snapshot = snapshot;
    m_generation = generation;
    m_hasFrame = catalog != nullptr;
    rebuildItems(!newRun);
    if (newRun || m_animationTimer.isActive()) {
        update();
        return;
    }
    const int rest = m_speed <= kSlowSpeed ? kSlowRestFrameMs : kRestFrameMs;
    const qint64 since = m_clock.elapsed() - m_lastPaint;
    if (since >= rest) {
        update();
    } else if (!m_restTimer.isActive()) {
        m_restTimer.start(int(rest - since));
    }
}

void AssignmentView::settle()
{
    m_items.settle();
    m_animationTimer.stop();
    update();
}

void AssignmentView::rebuildItems(bool animate)
{
    if (!m_catalog) {
        m_items.clear();
        return;
    }
    const Catalog &cat = *m_catalog;
    const int need = AssignmentItems::tilesNeeded(cat, m_snapshot);
    if (m_visibility.update(cat, m_snapshot)) {
        m_layoutDirty = true; // a card came or went
    }
    // The states compact cards must have room to name: the ways to leave, and any other state
    // a consumer is in now. A state not laid out for yet ("partitioned") lays the cards out
    // again, so its words are never cut; the common ones are reserved from the start.
    quint16 states = (1u << int(ConsumerState::Running)) | (1u << int(ConsumerState::Killed))
        | (1u << int(ConsumerState::Shutdown)) | (1u << int(ConsumerState::Frozen));
    bool slowed = false;
    for (const SnapshotConsumer &consumer : m_snapshot.consumers) {
        states |= quint16(1u << int(consumer.state));
        slowed |= consumer.slowed && consumer.state == ConsumerState::Running;
    }
    if ((states & ~m_laidOutStates) != 0 || (slowed && !m_laidOutSlowed)) {
        m_layoutDirty = true;
    }
    // Re-lay when a card would overflow, or when tiles could be clearly larger again.
    bool relaid = false;
    if (m_layoutDirty || need > m_layoutNeed || need * 3 < m_layoutNeed * 2) {
        m_layoutNeed = qMax(need, 1);
        const qreal legend = m_renderer.legendWidth(cat, m_legendLabels);
        m_layout.setScheduleLine(m_renderer.scheduleLineHeight(m_largeSchedule), m_largeSchedule);
        m_laidOutStates |= states;
        m_laidOutSlowed |= slowed;
        QStringList words;
        for (const ConsumerState state :
            { ConsumerState::Absent, ConsumerState::Starting, ConsumerState::Running,
                ConsumerState::Paused, ConsumerState::Frozen, ConsumerState::Partitioned,
                ConsumerState::Killed, ConsumerState::ShuttingDown, ConsumerState::Shutdown }) {
            if (m_laidOutStates & (1u << int(state))) {
                words.append(GuiText::stateName(state));
            }
        }
        if (m_laidOutSlowed) {
            words.append(GuiText::stateName(ConsumerState::Running, true));
        }
        m_layout.setCardTexts(words, m_queuesLabel);
        m_layout.compute(cat, QSizeF(size()), font(), m_layoutNeed, legend > width() - 16 ? 2 : 1,
            m_visibility.hidden());
        m_layoutDirty = false;
        ++m_layoutGeneration;
        relaid = true;
    }
    const qint64 now = m_clock.elapsed();
    m_items.rebuild(m_layout, cat, m_snapshot, now, animate ? animationDuration() : 0, animate);
    m_laneLabels.clear();
    for (int s = 0; s < m_items.laneCounts().size(); ++s) {
        // Two lines, each short enough for the lane's label column in any language.
        const int retry = m_items.laneRetryCounts().at(s);
        QString label = tr("Unassigned %1").arg(GuiText::count(m_items.laneCounts().at(s) - retry));
        if (retry > 0) {
            label += QLatin1Char('\n') + tr("+%1 retry").arg(GuiText::count(retry));
        }
        m_laneLabels.append(label);
    }
    if (m_items.isAnimating(now) && !m_animationTimer.isActive()) {
        m_animationTimer.start();
    }
    if (relaid) {
        emit layoutChanged(); // after the tiles: they are where the new layout puts them
    }
}

int AssignmentView::tileCount() const
{
    int n = 0;
    for (const TileItem &item : m_items.tiles()) {
        n += (item.flags & TileItem::Overflow) ? 0 : 1;
    }
    return n;
}

int AssignmentView::laneTileCount() const
{
    int n = 0;
    for (int c : m_items.laneCounts()) {
        n += c;
    }
    return n;
}

int AssignmentView::unassignedRetryCount() const
{
    int n = 0;
    for (int c : m_items.laneRetryCounts()) {
        n += c;
    }
    return n;
}

int AssignmentView::unassignedCount() const
{
    return laneTileCount() - unassignedRetryCount();
}

QString AssignmentView::cardStateText(qint32 consumer) const
{
    if (consumer < 0 || consumer >= m_snapshot.consumers.size()) {
        return QString();
    }
    return AssignmentRenderer::stateWords(
        m_snapshot.consumers.at(consumer), m_stateTexts.value(consumer));
}

AssignmentRenderer::StateLine AssignmentView::cardStateLine(qint32 consumer) const
{
    const int card = m_layout.cardOf(consumer);
    if (card < 0 || consumer >= m_snapshot.consumers.size()) {
        return {};
    }
    return m_renderer.compactStateLine(
        rendererInput(), m_layout.cards().at(card), m_snapshot.consumers.at(consumer));
}

bool AssignmentView::tileShowsLabel(const TileItem &item) const
{
    if (!m_catalog || item.queue < 0 || item.section < 0
        || item.section >= m_layout.sections().size()) {
        return false;
    }
    const AssignmentLayout::Section &section = m_layout.sections().at(item.section);
    const AssignmentLayout::Detail detail = item.consumer >= 0 ? section.cardGrid.detail
        : item.section < m_items.laneGrids().size() ? m_items.laneGrids().at(item.section).detail
                                                    : section.laneGrid.detail;
    switch (detail) {
    case AssignmentLayout::Detail::Full:
        return true;
    case AssignmentLayout::Detail::Compact:
        return m_renderer.compactLabelFits(
            item.target, m_renderer.tileLabel(*m_catalog, item.queue));
    case AssignmentLayout::Detail::HeatMap:
        break;
    }
    return false;
}

bool AssignmentView::isQueueAnimating(qint32 queue) const
{
    return m_items.isQueueAnimating(queue, m_clock.elapsed());
}

Selection AssignmentView::hitTest(const QPointF &pos) const
{
    const QList<TileItem> &tiles = m_items.tiles();
    for (qsizetype i = tiles.size() - 1; i >= 0; --i) {
        const TileItem &item = tiles.at(i);
        if (item.queue >= 0 && item.target.contains(pos)) {
            return Selection::queue(item.queue);
        }
    }
    for (const AssignmentLayout::Card &card : m_layout.cards()) {
        if (card.rect.contains(pos)) {
            return Selection::consumer(card.consumer);
        }
    }
    return Selection();
}

AssignmentRenderer::Input AssignmentView::rendererInput() const
{
    AssignmentRenderer::Input in;
    in.layout = &m_layout;
    in.catalog = m_catalog.get();
    in.snapshot = &m_snapshot;
    in.tiles = &m_items.tiles();
    in.cards = &m_items.cards();
    in.selection = m_selection;
    in.wallNow = m_clock.elapsed();
    in.laneLabels = m_laneLabels;
    in.legendLabels = m_legendLabels;
    in.sectionTitles = m_items.sectionTitles();
    in.laneCounts = m_items.laneCounts();
    in.laneGrids = &m_items.laneGrids();
    in.cacheLabel = m_cacheLabel;
    in.popLabel = m_popLabel;
    in.oneQueueLabel = m_oneQueueLabel;
    in.queuesLabel = m_queuesLabel;
    in.sectionStrategies = m_items.sectionStrategies();
    in.largeSchedule = m_largeSchedule;
    in.figuresMeasured = m_figuresMeasured;
    in.unmeasuredLabel = m_unmeasuredLabel;
    in.stateTexts = m_stateTexts;
    in.silentWord = m_silentWord;
    in.silentWords = m_noteWords;
    in.scheduleKnown = m_scheduleKnown;
    return in;
}

void AssignmentView::paintContent(QPainter &painter) const
{
    painter.fillRect(rect(), palette().color(QPalette::Base));
    if (!m_hasFrame) {
        painter.setPen(palette().color(QPalette::PlaceholderText));
        painter.drawText(rect(), Qt::AlignCenter, tr("No scenario loaded"));
        return;
    }
    m_renderer.paint(painter, rendererInput());
}

void AssignmentView::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    paintContent(painter);
    m_lastPaint = m_clock.elapsed();
    emit framePainted();
    if (!m_items.isAnimating(m_clock.elapsed())) {
        m_animationTimer.stop();
    }
}

void AssignmentView::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    m_layoutDirty = true;
    if (m_catalog) {
        // A resize re-lays everything; tiles jump rather than travel, as nothing moved.
        m_items.dropTiles();
        rebuildItems(false);
    }
}

void AssignmentView::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton) {
        setSelection(hitTest(event->position()));
    }
    QWidget::mousePressEvent(event);
}

void AssignmentView::contextMenuEvent(QContextMenuEvent *event)
{
    Selection hit = hitTest(event->pos());
    qint32 consumer = -1;
    if (hit.isConsumer()) {
        consumer = hit.index;
    } else if (hit.isQueue()) {
        // A tile on a card stands for its consumer in the context menu.
        for (const TileItem &item : m_items.tiles()) {
            if (item.queue == hit.index && item.consumer >= 0
                && item.target.contains(event->pos())) {
                consumer = item.consumer;
            }
        }
    }
    if (consumer >= 0) {
        setSelection(Selection::consumer(consumer));
        emit consumerContextMenuRequested(consumer, event->globalPos());
    }
}

bool AssignmentView::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const Selection hit = hitTest(help->pos());
        QString text;
        if (hit.isQueue()) {
            text = queueToolTip(hit.index);
        } else if (hit.isConsumer()) {
            text = consumerToolTip(hit.index);
        }
        if (text.isEmpty()) {
            QToolTip::hideText();
            event->ignore();
        } else {
            QToolTip::showText(help->globalPos(), text, this);
        }
        return true;
    }
    return QWidget::event(event);
}

void AssignmentView::changeEvent(QEvent *event)
{
    switch (event->type()) {
    case QEvent::LanguageChange:
        updateTexts();
        m_layoutDirty = true; // the cards' words are measured in the new language
        if (m_catalog) {
            rebuildItems(false);
        }
        update();
        break;
    case QEvent::PaletteChange:
        m_renderer.setPalette(ViewPalette::fromPalette(palette()));
        update();
        break;
    case QEvent::FontChange:
        m_renderer.setFont(font());
        m_layoutDirty = true;
        if (m_catalog) {
            // Presenter zoom lays the cards out again now, also while paused: waiting for the
            // next frame left the narration (and hit tests) on the old geometry.
            m_items.dropTiles();
            rebuildItems(false);
        }
        update();
        break;
    default:
        break;
    }
    QWidget::changeEvent(event);
}

bool AssignmentView::exportSvg(const QString &path, QString *error) const
{
    // Through QSaveFile, as every file the app writes: a failed export leaves the old file.
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        if (error) {
            *error = tr("Cannot write %1: %2").arg(path, file.errorString());
        }
        return false;
    }
    QSvgGenerator generator;
    generator.setOutputDevice(&file);
    generator.setSize(size());
    generator.setViewBox(rect());
    generator.setTitle(tr("Rebalance Lab — queue assignment"));
    generator.setDescription(tr("Queues by consumer at %1").arg(GuiText::clock(m_snapshot.now)));
    QPainter painter;
    if (!painter.begin(&generator)) {
        if (error) {
            *error = tr("Cannot write %1").arg(path);
        }
        return false;
    }
    paintContent(painter);
    painter.end();
    if (!commitFully(file)) {
        if (error) {
            *error = tr("Cannot write %1: %2").arg(path, file.errorString());
        }
        return false;
    }
    return true;
}

QImage AssignmentView::exportImage(qreal devicePixelRatio) const
{
    QImage image(size() * devicePixelRatio, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(devicePixelRatio);
    QPainter painter(&image);
    paintContent(painter);
    painter.end();
    return image;
}

} // namespace Rblab

#include "moc_assignmentview.cpp"
