// SPDX-License-Identifier: Apache-2.0
// Pre-rendered consumer card backgrounds (fill, border, state stripe) for the assignment view.
#pragma once

#include <QColor>
#include <QHash>
#include <QImage>
#include <QRectF>

#include <functional>

class QPainter;

namespace Rblab {

/*!
    An antialiased rounded rectangle with a pen costs the raster engine a path stroke and a
    coverage fill of the whole card: with 128 cards that was four fifths of a frame. Cards of one
    grid share their size and a handful of state colours, so each distinct background is
    rendered once into an image and blitted afterwards.

    The image is rendered at the card's sub-pixel offset and drawn at a whole device pixel, so
    the result matches painting the card directly. Used only when the painter maps logical to
    device pixels by a translation (no zoom, device pixel ratio 1); otherwise the caller paints.
*/
class CardBackgroundCache
{
public:
    struct Key
    {
        qint32 width64 = 0; //!< the card's size and sub-pixel offset, in 1/64 px
        qint32 height64 = 0;
        qint32 fracX64 = 0;
        qint32 fracY64 = 0;
        QRgb background = 0;
        QRgb border = 0;
        QRgb stripe = 0;
        quint8 dashed = 0;
        quint8 detail = 0; //!< AssignmentLayout::Detail: the radius and the stripe's width

        bool operator==(const Key &o) const
        {
            return width64 == o.width64 && height64 == o.height64 && fracX64 == o.fracX64
                && fracY64 == o.fracY64 && background == o.background && border == o.border
                && stripe == o.stripe && dashed == o.dashed && detail == o.detail;
        }
    };

    //! Whether the painter's transform lets a cached image stand in for direct painting.
    static bool usable(const QPainter &painter);

    /*!
        Draws the background of a card at `rect` (logical coordinates): from the cache, or
        rendered by `paint` (called with a painter and the card's rect in that painter's
        coordinates) and kept.
    */
    void draw(QPainter &painter, const QRectF &rect, Key key,
        const std::function<void(QPainter &, const QRectF &)> &paint);
    void clear()
    {
        m_images.clear();
        m_bytes = 0;
    }
    qsizetype size() const { return m_images.size(); }
    qint64 bytes() const { return m_bytes; }

private:
    QHash<Key, QImage> m_images;
    qint64 m_bytes = 0;
};

size_t qHash(const CardBackgroundCache::Key &key, size_t seed = 0) noexcept;

} // namespace Rblab
