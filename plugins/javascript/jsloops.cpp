// SPDX-License-Identifier: Apache-2.0
#include "jsloops.h"

#include <QList>

namespace {

struct Token
{
    QString text; //!< an identifier or keyword, or one punctuation character
    qsizetype at = 0; //!< offset in the source
};

bool isIdentifierChar(QChar c)
{
    return c.isLetterOrNumber() || c == QLatin1Char('_') || c == QLatin1Char('$');
}

/*
    Identifiers and punctuation from `from` on, without strings, template literals, comments,
    numbers and regular expressions; stops after the brace that closes the first block opened.
*/
class Tokenizer
{
public:
    Tokenizer(const QString &source, qsizetype from) : m_s(source), m_i(from) { }

    QList<Token> untilBlockEnds()
    {
        QList<Token> tokens;
        int depth = 0;
        int parens = 0; // a default parameter's {} is not the body
        bool opened = false;
        while (m_i < m_s.size()) {
            const QChar c = m_s.at(m_i);
            if (c.isSpace()) {
                ++m_i;
            } else if (c == QLatin1Char('/') && peek(1) == QLatin1Char('/')) {
                skipUntil(QStringLiteral("\n"));
            } else if (c == QLatin1Char('/') && peek(1) == QLatin1Char('*')) {
                m_i += 2;
                skipUntil(QStringLiteral("*/"));
            } else if (c == QLatin1Char('"') || c == QLatin1Char('\'') || c == QLatin1Char('`')) {
                skipQuoted(c);
                m_lastSignificant = QStringLiteral("\"");
            } else if (c == QLatin1Char('/') && regexMayStart()) {
                skipQuoted(c);
                m_lastSignificant = QStringLiteral("\"");
            } else if (isIdentifierChar(c)) {
                const qsizetype start = m_i;
                while (m_i < m_s.size() && isIdentifierChar(m_s.at(m_i))) {
                    ++m_i;
                }
                Token t { m_s.mid(start, m_i - start), start };
                m_lastSignificant = t.text;
                tokens.append(t);
            } else {
                tokens.append(Token { QString(c), m_i });
                m_lastSignificant = QString(c);
                ++m_i;
                if (c == QLatin1Char('(')) {
                    ++parens;
                } else if (c == QLatin1Char(')')) {
                    --parens;
                } else if (c == QLatin1Char('{') && (opened || parens == 0)) {
                    ++depth;
                    opened = true;
                } else if (c == QLatin1Char('}') && opened && --depth == 0) {
                    break;
                }
            }
        }
        return tokens;
    }

private:
    QChar peek(qsizetype ahead) const
    {
        return m_i + ahead < m_s.size() ? m_s.at(m_i + ahead) : QChar();
    }

    void skipUntil(const QString &end)
    {
        const qsizetype found = m_s.indexOf(end, m_i);
        m_i = found < 0 ? m_s.size() : found + end.size();
    }

    // A string, template literal or regular expression, escapes included; a template's ${…}
    // is passed over with it (its loops are not the function's statements).
    void skipQuoted(QChar quote)
    {
        ++m_i;
        bool inClass = false; // [/] in a regular expression does not end it
        while (m_i < m_s.size()) {
            const QChar c = m_s.at(m_i++);
            if (c == QLatin1Char('\\')) {
                ++m_i;
            } else if (quote == QLatin1Char('/') && c == QLatin1Char('[')) {
                inClass = true;
            } else if (quote == QLatin1Char('/') && c == QLatin1Char(']')) {
                inClass = false;
            } else if (c == quote && !inClass) {
                return;
            } else if (c == QLatin1Char('\n') && quote != QLatin1Char('`')) {
                return; // an unterminated string or a division misread: end it at the line
            }
        }
    }

    // After an operand a slash divides; after an operator, a bracket or a keyword that takes
    // an expression, it starts a regular expression.
    bool regexMayStart() const
    {
        if (m_lastSignificant.isEmpty()) {
            return true;
        }
        if (isIdentifierChar(m_lastSignificant.at(0))) {
            static const QStringList keywords { QStringLiteral("return"), QStringLiteral("typeof"),
                QStringLiteral("case"), QStringLiteral("do"), QStringLiteral("else"),
                QStringLiteral("in"), QStringLiteral("of"), QStringLiteral("new"),
                QStringLiteral("delete"), QStringLiteral("void"), QStringLiteral("throw"),
                QStringLiteral("instanceof") };
            return keywords.contains(m_lastSignificant);
        }
        return m_lastSignificant != QLatin1String(")") && m_lastSignificant != QLatin1String("]")
            && m_lastSignificant != QLatin1String("}") && m_lastSignificant != QLatin1String("\"");
    }

    const QString &m_s;
    qsizetype m_i;
    QString m_lastSignificant;
};

struct Loop
{
    qsizetype at = 0;
    bool constantlyTrue = false;
};

// The tokens between the parenthesis at `open` and its partner, as text; `end` is set past it.
QString parenthesised(const QList<Token> &tokens, qsizetype open, qsizetype *end)
{
    int depth = 0;
    QString text;
    for (qsizetype i = open; i < tokens.size(); ++i) {
        const QString &t = tokens.at(i).text;
        if (t == QLatin1String("(")) {
            ++depth;
        } else if (t == QLatin1String(")")) {
            --depth;
        }
        if (depth == 0) {
            *end = i + 1;
            return text.trimmed();
        }
        if (i > open) {
            text += t + QLatin1Char(' ');
        }
    }
    *end = tokens.size();
    return text.trimmed();
}

bool isTrue(const QString &condition)
{
    return condition.isEmpty() || condition == QLatin1String("true")
        || condition == QLatin1String("1") || condition == QLatin1String("! 0")
        || condition == QLatin1String("! false");
}

// for (init; condition; update): the condition; a for…in or for…of never counts as constant.
bool forIsConstantlyTrue(const QString &head)
{
    const QStringList parts = head.split(QLatin1Char(';'));
    return parts.size() == 3 && isTrue(parts.at(1).trimmed());
}

QList<Loop> loopsIn(const QList<Token> &tokens)
{
    QList<Loop> loops;
    QList<int> doDepths; // brace depths at which a do's block opened
    int depth = 0;
    bool closedDoBlock = false; // the last token closed a do's block: a while next is its tail
    for (qsizetype i = 0; i < tokens.size(); ++i) {
        const Token &t = tokens.at(i);
        const bool member = i > 0 && tokens.at(i - 1).text == QLatin1String(".");
        const bool wasClosedDo = closedDoBlock;
        closedDoBlock = false;
        if (t.text == QLatin1String("{")) {
            ++depth;
        } else if (t.text == QLatin1String("}")) {
            --depth;
            if (!doDepths.isEmpty() && doDepths.last() == depth) {
                doDepths.removeLast();
                closedDoBlock = true;
            }
        } else if (member || i + 1 >= tokens.size()) {
            continue;
        } else if (t.text == QLatin1String("do") && tokens.at(i + 1).text == QLatin1String("{")) {
            doDepths.append(depth);
            Loop loop { t.at, false };
            // Its condition comes after the block; found when the tail is read.
            loops.append(loop);
        } else if (t.text == QLatin1String("while")
            && tokens.at(i + 1).text == QLatin1String("(")) {
            qsizetype end = 0;
            const bool constant = isTrue(parenthesised(tokens, i + 1, &end));
            if (wasClosedDo) {
                // do { … } while (cond): the do's line is the loop's, its condition is this.
                for (qsizetype k = loops.size() - 1; k >= 0; --k) {
                    if (loops.at(k).at < t.at) {
                        loops[k].constantlyTrue = constant;
                        break;
                    }
                }
            } else {
                loops.append(Loop { t.at, constant });
            }
        } else if (t.text == QLatin1String("for") && tokens.at(i + 1).text == QLatin1String("(")) {
            qsizetype end = 0;
            loops.append(Loop { t.at, forIsConstantlyTrue(parenthesised(tokens, i + 1, &end)) });
        }
    }
    return loops;
}

} // namespace

int JsLoops::stuckLine(const QString &source, qsizetype function)
{
    if (function < 0 || function >= source.size()) {
        return 0;
    }
    const QList<Loop> loops = loopsIn(Tokenizer(source, function).untilBlockEnds());
    if (loops.isEmpty()) {
        return 0;
    }
    Loop blamed = loops.first();
    for (const Loop &loop : loops) {
        if (loop.constantlyTrue) {
            blamed = loop;
            break;
        }
    }
    return int(QStringView(source).left(blamed.at).count(QLatin1Char('\n'))) + 1;
}
