// SPDX-License-Identifier: Apache-2.0
// Syntax colours for JavaScript in the strategy workbench.
#pragma once

#include <QRegularExpression>
#include <QSyntaxHighlighter>
#include <QTextCharFormat>

namespace Rblab {

/*!
    Keywords, literals, numbers, strings (single, double, template), line and block comments,
    and the names a strategy file defines (strategy, allocate, allocateAll). Block comments and
    template strings may span lines: the block state carries them over.
*/
class JsHighlighter : public QSyntaxHighlighter
{
    Q_OBJECT

public:
    explicit JsHighlighter(QTextDocument *document);

protected:
    void highlightBlock(const QString &text) override;

private:
    struct Rule
    {
        QRegularExpression pattern;
        QTextCharFormat format;
    };
    QList<Rule> m_rules;
    QTextCharFormat m_comment;
    QTextCharFormat m_string;
};

} // namespace Rblab
