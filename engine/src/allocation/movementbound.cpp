// SPDX-License-Identifier: Apache-2.0
#include "allocation/movementbound.h"

#include <QHash>

#include <algorithm>
#include <functional>

namespace Rblab::MovementBound {

qsizetype moves(const QList<QString> &before, const QList<QString> &after)
{
    qsizetype count = 0;
    const qsizetype n = std::min(before.size(), after.size());
    for (qsizetype j = 0; j < n; ++j) {
        if (before.at(j) != after.at(j)) {
            ++count;
        }
    }
    return count + std::abs(before.size() - after.size());
}

qsizetype lowerBound(const QList<QString> &before, const QStringList &cidAfter)
{
    QHash<QString, qsizetype> held;
    for (const QString &cid : cidAfter) {
        held.insert(cid, 0);
    }
    if (held.isEmpty()) {
        return 0;
    }
    for (const QString &owner : before) {
        const auto it = held.find(owner);
        if (it != held.end()) {
            ++*it;
        }
    }
    QList<qsizetype> counts = held.values();
    std::sort(counts.begin(), counts.end(), std::greater<>());
    const qsizetype q = before.size();
    const qsizetype n = counts.size();
    const qsizetype floor = q / n;
    const qsizetype extra = q % n;
    qsizetype kept = 0;
    for (qsizetype i = 0; i < n; ++i) {
        kept += std::min(counts.at(i), floor + (i < extra ? 1 : 0));
    }
    return q - kept;
}

} // namespace Rblab::MovementBound
