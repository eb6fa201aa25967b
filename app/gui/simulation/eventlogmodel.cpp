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

QString EventLogModel::liveChangeText(const Remoting::GroupChange &change)
{
    using K = Remoting::GroupChange::Kind;
    const auto owners = [](const QStringList &list) {
        //: A live group's change: a queue claimed by no client.
        return list.isEmpty() ? tr("nobody") : list.join(QStringLiteral(" + "));
    };
    const auto flow = [](const Remoting::FlowControl &f) {
        switch (f.cause) {
        case Remoting::FlowControl::Cause::CachedCount:
            //: %1 cached messages, %2 the setting's name (pullThresholdForQueue), %3 its value.
            return tr("%1 cached messages > %2 %3").arg(f.value).arg(f.setting).arg(f.threshold);
        case Remoting::FlowControl::Cause::CachedSize:
            return tr("%1 MiB cached > %2 %3").arg(f.value).arg(f.setting).arg(f.threshold);
        case Remoting::FlowControl::Cause::Span:
            return tr("offset span %1 > %2 %3").arg(f.value).arg(f.setting).arg(f.threshold);
        }
        return QString();
    };
    switch (change.kind) {
    case K::ClientJoined:
        return change.detail.isEmpty()
            ? tr("%1 joined the group").arg(change.subject)
            //: %1 the client id, %2 its address and version.
            : tr("%1 joined the group (%2)").arg(change.subject, change.detail);
    case K::ClientLeft:
        return tr("%1 is no longer in the group's connections").arg(change.subject);
    case K::QueueMoved:
        //: %1 a queue, %2 and %3 the clients that held it before and now.
        return tr("%1 moved from %2 to %3")
            .arg(change.subject, owners(change.from), owners(change.to));
    case K::DoubleOwned:
        return tr("%1 is claimed by %2").arg(change.subject, owners(change.to));
    case K::Orphaned:
        return tr("%1 is claimed by no client (it was %2's)")
            .arg(change.subject, owners(change.from));
    case K::ClientNotAnswering:
        //: %1 the client id, %2 why (the network's or the broker's words, as they came).
        return tr("%1 did not answer: %2").arg(change.subject, change.detail);
    case K::ClientAnswering:
        return tr("%1 answers again").arg(change.subject);
    case K::Problem:
        return tr("problem: %1").arg(change.subject);
    case K::ProblemGone:
        return tr("problem gone: %1").arg(change.subject);
    case K::FlowControlOn:
        //: %1 the queue, %2 the client, %3 why (e.g. 1200 cached messages > …).
        return tr("%2 holds back the pulls of %1: %3")
            .arg(change.subject, change.client,
                change.flowControl ? flow(*change.flowControl) : change.detail);
    case K::FlowControlOff:
        return change.flowControl
            ? tr("%2 pulls %1 again (was %3)")
                  .arg(change.subject, change.client, flow(*change.flowControl))
            : tr("%2 pulls %1 again").arg(change.subject, change.client);
    case K::StaleView:
        if (change.view) {
            //: %1 the client, %2 queues it holds, %3 its strategy, %4 the group's clients
            //: and queues as it saw them, %5 the queues the strategy gives it.
            QString text = tr("%1 holds %2 queues; %3 over %4 gives it %5")
                               .arg(change.subject)
                               .arg(change.view->held)
                               .arg(change.view->strategy, change.detail)
                               .arg(change.view->expected);
            if (!change.view->missing.isEmpty()) {
                text += tr("; missing %1").arg(change.view->missing.join(QStringLiteral(", ")));
            }
            if (!change.view->extra.isEmpty()) {
                text += tr("; not its own %1").arg(change.view->extra.join(QStringLiteral(", ")));
            }
            return text;
        }
        break;
    case K::StaleViewGone:
        if (change.view) {
            return tr("%1 holds %2 queues, as %3 gives")
                .arg(change.subject)
                .arg(change.view->held)
                .arg(change.view->strategy);
        }
        break;
    }
    return change.toText();
}

QString EventLogModel::detailText(const SimEvent &e, qsizetype row) const
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
        // The change itself, worded in the interface's language; GroupChange::toText() (the
        // line `rblab watch` prints) when the row is not the world's own.
        const std::shared_ptr<const Remoting::LiveWorld> live = m_controller.liveWorld();
        const Remoting::GroupChange *change = live ? live->changeAt(row) : nullptr;
        if (change && live->events().at(row).t == e.t && live->events().at(row).type == e.type) {
            return liveChangeText(*change);
        }
        return e.detail;
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
            return detailText(e, index.row());
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
