// SPDX-License-Identifier: Apache-2.0
#include "machineroomnearbystrategy.h"

#include <exception>

namespace {

QString innerThrew(const QString &inner, const char *what)
{
    return QStringLiteral("inner strategy %1 threw an exception: %2")
        .arg(inner, what ? QString::fromLocal8Bit(what) : QStringLiteral("unknown exception"));
}

} // namespace

MachineRoomNearbyStrategy::MachineRoomNearbyStrategy(
    std::unique_ptr<Rblab::AllocationStrategy> inner, QString separator)
    : m_inner(std::move(inner)), m_separator(std::move(separator))
{
}

QString MachineRoomNearbyStrategy::name() const
{
    return QStringLiteral("MACHINE_ROOM_NEARBY-") + m_inner->name();
}

const MachineRoomGrouping &MachineRoomNearbyStrategy::grouping(
    const Rblab::MessageQueueList &mqAll, const QStringList &cidAll)
{
    // Every member of a group asks with the same lists: group once. The room lists handed to
    // the inner strategy then stay the same objects from call to call, so its own caches (the
    // ring of CONSISTENT_HASH) hit without comparing contents.
    if (!m_grouping || m_groupedCidAll != cidAll || m_groupedMqAll != mqAll) {
        m_grouping.emplace(mqAll, cidAll, m_separator);
        m_groupedMqAll = mqAll;
        m_groupedCidAll = cidAll;
    }
    return *m_grouping;
}

Rblab::AllocateResult MachineRoomNearbyStrategy::innerAllocate(const QString &consumerGroup,
    const QString &currentCid, const Rblab::MessageQueueList &mqs, const QStringList &cids)
{
    try {
        return m_inner->allocate(consumerGroup, currentCid, mqs, cids);
    } catch (const std::exception &e) {
        return Rblab::AllocateResult::failure(innerThrew(m_inner->name(), e.what()));
    } catch (...) {
        return Rblab::AllocateResult::failure(innerThrew(m_inner->name(), nullptr));
    }
}

Rblab::GroupAllocateResult MachineRoomNearbyStrategy::innerAllocateAll(
    const QString &consumerGroup, const Rblab::MessageQueueList &mqs, const QStringList &cids)
{
    Rblab::GroupAllocateResult result;
    try {
        result = m_inner->allocateAll(consumerGroup, mqs, cids);
    } catch (const std::exception &e) {
        return { {}, innerThrew(m_inner->name(), e.what()) };
    } catch (...) {
        return { {}, innerThrew(m_inner->name(), nullptr) };
    }
    if (result.ok() && result.perConsumer.size() != cids.size()) {
        result.error = QStringLiteral("inner strategy %1 answered for %2 consumers, asked for %3")
                           .arg(m_inner->name())
                           .arg(result.perConsumer.size())
                           .arg(cids.size());
    }
    return result;
}

Rblab::AllocateResult MachineRoomNearbyStrategy::allocate(const QString &consumerGroup,
    const QString &currentCid, const Rblab::MessageQueueList &mqAll, const QStringList &cidAll)
{
    if (auto early = checkArguments(currentCid, mqAll, cidAll)) {
        return *early;
    }
    const MachineRoomGrouping &g = grouping(mqAll, cidAll);
    if (!g.error().isNull()) {
        return Rblab::AllocateResult::failure(g.error());
    }
    Rblab::AllocateResult result;
    // 1. The queues of the consumer's own room, shared with that room's consumers only.
    const qsizetype own = g.indexOf(MachineRoomGrouping::roomOf(currentCid, m_separator));
    if (own >= 0 && !g.rooms().at(own).queues.isEmpty()) {
        const MachineRoomGrouping::Room &room = g.rooms().at(own);
        Rblab::AllocateResult mine
            = innerAllocate(consumerGroup, currentCid, room.queues, room.consumers);
        if (!mine.ok()) {
            return mine;
        }
        result.queues += mine.queues;
    }
    // 2. Each room with queues but no live consumer, on its own, over the whole group: with AVG
    // the first consumers take the extra queue in every such room (issues #2443/#2444).
    for (qsizetype r = 0; r < g.rooms().size(); ++r) {
        const MachineRoomGrouping::Room &room = g.rooms().at(r);
        if (r == own || room.queues.isEmpty() || !room.consumers.isEmpty()) {
            continue;
        }
        Rblab::AllocateResult shared
            = innerAllocate(consumerGroup, currentCid, room.queues, cidAll);
        if (!shared.ok()) {
            return shared;
        }
        result.queues += shared.queues;
    }
    return result;
}

Rblab::GroupAllocateResult MachineRoomNearbyStrategy::allocateAll(
    const QString &consumerGroup, const Rblab::MessageQueueList &mqAll, const QStringList &cidAll)
{
    Rblab::GroupAllocateResult result;
    if (cidAll.isEmpty()) {
        return result; // nobody asks, so nothing can fail
    }
    // The first consumer's call fails first. An empty id later in the list fails its check, but
    // the first consumer has already thrown on its empty room.
    if (auto early = checkArguments(cidAll.constFirst(), mqAll, cidAll); early && !early->ok()) {
        result.error = early->error;
        return result;
    }
    const MachineRoomGrouping &g = grouping(mqAll, cidAll);
    if (!g.error().isNull()) {
        result.error = g.error();
        return result;
    }
    const qsizetype m = cidAll.size();
    const QList<MachineRoomGrouping::Room> &rooms = g.rooms();

    QList<qsizetype> orphans;
    for (qsizetype r = 0; r < rooms.size(); ++r) {
        if (!rooms.at(r).queues.isEmpty() && rooms.at(r).consumers.isEmpty()) {
            orphans.append(r);
        }
    }

    // The inner strategy is asked once per room for all the consumers that would ask it, in the
    // order the members' calls would first reach each room (the first consumer's own room, the
    // orphan rooms, then the other consumers' rooms), so the first error is Java's first error.
    QList<Rblab::MessageQueueList> own(m);
    QList<bool> roomDone(rooms.size(), false);
    auto allocateOwnRoom = [&](qsizetype r) -> bool {
        roomDone[r] = true;
        const MachineRoomGrouping::Room &room = rooms.at(r);
        if (room.queues.isEmpty()) {
            return true;
        }
        Rblab::GroupAllocateResult inRoom
            = innerAllocateAll(consumerGroup, room.queues, room.consumers);
        if (!inRoom.ok()) {
            result.error = inRoom.error;
            return false;
        }
        for (qsizetype k = 0; k < room.consumerSlots.size(); ++k) {
            own[room.consumerSlots.at(k)] = std::move(inRoom.perConsumer[k]);
        }
        return true;
    };

    QList<QList<Rblab::MessageQueueList>> shared;
    shared.reserve(orphans.size());
    for (qsizetype i = 0; i < m; ++i) {
        const qsizetype r = g.roomOfSlot(i);
        if (!roomDone.at(r) && !allocateOwnRoom(r)) {
            return result;
        }
        if (i == 0) {
            for (qsizetype o : std::as_const(orphans)) {
                Rblab::GroupAllocateResult all
                    = innerAllocateAll(consumerGroup, rooms.at(o).queues, cidAll);
                if (!all.ok()) {
                    result.error = all.error;
                    return result;
                }
                shared.append(std::move(all.perConsumer));
            }
        }
    }

    // Each member's answer in Java's order: its own room's queues, then the orphan rooms'.
    result.perConsumer.resize(m);
    for (qsizetype i = 0; i < m; ++i) {
        Rblab::MessageQueueList &answer = result.perConsumer[i];
        answer = std::move(own[i]);
        for (const QList<Rblab::MessageQueueList> &room : std::as_const(shared)) {
            answer += room.at(i);
        }
    }
    return result;
}
