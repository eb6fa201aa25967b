// SPDX-License-Identifier: Apache-2.0
// A JSON parser that keeps positions, for files that people write by hand.
#pragma once

#include "json/jsonnode.h"
#include "json/jsonscanner.h"

#include <rblab/rblab_global.h>

#include <QByteArray>
#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QVariant>

#include <optional>

namespace Rblab {

/*!
    Parses UTF-8 JSON (RFC 8259, a UTF-8 byte order mark tolerated) into JsonNode values that
    know their line and column. Syntax errors say what was expected where ("expected ',' or '}'
    after an object member"); duplicate keys in an object are reported with both positions.

    Nesting is limited to maxDepth levels and the parser never crashes, whatever the input: it
    is recursive, so without the limit a file of "[[[[…" would overflow the stack. Stateless
    from the outside; each parse() runs on its own instance, so it is safe from any thread.
*/
class RBLAB_ENGINE_EXPORT JsonParser
{
    Q_DECLARE_TR_FUNCTIONS(Rblab::JsonParser)

public:
    static constexpr int maxDepth = 128;

    struct Result
    {
        std::optional<JsonNode> root; //!< empty after a fatal problem
        QList<JsonProblem> problems;

        bool ok() const { return root.has_value() && problems.isEmpty(); }
    };

    /*!
        What a document may contain. Json is RFC 8259. Fastjson also reads the two map forms
        Alibaba's fastjson writes for maps whose keys are not strings (RocketMQ's remoting bodies,
        docs/remoting.md): an integer key written without quotes, `{0:"127.0.0.1:10911"}`, kept
        as the key "0"; and an object used as a key, `{{"brokerName":"b","queueId":0}:{…}}`,
        kept as the key JsonWriter::compact() writes for that object, which parse() reads back
        (see objectKey()). Nothing else is relaxed.
    */
    enum class Dialect { Json, Fastjson };

    static Result parse(const QByteArray &utf8, Dialect dialect = Dialect::Json);
    /*!
        The object a Fastjson object key stood for, or nothing when `key` is not one (a plain
        key or an integer key).
    */
    static std::optional<JsonNode> objectKey(const QString &key);
    /*!
        A value typed on a command line (`k=v`, a variant's parameters): what the text means as
        JSON when it is one JSON value (5, 1.5, true, [1, 2]), else the text itself (AVG,
        10.0.0.1@1001). Numbers as JsonNode::toVariant() gives them (integers as qlonglong).
    */
    static QVariant valueOrText(const QString &text);

private:
    JsonParser() = default;

    JsonNode parseValue(int depth, const QString &path);
    JsonNode parseObject(int depth, const QString &path);
    JsonNode parseArray(int depth, const QString &path);

    //! A Fastjson key that is not a string: an integer or an object; empty after a problem.
    std::optional<QString> parseFastjsonKey(int depth, const QString &path);

    JsonScanner m_scanner;
    Dialect m_dialect = Dialect::Json;
};

} // namespace Rblab
