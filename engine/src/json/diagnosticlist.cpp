// SPDX-License-Identifier: Apache-2.0
#include "json/diagnosticlist.h"

#include "json/jsonnode.h"

#include <algorithm>

namespace Rblab {

void DiagnosticList::error(const JsonNode &at, const QString &path, const QString &message)
{
    add(Diagnostic::Severity::Error, at.line(), at.column(), path, message);
}

void DiagnosticList::errorAt(int line, int column, const QString &path, const QString &message)
{
    add(Diagnostic::Severity::Error, line, column, path, message);
}

void DiagnosticList::warning(const JsonNode &at, const QString &path, const QString &message)
{
    add(Diagnostic::Severity::Warning, at.line(), at.column(), path, message);
}

void DiagnosticList::warningAt(int line, int column, const QString &path, const QString &message)
{
    add(Diagnostic::Severity::Warning, line, column, path, message);
}

QList<Diagnostic> DiagnosticList::sorted() const
{
    // Readers check cross-references in passes (joins before the events that use them), so
    // findings arrive out of file order; people read them top to bottom.
    QList<Diagnostic> list = m_diagnostics;
    std::stable_sort(list.begin(), list.end(), [](const Diagnostic &a, const Diagnostic &b) {
        return std::pair(a.line, a.column) < std::pair(b.line, b.column);
    });
    if (m_dropped > 0) {
        Diagnostic more = list.last();
        more.path.clear();
        more.severity
            = m_droppedErrors > 0 ? Diagnostic::Severity::Error : Diagnostic::Severity::Warning;
        more.message = tr("%n more problem(s) not shown", nullptr, m_dropped);
        list.append(more);
    }
    return list;
}

void DiagnosticList::add(Diagnostic::Severity severity, int line, int column, const QString &path,
    const QString &message)
{
    Diagnostic d;
    d.severity = severity;
    d.file = m_fileName;
    d.line = line;
    d.column = column;
    d.path = path;
    d.message = message;
    // The same finding twice (one bad value seen from two checks) is noise.
    const QString key = QString::number(line) + QLatin1Char(':') + QString::number(column)
        + QLatin1Char(':') + path + QLatin1Char(':') + message;
    if (m_seen.contains(key)) {
        return;
    }
    m_seen.insert(key);
    if (severity == Diagnostic::Severity::Error) {
        ++m_errorCount;
    }
    // A hostile file can hold millions of mistakes; keeping a readable number bounds the work.
    if (m_diagnostics.size() >= maxDiagnostics) {
        ++m_dropped;
        m_droppedErrors += severity == Diagnostic::Severity::Error ? 1 : 0;
        return;
    }
    m_diagnostics.append(d);
}

} // namespace Rblab
