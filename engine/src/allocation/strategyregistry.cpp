// SPDX-License-Identifier: Apache-2.0
#include "allocation/strategyregistry.h"

#include "allocation/strategyisolation.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonObject>
#include <QLibrary>
#include <QLoggingCategory>
#include <QPluginLoader>
#include <QStandardPaths>

#include <algorithm>
#include <exception>

#include <dlfcn.h>

Q_LOGGING_CATEGORY(lcRegistry, "rblab.registry", QtWarningMsg)

namespace Rblab {

namespace {

const QString kIid = QStringLiteral(RBLAB_STRATEGY_FACTORY_IID);
const QString kIidStem = QStringLiteral("org.rebalancelab.AllocationStrategyFactory/");
const QString kCollectionIid = QStringLiteral(RBLAB_STRATEGY_COLLECTION_IID);
// The suffixes of strategy files, known even when no plugin that runs them is loaded (so that a
// .js file in a plugin folder is never skipped silently).
const QStringList kScriptSuffixes = { QStringLiteral("js") };
constexpr int kMaxNesting = 8;

// The creation in progress on this thread: wrapping strategies create their inner strategy
// through StrategyProvider, which must see the same default topic and a bounded depth.
thread_local int t_nesting = 0;
thread_local QString t_defaultTopic;

PluginCallHook g_pluginCallHook = nullptr;

// Tells the host's hook, if any, that plugin code runs for the lifetime of the scope.
class PluginCallScope
{
public:
    explicit PluginCallScope(const QString &strategy)
    {
        if (g_pluginCallHook) {
            g_pluginCallHook(&strategy);
        }
    }
    ~PluginCallScope()
    {
        if (g_pluginCallHook) {
            g_pluginCallHook(nullptr);
        }
    }
    PluginCallScope(const PluginCallScope &) = delete;
    PluginCallScope &operator=(const PluginCallScope &) = delete;
};

QString engineLibraryDirectory()
{
    Dl_info info;
    if (dladdr(reinterpret_cast<void *>(&pluginStateName), &info) != 0 && info.dli_fname) {
        return QFileInfo(QString::fromLocal8Bit(info.dli_fname)).absolutePath();
    }
    return QString();
}

QString exceptionText(const char *what, const QString &strategy)
{
    return QCoreApplication::translate(
        "Rblab::StrategyRegistry", "strategy %1 threw an exception: %2")
        .arg(strategy, what ? QString::fromLocal8Bit(what) : QStringLiteral("unknown exception"));
}

// What is checked before a plugin's code runs, for files and linked-in plugins alike: the
// interface (IID) version, the metadata, the API version. Fills record->state/error on failure.
bool checkPluginMetaData(const QJsonObject &meta, PluginRecord *record)
{
    const char *const context = "Rblab::StrategyRegistry";
    const QString iid = meta.value(QStringLiteral("IID")).toString();
    if (iid != kIid && iid != kCollectionIid) {
        record->state = PluginRecord::State::WrongInterface;
        record->error = iid.startsWith(kIidStem) ? QCoreApplication::translate(context,
                            "wrong interface version: built for %1, this "
                            "program loads %2")
                                                       .arg(iid, kIid)
                                                 : QCoreApplication::translate(context,
                                                     "not a strategy plugin: its interface is "
                                                     "\"%1\", expected \"%2\"")
                                                       .arg(iid, kIid);
        return false;
    }
    QString error;
    record->metadata
        = StrategyMetadata::fromJson(meta.value(QStringLiteral("MetaData")).toObject(), &error);
    if (!error.isNull()) {
        record->state = PluginRecord::State::InvalidMetadata;
        record->error = error;
        return false;
    }
    // A collection plugin needs API 1.1, where StrategyCollection was added.
    const int neededMinor = iid == kCollectionIid ? std::max(record->metadata.apiMinor, 1)
                                                  : record->metadata.apiMinor;
    if (record->metadata.apiMajor != StrategyApiMajorVersion
        || neededMinor > StrategyApiMinorVersion) {
        record->state = PluginRecord::State::WrongInterface;
        record->error = QCoreApplication::translate(context,
            "wrong interface version: the plugin "
            "needs API %1.%2, this program "
            "provides %3.%4")
                            .arg(record->metadata.apiMajor)
                            .arg(record->metadata.apiMinor)
                            .arg(StrategyApiMajorVersion)
                            .arg(StrategyApiMinorVersion);
        return false;
    }
    return true;
}

} // namespace

QString pluginStateName(PluginRecord::State state)
{
    switch (state) {
    case PluginRecord::State::Loaded:
        return QStringLiteral("loaded");
    case PluginRecord::State::NotAPlugin:
        return QStringLiteral("not a plugin");
    case PluginRecord::State::WrongInterface:
        return QStringLiteral("wrong interface version");
    case PluginRecord::State::InvalidMetadata:
        return QStringLiteral("invalid metadata");
    case PluginRecord::State::LoadFailed:
        return QStringLiteral("load failed");
    case PluginRecord::State::Duplicate:
        return QStringLiteral("duplicate strategy name");
    }
    return QString();
}

StrategyRegistry::StrategyRegistry() = default;

StrategyRegistry::~StrategyRegistry()
{
    // Loaders are released without unload(): strategies made by the plugins may still exist,
    // and Qt keeps the libraries mapped until the process ends.
    for (auto &loader : m_loaders) {
        (void)loader.release();
    }
}

QStringList StrategyRegistry::builtinDirectories()
{
    QStringList dirs;
    auto add = [&dirs](const QString &base, const char *relative) {
        if (base.isEmpty()) {
            return;
        }
        const QString dir = QDir::cleanPath(base + QLatin1Char('/') + QLatin1String(relative));
        if (!dirs.contains(dir)) {
            dirs.append(dir);
        }
    };
    // Plugins live in <libdir>/rebalance-lab/plugins beside the engine library, in the build
    // tree as after an install; the program's own folder is the fallback for a copied engine.
    add(engineLibraryDirectory(), "rebalance-lab/plugins");
    if (QCoreApplication::instance()) {
        add(QCoreApplication::applicationDirPath(), RBLAB_PLUGIN_DIR_FROM_BINDIR);
    }
    QStringList existing;
    for (const QString &d : std::as_const(dirs)) {
        if (QFileInfo(d).isDir()) {
            existing.append(d);
        }
    }
    // Both build-tree and installed paths may resolve to the same folder through links.
    QStringList unique;
    QStringList canonical;
    for (const QString &d : std::as_const(existing)) {
        const QString c = QFileInfo(d).canonicalFilePath();
        if (!canonical.contains(c)) {
            canonical.append(c);
            unique.append(d);
        }
    }
    return unique;
}

QString StrategyRegistry::userDirectory()
{
    const QString base = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation);
    return base.isEmpty() ? QString() : base + QStringLiteral("/rebalance-lab/plugins");
}

void StrategyRegistry::load(const Sources &sources)
{
    if (sources.staticPlugins) {
        const auto plugins = QPluginLoader::staticPlugins();
        for (const QStaticPlugin &plugin : plugins) {
            const QJsonObject meta = plugin.metaData();
            const QString iid = meta.value(QStringLiteral("IID")).toString();
            if (iid != kIid && !iid.startsWith(kIidStem)) {
                continue; // another kind of Qt plugin linked into the program
            }
            PluginRecord record;
            record.file
                = QStringLiteral(":static:") + meta.value(QStringLiteral("className")).toString();
            // A linked-in plugin passes the same checks as a file: its interface version and
            // API version too, or a strategy built for a later API would run.
            if (!checkPluginMetaData(meta, &record)) {
                addRecord(std::move(record));
                continue;
            }
            if (const PluginRecord *other = find(record.metadata.name)) {
                record.state = PluginRecord::State::Duplicate;
                record.error = tr("duplicate strategy name \"%1\": already provided by %2")
                                   .arg(record.metadata.name, other->file);
            } else if (auto *factory
                = qobject_cast<AllocationStrategyFactory *>(plugin.instance())) {
                record.state = PluginRecord::State::Loaded;
                record.factory = factory;
            } else {
                record.state = PluginRecord::State::WrongInterface;
                record.error = tr("the root object does not implement %1").arg(kIid);
            }
            addRecord(std::move(record));
        }
    }
    if (sources.builtin) {
        for (const QString &dir : builtinDirectories()) {
            loadFrom(dir);
        }
    }
    if (sources.user) {
        const QString dir = userDirectory();
        if (!dir.isEmpty() && QFileInfo(dir).isDir()) {
            loadFrom(dir);
        }
    }
    if (sources.environment) {
        const QString env = qEnvironmentVariable("RBLAB_PLUGIN_PATH");
        for (const QString &dir : env.split(QLatin1Char(':'), Qt::SkipEmptyParts)) {
            loadFrom(dir);
        }
    }
    for (const QString &dir : sources.extraDirectories) {
        loadFrom(dir);
    }
}

void StrategyRegistry::loadFrom(const QString &directoryOrFile)
{
    const QFileInfo info(directoryOrFile);
    if (info.isFile()) {
        loadFile(info.absoluteFilePath());
        return;
    }
    if (!info.isDir()) {
        PluginRecord record;
        record.file = info.absoluteFilePath();
        record.state = PluginRecord::State::LoadFailed;
        record.error = tr("no such plugin folder or file");
        addRecord(std::move(record));
        return;
    }
    QDir dir(info.absoluteFilePath());
    const QFileInfoList entries = dir.entryInfoList(QDir::Files | QDir::NoDotAndDotDot, QDir::Name);
    for (const QFileInfo &entry : entries) {
        if (QLibrary::isLibrary(entry.fileName())) {
            loadFile(entry.absoluteFilePath());
        }
    }
    // Strategy files after the libraries, so that the plugin that runs them is loaded first
    // when it shares their folder.
    for (const QFileInfo &entry : entries) {
        if (kScriptSuffixes.contains(entry.suffix()) || collectionFor(entry.fileName())) {
            loadScript(entry.absoluteFilePath());
        }
    }
}

void StrategyRegistry::loadFile(const QString &path)
{
    if (kScriptSuffixes.contains(QFileInfo(path).suffix()) || collectionFor(path)) {
        loadScript(path);
        return;
    }
    const QString canonical = QFileInfo(path).canonicalFilePath();
    if (m_seenFiles.contains(canonical)) {
        return; // the same file through two search paths
    }
    m_seenFiles.append(canonical);

    PluginRecord record;
    record.file = path;
    auto loader = std::make_unique<QPluginLoader>(path);
    const QJsonObject meta = loader->metaData();
    if (meta.isEmpty()) {
        record.state = PluginRecord::State::NotAPlugin;
        record.error = tr("not a plugin: the library has no Qt plugin metadata");
        addRecord(std::move(record));
        return;
    }
    if (!checkPluginMetaData(meta, &record)) {
        addRecord(std::move(record));
        return;
    }
    if (const PluginRecord *other = find(record.metadata.name)) {
        // Checked before loading: a second provider of a name never runs.
        record.state = PluginRecord::State::Duplicate;
        record.error = tr("duplicate strategy name \"%1\": already provided by %2")
                           .arg(record.metadata.name, other->file);
        addRecord(std::move(record));
        return;
    }
    QObject *root = loader->instance();
    if (!root) {
        record.state = PluginRecord::State::LoadFailed;
        record.error = tr("could not load: %1").arg(loader->errorString());
        addRecord(std::move(record));
        return;
    }
    if (meta.value(QStringLiteral("IID")).toString() == kCollectionIid) {
        auto *collection = qobject_cast<StrategyCollection *>(root);
        if (!collection) {
            record.state = PluginRecord::State::WrongInterface;
            record.error = tr("the root object does not implement %1").arg(kCollectionIid);
            addRecord(std::move(record));
            return;
        }
        record.state = PluginRecord::State::Loaded;
        record.collection = collection;
        m_loaders.push_back(std::move(loader));
        addRecord(std::move(record));
        return;
    }
    auto *factory = qobject_cast<AllocationStrategyFactory *>(root);
    if (!factory) {
        record.state = PluginRecord::State::WrongInterface;
        record.error = tr("the root object does not implement %1").arg(kIid);
        addRecord(std::move(record));
        return;
    }
    record.state = PluginRecord::State::Loaded;
    record.factory = factory;
    m_loaders.push_back(std::move(loader));
    addRecord(std::move(record));
}

const PluginRecord *StrategyRegistry::collectionFor(const QString &path) const
{
    const QString suffix = QFileInfo(path).suffix();
    for (const PluginRecord &r : m_records) {
        if (r.loaded() && r.collection && r.collection->fileSuffixes().contains(suffix)) {
            return &r;
        }
    }
    return nullptr;
}

bool StrategyRegistry::isScriptFile(const QString &path) const
{
    const QReadLocker lock(&m_lock);
    return collectionFor(path) != nullptr;
}

PluginRecord StrategyRegistry::openScript(const QString &path) const
{
    PluginRecord record;
    record.file = path;
    const PluginRecord *collection = collectionFor(path);
    if (!collection) {
        record.state = PluginRecord::State::LoadFailed;
        record.error = tr("no loaded plugin runs .%1 files (the JavaScript plugin, "
                          "strategy_javascript, is not in any plugin folder)")
                           .arg(QFileInfo(path).suffix());
        return record;
    }
    record.provider = collection->file;
    StrategyOffer offer;
    try {
        offer = collection->collection->open(path);
    } catch (const std::exception &e) {
        offer.error = exceptionText(e.what(), collection->metadata.name);
    } catch (...) {
        offer.error = exceptionText(nullptr, collection->metadata.name);
    }
    if (!offer.error.isNull() || !offer.factory) {
        record.state = PluginRecord::State::LoadFailed;
        record.error = offer.error.isNull()
            ? tr("the plugin %1 made no strategy of this file").arg(collection->metadata.name)
            : offer.error;
        return record;
    }
    // The same checks as a native plugin's metadata: name, version, API version, schema.
    const QJsonObject meta { { QStringLiteral("IID"), kIid },
        { QStringLiteral("MetaData"), offer.metaData } };
    if (!checkPluginMetaData(meta, &record)) {
        return record;
    }
    record.state = PluginRecord::State::Loaded;
    record.ownedFactory = offer.factory;
    record.factory = const_cast<AllocationStrategyFactory *>(offer.factory.get());
    return record;
}

void StrategyRegistry::loadScript(const QString &path)
{
    const QString canonical = QFileInfo(path).canonicalFilePath();
    if (m_seenFiles.contains(canonical)) {
        return;
    }
    m_seenFiles.append(canonical);
    addRecord(openScript(path));
}

PluginRecord StrategyRegistry::reloadScript(const QString &path)
{
    return putInService(openScript(QFileInfo(path).absoluteFilePath()));
}

PluginRecord StrategyRegistry::openLibraryCopy(const QString &path, const QString &copyDirectory)
{
    PluginRecord record;
    record.file = QFileInfo(path).absoluteFilePath();
    if (!QDir().mkpath(copyDirectory)) {
        record.state = PluginRecord::State::LoadFailed;
        record.error = tr("cannot make the folder %1 for the copy").arg(copyDirectory);
        return record;
    }
    // A name of its own for every build: the loader would return an earlier copy's library.
    static int s_copies = 0;
    const QFileInfo info(path);
    const QString copy = QDir(copyDirectory)
                             .absoluteFilePath(QStringLiteral("%1-build%2-%3.%4")
                                                   .arg(info.completeBaseName())
                                                   .arg(QCoreApplication::applicationPid())
                                                   .arg(++s_copies)
                                                   .arg(info.suffix()));
    QFile::remove(copy);
    if (!QFile::copy(path, copy)) {
        record.state = PluginRecord::State::LoadFailed;
        record.error = tr("cannot copy the plugin to %1").arg(copy);
        return record;
    }
    auto loader = std::make_unique<QPluginLoader>(copy);
    const QJsonObject meta = loader->metaData();
    if (meta.isEmpty()) {
        record.state = PluginRecord::State::NotAPlugin;
        record.error = tr("not a plugin: the library has no Qt plugin metadata");
        return record;
    }
    if (!checkPluginMetaData(meta, &record)) {
        return record;
    }
    QObject *root = loader->instance();
    auto *factory = qobject_cast<AllocationStrategyFactory *>(root);
    if (!factory) {
        record.state = root ? PluginRecord::State::WrongInterface : PluginRecord::State::LoadFailed;
        record.error = root ? tr("the root object does not implement %1").arg(kIid)
                            : tr("could not load: %1").arg(loader->errorString());
        return record;
    }
    record.state = PluginRecord::State::Loaded;
    record.factory = factory;
    m_loaders.push_back(std::move(loader));
    return record;
}

PluginRecord StrategyRegistry::putInService(PluginRecord fresh)
{
    // A file that is gone has no canonical path: compare absolute paths then.
    const auto key = [](const QString &file) {
        const QFileInfo info(file);
        const QString canonical = info.canonicalFilePath();
        return canonical.isEmpty() ? info.absoluteFilePath() : canonical;
    };
    const QString canonical = key(fresh.file);
    const QWriteLocker lock(&m_lock);
    qsizetype index = -1;
    for (qsizetype i = 0; i < m_records.size(); ++i) {
        if (!m_records.at(i).file.startsWith(QLatin1String(":static:"))
            && key(m_records.at(i).file) == canonical && !m_records.at(i).collection) {
            index = i;
            break;
        }
    }
    if (fresh.loaded()) {
        const PluginRecord *other = findLocked(fresh.metadata.name);
        if (other && (index < 0 || other != &m_records.at(index))) {
            fresh.state = PluginRecord::State::Duplicate;
            fresh.error = tr("duplicate strategy name \"%1\": already provided by %2")
                              .arg(fresh.metadata.name, other->file);
            fresh.factory = nullptr;
            fresh.ownedFactory.reset();
        }
    }
    if (index < 0) {
        if (!m_seenFiles.contains(canonical)) {
            m_seenFiles.append(canonical);
        }
        m_records.append(fresh);
        return fresh;
    }
    PluginRecord &old = m_records[index];
    if (!fresh.loaded() && old.loaded()) {
        // The running version stays; the caller shows why the new one was refused.
        return fresh;
    }
    if (old.ownedFactory) {
        m_retiredFactories.push_back(old.ownedFactory);
    }
    old = fresh;
    return fresh;
}

void StrategyRegistry::addRecord(PluginRecord record)
{
    const QWriteLocker lock(&m_lock);
    if (record.state == PluginRecord::State::Loaded && !record.collection) {
        if (const PluginRecord *other = findLocked(record.metadata.name)) {
            record.state = PluginRecord::State::Duplicate;
            record.error = tr("duplicate strategy name \"%1\": already provided by %2")
                               .arg(record.metadata.name, other->file);
            record.factory = nullptr;
        }
    }
    if (!record.loaded()) {
        qCWarning(lcRegistry).noquote() << record.file << ":" << record.error;
    }
    m_records.append(std::move(record));
}

QList<const PluginRecord *> StrategyRegistry::strategies() const
{
    const QReadLocker lock(&m_lock);
    QList<const PluginRecord *> list;
    for (const PluginRecord &r : m_records) {
        if (r.loaded() && !r.collection) {
            list.append(&r);
        }
    }
    std::sort(list.begin(), list.end(), [](const PluginRecord *a, const PluginRecord *b) {
        return a->metadata.name < b->metadata.name;
    });
    return list;
}

QList<const PluginRecord *> StrategyRegistry::failures() const
{
    QList<const PluginRecord *> list;
    for (const PluginRecord &r : m_records) {
        if (!r.loaded()) {
            list.append(&r);
        }
    }
    return list;
}

QStringList StrategyRegistry::strategyNames() const
{
    QStringList names;
    for (const PluginRecord *r : strategies()) {
        names.append(r->metadata.name);
    }
    return names;
}

const PluginRecord *StrategyRegistry::find(const QString &name) const
{
    const QReadLocker lock(&m_lock);
    return findLocked(name);
}

const PluginRecord *StrategyRegistry::findLocked(const QString &name) const
{
    for (const PluginRecord &r : m_records) {
        if (r.loaded() && !r.collection && r.metadata.name == name) {
            return &r;
        }
    }
    return nullptr;
}

ParameterCheck StrategyRegistry::checkParameters(
    const QString &name, const QVariantMap &params, const QString &defaultTopic) const
{
    const QReadLocker lock(&m_lock);
    ParameterCheck check;
    const PluginRecord *record = find(name);
    if (!record) {
        check.error = tr("unknown strategy \"%1\" (loaded: %2)")
                          .arg(name, strategyNames().join(QStringLiteral(", ")));
        return check;
    }
    check = ParameterValidator::check(record->metadata, params, defaultTopic);
    if (!check.ok()) {
        return check;
    }
    for (const ParameterSpec &spec : record->metadata.parameters) {
        if (spec.type != ParameterType::Strategy || !check.values.contains(spec.name)) {
            continue;
        }
        const QString inner = check.values.value(spec.name).toString();
        const PluginRecord *innerRecord = find(inner);
        if (!innerRecord) {
            check.parameter = spec.name;
            check.error = tr("%1: unknown strategy \"%2\" (loaded: %3)")
                              .arg(spec.name, inner, strategyNames().join(QStringLiteral(", ")));
            return check;
        }
        if (record->metadata.forwardsParameters) {
            // What is forwarded must suit the inner strategy.
            const ParameterCheck innerCheck = checkParameters(inner, check.forwarded, defaultTopic);
            if (!innerCheck.ok()) {
                check.parameter = innerCheck.parameter;
                check.error = innerCheck.error;
                return check;
            }
        }
    }
    return check;
}

StrategyIsolation::~StrategyIsolation() = default;

StrategyCreation StrategyRegistry::create(
    const QString &name, const QVariantMap &params, const QString &defaultTopic) const
{
    if (m_isolation) {
        // Only the outermost strategy is isolated: a wrapping strategy's inner one is made in
        // the helper, beside it (nested creations come through createStrategy()).
        const QReadLocker lock(&m_lock); // reloadScript() may replace records meanwhile
        const PluginRecord *record = find(name);
        if (record && m_isolation->isolates(*record)) {
            const ParameterCheck check = checkParameters(name, params, defaultTopic);
            if (!check.ok()) {
                return StrategyCreation::failure(check.parameter, check.error);
            }
            return m_isolation->create(*record, params, defaultTopic);
        }
    }
    const int savedNesting = t_nesting;
    const QString savedTopic = t_defaultTopic;
    t_nesting = 0;
    t_defaultTopic = defaultTopic;
    StrategyCreation result = createNested(name, params, defaultTopic);
    t_nesting = savedNesting;
    t_defaultTopic = savedTopic;
    return result;
}

StrategyCreation StrategyRegistry::createStrategy(
    const QString &name, const QVariantMap &params) const
{
    return createNested(name, params, t_defaultTopic);
}

StrategyCreation StrategyRegistry::createNested(
    const QString &name, const QVariantMap &params, const QString &defaultTopic) const
{
    // Held through the factory's create: reloadScript() waits until no creation is under way.
    const QReadLocker lock(&m_lock);
    if (t_nesting >= kMaxNesting) {
        return StrategyCreation::failure(QString(),
            tr("strategies nest more than %1 deep (a strategy that wraps itself?)")
                .arg(kMaxNesting));
    }
    const PluginRecord *record = find(name);
    if (!record) {
        return StrategyCreation::failure(QString(),
            tr("unknown strategy \"%1\" (loaded: %2)")
                .arg(name, strategyNames().join(QStringLiteral(", "))));
    }
    const ParameterCheck check = ParameterValidator::check(record->metadata, params, defaultTopic);
    if (!check.ok()) {
        return StrategyCreation::failure(check.parameter, check.error);
    }
    for (const ParameterSpec &spec : record->metadata.parameters) {
        if (spec.type == ParameterType::Strategy && check.values.contains(spec.name)
            && !find(check.values.value(spec.name).toString())) {
            return StrategyCreation::failure(spec.name,
                tr("%1: unknown strategy \"%2\" (loaded: %3)")
                    .arg(spec.name, check.values.value(spec.name).toString(),
                        strategyNames().join(QStringLiteral(", "))));
        }
    }
    QVariantMap values = check.values;
    for (auto it = check.forwarded.begin(); it != check.forwarded.end(); ++it) {
        values.insert(it.key(), it.value());
    }
    ++t_nesting;
    StrategyCreation result;
    try {
        const PluginCallScope scope(name);
        result = record->factory->create(values, *this);
    } catch (const std::exception &e) {
        result = StrategyCreation::failure(QString(), exceptionText(e.what(), name));
    } catch (...) {
        result = StrategyCreation::failure(QString(), exceptionText(nullptr, name));
    }
    --t_nesting;
    if (result.error.isNull() && !result.strategy) {
        result.error = tr("the plugin for %1 made no strategy").arg(name);
    }
    return result;
}

void setPluginCallHook(PluginCallHook hook)
{
    g_pluginCallHook = hook;
}

AllocateResult guardedAllocate(AllocationStrategy &strategy, const QString &group,
    const QString &currentCid, const MessageQueueList &mqAll, const QStringList &cidAll)
{
    try {
        const PluginCallScope scope(strategy.name());
        return strategy.allocate(group, currentCid, mqAll, cidAll);
    } catch (const std::exception &e) {
        return AllocateResult::failure(exceptionText(e.what(), strategy.name()));
    } catch (...) {
        return AllocateResult::failure(exceptionText(nullptr, strategy.name()));
    }
}

GroupAllocateResult guardedAllocateAll(AllocationStrategy &strategy, const QString &group,
    const MessageQueueList &mqAll, const QStringList &cidAll)
{
    try {
        GroupAllocateResult result;
        {
            const PluginCallScope scope(strategy.name());
            result = strategy.allocateAll(group, mqAll, cidAll);
        }
        if (result.ok() && result.perConsumer.size() != cidAll.size()) {
            result.error = QCoreApplication::translate(
                "Rblab::StrategyRegistry", "strategy %1 answered for %2 consumers, asked for %3")
                               .arg(strategy.name())
                               .arg(result.perConsumer.size())
                               .arg(cidAll.size());
        }
        return result;
    } catch (const std::exception &e) {
        return { {}, exceptionText(e.what(), strategy.name()) };
    } catch (...) {
        return { {}, exceptionText(nullptr, strategy.name()) };
    }
}

} // namespace Rblab
