// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <rblab/strategyfactory.h>

#include <QObject>

class AvgStrategyFactory final : public QObject, public Rblab::AllocationStrategyFactory
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID RBLAB_STRATEGY_FACTORY_IID FILE "avg.json")
    Q_INTERFACES(Rblab::AllocationStrategyFactory)

public:
    Rblab::StrategyCreation create(
        const QVariantMap &params, const Rblab::StrategyProvider &provider) const override;
};
