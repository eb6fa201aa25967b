// SPDX-License-Identifier: Apache-2.0
// Durations as scenario files write them: a number of milliseconds or "250ms", "1.5s", "5m", "1h",
// "10m27s".
#pragma once

#include "sim/simtime.h"

#include <rblab/rblab_global.h>

#include <QCoreApplication>
#include <QString>
#include <QStringView>

#include <optional>

namespace Rblab {

class JsonNode;

/*!
    Reads durations exactly. "1.5s" is computed in decimal, not by multiplying a double, so a
    timer field knows whether a value is a whole number of milliseconds ("0.5ms" is not) and a
    fractional consume time reads back as exactly the double formatDurationF() wrote.
*/
class RBLAB_ENGINE_EXPORT ScenarioDuration
{
    Q_DECLARE_TR_FUNCTIONS(Rblab::ScenarioDuration)

public:
    struct Value
    {
        double milliseconds = 0.0;
        //! Set when the value is a whole number of milliseconds (clamped far beyond any range).
        std::optional<SimTime> wholeMilliseconds;
    };

    //! "250ms", "1.5s", "20s", "5m", "1h", "-2s" (units ms, s, m, h; fractions allowed), and
    //! pieces in falling units: "10m27s", "1h2m", "1m30.5s", "2s500ms".
    static std::optional<Value> parse(QStringView text);
    //! A JSON number (milliseconds) or a string as parse() reads it; nullopt for anything else.
    static std::optional<Value> fromJson(const JsonNode &node);
    //! "expected a duration such as \"250ms\", \"1.5s\", \"5m\" or a number of milliseconds".
    static QString expectation();
};

} // namespace Rblab
