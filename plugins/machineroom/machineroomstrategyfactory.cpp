// SPDX-License-Identifier: Apache-2.0
#include "machineroomstrategyfactory.h"

#include "machineroomstrategy.h"

#include <QSet>

namespace {
const QString kConsumerIdcs = QStringLiteral("consumerIdcs");
}

Rblab::StrategyCreation MachineRoomStrategyFactory::create(
    const QVariantMap &params, const Rblab::StrategyProvider &) const
{
    // "default": null in the metadata: an absent parameter stays absent, Java's null set.
    const auto it = params.constFind(kConsumerIdcs);
    if (it == params.cend() || it->isNull()) {
        return { std::make_unique<MachineRoomStrategy>(std::nullopt), QString(), QString() };
    }
    if (it->metaType() != QMetaType::fromType<QStringList>()) {
        return Rblab::StrategyCreation::failure(kConsumerIdcs,
            tr("consumerIdcs must be a list of strings, got a value of type %1")
                .arg(QString::fromLatin1(it->typeName())));
    }
    const QStringList idcs = it->toStringList();
    return { std::make_unique<MachineRoomStrategy>(QSet<QString>(idcs.cbegin(), idcs.cend())),
        QString(), QString() };
}
