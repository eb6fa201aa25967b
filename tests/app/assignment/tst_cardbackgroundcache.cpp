// SPDX-License-Identifier: Apache-2.0
// The assignment view's card background cache: a blitted card looks like a painted one.
#include <assignment/cardbackgroundcache.h>

#include <QImage>
#include <QPainter>
#include <QTest>

using namespace Rblab;

class tst_CardBackgroundCache : public QObject
{
    Q_OBJECT

private slots:
    void matchesDirectPainting_data();
    void matchesDirectPainting();
    void reusesOneImagePerDistinctCard();
    void notUsableWhenScaled();
    void boundedInBytes();
};

namespace {

void paintCard(QPainter &p, const QRectF &r)
{
    // What AssignmentRenderer::paintCard draws: a bordered rounded card and its state stripe.
    p.setPen(QPen(QColor(120, 120, 130), 1, Qt::DashLine));
    p.setBrush(QColor(250, 250, 252));
    p.drawRoundedRect(r, 5, 5);
    p.setPen(Qt::NoPen);
    p.setBrush(QColor(40, 160, 60));
    p.drawRoundedRect(QRectF(r.left(), r.top(), 5, r.height()), 2, 2);
}

QImage canvas()
{
    QImage image(160, 120, QImage::Format_ARGB32_Premultiplied);
    image.fill(QColor(230, 235, 240));
    return image;
}

int maxChannelDifference(const QImage &a, const QImage &b)
{
    int worst = 0;
    for (int y = 0; y < a.height(); ++y) {
        const QRgb *pa = reinterpret_cast<const QRgb *>(a.constScanLine(y));
        const QRgb *pb = reinterpret_cast<const QRgb *>(b.constScanLine(y));
        for (int x = 0; x < a.width(); ++x) {
            worst = qMax(worst, qAbs(qRed(pa[x]) - qRed(pb[x])));
            worst = qMax(worst, qAbs(qGreen(pa[x]) - qGreen(pb[x])));
            worst = qMax(worst, qAbs(qBlue(pa[x]) - qBlue(pb[x])));
            worst = qMax(worst, qAbs(qAlpha(pa[x]) - qAlpha(pb[x])));
        }
    }
    return worst;
}

} // namespace

void tst_CardBackgroundCache::matchesDirectPainting_data()
{
    QTest::addColumn<QRectF>("rect");
    QTest::addColumn<QPointF>("translation");
    QTest::newRow("whole pixels") << QRectF(10, 12, 90, 70) << QPointF(0, 0);
    QTest::newRow("fractional rect") << QRectF(10.25, 12.75, 90.5, 70.33) << QPointF(0, 0);
    QTest::newRow("fractional translation") << QRectF(10, 12, 90, 70) << QPointF(3.5, 1.125);
    QTest::newRow("both") << QRectF(7.6, 9.1, 60.2, 41.9) << QPointF(-2.3, 4.7);
}

void tst_CardBackgroundCache::matchesDirectPainting()
{
    QFETCH(QRectF, rect);
    QFETCH(QPointF, translation);
    QImage direct = canvas();
    {
        QPainter p(&direct);
        p.setRenderHint(QPainter::Antialiasing, true);
        p.translate(translation);
        paintCard(p, rect);
    }
    QImage cached = canvas();
    CardBackgroundCache cache;
    {
        QPainter p(&cached);
        p.setRenderHint(QPainter::Antialiasing, true);
        p.translate(translation);
        QVERIFY(CardBackgroundCache::usable(p));
        cache.draw(p, rect, CardBackgroundCache::Key(), paintCard);
    }
    QCOMPARE(cache.size(), 1);
    // Blending a premultiplied image onto the canvas rounds once more than painting on it.
    QVERIFY2(maxChannelDifference(direct, cached) <= 2,
        qPrintable(QString::number(maxChannelDifference(direct, cached))));
    // And the card is really there: its stripe's colour at its middle.
    const QPoint stripe = (QPointF(rect.left() + 2.5, rect.center().y()) + translation).toPoint();
    QCOMPARE(QColor(cached.pixel(stripe)), QColor(40, 160, 60));
}

void tst_CardBackgroundCache::reusesOneImagePerDistinctCard()
{
    QImage image = canvas();
    CardBackgroundCache cache;
    int painted = 0;
    const auto counting = [&](QPainter &p, const QRectF &r) {
        ++painted;
        paintCard(p, r);
    };
    QPainter p(&image);
    CardBackgroundCache::Key key;
    key.background = qRgb(250, 250, 252);
    // A grid of equal cards on whole pixels: one image for all of them.
    for (int i = 0; i < 4; ++i) {
        cache.draw(p, QRectF(10 + 30 * i, 10, 25, 20), key, counting);
    }
    QCOMPARE(painted, 1);
    // Another sub-pixel offset, another size or another colour: a new image each.
    cache.draw(p, QRectF(10.5, 40, 25, 20), key, counting);
    cache.draw(p, QRectF(10, 40, 26, 20), key, counting);
    key.background = qRgb(255, 200, 200);
    cache.draw(p, QRectF(10, 70, 25, 20), key, counting);
    QCOMPARE(painted, 4);
    QCOMPARE(cache.size(), 4);
    cache.clear();
    QCOMPARE(cache.size(), 0);
}

void tst_CardBackgroundCache::notUsableWhenScaled()
{
    QImage image = canvas();
    QPainter p(&image);
    QVERIFY(CardBackgroundCache::usable(p));
    p.scale(2, 2); // a zoom or a device pixel ratio: the image would be blurred, so paint
    QVERIFY(!CardBackgroundCache::usable(p));
}

void tst_CardBackgroundCache::boundedInBytes()
{
    // Large cards of many sizes (a window being resized): the cache starts afresh past 32 MiB.
    QImage image = canvas();
    QPainter p(&image);
    CardBackgroundCache cache;
    qint64 peak = 0;
    for (int i = 0; i < 60; ++i) {
        cache.draw(p, QRectF(0, 0, 600 + i, 400), CardBackgroundCache::Key(), paintCard);
        peak = qMax(peak, cache.bytes());
    }
    // 606 x 406 x 4 bytes is about 1 MiB an image: 33 of them at most, then a fresh start.
    QVERIFY2(peak <= 34 * 1024 * 1024, qPrintable(QString::number(peak)));
    QVERIFY(cache.size() < 60);
    QVERIFY(cache.size() > 0);
}

QTEST_MAIN(tst_CardBackgroundCache)
#include "tst_cardbackgroundcache.moc"
