// SPDX-License-Identifier: Apache-2.0
#include "strategyhostcommand.h"

#include "clicontext.h"
#include "cliguard.h"

#include <strategyhost.h>

namespace {

// The helper's fatal-signal message names the plugin that was running; the host, not
// --call-timeout, bounds the call (untimed).
void onPluginCall(const QString *strategy)
{
    if (!strategy) {
        CliGuard::leave();
        return;
    }
    CliGuard::enter(
        QStringLiteral("strategy %1 in the strategy-host helper").arg(*strategy).toUtf8(), false);
}

} // namespace

int runStrategyHostCommand(CliContext &context)
{
    QCommandLineParser &parser = context.parser;
    const QCommandLineOption socketOption(QStringList { QStringLiteral("socket") },
        QStringLiteral("The local socket of the program that started this helper."),
        QStringLiteral("name"));
    const QCommandLineOption memoryOption(QStringList { QStringLiteral("memory-limit") },
        QStringLiteral("The helper's address space in MiB (RLIMIT_AS); 0 for none."),
        QStringLiteral("MiB"), QStringLiteral("2048"));
    parser.addOption(socketOption);
    parser.addOption(memoryOption);
    parser.process(QCoreApplication::arguments());
    if (!parser.isSet(socketOption)) {
        context.err << "rblab strategy-host: --socket NAME is required (the program that "
                       "isolates plugins starts this helper itself)\n";
        return 2;
    }
    bool ok = false;
    const qint64 megabytes = parser.value(memoryOption).toLongLong(&ok);
    if (!ok || megabytes < 0) {
        context.err << "rblab strategy-host: --memory-limit expects a number of MiB, got \""
                    << parser.value(memoryOption) << "\"\n";
        return 2;
    }
    context.disableIsolation(); // the helper runs the plugins itself
    Rblab::StrategyRegistry &registry = context.registry();
    QString error;
    if (!Rblab::limitAddressSpace(megabytes, &error)) {
        context.err << "rblab strategy-host: cannot limit the address space: " << error << "\n";
        return 2;
    }
    context.err.flush();
    Rblab::setPluginCallHook(onPluginCall);
    return Rblab::runStrategyHost(parser.value(socketOption), registry);
}
