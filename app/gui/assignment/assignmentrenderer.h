// SPDX-License-Identifier: Apache-2.0
// Paints the assignment view: legend, lanes, consumer cards and queue tiles.
#pragma once

#include "assignment/assignmentlayout.h"
#include "assignment/cardbackgroundcache.h"
#include "assignment/cardnames.h"
#include "assignment/cardschedule.h"
#include "simulation/frame.h"
#include "simulation/selection.h"
#include "assignment/viewpalette.h"

#include <QFont>
#include <QFontMetricsF>
#include <QList>
#include <QRectF>
#include <QStaticText>

#include <optional>
#include <vector>

class QPainter;

namespace Rblab {

/*!
    A queue as drawn in one place: on a consumer's card or in its group's unassigned lane. A
    double-owned queue has one item per owner. `from` and `start` describe the travel animation.
*/
struct TileItem
{
    enum Flag : quint16 {
        Retry = 1 << 0,
        DoubleOwned = 1 << 1,
        Ghost = 1 << 2, //!< held by a consumer that is not running, or a lane copy of it
        Dropped = 1 << 3,
        Locked = 1 << 4,
        Overflow = 1 << 5, //!< the "+N" tile of a card too small for its queues
        SizeBar = 1 << 6, //!< the cache bar measures MiB against pullThresholdSizeForQueue
        SpanBar = 1 << 7, //!< the cache bar measures the span against consumeConcurrentlyMaxSpan
    };
    qint32 queue = -1;
    qint32 consumer = -1; //!< -1: the unassigned lane
    qint32 section = -1;
    qint32 overflowCount = 0;
    quint16 flags = 0;
    SimEvent::FlowCause flow = SimEvent::FlowCause::None;
    float fill = 0; //!< cache / its threshold: count, or size or span (SizeBar, SpanBar)
    float pressure = 0; //!< the highest of count, size and span fill
    QRectF target;
    QRectF from;
    qint64 start = -1; //!< wall ms when the travel began; -1 when at rest
    int duration = 0;

    QRectF rectAt(qint64 wallMs) const;
};

//! What a card needs beyond the snapshot: the flash of its last rebalance, its overflow.
struct CardItem
{
    quint32 seenRebalances = 0;
    qint64 flashStart = -1;
};

/*!
    Stateless painting of the view from the layout, the snapshot and the tile items, into any
    QPainter: the widget, a PNG or an SVG. Keeps only caches (fonts, static texts), rebuilt
    when the font or the catalog changes, so a frame allocates next to nothing.
*/
class AssignmentRenderer
{
public:
    /*!
        A full card's state words in `width`: what a parenthesis adds goes first ("silent since
        21:42:01 (last log line)" → "silent since 21:42:01"), then the end gives way to "…";
        never cut mid-word.
    */
    static QString fittedStateWords(
        const QString &words, const QFontMetricsF &metrics, qreal width);
    struct Input
    {
        const AssignmentLayout *layout = nullptr;
        const Catalog *catalog = nullptr;
        const WorldSnapshot *snapshot = nullptr;
        const QList<TileItem> *tiles = nullptr;
        const QList<CardItem> *cards = nullptr;
        Selection selection;
        qint64 wallNow = 0;
        QStringList laneLabels; //!< per section: "Unassigned 4 (+1 retry)"
        QStringList legendLabels; //!< double-owned, retry, count, size, span, locked
        QStringList sectionTitles;
        QList<int> laneCounts; //!< unassigned queues per section
        const QList<AssignmentLayout::Grid> *laneGrids = nullptr; //!< per section, as placed now
        QString cacheLabel; //!< "%1 msg · %2"
        QString popLabel; //!< POP consumers: "%1 in flight · %2 invisible"
        QString oneQueueLabel; //!< "1 queue"
        QString queuesLabel; //!< "%1 queues"
        QStringList sectionStrategies; //!< the strategy most live consumers of each section run
        //! The presenter's large rebalance line (View ▸ Large rebalance countdown).
        bool largeSchedule = false;
        //! False for an observed world: its logs record no cache, so cards say unmeasuredLabel.
        bool figuresMeasured = true;
        QString unmeasuredLabel; //!< "—"
        //! Per consumer: what a stopped card says instead of its state (stateWords()).
        QStringList stateTexts;
        QString silentWord; //!< the large word on an empty card with a stateTexts entry
        QStringList silentWords; //!< per consumer, instead of silentWord when not empty
        //! False for a live group: the clients do not say when they rebalance next, so no
        //! countdown ("rebalancing now" would be a guess).
        bool scheduleKnown = true;
    };

    /*!
        A card's state in words: `stateText` ("silent since 21:42:01 (last log line)", an
        observed world's inferred kill: the logs show silence, not a kill) for a consumer that
        has stopped with no shutdown, else GuiText::stateName.
    */
    static QString stateWords(const SnapshotConsumer &consumer, const QString &stateText);

    //! A compact card's state line: where it goes, and its two parts as drawn.
    struct StateLine
    {
        QRectF rect; //!< the line's room inside the card's header
        QString state; //!< the state in words (in the state's colour)
        QString count; //!< " · 3 queues", or "3 queues" on a line of its own
        qreal width = 0; //!< what the state line takes in the fonts it is drawn in
        QRectF countRect; //!< the count's own line under the state's (else empty)
        qreal countWidth = 0; //!< the count's width on its own line
    };
    /*!
        The state line of a compact card (AssignmentLayout::Section::stateLine), or an empty
        rect when its card has none. The state's words are elided only when even they are wider
        than the card (an observed world's "silent since …"); the count keeps its unit.
    */
    StateLine compactStateLine(
        const Input &in, const AssignmentLayout::Card &card, const SnapshotConsumer &sc) const;

    void setFont(const QFont &font);
    void setPalette(const ViewPalette &palette)
    {
        m_palette = palette;
        m_cardBackgrounds.clear();
    }
    const ViewPalette &palette() const { return m_palette; }
    //! Drops cached texts (a new catalog, a language switch).
    void invalidate();

    void paint(QPainter &painter, const Input &input);
    //! The height of the cards' rebalance line at `large` or normal size (for the layout).
    qreal scheduleLineHeight(bool large) const;
    //! The width the legend needs on one row.
    qreal legendWidth(const Catalog &catalog, const QStringList &labels) const;

    /*!
        The font of an empty stopped card's large state word ("shut down") in a body `width`
        wide: 2.2 times `bold`, smaller when the word would not fit, and none when it would have
        to shrink below 1.2 times `bold` (the state line says it already). A word
        wider than its card was cut at both ends ("ut dow", issue 37 item 4).
    */
    static std::optional<QFont> watermarkFont(const QFont &bold, const QString &word, qreal width);

    static constexpr int kFlashMs = 900;
    //! The smallest label of a compact tile, in pixels (below it the tile goes without).
    static constexpr qreal kMinCompactLabelPx = 7;

    //! A group's title as painted in a title rect `width` wide: whole, or cut with "…".
    QString fittedTitle(const QString &title, qreal width) const;

    //! "A3", "R·B", "B12·1": what a tile says.
    QString tileLabel(const Catalog &catalog, qint32 queue) const;
    //! Whether a compact tile of rect `r` shows `label` (it does whenever it fits).
    bool compactLabelFits(const QRectF &r, const QString &label);

private:
    void paintLegend(QPainter &p, const Input &in);
    void paintSection(QPainter &p, const Input &in, int section);
    void paintCard(QPainter &p, const Input &in, int card);
    //! A card's background and state stripe, its rebalance flash and the selection ring.
    //! A client of imported logs that fell silent (a "killed" state with its own words).
    static bool isSilent(const Input &in, qint32 consumer);
    void paintCardFrame(QPainter &p, const Input &in, const AssignmentLayout::Card &card,
        AssignmentLayout::Detail detail, const SnapshotConsumer &sc, const QColor &stateColor);
    //! The header: the name and the queue count (a compact card's rebalance line under them).
    //! Returns whether the card has the lines of a full card to paint under it.
    bool paintCardHeader(QPainter &p, const Input &in, const AssignmentLayout::Card &card,
        AssignmentLayout::Detail detail, const SnapshotConsumer &sc, const QColor &stateColor);
    //! A full card's state line, its rebalance line and, on an empty stopped card, the state.
    void paintCardLines(QPainter &p, const Input &in, const AssignmentLayout::Card &card,
        const SnapshotConsumer &sc, const QColor &stateColor);
    //! The rest of the state line from `x`: a strategy of its own, the shared instance, the
    //! cache.
    void paintCardStatus(QPainter &p, const Input &in, const AssignmentLayout::Card &card,
        const SnapshotConsumer &sc, qreal x, const QRectF &line);
    void paintSchedule(QPainter &p, const Input &in, const AssignmentLayout::Card &card,
        const SnapshotConsumer &sc, const QRectF &line);
    void paintTiles(QPainter &p, const Input &in);
    void paintTile(QPainter &p, const Input &in, const TileItem &item, const QRectF &r,
        AssignmentLayout::Detail detail);
    void paintLock(QPainter &p, const QRectF &r, const QColor &color) const;
    void paintCompactLabel(
        QPainter &p, const Catalog &catalog, qint32 queue, const QRectF &r, bool ghost);

    ViewPalette m_palette;
    QFont m_font;
    QFont m_boldFont;
    QFont m_smallFont;
    QFont m_tileFont;
    qreal m_tileFontScale = 0;
    //! Card names fitted to a width; a few widths are kept because the layout can alternate
    //! between two grids from one snapshot to the next (a card's queue count crossing a step),
    //! and refitting 128 names every frame cost a seventh of it.
    const QList<QStaticText> &cardNames(const Catalog &catalog, qreal width);
    struct FittedNames
    {
        qreal width = -1;
        CardNames names;
    };
    std::vector<FittedNames> m_names; //!< most recently used last
    CardBackgroundCache m_cardBackgrounds;
    QFont m_largeScheduleFont; //!< the presenter's rebalance line
    QList<CardSchedule::View> m_commonViews; //!< per section, this frame
    QFont m_compactFont; //!< labels of compact tiles, sized to the tile height
    int m_compactFontPx = 0;
};

} // namespace Rblab
