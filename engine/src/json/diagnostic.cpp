// SPDX-License-Identifier: Apache-2.0
#include "json/diagnostic.h"

#include "json/jsonnode.h"
#include "json/jsonscanner.h"

#include <QStringList>

namespace Rblab {

QString Diagnostic::toString() const
{
    QString text = file;
    if (line > 0) {
        text += QLatin1Char(':') + QString::number(line) + QLatin1Char(':')
            + QString::number(column);
    }
    text += QStringLiteral(": ");
    text += severity == Severity::Error ? tr("error") : tr("warning");
    text += QStringLiteral(": ");
    if (!path.isEmpty()) {
        text += path + QStringLiteral(": ");
    }
    return text + message;
}

Diagnostic Diagnostic::error(
    const QString &file, const JsonNode &node, const QString &path, const QString &message)
{
    return { Severity::Error, file, node.line(), node.column(), path, message };
}

Diagnostic Diagnostic::fromProblem(const QString &file, const JsonProblem &problem)
{
    return { Severity::Error, file, problem.line, problem.column, problem.path, problem.message };
}

QList<Diagnostic> Diagnostic::fromProblems(const QString &file, const QList<JsonProblem> &problems)
{
    QList<Diagnostic> list;
    list.reserve(problems.size());
    for (const JsonProblem &problem : problems) {
        list.append(fromProblem(file, problem));
    }
    return list;
}

QString Diagnostic::toText(const QList<Diagnostic> &diagnostics)
{
    QStringList lines;
    lines.reserve(diagnostics.size());
    for (const Diagnostic &d : diagnostics) {
        lines.append(d.toString());
    }
    return lines.join(QLatin1Char('\n'));
}

} // namespace Rblab
