// SPDX-License-Identifier: Apache-2.0
// Time axes of the charts in m:ss and h:mm:ss, on round steps.
#pragma once

#include <QList>
#include <QString>

class QCategoryAxis;
class QFontMetricsF;

namespace Rblab {

/*!
    The charts' time axis as the clock reads: "2:10", "1:05:00", not seconds (21480) that a
    trainer has to divide by 60. Ticks fall on round clock steps (5 s, 15 s, 1 min, 5 min,
    15 min, 1 h…) chosen so that the labels never touch in the plot's width, so "11…" at 1000×
    cannot happen. A QCategoryAxis carries the labels: QValueAxis only formats numbers.
*/
class TimeAxis
{
public:
    //! The smallest round step (seconds) that puts labels at least `minGap` pixels apart.
    static double step(double span, double pixels, double minGap);
    //! "0:05", "2:10", "1:02:05" (h:mm:ss from an hour on, or when `hours`), "0:02.5" below 1 s.
    static QString label(double seconds, double step, bool hours);
    //! Tick values (seconds) of [x0, x1] at `step`.
    static QList<double> ticks(double x0, double x1, double step);
    /*!
        Sets `axis` to [x0, x1] with labelled ticks fitted to `pixels`; cheap when unchanged.
        No label sticks out of the plot's right end, nor out of its left end by more than
        `leftRoom` px (the room under the value labels); and no more labels than QtCharts prints
        whole: it gives each the width over the labels plus one, less 8 px.
    */
    static void apply(QCategoryAxis *axis, double x0, double x1, double pixels,
        const QFontMetricsF &metrics, double leftRoom = 0);
};

} // namespace Rblab
