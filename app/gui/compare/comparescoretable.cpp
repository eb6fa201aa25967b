// SPDX-License-Identifier: Apache-2.0
#include "compare/comparescoretable.h"

#include "guitext.h"

#include <QEvent>
#include <QHeaderView>
#include <QScrollBar>

#include <cmath>

namespace Rblab {

CompareScoreTable::CompareScoreTable(QWidget *parent) : QTableWidget(parent)
{
    setRowCount(int(ScorecardFigure::all().size()));
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setSelectionMode(QAbstractItemView::NoSelection);
    setAlternatingRowColors(true);
    setWordWrap(false);
    verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    horizontalHeader()->setStretchLastSection(false);
    retranslate();
}

void CompareScoreTable::setVariants(const QStringList &names)
{
    setColumnCount(int(names.size()));
    setHorizontalHeaderLabels(names);
    m_values.clear();
}

void CompareScoreTable::setValues(const QList<QList<double>> &values)
{
    m_values = values;
    const QList<ScorecardFigure> &figures = ScorecardFigure::all();
    for (int f = 0; f < int(figures.size()); ++f) {
        for (int p = 0; p < columnCount(); ++p) {
            QTableWidgetItem *cell = item(f, p);
            if (!cell) {
                cell = new QTableWidgetItem;
                cell->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
                setItem(f, p, cell);
            }
            const bool best = isBest(f, p);
            const QString text = cellText(f, p);
            cell->setText(best ? QStringLiteral("★ ") + text : text);
            // "—" is not a 0: say why the pane has no such figure (issue 37 item 5).
            cell->setToolTip(isMeasured(f, p) ? QString() : GuiText::unmeasuredWhy());
            QFont font = cell->font();
            font.setBold(best);
            cell->setFont(font);
        }
    }
}

int CompareScoreTable::contentWidth() const
{
    // A few pixels to spare: the sections' sizes round, and a sideways scroll bar for two
    // pixels would hide a row.
    int width = verticalHeader()->sizeHint().width() + 2 * frameWidth()
        + verticalScrollBar()->sizeHint().width() + 8;
    for (int c = 0; c < columnCount(); ++c) {
        width += horizontalHeader()->sectionSize(c);
    }
    return width;
}

bool CompareScoreTable::isMeasured(int figure, int pane) const
{
    // NaN: a figure the pane cannot have (imported logs show no lag, no cache).
    return pane < m_values.size() && figure < m_values.at(pane).size()
        && !std::isnan(m_values.at(pane).at(figure));
}

QString CompareScoreTable::cellText(int figure, int pane) const
{
    if (!isMeasured(figure, pane)) {
        return GuiText::unmeasured();
    }
    return ScorecardFigure::all().at(figure).text(m_values.at(pane).at(figure));
}

bool CompareScoreTable::isBest(int figure, int pane) const
{
    // rblab compare's rule (Comparison::isBest), on values rather than their printed text, so
    // the table and the CLI agree.
    if (!m_markBest) {
        return false;
    }
    QList<double> row;
    for (const QList<double> &values : m_values) {
        row.append(figure < values.size() ? values.at(figure) : std::nan(""));
    }
    return Comparison::isBest(row, pane);
}

void CompareScoreTable::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
    }
    QTableWidget::changeEvent(event);
}

void CompareScoreTable::retranslate()
{
    QStringList labels;
    for (const ScorecardFigure &f : ScorecardFigure::all()) {
        labels.append(f.translatedLabel());
    }
    setVerticalHeaderLabels(labels);
}

} // namespace Rblab
