// SPDX-License-Identifier: Apache-2.0
// Compare mode's live scorecard: figures as rows, variants as columns.
#pragma once

#include <report/comparison.h>
#include <report/scorecard.h>

#include <QTableWidget>

namespace Rblab {

/*!
    The scorecard of docs/formats/scorecard.md for one group, one column per pane, as
    `rblab compare` prints it for one seed (the same figures and decimals). Every figure is better
    when lower: the best of a row is bold with a ★ (rblab compare's *); a row where every pane
    ties marks nobody.
*/
class CompareScoreTable : public QTableWidget
{
    Q_OBJECT

public:
    explicit CompareScoreTable(QWidget *parent = nullptr);

    //! Column headers (the variants' names).
    void setVariants(const QStringList &names);
    //! One list of ScorecardFigure::all() values per pane (empty: the pane has no such group).
    void setValues(const QList<QList<double>> &values);
    //! The width that shows every column without scrolling sideways.
    int contentWidth() const;
    //! The text of a cell as shown (tests).
    QString cellText(int figure, int pane) const;
    //! False where the pane has no such figure (imported logs: no cache, lag…): "—" and why.
    bool isMeasured(int figure, int pane) const;
    bool isBest(int figure, int pane) const;
    //! Off for observed against modelled: what happened is not a variant that wins or loses.
    void setMarkBest(bool mark) { m_markBest = mark; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();

    QList<QList<double>> m_values;
    bool m_markBest = true;
};

} // namespace Rblab
