// SPDX-License-Identifier: Apache-2.0
// Collects the diagnostics of one read.
#pragma once

#include "json/scenariodiagnostic.h"

#include <QCoreApplication>

#include <QList>
#include <QSet>
#include <QString>

namespace Rblab {

class JsonNode;

/*!
    Where the readers of one scenario file put what they find. Internal to the scenario reader:
    the public result is ScenarioReadResult's plain list.
*/
class DiagnosticList
{
    Q_DECLARE_TR_FUNCTIONS(Rblab::ScenarioReader)

public:
    //! More findings than anyone reads; beyond it they are counted, not kept.
    static constexpr qsizetype maxDiagnostics = 1000;

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
    QSet<QString> m_seen;
    int m_errorCount = 0;
    int m_dropped = 0;
    int m_droppedErrors = 0;
};

} // namespace Rblab
