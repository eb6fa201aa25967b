// SPDX-License-Identifier: Apache-2.0
// The run's published events as a table, for the event log.
#pragma once

#include "simulation/frame.h"

#include <groupsnapshot.h>

#include <QAbstractTableModel>
#include <QSet>
#include <QSortFilterProxyModel>

namespace Rblab {

class SimulationController;

/*!
    A table over the controller's event history (it does not copy the events): rows are appended
    as frames bring new events and the whole table resets when a new run starts. Text is made
    at data() time, so a language switch only needs a repaint.
*/
class EventLogModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { TimeColumn, KindColumn, ConsumerColumn, WhereColumn, DetailColumn, ColumnCount };
    enum Role { TypeRole = Qt::UserRole + 1, ConsumerRole, QueueRole };

    explicit EventLogModel(const SimulationController &controller, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(
        int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    //! Brings the model up to the controller's history (called on every frame).
    void synchronize();
    void reset();
    void retranslate();
    /*!
        What a live group's events of `type` are called ("left the group" for Kill); empty
        for a type whose live events have no name of their own.
    */
    static QString liveTypeName(SimEvent::Type type);

private:
    //! A live group's change kind as the log names it ("left the group", "stale view").
    static QString kindText(Remoting::GroupChange::Kind kind);
    //! A live group's event: the change's name ("left the group"); empty for any other.
    QString liveKindName(const SimEvent &e) const;
    //! `row`: the event's index in the run's events (a live change is worded from it).
    QString detailText(const SimEvent &event, qsizetype row = -1) const;

public:
    /*!
        A live group's change as a line in the interface's language (GroupChange::toText() is
        `rblab watch`'s English): the same facts, the client's own error text as it came.
    */
    static QString liveChangeText(const Remoting::GroupChange &change);

private:
    /*!
        The clock time of the consumer's last log line when `event` is an observed world's
        inferred kill (ObservedWorld::silentSince): the logs show silence, not a kill, and the
        log says "silent" (issue 37 item 5). Empty otherwise.
    */
    QString silentSince(const SimEvent &event) const;

    const SimulationController &m_controller;
    qsizetype m_rows = 0;
};

/*!
    Filters the log by event kind (the check list in the log's toolbar).
*/
class EventLogFilter : public QSortFilterProxyModel
{
    Q_OBJECT

public:
    using QSortFilterProxyModel::QSortFilterProxyModel;
    void setHiddenTypes(const QSet<int> &types);
    const QSet<int> &hiddenTypes() const { return m_hidden; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    QSet<int> m_hidden;
};

} // namespace Rblab
