// SPDX-License-Identifier: Apache-2.0
#include "json/jsonscanner.h"

#include "json/utf8decoder.h"

#include <cmath>

namespace Rblab {

namespace {

bool isJsonWhitespace(char32_t c)
{
    return c == U' ' || c == U'\t' || c == U'\n' || c == U'\r';
}

bool isWordChar(char32_t c)
{
    return (c >= U'a' && c <= U'z') || (c >= U'A' && c <= U'Z') || (c >= U'0' && c <= U'9')
        || c == U'_' || c == U'-' || c == U'+' || c == U'.';
}

bool isDigit(char32_t c)
{
    return c >= U'0' && c <= U'9';
}

} // namespace

QString JsonScanner::where(int line, int column)
{
    return tr("line %1, column %2").arg(line).arg(column);
}

void JsonScanner::addProblem(const JsonProblem &problem)
{
    m_problems.append(problem);
}

bool JsonScanner::load(const QByteArray &utf8)
{
    // Decoded up front into code points, so that columns count characters and every later step
    // indexes one character at a time. Invalid UTF-8 is an error with its position, not a
    // silent replacement character.
    if (utf8.size() >= 2
        && ((utf8.at(0) == '\xFF' && utf8.at(1) == '\xFE')
            || (utf8.at(0) == '\xFE' && utf8.at(1) == '\xFF'))) {
        failAt(1, 1, QString(), tr("the file is UTF-16; expected UTF-8"));
        return false;
    }
    Utf8Decoder::Result decoded = Utf8Decoder::decode(utf8);
    m_text = std::move(decoded.text);
    if (decoded.badByteIndex < 0) {
        return true;
    }
    // Reported after the last good character.
    while (!atEnd()) {
        advance();
    }
    fail(QString(),
        tr("invalid UTF-8 byte 0x%1; expected UTF-8 text")
            .arg(QString::number(decoded.badByte, 16).toUpper()));
    return false;
}

void JsonScanner::advance()
{
    if (atEnd()) {
        return;
    }
    const char32_t c = m_text[m_pos++];
    // "\r\n" is one line break: the '\r' moves the column, the '\n' then starts the new line.
    if (c == U'\n' || (c == U'\r' && peek() != U'\n')) {
        ++m_line;
        m_column = 1;
    } else {
        ++m_column;
    }
}

void JsonScanner::skipWhitespace()
{
    while (!atEnd() && isJsonWhitespace(peek())) {
        advance();
    }
}

QString JsonScanner::describeCurrent() const
{
    if (atEnd()) {
        return tr("the end of the file");
    }
    const char32_t c = peek();
    if (isWordChar(c)) {
        // A whole word reads better than its first letter: got 'True', got 'NaN'.
        QString word;
        for (size_t k = m_pos; k < m_text.size() && isWordChar(m_text[k]) && word.size() < 24;
             ++k) {
            word += QChar(char16_t(m_text[k]));
        }
        return QLatin1Char('\'') + word + QLatin1Char('\'');
    }
    if (c < 0x20) {
        return QStringLiteral("U+%1").arg(uint(c), 4, 16, QLatin1Char('0')).toUpper();
    }
    return QLatin1Char('\'') + QString::fromUcs4(&c, 1) + QLatin1Char('\'');
}

void JsonScanner::fail(const QString &path, const QString &message)
{
    failAt(m_line, m_column, path, message);
}

void JsonScanner::failAt(int line, int column, const QString &path, const QString &message)
{
    if (m_failed) {
        return;
    }
    m_failed = true;
    m_problems.append(JsonProblem { line, column, path, message, true });
}

bool JsonScanner::parseHex4(const QString &path, char32_t *out)
{
    char32_t v = 0;
    for (int k = 0; k < 4; ++k) {
        const char32_t c = peek();
        int digit = -1;
        if (c >= U'0' && c <= U'9') {
            digit = int(c - U'0');
        } else if (c >= U'a' && c <= U'f') {
            digit = int(c - U'a') + 10;
        } else if (c >= U'A' && c <= U'F') {
            digit = int(c - U'A') + 10;
        }
        if (digit < 0) {
            fail(
                path, tr("expected 4 hexadecimal digits after \\u, got %1").arg(describeCurrent()));
            return false;
        }
        v = v * 16 + char32_t(digit);
        advance();
    }
    *out = v;
    return true;
}

std::optional<QString> JsonScanner::scanString(const QString &path)
{
    const int openLine = m_line;
    const int openColumn = m_column;
    advance(); // '"'
    QString s;
    while (true) {
        if (atEnd()) {
            fail(path, tr("unterminated string (it opens at %1)").arg(where(openLine, openColumn)));
            return std::nullopt;
        }
        const char32_t c = peek();
        if (c == U'"') {
            advance();
            return s;
        }
        if (c == U'\n' || c == U'\r') {
            fail(path,
                tr("a string may not span lines: close it with '\"' or write \\n "
                   "(it opens at %1)")
                    .arg(where(openLine, openColumn)));
            return std::nullopt;
        }
        if (c < 0x20) {
            fail(path,
                tr("control character %1 in a string; write it as an escape such as \\t")
                    .arg(describeCurrent()));
            return std::nullopt;
        }
        if (c != U'\\') {
            s += QString::fromUcs4(&c, 1);
            advance();
            continue;
        }
        const int escapeLine = m_line;
        const int escapeColumn = m_column;
        advance(); // '\\'
        const char32_t e = peek();
        switch (e) {
        case U'"':
            s += QLatin1Char('"');
            break;
        case U'\\':
            s += QLatin1Char('\\');
            break;
        case U'/':
            s += QLatin1Char('/');
            break;
        case U'b':
            s += QLatin1Char('\b');
            break;
        case U'f':
            s += QLatin1Char('\f');
            break;
        case U'n':
            s += QLatin1Char('\n');
            break;
        case U'r':
            s += QLatin1Char('\r');
            break;
        case U't':
            s += QLatin1Char('\t');
            break;
        case U'u': {
            advance();
            char32_t unit = 0;
            if (!parseHex4(path, &unit)) {
                return std::nullopt;
            }
            if (unit >= 0xD800 && unit <= 0xDBFF) {
                // A high surrogate must be followed by "\u" and a low one: together one character.
                char32_t low = 0;
                const bool escapeFollows
                    = peek() == U'\\' && m_pos + 1 < m_text.size() && m_text[m_pos + 1] == U'u';
                if (escapeFollows) {
                    advance();
                    advance();
                    if (!parseHex4(path, &low)) {
                        return std::nullopt;
                    }
                }
                if (low < 0xDC00 || low > 0xDFFF) {
                    failAt(escapeLine, escapeColumn, path,
                        tr("unpaired surrogate \\u%1: expected a second \\u escape from "
                           "\\uDC00 to \\uDFFF after it")
                            .arg(uint(unit), 4, 16, QLatin1Char('0')));
                    return std::nullopt;
                }
                const char32_t cp = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00);
                s += QString::fromUcs4(&cp, 1);
            } else if (unit >= 0xDC00 && unit <= 0xDFFF) {
                failAt(escapeLine, escapeColumn, path,
                    tr("unpaired surrogate \\u%1: a low surrogate must follow a high one "
                       "(\\uD800 to \\uDBFF)")
                        .arg(uint(unit), 4, 16, QLatin1Char('0')));
                return std::nullopt;
            } else {
                s += QChar(char16_t(unit));
            }
            continue;
        }
        default:
            if (atEnd()) {
                fail(path,
                    tr("unterminated string (it opens at %1)").arg(where(openLine, openColumn)));
            } else {
                failAt(escapeLine, escapeColumn, path,
                    tr("invalid escape \\%1; JSON knows \\\" \\\\ \\/ \\b \\f \\n \\r \\t and "
                       "\\uXXXX")
                        .arg(QString::fromUcs4(&e, 1)));
            }
            return std::nullopt;
        }
        advance();
    }
}

JsonNode JsonScanner::scanNumber(const QString &path)
{
    const int line = m_line;
    const int column = m_column;
    QString text;
    auto take = [&]() {
        text += QChar(char16_t(peek()));
        advance();
    };
    if (peek() == U'-') {
        take();
        if (!isDigit(peek())) {
            fail(path, tr("expected a digit after '-', got %1").arg(describeCurrent()));
            return JsonNode();
        }
    }
    if (peek() == U'0') {
        take();
        if (isDigit(peek())) {
            fail(path, tr("a number may not start with 0 followed by more digits in JSON"));
            return JsonNode();
        }
    } else {
        while (isDigit(peek())) {
            take();
        }
    }
    if (peek() == U'.') {
        take();
        if (!isDigit(peek())) {
            fail(path,
                tr("expected a digit after the decimal point, got %1").arg(describeCurrent()));
            return JsonNode();
        }
        while (isDigit(peek())) {
            take();
        }
    }
    if (peek() == U'e' || peek() == U'E') {
        take();
        if (peek() == U'+' || peek() == U'-') {
            take();
        }
        if (!isDigit(peek())) {
            fail(path, tr("expected a digit in the exponent, got %1").arg(describeCurrent()));
            return JsonNode();
        }
        while (isDigit(peek())) {
            take();
        }
    }
    const double value = text.toDouble();
    if (!std::isfinite(value)) {
        failAt(line, column, path, tr("the number %1 is too large").arg(text));
        return JsonNode();
    }
    JsonNode node = JsonNode::makeNumber(value, text);
    node.setPosition(line, column);
    return node;
}

JsonNode JsonScanner::scanLiteral(const QString &path)
{
    const int line = m_line;
    const int column = m_column;
    static const struct
    {
        const char32_t *word;
        size_t length;
    } literals[] = { { U"true", 4 }, { U"false", 5 }, { U"null", 4 } };
    for (const auto &literal : literals) {
        if (m_text.compare(m_pos, literal.length, literal.word) == 0
            && (m_pos + literal.length >= m_text.size()
                || !isWordChar(m_text[m_pos + literal.length]))) {
            for (size_t k = 0; k < literal.length; ++k) {
                advance();
            }
            JsonNode node = literal.word[0] == U'n' ? JsonNode::makeNull()
                                                    : JsonNode::makeBool(literal.word[0] == U't');
            node.setPosition(line, column);
            return node;
        }
    }
    fail(path,
        tr("expected a value (an object, array, string, number, true, false or null), got %1")
            .arg(describeCurrent()));
    return JsonNode();
}

} // namespace Rblab
