// SPDX-License-Identifier: Apache-2.0
#include "allocation/pluginmetadata.h"

#include <QJsonArray>
#include <QJsonValue>
#include <QRegularExpression>

#include <cmath>

namespace Rblab {

namespace {

const QString kStrategyKey = QStringLiteral("Strategy");

LocalizedText readLocalized(const QJsonObject &object, const QString &key)
{
    LocalizedText text;
    text.source = object.value(key).toString();
    const QString prefix = key + QLatin1Char('[');
    for (auto it = object.begin(); it != object.end(); ++it) {
        if (it.key().startsWith(prefix) && it.key().endsWith(QLatin1Char(']'))) {
            const QString locale = it.key().mid(prefix.size(), it.key().size() - prefix.size() - 1);
            text.translations.insert(locale, it.value().toString());
        }
    }
    return text;
}

std::optional<ParameterType> parseType(const QString &name)
{
    static const QHash<QString, ParameterType> types = {
        { QStringLiteral("int"), ParameterType::Int },
        { QStringLiteral("double"), ParameterType::Double },
        { QStringLiteral("bool"), ParameterType::Bool },
        { QStringLiteral("string"), ParameterType::String },
        { QStringLiteral("stringList"), ParameterType::StringList },
        { QStringLiteral("queueList"), ParameterType::QueueList },
        { QStringLiteral("strategy"), ParameterType::Strategy },
    };
    const auto it = types.constFind(name);
    if (it == types.cend()) {
        return std::nullopt;
    }
    return *it;
}

QString number(double v)
{
    if (v == std::floor(v) && std::fabs(v) < 9.0e15) {
        return QString::number(qint64(v));
    }
    return QString::number(v);
}

QString describeValue(const QVariant &v)
{
    switch (v.typeId()) {
    case QMetaType::QString:
        return QLatin1Char('"') + v.toString() + QLatin1Char('"');
    case QMetaType::Double:
        return number(v.toDouble());
    case QMetaType::Bool:
        return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QMetaType::QVariantList:
    case QMetaType::QStringList:
        return QStringLiteral("a list");
    case QMetaType::QVariantMap:
        return QStringLiteral("an object");
    default:
        if (v.isNull() || !v.isValid()) {
            return QStringLiteral("null");
        }
        return v.toString();
    }
}

} // namespace

QString LocalizedText::text(const QString &localeName) const
{
    if (!localeName.isEmpty()) {
        auto it = translations.constFind(localeName);
        if (it != translations.cend() && !it->isEmpty()) {
            return *it;
        }
        const QString language = localeName.section(QLatin1Char('_'), 0, 0);
        it = translations.constFind(language);
        if (it != translations.cend() && !it->isEmpty()) {
            return *it;
        }
    }
    return source;
}

QString parameterTypeName(ParameterType type)
{
    switch (type) {
    case ParameterType::Int:
        return QStringLiteral("int");
    case ParameterType::Double:
        return QStringLiteral("double");
    case ParameterType::Bool:
        return QStringLiteral("bool");
    case ParameterType::String:
        return QStringLiteral("string");
    case ParameterType::StringList:
        return QStringLiteral("stringList");
    case ParameterType::QueueList:
        return QStringLiteral("queueList");
    case ParameterType::Strategy:
        return QStringLiteral("strategy");
    }
    return QString();
}

QString ParameterSpec::rangeText() const
{
    switch (type) {
    case ParameterType::Int:
    case ParameterType::Double: {
        const QString kind = type == ParameterType::Int ? QStringLiteral("an integer")
                                                        : QStringLiteral("a number");
        if (minimum && maximum) {
            return QStringLiteral("%1 from %2 to %3").arg(kind, number(*minimum), number(*maximum));
        }
        if (minimum) {
            return QStringLiteral("%1 ≥ %2").arg(kind, number(*minimum));
        }
        if (maximum) {
            return QStringLiteral("%1 ≤ %2").arg(kind, number(*maximum));
        }
        return kind;
    }
    case ParameterType::Bool:
        return QStringLiteral("true or false");
    case ParameterType::String:
        if (!choices.isEmpty()) {
            return QStringLiteral("one of %1").arg(choices.join(QStringLiteral(", ")));
        }
        if (minimum && *minimum >= 1) {
            return QStringLiteral("a non-empty string");
        }
        return QStringLiteral("a string");
    case ParameterType::StringList:
        return QStringLiteral("a list of strings");
    case ParameterType::QueueList:
        return QStringLiteral(
            "a list of queues {\"brokerName\": string, \"queueId\": integer ≥ 0}");
    case ParameterType::Strategy:
        return QStringLiteral("the name of a loaded strategy");
    }
    return QString();
}

const ParameterSpec *StrategyMetadata::parameter(QStringView name) const
{
    for (const ParameterSpec &p : parameters) {
        if (p.name == name) {
            return &p;
        }
    }
    return nullptr;
}

StrategyMetadata StrategyMetadata::fromJson(const QJsonObject &metaData, QString *error)
{
    StrategyMetadata m;
    auto fail = [&](const QString &message) {
        if (error) {
            *error = message;
        }
        return StrategyMetadata {};
    };
    if (!metaData.contains(kStrategyKey)) {
        return fail(tr("invalid metadata: the \"Strategy\" object is missing"));
    }
    const QJsonValue strategyValue = metaData.value(kStrategyKey);
    if (!strategyValue.isObject()) {
        return fail(tr("invalid metadata: \"Strategy\" must be an object"));
    }
    const QJsonObject s = strategyValue.toObject();

    static const QRegularExpression namePattern(QStringLiteral("^[A-Za-z0-9_.\\-]{1,64}$"));
    if (!s.value(QStringLiteral("Name")).isString()) {
        return fail(tr("invalid metadata: \"Strategy.Name\" is missing or not a string"));
    }
    m.name = s.value(QStringLiteral("Name")).toString();
    if (!namePattern.match(m.name).hasMatch()) {
        return fail(tr("invalid metadata: \"Strategy.Name\" must be 1 to 64 letters, digits, '_', "
                       "'-' or '.', got \"%1\"")
                        .arg(m.name));
    }
    if (!s.value(QStringLiteral("Version")).isString()
        || s.value(QStringLiteral("Version")).toString().isEmpty()) {
        return fail(tr("invalid metadata: \"Strategy.Version\" is missing or not a string"));
    }
    m.version = s.value(QStringLiteral("Version")).toString();

    const QJsonValue api = s.value(QStringLiteral("ApiVersion"));
    static const QRegularExpression apiPattern(QStringLiteral("^(\\d+)(?:\\.(\\d+))?$"));
    const auto apiMatch
        = apiPattern.match(api.isDouble() ? number(api.toDouble()) : api.toString());
    if (!apiMatch.hasMatch()) {
        return fail(tr("invalid metadata: \"Strategy.ApiVersion\" must be \"major.minor\", such as "
                       "\"1.0\""));
    }
    m.apiMajor = apiMatch.captured(1).toInt();
    m.apiMinor = apiMatch.captured(2).isEmpty() ? 0 : apiMatch.captured(2).toInt();

    if (s.contains(QStringLiteral("Description"))
        && !s.value(QStringLiteral("Description")).isString()) {
        return fail(tr("invalid metadata: \"Strategy.Description\" must be a string"));
    }
    m.description = readLocalized(s, QStringLiteral("Description"));
    m.author = s.value(QStringLiteral("Author")).toString();
    m.license = s.value(QStringLiteral("License")).toString();
    m.rocketMqClass = s.value(QStringLiteral("RocketMQClass")).toString();
    const QJsonValue forwards = s.value(QStringLiteral("ForwardsParameters"));
    if (!forwards.isUndefined() && !forwards.isBool()) {
        return fail(tr("invalid metadata: \"Strategy.ForwardsParameters\" must be true or false"));
    }
    m.forwardsParameters = forwards.toBool(false);

    const QJsonValue params = s.value(QStringLiteral("Parameters"));
    if (!params.isUndefined() && !params.isArray()) {
        return fail(tr("invalid metadata: \"Strategy.Parameters\" must be an array"));
    }
    const QJsonArray list = params.toArray();
    for (qsizetype i = 0; i < list.size(); ++i) {
        const QString where = QStringLiteral("Strategy.Parameters[%1]").arg(i);
        if (!list[i].isObject()) {
            return fail(tr("invalid metadata: \"%1\" must be an object").arg(where));
        }
        const QJsonObject p = list[i].toObject();
        ParameterSpec spec;
        spec.name = p.value(QStringLiteral("name")).toString();
        if (spec.name.isEmpty()) {
            return fail(tr("invalid metadata: \"%1.name\" is missing").arg(where));
        }
        if (m.parameter(spec.name)) {
            return fail(tr("invalid metadata: parameter \"%1\" is declared twice").arg(spec.name));
        }
        const auto type = parseType(p.value(QStringLiteral("type")).toString());
        if (!type) {
            return fail(
                tr("invalid metadata: \"%1.type\" must be one of int, double, bool, string, "
                   "stringList, queueList, strategy")
                    .arg(where));
        }
        spec.type = *type;
        for (const char *bound : { "min", "max" }) {
            const QJsonValue v = p.value(QLatin1String(bound));
            if (v.isUndefined()) {
                continue;
            }
            if (!v.isDouble()) {
                return fail(tr("invalid metadata: \"%1.%2\" must be a number")
                                .arg(where, QLatin1String(bound)));
            }
            (qstrcmp(bound, "min") == 0 ? spec.minimum : spec.maximum) = v.toDouble();
        }
        if (spec.minimum && spec.maximum && *spec.minimum > *spec.maximum) {
            return fail(tr("invalid metadata: \"%1\" has min > max").arg(where));
        }
        const QJsonValue choices = p.value(QStringLiteral("choices"));
        if (!choices.isUndefined()) {
            if (!choices.isArray()) {
                return fail(
                    tr("invalid metadata: \"%1.choices\" must be an array of strings").arg(where));
            }
            for (const QJsonValue &c : choices.toArray()) {
                spec.choices.append(c.toString());
            }
        }
        spec.description = readLocalized(p, QStringLiteral("description"));
        const QJsonValue def = p.value(QStringLiteral("default"));
        spec.absentIsNull = def.isNull();
        if (!def.isUndefined() && !def.isNull()) {
            QVariant converted;
            const QString problem
                = ParameterValidator::convert(spec, def.toVariant(), QString(), &converted);
            if (!problem.isNull()) {
                return fail(tr("invalid metadata: the default of \"%1\" is not valid: %2")
                                .arg(spec.name, problem));
            }
            spec.defaultValue = converted;
        }
        m.parameters.append(spec);
    }
    if (error) {
        *error = QString();
    }
    return m;
}

namespace {

/*!
    ParameterValidator::convert, one parameter type at a time: each returns the error (null when
    the value is good) and sets `out`. Its messages are ParameterValidator's.
*/
class ValueConverter
{
    Q_DECLARE_TR_FUNCTIONS(Rblab::ParameterValidator)

public:
    ValueConverter(const ParameterSpec &spec, const QVariant &raw) : m_spec(spec), m_raw(raw) { }

    QString wrongType() const
    {
        return tr("%1 must be %2, got %3")
            .arg(m_spec.name, m_spec.rangeText(), describeValue(m_raw));
    }

    //! A list or text of `length` entries against the parameter's bounds.
    QString checkLength(qsizetype length, const QString &what) const
    {
        const ParameterSpec &spec = m_spec;
        if ((!spec.minimum || length >= *spec.minimum)
            && (!spec.maximum || length <= *spec.maximum)) {
            return QString();
        }
        if (spec.minimum && spec.maximum) {
            return tr("%1 must have from %2 to %3 %4, got %5")
                .arg(spec.name, number(*spec.minimum), number(*spec.maximum), what)
                .arg(length);
        }
        if (spec.minimum) {
            return tr("%1 must have at least %2 %3, got %4")
                .arg(spec.name, number(*spec.minimum), what)
                .arg(length);
        }
        return tr("%1 must have at most %2 %3, got %4")
            .arg(spec.name, number(*spec.maximum), what)
            .arg(length);
    }

    QString toNumber(QVariant *out) const
    {
        const int typeId = m_raw.typeId();
        const bool isNumber = typeId == QMetaType::Double || typeId == QMetaType::Int
            || typeId == QMetaType::LongLong || typeId == QMetaType::UInt
            || typeId == QMetaType::ULongLong || typeId == QMetaType::Float;
        if (!isNumber) {
            return wrongType();
        }
        const bool integer = m_spec.type == ParameterType::Int;
        const double v = m_raw.toDouble();
        if (!std::isfinite(v) || (integer && v != std::floor(v))) {
            return wrongType();
        }
        if ((m_spec.minimum && v < *m_spec.minimum) || (m_spec.maximum && v > *m_spec.maximum)) {
            return tr("%1 must be %2, got %3").arg(m_spec.name, m_spec.rangeText(), number(v));
        }
        if (integer && std::fabs(v) > 9.0e15) {
            return wrongType();
        }
        *out = integer ? QVariant(qlonglong(v)) : QVariant(v);
        return QString();
    }

    QString toText(QVariant *out) const
    {
        if (m_raw.typeId() != QMetaType::QString) {
            return wrongType();
        }
        const QString v = m_raw.toString();
        if (!m_spec.choices.isEmpty() && !m_spec.choices.contains(v)) {
            return tr("%1 must be %2, got \"%3\"").arg(m_spec.name, m_spec.rangeText(), v);
        }
        if (m_spec.type == ParameterType::Strategy && v.isEmpty()) {
            return tr("%1 must be the name of a loaded strategy, got an empty string")
                .arg(m_spec.name);
        }
        if (const QString e = checkLength(v.size(), tr("characters")); !e.isNull()) {
            return e;
        }
        *out = QVariant(v);
        return QString();
    }

    QString toStringList(QVariant *out) const
    {
        QStringList v;
        if (m_raw.typeId() == QMetaType::QStringList) {
            v = m_raw.toStringList();
        } else if (m_raw.typeId() == QMetaType::QVariantList) {
            const QVariantList items = m_raw.toList();
            for (qsizetype i = 0; i < items.size(); ++i) {
                if (items[i].typeId() != QMetaType::QString) {
                    return tr("%1[%2] must be a string, got %3")
                        .arg(m_spec.name)
                        .arg(i)
                        .arg(describeValue(items[i]));
                }
                v.append(items[i].toString());
            }
        } else {
            return wrongType();
        }
        if (const QString e = checkLength(v.size(), tr("entries")); !e.isNull()) {
            return e;
        }
        *out = QVariant::fromValue(v);
        return QString();
    }

    //! Item `i` of a queue list: {"brokerName", "queueId"[, "topic"]}.
    QString toQueue(
        qsizetype i, const QVariant &item, const QString &defaultTopic, MessageQueue *mq) const
    {
        if (item.typeId() != QMetaType::QVariantMap) {
            return tr("%1[%2] must be an object {\"brokerName\", \"queueId\"}, got %3")
                .arg(m_spec.name)
                .arg(i)
                .arg(describeValue(item));
        }
        const QVariantMap q = item.toMap();
        const QVariant broker = q.value(QStringLiteral("brokerName"));
        if (broker.typeId() != QMetaType::QString || broker.toString().isEmpty()) {
            return tr("%1[%2].brokerName must be a non-empty string").arg(m_spec.name).arg(i);
        }
        mq->brokerName = broker.toString();
        const QVariant id = q.value(QStringLiteral("queueId"));
        const bool idIsNumber = id.typeId() == QMetaType::Double
            || id.typeId() == QMetaType::LongLong || id.typeId() == QMetaType::Int;
        const double idValue = id.toDouble();
        if (!idIsNumber || idValue != std::floor(idValue) || idValue < 0
            || idValue > 2147483647.0) {
            return tr("%1[%2].queueId must be an integer from 0 to 2147483647")
                .arg(m_spec.name)
                .arg(i);
        }
        mq->queueId = int(idValue);
        const QVariant topic = q.value(QStringLiteral("topic"));
        if (topic.isValid() && !topic.isNull()) {
            if (topic.typeId() != QMetaType::QString || topic.toString().isEmpty()) {
                return tr("%1[%2].topic must be a non-empty string").arg(m_spec.name).arg(i);
            }
            mq->topic = topic.toString();
        } else {
            mq->topic = defaultTopic;
        }
        return QString();
    }

    QString toQueueList(const QString &defaultTopic, QVariant *out) const
    {
        if (m_raw.typeId() == qMetaTypeId<MessageQueueList>()) {
            *out = m_raw;
            return QString();
        }
        if (m_raw.typeId() != QMetaType::QVariantList) {
            return wrongType();
        }
        const QVariantList items = m_raw.toList();
        MessageQueueList queues;
        queues.reserve(items.size());
        for (qsizetype i = 0; i < items.size(); ++i) {
            MessageQueue mq;
            if (const QString e = toQueue(i, items[i], defaultTopic, &mq); !e.isNull()) {
                return e;
            }
            queues.append(mq);
        }
        if (const QString e = checkLength(queues.size(), tr("queues")); !e.isNull()) {
            return e;
        }
        *out = QVariant::fromValue(queues);
        return QString();
    }

private:
    const ParameterSpec &m_spec;
    const QVariant &m_raw;
};

} // namespace

QString ParameterValidator::convert(
    const ParameterSpec &spec, const QVariant &raw, const QString &defaultTopic, QVariant *out)
{
    const ValueConverter converter(spec, raw);
    switch (spec.type) {
    case ParameterType::Int:
    case ParameterType::Double:
        return converter.toNumber(out);
    case ParameterType::Bool:
        if (raw.typeId() != QMetaType::Bool) {
            return converter.wrongType();
        }
        *out = QVariant(raw.toBool());
        return QString();
    case ParameterType::String:
    case ParameterType::Strategy:
        return converter.toText(out);
    case ParameterType::StringList:
        return converter.toStringList(out);
    case ParameterType::QueueList:
        return converter.toQueueList(defaultTopic, out);
    }
    return converter.wrongType();
}

ParameterCheck ParameterValidator::check(
    const StrategyMetadata &metadata, const QVariantMap &raw, const QString &defaultTopic)
{
    ParameterCheck result;
    for (auto it = raw.begin(); it != raw.end(); ++it) {
        const ParameterSpec *spec = metadata.parameter(it.key());
        if (!spec) {
            if (metadata.forwardsParameters) {
                result.forwarded.insert(it.key(), it.value());
                continue;
            }
            QStringList known;
            for (const ParameterSpec &p : metadata.parameters) {
                known.append(p.name);
            }
            result.parameter = it.key();
            result.error = known.isEmpty()
                ? tr("%1 takes no parameters, got \"%2\"").arg(metadata.name, it.key())
                : tr("unknown parameter \"%1\" for %2 (it takes: %3)")
                      .arg(it.key(), metadata.name, known.join(QStringLiteral(", ")));
            return result;
        }
        QVariant value;
        const QString problem = convert(*spec, it.value(), defaultTopic, &value);
        if (!problem.isNull()) {
            result.parameter = spec->name;
            result.error = problem;
            return result;
        }
        result.values.insert(spec->name, value);
    }
    for (const ParameterSpec &spec : metadata.parameters) {
        if (result.values.contains(spec.name)) {
            continue;
        }
        if (spec.absentIsNull) {
            continue;
        }
        if (spec.required()) {
            result.parameter = spec.name;
            result.error = tr("%1 is required (%2)").arg(spec.name, spec.rangeText());
            return result;
        }
        result.values.insert(spec.name, spec.defaultValue);
    }
    return result;
}

} // namespace Rblab
