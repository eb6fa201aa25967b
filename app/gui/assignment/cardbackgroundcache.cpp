// SPDX-License-Identifier: Apache-2.0
#include "assignment/cardbackgroundcache.h"

#include <QPainter>

#include <cmath>

namespace Rblab {

namespace {
constexpr int kMargin = 3; // the border's pen reaches half a pixel out; antialiasing one more
// A grid has a few distinct cards; a resize or a new layout makes new ones, so the cache starts
// afresh past a bound on its images and on their bytes (a few large cards of a small world).
constexpr qsizetype kMaxImages = 512;
constexpr qint64 kMaxBytes = 32 * 1024 * 1024;
} // namespace

size_t qHash(const CardBackgroundCache::Key &k, size_t seed) noexcept
{
    return qHashMulti(seed, k.width64, k.height64, k.fracX64, k.fracY64, k.background, k.border,
        k.stripe, k.dashed, k.detail);
}

bool CardBackgroundCache::usable(const QPainter &painter)
{
    return painter.deviceTransform().type() <= QTransform::TxTranslate;
}

void CardBackgroundCache::draw(QPainter &painter, const QRectF &rect, Key key,
    const std::function<void(QPainter &, const QRectF &)> &paint)
{
    // Where the card lands on the device: a whole pixel and the fraction the image keeps.
    const QPointF device = painter.deviceTransform().map(rect.topLeft());
    const QPointF whole(std::floor(device.x()), std::floor(device.y()));
    const QPointF frac = device - whole;
    key.width64 = qint32(std::lround(rect.width() * 64));
    key.height64 = qint32(std::lround(rect.height() * 64));
    key.fracX64 = qint32(std::lround(frac.x() * 64));
    key.fracY64 = qint32(std::lround(frac.y() * 64));
    auto it = m_images.find(key);
    if (it == m_images.end()) {
        if (m_images.size() >= kMaxImages || m_bytes >= kMaxBytes) {
            clear();
        }
        QImage image(int(std::ceil(rect.width() + 1)) + 2 * kMargin,
            int(std::ceil(rect.height() + 1)) + 2 * kMargin, QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::transparent);
        QPainter p(&image);
        p.setRenderHints(painter.renderHints());
        paint(p,
            QRectF(kMargin + key.fracX64 / 64.0, kMargin + key.fracY64 / 64.0, rect.width(),
                rect.height()));
        p.end();
        m_bytes += image.sizeInBytes();
        it = m_images.insert(key, image);
    }
    // The logical point that maps to the whole device pixel, less the margin.
    const QPointF at = rect.topLeft() - frac - QPointF(kMargin, kMargin);
    painter.drawImage(at, *it);
}

} // namespace Rblab
