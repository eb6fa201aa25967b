// SPDX-License-Identifier: Apache-2.0
#include "json/jsonparser.h"

#include "json/jsonwriter.h"

#include <QHash>

namespace Rblab {

JsonParser::Result JsonParser::parse(const QByteArray &utf8, Dialect dialect)
{
    JsonParser parser;
    parser.m_dialect = dialect;
    JsonScanner &scanner = parser.m_scanner;
    Result result;
    if (!scanner.load(utf8)) {
        result.problems = scanner.problems();
        return result;
    }
    scanner.skipWhitespace();
    if (scanner.atEnd()) {
        scanner.fail(QString(), tr("expected a JSON value, got an empty file"));
        result.problems = scanner.problems();
        return result;
    }
    JsonNode root = parser.parseValue(0, QString());
    if (!scanner.failed()) {
        scanner.skipWhitespace();
        if (!scanner.atEnd()) {
            scanner.fail(QString(),
                tr("expected the end of the file after the top-level value, got %1")
                    .arg(scanner.describeCurrent()));
        }
    }
    if (!scanner.failed()) {
        result.root = std::move(root);
    }
    result.problems = scanner.problems();
    return result;
}

std::optional<JsonNode> JsonParser::objectKey(const QString &key)
{
    if (!key.startsWith(QLatin1Char('{'))) {
        return std::nullopt;
    }
    Result parsed = parse(key.toUtf8());
    if (!parsed.ok() || !parsed.root->isObject()) {
        return std::nullopt;
    }
    return std::move(parsed.root);
}

std::optional<QString> JsonParser::parseFastjsonKey(int depth, const QString &path)
{
    const char32_t c = m_scanner.peek();
    if (c == U'{') {
        const JsonNode key = parseObject(depth + 1, path);
        if (m_scanner.failed()) {
            return std::nullopt;
        }
        return JsonWriter::compact(key);
    }
    const JsonNode number = m_scanner.scanNumber(path);
    if (m_scanner.failed()) {
        return std::nullopt;
    }
    if (!number.isInteger()) {
        m_scanner.fail(path, tr("expected an integer key, got %1").arg(number.text()));
        return std::nullopt;
    }
    return number.text();
}

QVariant JsonParser::valueOrText(const QString &text)
{
    const Result parsed = parse(text.toUtf8());
    return parsed.ok() ? parsed.root->toVariant() : QVariant(text);
}

JsonNode JsonParser::parseValue(int depth, const QString &path)
{
    const char32_t c = m_scanner.peek();
    if (c == U'{') {
        return parseObject(depth + 1, path);
    }
    if (c == U'[') {
        return parseArray(depth + 1, path);
    }
    if (c == U'"') {
        const int line = m_scanner.line();
        const int column = m_scanner.column();
        const std::optional<QString> s = m_scanner.scanString(path);
        JsonNode node = JsonNode::makeString(s.value_or(QString()));
        node.setPosition(line, column);
        return node;
    }
    if (c == U'-' || (c >= U'0' && c <= U'9')) {
        return m_scanner.scanNumber(path);
    }
    return m_scanner.scanLiteral(path);
}

JsonNode JsonParser::parseObject(int depth, const QString &path)
{
    JsonNode object = JsonNode::makeObject();
    const int openLine = m_scanner.line();
    const int openColumn = m_scanner.column();
    object.setPosition(openLine, openColumn);
    if (depth > maxDepth) {
        m_scanner.fail(path, tr("nesting deeper than %1 levels").arg(maxDepth));
        return object;
    }
    m_scanner.advance(); // '{'
    m_scanner.skipWhitespace();
    if (m_scanner.peek() == U'}') {
        m_scanner.advance();
        return object;
    }
    QHash<QString, qsizetype> seen;
    bool afterComma = false;
    while (!m_scanner.failed()) {
        m_scanner.skipWhitespace();
        const char32_t first = m_scanner.peek();
        const bool fastjsonKey = m_dialect == Dialect::Fastjson
            && (first == U'{' || first == U'-' || (first >= U'0' && first <= U'9'));
        if (first != U'"' && !fastjsonKey) {
            if (afterComma && m_scanner.peek() == U'}') {
                m_scanner.fail(path, tr("a comma before '}' is not allowed in JSON"));
            } else if (m_scanner.atEnd()) {
                m_scanner.fail(path,
                    tr("expected a key in double quotes, got the end of the file "
                       "(the object at %1 is not closed)")
                        .arg(JsonScanner::where(openLine, openColumn)));
            } else {
                m_scanner.fail(path,
                    tr("expected a key in double quotes, got %1").arg(m_scanner.describeCurrent()));
            }
            break;
        }
        const int keyLine = m_scanner.line();
        const int keyColumn = m_scanner.column();
        const std::optional<QString> key
            = fastjsonKey ? parseFastjsonKey(depth, path) : m_scanner.scanString(path);
        if (!key) {
            break;
        }
        const QString memberPath = JsonNode::memberPath(path, *key);
        m_scanner.skipWhitespace();
        if (m_scanner.peek() != U':') {
            m_scanner.fail(path,
                tr("expected ':' after the key \"%1\", got %2")
                    .arg(*key, m_scanner.describeCurrent()));
            break;
        }
        m_scanner.advance();
        m_scanner.skipWhitespace();
        if (m_scanner.atEnd()) {
            m_scanner.fail(
                memberPath, tr("expected a value for \"%1\", got the end of the file").arg(*key));
            break;
        }
        JsonNode value = parseValue(depth, memberPath);
        if (m_scanner.failed()) {
            break;
        }
        const auto previous = seen.constFind(*key);
        if (previous != seen.cend()) {
            const JsonKey &first = object.keys().at(*previous);
            m_scanner.addProblem(JsonProblem { keyLine, keyColumn, memberPath,
                tr("duplicate key \"%1\" (first at %2; only the first is used)")
                    .arg(*key, JsonScanner::where(first.line, first.column)),
                false });
        } else {
            seen.insert(*key, object.keys().size());
            object.insert(*key, std::move(value), keyLine, keyColumn);
        }
        m_scanner.skipWhitespace();
        if (m_scanner.peek() == U',') {
            m_scanner.advance();
            afterComma = true;
            continue;
        }
        if (m_scanner.peek() == U'}') {
            m_scanner.advance();
            break;
        }
        if (m_scanner.atEnd()) {
            m_scanner.fail(path,
                tr("expected ',' or '}' after an object member, got the end of the file "
                   "(the object at %1 is not closed)")
                    .arg(JsonScanner::where(openLine, openColumn)));
        } else {
            m_scanner.fail(path,
                tr("expected ',' or '}' after an object member, got %1")
                    .arg(m_scanner.describeCurrent()));
        }
    }
    return object;
}

JsonNode JsonParser::parseArray(int depth, const QString &path)
{
    JsonNode array = JsonNode::makeArray();
    const int openLine = m_scanner.line();
    const int openColumn = m_scanner.column();
    array.setPosition(openLine, openColumn);
    if (depth > maxDepth) {
        m_scanner.fail(path, tr("nesting deeper than %1 levels").arg(maxDepth));
        return array;
    }
    m_scanner.advance(); // '['
    m_scanner.skipWhitespace();
    if (m_scanner.peek() == U']') {
        m_scanner.advance();
        return array;
    }
    while (!m_scanner.failed()) {
        m_scanner.skipWhitespace();
        const QString elementPath = JsonNode::indexPath(path, array.size());
        if (m_scanner.peek() == U']') {
            m_scanner.fail(path, tr("a comma before ']' is not allowed in JSON"));
            break;
        }
        if (m_scanner.atEnd()) {
            m_scanner.fail(path,
                tr("expected a value, got the end of the file (the array at %1 is not closed)")
                    .arg(JsonScanner::where(openLine, openColumn)));
            break;
        }
        JsonNode value = parseValue(depth, elementPath);
        if (m_scanner.failed()) {
            break;
        }
        array.append(std::move(value));
        m_scanner.skipWhitespace();
        if (m_scanner.peek() == U',') {
            m_scanner.advance();
            continue;
        }
        if (m_scanner.peek() == U']') {
            m_scanner.advance();
            break;
        }
        if (m_scanner.atEnd()) {
            m_scanner.fail(path,
                tr("expected ',' or ']' after an array element, got the end of the file "
                   "(the array at %1 is not closed)")
                    .arg(JsonScanner::where(openLine, openColumn)));
        } else {
            m_scanner.fail(path,
                tr("expected ',' or ']' after an array element, got %1")
                    .arg(m_scanner.describeCurrent()));
        }
    }
    return array;
}

} // namespace Rblab
