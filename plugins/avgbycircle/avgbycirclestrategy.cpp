// SPDX-License-Identifier: Apache-2.0
#include "avgbycirclestrategy.h"

#include <QHash>

QString AvgByCircleStrategy::name() const
{
    return QStringLiteral("AVG_BY_CIRCLE");
}

Rblab::AllocateResult AvgByCircleStrategy::allocate(const QString &, const QString &currentCid,
    const Rblab::MessageQueueList &mqAll, const QStringList &cidAll)
{
    if (auto early = checkArguments(currentCid, mqAll, cidAll)) {
        return *early;
    }
    // AllocateMessageQueueAveragelyByCircle walks every index and keeps those with
    // i % m == index; stepping by m visits the same queues in the same order. indexOf: a
    // duplicated id (RocketMQ issue #1547) always takes the first of its slots.
    const qsizetype index = cidAll.indexOf(currentCid);
    const qsizetype m = cidAll.size();
    Rblab::AllocateResult result;
    result.queues.reserve(mqAll.size() / m + 1);
    for (qsizetype i = index; i < mqAll.size(); i += m) {
        result.queues.append(mqAll.at(i));
    }
    return result;
}

Rblab::GroupAllocateResult AvgByCircleStrategy::allocateAll(
    const QString &, const Rblab::MessageQueueList &mqAll, const QStringList &cidAll)
{
    Rblab::GroupAllocateResult result;
    if (cidAll.isEmpty()) {
        return result; // nobody asks, so nothing can fail
    }
    const qsizetype m = cidAll.size();
    QList<qsizetype> slotOf;
    if (!memberSlots(mqAll, cidAll, &slotOf, &result.error)) {
        return result;
    }
    // One pass over the queues: queue j belongs to slot j mod m, O(n + m) instead of m calls
    // that each search cidAll.
    QList<Rblab::MessageQueueList> bySlot(m);
    const qsizetype perSlot = mqAll.size() / m + 1;
    for (qsizetype j = 0; j < mqAll.size(); ++j) {
        Rblab::MessageQueueList &slot = bySlot[j % m];
        if (slot.isEmpty()) {
            slot.reserve(perSlot);
        }
        slot.append(mqAll.at(j));
    }
    result.perConsumer.resize(m);
    for (qsizetype i = 0; i < m; ++i) {
        // A duplicated id answers with its first slot; the later slot's queues go to nobody,
        // exactly as in the Java client.
        result.perConsumer[i] = bySlot.at(slotOf.at(i));
    }
    return result;
}
