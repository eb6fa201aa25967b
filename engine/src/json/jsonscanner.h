// SPDX-License-Identifier: Apache-2.0
// The character level of JSON: positions, strings, numbers, literals and their errors.
#pragma once

#include "json/jsonnode.h"

#include <rblab/rblab_global.h>

#include <QCoreApplication>
#include <QList>
#include <QString>

#include <optional>
#include <string>

namespace Rblab {

/*!
    A problem found while parsing: where (1-based line and column, columns in characters), the
    JSON path of the value it is in, and what was expected. A fatal problem stops the parse;
    a duplicate key does not (the first value is kept).
*/
struct RBLAB_ENGINE_EXPORT JsonProblem
{
    int line = 0;
    int column = 0;
    QString path;
    QString message;
    bool fatal = true;
};

/*!
    Walks decoded text one character at a time, keeping line and column, and reads the scalar
    tokens of JSON with precise errors. JsonParser builds the structure on top of it. After the
    first fatal problem, failed() is true and the scanner reports nothing more. Internal to
    JsonParser; messages share its translation context.
*/
class JsonScanner
{
    Q_DECLARE_TR_FUNCTIONS(Rblab::JsonParser)

public:
    //! Decodes UTF-8 (a byte order mark is skipped); false, with a problem, for anything else.
    bool load(const QByteArray &utf8);

    bool atEnd() const { return m_pos >= m_text.size(); }
    char32_t peek() const { return atEnd() ? U'\0' : m_text[m_pos]; }
    void advance();
    void skipWhitespace();
    int line() const { return m_line; }
    int column() const { return m_column; }
    //! For "got …": 'x', a whole word such as 'True', U+0009, or "the end of the file".
    QString describeCurrent() const;

    std::optional<QString> scanString(const QString &path);
    JsonNode scanNumber(const QString &path);
    JsonNode scanLiteral(const QString &path);

    void fail(const QString &path, const QString &message);
    void failAt(int line, int column, const QString &path, const QString &message);
    void addProblem(const JsonProblem &problem);
    bool failed() const { return m_failed; }
    const QList<JsonProblem> &problems() const { return m_problems; }

    //! "line 3, column 5".
    static QString where(int line, int column);

private:
    bool parseHex4(const QString &path, char32_t *out);

    std::u32string m_text;
    size_t m_pos = 0;
    int m_line = 1;
    int m_column = 1;
    bool m_failed = false;
    QList<JsonProblem> m_problems;
};

} // namespace Rblab
