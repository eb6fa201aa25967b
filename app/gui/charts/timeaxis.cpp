// SPDX-License-Identifier: Apache-2.0
#include "charts/timeaxis.h"

#include <QCategoryAxis>
#include <QFontMetricsF>

#include <cmath>

namespace Rblab {

namespace {
const double kSteps[] = { 0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600,
    7200, 10800, 21600, 43200, 86400 };

//! The round step below `s` (half of it past the table's ends).
double finerStep(double s)
{
    double finer = s / 2;
    for (double candidate : kSteps) {
        if (candidate < s - 1e-9) {
            finer = candidate;
        }
    }
    return s > kSteps[0] + 1e-9 ? finer : s / 2;
}
} // namespace

double TimeAxis::step(double span, double pixels, double minGap)
{
    if (span <= 0 || pixels <= 0) {
        return 1;
    }
    for (double s : kSteps) {
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

void TimeAxis::apply(QCategoryAxis *axis, double x0, double x1, double pixels,
    const QFontMetricsF &metrics, double leftRoom)
{
    const bool hours = x1 >= 3600;
    // Room for the widest label of this range and a gap of two digits.
    const QString widest = label(x1, x1 - x0 < 10 ? 0.5 : 1, hours);
    const double labelWidth = metrics.horizontalAdvance(widest);
    const double minGap = labelWidth + metrics.horizontalAdvance(QStringLiteral("00"));
    const double span = x1 - x0;
    const double perPixel = span / qMax(1.0, pixels);
    // A label centred near an end of the plot sticks out: on the right it is cut ("10…"), on
    // the left it may use `leftRoom` (under the value labels) and is hidden past it.
    const auto fits = [&](double v) {
        return x1 - v >= labelWidth / 2 * perPixel
            && (v - x0) / perPixel + leftRoom >= labelWidth / 2;
    };
    double s = step(span, pixels, minGap);
    QList<double> values;
    QStringList labels;
    for (int attempt = 0; attempt < 8 && span > 0; ++attempt) {
        values.clear();
        for (double v : ticks(x0, x1, s)) {
            if (fits(v)) {
                values.append(v);
            }
        }
        // QtCharts gives every label of a category axis the plot's width over the labels plus
        // one, less 8 px of padding, whatever their spacing, and cuts a longer one ("2:59…"
        // under a narrow cache chart at 150 %): fewer, farther labels then.
        if (values.size() <= 1 || pixels / double(values.size() + 1) - 8 >= labelWidth + 2) {
            break;
        }
        s = step(span, pixels, s / span * pixels * 1.001); // the next round step
    }
    if (values.isEmpty() && span > 0) {
        // The round step that spaces labels apart has none away from the ends (2 min at 200 %
        // over a 200 px plot): one label at the finer round tick nearest the middle.
        for (double finer = s; finer > span / 1000 && values.isEmpty(); finer = finerStep(finer)) {
            double best = -1;
            const double middle = (x0 + x1) / 2;
            for (double v : ticks(x0, x1, finer)) {
                if (fits(v) && (best < 0 || std::abs(v - middle) < std::abs(best - middle))) {
                    best = v;
                }
            }
            if (best >= 0) {
                values.append(best);
                s = finer;
            }
        }
    }
    for (double v : std::as_const(values)) {
        labels.append(label(v, s, hours));
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
