// SPDX-License-Identifier: Apache-2.0
// A JSON value that remembers where it was written, so that diagnostics can point into the file.
#pragma once

#include <rblab/rblab_global.h>

#include <QCoreApplication>
#include <QJsonValue>
#include <QList>
#include <QStringList>
#include <QString>
#include <QVariant>

#include <optional>
#include <vector>

namespace Rblab {

//! An object member's key and where it was written (1-based line and column, in characters).
struct RBLAB_ENGINE_EXPORT JsonKey
{
    QString name;
    int line = 0;
    int column = 0;
};

/*!
    One JSON value with its position: what JsonParser makes and JsonWriter prints. QJsonDocument
    keeps no positions and sorts object keys; this keeps both positions and the file's key order,
    so readers can say "line 12, column 7" and writers can choose a readable order.

    Numbers keep the text they were written with: "1000" is an integer and "1000.0" is not, and
    integers beyond a double's 53 bits (a seed) stay exact. A plain value type, cheap enough for
    scenario-sized documents.
*/
class RBLAB_ENGINE_EXPORT JsonNode
{
    Q_DECLARE_TR_FUNCTIONS(Rblab::JsonNode)

public:
    enum class Type { Null, Bool, Number, String, Array, Object };

    JsonNode() = default;

    static JsonNode makeNull();
    static JsonNode makeBool(bool value);
    static JsonNode makeNumber(double value, const QString &text);
    static JsonNode makeInteger(qint64 value);
    static JsonNode makeUnsigned(quint64 value);
    //! Shortest text that reads back as the same double; "2.0" rather than "2" when asked to.
    static JsonNode makeDouble(double value, bool keepFraction = false);
    static JsonNode makeString(const QString &value);
    static JsonNode makeArray();
    static JsonNode makeObject();
    //! The JSON for a QVariant as JsonNode::toVariant() gives it (maps, lists, scalars).
    static JsonNode fromVariant(const QVariant &value);
    /*!
        The JSON of a QJsonValue, so that what Qt's JSON classes build is written by JsonWriter.
        QJsonObject sorts its keys; members named in `leading` come first, in that order (a
        format's own order: "id" before "allocation"), the others after them in key order.
        Integral numbers within a double's 53 bits are written as integers ("5", not "5.0").
    */
    static JsonNode fromJson(const QJsonValue &value, const QStringList &leading = {});

    Type type() const { return m_type; }
    int line() const { return m_line; }
    int column() const { return m_column; }
    void setPosition(int line, int column);

    bool isNull() const { return m_type == Type::Null; }
    bool isBool() const { return m_type == Type::Bool; }
    bool isNumber() const { return m_type == Type::Number; }
    bool isString() const { return m_type == Type::String; }
    bool isArray() const { return m_type == Type::Array; }
    bool isObject() const { return m_type == Type::Object; }

    bool toBool() const { return m_bool; }
    double toDouble() const { return m_number; }
    //! The string's value, or the number's text as written.
    const QString &text() const { return m_text; }
    //! A number written without fraction or exponent ("12", "-3"; not "12.0" or "1e3").
    bool isInteger() const;
    //! The integer's exact value, when it is one and fits in 64 bits.
    std::optional<qint64> toInt64() const;
    std::optional<quint64> toUInt64() const;

    //! Array elements, or object members' values (in file order, parallel to keys()).
    const std::vector<JsonNode> &items() const { return m_items; }
    const QList<JsonKey> &keys() const { return m_keys; }
    qsizetype size() const { return qsizetype(m_items.size()); }
    //! The first member with this key, or nullptr.
    const JsonNode *value(QStringView key) const;
    qsizetype indexOf(QStringView key) const;

    void append(JsonNode value);
    void insert(const QString &key, JsonNode value, int line = 0, int column = 0);

    //! The value as QJsonValue::toVariant() would give it (integers as qlonglong).
    QVariant toVariant() const;
    //! For "got …" in messages: "\"5 minutes\"", "1.5", "true", "an object", "an array".
    QString describe() const;
    //! "a string", "a number", "an object"…
    static QString typeName(Type type);

    //! "groups[0].name", or groups[0].queues["broker-a"] for keys that are not identifiers.
    static QString memberPath(const QString &parent, const QString &key);
    static QString indexPath(const QString &parent, qsizetype index);

private:
    Type m_type = Type::Null;
    int m_line = 0;
    int m_column = 0;
    bool m_bool = false;
    double m_number = 0.0;
    QString m_text;
    std::vector<JsonNode> m_items;
    QList<JsonKey> m_keys;
};

} // namespace Rblab
