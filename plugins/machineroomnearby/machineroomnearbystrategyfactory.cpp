// SPDX-License-Identifier: Apache-2.0
#include "machineroomnearbystrategyfactory.h"

#include "machineroomnearbystrategy.h"

namespace {
const QString kInner = QStringLiteral("inner");
const QString kSeparator = QStringLiteral("separator");
} // namespace

Rblab::StrategyCreation MachineRoomNearbyStrategyFactory::create(
    const QVariantMap &params, const Rblab::StrategyProvider &provider) const
{
    const QString innerName = params.value(kInner, QStringLiteral("AVG")).toString();
    const QString separator = params.value(kSeparator, QStringLiteral("-")).toString();
    // The schema says so already; an empty separator would put every name in the room "".
    if (separator.isEmpty()) {
        return Rblab::StrategyCreation::failure(kSeparator, tr("separator must not be empty"));
    }
    // "ForwardsParameters": whatever this schema does not declare is the inner strategy's,
    // and the host checks it against the inner's schema when making it.
    QVariantMap forwarded = params;
    forwarded.remove(kInner);
    forwarded.remove(kSeparator);
    Rblab::StrategyCreation inner = provider.createStrategy(innerName, forwarded);
    if (!inner.ok()) {
        // Name the forwarded parameter at fault, else the inner strategy itself.
        return Rblab::StrategyCreation::failure(
            inner.parameter.isEmpty() ? kInner : inner.parameter,
            inner.error.isNull() ? tr("%1 made no strategy").arg(innerName) : inner.error);
    }
    return { std::make_unique<MachineRoomNearbyStrategy>(std::move(inner.strategy), separator),
        QString(), QString() };
}
