// SPDX-License-Identifier: Apache-2.0
// Collects the diagnostics of one read.
#pragma once

#include "json/diagnostic.h"

#include <QCoreApplication>

#include <QList>
#include <QSet>
#include <QString>

namespace Rblab {

class JsonNode;

/*!
    Where the readers of one input file put what they find: duplicates dropped, at most
    maxDiagnostics kept, sorted() in file order. Internal to the readers: their public results
    are plain lists of Diagnostic (ScenarioReadResult's).
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
    QList<Diagnostic> sorted() const;

private:
    void add(Diagnostic::Severity severity, int line, int column, const QString &path,
        const QString &message);

    QString m_fileName;
    QList<Diagnostic> m_diagnostics;
    QSet<QString> m_seen;
    int m_errorCount = 0;
    int m_dropped = 0;
    int m_droppedErrors = 0;
};

} // namespace Rblab
