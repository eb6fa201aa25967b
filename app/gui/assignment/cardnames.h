// SPDX-License-Identifier: Apache-2.0
// The consumer names of the assignment view's card headers, fitted to the cards.
#pragma once

#include "simulation/frame.h"

#include <QFont>
#include <QList>
#include <QStaticText>

class QFontMetricsF;

namespace Rblab {

/*!
    Every consumer's name as its card header shows it: whole when it fits; otherwise without
    the start all names share; when that is still too long, its end with whole parts cut off
    the start ("…93@11322" of "10.0.1.93@11322"), since client ids (ip@pid) differ at their end
    and a right elision showed "1…" on every card. A cut always shows "…", and a name keeps at
    least the end no other name has, so the names shown at once stay distinct ("…0" was on ten
    cards of a world of 100 consumers). Laid out once per catalog, font and width as static
    texts, so painting a frame costs no text layout.
*/
class CardNames
{
public:
    //! The names for `catalog` in `font`, fitted to `width`; rebuilt only when one of them changed.
    const QList<QStaticText> &names(const Catalog &catalog, const QFont &font, qreal width);
    void invalidate();

    //! The length of the start every name shares, up to and including a separator (. @ - _).
    static qsizetype commonPrefixLength(const QStringList &names);
    //! For each of `names`, how many characters of its end tell it from every other name (one
    //! more than the longest end it shares with another; its whole length when it has none to
    //! spare, as "10.0.1" against "10.0.0.1").
    static QList<qsizetype> distinctEnds(const QStringList &names);
    //! `name` fitted to `width`: whole, or "…" and its end, leaving out its first `common`
    //! characters (what is left differs from every other name's), then whole parts of its
    //! start, then characters, but never more than leaves its last `keep` characters. When
    //! even those do not fit, the narrower of those two ends, wider than `width`: a name that
    //! tells its card apart beats one that fits.
    static QString fitted(const QString &name, qsizetype common, const QFontMetricsF &metrics,
        qreal width, qsizetype keep = 0);

private:
    QList<QStaticText> m_names;
    const Catalog *m_catalog = nullptr;
    QFont m_font;
    qreal m_width = -1;
};

} // namespace Rblab
