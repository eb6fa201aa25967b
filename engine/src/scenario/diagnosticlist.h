// SPDX-License-Identifier: Apache-2.0
// Collects the diagnostics of one read.
#pragma once

#include "scenario/scenariodiagnostic.h"

#include <QList>
#include <QString>

namespace Rblab {

class JsonNode;

/*!
    Where the readers of one scenario file put what they find. Internal to the scenario reader:
    the public result is ScenarioReadResult's plain list.
*/
class DiagnosticList
{
public:
    explicit DiagnosticList(const QString &fileName) : m_fileName(fileName) { }

    void error(const JsonNode &at, const QString &path, const QString &message);
    void errorAt(int line, int column, const QString &path, const QString &message);
    void warning(const JsonNode &at, const QString &path, const QString &message);
    void warningAt(int line, int column, const QString &path, const QString &message);

    int errorCount() const { return m_errorCount; }
    //! All diagnostics in file order (stable for the same position).
    QList<ScenarioDiagnostic> sorted() const;

private:
    void add(ScenarioDiagnostic::Severity severity, int line, int column, const QString &path,
        const QString &message);

    QString m_fileName;
    QList<ScenarioDiagnostic> m_diagnostics;
    int m_errorCount = 0;
};

} // namespace Rblab
