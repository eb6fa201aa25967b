// SPDX-License-Identifier: Apache-2.0
// The flow-control threshold of a cache chart, readable whether or not it is on the scale.
#pragma once

#include <QCoreApplication>
#include <QGraphicsRectItem>

#include <utility>

class QAbstractSeries;
class QChart;
class QGraphicsSimpleTextItem;

namespace Rblab {

/*!
    A label on a cache chart that says where the caches stand against pullThresholdForQueue (or
    its size twin). When the caches come within a quarter of the threshold, the threshold line is
    drawn and this note names it just above the line; below that, the line would squash the data
    flat at the bottom, so the axis follows the data and the note sits at the top of the plot as an
    off-scale marker with the peak as a share of the threshold ("▲ threshold 1,000 off scale ·
    peak 0.4 %"): pressure is readable at a glance either way. A child item of the chart.
*/
class ThresholdNote : public QGraphicsRectItem
{
    Q_DECLARE_TR_FUNCTIONS(Rblab::ThresholdNote)

public:
    explicit ThresholdNote(QChart *chart);

    //! The share of the threshold the data must reach for the line to be drawn.
    static constexpr double kLineFromShare = 0.25;
    //! Whether the threshold line belongs on the chart (the axis then reaches it).
    static bool lineInView(double peak, double threshold);

    void setStyle(const QFont &font, const QColor &text, const QColor &background);
    /*!
        Shows the note for `threshold` (`valueText` is how to write it: "1,000", "100 MiB") and
        the visible data's `peak`, placed against the chart's axes as they are now; hides it when
        there is no threshold. `line` is the threshold series (for the position of the line).
        Off scale, the longest form of the note that stays above the data's peak: the whole
        sentence, on more lines in a narrow plot, the short one in a short plot, none when even
        that would cover the data.
    */
    void update(QAbstractSeries *line, double threshold, double peak, const QString &valueText);
    /*!
        The height the off-scale note takes from the top of a plot of `plot`'s size, the gaps
        above and under it included (0 when it is not shown there): the chart keeps the data
        under it.
    */
    qreal offScaleHeight(
        double threshold, double peak, const QString &valueText, const QSizeF &plot) const;
    QString text() const;
    //! Where the note is drawn, in the chart's coordinates (empty when hidden).
    QRectF areaInChart() const;
    bool isOffScale() const { return m_offScale; }

private:
    QString offScaleSentence(double threshold, double peak, const QString &valueText) const;
    static QString percentOf(double threshold, double peak);
    //! The form of the off-scale note a plot of that size has room for (empty when none), and
    //! whether it is the whole sentence.
    std::pair<QString, bool> offScaleForm(
        double threshold, double peak, const QString &valueText, const QSizeF &plot) const;
    //! The note's size with `text` (its lines, its padding).
    QSizeF sizeOf(const QString &text) const;
    //! `text` with its lines broken between words where they are wider than `width`.
    QString wrapped(const QString &text, qreal width) const;

    QChart *m_chart;
    QGraphicsSimpleTextItem *m_text;
    bool m_offScale = false;
};

} // namespace Rblab
