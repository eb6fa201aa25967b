// SPDX-License-Identifier: Apache-2.0
#include "machineroomstrategy.h"

#include <rblab/javastring.h>

#include <QHash>

namespace {

// The share of consumer `index` among m consumers: a block of q = |pre| / m queues, plus, for
// the first |pre| mod m consumers, the queue at index + q·m, i.e. from the tail of the list
// (unlike AVG, which shifts the later blocks instead).
Rblab::MessageQueueList share(const Rblab::MessageQueueList &pre, qsizetype index, qsizetype m)
{
    const qsizetype q = pre.size() / m;
    const qsizetype r = pre.size() % m;
    Rblab::MessageQueueList result = pre.mid(index * q, q);
    if (r > index) {
        result.append(pre.at(index + q * m));
    }
    return result;
}

} // namespace

MachineRoomStrategy::MachineRoomStrategy(std::optional<QSet<QString>> consumerIdcs)
    : m_consumerIdcs(std::move(consumerIdcs))
{
}

QString MachineRoomStrategy::name() const
{
    return QStringLiteral("MACHINE_ROOM");
}

QString MachineRoomStrategy::filter(
    const Rblab::MessageQueueList &mqAll, Rblab::MessageQueueList *pre) const
{
    const QString at = QStringLiteral("@");
    for (const Rblab::MessageQueue &mq : mqAll) {
        // brokerName.split("@"): Java drops trailing empty fields, so "room1@" is one field and
        // "@broker" two (with an empty idc). Only exactly two fields are considered.
        const QStringList fields = Rblab::javaSplit(mq.brokerName, at);
        if (fields.size() != 2) {
            continue;
        }
        if (!m_consumerIdcs) {
            // `temp.length == 2 && consumeridcs.contains(temp[0])`: the null set is touched only
            // now, so a topic without such broker names never throws.
            return QStringLiteral("NullPointerException: consumerIdcs is not set (Java's "
                                  "consumeridcs is null) and broker %1 names a machine room")
                .arg(mq.brokerName);
        }
        if (m_consumerIdcs->contains(fields.constFirst())) {
            pre->append(mq);
        }
    }
    return QString();
}

Rblab::AllocateResult MachineRoomStrategy::allocate(const QString &, const QString &currentCid,
    const Rblab::MessageQueueList &mqAll, const QStringList &cidAll)
{
    if (auto early = checkArguments(currentCid, mqAll, cidAll)) {
        return *early;
    }
    const qsizetype index = cidAll.indexOf(currentCid); // the first slot of a duplicated id
    if (index < 0) {
        return {}; // Java checks again; check() has already made this impossible
    }
    Rblab::MessageQueueList pre;
    if (const QString error = filter(mqAll, &pre); !error.isNull()) {
        return Rblab::AllocateResult::failure(error);
    }
    return { share(pre, index, cidAll.size()), QString() };
}

Rblab::GroupAllocateResult MachineRoomStrategy::allocateAll(
    const QString &, const Rblab::MessageQueueList &mqAll, const QStringList &cidAll)
{
    Rblab::GroupAllocateResult result;
    if (cidAll.isEmpty()) {
        return result; // nobody asks, so nothing can fail
    }
    if (auto early = checkArguments(cidAll.constFirst(), mqAll, cidAll); early && !early->ok()) {
        result.error = early->error;
        return result;
    }
    // The filter depends on mqAll alone: once for the group. If it throws, the first
    // consumer's call throws it.
    Rblab::MessageQueueList pre;
    if (const QString error = filter(mqAll, &pre); !error.isNull()) {
        result.error = error;
        return result;
    }
    const qsizetype m = cidAll.size();
    QHash<QString, qsizetype> firstSlot;
    firstSlot.reserve(m);
    result.perConsumer.resize(m);
    for (qsizetype i = 0; i < m; ++i) {
        if (cidAll.at(i).isEmpty()) {
            result.error = QStringLiteral("IllegalArgumentException: currentCID is empty");
            result.perConsumer.clear();
            return result;
        }
        if (const auto seen = firstSlot.constFind(cidAll.at(i)); seen != firstSlot.cend()) {
            result.perConsumer[i] = result.perConsumer.at(*seen);
            continue;
        }
        firstSlot.insert(cidAll.at(i), i);
        result.perConsumer[i] = share(pre, i, m);
    }
    return result;
}
