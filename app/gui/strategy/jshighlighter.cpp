// SPDX-License-Identifier: Apache-2.0
#include "strategy/jshighlighter.h"

namespace Rblab {

namespace {

enum BlockState { Normal = 0, InBlockComment = 1, InTemplate = 2 };

QTextCharFormat charFormat(const QColor &color, bool bold = false, bool italic = false)
{
    QTextCharFormat f;
    f.setForeground(color);
    if (bold) {
        f.setFontWeight(QFont::Bold);
    }
    f.setFontItalic(italic);
    return f;
}

} // namespace

JsHighlighter::JsHighlighter(QTextDocument *document) : QSyntaxHighlighter(document)
{
    const QStringList keywords { QStringLiteral("break"), QStringLiteral("case"),
        QStringLiteral("catch"), QStringLiteral("class"), QStringLiteral("const"),
        QStringLiteral("continue"), QStringLiteral("default"), QStringLiteral("delete"),
        QStringLiteral("do"), QStringLiteral("else"), QStringLiteral("extends"),
        QStringLiteral("finally"), QStringLiteral("for"), QStringLiteral("function"),
        QStringLiteral("if"), QStringLiteral("in"), QStringLiteral("instanceof"),
        QStringLiteral("let"), QStringLiteral("new"), QStringLiteral("of"),
        QStringLiteral("return"), QStringLiteral("switch"), QStringLiteral("this"),
        QStringLiteral("throw"), QStringLiteral("try"), QStringLiteral("typeof"),
        QStringLiteral("var"), QStringLiteral("void"), QStringLiteral("while") };
    m_rules.append(
        { QRegularExpression(QStringLiteral("\\b(%1)\\b").arg(keywords.join(QLatin1Char('|')))),
            charFormat(QColor(0, 0, 160), true) });
    m_rules.append(
        { QRegularExpression(QStringLiteral("\\b(true|false|null|undefined|NaN|Infinity)\\b")),
            charFormat(QColor(128, 0, 128)) });
    m_rules.append({ QRegularExpression(QStringLiteral(
                         "\\b(\\d+(\\.\\d+)?([eE][+-]?\\d+)?|0[xX][0-9a-fA-F]+)\\b")),
        charFormat(QColor(150, 80, 0)) });
    // What the host reads from a strategy file.
    m_rules.append({ QRegularExpression(QStringLiteral("\\b(strategy|allocate|allocateAll)\\b")),
        charFormat(QColor(0, 110, 110), true) });
    m_comment = charFormat(QColor(100, 110, 100), false, true);
    m_string = charFormat(QColor(0, 128, 0));
}

void JsHighlighter::highlightBlock(const QString &text)
{
    for (const Rule &rule : std::as_const(m_rules)) {
        auto it = rule.pattern.globalMatch(text);
        while (it.hasNext()) {
            const QRegularExpressionMatch m = it.next();
            setFormat(int(m.capturedStart()), int(m.capturedLength()), rule.format);
        }
    }
    // Strings and comments last, over anything they contain, scanning left to right so that a
    // "//" inside a string is not a comment.
    int i = 0;
    int state = previousBlockState() < 0 ? Normal : previousBlockState();
    const int n = int(text.size());
    while (i < n) {
        if (state == InBlockComment) {
            const int end = int(text.indexOf(QLatin1String("*/"), i));
            const int stop = end < 0 ? n : end + 2;
            setFormat(i, stop - i, m_comment);
            i = stop;
            state = end < 0 ? InBlockComment : Normal;
            continue;
        }
        if (state == InTemplate) {
            int j = i;
            while (j < n && text.at(j) != QLatin1Char('`')) {
                j += text.at(j) == QLatin1Char('\\') ? 2 : 1;
            }
            setFormat(i, std::min(j + 1, n) - i, m_string);
            state = j < n ? Normal : InTemplate;
            i = j + 1;
            continue;
        }
        const QChar c = text.at(i);
        if (c == QLatin1Char('/') && i + 1 < n && text.at(i + 1) == QLatin1Char('/')) {
            setFormat(i, n - i, m_comment);
            break;
        }
        if (c == QLatin1Char('/') && i + 1 < n && text.at(i + 1) == QLatin1Char('*')) {
            state = InBlockComment;
            setFormat(i, 2, m_comment);
            i += 2;
            continue;
        }
        if (c == QLatin1Char('`')) {
            setFormat(i, 1, m_string);
            state = InTemplate;
            ++i;
            continue;
        }
        if (c == QLatin1Char('"') || c == QLatin1Char('\'')) {
            int j = i + 1;
            while (j < n && text.at(j) != c) {
                j += text.at(j) == QLatin1Char('\\') ? 2 : 1;
            }
            setFormat(i, std::min(j + 1, n) - i, m_string);
            i = j + 1;
            continue;
        }
        ++i;
    }
    setCurrentBlockState(state);
}

} // namespace Rblab

#include "moc_jshighlighter.cpp"
