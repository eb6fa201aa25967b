// SPDX-License-Identifier: Apache-2.0
// A plain-text code editor with line numbers and a marker on the line of an error.
#pragma once

#include <QPlainTextEdit>

namespace Rblab {

/*!
    Qt's Code Editor example grown by one thing: an error marker. The line-number area paints
    the numbers of the visible blocks; markError() paints its line red in both the margin and
    the text, with the message as the margin's tooltip, until the text changes or clearError().
*/
class CodeEditor : public QPlainTextEdit
{
    Q_OBJECT

public:
    explicit CodeEditor(QWidget *parent = nullptr);

    //! Marks a 1-based line (0 clears) with a message, and moves the cursor there.
    void markError(int line, const QString &message);
    void clearError();
    int errorLine() const { return m_errorLine; }

    int lineNumberAreaWidth() const;
    void paintLineNumbers(QPaintEvent *event);
    bool lineNumberToolTip(const QPoint &pos, QString *text) const;

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void updateMargin();
    void updateLineNumberArea(const QRect &rect, int dy);
    void updateSelections();

    QWidget *m_lineNumbers = nullptr;
    int m_errorLine = 0;
    QString m_errorMessage;
};

} // namespace Rblab
