// SPDX-License-Identifier: Apache-2.0
// A card's rebalance line: when its RebalanceService wakes next, and the view it computed with.
#pragma once

#include "simulation/frame.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

namespace Rblab {

/*!
    What a consumer card says about its consumer's own rebalancing: the seconds until its
    RebalanceService's wait ends (20 s waitInterval, sooner when a notification wakes it) and
    the consumer list and queue count of its last rebalanceByTopic (RocketMQ's consumers each
    rebalance from their own view, which can disagree with the group's during a notification
    storm or a partition). Plain values and texts, computed from the snapshot.
*/
class CardSchedule
{
    Q_DECLARE_TR_FUNCTIONS(Rblab::CardSchedule)

public:
    struct View
    {
        qint32 consumers = -1; //!< |cidAll| it last computed with; -1: it has not rebalanced
        qint32 queues = -1; //!< |mqAll| from its last route poll
        friend bool operator==(const View &, const View &) = default;
    };

    /*!
        Whole seconds until the next round (rounded up, so "in 1 s" until it runs), 0 when a
        wake-up is pending, -1 while a round runs or the consumer is not alive.
    */
    static qint64 secondsToNext(const SnapshotConsumer &consumer, SimTime now);
    //! Its view of its first subscribed topic (not %RETRY%) that it has rebalanced.
    static View ownView(const Catalog &catalog, const SnapshotConsumer &consumer);
    /*!
        The view most live consumers of `group` hold (ties: the one with more consumers), what a
        card's own view is compared with; {-1, -1} when none has rebalanced.
    */
    static View commonView(const Catalog &catalog, const WorldSnapshot &snapshot, qint32 group);

    //! "next rebalance in 7 s", "rebalancing now"; empty when secondsToNext is -1 and the
    //! consumer is not alive.
    static QString countdownText(qint64 seconds, bool alive);
    //! "sees 4 consumers · 16 queues"; empty when it has not rebalanced.
    static QString viewText(const View &view);
    //! The short forms for narrow cards: "⟳ 7 s", "4 consumers · 16 queues".
    static QString shortCountdownText(qint64 seconds, bool alive);
    static QString shortViewText(const View &view);
    //! The shortest forms, for cards of a few tiles' width: "4 c · 16 q".
    static QString tinyViewText(const View &view);
    //! The narrowest: "4 consumers", when the queue count is the group's anyway.
    static QString consumersText(const View &view);
};

} // namespace Rblab
