// SPDX-License-Identifier: Apache-2.0
#include "allocatecommand.h"

#include "clicontext.h"

#include <allocation/allocationcase.h>
#include <json/jsonnode.h>
#include <json/jsonwriter.h>

#include "cliguard.h"

#include <QFile>
#include <QJsonObject>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <optional>

using namespace Rblab;

int runAllocateCommand(CliContext &context)
{
    QCommandLineParser &parser = context.parser;
    parser.clearPositionalArguments();
    parser.addPositionalArgument(QStringLiteral("allocate"),
        QStringLiteral("Answer allocation cases."), QStringLiteral("allocate"));
    parser.addPositionalArgument(QStringLiteral("file"),
        QStringLiteral("JSON Lines file of cases; '-' or nothing reads standard input."),
        QStringLiteral("[FILE|-]"));
    parser.process(QCoreApplication::arguments());
    const QStringList args = parser.positionalArguments();
    if (args.size() > 2) {
        context.err << "rblab allocate: too many arguments (expected one FILE or -)\n";
        return 2;
    }
    const QString path = args.size() == 2 ? args.at(1) : QStringLiteral("-");

    std::FILE *input = stdin;
    if (path != QLatin1String("-")) {
        input = std::fopen(QFile::encodeName(path).constData(), "rb");
        if (!input) {
            context.err << "rblab allocate: cannot read " << path << ": "
                        << QString::fromLocal8Bit(std::strerror(errno)) << "\n";
            return 2;
        }
    }
    if (!context.parseCallTimeout()) {
        return 2;
    }

    // Line by line, each answer flushed as soon as it is known: memory stays bounded by the
    // longest line, a co-process gets its answer before it sends the next case, and a plugin
    // that crashes costs the case it was answering, not the answers before it.
    AllocationCaseRunner runner(context.registry());
    bool allUnderstood = true;
    int lineNumber = 0;
    QByteArray line;
    bool atEnd = false;
    while (!atEnd) {
        line.clear();
        bool tooLong = false;
        int ch = 0;
        while ((ch = getc_unlocked(input)) != EOF && ch != '\n') {
            if (tooLong) {
                continue; // skipping to the end of the line already answered
            }
            line.append(char(ch));
            if (line.size() > AllocationCaseLimits::maxLineBytes) {
                // Answered at once, so that an endless line (/dev/zero) does not run unseen.
                tooLong = true;
                JsonNode o = JsonNode::makeObject();
                o.insert(QStringLiteral("line"), JsonNode::makeInteger(lineNumber + 1));
                o.insert(QStringLiteral("error"),
                    JsonNode::makeString(
                        QStringLiteral("the line is longer than %1 bytes, the ceiling")
                            .arg(AllocationCaseLimits::maxLineBytes)));
                if (!context.writeOut(JsonWriter::compactUtf8(o) + '\n')) {
                    return 2;
                }
                allUnderstood = false;
                line.clear();
            }
        }
        atEnd = ch == EOF;
        if (std::ferror(input)) {
            context.err << "rblab allocate: cannot read " << path << ": "
                        << QString::fromLocal8Bit(std::strerror(errno)) << "\n";
            return 2;
        }
        if (atEnd && line.isEmpty() && !tooLong) {
            break;
        }
        ++lineNumber;
        if (line.endsWith('\r')) {
            line.chop(1);
        }
        if (tooLong || line.trimmed().isEmpty()) {
            continue;
        }
        AllocationCaseRunner::Outcome outcome;
        QByteArray answer;
        {
            std::optional<CliGuard::Call> call;
            answer = runner.answerLine(line, lineNumber, &outcome, [&](const AllocationCase &c) {
                const PluginRecord *record = context.registry().find(c.strategy);
                call.emplace(QStringLiteral("strategy %1 (%2), line %3, case id \"%4\"")
                                 .arg(c.strategy, record ? record->file : QStringLiteral("?"))
                                 .arg(lineNumber)
                                 .arg(c.id.left(200))
                                 .toUtf8());
            });
        }
        answer += '\n';
        if (!context.writeOut(answer)) {
            return 2;
        }
        if (outcome == AllocationCaseRunner::Outcome::LineError) {
            allUnderstood = false;
        }
    }
    return allUnderstood ? 0 : 1;
}
