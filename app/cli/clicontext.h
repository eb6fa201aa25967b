// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <allocation/strategyregistry.h>

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QTextStream>
#include <QVariant>

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
    QTextStream out;
    QTextStream err;

    //! Loads the registry from the built-in, user, environment and --plugin-dir folders.
    Rblab::StrategyRegistry &registry();

private:
    Rblab::StrategyRegistry m_registry;
    bool m_loaded = false;
};

//! A command-line parameter value (k=v): the value as JSON when it reads as JSON (numbers,
//! booleans, lists), else text.
QVariant cliParameterValue(const QString &text);
