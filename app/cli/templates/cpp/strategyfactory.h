// The plugin's root object: a stateless factory that makes a configured @NAME@ for every
// consumer (or rblab run) that needs one.
#pragma once

#include <rblab/strategyfactory.h>

#include <QObject>

class TemplateClassStrategyFactory final : public QObject, public Rblab::AllocationStrategyFactory
{
    Q_OBJECT
    // The IID carries the SDK's interface version; the JSON file is the metadata the host reads
    // before it loads the library (name, version, API version, parameter schema).
    Q_PLUGIN_METADATA(IID RBLAB_STRATEGY_FACTORY_IID FILE "@target@.json")
    Q_INTERFACES(Rblab::AllocationStrategyFactory)

public:
    Rblab::StrategyCreation create(
        const QVariantMap &params, const Rblab::StrategyProvider &provider) const override;
};
