// SPDX-License-Identifier: Apache-2.0
// What the assignment view draws for one frame: tile and card items, lanes, section titles.
#pragma once

#include "assignment/assignmentlayout.h"
#include "assignment/assignmentrenderer.h"
#include "simulation/frame.h"

#include <QCoreApplication>
#include <QHash>
#include <QList>
#include <QStringList>

namespace Rblab {

/*!
    Turns a snapshot into the flat list of items the renderer paints: a tile per process queue
    on its owner's card (a "+N" tile when a card is too small), a tile in the group's unassigned
    lane for every queue without a running owner, and per section its lane counts and title.
    Keeps what the next frame needs to animate: where each queue was drawn, so a tile that
    changes hands travels from there, and each card's rebalance count, so a card that
    rebalanced flashes. Knows nothing of widgets; AssignmentView decides when to lay out and how
    long travel takes.
*/
class AssignmentItems
{
    Q_DECLARE_TR_FUNCTIONS(Rblab::AssignmentItems)

public:
    //! How many tiles the fullest card needs, with room for an even share of its group's queues.
    static int tilesNeeded(const Catalog &catalog, const WorldSnapshot &snapshot);

    //! Forgets every travel and flash (a new run).
    void clear();
    //! Forgets the tiles, not the cards: the next rebuild places tiles without travel (a resize).
    void dropTiles();
    /*!
        Rebuilds the items for `snapshot` laid out by `layout`. A tile that moved travels for
        `duration` wall ms from `now` (0: it jumps); `flash` lets cards that rebalanced flash.
    */
    void rebuild(const AssignmentLayout &layout, const Catalog &catalog,
        const WorldSnapshot &snapshot, qint64 now, int duration, bool flash);
    //! Ends every travel and flash.
    void settle();
    //! Whether a travel or a flash is under way at wall time `now`.
    bool isAnimating(qint64 now) const;
    bool isQueueAnimating(qint32 queue, qint64 now) const;

    const QList<TileItem> &tiles() const { return m_items; }
    const QList<CardItem> &cards() const { return m_cards; }
    //! Per section: queues without a running owner (retry queues included), and of those retry
    //! queues.
    const QList<int> &laneCounts() const { return m_laneCounts; }
    const QList<int> &laneRetryCounts() const { return m_laneRetryCounts; }
    //! Queues held by two or more live consumers of a CLUSTERING group (retry queues apart).
    int doubleOwnedCount() const { return m_doubleOwned; }
    int doubleOwnedRetryCount() const { return m_doubleOwnedRetry; }
    const QList<AssignmentLayout::Grid> &laneGrids() const { return m_laneGrids; }
    const QStringList &sectionTitles() const { return m_sectionTitles; }
    const QStringList &sectionStrategies() const { return m_sectionStrategies; }

private:
    //! What one rebuild places its tiles with.
    struct Pass
    {
        const AssignmentLayout &layout;
        const Catalog &catalog;
        const WorldSnapshot &snapshot;
        qint64 now = 0;
        int duration = 0;
        QList<int> cardFill; //!< per card: tiles placed so far
        QList<int> cardTotal; //!< per card: tiles it gets
    };
    //! A queue's holders among the members of its group.
    struct Owners
    {
        int alive = 0;
        int running = 0;
        const SnapshotHolding *first = nullptr; //!< the first live one
    };
    //! Cards that rebalanced since the last frame flash.
    void noteRebalances(
        const Catalog &catalog, const WorldSnapshot &snapshot, qint64 now, bool flash);
    //! A section's card tiles and its unassigned lane.
    void rebuildSection(Pass &pass, int section);
    void countCardTiles(Pass &pass, int section, const QList<qint32> &queues);
    Owners ownersOf(const Pass &pass, qint32 group, const SnapshotQueue &queue) const;
    //! A tile for queue `q` on each of its holders' cards (or their "+N" tile).
    void placeCardTiles(Pass &pass, int section, qint32 q, bool doubleOwned);
    //! Where each queue is drawn now: the next travel starts there.
    void rememberQueueRects(const Catalog &catalog);
    void placeTile(TileItem item, const QRectF &target, qint64 now, int duration);
    void updateSections(
        const AssignmentLayout &layout, const Catalog &catalog, const WorldSnapshot &snapshot);

    QList<TileItem> m_items;
    QList<TileItem> m_previousItems;
    QHash<quint64, int> m_previousIndex;
    QList<QRectF> m_queueRects; //!< where each queue was last drawn (travel start)
    QList<CardItem> m_cards; //!< per consumer
    QList<int> m_laneCounts;
    QList<int> m_laneRetryCounts;
    QList<AssignmentLayout::Grid> m_laneGrids; //!< per section, for the current unassigned count
    int m_doubleOwned = 0;
    int m_doubleOwnedRetry = 0;
    QStringList m_sectionTitles;
    QStringList m_sectionStrategies;
};

} // namespace Rblab
