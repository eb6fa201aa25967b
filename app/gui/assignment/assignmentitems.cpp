// SPDX-License-Identifier: Apache-2.0
#include "assignment/assignmentitems.h"

#include "guitext.h"

#include <algorithm>

namespace Rblab {

namespace {

quint64 itemKey(qint32 queue, qint32 consumer)
{
    return (quint64(quint32(queue)) << 32) | quint32(consumer + 1);
}

// A tile's bar and border: its cache against the owner's thresholds (ProcessQueue's flow control).
void fillFrom(const SnapshotHolding &hold, const SnapshotConsumer &owner, TileItem &item)
{
    const double count = owner.pullThresholdForQueue > 0
        ? double(hold.cachedCount) / double(owner.pullThresholdForQueue)
        : 0;
    const double size = owner.pullThresholdSizeForQueue > 0
        ? double(hold.cachedBytes) / (double(owner.pullThresholdSizeForQueue) * 1048576.0)
        : 0;
    const double span = owner.consumeConcurrentlyMaxSpan > 0
        ? double(hold.maxSpan) / double(owner.consumeConcurrentlyMaxSpan)
        : 0;
    // The bar measures whichever of count and size holds the pull (or is nearer to it): a queue
    // of large messages is held by pullThresholdSizeForQueue long before its count fills.
    using C = SimEvent::FlowCause;
    const bool bySize = hold.flowControl == C::Size || hold.flowControl == C::TopicSize
        || (hold.flowControl == C::None && size > count);
    item.fill = float(hold.flowControl == C::Span ? span : bySize ? size : count);
    item.flags = quint16((item.flags & ~(TileItem::SizeBar | TileItem::SpanBar))
        | (bySize ? TileItem::SizeBar : 0) | (hold.flowControl == C::Span ? TileItem::SpanBar : 0));
    item.pressure = float(qMax(count, qMax(size, span)));
    item.flow = hold.flowControl;
}

} // namespace

int AssignmentItems::tilesNeeded(const Catalog &cat, const WorldSnapshot &snapshot)
{
    QList<int> perConsumer(cat.consumers.size(), 0);
    for (const SnapshotHolding &h : snapshot.holdings) {
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
    for (qint32 c = 0; c < cat.consumers.size() && c < snapshot.consumers.size(); ++c) {
        const qint32 g = cat.consumers.at(c).groupIndex;
        // Consumers that have not started yet count: they will share the queues soon.
        const ConsumerState st = snapshot.consumers.at(c).state;
        if (g >= 0 && g < liveByGroup.size() && st != ConsumerState::Killed
            && st != ConsumerState::Shutdown) {
            ++liveByGroup[g];
        }
    }
    for (int g = 0; g < cat.groups.size() && g < liveByGroup.size(); ++g) {
        const int live = qMax(1, liveByGroup.at(g));
        need = qMax(need, int((cat.groups.at(g).queues.size() + live - 1) / live));
    }
    return need;
}

void AssignmentItems::clear()
{
    m_items.clear();
    m_previousItems.clear();
    m_previousIndex.clear();
    m_queueRects.clear();
    m_cards.clear();
}

void AssignmentItems::dropTiles()
{
    m_previousItems.clear();
    m_items.clear();
}

void AssignmentItems::settle()
{
    for (TileItem &item : m_items) {
        item.start = -1;
    }
    for (CardItem &card : m_cards) {
        card.flashStart = -1;
    }
}

bool AssignmentItems::isAnimating(qint64 now) const
{
    for (const TileItem &item : m_items) {
        if (item.start >= 0 && now < item.start + item.duration) {
            return true;
        }
    }
    for (const CardItem &card : m_cards) {
        if (card.flashStart >= 0 && now - card.flashStart < AssignmentRenderer::kFlashMs) {
            return true;
        }
    }
    return false;
}

bool AssignmentItems::isQueueAnimating(qint32 queue, qint64 now) const
{
    for (const TileItem &item : m_items) {
        if (item.queue == queue && item.start >= 0 && now < item.start + item.duration) {
            return true;
        }
    }
    return false;
}

void AssignmentItems::placeTile(TileItem item, const QRectF &target, qint64 now, int duration)
{
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
}

void AssignmentItems::rebuild(const AssignmentLayout &layout, const Catalog &cat,
    const WorldSnapshot &snapshot, qint64 now, int duration, bool flash)
{
    noteRebalances(cat, snapshot, now, flash);
    std::swap(m_previousItems, m_items);
    m_items.clear();
    m_previousIndex.clear();
    for (int i = 0; i < m_previousItems.size(); ++i) {
        m_previousIndex.insert(
            itemKey(m_previousItems.at(i).queue, m_previousItems.at(i).consumer), i);
    }
    if (m_queueRects.size() != cat.queues.size()) {
        m_queueRects.resize(cat.queues.size());
    }
    const auto &sections = layout.sections();
    m_laneCounts = QList<int>(sections.size(), 0);
    m_laneRetryCounts = QList<int>(sections.size(), 0);
    m_doubleOwned = 0;
    m_doubleOwnedRetry = 0;
    m_laneGrids = QList<AssignmentLayout::Grid>(sections.size());
    Pass pass { layout, cat, snapshot, now, duration, QList<int>(layout.cards().size(), 0),
        QList<int>(layout.cards().size(), 0) };
    for (int s = 0; s < sections.size(); ++s) {
        const qint32 g = sections.at(s).group;
        if (g >= 0 && g < cat.groups.size()) {
            rebuildSection(pass, s);
        }
    }
    rememberQueueRects(cat);
    updateSections(layout, cat, snapshot);
}

void AssignmentItems::noteRebalances(
    const Catalog &cat, const WorldSnapshot &snapshot, qint64 now, bool flash)
{
    if (m_cards.size() < cat.consumers.size()) {
        m_cards.resize(cat.consumers.size());
    }
    for (qint32 c = 0; c < cat.consumers.size() && c < snapshot.consumers.size(); ++c) {
        CardItem &ci = m_cards[c];
        const quint32 count = snapshot.consumers.at(c).rebalanceCount;
        if (count > ci.seenRebalances && flash) {
            ci.flashStart = now;
        }
        ci.seenRebalances = count;
    }
}

void AssignmentItems::rebuildSection(Pass &pass, int s)
{
    const Catalog &cat = pass.catalog;
    const WorldSnapshot &snapshot = pass.snapshot;
    const qint32 g = pass.layout.sections().at(s).group;
    const QList<qint32> &queues = cat.groups.at(g).queues;
    // In BROADCASTING every consumer holds every queue by design: nothing is double-owned.
    const bool clustering = !cat.groups.at(g).broadcasting();
    countCardTiles(pass, s, queues);
    QList<TileItem> laneItems;
    for (qint32 q : queues) {
        if (q >= snapshot.queues.size()) {
            continue;
        }
        const QueueInfo &info = cat.queues.at(q);
        const Owners owners = ownersOf(pass, g, snapshot.queues.at(q));
        // In POP mode several consumers pop a queue by design (its %RETRY% queue stays PULL).
        const bool popShared = cat.groups.at(g).pops && !info.retry;
        const bool doubleOwned = clustering && !popShared && owners.alive >= 2;
        if (doubleOwned) {
            ++(info.retry ? m_doubleOwnedRetry : m_doubleOwned);
        }
        placeCardTiles(pass, s, q, doubleOwned);
        if (owners.running == 0) {
            TileItem item;
            item.queue = q;
            item.consumer = -1;
            item.section = s;
            if (info.retry) {
                item.flags |= TileItem::Retry;
                ++m_laneRetryCounts[s];
            }
            if (owners.alive > 0) {
                item.flags |= TileItem::Ghost;
            }
            if (owners.first) {
                fillFrom(*owners.first, snapshot.consumers.at(owners.first->consumer), item);
            }
            laneItems.append(item);
        }
    }
    // The lane packs denser when many queues are unassigned (the start of a run).
    m_laneCounts[s] = int(laneItems.size());
    const AssignmentLayout::Grid &grid = m_laneGrids[s]
        = pass.layout.laneGridFor(s, int(laneItems.size()));
    // More than even 1-pixel cells hold: the last slot says how many more, as a card does,
    // rather than dropping the rest in silence (issue 37 item 4).
    const bool overflowing = laneItems.size() > grid.capacity;
    const int shown = overflowing ? qMax(0, grid.capacity - 1) : int(laneItems.size());
    for (int i = 0; i < shown; ++i) {
        placeTile(laneItems.at(i), grid.slot(i), pass.now, pass.duration);
    }
    if (overflowing && grid.capacity > 0) {
        TileItem more;
        more.consumer = -1;
        more.section = s;
        more.flags = TileItem::Overflow;
        more.overflowCount = qint32(laneItems.size()) - shown;
        more.target = grid.slot(shown);
        m_items.append(more);
    }
}

void AssignmentItems::countCardTiles(Pass &pass, int s, const QList<qint32> &queues)
{
    // How many tiles each card of this group gets (for the "+N" overflow tile).
    const auto &holdings = pass.snapshot.holdings;
    for (qint32 q : queues) {
        if (q >= pass.snapshot.queues.size()) {
            continue;
        }
        const SnapshotQueue &sq = pass.snapshot.queues.at(q);
        for (qint32 h = sq.firstHolding;
             h < sq.firstHolding + sq.holdingCount && h < holdings.size(); ++h) {
            const int card = pass.layout.cardOf(holdings.at(h).consumer);
            if (card >= 0 && pass.layout.cards().at(card).section == s) {
                ++pass.cardTotal[card];
            }
        }
    }
}

AssignmentItems::Owners AssignmentItems::ownersOf(
    const Pass &pass, qint32 g, const SnapshotQueue &sq) const
{
    Owners owners;
    const auto &holdings = pass.snapshot.holdings;
    for (qint32 h = sq.firstHolding; h < sq.firstHolding + sq.holdingCount && h < holdings.size();
         ++h) {
        const SnapshotHolding &hold = holdings.at(h);
        if (hold.consumer < 0 || hold.consumer >= pass.snapshot.consumers.size()
            || pass.catalog.consumers.at(hold.consumer).groupIndex != g || hold.dropped) {
            continue;
        }
        const ConsumerState st = pass.snapshot.consumers.at(hold.consumer).state;
        if (isAlive(st)) {
            ++owners.alive;
            if (!owners.first) {
                owners.first = &hold;
            }
        }
        if (st == ConsumerState::Running) {
            ++owners.running;
        }
    }
    return owners;
}

void AssignmentItems::placeCardTiles(Pass &pass, int s, qint32 q, bool doubleOwned)
{
    const Catalog &cat = pass.catalog;
    const WorldSnapshot &snapshot = pass.snapshot;
    const SnapshotQueue &sq = snapshot.queues.at(q);
    const bool retry = cat.queues.at(q).retry;
    const qint32 g = pass.layout.sections().at(s).group;
    const int capacity = pass.layout.sections().at(s).cardGrid.capacity;
    const auto &holdings = snapshot.holdings;
    for (qint32 h = sq.firstHolding; h < sq.firstHolding + sq.holdingCount && h < holdings.size();
         ++h) {
        const SnapshotHolding &hold = holdings.at(h);
        const int card = pass.layout.cardOf(hold.consumer);
        if (card < 0 || pass.layout.cards().at(card).section != s) {
            continue;
        }
        const int slot = pass.cardFill[card]++;
        const bool overflowing = pass.cardTotal[card] > capacity;
        if (overflowing && slot >= capacity - 1) {
            if (slot == capacity - 1) {
                TileItem more;
                more.consumer = hold.consumer;
                more.section = s;
                more.flags = TileItem::Overflow;
                more.overflowCount = pass.cardTotal[card] - (capacity - 1);
                more.target = pass.layout.cardSlot(card, slot);
                m_items.append(more);
            }
            continue;
        }
        TileItem item;
        item.queue = q;
        item.consumer = hold.consumer;
        item.section = s;
        const ConsumerState st = snapshot.consumers.at(hold.consumer).state;
        if (retry) {
            item.flags |= TileItem::Retry;
        }
        if (doubleOwned && isAlive(st) && !hold.dropped) {
            item.flags |= TileItem::DoubleOwned;
        }
        if (st != ConsumerState::Running) {
            item.flags |= TileItem::Ghost;
        }
        if (hold.dropped) {
            item.flags |= TileItem::Dropped;
        }
        if (hold.locked && cat.groups.at(g).orderly()) {
            item.flags |= TileItem::Locked;
        }
        fillFrom(hold, snapshot.consumers.at(hold.consumer), item);
        placeTile(item, pass.layout.cardSlot(card, slot), pass.now, pass.duration);
    }
}

void AssignmentItems::rememberQueueRects(const Catalog &cat)
{
    // Where each queue is drawn, for the next travel: a running owner's tile first, then any
    // card, then the lane.
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
}

void AssignmentItems::updateSections(
    const AssignmentLayout &layout, const Catalog &cat, const WorldSnapshot &snapshot)
{
    m_sectionTitles.clear();
    m_sectionStrategies.clear();
    for (const AssignmentLayout::Section &section : layout.sections()) {
        int running = 0;
        QHash<QString, int> strategies;
        for (int card : section.cards) {
            const qint32 c = layout.cards().at(card).consumer;
            if (c >= snapshot.consumers.size()) {
                continue;
            }
            const SnapshotConsumer &sc = snapshot.consumers.at(c);
            if (sc.state == ConsumerState::Running) {
                ++running;
            }
            if (isAlive(sc.state)) {
                ++strategies[sc.strategy];
            }
        }
        // Most used first, ties by name: the first is the group's strategy, the rest a rolling
        // deploy in progress.
        QStringList byUse = strategies.keys();
        std::sort(byUse.begin(), byUse.end(), [&strategies](const QString &a, const QString &b) {
            const int ua = strategies.value(a);
            const int ub = strategies.value(b);
            return ua != ub ? ua > ub : a < b;
        });
        const QString majority = byUse.value(0);
        m_sectionStrategies.append(majority);
        // The consumption mode changes what the picture means: say it where the group is named.
        QString how = majority.isEmpty() ? QStringLiteral("—") : majority;
        if (byUse.size() > 1) {
            QStringList parts; // "AVG ×3, AVG_BY_CIRCLE ×1"
            for (const QString &name : std::as_const(byUse)) {
                parts.append(tr("%1 ×%2").arg(name).arg(strategies.value(name)));
            }
            how = tr("mixed: %1").arg(parts.join(QStringLiteral(", ")));
        }
        if (cat.group(section.group).broadcasting()) {
            how = tr("broadcasting: every consumer takes every queue");
        } else if (cat.group(section.group).orderly()) {
            how = tr("%1, orderly: queues locked on the broker").arg(how);
        }
        // Cards left out (departed, not started) are counted, so the title still tells the truth.
        const QString consumers = section.hidden > 0
            ? tr("%1 of %2 consumers running (%3 departed or not started, hidden)")
                  .arg(GuiText::count(running), GuiText::count(section.cards.size()),
                      GuiText::count(section.hidden))
            : tr("%1 of %2 consumers running")
                  .arg(GuiText::count(running), GuiText::count(section.cards.size()));
        m_sectionTitles.append(
            tr("%1 — %2 queues, %3, %4")
                .arg(cat.group(section.group).name,
                    GuiText::count(cat.group(section.group).queues.size()), consumers, how));
    }
}

} // namespace Rblab
