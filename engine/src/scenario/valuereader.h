// SPDX-License-Identifier: Apache-2.0
// Converts single JSON values of a scenario, reporting what was expected when they do not fit.
#pragma once

#include "settings/settingspec.h"
#include "sim/simtime.h"

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>
#include <QVariantMap>

#include <limits>
#include <optional>

namespace Rblab {

class DiagnosticList;
class JsonNode;
struct JsonKey;

/*!
    The typed conversions every part of a scenario needs: a value of the wrong type or out of
    range becomes an error that says what was expected, with the allowed range, and nullopt.
    Internal to the scenario reader; the messages share the ScenarioReader translation context.
*/
class ValueReader
{
    Q_DECLARE_TR_FUNCTIONS(Rblab::ScenarioReader)

public:
    static constexpr double unbounded = std::numeric_limits<double>::infinity();

    explicit ValueReader(DiagnosticList &diagnostics) : m_diagnostics(diagnostics) { }

    DiagnosticList &diagnostics() const { return m_diagnostics; }

    std::optional<QString> string(
        const JsonNode &node, const QString &path, bool allowEmpty = false) const;
    std::optional<bool> boolean(const JsonNode &node, const QString &path) const;
    std::optional<double> number(const JsonNode &node, const QString &path, double minimum,
        double maximum = unbounded) const;
    std::optional<qint64> integer(
        const JsonNode &node, const QString &path, qint64 minimum, qint64 maximum) const;
    //! A timer-like duration: whole milliseconds after conversion.
    std::optional<SimTime> duration(
        const JsonNode &node, const QString &path, SimTime minimum, SimTime maximum) const;
    //! A duration that may be a fraction of a millisecond (consume times).
    std::optional<double> durationF(
        const JsonNode &node, const QString &path, double minimum, double maximum) const;
    //! The index of the string in names; the error suggests the closest name.
    std::optional<int> choice(
        const JsonNode &node, const QString &path, const QStringList &names) const;
    //! One RocketMQ setting, by its table entry: qlonglong (ms for durations) or bool.
    std::optional<QVariant> setting(
        const SettingSpec &spec, const JsonNode &node, const QString &path) const;
    /*!
        An object of RocketMQ settings ("client", "broker"): each value checked against its
        table entry; unknown names are warnings. nullopt when it is not an object; errors in
        single settings leave them out of the map.
    */
    std::optional<QVariantMap> settings(const JsonNode &node, const QString &path,
        const QList<SettingSpec> &specs, const QString &what) const;

    void unknownField(const JsonKey &key, const QString &path, const QString &what,
        const QStringList &known) const;

    //! The candidate at edit distance ≤ 2 (less for short words), when exactly one is closest.
    static QString closest(const QString &word, const QStringList &candidates);
    //! "; did you mean \"x\"?" or nothing.
    static QString suggestion(const QString &word, const QStringList &candidates);
    //! "\"a\", \"b\" or \"c\"".
    static QString quotedList(const QStringList &names);
    static QString formatNumber(double value);

private:
    QString numberRange(const char *kind, double minimum, double maximum) const;

    DiagnosticList &m_diagnostics;
};

} // namespace Rblab
