// SPDX-License-Identifier: Apache-2.0
#include "compare/comparescoretable.h"

#include <QEvent>
#include <QHeaderView>
#include <QLocale>
#include <QScrollBar>

#include <cmath>

namespace Rblab {

namespace {

QString number(double value, int decimals)
{
    if (decimals == 0) {
        return QLocale::c().toString(qint64(std::llround(value)));
    }
    return QString::number(value, 'f', decimals);
}

} // namespace

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

QString CompareScoreTable::figureLabel(const char *key)
{
    const QLatin1String k(key);
    if (k == QLatin1String("balance.maxOverMean"))
        return tr("busiest / mean queues (time-weighted)");
    if (k == QLatin1String("balance.meanSpread"))
        return tr("spread max − min (time-weighted)");
    if (k == QLatin1String("balance.maxSpread"))
        return tr("spread max − min (worst sample)");
    if (k == QLatin1String("balance.idleConsumerSeconds"))
        return tr("idle consumer-seconds");
    if (k == QLatin1String("movement.queueMoves"))
        return tr("queue moves");
    if (k == QLatin1String("movement.movesPerChange"))
        return tr("moves per membership change");
    if (k == QLatin1String("movement.moveRatio"))
        return tr("moves / lower bound");
    if (k == QLatin1String("exposure.unownedQueueSeconds"))
        return tr("unowned queue-seconds");
    if (k == QLatin1String("exposure.orphanedQueueSeconds"))
        return tr("orphaned queue-seconds (until the first pull)");
    if (k == QLatin1String("exposure.doubleOwnedQueueSeconds"))
        return tr("double-owned queue-seconds");
    if (k == QLatin1String("exposure.duplicates"))
        return tr("duplicates (world)");
    if (k == QLatin1String("exposure.lost"))
        return tr("lost (world, must be 0)");
    if (k == QLatin1String("pressure.peakCachedMessages"))
        return tr("peak cached messages per consumer");
    if (k == QLatin1String("pressure.peakCachedMiB"))
        return tr("peak cached MiB per consumer");
    if (k == QLatin1String("pressure.flowControlCount"))
        return tr("flow-control holds: count");
    if (k == QLatin1String("pressure.flowControlSize"))
        return tr("flow-control holds: size");
    if (k == QLatin1String("pressure.flowControlSpan"))
        return tr("flow-control holds: span");
    if (k == QLatin1String("pressure.lagP50"))
        return tr("lag p50 (messages)");
    if (k == QLatin1String("pressure.lagP99"))
        return tr("lag p99 (messages)");
    if (k == QLatin1String("pressure.lagMax"))
        return tr("lag max (messages)");
    return QString::fromLatin1(key);
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

QString CompareScoreTable::cellText(int figure, int pane) const
{
    // NaN: a figure the pane cannot have (imported logs show no lag, no cache).
    if (pane >= m_values.size() || figure >= m_values.at(pane).size()
        || std::isnan(m_values.at(pane).at(figure))) {
        return QStringLiteral("–");
    }
    return number(m_values.at(pane).at(figure), ScorecardFigure::all().at(figure).decimals);
}

bool CompareScoreTable::isBest(int figure, int pane) const
{
    // As rblab compare marks it (Comparison::isBest): the lowest value wins, a row where every
    // pane ties marks nobody. Values, not their printed text, so the table and the CLI agree.
    if (!m_markBest || pane >= m_values.size() || figure >= m_values.at(pane).size()) {
        return false;
    }
    const double mine = m_values.at(pane).at(figure);
    bool allTie = true;
    for (const QList<double> &values : m_values) {
        if (figure >= values.size() || std::isnan(values.at(figure))) {
            return false;
        }
        if (values.at(figure) < mine) {
            return false;
        }
        allTie = allTie && values.at(figure) == mine;
    }
    return !allTie;
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
        labels.append(figureLabel(f.key));
    }
    setVerticalHeaderLabels(labels);
}

} // namespace Rblab
