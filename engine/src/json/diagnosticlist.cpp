// SPDX-License-Identifier: Apache-2.0
#include "json/diagnosticlist.h"

#include "json/jsonnode.h"

#include <algorithm>

namespace Rblab {

void DiagnosticList::error(const JsonNode &at, const QString &path, const QString &message)
{
    add(ScenarioDiagnostic::Severity::Error, at.line(), at.column(), path, message);
}

void DiagnosticList::errorAt(int line, int column, const QString &path, const QString &message)
{
    add(ScenarioDiagnostic::Severity::Error, line, column, path, message);
}

void DiagnosticList::warning(const JsonNode &at, const QString &path, const QString &message)
{
    add(ScenarioDiagnostic::Severity::Warning, at.line(), at.column(), path, message);
}

void DiagnosticList::warningAt(int line, int column, const QString &path, const QString &message)
{
    add(ScenarioDiagnostic::Severity::Warning, line, column, path, message);
}

QList<ScenarioDiagnostic> DiagnosticList::sorted() const
{
    // Readers check cross-references in passes (joins before the events that use them), so
    // findings arrive out of file order; people read them top to bottom.
    QList<ScenarioDiagnostic> list = m_diagnostics;
    std::stable_sort(
        list.begin(), list.end(), [](const ScenarioDiagnostic &a, const ScenarioDiagnostic &b) {
            return std::pair(a.line, a.column) < std::pair(b.line, b.column);
        });
    if (m_dropped > 0) {
        ScenarioDiagnostic more = list.last();
        more.path.clear();
        more.severity = m_droppedErrors > 0 ? ScenarioDiagnostic::Severity::Error
                                            : ScenarioDiagnostic::Severity::Warning;
        more.message = tr("%n more problem(s) not shown", nullptr, m_dropped);
        list.append(more);
    }
    return list;
}

void DiagnosticList::add(ScenarioDiagnostic::Severity severity, int line, int column,
    const QString &path, const QString &message)
{
    ScenarioDiagnostic d;
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
    if (severity == ScenarioDiagnostic::Severity::Error) {
        ++m_errorCount;
    }
    // A hostile file can hold millions of mistakes; keeping a readable number bounds the work.
    if (m_diagnostics.size() >= maxDiagnostics) {
        ++m_dropped;
        m_droppedErrors += severity == ScenarioDiagnostic::Severity::Error ? 1 : 0;
        return;
    }
    m_diagnostics.append(d);
}

} // namespace Rblab
