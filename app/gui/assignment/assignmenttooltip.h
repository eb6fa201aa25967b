// SPDX-License-Identifier: Apache-2.0
// The hover texts of the assignment view: a consumer's own view of the group, a queue's state.
#pragma once

#include "simulation/frame.h"

#include <QCoreApplication>
#include <QString>

namespace Rblab {

/*!
    Rich-text tooltips for a card and a tile, built from one snapshot. A consumer's tooltip shows
    what that consumer last computed with (its consumer list and queue set, when, from which
    broker): RocketMQ's consumers each rebalance from their own picture of the group, which is
    why two of them can hold the same queue.
*/
class AssignmentToolTip
{
    Q_DECLARE_TR_FUNCTIONS(Rblab::AssignmentToolTip)

public:
    /*!
        `measured` false: an observed world, whose client logs record no cache sizes, offsets,
        lag or consume times; those lines say "—" and why instead of a 0. `stateTexts`: per
        consumer, words that replace a stopped consumer's state (AssignmentRenderer::stateWords).
    */
    static QString consumer(const Catalog &catalog, const WorldSnapshot &snapshot, qint32 consumer,
        bool measured = true, const QStringList &stateTexts = {});
    static QString queue(const Catalog &catalog, const WorldSnapshot &snapshot, qint32 queue,
        bool measured = true, const QStringList &stateTexts = {});
};

} // namespace Rblab
