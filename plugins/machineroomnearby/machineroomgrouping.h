// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <rblab/messagequeue.h>

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

/*!
    The two TreeMaps of AllocateMachineRoomNearby.allocate, built once for a membership: queues
    (mr2Mq) and consumers (mr2c) by machine room, rooms in Java's String order, each list in the
    order of mqAll and cidAll. Immutable after construction.
*/
class MachineRoomGrouping
{
public:
    struct Room
    {
        QString name;
        Rblab::MessageQueueList queues;
        QStringList consumers;
        QList<qsizetype> consumerSlots; //!< the index in cidAll of each of `consumers`
    };

    MachineRoomGrouping(
        const Rblab::MessageQueueList &mqAll, const QStringList &cidAll, const QString &separator);

    //! The resolver of this project: the text before the first separator, or the whole name.
    static QString roomOf(const QString &name, const QString &separator);

    //! "IllegalArgumentException: Machine room is null for …", or a null string.
    const QString &error() const { return m_error; }
    const QList<Room> &rooms() const { return m_rooms; }
    //! The index in rooms() of a room name, -1 if neither a queue nor a consumer is in it.
    qsizetype indexOf(const QString &room) const { return m_index.value(room, -1); }
    //! The index in rooms() of the room of cidAll[slot].
    qsizetype roomOfSlot(qsizetype slot) const { return m_roomOfSlot.at(slot); }

private:
    QString m_error;
    QList<Room> m_rooms;
    QHash<QString, qsizetype> m_index;
    QList<qsizetype> m_roomOfSlot;
};
