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

std::optional<ScenarioDuration::Value> ScenarioDuration::parse(QStringView text)
{
    qsizetype i = 0;
    const qsizetype n = text.size();
    bool negative = false;
    if (i < n && text.at(i) == QLatin1Char('-')) {
        negative = true;
        ++i;
    }
    // The number as an integer mantissa and a count of decimals: "1.25" is 125 and 2.
    quint64 mantissa = 0;
    int decimals = 0;
    int digits = 0;
    bool inFraction = false;
    bool digitAfterPoint = false;
    for (; i < n; ++i) {
        const QChar c = text.at(i);
        if (c.isDigit() && c.unicode() < 128) {
            if (++digits > 18) {
                return std::nullopt; // more precision than any duration needs
            }
            mantissa = mantissa * 10 + quint64(c.unicode() - u'0');
            if (inFraction) {
                ++decimals;
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
    const QStringView unit = text.mid(i);
    quint64 unitMs = 0;
    if (unit == u"ms") {
        unitMs = 1;
    } else if (unit == u"s") {
        unitMs = quint64(kSecond);
    } else if (unit == u"m") {
        unitMs = quint64(kMinute);
    } else if (unit == u"h") {
        unitMs = quint64(kHour);
    } else {
        return std::nullopt;
    }

    const unsigned __int128 numerator = (unsigned __int128)mantissa * unitMs;
    unsigned __int128 divisor = 1;
    for (int k = 0; k < decimals; ++k) {
        divisor *= 10;
    }

    Value value;
    if (numerator % divisor == 0) {
        const unsigned __int128 whole = numerator / divisor;
        const SimTime ms = whole > (unsigned __int128)kClamp ? kClamp : SimTime(whole);
        value.wholeMilliseconds = negative ? -ms : ms;
    }
    // The double nearest to the exact decimal value: print the numerator's digits with the
    // decimal point put back and let strtod round once ("1.5s" → "1500", "0.3ms" → "0.3").
    QByteArray number;
    unsigned __int128 rest = numerator;
    do {
        number.prepend(char('0' + int(rest % 10)));
        rest /= 10;
    } while (rest != 0);
    while (number.size() <= decimals) {
        number.prepend('0');
    }
    if (decimals > 0) {
        number.insert(number.size() - decimals, '.');
    }
    value.milliseconds = number.toDouble();
    if (negative) {
        value.milliseconds = -value.milliseconds;
    }
    return value;
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
