// SPDX-License-Identifier: Apache-2.0
// The plugin interface: what a strategy plugin's root object implements.
#pragma once

#include <rblab/allocationstrategy.h>
#include <rblab/rblab_global.h>

#include <QObject>
#include <QString>
#include <QVariantMap>

#include <memory>

namespace Rblab {

/*!
    The outcome of making a strategy: the strategy, or which parameter is wrong and why.
*/
struct StrategyCreation
{
    std::unique_ptr<AllocationStrategy> strategy;
    QString parameter; //!< the offending parameter's name, empty when the error is not about one
    QString error; //!< null on success

    bool ok() const noexcept { return strategy != nullptr && error.isNull(); }
    static StrategyCreation failure(const QString &parameter, const QString &message)
    {
        return { nullptr, parameter, message };
    }
};

/*!
    What the host offers a factory while it makes a strategy: other strategies by name, with their
    parameters (MACHINE_ROOM_NEARBY wraps an inner strategy this way). The host validates those
    parameters against the other plugin's schema and guards against endless nesting.
*/
class RBLAB_SDK_EXPORT StrategyProvider
{
public:
    virtual StrategyCreation createStrategy(
        const QString &name, const QVariantMap &params) const = 0;

protected:
    ~StrategyProvider();
};

/*!
    The root object of a strategy plugin: a stateless factory (KDE's lesson) that makes a fresh,
    configured strategy for every consumer or run that needs one.

    Parameters arrive validated against the plugin's metadata schema, defaults filled in, with
    these C++ types: int → qlonglong, double → double, bool → bool, string and strategy → QString,
    stringList → QStringList, queueList → Rblab::MessageQueueList. Parameters the schema does not
    declare reach the factory only when its metadata sets "ForwardsParameters" (they are meant for
    an inner strategy), unvalidated.

    Versioning: the IID carries the interface's major version; the metadata's "ApiVersion" says
    which minor version the plugin was built against. A later minor version adds interfaces with
    IIDs of their own, which the host finds with qobject_cast, so plugins built against this one
    keep loading. API 1.1 added StrategyCollection (rblab/strategycollection.h): a plugin that
    offers one strategy per file it opens, such as the JavaScript plugin.
*/
class RBLAB_SDK_EXPORT AllocationStrategyFactory
{
public:
    virtual ~AllocationStrategyFactory();

    virtual StrategyCreation create(
        const QVariantMap &params, const StrategyProvider &provider) const = 0;
};

//! The API version this SDK declares; plugins put it in their metadata as "ApiVersion".
inline constexpr int StrategyApiMajorVersion = 1;
inline constexpr int StrategyApiMinorVersion = 1;

} // namespace Rblab

#define RBLAB_STRATEGY_FACTORY_IID "org.rebalancelab.AllocationStrategyFactory/1"
Q_DECLARE_INTERFACE(Rblab::AllocationStrategyFactory, RBLAB_STRATEGY_FACTORY_IID)
