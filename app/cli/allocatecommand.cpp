// SPDX-License-Identifier: Apache-2.0
#include "allocatecommand.h"

#include "clicontext.h"

#include <allocation/allocationcase.h>

#include <QFile>

#include <cstdio>

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

    QFile file;
    bool opened = false;
    if (path == QLatin1String("-")) {
        opened = file.open(stdin, QIODevice::ReadOnly);
    } else {
        file.setFileName(path);
        opened = file.open(QIODevice::ReadOnly);
    }
    if (!opened) {
        context.err << "rblab allocate: cannot read " << path << ": " << file.errorString() << "\n";
        return 2;
    }
    const QByteArray input = file.readAll();
    if (file.error() != QFileDevice::NoError) {
        context.err << "rblab allocate: cannot read " << path << ": " << file.errorString() << "\n";
        return 2;
    }

    AllocationCaseRunner runner(context.registry());
    QByteArray output;
    bool allUnderstood = true;
    int lineNumber = 0;
    qsizetype from = 0;
    while (from < input.size()) {
        qsizetype end = input.indexOf('\n', from);
        if (end < 0) {
            end = input.size();
        }
        ++lineNumber;
        QByteArrayView line(input.constData() + from, end - from);
        from = end + 1;
        if (line.endsWith('\r')) {
            line.chop(1);
        }
        if (line.trimmed().isEmpty()) {
            continue;
        }
        AllocationCaseRunner::Outcome outcome;
        output += runner.answerLine(line, lineNumber, &outcome);
        output += '\n';
        if (outcome == AllocationCaseRunner::Outcome::LineError) {
            allUnderstood = false;
        }
        if (output.size() > (1 << 20)) {
            std::fwrite(output.constData(), 1, size_t(output.size()), stdout);
            output.clear();
        }
    }
    std::fwrite(output.constData(), 1, size_t(output.size()), stdout);
    std::fflush(stdout);
    return allUnderstood ? 0 : 1;
}
