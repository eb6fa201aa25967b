// SPDX-License-Identifier: Apache-2.0
// The run's totals at the right of the status bar.
#pragma once

#include <QElapsedTimer>
#include <QLabel>

namespace Rblab {

class AssignmentView;
class SimulationController;

/*!
    "Rebalances 7 · owner changes 3 · duplicates 12 · unassigned 3 (+1 retry) · double-owned 3",
    with what was produced, delivered and held back in the tooltip. Unassigned and double-owned
    are counted as the assignment view shows them, retry queues apart, so the status bar and
    the picture never disagree: refreshed whenever the view paints. The app's memory joins them
    once it is large (kShowMemoryMiB), and the tooltip always says what the chart history holds.

    The line is painted here, not by QLabel: QLabel::setText asks the main window to lay itself
    out again with every new text. The size hint changes in steps, and the line may be narrower
    than it asks (presenter zoom on 1280×720): it is then cut with "…", and the tooltip starts
    with it in full.
*/
class StatusTotals : public QLabel
{
    Q_OBJECT

public:
    StatusTotals(const SimulationController &controller, const AssignmentView &view,
        QWidget *parent = nullptr);

    //! The view has painted a frame.
    void handleFrame();
    /*!
        Shows the totals of one consumer group (an index of the catalog's groups), as in the
        report's "groups": the group of the card selected in the view. -1: the whole run.
    */
    void setGroup(qint32 group);
    qint32 group() const { return m_group; }
    void refresh();

    //! Resident memory from which the status bar shows it (below, memory is no news).
    static constexpr qint64 kShowMemoryMiB = 200;
    //! The process's resident memory in bytes (Linux: /proc/self/statm), -1 when unknown.
    static qint64 residentBytes();

    //! The line in full; it is painted cut with "…" when the status bar has less room for it.
    QString line() const { return m_line; }
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void changeEvent(QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;

private:
    void setSteadyText(const QString &text);
    int lineHeight() const;

    const SimulationController &m_controller;
    const AssignmentView &m_view;
    QElapsedTimer m_memoryRead; //!< the resident size is read at most once a second
    qint64 m_resident = -1;
    qint32 m_group = -1;
    QString m_line;
    int m_hintWidth = 0; //!< the width asked for, in steps (see setSteadyText)
};

} // namespace Rblab
