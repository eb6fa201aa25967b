// SPDX-License-Identifier: Apache-2.0
#include "machineroomgrouping.h"

#include <rblab/javastring.h>

#include <algorithm>

MachineRoomGrouping::MachineRoomGrouping(
    const Rblab::MessageQueueList &mqAll, const QStringList &cidAll, const QString &separator)
{
    auto roomIndex = [this](const QString &room) {
        const auto it = m_index.constFind(room);
        if (it != m_index.cend()) {
            return *it;
        }
        m_rooms.append(Room { room, {}, {}, {} });
        m_index.insert(room, m_rooms.size() - 1);
        return m_rooms.size() - 1;
    };

    // Java resolves every queue first (mqAll order), then every consumer (cidAll order), and
    // throws at the first empty room (StringUtils.isNoneEmpty). mqAll is sorted, so a broker's
    // queues are adjacent: resolve each broker name once.
    QString lastBroker;
    qsizetype lastRoom = -1;
    for (const Rblab::MessageQueue &mq : mqAll) {
        if (lastRoom < 0 || mq.brokerName != lastBroker) {
            const QString room = roomOf(mq.brokerName, separator);
            if (room.isEmpty()) {
                m_error = QStringLiteral("IllegalArgumentException: Machine room is null for mq ")
                    + mq.toString();
                return;
            }
            lastBroker = mq.brokerName;
            lastRoom = roomIndex(room);
        }
        m_rooms[lastRoom].queues.append(mq);
    }
    QList<qsizetype> roomOfSlot(cidAll.size());
    for (qsizetype i = 0; i < cidAll.size(); ++i) {
        const QString room = roomOf(cidAll.at(i), separator);
        if (room.isEmpty()) {
            m_error
                = QStringLiteral("IllegalArgumentException: Machine room is null for consumer id ")
                + cidAll.at(i);
            return;
        }
        const qsizetype r = roomIndex(room);
        m_rooms[r].consumers.append(cidAll.at(i));
        m_rooms[r].consumerSlots.append(i);
        roomOfSlot[i] = r;
    }

    // TreeMap<String, …> iterates in String.compareTo order.
    QList<qsizetype> order(m_rooms.size());
    for (qsizetype r = 0; r < order.size(); ++r) {
        order[r] = r;
    }
    std::sort(order.begin(), order.end(), [this](qsizetype a, qsizetype b) {
        return Rblab::javaCompare(m_rooms.at(a).name, m_rooms.at(b).name) < 0;
    });
    QList<qsizetype> newIndex(m_rooms.size());
    QList<Room> sorted;
    sorted.reserve(m_rooms.size());
    for (qsizetype r = 0; r < order.size(); ++r) {
        newIndex[order.at(r)] = r;
        sorted.append(std::move(m_rooms[order.at(r)]));
    }
    m_rooms = std::move(sorted);
    for (auto it = m_index.begin(); it != m_index.end(); ++it) {
        *it = newIndex.at(*it);
    }
    for (qsizetype &r : roomOfSlot) {
        r = newIndex.at(r);
    }
    m_roomOfSlot = std::move(roomOfSlot);
}

QString MachineRoomGrouping::roomOf(const QString &name, const QString &separator)
{
    const qsizetype at = name.indexOf(separator);
    return at < 0 ? name : name.left(at);
}
