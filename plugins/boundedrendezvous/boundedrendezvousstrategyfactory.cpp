// SPDX-License-Identifier: Apache-2.0
#include "boundedrendezvousstrategyfactory.h"

#include "boundedrendezvousstrategy.h"

Rblab::StrategyCreation BoundedRendezvousStrategyFactory::create(
    const QVariantMap &, const Rblab::StrategyProvider &) const
{
    return { std::make_unique<BoundedRendezvousStrategy>(), QString(), QString() };
}
