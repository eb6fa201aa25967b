// SPDX-License-Identifier: Apache-2.0
// The example of docs/plugin-sdk.md, built against an installed SDK by the package test.
#pragma once

#include <rblab/allocationstrategy.h>
#include <rblab/strategyfactory.h>

#include <QObject>

class QueueIdModStrategy final : public Rblab::AllocationStrategy
{
public:
    QString name() const override { return QStringLiteral("QUEUE_ID_MOD"); }
    Rblab::AllocateResult allocate(const QString &consumerGroup, const QString &currentCid,
        const Rblab::MessageQueueList &mqAll, const QStringList &cidAll) override;
};

class QueueIdModStrategyFactory final : public QObject, public Rblab::AllocationStrategyFactory
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID RBLAB_STRATEGY_FACTORY_IID FILE "queueidmod.json")
    Q_INTERFACES(Rblab::AllocationStrategyFactory)

public:
    Rblab::StrategyCreation create(
        const QVariantMap &params, const Rblab::StrategyProvider &provider) const override;
};
