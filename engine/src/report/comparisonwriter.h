// SPDX-License-Identifier: Apache-2.0
// What `rblab compare` prints of a comparison: a table, JSON, CSV or a self-contained HTML page.
#pragma once

#include "report/comparison.h"

#include <rblab/rblab_global.h>

#include <QByteArray>

namespace Rblab {

/*!
    The printed forms of a Comparison (docs/formats/scorecard.md): the same comparison gives the
    same bytes. Every figure is better when lower; the best of a row (Comparison::isBest) is
    marked with "*" in the table and highlighted in HTML.
*/
class RBLAB_ENGINE_EXPORT ComparisonWriter
{
public:
    //! Figures as columns of variants, one block per group, for a terminal.
    static QByteArray table(const Comparison &comparison);
    //! The JSON that --merge reads back (Comparison::fromJson): runs, then a summary.
    static QByteArray json(const Comparison &comparison);
    //! One row per finished run and group.
    static QByteArray csv(const Comparison &comparison);
    //! A page with each group's table and charts of each variant's first seed, inline SVG.
    static QByteArray html(const Comparison &comparison);
};

} // namespace Rblab
