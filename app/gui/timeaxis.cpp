// SPDX-License-Identifier: Apache-2.0
#include "timeaxis.h"

#include <QCategoryAxis>
#include <QFontMetricsF>

#include <cmath>

namespace Rblab {

double TimeAxis::step(double span, double pixels, double minGap)
{
    static const double steps[] = { 0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900,
        1800, 3600, 7200, 10800, 21600, 43200, 86400 };
    if (span <= 0 || pixels <= 0) {
        return 1;
    }
    for (double s : steps) {
        if (s / span * pixels >= minGap) {
            return s;
        }
    }
    double s = 86400;
    while (s / span * pixels < minGap) {
        s *= 2;
    }
    return s;
}

QString TimeAxis::label(double seconds, double step, bool hours)
{
    const qint64 tenths = qint64(std::llround(qMax(0.0, seconds) * 10));
    const qint64 whole = tenths / 10;
    const qint64 h = whole / 3600;
    const qint64 m = (whole / 60) % 60;
    const qint64 s = whole % 60;
    QString text = hours || h > 0
        ? QStringLiteral("%1:%2:%3")
              .arg(h)
              .arg(m, 2, 10, QLatin1Char('0'))
              .arg(s, 2, 10, QLatin1Char('0'))
        : QStringLiteral("%1:%2").arg(whole / 60).arg(s, 2, 10, QLatin1Char('0'));
    if (step < 1) {
        text += QStringLiteral(".%1").arg(tenths % 10);
    }
    return text;
}

QList<double> TimeAxis::ticks(double x0, double x1, double step)
{
    QList<double> values;
    if (step <= 0 || x1 < x0) {
        return values;
    }
    for (double t = std::ceil(x0 / step - 1e-9) * step; t <= x1 + 1e-9; t += step) {
        values.append(t);
        if (values.size() > 1000) {
            break;
        }
    }
    return values;
}

void TimeAxis::apply(
    QCategoryAxis *axis, double x0, double x1, double pixels, const QFontMetricsF &metrics)
{
    const bool hours = x1 >= 3600;
    // Room for the widest label of this range and a gap of two digits.
    const QString widest = label(x1, x1 - x0 < 10 ? 0.5 : 1, hours);
    const double minGap
        = metrics.horizontalAdvance(widest) + metrics.horizontalAdvance(QStringLiteral("00"));
    const double s = step(x1 - x0, pixels, minGap);
    // A label centred on the plot's right end would stick out and be cut ("10…"): ticks
    // closer to it than half a label are left unlabelled.
    const double halfLabel = metrics.horizontalAdvance(widest) / 2 * (x1 - x0) / qMax(1.0, pixels);
    QList<double> values;
    QStringList labels;
    for (double v : ticks(x0, x1, s)) {
        if (x1 - v >= halfLabel) {
            values.append(v);
            labels.append(label(v, s, hours));
        }
    }
    // Relabel only when the labels or the range moved: a chart refresh is frequent.
    if (axis->categoriesLabels() != labels) {
        for (const QString &old : axis->categoriesLabels()) {
            axis->remove(old);
        }
        for (int i = 0; i < values.size(); ++i) {
            axis->append(labels.at(i), values.at(i));
        }
    }
    axis->setStartValue(x0);
    axis->setRange(x0, x1);
}

} // namespace Rblab
