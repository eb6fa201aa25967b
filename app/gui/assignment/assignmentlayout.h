// SPDX-License-Identifier: Apache-2.0
// Where every card, lane and tile of the assignment view goes, for one size and catalog.
#pragma once

#include "simulation/frame.h"

#include <QFont>
#include <QList>
#include <QStringList>
#include <QRectF>
#include <QSizeF>

namespace Rblab {

/*!
    The geometry of the assignment view, computed once per catalog, size or needed capacity and
    then only read by painting and hit-testing. Each group is a section: a title, an "unassigned"
    lane, and a grid of consumer cards whose bodies hold a grid of tile slots. The level of detail
    follows from how large a tile can be while every card still holds the tiles it needs:
    full tiles with text, compact tiles, or heat-map cells of a few pixels.
*/
class AssignmentLayout
{
public:
    enum class Detail { Full, Compact, HeatMap };

    struct Card
    {
        qint32 consumer = -1;
        int section = -1;
        QRectF rect;
        QRectF header;
        QRectF body;
    };

    struct Grid
    {
        QPointF origin;
        QSizeF tile;
        qreal gap = 2;
        int columns = 1;
        int capacity = 0;
        Detail detail = Detail::Full;

        QRectF slot(int index) const
        {
            const int c = index % columns;
            const int r = index / columns;
            return QRectF(origin.x() + c * (tile.width() + gap),
                origin.y() + r * (tile.height() + gap), tile.width(), tile.height());
        }
    };

    struct Section
    {
        qint32 group = -1;
        QRectF rect;
        QRectF title;
        QRectF lane; //!< the "unassigned" lane, label included
        QRectF laneLabel;
        Grid laneGrid;
        Grid cardGrid; //!< origin relative to each card's body
        QList<int> cards; //!< indices into cards()
        int hidden = 0; //!< consumers of the group left out (departed or not started)
        //! Compact cards carry a second line under the name: the state and the queue count in
        //! words, as full cards do ("shut down · 3 queues").
        bool stateLine = false;
        //! The count has a line of its own under the state (a card too narrow for both).
        bool countLine = false;
        //! The count is a number at the right of the name line, the state line says the state
        //! alone (a card too narrow for both and too short for a count line: the state first).
        bool countOnName = false;
        //! Compact cards carry the rebalance line (a small group, or the presenter's countdown).
        bool scheduleLine = false;
        //! The lane sits beside the title, one line tall (a view too short for both rows).
        bool inlineLane = false;
    };

    /*!
        Lays out `catalog` in `size` with `font` as the base font. `tilesPerCard` is how many tiles
        the fullest card must hold (the view passes the current need, with head-room). A consumer
        whose entry in `hidden` is true gets no card (departed or not started, see
        AssignmentView::hiddenConsumers()); an empty list hides none.
    */
    void compute(const Catalog &catalog, const QSizeF &size, const QFont &font, int tilesPerCard,
        int legendRows = 1, const QList<bool> &hidden = {});

    /*!
        The height of the cards' rebalance line (next rebalance, own view) under the state line
        of full cards; `onCompact` gives compact cards the line too (the presenter's large
        countdown). Takes effect at the next compute().
    */
    void setScheduleLine(qreal height, bool onCompact)
    {
        m_scheduleLine = height;
        m_scheduleOnCompact = onCompact;
    }
    qreal scheduleLine() const { return m_scheduleLine; }

    /*!
        The words the cards' header lines show in the interface's language: every state's name
        and the queue count ("%1 queues"). The layout measures their real line height (a Chinese
        face is taller than the Latin face it falls back from) and gives compact cards the width
        their state line needs. Takes effect at the next compute().
    */
    void setCardTexts(const QStringList &states, const QString &queuesLabel)
    {
        m_stateTexts = states;
        m_queuesLabel = queuesLabel;
    }
    //! The height of one line of card text, in the font and language given.
    static qreal textLineHeight(const QFont &font, const QString &sample);
    //! The least height of a heat-map cell under a card's name: less reads as a sliver.
    static constexpr qreal kMinNamedCell = 6;
    //! Groups of at most this many cards show the rebalance line on compact cards too.
    static constexpr int kScheduleCompactCards = 12;
    bool scheduleOnCompact() const { return m_scheduleOnCompact; }

    const QList<Card> &cards() const { return m_cards; }
    const QList<Section> &sections() const { return m_sections; }
    //! The card of a consumer (an index into cards()), or -1.
    int cardOf(qint32 consumer) const
    {
        return consumer >= 0 && consumer < m_cardOf.size() ? m_cardOf.at(consumer) : -1;
    }
    int sectionOfQueueGroup(int group) const
    {
        return group >= 0 && group < m_sectionOfGroup.size() ? m_sectionOfGroup.at(group) : -1;
    }
    //! Where the legend goes; empty when it gave its rows to cards that needed them.
    QRectF legend() const { return m_legend; }
    //! Every card can say its state in words (full cards, or compact ones with a state line).
    bool cardsSayTheirState() const;
    QSizeF size() const { return m_size; }
    Detail detail() const { return m_detail; }
    int tilesPerCard() const { return m_tilesPerCard; }
    //! Scale of tile text at the full level (1 = the base font).
    qreal tileScale() const { return m_tileScale; }
    qreal lineHeight() const { return m_lineHeight; }
    bool isValid() const { return !m_size.isEmpty(); }

    //! A slot of a card's body in view coordinates.
    QRectF cardSlot(int card, int slot) const;
    /*!
        The lane's grid for `count` unassigned queues: the row of full tiles when they fit, else
        smaller tiles packed into the same strip (at the start of a run every queue is there).
    */
    Grid laneGridFor(int section, int count) const;

private:
    struct CardChoice;
    void computeOnce(const Catalog &catalog, const QSizeF &size, const QFont &font,
        int tilesPerCard, int legendRows, const QList<bool> &hidden, bool inlineLanes);
    //! The lane beside the title instead of under it.
    void layoutInlineLane(Section &section, const QRectF &rect, const QSizeF &fullTile);
    //! Returns the scale of the cards' full tiles (1 below the full level).
    qreal layoutSection(
        Section &section, const QRectF &rect, int cardCount, int tilesPerCard, qreal laneScale);
    //! The title's strip is laid out: the unassigned lane under it.
    void layoutLane(Section &section, const QRectF &rect, const QSizeF &fullTile, qreal laneScale);
    //! The most detailed grid of cards that gives every card `tilesPerCard` tiles in `area`.
    CardChoice chooseCards(
        const QRectF &area, int cardCount, int tilesPerCard, const QSizeF &fullTile) const;
    void placeCards(
        Section &section, const QRectF &area, const CardChoice &best, const QSizeF &fullTile);

    QSizeF m_size;
    QRectF m_legend;
    QList<Card> m_cards;
    QList<Section> m_sections;
    QList<int> m_cardOf;
    QList<int> m_sectionOfGroup;
    Detail m_detail = Detail::Full;
    int m_tilesPerCard = 0;
    qreal m_tileScale = 1;
    qreal m_lineHeight = 14;
    qreal m_tileTextWidth = 36;
    qreal m_stateLineWidth = 0; //!< the widest compact state line ("partitioned · 00 queues")
    qreal m_stateWordsWidth = 0; //!< the widest state's words alone ("partitioned")
    QStringList m_stateTexts;
    QString m_queuesLabel;
    qreal m_scheduleLine = -1; //!< -1: one line of the base font
    bool m_scheduleOnCompact = false;
    bool m_inlineLanes = false; //!< computeOnce's: lanes beside their titles
};

} // namespace Rblab
