// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <allocation/strategyregistry.h>
#include <pluginisolation.h>

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QIODevice>
#include <QTextStream>
#include <QVariant>

#include <functional>
#include <optional>

/*!
    What every rblab command shares: the parser with the global options, the registry loaded
    from them, and the output streams.
*/
class CliContext
{
public:
    CliContext();

    QCommandLineParser parser;
    QCommandLineOption pluginDirOption;
    QCommandLineOption callTimeoutOption;
    QCommandLineOption isolateOption;
    QCommandLineOption jsTimeoutOption;
    QCommandLineOption isolatedTimeoutOption;
    QTextStream out;
    QTextStream err;

    /*!
        Writes to standard output and flushes; on failure (a full disk, a closed descriptor)
        says so on standard error and returns false: the command then ends with status 2.
    */
    bool writeOut(QByteArrayView bytes);
    /*!
        Writes a command's output file whole: "-" (or /dev/stdout) is standard output; a file
        goes through a QSaveFile, a device or a FIFO is written in place (Rblab::writeWholeFile).
        On failure says "<command>: cannot write <path>: <reason>" and returns false: the
        command then ends with status 2.
    */
    bool writeFile(const char *command, const QString &path, const QByteArray &bytes);
    //! The same for output made as it is written (Rblab::writeWholeFile's second form); "-"
    //! still gathers it for standard output.
    bool writeFile(
        const char *command, const QString &path, const std::function<bool(QIODevice &)> &write);
    //! Flushes `out` and checks that everything written to standard output arrived.
    bool finishOut();
    //! Reads --call-timeout into CliGuard; false (after a message) when the value is not valid.
    bool parseCallTimeout();

    /*!
        Reads --isolate-plugins and --isolated-call-timeout; false (after a message) when a
        value is not valid. The helper itself (strategy-host) never isolates.
    */
    bool parseIsolation();
    void disableIsolation() { m_isolationSettings.mode = Rblab::PluginIsolation::Mode::None; }

    //! Loads the registry from the built-in, user, environment and --plugin-dir folders, with
    //! the plugins --isolate-plugins selects running in helper processes.
    Rblab::StrategyRegistry &registry();

private:
    Rblab::PluginIsolation::Settings m_isolationSettings;
    std::unique_ptr<Rblab::PluginIsolation> m_isolation; // before the registry: outlives it
    Rblab::StrategyRegistry m_registry;
    bool m_loaded = false;
};

//! A duration on the command line in milliseconds: a number of ms, or "90s", "10m", "1.5h" as
//! scenario files write durations; nullopt for anything else.
std::optional<qint64> cliDuration(const QString &text);
