// SPDX-License-Identifier: Apache-2.0
#include "avgstrategy.h"

#include <algorithm>

namespace {

// The block of consumer `index` (of m) over n queues, as AllocateMessageQueueAveragely computes it.
Rblab::MessageQueueList block(const Rblab::MessageQueueList &mqAll, qsizetype index, qsizetype m)
{
    const qsizetype n = mqAll.size();
    const qsizetype mod = n % m;
    const qsizetype averageSize = n <= m ? 1 : (mod > 0 && index < mod ? n / m + 1 : n / m);
    const qsizetype startIndex
        = (mod > 0 && index < mod) ? index * averageSize : index * averageSize + mod;
    const qsizetype range = std::min(averageSize, n - startIndex);
    Rblab::MessageQueueList result;
    if (range > 0) {
        result = mqAll.mid(startIndex, range);
    }
    return result;
}

} // namespace

QString AvgStrategy::name() const
{
    return QStringLiteral("AVG");
}

Rblab::AllocateResult AvgStrategy::allocate(const QString &, const QString &currentCid,
    const Rblab::MessageQueueList &mqAll, const QStringList &cidAll)
{
    if (auto early = checkArguments(currentCid, mqAll, cidAll)) {
        return *early;
    }
    // indexOf: a duplicated id always takes the first of its slots (RocketMQ issue #1547).
    return { block(mqAll, cidAll.indexOf(currentCid), cidAll.size()), QString() };
}

Rblab::GroupAllocateResult AvgStrategy::allocateAll(
    const QString &, const Rblab::MessageQueueList &mqAll, const QStringList &cidAll)
{
    Rblab::GroupAllocateResult result;
    if (cidAll.isEmpty()) {
        return result;
    }
    // One pass instead of m calls that each search cidAll.
    QList<qsizetype> slotOf;
    if (!memberSlots(mqAll, cidAll, &slotOf, &result.error)) {
        return result;
    }
    result.perConsumer.resize(cidAll.size());
    for (qsizetype i = 0; i < cidAll.size(); ++i) {
        result.perConsumer[i] = block(mqAll, slotOf.at(i), cidAll.size());
    }
    return result;
}
