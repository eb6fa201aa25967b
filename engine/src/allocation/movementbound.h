// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <rblab/rblab_global.h>

#include <QList>
#include <QString>
#include <QStringList>

namespace Rblab {

/*!
    Figures of a change of assignment, for scoring strategies: an assignment is the owner's
    client id of every queue of one sorted queue list (a null string for a queue nobody holds).
*/
namespace MovementBound {

//! Queues whose owner differs between the two assignments (same queue list).
RBLAB_ENGINE_EXPORT qsizetype moves(const QList<QString> &before, const QList<QString> &after);

/*!
    The fewest queue moves that take `before` to a balanced assignment over `cidAfter` (every
    consumer ⌊Q/N⌋ or ⌈Q/N⌉ queues): the queues of departed owners must move, and a consumer
    keeps at most its new share, the ⌈Q/N⌉ shares going to those holding most. Duplicated ids in
    cidAfter count once. With no consumers, 0.
*/
RBLAB_ENGINE_EXPORT qsizetype lowerBound(const QList<QString> &before, const QStringList &cidAfter);

} // namespace MovementBound
} // namespace Rblab
