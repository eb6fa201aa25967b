// SPDX-License-Identifier: Apache-2.0
#include "assignment/cardnames.h"

#include <QFontMetricsF>

#include <algorithm>

namespace Rblab {

const QList<QStaticText> &CardNames::names(const Catalog &catalog, const QFont &font, qreal width)
{
    if (m_catalog == &catalog && m_width == width && m_font == font
        && m_names.size() == catalog.consumers.size()) {
        return m_names;
    }
    m_names.clear();
    QStringList all;
    for (const ConsumerInfo &info : catalog.consumers) {
        all.append(info.name);
    }
    const qsizetype common = commonPrefixLength(all);
    const QList<qsizetype> ends = distinctEnds(all);
    const QFontMetricsF metrics(font);
    for (qsizetype i = 0; i < all.size(); ++i) {
        QStaticText text(fitted(all.at(i), common, metrics, qMax<qreal>(8, width), ends.at(i)));
        text.setTextFormat(Qt::PlainText);
        text.prepare(QTransform(), font);
        m_names.append(text);
    }
    m_catalog = &catalog;
    m_font = font;
    m_width = width;
    return m_names;
}

void CardNames::invalidate()
{
    m_names.clear();
    m_catalog = nullptr;
    m_width = -1;
}

qsizetype CardNames::commonPrefixLength(const QStringList &names)
{
    if (names.size() < 2) {
        return 0;
    }
    QStringView prefix = names.first();
    for (const QString &name : names) {
        qsizetype n = 0;
        while (n < prefix.size() && n < name.size() && prefix.at(n) == name.at(n)) {
            ++n;
        }
        prefix = prefix.left(n);
    }
    for (qsizetype i = prefix.size() - 1; i >= 0; --i) {
        const QChar c = prefix.at(i);
        if (c == QLatin1Char('.') || c == QLatin1Char('@') || c == QLatin1Char('-')
            || c == QLatin1Char('_')) {
            return i + 1;
        }
    }
    return 0;
}

QList<qsizetype> CardNames::distinctEnds(const QStringList &names)
{
    // Sorted by their reversed text, the name sharing the longest end with a name is next to it.
    QList<std::pair<QString, qsizetype>> reversed;
    reversed.reserve(names.size());
    for (qsizetype i = 0; i < names.size(); ++i) {
        QString r = names.at(i);
        std::reverse(r.begin(), r.end());
        reversed.append({ r, i });
    }
    std::sort(reversed.begin(), reversed.end());
    const auto shared = [](const QString &a, const QString &b) {
        qsizetype n = 0;
        while (n < a.size() && n < b.size() && a.at(n) == b.at(n)) {
            ++n;
        }
        return n;
    };
    QList<qsizetype> ends(names.size(), 0);
    for (qsizetype k = 0; k < reversed.size(); ++k) {
        const QString &r = reversed.at(k).first;
        qsizetype longest = 0;
        if (k > 0 && reversed.at(k - 1).first != r) {
            longest = qMax(longest, shared(r, reversed.at(k - 1).first));
        }
        if (k + 1 < reversed.size() && reversed.at(k + 1).first != r) {
            longest = qMax(longest, shared(r, reversed.at(k + 1).first));
        }
        ends[reversed.at(k).second] = qMin(longest + 1, r.size());
    }
    return ends;
}

namespace {

bool isSeparator(QChar c)
{
    return c == QLatin1Char('.') || c == QLatin1Char('@') || c == QLatin1Char('-')
        || c == QLatin1Char('_') || c == QLatin1Char(':');
}

} // namespace

QString CardNames::fitted(const QString &name, qsizetype common, const QFontMetricsF &metrics,
    qreal width, qsizetype keep)
{
    if (metrics.horizontalAdvance(name) <= width || keep >= name.size()) {
        return name;
    }
    // The shared start is left out, marked "…" as every cut is ("0.1@1001" read as a whole
    // name); the room is better spent on the part that differs. What is left tells the name
    // apart however short it is: names sharing that start differ after it.
    const QString mark(QChar(0x2026));
    const qsizetype from = common > 0 && common < name.size() ? common : 0;
    const auto tail = [&](qsizetype i) { return mark + name.mid(i); };
    if (from > 0 && metrics.horizontalAdvance(tail(from)) <= width) {
        return tail(from);
    }
    // The last start that still keeps `keep` characters.
    const qsizetype last = name.size() - qMax<qsizetype>(keep, 1);
    // Still too long: keep the end, where client ids (ip@pid, MQClientInstance's clientId)
    // differ, and cut whole parts off the start ("…93@11322" of "10.0.1.93@11322"); a right
    // elision kept "1…" on every card when the ids differ early (10.0.x next to 10.1.0.x).
    for (qsizetype i = from + 1; i <= last; ++i) {
        if (isSeparator(name.at(i - 1)) && !isSeparator(name.at(i))
            && metrics.horizontalAdvance(tail(i)) <= width) {
            return tail(i);
        }
    }
    // Then characters, as long as the end that tells it apart stays.
    for (qsizetype i = from + 1; i <= last; ++i) {
        if (metrics.horizontalAdvance(tail(i)) <= width) {
            return tail(i);
        }
    }
    if (keep == 0) {
        return metrics.elidedText(name.mid(from), Qt::ElideLeft, width);
    }
    // Nothing distinct fits: the narrower of the two that stay distinct.
    return tail(qMax(from, last));
}

} // namespace Rblab
