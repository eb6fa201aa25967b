// SPDX-License-Identifier: Apache-2.0
#include "assignment/cardnames.h"

#include <QFontMetricsF>

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
    const QFontMetricsF metrics(font);
    for (const QString &name : std::as_const(all)) {
        QStaticText text(fitted(name, common, metrics, qMax<qreal>(8, width)));
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

namespace {

bool isSeparator(QChar c)
{
    return c == QLatin1Char('.') || c == QLatin1Char('@') || c == QLatin1Char('-')
        || c == QLatin1Char('_') || c == QLatin1Char(':');
}

} // namespace

QString CardNames::fitted(
    const QString &name, qsizetype common, const QFontMetricsF &metrics, qreal width)
{
    if (metrics.horizontalAdvance(name) <= width) {
        return name;
    }
    // The shared start is left out without a mark: every card leaves out the same, and the
    // room is better spent on the part that differs.
    const QString rest = common > 0 && common < name.size() ? name.mid(common) : name;
    if (metrics.horizontalAdvance(rest) <= width) {
        return rest;
    }
    // Still too long: keep the end, where client ids (ip@pid, MQClientInstance's clientId)
    // differ, and cut whole parts off the start ("…93@11322" of "10.0.1.93@11322"); a right
    // elision kept "1…" on every card when the ids differ early (10.0.x next to 10.1.0.x).
    const QString mark(QChar(0x2026));
    for (qsizetype i = 1; i < rest.size(); ++i) {
        if (isSeparator(rest.at(i - 1)) && !isSeparator(rest.at(i))) {
            const QString tail = mark + rest.mid(i);
            if (metrics.horizontalAdvance(tail) <= width) {
                return tail;
            }
        }
    }
    return metrics.elidedText(rest, Qt::ElideLeft, width);
}

} // namespace Rblab
