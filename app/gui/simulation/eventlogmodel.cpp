// SPDX-License-Identifier: Apache-2.0
#include "simulation/eventlogmodel.h"

#include "observed/observedworld.h"

#include "teaching/flowcontroltext.h"
#include "guitext.h"
#include "simulation/strategyerrortext.h"
#include "simulation/simulationcontroller.h"

#include <groupsnapshot.h>
#include <liveworld.h>

namespace Rblab {

EventLogModel::EventLogModel(const SimulationController &controller, QObject *parent)
    : QAbstractTableModel(parent), m_controller(controller)
{
}

int EventLogModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows);
}

int EventLogModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

void EventLogModel::synchronize()
{
    const qsizetype total = m_controller.events().size();
    if (total < m_rows) {
        reset();
        return;
    }
    if (total == m_rows) {
        return;
    }
    beginInsertRows(QModelIndex(), int(m_rows), int(total - 1));
    m_rows = total;
    endInsertRows();
}

void EventLogModel::reset()
{
    beginResetModel();
    m_rows = m_controller.events().size();
    endResetModel();
}

void EventLogModel::retranslate()
{
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (m_rows > 0) {
        emit dataChanged(index(0, 0), index(int(m_rows) - 1, ColumnCount - 1));
    }
}

QString EventLogModel::silentSince(const SimEvent &e) const
{
    if (e.type != SimEvent::Type::Kill || e.consumer < 0) {
        return QString();
    }
    const std::shared_ptr<const ObservedWorld> world = m_controller.observedWorld();
    return world ? world->silentSince().value(e.consumer) : QString();
}

QString EventLogModel::kindText(Remoting::GroupChange::Kind kind)
{
    using K = Remoting::GroupChange::Kind;
    switch (kind) {
    case K::ClientJoined:
        //: The event log of a live group: a client appeared in the group's connections.
        return tr("client joined");
    case K::ClientLeft:
        //: The event log of a live group: a client is no longer in the group's connections
        //: (shut down, killed or cut off: the brokers cannot tell).
        return tr("left the group");
    case K::QueueMoved:
        return tr("queues moved");
    case K::DoubleOwned:
        return tr("double-owned");
    case K::Orphaned:
        return tr("orphaned");
    case K::ClientNotAnswering:
        return tr("not answering");
    case K::ClientAnswering:
        return tr("answering again");
    case K::Problem:
        return tr("problem");
    case K::ProblemGone:
        return tr("problem gone");
    case K::FlowControlOn:
        return GuiText::eventName(SimEvent::Type::FlowControlOn);
    case K::FlowControlOff:
        return GuiText::eventName(SimEvent::Type::FlowControlOff);
    case K::StaleView:
        //: The event log of a live group: a client's queues differ from what its own strategy
        //: gives for the group's current members, two polls running.
        return tr("stale view");
    case K::StaleViewGone:
        //: The event log of a live group: a client's queues agree with its strategy again.
        return tr("view up to date");
    default:
        // A kind added after this view: its own name, readable ("flow-control" → "flow control").
        return Remoting::GroupChange::kindName(kind).replace(QLatin1Char('-'), QLatin1Char(' '));
    }
}

QString EventLogModel::liveTypeName(SimEvent::Type type)
{
    using K = Remoting::GroupChange::Kind;
    switch (type) {
    case SimEvent::Type::Join:
        return kindText(K::ClientJoined);
    case SimEvent::Type::Kill:
        return kindText(K::ClientLeft);
    case SimEvent::Type::Freeze:
        return kindText(K::ClientNotAnswering);
    case SimEvent::Type::Unfreeze:
        return kindText(K::ClientAnswering);
    default:
        return QString();
    }
}

QString EventLogModel::liveKindName(const SimEvent &e) const
{
    const int kind = Remoting::LiveWorld::changeKind(e);
    if (kind < 0 || !m_controller.isLive()) {
        return QString();
    }
    return kindText(Remoting::GroupChange::Kind(kind));
}

QString EventLogModel::detailText(const SimEvent &e) const
{
    const CatalogPtr catalog = m_controller.catalog();
    if (!catalog) {
        return e.detail;
    }
    if (const QString since = silentSince(e); !since.isEmpty()) {
        //: The event log of imported logs: a client whose lines stop without "shutdown OK".
        //: %1 the client, %2 its last line's time (HH:MM:SS).
        return tr("%1 silent since %2 (last log line); no \"shutdown OK\": hung or killed, the "
                  "logs cannot tell")
            .arg(catalog->consumerLabel(e.consumer), since);
    }
    if (e.type != SimEvent::Type::Rebalance && !liveKindName(e).isEmpty()) {
        return e.detail; // GroupChange::toText(): the change as `rblab watch` prints it
    }
    switch (e.type) {
    case SimEvent::Type::Rebalance: {
        QStringList added;
        QStringList removed;
        for (qint32 q : e.added) {
            added.append(catalog->queueLabel(q));
        }
        for (qint32 q : e.removed) {
            removed.append(catalog->queueLabel(q));
        }
        QStringList parts;
        if (!added.isEmpty()) {
            parts.append(tr("+%1").arg(added.join(QStringLiteral(", "))));
        }
        if (!removed.isEmpty()) {
            parts.append(tr("−%1").arg(removed.join(QStringLiteral(", "))));
        }
        return parts.join(QStringLiteral("  "));
    }
    case SimEvent::Type::FlowControlOn: {
        // The sentence with the counts, then RocketMQ's own WARN line for the same check.
        const QString sentence = FlowControlText::sentence(e);
        if (sentence.isEmpty()) {
            return GuiText::flowCauseName(e.cause);
        }
        const QString warning = FlowControlText::rocketmqWarning(e, *catalog);
        return warning.isEmpty() ? sentence : tr("%1 — RocketMQ: %2").arg(sentence, warning);
    }
    case SimEvent::Type::StrategyError:
        // Recorded in English (reports read the same in every language): translated here, so
        // a language switch changes it too (issue 37 item 7).
        return StrategyErrorText::translated(e.detail);
    case SimEvent::Type::SetChurn:
        // The engine names the churning group, or nothing when churn stops.
        return e.detail.isEmpty() ? tr("off") : tr("on for %1").arg(e.detail);
    default:
        return e.detail;
    }
}

QVariant EventLogModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows || index.row() >= m_controller.events().size()) {
        return QVariant();
    }
    const SimEvent &e = m_controller.events().at(index.row());
    switch (role) {
    case TypeRole:
        return int(e.type);
    case ConsumerRole:
        return e.consumer;
    case QueueRole:
        return e.queue >= 0 ? e.queue : (e.added.isEmpty() ? -1 : e.added.first());
    case Qt::ToolTipRole: {
        // The whole event on hover: the dock is narrow and the detail column often off screen.
        QStringList lines;
        for (int column = 0; column < ColumnCount; ++column) {
            const QString text = data(this->index(index.row(), column), Qt::DisplayRole).toString();
            if (!text.isEmpty()) {
                lines.append(QStringLiteral("%1: %2").arg(
                    headerData(column, Qt::Horizontal, Qt::DisplayRole).toString(), text));
            }
        }
        return lines.join(QLatin1Char('\n'));
    }
    case Qt::DisplayRole: {
        const CatalogPtr catalog = m_controller.catalog();
        switch (index.column()) {
        case TimeColumn:
            return GuiText::clock(e.t);
        case KindColumn:
            if (const QString live = liveKindName(e); !live.isEmpty()) {
                return live;
            }
            return silentSince(e).isEmpty() ? GuiText::eventName(e.type)
                                            : GuiText::observedEventName(e.type);
        case ConsumerColumn:
            return catalog ? catalog->consumerLabel(e.consumer) : QString();
        case WhereColumn:
            if (!catalog) {
                return QString();
            }
            if (e.queue >= 0) {
                return catalog->queueLabel(e.queue);
            }
            if (e.broker >= 0) {
                return catalog->brokers.value(e.broker);
            }
            return catalog->topics.value(e.topic);
        case DetailColumn:
            return detailText(e);
        default:
            return QVariant();
        }
    }
    default:
        return QVariant();
    }
}

QVariant EventLogModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) {
        return QVariant();
    }
    switch (section) {
    case TimeColumn:
        return tr("Time");
    case KindColumn:
        return tr("Event");
    case ConsumerColumn:
        return tr("Consumer");
    case WhereColumn:
        return tr("Queue / broker");
    case DetailColumn:
        return tr("Detail");
    default:
        return QVariant();
    }
}

void EventLogFilter::setHiddenTypes(const QSet<int> &types)
{
    m_hidden = types;
    invalidateFilter();
}

bool EventLogFilter::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    if (m_hidden.isEmpty()) {
        return true;
    }
    const QModelIndex i = sourceModel()->index(sourceRow, 0, sourceParent);
    return !m_hidden.contains(i.data(EventLogModel::TypeRole).toInt());
}

} // namespace Rblab

#include "moc_eventlogmodel.cpp"
