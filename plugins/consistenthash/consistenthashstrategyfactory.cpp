// SPDX-License-Identifier: Apache-2.0
#include "consistenthashstrategyfactory.h"

#include "consistenthashstrategy.h"

#include <limits>

namespace {
const QString kVirtualNodeCount = QStringLiteral("virtualNodeCount");
}

Rblab::StrategyCreation ConsistentHashStrategyFactory::create(
    const QVariantMap &params, const Rblab::StrategyProvider &) const
{
    // The host has checked the value against the schema (0 … 10000, default 10); this guards a
    // host that did not, as AllocateMessageQueueConsistentHash's constructor rejects cnt < 0.
    bool ok = false;
    const qlonglong count = params.value(kVirtualNodeCount, 10).toLongLong(&ok);
    if (!ok || count < 0 || count > std::numeric_limits<int>::max()) {
        return Rblab::StrategyCreation::failure(kVirtualNodeCount,
            tr("virtualNodeCount must be an integer ≥ 0, got %1")
                .arg(params.value(kVirtualNodeCount).toString()));
    }
    return { std::make_unique<ConsistentHashStrategy>(int(count)), QString(), QString() };
}
