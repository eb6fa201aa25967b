// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <allocation/strategyisolation.h>

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <optional>

namespace Rblab {

class HostConnection;

/*!
    Runs strategy plugins in `rblab strategy-host` helper processes, so that a plugin that
    segfaults, aborts, loops or allocates without bound in allocate costs one rebalance round,
    not the program: the call comes back as an error ("CONSISTENT_HASH v2 crashed in allocate;
    the round was skipped"), which the engine treats as RocketMQ treats a strategy that throws
    (RebalanceImpl logs it and skips the topic's round), and the next call starts a new helper.

    One helper per thread that calls strategies (the simulation's thread, compare's workers),
    shared by all the strategies that thread uses; each strategy is made again in a restarted
    helper from the name and parameters it was made with.
*/
class PluginIsolation final : public StrategyIsolation
{
    Q_DECLARE_TR_FUNCTIONS(Rblab::PluginIsolation)

public:
    enum class Mode {
        None, //!< every plugin in process
        User, //!< plugins outside the built-in folders isolated (the default)
        All, //!< every plugin file isolated
    };

    struct Settings
    {
        Mode mode = Mode::User;
        QString program; //!< rblab; empty: beside the running program
        QStringList pluginDirectories; //!< the --plugin-dir folders, for the helper's registry
        int callTimeoutMs = 10000; //!< per call; a helper that takes longer is killed
        int memoryLimitMb = 2048; //!< the helper's address space (RLIMIT_AS); 0: none
    };

    //! "all", "user" or "none"; nullopt for anything else.
    static std::optional<Mode> parseMode(const QString &text);
    static QString modeName(Mode mode);
    //! rblab beside the running program (the app and rblab are installed side by side).
    static QString defaultProgram();
    //! Whether a plugin was loaded from a built-in folder or linked in.
    static bool isBuiltin(const PluginRecord &record);

    explicit PluginIsolation(Settings settings);
    ~PluginIsolation() override;

    const Settings &settings() const { return m_settings; }

    bool isolates(const PluginRecord &record) const override;
    StrategyCreation create(const PluginRecord &record, const QVariantMap &params,
        const QString &defaultTopic) const override;

    //! The calling thread's helper connection (made on first use).
    HostConnection &connection() const;

private:
    Settings m_settings;
    QStringList m_builtinDirectories;
    quint64 m_id;
};

} // namespace Rblab
