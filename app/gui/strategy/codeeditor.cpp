// SPDX-License-Identifier: Apache-2.0
#include "strategy/codeeditor.h"

#include <QEvent>
#include <QHelpEvent>
#include <QPainter>
#include <QTextBlock>
#include <QToolTip>

namespace Rblab {

namespace {

class LineNumberArea : public QWidget
{
public:
    explicit LineNumberArea(CodeEditor *editor) : QWidget(editor), m_editor(editor) { }
    QSize sizeHint() const override { return { m_editor->lineNumberAreaWidth(), 0 }; }

protected:
    void paintEvent(QPaintEvent *event) override { m_editor->paintLineNumbers(event); }
    bool event(QEvent *event) override
    {
        if (event->type() == QEvent::ToolTip) {
            auto *help = static_cast<QHelpEvent *>(event);
            QString text;
            if (m_editor->lineNumberToolTip(help->pos(), &text)) {
                QToolTip::showText(help->globalPos(), text, this);
            } else {
                QToolTip::hideText();
            }
            return true;
        }
        return QWidget::event(event);
    }

private:
    CodeEditor *m_editor;
};

const QColor kErrorLine(255, 220, 220);
const QColor kErrorMark(200, 30, 30);

} // namespace

CodeEditor::CodeEditor(QWidget *parent) : QPlainTextEdit(parent)
{
    m_lineNumbers = new LineNumberArea(this);
    QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    setFont(mono);
    setLineWrapMode(QPlainTextEdit::NoWrap);
    setTabStopDistance(fontMetrics().horizontalAdvance(QLatin1Char(' ')) * 4);
    connect(this, &QPlainTextEdit::blockCountChanged, this, &CodeEditor::updateMargin);
    connect(this, &QPlainTextEdit::updateRequest, this, &CodeEditor::updateLineNumberArea);
    connect(this, &QPlainTextEdit::textChanged, this, [this] {
        // An edit may have fixed the error: the marker goes until the next check.
        if (m_errorLine > 0 && document()->isModified()) {
            clearError();
        }
    });
    updateMargin();
}

int CodeEditor::lineNumberAreaWidth() const
{
    int digits = 1;
    for (int max = std::max(1, blockCount()); max >= 10; max /= 10) {
        ++digits;
    }
    // Room for the numbers and the error mark before them.
    return 14 + fontMetrics().horizontalAdvance(QLatin1Char('9')) * std::max(digits, 3);
}

void CodeEditor::updateMargin()
{
    setViewportMargins(lineNumberAreaWidth(), 0, 0, 0);
}

void CodeEditor::updateLineNumberArea(const QRect &rect, int dy)
{
    if (dy != 0) {
        m_lineNumbers->scroll(0, dy);
    } else {
        m_lineNumbers->update(0, rect.y(), m_lineNumbers->width(), rect.height());
    }
    if (rect.contains(viewport()->rect())) {
        updateMargin();
    }
}

void CodeEditor::resizeEvent(QResizeEvent *event)
{
    QPlainTextEdit::resizeEvent(event);
    const QRect r = contentsRect();
    m_lineNumbers->setGeometry(QRect(r.left(), r.top(), lineNumberAreaWidth(), r.height()));
}

void CodeEditor::paintLineNumbers(QPaintEvent *event)
{
    QPainter painter(m_lineNumbers);
    painter.fillRect(event->rect(), palette().color(QPalette::AlternateBase));
    QTextBlock block = firstVisibleBlock();
    int top = qRound(blockBoundingGeometry(block).translated(contentOffset()).top());
    int bottom = top + qRound(blockBoundingRect(block).height());
    const int width = m_lineNumbers->width();
    const int lineHeight = fontMetrics().height();
    while (block.isValid() && top <= event->rect().bottom()) {
        if (block.isVisible() && bottom >= event->rect().top()) {
            const int line = block.blockNumber() + 1;
            if (line == m_errorLine) {
                painter.fillRect(0, top, width, lineHeight, kErrorLine);
                painter.setBrush(kErrorMark);
                painter.setPen(Qt::NoPen);
                painter.drawEllipse(QRectF(3, top + lineHeight / 2.0 - 3.5, 7, 7));
                painter.setPen(kErrorMark);
            } else {
                painter.setPen(palette().color(QPalette::PlaceholderText));
            }
            painter.drawText(0, top, width - 4, lineHeight, Qt::AlignRight, QString::number(line));
        }
        block = block.next();
        top = bottom;
        bottom = top + qRound(blockBoundingRect(block).height());
    }
}

bool CodeEditor::lineNumberToolTip(const QPoint &pos, QString *text) const
{
    if (m_errorLine <= 0) {
        return false;
    }
    const QTextBlock block = document()->findBlockByNumber(m_errorLine - 1);
    const QRectF r = blockBoundingGeometry(block).translated(contentOffset());
    if (pos.y() < r.top() || pos.y() > r.bottom()) {
        return false;
    }
    *text = m_errorMessage;
    return true;
}

void CodeEditor::markError(int line, const QString &message)
{
    m_errorLine = std::clamp(line, 0, blockCount());
    m_errorMessage = message;
    updateSelections();
    if (m_errorLine > 0) {
        QTextCursor cursor(document()->findBlockByNumber(m_errorLine - 1));
        setTextCursor(cursor);
        centerCursor();
    }
    m_lineNumbers->update();
}

void CodeEditor::clearError()
{
    m_errorLine = 0;
    m_errorMessage.clear();
    updateSelections();
    m_lineNumbers->update();
}

void CodeEditor::updateSelections()
{
    QList<QTextEdit::ExtraSelection> selections;
    if (m_errorLine > 0) {
        QTextEdit::ExtraSelection error;
        error.format.setBackground(kErrorLine);
        error.format.setProperty(QTextFormat::FullWidthSelection, true);
        error.format.setUnderlineStyle(QTextCharFormat::WaveUnderline);
        error.format.setUnderlineColor(kErrorMark);
        error.cursor = QTextCursor(document()->findBlockByNumber(m_errorLine - 1));
        error.cursor.clearSelection();
        selections.append(error);
    }
    setExtraSelections(selections);
}

} // namespace Rblab

#include "moc_codeeditor.cpp"
