// SPDX-License-Identifier: Apache-2.0
#include "charts/thresholdnote.h"

#include <QBrush>
#include <QChart>
#include <QFontMetricsF>
#include <QGraphicsSimpleTextItem>
#include <QLocale>
#include <QPen>

#include <iterator>

namespace Rblab {

namespace {

constexpr qreal kPadding = 3;
//! Above the off-scale note (its gap to the plot's top) and as much again below it.
constexpr qreal kTopGap = 4;
//! The share of the plot's height the whole sentence may take, and the short form.
constexpr double kSentenceShare = 0.4;
constexpr double kBriefShare = 0.5;

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
        const auto [form, whole] = offScaleForm(threshold, peak, valueText, plot.size());
        if (form.isEmpty()) {
            m_text->setText(QString());
            hide();
            return;
        }
        m_text->setText(form);
        // A short form says less: the whole sentence is a hover away.
        setToolTip(whole ? QString() : offScaleSentence(threshold, peak, valueText));
    } else {
        m_text->setText(tr("threshold %1").arg(valueText));
        setToolTip(QString());
    }
    const QRectF textRect = m_text->boundingRect();
    const QSizeF size(textRect.width() + 2 * kPadding, textRect.height() + 2 * kPadding);
    m_text->setPos(kPadding, kPadding);
    setRect(QRectF(QPointF(0, 0), size));
    if (m_offScale) {
        // Top right of the plot, under the arrow's "above here".
        // Never left of the plot, over the axis numbers.
        setPos(qMax(plot.left() + 2, plot.right() - size.width() - 2), plot.top() + kTopGap / 2);
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

QString ThresholdNote::offScaleSentence(
    double threshold, double peak, const QString &valueText) const
{
    return tr("▲ threshold %1 off scale · peak %2 %").arg(valueText, percentOf(threshold, peak));
}

QString ThresholdNote::percentOf(double threshold, double peak)
{
    const double share = 100.0 * qMax(0.0, peak) / threshold;
    return QLocale().toString(share, 'f', share < 10 ? 1 : 0);
}

std::pair<QString, bool> ThresholdNote::offScaleForm(
    double threshold, double peak, const QString &valueText, const QSizeF &plot) const
{
    // A narrow plot (1280×720, a zoomed font) takes the sentence on two lines rather than over
    // the axis: broken at the middle dot, then between words if a line is still too wide (it
    // would cover the legend's first names). A short plot (1280×720 at presenter zoom) had no
    // room for its three lines: they covered the whole plot and hung out under it. It takes a
    // short form (the whole sentence in its tool tip), and no note when even the shortest would
    // take more than half the plot (the chart leaves the note its height above the data).
    const qreal room = plot.width() - 4 - 2 * kPadding;
    const QString full = offScaleSentence(threshold, peak, valueText);
    const QString brief = tr("▲ peak %2 % of %1").arg(valueText, percentOf(threshold, peak));
    const std::pair<QString, double> forms[] = { { full, kSentenceShare },
        { wrapped(QString(full).replace(QStringLiteral(" · "), QStringLiteral("\n")), room),
            kSentenceShare },
        { brief, kBriefShare }, { wrapped(brief, room), kBriefShare },
        { tr("▲ peak %1 %").arg(percentOf(threshold, peak)), kBriefShare } };
    for (size_t i = 0; i < std::size(forms); ++i) {
        const auto &[form, share] = forms[i];
        const QSizeF size = sizeOf(form);
        if (size.width() <= plot.width() - 4 && size.height() <= share * plot.height()) {
            return { form, i < 2 }; // the first two are the whole sentence
        }
    }
    return {};
}

qreal ThresholdNote::offScaleHeight(
    double threshold, double peak, const QString &valueText, const QSizeF &plot) const
{
    const QString form = offScaleForm(threshold, peak, valueText, plot).first;
    return form.isEmpty() ? 0 : sizeOf(form).height() + kTopGap;
}

QSizeF ThresholdNote::sizeOf(const QString &text) const
{
    // As QGraphicsSimpleTextItem lays it out: a line per '\n', each the font's height.
    const QFontMetricsF metrics(m_text->font());
    qreal width = 0;
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (const QString &line : lines) {
        width = qMax(width, metrics.horizontalAdvance(line));
    }
    return QSizeF(width + 2 * kPadding, lines.size() * metrics.height() + 2 * kPadding);
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
