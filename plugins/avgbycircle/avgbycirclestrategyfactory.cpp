// SPDX-License-Identifier: Apache-2.0
#include "avgbycirclestrategyfactory.h"

#include "avgbycirclestrategy.h"

Rblab::StrategyCreation AvgByCircleStrategyFactory::create(
    const QVariantMap &, const Rblab::StrategyProvider &) const
{
    // AllocateMessageQueueAveragelyByCircle has no settings: nothing to read.
    return { std::make_unique<AvgByCircleStrategy>(), QString(), QString() };
}
