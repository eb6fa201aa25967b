// SPDX-License-Identifier: Apache-2.0
#include "assignmentview.h"

#include "assignmenttooltip.h"
#include "guitext.h"

#include <QContextMenuEvent>
#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QSvgGenerator>
#include <QToolTip>

#include <cmath>

namespace Rblab {

namespace {

constexpr double kNoAnimationAbove = 50.0;

quint64 itemKey(qint32 queue, qint32 consumer)
{
    return (quint64(quint32(queue)) << 32) | quint32(consumer + 1);
}

bool alive(ConsumerState s)
{
    return s != ConsumerState::Killed && s != ConsumerState::Shutdown && s != ConsumerState::Absent;
}

} // namespace

AssignmentView::AssignmentView(QWidget *parent)
    : QWidget(parent)
{
    setAttribute(Qt::WA_OpaquePaintEvent);
    setMouseTracking(false);
    setFocusPolicy(Qt::ClickFocus);
    setContextMenuPolicy(Qt::DefaultContextMenu);
    m_clock.start();
    m_animationTimer.setInterval(16);
    connect(&m_animationTimer, &QTimer::timeout, this, qOverload<>(&QWidget::update));
    m_renderer.setFont(font());
    m_renderer.setPalette(ViewPalette::fromPalette(palette()));
    updateTexts();
}

void AssignmentView::updateTexts()
{
    m_unassignedLabel = tr("Unassigned");
    m_legendLabels = {tr("double-owned"), tr("retry queue"), tr("flow control: count"), tr("flow control: size"),
                      tr("flow control: span")};
    m_cacheLabel = tr("%1 msg · %2");
    m_oneQueueLabel = tr("1 queue");
    m_queuesLabel = tr("%1 queues");
    setToolTip(QString());
    setWhatsThis(tr("Each card is a consumer of the group, each tile a queue coloured by its broker. "
                    "Tiles travel when a rebalance moves them. Right-click a card for churn actions."));
    m_renderer.invalidate();
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

void AssignmentView::setFrame(const CatalogPtr &catalog, const WorldSnapshot &snapshot, quint64 generation)
{
    const bool newRun = !m_hasFrame || generation != m_generation;
    if (newRun || catalog != m_catalog) {
        m_layoutDirty = true;
        m_renderer.invalidate();
    }
    if (newRun) {
        m_previousItems.clear();
        m_previousIndex.clear();
        m_queueRects.clear();
        m_cardItems.clear();
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
    update();
}

void AssignmentView::settle()
{
    for (TileItem &item : m_items) {
        item.start = -1;
    }
    for (CardItem &card : m_cardItems) {
        card.flashStart = -1;
    }
    m_animationTimer.stop();
    update();
}

int AssignmentView::tilesNeeded() const
{
    const Catalog &cat = *m_catalog;
    QList<int> perConsumer(cat.consumers.size(), 0);
    for (const SnapshotHolding &h : m_snapshot.holdings) {
        if (h.consumer >= 0 && h.consumer < perConsumer.size()) {
            ++perConsumer[h.consumer];
        }
    }
    int need = 1;
    for (int n : std::as_const(perConsumer)) {
        need = qMax(need, n);
    }
    // Room for an even share too, so that a rebalance after a start does not re-lay everything.
    QList<int> liveByGroup(cat.groups.size(), 0);
    for (qint32 c = 0; c < cat.consumers.size() && c < m_snapshot.consumers.size(); ++c) {
        const qint32 g = cat.consumers.at(c).groupIndex;
        // Consumers that have not started yet count: they will share the queues soon.
        const ConsumerState st = m_snapshot.consumers.at(c).state;
        if (g >= 0 && g < liveByGroup.size() && st != ConsumerState::Killed && st != ConsumerState::Shutdown) {
            ++liveByGroup[g];
        }
    }
    for (int g = 0; g < cat.groupQueues.size() && g < liveByGroup.size(); ++g) {
        const int live = qMax(1, liveByGroup.at(g));
        need = qMax(need, int((cat.groupQueues.at(g).size() + live - 1) / live));
    }
    return need;
}

void AssignmentView::rebuildItems(bool animate)
{
    if (!m_catalog) {
        m_items.clear();
        return;
    }
    const Catalog &cat = *m_catalog;
    const int need = tilesNeeded();
    // Re-lay when a card would overflow, or when tiles could be clearly larger again.
    if (m_layoutDirty || need > m_layoutNeed || need * 3 < m_layoutNeed * 2) {
        m_layoutNeed = qMax(need, 1);
        const qreal legend = m_renderer.legendWidth(cat, m_legendLabels);
        m_layout.compute(cat, QSizeF(size()), font(), m_layoutNeed, legend > width() - 16 ? 2 : 1);
        m_layoutDirty = false;
    }
    if (m_cardItems.size() < cat.consumers.size()) {
        m_cardItems.resize(cat.consumers.size());
    }
    const qint64 now = m_clock.elapsed();
    for (qint32 c = 0; c < cat.consumers.size() && c < m_snapshot.consumers.size(); ++c) {
        CardItem &ci = m_cardItems[c];
        const quint32 count = m_snapshot.consumers.at(c).rebalanceCount;
        if (count > ci.seenRebalances && animate) {
            ci.flashStart = now;
        }
        ci.seenRebalances = count;
    }

    std::swap(m_previousItems, m_items);
    m_items.clear();
    m_previousIndex.clear();
    for (int i = 0; i < m_previousItems.size(); ++i) {
        m_previousIndex.insert(itemKey(m_previousItems.at(i).queue, m_previousItems.at(i).consumer), i);
    }
    if (m_queueRects.size() != cat.queues.size()) {
        m_queueRects.resize(cat.queues.size());
    }
    const int duration = animate ? animationDuration() : 0;
    const auto &sections = m_layout.sections();
    m_laneCounts = QList<int>(sections.size(), 0);
    m_laneGrids = QList<AssignmentLayout::Grid>(sections.size());
    QList<int> cardFill(m_layout.cards().size(), 0);
    QList<int> cardTotal(m_layout.cards().size(), 0);
    const auto &holdings = m_snapshot.holdings;

    auto place = [&](TileItem item, const QRectF &target) {
        item.target = target;
        const auto prev = m_previousIndex.constFind(itemKey(item.queue, item.consumer));
        if (prev != m_previousIndex.cend()) {
            const TileItem &old = m_previousItems.at(*prev);
            if (old.target != target && duration > 0) {
                item.from = old.rectAt(now);
                item.start = now;
                item.duration = duration;
            } else {
                item.from = old.from;
                item.start = old.start;
                item.duration = old.duration;
            }
        } else if (duration > 0 && item.queue >= 0 && !m_queueRects.at(item.queue).isNull()) {
            // A queue arriving here: travel from where it was drawn last.
            item.from = m_queueRects.at(item.queue);
            item.start = now;
            item.duration = duration;
        }
        m_items.append(item);
    };

    for (int s = 0; s < sections.size(); ++s) {
        const AssignmentLayout::Section &section = sections.at(s);
        const qint32 g = section.group;
        if (g < 0 || g >= cat.groupQueues.size()) {
            continue;
        }
        const QList<qint32> &queues = cat.groupQueues.at(g);
        // First pass: how many tiles each card of this group gets (for the "+N" overflow tile).
        for (qint32 q : queues) {
            if (q >= m_snapshot.queues.size()) {
                continue;
            }
            const SnapshotQueue &sq = m_snapshot.queues.at(q);
            for (qint32 h = sq.firstHolding; h < sq.firstHolding + sq.holdingCount && h < holdings.size(); ++h) {
                const int card = m_layout.cardOf(holdings.at(h).consumer);
                if (card >= 0 && m_layout.cards().at(card).section == s) {
                    ++cardTotal[card];
                }
            }
        }
        const int capacity = section.cardGrid.capacity;
        QList<TileItem> laneItems;
        for (qint32 q : queues) {
            if (q >= m_snapshot.queues.size()) {
                continue;
            }
            const SnapshotQueue &sq = m_snapshot.queues.at(q);
            const QueueInfo &info = cat.queues.at(q);
            int aliveOwners = 0;
            int runningOwners = 0;
            const SnapshotHolding *first = nullptr;
            for (qint32 h = sq.firstHolding; h < sq.firstHolding + sq.holdingCount && h < holdings.size(); ++h) {
                const SnapshotHolding &hold = holdings.at(h);
                if (hold.consumer < 0 || hold.consumer >= m_snapshot.consumers.size()
                    || cat.consumers.at(hold.consumer).groupIndex != g || hold.dropped) {
                    continue;
                }
                const ConsumerState st = m_snapshot.consumers.at(hold.consumer).state;
                if (alive(st)) {
                    ++aliveOwners;
                    if (!first) {
                        first = &hold;
                    }
                }
                if (st == ConsumerState::Running) {
                    ++runningOwners;
                }
            }
            auto fillOf = [&](const SnapshotHolding &hold, TileItem &item) {
                const SnapshotConsumer &owner = m_snapshot.consumers.at(hold.consumer);
                const double count = owner.pullThresholdForQueue > 0
                    ? double(hold.cachedCount) / double(owner.pullThresholdForQueue) : 0;
                const double size = owner.pullThresholdSizeForQueue > 0
                    ? double(hold.cachedBytes) / (double(owner.pullThresholdSizeForQueue) * 1048576.0) : 0;
                const double span = owner.consumeConcurrentlyMaxSpan > 0
                    ? double(hold.maxSpan) / double(owner.consumeConcurrentlyMaxSpan) : 0;
                item.fill = float(count);
                item.pressure = float(qMax(count, qMax(size, span)));
                item.flow = hold.flowControl;
            };
            for (qint32 h = sq.firstHolding; h < sq.firstHolding + sq.holdingCount && h < holdings.size(); ++h) {
                const SnapshotHolding &hold = holdings.at(h);
                const int card = m_layout.cardOf(hold.consumer);
                if (card < 0 || m_layout.cards().at(card).section != s) {
                    continue;
                }
                const int slot = cardFill[card]++;
                const bool overflowing = cardTotal[card] > capacity;
                if (overflowing && slot >= capacity - 1) {
                    if (slot == capacity - 1) {
                        TileItem more;
                        more.consumer = hold.consumer;
                        more.section = s;
                        more.flags = TileItem::Overflow;
                        more.overflowCount = cardTotal[card] - (capacity - 1);
                        more.target = m_layout.cardSlot(card, slot);
                        m_items.append(more);
                    }
                    continue;
                }
                TileItem item;
                item.queue = q;
                item.consumer = hold.consumer;
                item.section = s;
                const ConsumerState st = m_snapshot.consumers.at(hold.consumer).state;
                if (info.retry) {
                    item.flags |= TileItem::Retry;
                }
                if (aliveOwners >= 2 && alive(st) && !hold.dropped) {
                    item.flags |= TileItem::DoubleOwned;
                }
                if (st != ConsumerState::Running) {
                    item.flags |= TileItem::Ghost;
                }
                if (hold.dropped) {
                    item.flags |= TileItem::Dropped;
                }
                if (hold.locked && cat.groupOrderly.value(g)) {
                    item.flags |= TileItem::Locked;
                }
                fillOf(hold, item);
                place(item, m_layout.cardSlot(card, slot));
            }
            if (runningOwners == 0) {
                TileItem item;
                item.queue = q;
                item.consumer = -1;
                item.section = s;
                if (info.retry) {
                    item.flags |= TileItem::Retry;
                }
                if (aliveOwners > 0) {
                    item.flags |= TileItem::Ghost;
                }
                if (first) {
                    fillOf(*first, item);
                }
                laneItems.append(item);
            }
        }
        // The lane packs denser when many queues are unassigned (the start of a run).
        m_laneCounts[s] = int(laneItems.size());
        m_laneGrids[s] = m_layout.laneGridFor(s, int(laneItems.size()));
        for (int i = 0; i < laneItems.size() && i < m_laneGrids.at(s).capacity; ++i) {
            place(laneItems.at(i), m_laneGrids.at(s).slot(i));
        }
    }
    // Remember where each queue is drawn, for the next travel: a running owner's tile first,
    // then any card, then the lane.
    QList<quint8> rank(cat.queues.size(), 0);
    for (const TileItem &item : std::as_const(m_items)) {
        if (item.queue < 0) {
            continue;
        }
        const quint8 r = item.consumer < 0 ? 1 : ((item.flags & TileItem::Ghost) ? 2 : 3);
        if (r > rank.at(item.queue)) {
            rank[item.queue] = r;
            m_queueRects[item.queue] = item.target;
        }
    }

    m_sectionTitles.clear();
    m_sectionStrategies.clear();
    for (const AssignmentLayout::Section &section : sections) {
        int running = 0;
        QHash<QString, int> strategies;
        for (int card : section.cards) {
            const qint32 c = m_layout.cards().at(card).consumer;
            if (c >= m_snapshot.consumers.size()) {
                continue;
            }
            const SnapshotConsumer &sc = m_snapshot.consumers.at(c);
            if (sc.state == ConsumerState::Running) {
                ++running;
            }
            if (alive(sc.state)) {
                ++strategies[sc.strategy];
            }
        }
        QString majority;
        for (auto it = strategies.cbegin(); it != strategies.cend(); ++it) {
            if (majority.isEmpty() || it.value() > strategies.value(majority)
                || (it.value() == strategies.value(majority) && it.key() < majority)) {
                majority = it.key();
            }
        }
        m_sectionStrategies.append(majority);
        m_sectionTitles.append(tr("%1 — %2 queues, %3 of %4 consumers running, %5")
                                   .arg(cat.groups.value(section.group))
                                   .arg(cat.groupQueues.value(section.group).size())
                                   .arg(running)
                                   .arg(section.cards.size())
                                   .arg(majority.isEmpty() ? QStringLiteral("—") : majority));
    }

    bool active = false;
    for (const TileItem &item : std::as_const(m_items)) {
        active = active || (item.start >= 0 && now < item.start + item.duration);
    }
    for (const CardItem &ci : std::as_const(m_cardItems)) {
        active = active || (ci.flashStart >= 0 && now - ci.flashStart < AssignmentRenderer::kFlashMs);
    }
    if (active && !m_animationTimer.isActive()) {
        m_animationTimer.start();
    }
}

int AssignmentView::tileCount() const
{
    int n = 0;
    for (const TileItem &item : m_items) {
        n += (item.flags & TileItem::Overflow) ? 0 : 1;
    }
    return n;
}

int AssignmentView::laneTileCount() const
{
    int n = 0;
    for (int c : m_laneCounts) {
        n += c;
    }
    return n;
}

QString AssignmentView::cardStateText(qint32 consumer) const
{
    if (consumer < 0 || consumer >= m_snapshot.consumers.size()) {
        return QString();
    }
    const SnapshotConsumer &sc = m_snapshot.consumers.at(consumer);
    return GuiText::stateName(sc.state, sc.slowed);
}

bool AssignmentView::isQueueAnimating(qint32 queue) const
{
    const qint64 now = m_clock.elapsed();
    for (const TileItem &item : m_items) {
        if (item.queue == queue && item.start >= 0 && now < item.start + item.duration) {
            return true;
        }
    }
    return false;
}

Selection AssignmentView::hitTest(const QPointF &pos) const
{
    for (qsizetype i = m_items.size() - 1; i >= 0; --i) {
        const TileItem &item = m_items.at(i);
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
    in.tiles = &m_items;
    in.cards = &m_cardItems;
    in.selection = m_selection;
    in.wallNow = m_clock.elapsed();
    in.unassignedLabel = m_unassignedLabel;
    in.legendLabels = m_legendLabels;
    in.sectionTitles = m_sectionTitles;
    in.laneCounts = m_laneCounts;
    in.laneGrids = &m_laneGrids;
    in.cacheLabel = m_cacheLabel;
    in.oneQueueLabel = m_oneQueueLabel;
    in.queuesLabel = m_queuesLabel;
    in.sectionStrategies = m_sectionStrategies;
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
    const qint64 now = m_clock.elapsed();
    bool active = false;
    for (const TileItem &item : std::as_const(m_items)) {
        active = active || (item.start >= 0 && now < item.start + item.duration);
    }
    for (const CardItem &ci : std::as_const(m_cardItems)) {
        active = active || (ci.flashStart >= 0 && now - ci.flashStart < AssignmentRenderer::kFlashMs);
    }
    if (!active) {
        m_animationTimer.stop();
    }
}

void AssignmentView::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    m_layoutDirty = true;
    if (m_catalog) {
        // A resize re-lays everything; tiles jump rather than travel, as nothing moved.
        m_previousItems.clear();
        m_items.clear();
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
        for (const TileItem &item : std::as_const(m_items)) {
            if (item.queue == hit.index && item.consumer >= 0 && item.target.contains(event->pos())) {
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
            text = AssignmentToolTip::queue(*m_catalog, m_snapshot, hit.index);
        } else if (hit.isConsumer()) {
            text = AssignmentToolTip::consumer(*m_catalog, m_snapshot, hit.index);
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
        update();
        break;
    default:
        break;
    }
    QWidget::changeEvent(event);
}

bool AssignmentView::exportSvg(const QString &path, QString *error) const
{
    QSvgGenerator generator;
    generator.setFileName(path);
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
