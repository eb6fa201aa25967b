// SPDX-License-Identifier: Apache-2.0
#include <rblab/javastring.h>

#include <algorithm>
#include <vector>

namespace Rblab {

int javaCompare(QStringView a, QStringView b) noexcept
{
    // Java compares char by char (UTF-16 code units), then by length.
    const qsizetype n = std::min(a.size(), b.size());
    const char16_t *pa = a.utf16();
    const char16_t *pb = b.utf16();
    for (qsizetype i = 0; i < n; ++i) {
        if (pa[i] != pb[i]) {
            return int(pa[i]) - int(pb[i]);
        }
    }
    return a.size() < b.size() ? -1 : (a.size() > b.size() ? 1 : 0);
}

QStringList javaSplit(const QString &text, const QString &separator)
{
    QStringList fields;
    if (separator.isEmpty()) {
        // Java would split between every char; RocketMQ never does this. Keep it harmless.
        fields.append(text);
        return fields;
    }
    qsizetype from = 0;
    for (;;) {
        const qsizetype at = text.indexOf(separator, from);
        if (at < 0) {
            break;
        }
        fields.append(text.mid(from, at - from));
        from = at + separator.size();
    }
    if (fields.isEmpty()) {
        // No match: the result is the whole string, even when it is empty.
        fields.append(text);
        return fields;
    }
    fields.append(text.mid(from));
    // limit 0: trailing empty strings are removed (possibly all of them).
    while (!fields.isEmpty() && fields.constLast().isEmpty()) {
        fields.removeLast();
    }
    return fields;
}

QByteArray javaUtf8(QStringView text)
{
    QByteArray out;
    out.reserve(text.size() * 3);
    const char16_t *p = text.utf16();
    const qsizetype n = text.size();
    for (qsizetype i = 0; i < n; ++i) {
        char32_t c = p[i];
        if (c < 0x80) {
            out.append(char(c));
        } else if (c < 0x800) {
            out.append(char(0xC0 | (c >> 6)));
            out.append(char(0x80 | (c & 0x3F)));
        } else if (c >= 0xD800 && c <= 0xDFFF) {
            if (c <= 0xDBFF && i + 1 < n && p[i + 1] >= 0xDC00 && p[i + 1] <= 0xDFFF) {
                c = 0x10000 + ((c - 0xD800) << 10) + (char32_t(p[i + 1]) - 0xDC00);
                ++i;
                out.append(char(0xF0 | (c >> 18)));
                out.append(char(0x80 | ((c >> 12) & 0x3F)));
                out.append(char(0x80 | ((c >> 6) & 0x3F)));
                out.append(char(0x80 | (c & 0x3F)));
            } else {
                out.append('?'); // the JDK's encoder replaces an unpaired surrogate
            }
        } else {
            out.append(char(0xE0 | (c >> 12)));
            out.append(char(0x80 | ((c >> 6) & 0x3F)));
            out.append(char(0x80 | (c & 0x3F)));
        }
    }
    return out;
}

qint32 javaHashCode(QStringView text) noexcept
{
    quint32 h = 0;
    for (QChar ch : text) {
        h = 31u * h + ch.unicode();
    }
    return qint32(h);
}

QList<qsizetype> javaHashOrder(const QStringList &keys)
{
    // ConcurrentHashMap.spread: (h ^ (h >>> 16)) & HASH_BITS; the bin is spread & (n - 1).
    // addCount resizes once the count reaches sizeCtl, three quarters of the table.
    quint32 table = 16;
    while (quint64(keys.size()) * 4 >= quint64(table) * 3) {
        table *= 2;
    }
    QList<qsizetype> order(keys.size());
    std::vector<quint32> bin(size_t(keys.size()));
    for (qsizetype i = 0; i < keys.size(); ++i) {
        const quint32 h = quint32(javaHashCode(keys[i]));
        bin[size_t(i)] = ((h ^ (h >> 16)) & 0x7fffffffu) & (table - 1);
        order[i] = i;
    }
    std::stable_sort(order.begin(), order.end(),
        [&bin](qsizetype a, qsizetype b) { return bin[size_t(a)] < bin[size_t(b)]; });
    return order;
}

} // namespace Rblab
