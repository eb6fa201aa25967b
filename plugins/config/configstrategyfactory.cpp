// SPDX-License-Identifier: Apache-2.0
#include "configstrategyfactory.h"

#include "configstrategy.h"

namespace {
const QString kQueues = QStringLiteral("queues");
}

Rblab::StrategyCreation ConfigStrategyFactory::create(
    const QVariantMap &params, const Rblab::StrategyProvider &) const
{
    // The host converts a queueList parameter to Rblab::MessageQueueList, the case's topic
    // filled in; an absent one ("default": null) stays absent and means Java's null.
    const auto it = params.constFind(kQueues);
    if (it == params.cend() || it->isNull()) {
        return { std::make_unique<ConfigStrategy>(std::nullopt), QString(), QString() };
    }
    if (it->metaType() != QMetaType::fromType<Rblab::MessageQueueList>()) {
        return Rblab::StrategyCreation::failure(kQueues,
            tr("queues must be a list of queues, got a value of type %1")
                .arg(QString::fromLatin1(it->typeName())));
    }
    return { std::make_unique<ConfigStrategy>(it->value<Rblab::MessageQueueList>()), QString(),
        QString() };
}
