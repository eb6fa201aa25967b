// SPDX-License-Identifier: Apache-2.0
// Reads the fields of one JSON object of a scenario and reports the fields it does not know.
#pragma once

#include "scenario/valuereader.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

namespace Rblab {

class JsonNode;

/*!
    One object of a scenario file ("a consumer", "a topic") as a reader sees it: fields by
    name, with their JSON paths; required ones reported when missing; and, at finish(), a
    warning for every field it does not declare, with the closest known name as a suggestion.
    The object must outlive the reader. Internal to the scenario reader.
*/
class ObjectReader
{
    Q_DECLARE_TR_FUNCTIONS(Rblab::ScenarioReader)

public:
    enum class Need { Optional, Required };

    ObjectReader(const ValueReader &values, const JsonNode &object, const QString &path,
        const QString &what, const QStringList &known);

    const JsonNode &node() const { return m_object; }
    const QString &path() const { return m_path; }
    const ValueReader &values() const { return m_values; }
    QString pathOf(const QString &key) const;

    //! The field's value, or nullptr when absent (an error first when it is required).
    const JsonNode *field(
        const QString &key, Need need = Need::Optional, const QString &expected = QString()) const;
    void reportMissing(const QString &key, const QString &expected) const;

    std::optional<QString> string(
        const QString &key, Need need = Need::Optional, bool allowEmpty = false) const;
    std::optional<bool> boolean(const QString &key, Need need = Need::Optional) const;
    std::optional<double> number(
        const QString &key, double minimum, double maximum, Need need = Need::Optional) const;
    std::optional<qint64> integer(
        const QString &key, qint64 minimum, qint64 maximum, Need need = Need::Optional) const;
    std::optional<SimTime> duration(
        const QString &key, SimTime minimum, SimTime maximum, Need need = Need::Optional) const;
    std::optional<double> durationF(
        const QString &key, double minimum, double maximum, Need need = Need::Optional) const;
    std::optional<int> choice(
        const QString &key, const QStringList &names, Need need = Need::Optional) const;

    /*!
        Warns about every field not in the known list. explain may give a better message for
        a key (a field of another event action); a null string keeps the default one.
    */
    void finish(const std::function<QString(const QString &key)> &explain = {}) const;

private:
    const ValueReader &m_values;
    const JsonNode &m_object;
    QString m_path;
    QString m_what;
    QStringList m_known;
};

} // namespace Rblab
