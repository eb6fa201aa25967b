// SPDX-License-Identifier: Apache-2.0
// Finds, checks and loads strategy plugins, and makes strategies by name.
#pragma once

#include "allocation/pluginmetadata.h"

#include <rblab/rblab_global.h>
#include <rblab/strategycollection.h>
#include <rblab/strategyfactory.h>

#include <QCoreApplication>
#include <QList>
#include <QReadWriteLock>
#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

class QPluginLoader;

namespace Rblab {

class StrategyIsolation;

/*!
    What the registry knows of one plugin file (Tiled's PluginFile, Qt Creator's PluginSpec):
    where it is, how far loading got, and why it stopped.
*/
struct RBLAB_ENGINE_EXPORT PluginRecord
{
    enum class State {
        Loaded, //!< its strategy can be made
        NotAPlugin, //!< a library without Qt plugin metadata
        WrongInterface, //!< another IID, or an incompatible ApiVersion
        InvalidMetadata,
        LoadFailed, //!< the library or its root object could not be loaded
        Duplicate, //!< another plugin already provides its strategy name
    };

    QString file; //!< absolute path, or ":static:<class>" for a linked-in plugin
    State state = State::NotAPlugin;
    QString error; //!< why it failed, for people; empty when loaded
    StrategyMetadata metadata;
    AllocationStrategyFactory *factory = nullptr; //!< owned by Qt's plugin loader, never unloaded

    // API 1.1, strategies written in files (StrategyCollection): the plugin that runs them has
    // `collection` set and offers no strategy of its own; each file it opened has a record of
    // its own, whose factory the collection made (kept alive by ownedFactory).
    StrategyCollection *collection = nullptr;
    std::shared_ptr<const AllocationStrategyFactory> ownedFactory;
    QString provider; //!< for a file a collection opened: the collection plugin's file

    bool loaded() const { return state == State::Loaded; }
};

RBLAB_ENGINE_EXPORT QString pluginStateName(PluginRecord::State state);

/*!
    The strategy registry: discovers plugins in the built-in folder, the per-user folder
    (QStandardPaths), RBLAB_PLUGIN_PATH and extra folders (the --plugin-dir option), plus plugins
    linked in statically; keeps a record for every library file it met, loaded or not; and makes
    configured strategies by name, for the host and for plugins that wrap another strategy.

    Metadata is read and checked before a library is loaded (QPluginLoader::metaData()), so a
    plugin of another interface version is never run. Libraries are never unloaded. After load()
    the registry is read-only and may be used from any thread.
*/
class RBLAB_ENGINE_EXPORT StrategyRegistry final : public StrategyProvider
{
    Q_DECLARE_TR_FUNCTIONS(Rblab::StrategyRegistry)

public:
    struct Sources
    {
        QStringList extraDirectories; //!< --plugin-dir, searched last
        bool builtin = true;
        bool user = true;
        bool environment = true; //!< RBLAB_PLUGIN_PATH, separated by ':'
        bool staticPlugins = true;
    };

    StrategyRegistry();
    ~StrategyRegistry();
    Q_DISABLE_COPY_MOVE(StrategyRegistry)

    //! Discovers and loads, in this order: static, built-in, user, environment, extra folders.
    void load(const Sources &sources);
    void load() { load(Sources()); }
    //! Loads the plugins of one folder (or one library file); may be called again later.
    void loadFrom(const QString &directoryOrFile);

    //! The built-in plugin folders, next to the programs in the build tree and after install.
    static QStringList builtinDirectories();
    //! The per-user folder (…/rebalance-lab/plugins under the generic data location).
    static QString userDirectory();

    const QList<PluginRecord> &records() const { return m_records; }
    QList<const PluginRecord *> strategies() const; //!< loaded, sorted by name
    QList<const PluginRecord *> failures() const;
    QStringList strategyNames() const;
    const PluginRecord *find(const QString &name) const;

    /*!
        Reads a strategy file (a .js file) again, or for the first time, through the plugin that
        runs its kind, and makes its new version the one create() uses: strategies made before
        keep running the old version until they are made again (a deploy). Returns the record as
        it now is; on failure the old version, if any, stays in service and the returned record
        says why (state and error). Safe while other threads call create(): records are replaced
        under a write lock. Call it from the thread that reads records() and keeps find()'s
        pointers (the GUI thread).
    */
    PluginRecord reloadScript(const QString &path);
    /*!
        Reads a strategy file as reloadScript() would, with the same checks, without putting it
        in service: the workbench checks a saved file this way before it replaces the running
        version.
    */
    PluginRecord openScript(const QString &path) const;
    /*!
        Loads a new build of a native plugin file from a private copy in copyDirectory (the
        dynamic loader hands back the library already loaded for a path, so a rebuilt file
        cannot be loaded under its own name) with the usual checks, without putting it in
        service. The record names the original file; the copy stays loaded for good.
    */
    PluginRecord openLibraryCopy(const QString &path, const QString &copyDirectory);
    /*!
        Puts a record made by openScript() or openLibraryCopy() in service in place of the one
        of the same file (or adds it): create() makes the new version from now on, and
        strategies made before keep the old one. A record that failed, or whose name another
        file provides, leaves the running version in place; the returned record says why.
        Same threading rules as reloadScript().
    */
    PluginRecord putInService(PluginRecord record);
    //! True when a loaded collection plugin opens files with this name's suffix.
    bool isScriptFile(const QString &path) const;

    //! Checks parameters for a strategy as create() would, without making one (the GUI's form).
    ParameterCheck checkParameters(const QString &name, const QVariantMap &params,
        const QString &defaultTopic = QString()) const;

    /*!
        Makes a configured strategy. Parameters are checked against the plugin's schema first;
        a factory that throws is reported as an error, never propagated.
    */
    StrategyCreation create(const QString &name, const QVariantMap &params,
        const QString &defaultTopic = QString()) const;

    /*!
        Hands the strategies of the plugins it selects to an isolation (a helper process): the
        strategies create() makes for them forward their calls there. Null (the default) runs
        every plugin in process. Not owned; set it before strategies are made.
    */
    void setIsolation(const StrategyIsolation *isolation) { m_isolation = isolation; }
    const StrategyIsolation *isolation() const { return m_isolation; }

    // StrategyProvider: what a wrapping strategy's factory calls.
    StrategyCreation createStrategy(const QString &name, const QVariantMap &params) const override;

private:
    void loadFile(const QString &path);
    void loadScript(const QString &path);
    const PluginRecord *collectionFor(const QString &path) const;
    const PluginRecord *findLocked(const QString &name) const; //!< the caller holds m_lock
    void addRecord(PluginRecord record);
    StrategyCreation createNested(
        const QString &name, const QVariantMap &params, const QString &defaultTopic) const;

    QList<PluginRecord> m_records;
    std::vector<std::unique_ptr<QPluginLoader>> m_loaders;
    QStringList m_seenFiles;
    // Guards m_records against reloadScript() while other threads create strategies.
    mutable QReadWriteLock m_lock { QReadWriteLock::Recursive };
    std::vector<std::shared_ptr<const AllocationStrategyFactory>> m_retiredFactories;
    const StrategyIsolation *m_isolation = nullptr;
};

/*!
    Called as plugin code starts (the strategy's name) and ends (a null name) for every factory
    create and strategy call made through the registry and the guarded calls below. A host sets
    one to say which plugin was running when the process dies (rblab's fatal-signal handler);
    calls nest when a wrapping strategy creates its inner one. Not thread-safe to change while
    calls run.
*/
using PluginCallHook = void (*)(const QString *strategy);
RBLAB_ENGINE_EXPORT void setPluginCallHook(PluginCallHook hook);

/*!
    Calls a strategy the way the host must: an exception escaping a plugin becomes an error
    result ("strategy X threw …"), as RebalanceImpl catches it, logs it and skips the round.
*/
RBLAB_ENGINE_EXPORT AllocateResult guardedAllocate(AllocationStrategy &strategy,
    const QString &group, const QString &currentCid, const MessageQueueList &mqAll,
    const QStringList &cidAll);
RBLAB_ENGINE_EXPORT GroupAllocateResult guardedAllocateAll(AllocationStrategy &strategy,
    const QString &group, const MessageQueueList &mqAll, const QStringList &cidAll);

} // namespace Rblab
