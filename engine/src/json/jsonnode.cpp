// SPDX-License-Identifier: Apache-2.0
#include "json/jsonnode.h"

#include <QJsonArray>
#include <QJsonObject>

#include <QStringList>

#include <charconv>
#include <cmath>

namespace Rblab {

namespace {

bool isIdentifier(const QString &key)
{
    if (key.isEmpty() || key.at(0).isDigit()) {
        return false;
    }
    for (const QChar c : key) {
        if (!(c.isLetterOrNumber() && c.unicode() < 128) && c != QLatin1Char('_')) {
            return false;
        }
    }
    return true;
}

QString quoted(const QString &text)
{
    QString escaped = text;
    escaped.replace(QLatin1Char('\\'), QStringLiteral("\\\\"));
    escaped.replace(QLatin1Char('"'), QStringLiteral("\\\""));
    escaped.replace(QLatin1Char('\n'), QStringLiteral("\\n"));
    escaped.replace(QLatin1Char('\t'), QStringLiteral("\\t"));
    return QLatin1Char('"') + escaped + QLatin1Char('"');
}

} // namespace

JsonNode JsonNode::makeNull()
{
    return JsonNode();
}

JsonNode JsonNode::makeBool(bool value)
{
    JsonNode n;
    n.m_type = Type::Bool;
    n.m_bool = value;
    return n;
}

JsonNode JsonNode::makeNumber(double value, const QString &text)
{
    JsonNode n;
    n.m_type = Type::Number;
    n.m_number = value;
    n.m_text = text;
    return n;
}

JsonNode JsonNode::makeInteger(qint64 value)
{
    return makeNumber(double(value), QString::number(value));
}

JsonNode JsonNode::makeUnsigned(quint64 value)
{
    return makeNumber(double(value), QString::number(value));
}

JsonNode JsonNode::makeDouble(double value, bool keepFraction)
{
    // std::to_chars gives the shortest text that reads back as exactly this double, so a
    // written file re-reads to an equal value (QString::number's 6 or 12 digits do not).
    char buffer[64];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    QString text = QString::fromLatin1(buffer, result.ptr - buffer);
    if (keepFraction && !text.contains(QLatin1Char('.')) && !text.contains(QLatin1Char('e'))) {
        text += QStringLiteral(".0");
    }
    return makeNumber(value, text);
}

JsonNode JsonNode::makeString(const QString &value)
{
    JsonNode n;
    n.m_type = Type::String;
    n.m_text = value;
    return n;
}

JsonNode JsonNode::makeArray()
{
    JsonNode n;
    n.m_type = Type::Array;
    return n;
}

JsonNode JsonNode::makeObject()
{
    JsonNode n;
    n.m_type = Type::Object;
    return n;
}

JsonNode JsonNode::fromVariant(const QVariant &value)
{
    switch (value.typeId()) {
    case QMetaType::UnknownType:
    case QMetaType::Nullptr:
        return makeNull();
    case QMetaType::Bool:
        return makeBool(value.toBool());
    case QMetaType::Int:
    case QMetaType::LongLong:
    case QMetaType::Short:
    case QMetaType::Char:
    case QMetaType::SChar:
        return makeInteger(value.toLongLong());
    case QMetaType::UInt:
    case QMetaType::ULongLong:
    case QMetaType::UShort:
    case QMetaType::UChar:
        return makeUnsigned(value.toULongLong());
    case QMetaType::Double:
    case QMetaType::Float:
        // Keep "2.0" a double, so that a re-read parameter has the type it had.
        return makeDouble(value.toDouble(), true);
    case QMetaType::QVariantMap: {
        JsonNode object = makeObject();
        const QVariantMap map = value.toMap();
        for (auto it = map.cbegin(); it != map.cend(); ++it) {
            object.insert(it.key(), fromVariant(it.value()));
        }
        return object;
    }
    case QMetaType::QVariantList:
    case QMetaType::QStringList: {
        JsonNode array = makeArray();
        const QVariantList list = value.toList();
        for (const QVariant &v : list) {
            array.append(fromVariant(v));
        }
        return array;
    }
    default:
        return makeString(value.toString());
    }
}

JsonNode JsonNode::fromJson(const QJsonValue &value, const QStringList &leading)
{
    switch (value.type()) {
    case QJsonValue::Null:
    case QJsonValue::Undefined:
        return makeNull();
    case QJsonValue::Bool:
        return makeBool(value.toBool());
    case QJsonValue::Double: {
        const double d = value.toDouble();
        if (std::trunc(d) == d && std::abs(d) <= 9007199254740992.0) {
            return makeInteger(qint64(d));
        }
        return makeDouble(d);
    }
    case QJsonValue::String:
        return makeString(value.toString());
    case QJsonValue::Array: {
        JsonNode array = makeArray();
        for (const QJsonValue &item : value.toArray()) {
            array.append(fromJson(item, leading));
        }
        return array;
    }
    case QJsonValue::Object: {
        JsonNode object = makeObject();
        const QJsonObject o = value.toObject();
        for (const QString &key : leading) {
            if (o.contains(key)) {
                object.insert(key, fromJson(o.value(key), leading));
            }
        }
        for (auto it = o.begin(); it != o.end(); ++it) {
            if (!leading.contains(it.key())) {
                object.insert(it.key(), fromJson(it.value(), leading));
            }
        }
        return object;
    }
    }
    return makeNull();
}

void JsonNode::setPosition(int line, int column)
{
    m_line = line;
    m_column = column;
}

bool JsonNode::isInteger() const
{
    if (m_type != Type::Number) {
        return false;
    }
    for (const QChar c : m_text) {
        if (c == QLatin1Char('.') || c == QLatin1Char('e') || c == QLatin1Char('E')) {
            return false;
        }
    }
    return true;
}

std::optional<qint64> JsonNode::toInt64() const
{
    if (!isInteger()) {
        return std::nullopt;
    }
    bool ok = false;
    const qint64 v = m_text.toLongLong(&ok);
    return ok ? std::optional<qint64>(v) : std::nullopt;
}

std::optional<quint64> JsonNode::toUInt64() const
{
    if (!isInteger() || m_text.startsWith(QLatin1Char('-'))) {
        return std::nullopt;
    }
    bool ok = false;
    const quint64 v = m_text.toULongLong(&ok);
    return ok ? std::optional<quint64>(v) : std::nullopt;
}

const JsonNode *JsonNode::value(QStringView key) const
{
    const qsizetype i = indexOf(key);
    return i < 0 ? nullptr : &m_items[size_t(i)];
}

qsizetype JsonNode::indexOf(QStringView key) const
{
    if (m_type != Type::Object) {
        return -1;
    }
    for (qsizetype i = 0; i < m_keys.size(); ++i) {
        if (m_keys.at(i).name == key) {
            return i;
        }
    }
    return -1;
}

void JsonNode::append(JsonNode value)
{
    m_items.push_back(std::move(value));
}

void JsonNode::insert(const QString &key, JsonNode value, int line, int column)
{
    m_keys.append(JsonKey { key, line, column });
    m_items.push_back(std::move(value));
}

QVariant JsonNode::toVariant() const
{
    switch (m_type) {
    case Type::Null:
        return QVariant::fromValue(nullptr);
    case Type::Bool:
        return m_bool;
    case Type::Number:
        if (const auto i = toInt64()) {
            return qlonglong(*i);
        }
        return m_number;
    case Type::String:
        return m_text;
    case Type::Array: {
        QVariantList list;
        list.reserve(size());
        for (const JsonNode &item : m_items) {
            list.append(item.toVariant());
        }
        return list;
    }
    case Type::Object: {
        QVariantMap map;
        for (qsizetype i = 0; i < m_keys.size(); ++i) {
            map.insert(m_keys.at(i).name, m_items[size_t(i)].toVariant());
        }
        return map;
    }
    }
    return QVariant();
}

QString JsonNode::describe() const
{
    switch (m_type) {
    case Type::Null:
        return QStringLiteral("null");
    case Type::Bool:
        return m_bool ? QStringLiteral("true") : QStringLiteral("false");
    case Type::Number:
        return m_text;
    case Type::String:
        // Long strings are cut: the message is about the kind of value, not its whole text.
        return m_text.size() > 60 ? quoted(m_text.left(57) + QStringLiteral("…")) : quoted(m_text);
    case Type::Array:
        return m_items.empty() ? tr("an empty array") : tr("an array");
    case Type::Object:
        return m_items.empty() ? tr("an empty object") : tr("an object");
    }
    return QString();
}

QString JsonNode::typeName(Type type)
{
    switch (type) {
    case Type::Null:
        return tr("null");
    case Type::Bool:
        return tr("true or false");
    case Type::Number:
        return tr("a number");
    case Type::String:
        return tr("a string");
    case Type::Array:
        return tr("an array");
    case Type::Object:
        return tr("an object");
    }
    return QString();
}

QString JsonNode::memberPath(const QString &parent, const QString &key)
{
    if (isIdentifier(key)) {
        return parent.isEmpty() ? key : parent + QLatin1Char('.') + key;
    }
    return parent + QLatin1Char('[') + quoted(key) + QLatin1Char(']');
}

QString JsonNode::indexPath(const QString &parent, qsizetype index)
{
    return parent + QLatin1Char('[') + QString::number(index) + QLatin1Char(']');
}

} // namespace Rblab
