// SPDX-License-Identifier: Apache-2.0
// The hook through which a host runs some plugins outside its own process.
#pragma once

#include <rblab/rblab_global.h>
#include <rblab/strategyfactory.h>

#include <QString>
#include <QVariantMap>

namespace Rblab {

struct PluginRecord;

/*!
    What the registry asks before it makes a strategy: should this plugin run in another
    process, and if so, a strategy that stands for it there. The engine stays QtCore-only; the
    host (rblab, the app) implements this with a helper process and a local socket
    (app/pluginhost) and gives it to StrategyRegistry::setIsolation().

    The registry checks the parameters against the plugin's schema first, so create() only sees
    parameters that would reach the factory in process. Both functions may be called from any
    thread.
*/
class RBLAB_ENGINE_EXPORT StrategyIsolation
{
public:
    virtual ~StrategyIsolation();

    //! Whether strategies of this plugin run isolated.
    virtual bool isolates(const PluginRecord &record) const = 0;
    //! A strategy that forwards every call to the plugin's code in the helper process.
    virtual StrategyCreation create(const PluginRecord &record, const QVariantMap &params,
        const QString &defaultTopic) const = 0;
};

} // namespace Rblab
