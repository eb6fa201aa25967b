// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <rblab/strategyfactory.h>

#include <QObject>

/*!
    The plugin's root object: makes BOUNDED_RENDEZVOUS strategies (no parameters).
*/
class BoundedRendezvousStrategyFactory final : public QObject,
                                               public Rblab::AllocationStrategyFactory
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID RBLAB_STRATEGY_FACTORY_IID FILE "boundedrendezvous.json")
    Q_INTERFACES(Rblab::AllocationStrategyFactory)

public:
    Rblab::StrategyCreation create(
        const QVariantMap &params, const Rblab::StrategyProvider &provider) const override;
};
