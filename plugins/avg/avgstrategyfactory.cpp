// SPDX-License-Identifier: Apache-2.0
#include "avgstrategyfactory.h"

#include "avgstrategy.h"

Rblab::StrategyCreation AvgStrategyFactory::create(
    const QVariantMap &, const Rblab::StrategyProvider &) const
{
    return { std::make_unique<AvgStrategy>(), QString(), QString() };
}
