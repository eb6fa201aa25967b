// SPDX-License-Identifier: Apache-2.0
#include "scenario/objectreader.h"

#include "json/diagnosticlist.h"
#include "json/jsonnode.h"

namespace Rblab {

ObjectReader::ObjectReader(const ValueReader &values, const JsonNode &object, const QString &path,
    const QString &what, const QStringList &known)
    : m_values(values), m_object(object), m_path(path), m_what(what), m_known(known)
{
    Q_ASSERT(object.isObject());
}

QString ObjectReader::pathOf(const QString &key) const
{
    return JsonNode::memberPath(m_path, key);
}

const JsonNode *ObjectReader::field(const QString &key, Need need, const QString &expected) const
{
    Q_ASSERT_X(m_known.contains(key), "ObjectReader::field", qPrintable(key));
    const JsonNode *value = m_object.value(key);
    if (!value && need == Need::Required) {
        reportMissing(key, expected);
    }
    return value;
}

void ObjectReader::reportMissing(const QString &key, const QString &expected) const
{
    // Reported at the object's opening brace: the field has no position of its own.
    const QString message = expected.isEmpty()
        ? tr("missing required field \"%1\" in %2").arg(key, m_what)
        : tr("missing required field \"%1\" in %2 (expected %3)").arg(key, m_what, expected);
    m_values.diagnostics().error(m_object, pathOf(key), message);
}

std::optional<QString> ObjectReader::string(const QString &key, Need need, bool allowEmpty) const
{
    const JsonNode *value
        = field(key, need, allowEmpty ? tr("a string") : tr("a non-empty string"));
    return value ? m_values.string(*value, pathOf(key), allowEmpty) : std::nullopt;
}

std::optional<bool> ObjectReader::boolean(const QString &key, Need need) const
{
    const JsonNode *value = field(key, need, tr("true or false"));
    return value ? m_values.boolean(*value, pathOf(key)) : std::nullopt;
}

std::optional<double> ObjectReader::number(
    const QString &key, double minimum, double maximum, Need need) const
{
    const JsonNode *value = field(key, need, tr("a number"));
    return value ? m_values.number(*value, pathOf(key), minimum, maximum) : std::nullopt;
}

std::optional<qint64> ObjectReader::integer(
    const QString &key, qint64 minimum, qint64 maximum, Need need) const
{
    const JsonNode *value = field(key, need, tr("an integer"));
    return value ? m_values.integer(*value, pathOf(key), minimum, maximum) : std::nullopt;
}

std::optional<SimTime> ObjectReader::duration(
    const QString &key, SimTime minimum, SimTime maximum, Need need) const
{
    const JsonNode *value = field(key, need, tr("a duration"));
    return value ? m_values.duration(*value, pathOf(key), minimum, maximum) : std::nullopt;
}

std::optional<double> ObjectReader::durationF(
    const QString &key, double minimum, double maximum, Need need) const
{
    const JsonNode *value = field(key, need, tr("a duration"));
    return value ? m_values.durationF(*value, pathOf(key), minimum, maximum) : std::nullopt;
}

std::optional<int> ObjectReader::choice(
    const QString &key, const QStringList &names, Need need) const
{
    const JsonNode *value = field(key, need, tr("one of %1").arg(ValueReader::quotedList(names)));
    return value ? m_values.choice(*value, pathOf(key), names) : std::nullopt;
}

void ObjectReader::finish(const std::function<QString(const QString &key)> &explain) const
{
    for (const JsonKey &key : m_object.keys()) {
        if (m_known.contains(key.name)) {
            continue;
        }
        const QString special = explain ? explain(key.name) : QString();
        if (special.isNull()) {
            m_values.unknownField(key, pathOf(key.name), m_what, m_known);
        } else {
            m_values.diagnostics().warningAt(key.line, key.column, pathOf(key.name), special);
        }
    }
}

} // namespace Rblab
