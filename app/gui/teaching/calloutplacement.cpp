// SPDX-License-Identifier: Apache-2.0
#include "teaching/calloutplacement.h"

#include <algorithm>

namespace Rblab::CalloutPlacement {

namespace {

//! A place must hide clearly less than an earlier one to win (a few pixels keep the earlier).
constexpr double kBetterBy = 64;
constexpr int kColumns = 5;
constexpr int kRows = 8;

double overlap(const QRectF &a, const QRectF &b)
{
    const QRectF both = a.intersected(b);
    return both.isValid() ? both.width() * both.height() : 0.0;
}

QList<QRectF> grown(const QList<QRectF> &focus)
{
    QList<QRectF> out;
    out.reserve(focus.size());
    for (const QRectF &f : focus) {
        out.append(f.adjusted(-kClearance, -kClearance, kClearance, kClearance));
    }
    return out;
}

//! Every place tried for a box of `size`, in order of preference; inside the area.
QList<QPointF> placesFor(const Input &in, const QList<QRectF> &keepOut, const QSizeF &size)
{
    QList<QPointF> places;
    const QRectF &a = in.area;
    if (size.width() > a.width() + 0.01 || size.height() > a.height() + 0.01) {
        return places;
    }
    const qreal left = a.left();
    const qreal top = a.top();
    const qreal right = a.right() - size.width();
    const qreal bottom = a.bottom() - size.height();
    const auto clamped = [&](qreal x, qreal y) {
        return QPointF(
            std::clamp(x, left, std::max(left, right)), std::clamp(y, top, std::max(top, bottom)));
    };
    places.append({ right, bottom });
    places.append({ left, bottom });
    const auto addRow = [&](qreal y) { // kColumns places from the right edge to the left
        for (int column = 0; column < kColumns; ++column) {
            places.append(clamped(right - (right - left) * column / (kColumns - 1), y));
        }
    };
    for (int row = 0; row <= kRows; ++row) {
        addRow(bottom - (bottom - top) * row / kRows);
    }
    for (const QRectF &room : in.rooms) {
        for (const qreal y :
            { room.top(), room.center().y() - size.height() / 2, room.bottom() - size.height() }) {
            if (y >= top && y <= bottom) {
                addRow(y);
            }
        }
    }
    // Beside each focus: above, below, left and right of it, aligned three ways.
    for (const QRectF &k : keepOut) {
        const qreal xs[]
            = { k.left(), k.center().x() - size.width() / 2, k.right() - size.width() };
        const qreal ys[]
            = { k.top(), k.center().y() - size.height() / 2, k.bottom() - size.height() };
        for (const qreal x : xs) {
            places.append(clamped(x, k.top() - size.height()));
            places.append(clamped(x, k.bottom()));
        }
        for (const qreal y : ys) {
            places.append(clamped(k.left() - size.width(), y));
            places.append(clamped(k.right(), y));
        }
    }
    return places;
}

bool clearOf(const QRectF &box, const QList<QRectF> &keepOut)
{
    return std::none_of(
        keepOut.cbegin(), keepOut.cend(), [&box](const QRectF &k) { return box.intersects(k); });
}

double hiddenBy(const Input &in, const QRectF &box)
{
    double hidden = 0;
    for (const QRectF &tile : in.tiles) {
        hidden += overlap(box, tile);
    }
    for (const QRectF &text : in.texts) {
        hidden += 2 * overlap(box, text);
    }
    return hidden;
}

struct Best
{
    QRectF box;
    double hidden = 0;
};

//! The least hiding place of a box of `size` clear of the focus; a null box when none is.
Best bestFor(const Input &in, const QList<QRectF> &keepOut, const QSizeF &size)
{
    Best best;
    const QRectF area = in.area.adjusted(-0.01, -0.01, 0.01, 0.01);
    for (const QPointF &at : placesFor(in, keepOut, size)) {
        const QRectF box(at, size);
        if (!area.contains(box) || !clearOf(box, keepOut)) {
            continue;
        }
        const double hidden = hiddenBy(in, box);
        if (best.box.isNull() || hidden < best.hidden - kBetterBy) {
            best = { box, hidden };
            if (hidden <= 0) {
                break;
            }
        }
    }
    return best;
}

} // namespace

bool keepsClear(const QRectF &box, const QList<QRectF> &focus)
{
    return clearOf(box, grown(focus));
}

Result place(const Input &in)
{
    Result result;
    if (in.sizes.isEmpty() || !in.area.isValid()) {
        return result;
    }
    const QList<QRectF> keepOut = grown(in.focus);
    const int fallback = in.fallbackFrom >= 0 ? int(in.fallbackFrom) : int(in.sizes.size());
    // Rule 2: the first size that hides nothing in the area.
    for (int i = 0; i < fallback; ++i) {
        const Best best = bestFor(in, keepOut, in.sizes.at(i));
        if (!best.box.isNull() && best.hidden <= 0) {
            return { best.box, i, 1, 0, false };
        }
    }
    // Then over the spill room, on its top edge under the focus (the leader line short).
    if (in.spill.isValid()) {
        QRectF focus;
        for (const QRectF &f : in.focus) {
            focus = focus.united(f);
        }
        const qreal x = focus.isNull() ? in.spill.right() : focus.center().x();
        // Every size, the tall ones too: in a short view (200 % in a 1280×720 window) every
        // layout is "tall", and the box went over the other cards' names while the charts
        // below had room for it.
        for (int i = 0; i < in.sizes.size(); ++i) {
            const QSizeF size = in.sizes.at(i);
            if (size.width() <= in.spill.width() && size.height() <= in.spill.height()) {
                const qreal left = std::clamp(
                    x - size.width() / 2, in.spill.left(), in.spill.right() - size.width());
                return { QRectF(QPointF(left, in.spill.top()), size), i, 1, 0, true };
            }
        }
    }
    // Rule 3: the one that hides least; the fallback sizes only when no other has a place.
    for (int i = 0; i < in.sizes.size(); ++i) {
        if (i == fallback && !result.box.isNull()) {
            return result;
        }
        const Best best = bestFor(in, keepOut, in.sizes.at(i));
        if (best.box.isNull()) {
            continue;
        }
        if (result.box.isNull() || best.hidden < result.hidden - kBetterBy) {
            result = { best.box, i, 1, best.hidden, false };
        }
        if (best.hidden <= 0) {
            return result;
        }
    }
    if (!result.box.isNull()) {
        return result;
    }
    // Rule 4: the smallest layout, drawn smaller until it fits beside the focus.
    int smallest = 0;
    for (int i = 1; i < in.sizes.size(); ++i) {
        const QSizeF s = in.sizes.at(i);
        const QSizeF m = in.sizes.at(smallest);
        smallest = s.width() * s.height() < m.width() * m.height() ? i : smallest;
    }
    for (int step = 9; step >= 2; --step) {
        const qreal scale = step / 10.0;
        const Best best = bestFor(in, keepOut, in.sizes.at(smallest) * scale);
        if (!best.box.isNull()) {
            return { best.box, smallest, scale, best.hidden, false };
        }
    }
    return result; // nowhere: the caller draws the rings alone
}

} // namespace Rblab::CalloutPlacement
