// SPDX-License-Identifier: Apache-2.0
#include "assignment/assignmentlayout.h"

#include <QFontMetricsF>
#include <QTextLayout>

#include <cmath>

namespace Rblab {

namespace {

constexpr qreal kMargin = 8; // around the view
constexpr qreal kCardGap = 8; // between cards
constexpr qreal kPad = 5; // inside a card
constexpr qreal kTileGap = 3;
constexpr qreal kTileAspect = 1.5; // width / height of compact tiles
constexpr qreal kMinCompactTile = 6;
constexpr qreal kMaxTileScale = 2.4; // large tiles for a projector when there is room

struct GridFit
{
    int columns = 0;
    int rows = 0;
    int capacity = 0;
};

GridFit fit(const QSizeF &area, const QSizeF &tile, qreal gap)
{
    GridFit f;
    if (area.width() < tile.width() || area.height() < tile.height()) {
        return f;
    }
    f.columns = int((area.width() + gap) / (tile.width() + gap));
    f.rows = int((area.height() + gap) / (tile.height() + gap));
    f.capacity = f.columns * f.rows;
    return f;
}

// The largest compact tile height (width = aspect × height) such that `need` tiles fit.
qreal largestTile(const QSizeF &area, int need, qreal gap, qreal aspect)
{
    if (need <= 0 || area.isEmpty()) {
        return 0;
    }
    qreal lo = 1;
    qreal hi = qMin(area.height(), area.width() / aspect);
    if (fit(area, QSizeF(hi * aspect, hi), gap).capacity >= need) {
        return hi;
    }
    for (int i = 0; i < 24; ++i) {
        const qreal mid = (lo + hi) / 2;
        if (fit(area, QSizeF(mid * aspect, mid), gap).capacity >= need) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    return std::floor(lo);
}

} // namespace

qreal AssignmentLayout::textLineHeight(const QFont &font, const QString &sample)
{
    // QFontMetricsF gives the first family's height; a line of Chinese is drawn in the CJK face
    // the font falls back to, which is taller. A laid-out line takes the faces it really uses.
    qreal height = QFontMetricsF(font).height();
    if (!sample.isEmpty()) {
        QTextLayout layout(sample, font);
        layout.beginLayout();
        const QTextLine line = layout.createLine();
        layout.endLayout();
        if (line.isValid()) {
            height = qMax(height, line.ascent() + line.descent());
        }
    }
    return height;
}

AssignmentLayout::Grid AssignmentLayout::laneGridFor(int section, int count) const
{
    const Section &s = m_sections.at(section);
    if (count <= s.laneGrid.capacity) {
        return s.laneGrid;
    }
    const QSizeF area(s.lane.right() - s.laneGrid.origin.x() - kPad, s.lane.height() - 2 * kPad);
    Grid grid = s.laneGrid;
    // The tile is sized with the gap it is laid out with: compact tiles keep 2 px apart, cells
    // 1 px. Sized with 1 px and laid out with 2, the strip held fewer than it was sized for and
    // the lane dropped tiles without a word (issue 37 item 4: 12 of 18 shown).
    qreal h = largestTile(area, count, 2, kTileAspect);
    if (h < kMinCompactTile) {
        h = qMax<qreal>(1, largestTile(area, count, 1, kTileAspect));
    }
    grid.gap = h >= kMinCompactTile ? 2 : 1;
    grid.tile = QSizeF(qMax<qreal>(1, std::floor(h * kTileAspect)), h);
    grid.detail = h >= kMinCompactTile ? Detail::Compact : Detail::HeatMap;
    const GridFit f = fit(area, grid.tile, grid.gap);
    grid.columns = qMax(1, f.columns);
    grid.capacity = f.capacity;
    return grid;
}

QRectF AssignmentLayout::cardSlot(int card, int slot) const
{
    const Card &c = m_cards.at(card);
    return m_sections.at(c.section).cardGrid.slot(slot).translated(c.body.topLeft());
}

void AssignmentLayout::compute(const Catalog &catalog, const QSizeF &size, const QFont &font,
    int tilesPerCard, int legendRows, const QList<bool> &hidden)
{
    // A short view (200 % in a 1280×720 window, a Chinese legend on two rows, two groups):
    // cards that cannot say their state matter more than the legend's swatches and than a lane
    // of its own under each title, so first the legend gives its rows to them, then each lane
    // moves up beside its title (issue 37 item 4: a shut-down card said nothing, and in
    // push-vs-pop-kill the cards were strips of cells without names).
    computeOnce(catalog, size, font, tilesPerCard, legendRows, hidden, false);
    if (legendRows > 0 && !cardsSayTheirState()) {
        computeOnce(catalog, size, font, tilesPerCard, 0, hidden, false);
    }
    if (!cardsSayTheirState()) {
        computeOnce(catalog, size, font, tilesPerCard, 0, hidden, true);
    }
}

void AssignmentLayout::computeOnce(const Catalog &catalog, const QSizeF &size, const QFont &font,
    int tilesPerCard, int legendRows, const QList<bool> &hidden, bool inlineLanes)
{
    m_size = size;
    m_inlineLanes = inlineLanes;
    m_cards.clear();
    m_sections.clear();
    m_cardOf = QList<int>(catalog.consumers.size(), -1);
    m_sectionOfGroup = QList<int>(catalog.groups.size(), -1);
    m_tilesPerCard = qMax(1, tilesPerCard);
    m_detail = Detail::Full;
    if (size.isEmpty()) {
        return;
    }
    const QFontMetricsF metrics(font);
    QFont bold = font;
    bold.setBold(true);
    // The line is as tall as the tallest face its words use: the states, the count and the
    // names (a name in Chinese, or any name under a Chinese interface's fallback faces).
    QString sample = m_stateTexts.join(QLatin1Char(' ')) + QLatin1Char(' ') + m_queuesLabel;
    for (qsizetype i = 0; i < catalog.consumers.size() && i < 64; ++i) {
        sample += QLatin1Char(' ') + catalog.consumers.at(i).name;
    }
    m_lineHeight = std::ceil(qMax(textLineHeight(font, sample), textLineHeight(bold, sample)));
    // A compact card's state line: the state in its colour, then " · 00 queues" (in the plain
    // weight: bold "shut down" took a 200 % card's last pixels, paintCardHeader).
    const QString count = QStringLiteral(" · ")
        + (m_queuesLabel.contains(QLatin1String("%1")) ? m_queuesLabel.arg(QStringLiteral("00"))
                                                       : QStringLiteral("00"));
    qreal widestState = 0;
    for (const QString &state : std::as_const(m_stateTexts)) {
        widestState = qMax(widestState, metrics.horizontalAdvance(state));
    }
    m_stateWordsWidth = std::ceil(widestState);
    m_stateLineWidth = std::ceil(widestState + metrics.horizontalAdvance(count));
    m_tileTextWidth = metrics.horizontalAdvance(QStringLiteral("R·B15"));
    // No rows: the legend yields its room to the cards (a short view, below).
    m_legend = QRectF(kMargin, kMargin / 2, size.width() - 2 * kMargin,
        legendRows > 0 ? legendRows * (m_lineHeight + 6) + 2 : 0);

    // Sections share the height by how much they hold: cards, plus the lane and the title.
    QList<QList<qint32>> groupConsumers(catalog.groups.size());
    QList<int> groupHidden(catalog.groups.size(), 0);
    for (qint32 i = 0; i < catalog.consumers.size(); ++i) {
        const qint32 g = catalog.consumers.at(i).groupIndex;
        if (g < 0 || g >= groupConsumers.size()) {
            continue;
        }
        if (hidden.value(i)) {
            ++groupHidden[g];
        } else {
            groupConsumers[g].append(i);
        }
    }
    qreal totalWeight = 0;
    for (const auto &members : std::as_const(groupConsumers)) {
        totalWeight += qMax<qsizetype>(1, members.size()) + 1.5;
    }
    qreal y = m_legend.bottom() + 4;
    const qreal available = size.height() - y - kMargin / 2;
    for (int g = 0; g < catalog.groups.size(); ++g) {
        const qreal weight = qMax<qsizetype>(1, groupConsumers[g].size()) + 1.5;
        const qreal h = available * weight / qMax<qreal>(1, totalWeight);
        Section section;
        section.group = g;
        section.hidden = groupHidden.at(g);
        m_sectionOfGroup[g] = int(m_sections.size());
        for (qint32 consumer : std::as_const(groupConsumers[g])) {
            Card card;
            card.consumer = consumer;
            card.section = int(m_sections.size());
            m_cardOf[consumer] = int(m_cards.size());
            section.cards.append(int(m_cards.size()));
            m_cards.append(card);
        }
        m_sections.append(section);
        const QRectF rect(kMargin, y, size.width() - 2 * kMargin, h);
        const int cards = int(groupConsumers[g].size());
        // Twice when the cards get enlarged tiles: the lane is then made tall enough for tiles
        // of that size, so a queue keeps its size when it travels between the lane and a card.
        qreal scale = layoutSection(m_sections.last(), rect, cards, m_tilesPerCard, 1.0);
        const Section plain = m_sections.last();
        const QList<Card> plainCards = m_cards;
        for (int pass = 0; pass < 3 && scale > 1.0; ++pass) {
            const qreal again
                = layoutSection(m_sections.last(), rect, cards, m_tilesPerCard, scale);
            if (m_sections.last().cardGrid.detail != Detail::Full) {
                m_sections.last() = plain;
                m_cards = plainCards;
                break;
            }
            if (again >= scale - 0.01) {
                break;
            }
            scale = again;
        }
        if (int(m_sections.last().cardGrid.detail) > int(m_detail)) {
            m_detail = m_sections.last().cardGrid.detail;
        }
        y += h;
    }
}

bool AssignmentLayout::cardsSayTheirState() const
{
    for (const Section &section : m_sections) {
        if (!section.cards.isEmpty() && section.cardGrid.detail != Detail::Full
            && !section.stateLine) {
            return false;
        }
    }
    return true;
}

//! The cards' grid one level of detail gives a section: how many columns, how large.
struct AssignmentLayout::CardChoice
{
    int columns = 1;
    Detail detail = Detail::HeatMap;
    qreal tile = 0; // height
    qreal scale = 1;
    qreal score = -1;
    qreal gap = 2;
    QSizeF card;
    qreal header = 5;
    bool stateLine = false;
    bool countLine = false;
    bool countOnName = false;
    bool scheduleLine = false;
};

qreal AssignmentLayout::layoutSection(
    Section &section, const QRectF &rect, int cardCount, int tilesPerCard, qreal laneScale)
{
    section.rect = rect;
    section.title = QRectF(rect.left(), rect.top(), rect.width(), m_lineHeight + 6);
    const QSizeF fullTile(qMax<qreal>(46, m_tileTextWidth + 12), m_lineHeight + 12);
    layoutLane(section, rect, fullTile, laneScale);
    const QRectF area(rect.left(), section.lane.bottom() + kCardGap, rect.width(),
        rect.bottom() - section.lane.bottom() - kCardGap);
    const CardChoice best = chooseCards(area, cardCount, tilesPerCard, fullTile);
    placeCards(section, area, best, fullTile);
    return best.detail == Detail::Full ? best.scale : 1.0;
}

void AssignmentLayout::layoutLane(
    Section &section, const QRectF &rect, const QSizeF &fullTile, qreal laneScale)
{
    // The lane: full tiles when every queue of the group fits in at most a fifth of the
    // section, smaller tiles otherwise, so the lane always shows every unassigned queue.
    if (m_inlineLanes) {
        layoutInlineLane(section, rect, fullTile);
        return;
    }
    const QSizeF laneTile = fullTile * laneScale;
    const qreal labelWidth = qMin<qreal>(rect.width() / 4, m_lineHeight * 7);
    const qreal laneWidth = rect.width() - labelWidth - 2 * kPad;
    Grid &lane = section.laneGrid;
    lane.gap = kTileGap;
    // One row of full tiles as large as the cards' (a queue keeps its size when it travels
    // between the lane and a card). When more queues are unassigned than the row holds, as at
    // the start of a run, laneGridFor() packs them denser into the same strip.
    const QSizeF tile = laneTile.width() <= laneWidth ? laneTile : fullTile;
    const qreal laneHeight = tile.height() + 2 * kPad;
    lane.tile = tile;
    lane.detail = Detail::Full;
    lane.columns = qMax(1, fit(QSizeF(laneWidth, tile.height()), tile, kTileGap).columns);
    lane.capacity = lane.columns;
    section.lane = QRectF(rect.left(), section.title.bottom(), rect.width(), laneHeight);
    section.laneLabel
        = QRectF(section.lane.left() + kPad, section.lane.top(), labelWidth - kPad, laneHeight);
    lane.origin = QPointF(section.lane.left() + labelWidth + kPad, section.lane.top() + kPad);
}

void AssignmentLayout::layoutInlineLane(
    Section &section, const QRectF &rect, const QSizeF &fullTile)
{
    // The title keeps a little more than half the row; the lane (label and one row of tiles
    // as tall as the title's line) takes the rest. laneGridFor() packs more queues denser.
    const qreal rowHeight = m_lineHeight + 6;
    const qreal titleWidth = std::floor(rect.width() * 0.55);
    section.inlineLane = true;
    section.title = QRectF(rect.left(), rect.top(), titleWidth - kPad, rowHeight);
    section.lane
        = QRectF(rect.left() + titleWidth, rect.top(), rect.width() - titleWidth, rowHeight);
    const qreal labelWidth = qMin<qreal>(section.lane.width() / 3, m_lineHeight * 5);
    section.laneLabel = QRectF(
        section.lane.left() + kPad, section.lane.top(), labelWidth - kPad, section.lane.height());
    Grid &lane = section.laneGrid;
    lane.gap = kTileGap;
    const qreal h = qMax<qreal>(1, rowHeight - 2 * kPad);
    lane.tile = QSizeF(std::floor(fullTile.width() * h / fullTile.height()), h);
    lane.detail = h >= fullTile.height() ? Detail::Full : Detail::Compact;
    const qreal laneWidth = section.lane.width() - labelWidth - 2 * kPad;
    lane.columns = qMax(1, fit(QSizeF(laneWidth, h), lane.tile, kTileGap).columns);
    lane.capacity = lane.columns;
    lane.origin = QPointF(section.lane.left() + labelWidth + kPad, section.lane.top() + kPad);
}

AssignmentLayout::CardChoice AssignmentLayout::chooseCards(
    const QRectF &area, int cardCount, int tilesPerCard, const QSizeF &fullTile) const
{
    // Try every column count at every level of detail, keep the largest tiles (full tiles
    // first), breaking ties by card shape. Denser levels also tighten the gaps and headers,
    // down to a state strip above a field of cells.
    const qreal lh = m_lineHeight;
    const int n = qMax(1, cardCount);
    struct Level
    {
        Detail detail;
        qreal gap;
        qreal header;
        qreal minTile;
        qreal minWidth;
        bool stateLine = false;
        bool scheduleLine = false;
        bool countOnName = false;
    };
    // Full cards carry a third header line: the next rebalance and the consumer's own view.
    const qreal schedule = m_scheduleLine < 0 ? lh + 2 : m_scheduleLine;
    // Compact cards have it too while a group is small enough for a room to read its cards
    // (a few tile rows cost less than the countdown is worth there), and always when large.
    const bool compactSchedule = m_scheduleOnCompact || cardCount <= kScheduleCompactCards;
    // Compact cards keep the state line of full cards (state and queue count in words) wherever
    // they are wide enough for the state's words: a shut-down card that says nothing, or a bare
    // "3", does not read (issue 37 item 4, Chinese at 200 %). A card too narrow for the state
    // and the count on one line gives the count a line of its own. Only groups too dense for
    // the state drop it (the colour stripe still tells it), and the rebalance line goes first.
    // A heat map keeps the name above cells of a readable height, else it is a strip of cells.
    // (The line starts 1 px into the header: AssignmentRenderer::compactStateLine().)
    const qreal stateWidth = qMax<qreal>(56, m_stateWordsWidth + 2 * 3 + 1);
    const qreal compactHeader = lh + 8;
    const Level levels[] = {
        { Detail::Full, kCardGap, 2 * lh + 12 + schedule, 0, 150 },
        { Detail::Compact, kCardGap - 2, compactHeader + lh + 2 + schedule, kMinCompactTile,
            stateWidth, true, true },
        { Detail::Compact, kCardGap - 2, compactHeader + lh + 2, kMinCompactTile, stateWidth, true,
            false },
        // Too short for the count's own line: the count goes beside the name, the state keeps
        // its line (the rebalance line came first here, and no card said its state: issue 37).
        { Detail::Compact, kCardGap - 2, compactHeader + lh + 2, kMinCompactTile, stateWidth, true,
            false, true },
        { Detail::Compact, kCardGap - 2, compactHeader + (compactSchedule ? schedule : 0),
            kMinCompactTile, 56, false, compactSchedule },
        { Detail::HeatMap, 4, lh + 4, kMinNamedCell, 30 },
        { Detail::HeatMap, 2, 5, 1, 4 },
    };
    CardChoice best;
    for (const Level &level : levels) {
        if (level.detail == Detail::Compact && level.stateLine && level.scheduleLine
            && !compactSchedule) {
            continue;
        }
        for (int c = 1; c <= n; ++c) {
            const int r = (n + c - 1) / c;
            const qreal cw = (area.width() - (c - 1) * level.gap) / c;
            const qreal ch = (area.height() - (r - 1) * level.gap) / r;
            const qreal pad = level.detail == Detail::Full ? kPad : (level.gap > 2 ? 3 : 1);
            // The count under the state when the two do not share a line.
            const bool countLine
                = level.stateLine && !level.countOnName && cw - 2 * pad - 1 < m_stateLineWidth;
            const qreal header = level.header + (countLine ? lh + 2 : 0);
            if (cw < level.minWidth || ch < header + 2) {
                continue;
            }
            CardChoice choice;
            choice.columns = c;
            choice.card = QSizeF(cw, ch);
            choice.gap = level.gap;
            choice.header = header;
            choice.detail = level.detail;
            choice.stateLine = level.stateLine;
            choice.countLine = countLine;
            choice.countOnName = level.countOnName;
            choice.scheduleLine = level.scheduleLine;
            const QSizeF body(cw - 2 * pad, ch - header - pad);
            if (level.detail == Detail::Full) {
                if (fit(body, fullTile, kTileGap).capacity < tilesPerCard) {
                    continue;
                }
                qreal scale = 1;
                while (scale + 0.1 <= kMaxTileScale
                    && fit(body, fullTile * (scale + 0.1), kTileGap).capacity >= tilesPerCard) {
                    scale += 0.1;
                }
                choice.scale = scale;
                choice.tile = fullTile.height() * scale;
                // Among full layouts prefer larger tiles, then cards near 3:2 and no empty cells
                // in the grid (an empty corner reads as a missing consumer).
                choice.score = 1e6 + choice.tile * 100 - std::abs(cw / ch - 1.5) - (c * r - n);
            } else {
                const qreal s = largestTile(body, tilesPerCard, level.gap > 2 ? 2 : 1, kTileAspect);
                if (s < level.minTile) {
                    continue;
                }
                choice.tile = s;
                const qreal rank
                    = level.detail == Detail::Compact ? 1e4 : (level.header > 5 ? 1e3 : 0);
                choice.score = rank + s * 10 - std::abs(cw / ch - 1.5) * 0.01;
            }
            if (choice.score > best.score) {
                best = choice;
            }
        }
        if (best.score >= 0) {
            return best; // the first level that fits is the most detailed one
        }
    }
    // Not even one-pixel cells fit: a single row of cards, cells clipped ("+N" tiles).
    best.columns = n;
    best.card
        = QSizeF(qMax<qreal>(4, (area.width() - (n - 1) * 2) / n), qMax<qreal>(8, area.height()));
    best.tile = 1;
    return best;
}

void AssignmentLayout::placeCards(
    Section &section, const QRectF &area, const CardChoice &best, const QSizeF &fullTile)
{
    Grid &grid = section.cardGrid;
    grid.detail = best.detail;
    section.stateLine = best.detail == Detail::Compact && best.stateLine;
    section.countLine = section.stateLine && best.countLine;
    section.countOnName = section.stateLine && best.countOnName;
    section.scheduleLine = best.detail == Detail::Compact && best.scheduleLine;
    const qreal pad = best.detail == Detail::Full ? kPad : (best.gap > 2 ? 3 : 1);
    if (best.detail == Detail::Full) {
        grid.tile = fullTile * best.scale;
        grid.gap = kTileGap;
        m_tileScale = best.scale;
    } else {
        const qreal h = qMax<qreal>(1, best.tile);
        grid.gap = best.gap > 2 ? 2 : 1;
        grid.tile = QSizeF(qMax<qreal>(1, std::floor(h * kTileAspect)), h);
        m_tileScale = 1;
    }
    const QSizeF body(best.card.width() - 2 * pad, best.card.height() - best.header - pad);
    const GridFit f = fit(body, grid.tile, grid.gap);
    grid.columns = qMax(1, f.columns);
    grid.capacity = f.capacity;
    grid.origin = QPointF(0, 0);

    for (int i = 0; i < section.cards.size(); ++i) {
        Card &card = m_cards[section.cards.at(i)];
        const int c = i % best.columns;
        const int r = i / best.columns;
        card.rect = QRectF(area.left() + c * (best.card.width() + best.gap),
            area.top() + r * (best.card.height() + best.gap), best.card.width(),
            best.card.height());
        card.header = QRectF(card.rect.left() + pad, card.rect.top() + 2,
            card.rect.width() - 2 * pad, best.header - 2);
        card.body = QRectF(
            card.rect.left() + pad, card.rect.top() + best.header, body.width(), body.height());
    }
}

} // namespace Rblab
