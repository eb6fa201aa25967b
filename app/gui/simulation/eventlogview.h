// SPDX-License-Identifier: Apache-2.0
// The event log: what happened, filterable by kind; a click selects what it is about.
#pragma once

#include "simulation/selection.h"

#include <QWidget>

class QMenu;
class QTableView;
class QToolButton;
class QLabel;

namespace Rblab {

class EventLogFilter;
class EventLogModel;
class SimulationController;

/*!
    A table of the run's events, newest at the bottom and followed while the view is scrolled to
    the end. A "Kinds" menu hides or shows each kind of event; clicking a row selects its
    consumer (or its queue) in the whole window.
*/
class EventLogView : public QWidget
{
    Q_OBJECT

public:
    explicit EventLogView(const SimulationController &controller, QWidget *parent = nullptr);

    EventLogModel *model() const { return m_model; }
    //! The kinds the "Kinds" menu lists, in its order (tests).
    QStringList kindNames() const;
    EventLogFilter *filter() const { return m_filter; }
    //! Rows shown after filtering.
    int visibleRowCount() const;
    void setTypeVisible(int type, bool visible);

signals:
    void selectionRequested(const Rblab::Selection &selection);

protected:
    void changeEvent(QEvent *event) override;

private:
    void handleFrame();
    void handleClicked(const QModelIndex &index);
    void rebuildKindsMenu();
    //! Column widths from the table's font (the language and presenter zoom change them).
    void fitColumns();
    void retranslate();

    const SimulationController &m_controller;
    EventLogModel *m_model = nullptr;
    EventLogFilter *m_filter = nullptr;
    QTableView *m_table = nullptr;
    QToolButton *m_kinds = nullptr;
    QMenu *m_kindsMenu = nullptr;
    QLabel *m_count = nullptr;
};

} // namespace Rblab
