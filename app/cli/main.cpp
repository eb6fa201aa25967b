// SPDX-License-Identifier: Apache-2.0
// rblab: Rebalance Lab's command line. It runs the same engine and plugins as the desktop app.
#include "allocatecommand.h"
#include "checkstrategycommand.h"
#include "clicontext.h"
#include "cliguard.h"
#include "comparecommand.h"
#include "importlogscommand.h"
#include "importmqadmincommand.h"
#include "livecommands.h"
#include "scorestrategycommand.h"
#include "newstrategycommand.h"
#include "realruncommand.h"
#include "simulatecommand.h"
#include "strategiescommand.h"
#include "strategyhostcommand.h"

#include <QCoreApplication>

namespace {

const char *const kCommands
    = "Commands:\n"
      "  strategies [--json]        List the loaded strategies and the plugin files that failed.\n"
      "  allocate [FILE|-]          Answer allocation cases (JSON Lines) as RocketMQ's strategies "
      "do.\n"
      "  simulate SCENARIO [opts]   Run a scenario headless and write its report (JSON, CSV).\n"
      "  compare SCENARIO --variant SPEC…\n"
      "                             Run strategies or settings on the same scenario, seeds and "
      "churn;\n"
      "                             print their scorecards side by side.\n"
      "  check-strategy NAME|FILE   Check a strategy against RocketMQ's rules (exit 0 when it "
      "conforms).\n"
      "  score-strategy NAME[:k=v,…]…\n"
      "                             Score strategies' balance and movement on generated "
      "membership\n"
      "                             traces, side by side.\n"
      "  new-strategy NAME --cpp|--js [DIR]\n"
      "                             Write a ready strategy project: C++ (CMake, the SDK, a test) "
      "or\n"
      "                             a commented JavaScript file.\n"
      "  import-logs LOG… --report FILE [--scenario FILE]\n"
      "                             Rebuild rebalances from RocketMQ client logs (observed "
      "report,\n"
      "                             and a scenario that replays the membership).\n"
      "  import-mqadmin [FILE|-] [--connection FILE] [--progress FILE] --scenario FILE\n"
      "                             Start a scenario where a group stood, from mqadmin\n"
      "                             consumerConnection and consumerProgress output.\n"
      "  snapshot --namesrv HOST:PORT --group G --scenario FILE\n"
      "                             Start a scenario where a live group stands (read-only).\n"
      "  watch --namesrv HOST:PORT --group G [--interval 2s] [--duration D] [--json]\n"
      "                             Print each change of a live group between two polls:\n"
      "                             clients joining or leaving, queues moving, double-owned or\n"
      "                             orphaned queues, clients that stop answering (read-only).\n"
      "  real-run SCENARIO --rocketmq DIR --out DIR\n"
      "                             Play a scenario on a real RocketMQ on loopback, in real time;\n"
      "                             write its observed report and compare it with the engine.\n";

} // namespace

int main(int argc, char *argv[])
{
    CliGuard::install();
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("rblab"));
    QCoreApplication::setOrganizationName(QStringLiteral("rebalance-lab"));
    QCoreApplication::setApplicationVersion(QStringLiteral(RBLAB_VERSION));

    CliContext context;
    QCommandLineParser &parser = context.parser;
    parser.setApplicationDescription(
        QStringLiteral(
            "Rebalance Lab: how Apache RocketMQ consumer groups share a topic's queues.\n\n")
        + QLatin1String(kCommands));
    parser.setOptionsAfterPositionalArgumentsMode(QCommandLineParser::ParseAsOptions);
    const QCommandLineOption helpOption = parser.addHelpOption();
    const QCommandLineOption versionOption = parser.addVersionOption();
    parser.addOption(context.pluginDirOption);
    parser.addOption(context.callTimeoutOption);
    parser.addOption(context.isolateOption);
    parser.addOption(context.isolatedTimeoutOption);
    parser.addOption(context.jsTimeoutOption);
    parser.addPositionalArgument(QStringLiteral("command"),
        QStringLiteral("strategies, allocate, simulate, compare, check-strategy, score-strategy, "
                       "new-strategy, import-logs, import-mqadmin, snapshot, watch, real-run"),
        QStringLiteral("<command> [options]"));

    // First pass: find the command; each command then adds its own options and parses again.
    parser.parse(QCoreApplication::arguments());
    const QStringList positional = parser.positionalArguments();
    const QString command = positional.isEmpty() ? QString() : positional.first();

    if (command == QLatin1String("strategy-host")) {
        return runStrategyHostCommand(context);
    }
    if (command == QLatin1String("new-strategy")) {
        return runNewStrategyCommand(context);
    }
    if (!command.isEmpty() && !context.parseIsolation()) {
        return 2;
    }
    if (command == QLatin1String("check-strategy") && !parser.isSet(context.isolateOption)) {
        // check-strategy runs the plugin in its own process unless told otherwise: it tells a
        // thrown exception from an error answer, and names the case a crash or hang met.
        context.disableIsolation();
    }
    if (command == QLatin1String("strategies")) {
        return runStrategiesCommand(context);
    }
    if (command == QLatin1String("allocate")) {
        return runAllocateCommand(context);
    }
    if (command == QLatin1String("simulate")) {
        return runSimulateCommand(context);
    }
    if (command == QLatin1String("compare")) {
        return runCompareCommand(context);
    }
    if (command == QLatin1String("check-strategy")) {
        return runCheckStrategyCommand(context);
    }
    if (command == QLatin1String("score-strategy")) {
        return runScoreStrategyCommand(context);
    }
    if (command == QLatin1String("snapshot")) {
        return runSnapshotCommand(context);
    }
    if (command == QLatin1String("watch")) {
        return runWatchCommand(context);
    }
    if (command == QLatin1String("import-logs")) {
        return runImportLogsCommand(context);
    }
    if (command == QLatin1String("real-run")) {
        return runRealRunCommand(context);
    }
    if (command == QLatin1String("import-mqadmin")) {
        return runImportMqadminCommand(context);
    }
    if (parser.isSet(versionOption)) {
        parser.showVersion();
    }
    if (parser.isSet(helpOption) || command.isEmpty()) {
        parser.showHelp(command.isEmpty() && !parser.isSet(helpOption) ? 2 : 0);
    }
    context.err << "rblab: unknown command \"" << command << "\"\n\n"
                << kCommands << "Run 'rblab --help' for the options.\n";
    return 2;
}
