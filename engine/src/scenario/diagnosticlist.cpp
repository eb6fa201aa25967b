// SPDX-License-Identifier: Apache-2.0
#include "scenario/diagnosticlist.h"

#include "scenario/jsonnode.h"

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
    if (m_diagnostics.contains(d)) {
        return;
    }
    if (severity == ScenarioDiagnostic::Severity::Error) {
        ++m_errorCount;
    }
    m_diagnostics.append(d);
}

} // namespace Rblab
