// SPDX-License-Identifier: Apache-2.0
#include "thresholdnote.h"

#include <QBrush>
#include <QChart>
#include <QFontMetricsF>
#include <QGraphicsSimpleTextItem>
#include <QLocale>
#include <QPen>

namespace Rblab {

namespace {

constexpr qreal kPadding = 3;

} // namespace

ThresholdNote::ThresholdNote(QChart *chart)
    : QGraphicsRectItem(chart), m_chart(chart), m_text(new QGraphicsSimpleTextItem(this))
{
    setPen(Qt::NoPen);
    setZValue(100); // over the series
    hide();
}

bool ThresholdNote::lineInView(double peak, double threshold)
{
    return threshold > 0 && peak >= threshold * kLineFromShare;
}

void ThresholdNote::setStyle(const QFont &font, const QColor &text, const QColor &background)
{
    m_text->setFont(font);
    m_text->setBrush(text);
    QColor fill = background;
    fill.setAlpha(225);
    setBrush(fill);
}

void ThresholdNote::update(
    QAbstractSeries *line, double threshold, double peak, const QString &valueText)
{
    if (threshold <= 0) {
        hide();
        return;
    }
    m_offScale = !lineInView(peak, threshold);
    const QRectF plot = m_chart->plotArea();
    if (m_offScale) {
        const double share = 100.0 * qMax(0.0, peak) / threshold;
        const QString percent = QLocale().toString(share, 'f', share < 10 ? 1 : 0);
        m_text->setText(tr("▲ threshold %1 off scale · peak %2 %").arg(valueText, percent));
        // A narrow plot (1280×720, a zoomed font) takes it on two lines rather than over the
        // axis: break at the middle dot, then between words if a line is still too wide (it
        // would cover the legend's first names).
        const qreal room = plot.width() - 4 - 2 * kPadding;
        if (m_text->boundingRect().width() > room) {
            m_text->setText(
                wrapped(m_text->text().replace(QStringLiteral(" · "), QStringLiteral("\n")), room));
        }
    } else {
        m_text->setText(tr("threshold %1").arg(valueText));
    }
    const QRectF textRect = m_text->boundingRect();
    const QSizeF size(textRect.width() + 2 * kPadding, textRect.height() + 2 * kPadding);
    m_text->setPos(kPadding, kPadding);
    setRect(QRectF(QPointF(0, 0), size));
    if (m_offScale) {
        // Top right of the plot, under the arrow's "above here".
        // Never left of the plot, over the axis numbers.
        setPos(qMax(plot.left() + 2, plot.right() - size.width() - 2), plot.top() + 2);
    } else {
        // At the left, where the newest data (at the right) is not; on the side of the line
        // the data is not: above it while the caches stay under, below once they reach it.
        const QPointF at = m_chart->mapToPosition(QPointF(0, threshold), line);
        const qreal y = peak >= threshold ? qMin(plot.bottom() - size.height(), at.y() + 2)
                                          : qMax(plot.top(), at.y() - size.height() - 1);
        setPos(plot.left() + 4, y);
    }
    show();
}

QString ThresholdNote::wrapped(const QString &text, qreal width) const
{
    const QFontMetricsF metrics(m_text->font());
    QStringList lines;
    for (const QString &paragraph : text.split(QLatin1Char('\n'))) {
        QString line;
        for (const QString &word : paragraph.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
            const QString longer = line.isEmpty() ? word : line + QLatin1Char(' ') + word;
            if (!line.isEmpty() && metrics.horizontalAdvance(longer) > width) {
                lines.append(line);
                line = word;
            } else {
                line = longer;
            }
        }
        lines.append(line);
    }
    return lines.join(QLatin1Char('\n'));
}

QRectF ThresholdNote::areaInChart() const
{
    return isVisible() ? mapRectToParent(rect()) : QRectF();
}

QString ThresholdNote::text() const
{
    return isVisible() ? m_text->text() : QString();
}

} // namespace Rblab
