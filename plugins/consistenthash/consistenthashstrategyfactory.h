// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <rblab/strategyfactory.h>

#include <QObject>

/*!
    The plugin's root object: makes CONSISTENT_HASH strategies with their virtualNodeCount.
*/
class ConsistentHashStrategyFactory final : public QObject, public Rblab::AllocationStrategyFactory
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID RBLAB_STRATEGY_FACTORY_IID FILE "consistenthash.json")
    Q_INTERFACES(Rblab::AllocationStrategyFactory)

public:
    Rblab::StrategyCreation create(
        const QVariantMap &params, const Rblab::StrategyProvider &provider) const override;
};
