// SPDX-License-Identifier: Apache-2.0
#include "importmqadmincommand.h"

#include "clicontext.h"

#include <import/mqadminimporter.h>

#include <scenario/scenarioreader.h>

#include <QFile>
#include <QFileInfo>

#include <tuple>

using namespace Rblab;

namespace {

const char *const kCommand = "rblab import-mqadmin";

// The text of a file, or of standard input for "-"; nullopt with a message on stderr.
std::optional<QString> readText(CliContext &context, const QString &path)
{
    QFile file;
    if (path == QLatin1String("-")) {
        if (!file.open(stdin, QIODevice::ReadOnly)) {
            context.err << kCommand << ": cannot read standard input\n";
            return std::nullopt;
        }
    } else {
        const QFileInfo info(path);
        if (info.isDir()) {
            context.err << kCommand << ": " << path << " is a directory; give the file that "
                        << "holds mqadmin's output\n";
            return std::nullopt;
        }
        file.setFileName(path);
        if (!file.open(QIODevice::ReadOnly)) {
            context.err << kCommand << ": cannot read " << path << ": " << file.errorString()
                        << "\n";
            return std::nullopt;
        }
    }
    // mqadmin's output is a few thousand lines at most: 64 MiB is far past any real one.
    const qint64 limit = 64 << 20;
    const QByteArray bytes = file.read(limit + 1);
    if (bytes.size() > limit) {
        context.err << kCommand << ": " << path << " is over 64 MiB; mqadmin's output of one "
                    << "group is far smaller\n";
        return std::nullopt;
    }
    if (bytes.contains('\0')) {
        context.err << kCommand << ": " << path << " holds binary data, not mqadmin's text\n";
        return std::nullopt;
    }
    return QString::fromUtf8(bytes);
}

} // namespace

int runImportMqadminCommand(CliContext &context)
{
    QCommandLineParser &parser = context.parser;
    const QCommandLineOption connectionOption(QStringLiteral("connection"),
        QStringLiteral("Output of mqadmin consumerConnection -g G (- for standard input)."),
        QStringLiteral("FILE"));
    const QCommandLineOption progressOption(QStringLiteral("progress"),
        QStringLiteral("Output of mqadmin consumerProgress -g G -s true (- for standard input)."),
        QStringLiteral("FILE"));
    const QCommandLineOption groupOption(QStringLiteral("group"),
        QStringLiteral("The group's name (default: read from its %RETRY% topic)."),
        QStringLiteral("G"));
    const QCommandLineOption nameOption(QStringLiteral("name"),
        QStringLiteral("The scenario's name (default: \"G after mqadmin\")."),
        QStringLiteral("NAME"));
    const QCommandLineOption anonymizeOption(QStringLiteral("anonymize"),
        QStringLiteral("Replace IPs, client ids, the group and topics by placeholders."));
    const QCommandLineOption scenarioOption(QStringLiteral("scenario"),
        QStringLiteral("Write the scenario here (- for standard output)."), QStringLiteral("FILE"));
    parser.addOptions({ connectionOption, progressOption, groupOption, nameOption, anonymizeOption,
        scenarioOption });
    parser.clearPositionalArguments();
    parser.addPositionalArgument(QStringLiteral("import-mqadmin"),
        QStringLiteral("Start a scenario where a consumer group stood, from mqadmin's output."),
        QStringLiteral("import-mqadmin [FILE|-]"));
    parser.process(QCoreApplication::arguments());

    const QStringList inputs = parser.positionalArguments().mid(1);
    const bool split = parser.isSet(connectionOption) || parser.isSet(progressOption);
    if (inputs.size() > 1 || (split && !inputs.isEmpty()) || (!split && inputs.isEmpty())) {
        context.err << kCommand
                    << ": give --connection FILE and/or --progress FILE, or one FILE (or - for "
                       "standard input) holding both outputs as pasted\n";
        return 2;
    }
    if (parser.value(connectionOption) == QLatin1String("-")
        && parser.value(progressOption) == QLatin1String("-")) {
        context.err << kCommand << ": only one of --connection and --progress can read "
                    << "standard input\n";
        return 2;
    }
    if (!parser.isSet(scenarioOption)) {
        context.err << kCommand << ": --scenario FILE is required (- for standard output)\n";
        return 2;
    }

    MqadminImportOptions options;
    options.group = parser.value(groupOption);
    options.anonymize = parser.isSet(anonymizeOption);
    options.scenarioName = parser.value(nameOption);
    QString connectionText;
    QString progressText;
    const auto nameOf = [](const QString &path) {
        return path == QLatin1String("-") ? QStringLiteral("<stdin>") : path;
    };
    if (split) {
        for (const auto &[option, text, name] :
            { std::tuple { &connectionOption, &connectionText, &options.connectionName },
                std::tuple { &progressOption, &progressText, &options.progressName } }) {
            if (!parser.isSet(*option)) {
                continue;
            }
            const auto read = readText(context, parser.value(*option));
            if (!read) {
                return 1;
            }
            *text = *read;
            *name = nameOf(parser.value(*option));
        }
    } else {
        const auto read = readText(context, inputs.first());
        if (!read) {
            return 1;
        }
        connectionText = *read;
        options.connectionName = options.progressName = nameOf(inputs.first());
    }

    const MqadminImport result = importMqadmin(connectionText, progressText, options);
    for (const MqadminDiagnostic &d : result.diagnostics) {
        context.err << d.toString() << "\n";
    }
    if (!result.ok) {
        context.err << kCommand << ": no scenario written (" << result.errorCount() << " errors)\n";
        context.err.flush();
        return 1;
    }
    // What is written must open: duplicated rows and ids, or a group past the scenario
    // format's ceilings (5000 consumers, 5000 queues on a broker), made files that simulate and
    // the app then refused, after an exit status of 0.
    const QByteArray json = result.scenarioJson();
    const QString target = parser.value(scenarioOption);
    const ScenarioReadResult check
        = ScenarioReader::read(json, QStringLiteral("<imported scenario>"), &context.registry());
    if (!check.ok()) {
        context.err << kCommand
                    << ": no scenario written: what mqadmin printed makes a scenario that "
                       "would not load:\n"
                    << check.errorText();
        context.err.flush();
        return 1;
    }
    if (!context.writeFile(kCommand, target, json)) {
        return 2;
    }
    const GroupSpec &group = result.scenario.groups.first();
    int queues = 0;
    for (const TopicSpec &t : result.scenario.topics) {
        for (const auto &q : t.queues) {
            queues += q.second;
        }
    }
    const qint64 unknown = result.unknownLines;
    context.err << kCommand << ": " << group.consumers.size() << " consumers, "
                << result.scenario.topics.size() << " topics, " << queues << " queues ("
                << result.assignedQueues << " held), " << result.progress.rows.size()
                << " progress rows, " << unknown << " lines not known, " << result.warningCount()
                << " warnings";
    if (!result.skippedTopics.isEmpty()) {
        context.err << "; left out: " << result.skippedTopics.join(QStringLiteral(", "));
    }
    context.err << "\n";
    context.err.flush();
    return context.finishOut() ? 0 : 2;
}
