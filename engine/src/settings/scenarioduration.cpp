// SPDX-License-Identifier: Apache-2.0
#include "settings/scenarioduration.h"

#include "json/jsonnode.h"

#include <QByteArray>

#include <cmath>

namespace Rblab {

namespace {

// Beyond any range a scenario allows, and still far from overflowing when added to a time.
constexpr SimTime kClamp = kNever;

} // namespace

namespace {

//! One piece of a duration, "1.25s": the number as an integer mantissa and a count of decimals
//! (125 and 2), and its unit in milliseconds.
struct Piece
{
    quint64 mantissa = 0;
    int decimals = 0;
    quint64 unitMs = 0;
    qsizetype unitRank = 0; //!< h 0, m 1, s 2, ms 3: pieces come in falling units
};

//! Reads the piece at text[*at], and moves *at past it.
std::optional<Piece> readPiece(QStringView text, qsizetype *at)
{
    qsizetype i = *at;
    const qsizetype n = text.size();
    Piece piece;
    int digits = 0;
    bool inFraction = false;
    bool digitAfterPoint = false;
    for (; i < n; ++i) {
        const QChar c = text.at(i);
        if (c.isDigit() && c.unicode() < 128) {
            if (++digits > 18) {
                return std::nullopt; // more precision than any duration needs
            }
            piece.mantissa = piece.mantissa * 10 + quint64(c.unicode() - u'0');
            if (inFraction) {
                ++piece.decimals;
                digitAfterPoint = true;
            }
        } else if (c == QLatin1Char('.') && !inFraction && digits > 0) {
            inFraction = true;
        } else {
            break;
        }
    }
    if (digits == 0 || (inFraction && !digitAfterPoint)) {
        return std::nullopt;
    }
    // "ms" before "m": the longest unit that matches.
    if (text.mid(i).startsWith(u"ms")) {
        piece.unitMs = 1;
        piece.unitRank = 3;
        i += 2;
    } else if (i < n && text.at(i) == QLatin1Char('s')) {
        piece.unitMs = quint64(kSecond);
        piece.unitRank = 2;
        ++i;
    } else if (i < n && text.at(i) == QLatin1Char('m')) {
        piece.unitMs = quint64(kMinute);
        piece.unitRank = 1;
        ++i;
    } else if (i < n && text.at(i) == QLatin1Char('h')) {
        piece.unitMs = quint64(kHour);
        piece.unitRank = 0;
        ++i;
    } else {
        return std::nullopt;
    }
    *at = i;
    return piece;
}

//! The exact value of one piece.
ScenarioDuration::Value pieceValue(const Piece &piece)
{
    const unsigned __int128 numerator = (unsigned __int128)piece.mantissa * piece.unitMs;
    unsigned __int128 divisor = 1;
    for (int k = 0; k < piece.decimals; ++k) {
        divisor *= 10;
    }
    ScenarioDuration::Value value;
    if (numerator % divisor == 0) {
        const unsigned __int128 whole = numerator / divisor;
        value.wholeMilliseconds = whole > (unsigned __int128)kClamp ? kClamp : SimTime(whole);
    }
    // The double nearest to the exact decimal value: print the numerator's digits with the
    // decimal point put back and let strtod round once ("1.5s" → "1500", "0.3ms" → "0.3").
    QByteArray number;
    unsigned __int128 rest = numerator;
    do {
        number.prepend(char('0' + int(rest % 10)));
        rest /= 10;
    } while (rest != 0);
    while (number.size() <= piece.decimals) {
        number.prepend('0');
    }
    if (piece.decimals > 0) {
        number.insert(number.size() - piece.decimals, '.');
    }
    value.milliseconds = number.toDouble();
    return value;
}

} // namespace

std::optional<ScenarioDuration::Value> ScenarioDuration::parse(QStringView text)
{
    qsizetype at = 0;
    const bool negative = text.startsWith(QLatin1Char('-'));
    if (negative) {
        ++at;
    }
    // One piece ("1.5s") or several in falling units, as --at takes them ("10m27s", "1h2m",
    // "2s500ms"): the sum is exact when every piece is a whole number of milliseconds.
    Value total;
    total.wholeMilliseconds = 0;
    qsizetype lastRank = -1;
    int pieces = 0;
    while (at < text.size()) {
        const std::optional<Piece> piece = readPiece(text, &at);
        if (!piece || piece->unitRank <= lastRank) {
            return std::nullopt; // junk, or units out of order ("30s6m", "1m1m")
        }
        lastRank = piece->unitRank;
        const Value value = pieceValue(*piece);
        if (++pieces == 1) {
            total = value;
            continue;
        }
        if (total.wholeMilliseconds && value.wholeMilliseconds) {
            total.wholeMilliseconds
                = std::min(kClamp, *total.wholeMilliseconds + *value.wholeMilliseconds);
            total.milliseconds = double(*total.wholeMilliseconds);
        } else {
            total.wholeMilliseconds.reset();
            total.milliseconds += value.milliseconds;
        }
    }
    if (pieces == 0) {
        return std::nullopt;
    }
    if (negative) {
        total.milliseconds = -total.milliseconds;
        if (total.wholeMilliseconds) {
            total.wholeMilliseconds = -*total.wholeMilliseconds;
        }
    }
    return total;
}

std::optional<ScenarioDuration::Value> ScenarioDuration::fromJson(const JsonNode &node)
{
    if (node.isString()) {
        return parse(node.text());
    }
    if (!node.isNumber()) {
        return std::nullopt;
    }
    Value value;
    value.milliseconds = node.toDouble();
    if (const auto exact = node.toInt64()) {
        value.wholeMilliseconds = qBound(-kClamp, *exact, kClamp);
    } else if (std::floor(value.milliseconds) == value.milliseconds) {
        // 1000.0 or 1e3: a whole number written another way.
        value.wholeMilliseconds = std::fabs(value.milliseconds) >= double(kClamp)
            ? (value.milliseconds < 0 ? -kClamp : kClamp)
            : SimTime(value.milliseconds);
    }
    return value;
}

QString ScenarioDuration::expectation()
{
    return tr("a duration such as \"250ms\", \"1.5s\", \"5m\" or a number of milliseconds");
}

} // namespace Rblab
