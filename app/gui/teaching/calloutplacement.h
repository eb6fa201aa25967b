// SPDX-License-Identifier: Apache-2.0
// Where a narration callout goes: never over what it points at (issue 37 item 3).
#pragma once

#include <QList>
#include <QRectF>
#include <QSizeF>

namespace Rblab {

/*!
    Chooses the rectangle of a narration callout, as a pure function of geometry, so that tests
    can check it without a window. The rule, in order:

    1. The box never intersects a keep-out rectangle (the cards and tiles the note points at and
       the tiles that just moved, each grown by kClearance for its ring).
    2. It goes where it hides nothing (no tile, no card text): the first box size that has such
       a place wins, so the box keeps its preferred size when there is empty space and takes a
       narrower or smaller layout before it covers anything. Failing that it goes over the
       spill room (the charts) if any size fits there, as close to the focus as it can.
    3. Else where it hides least (text counts twice: a name half hidden is not read at all);
       earlier sizes win ties.
    4. Else (no size fits anywhere beside the focus) the last size is scaled down until it fits
       beside the focus, on the side with room; `scale` says by how much.

    Places tried: the bottom corners first (where a reader looks for it), a grid over the area,
    the given free rooms (empty lanes) and every side of every keep-out rectangle.
*/
namespace CalloutPlacement {

//! Room left around a focus rectangle (its ring is drawn 3 px out with a 3 px pen).
constexpr qreal kClearance = 8;

struct Input
{
    QRectF area; //!< where the box may go
    QList<QRectF> focus; //!< never covered (grown by kClearance)
    QList<QRectF> tiles; //!< covered as little as possible
    QList<QRectF> texts; //!< covered as little as possible, twice as reluctantly as tiles
    QList<QRectF> rooms; //!< known empty space (lanes): places are tried at their top and bottom
    QList<QSizeF> sizes; //!< the box laid out in each way it may be, most preferred first
    //! Sizes from this index on (too tall) are tried only when no earlier one has a place.
    int fallbackFrom = -1;
    //! Room outside the area the box may go over (the charts), when no size hides nothing in
    //! the area; null: none.
    QRectF spill;
};

struct Result
{
    QRectF box; //!< null: no room at all beside the focus
    int size = -1; //!< index into Input::sizes
    qreal scale = 1; //!< below 1: the box of sizes[size] drawn smaller (rule 4)
    double hidden = 0; //!< area of tiles and texts covered (texts twice)
    bool spilled = false; //!< the box is in Input::spill
};

Result place(const Input &input);

//! Whether `box` keeps clear of every focus rectangle (grown by kClearance).
bool keepsClear(const QRectF &box, const QList<QRectF> &focus);

} // namespace CalloutPlacement

} // namespace Rblab
