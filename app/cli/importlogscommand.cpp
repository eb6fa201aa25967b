// SPDX-License-Identifier: Apache-2.0
#include "importlogscommand.h"

#include "clicontext.h"

#include <import/logfiles.h>
#include <import/logimporter.h>
#include <scenario/scenariowriter.h>

#include <QFileInfo>
#include <QRegularExpression>

#include <cstdio>

#include <unistd.h>

using namespace Rblab;

namespace {

const char *const kCommand = "rblab import-logs";

void progress(qint64 done, qint64 total)
{
    const int width = 40;
    const int filled = total > 0 ? int(double(qMin(done, total)) / double(total) * width) : width;
    QByteArray bar(filled, '#');
    bar.append(QByteArray(width - filled, '.'));
    std::fprintf(stderr, "\r[%s] %3d%%  %lld / %lld MiB", bar.constData(),
        total > 0 ? int(100.0 * double(qMin(done, total)) / double(total)) : 100,
        static_cast<long long>(done >> 20), static_cast<long long>(total >> 20));
    std::fflush(stderr);
}

// "+08:00", "-05:30", "+8", "Z", "UTC" → minutes east of UTC.
std::optional<int> parseZone(const QString &text)
{
    if (text == QLatin1String("Z")
        || text.compare(QLatin1String("UTC"), Qt::CaseInsensitive) == 0) {
        return 0;
    }
    static const QRegularExpression re(
        QStringLiteral("^(?:GMT|UTC)?([+-])(\\d{1,2})(?::?(\\d{2}))?$"));
    const QRegularExpressionMatch m = re.match(text);
    if (!m.hasMatch()) {
        return std::nullopt;
    }
    const int hours = m.captured(2).toInt();
    const int minutes = m.captured(3).isEmpty() ? 0 : m.captured(3).toInt();
    if (hours > 14 || minutes > 59) {
        return std::nullopt;
    }
    const int total = hours * 60 + minutes;
    return m.captured(1) == QLatin1String("-") ? -total : total;
}

} // namespace

int runImportLogsCommand(CliContext &context)
{
    QCommandLineParser &parser = context.parser;
    const QCommandLineOption groupOption(
        QStringLiteral("group"), QStringLiteral("Only this consumer group."), QStringLiteral("G"));
    const QCommandLineOption topicOption(
        QStringLiteral("topic"), QStringLiteral("Only this topic."), QStringLiteral("T"));
    const QCommandLineOption tzOption(QStringLiteral("tz"),
        QStringLiteral("Offset of the printed times from UTC (default +08:00: 5.x logs GMT+8)."),
        QStringLiteral("+HH:MM"));
    const QCommandLineOption anonymizeOption(QStringLiteral("anonymize"),
        QStringLiteral("Replace IPs, client ids, hosts, groups and topics by placeholders."));
    const QCommandLineOption reportOption(QStringLiteral("report"),
        QStringLiteral("Write the observed report here (- for standard output)."),
        QStringLiteral("FILE"));
    const QCommandLineOption scenarioOption(QStringLiteral("scenario"),
        QStringLiteral("Also write a scenario that replays the membership."),
        QStringLiteral("FILE"));
    const QCommandLineOption quietOption(
        QStringLiteral("quiet"), QStringLiteral("No progress bar."));
    parser.addOptions({ groupOption, topicOption, tzOption, anonymizeOption, reportOption,
        scenarioOption, quietOption });
    parser.clearPositionalArguments();
    parser.addPositionalArgument(QStringLiteral("import-logs"),
        QStringLiteral("Rebuild a consumer group's rebalances from RocketMQ client logs."),
        QStringLiteral("import-logs LOG|FOLDER…"));
    parser.process(QCoreApplication::arguments());

    const QStringList named = parser.positionalArguments().mid(1);
    if (named.isEmpty()) {
        context.err << kCommand
                    << ": name at least one log file (rocketmq_client.log, "
                       "rocketmq_client-1.log.gz, …) or a folder of them\n";
        return 2;
    }
    if (!parser.isSet(reportOption)) {
        context.err << kCommand << ": --report FILE is required (- for standard output)\n";
        return 2;
    }
    LogImporter::Options options;
    if (parser.isSet(tzOption)) {
        const auto zone = parseZone(parser.value(tzOption));
        if (!zone) {
            context.err << kCommand
                        << ": --tz expects an offset such as +08:00, -05:30 or Z, got \""
                        << parser.value(tzOption) << "\"\n";
            return 2;
        }
        options.zoneMinutes = *zone;
    }
    options.group = parser.value(groupOption);
    options.topic = parser.value(topicOption);
    options.anonymize = parser.isSet(anonymizeOption);
    const bool showProgress = !parser.isSet(quietOption) && isatty(STDERR_FILENO);
    if (showProgress) {
        options.progress = progress;
    }
    // Folders give the client logs below them (one folder per machine, docs/import.md).
    const LogFileList inputs = LogFileList::collect(named);
    if (!inputs.ok()) {
        context.err << kCommand << ": " << inputs.error << "\n";
        return 1;
    }
    for (const QString &empty : inputs.emptyFiles) {
        context.err << empty << ": warning: empty file, left out\n";
    }
    for (const QString &deep : inputs.tooDeep) {
        context.err << deep << ": warning: a folder too deep for the system to open (PATH_MAX "
                    << LogFileList::kPathMax << " bytes); the logs below it are left out\n";
    }
    const QStringList &files = inputs.files;
    qint64 total = 0;
    for (const QString &f : files) {
        total += QFileInfo(f).isFile() ? QFileInfo(f).size() : 0;
    }
    LogImporter importer(options);
    for (const QString &f : files) {
        if (!importer.addFile(f, total)) {
            if (showProgress) {
                std::fprintf(stderr, "\n");
            }
            context.err << kCommand << ": " << importer.error() << "\n";
            return 1;
        }
    }
    if (showProgress) {
        std::fprintf(stderr, "\n");
    }
    importer.finish();
    for (const LogImporter::FileProblem &p : importer.warnings()) {
        context.err << p.file << ":" << p.line << ": warning: " << p.text << "\n";
    }
    if (importer.consumerCount() == 0) {
        context.err << kCommand << ": no rebalance, start or shutdown line of a consumer"
                    << (options.group.isEmpty() ? QString()
                                                : QStringLiteral(" of group ") + options.group)
                    << " in " << files.size() << " files (" << importer.lines()
                    << " lines); nothing to report\n";
        return 1;
    }
    if (!context.writeFile(kCommand, parser.value(reportOption),
            [&importer](QIODevice &out) { return importer.writeReport(out); })) {
        return 2;
    }
    if (parser.isSet(scenarioOption)
        && !context.writeFile(
            kCommand, parser.value(scenarioOption), ScenarioWriter::toJson(importer.scenario()))) {
        return 2;
    }
    context.err << kCommand << ": " << importer.lines() << " lines, " << importer.usedLines()
                << " used, " << importer.unknownLines() << " not known, "
                << importer.warnings().size() << " warnings; " << importer.consumerCount()
                << " consumers\n";
    context.err.flush();
    return context.finishOut() ? 0 : 2;
}
