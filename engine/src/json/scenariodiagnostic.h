// SPDX-License-Identifier: Apache-2.0
// One finding about a scenario file: where it is, what is wrong, how bad it is.
#pragma once

#include <rblab/rblab_global.h>

#include <QCoreApplication>
#include <QString>

namespace Rblab {

/*!
    An error or warning about a scenario file, in the shape compilers use so that editors and
    people read it alike: "file:line:column: error: path: message", where path is the JSON path
    of the value (groups[0].consumers[2].consumeTime). Line and column are 1-based and count
    characters; 0 when the problem is about the whole file (it cannot be opened).
*/
struct RBLAB_ENGINE_EXPORT ScenarioDiagnostic
{
    Q_DECLARE_TR_FUNCTIONS(Rblab::ScenarioDiagnostic)

public:
    enum class Severity { Error, Warning };

    Severity severity = Severity::Error;
    QString file;
    int line = 0;
    int column = 0;
    QString path;
    QString message;

    bool isError() const { return severity == Severity::Error; }
    QString toString() const;

    friend bool operator==(const ScenarioDiagnostic &, const ScenarioDiagnostic &) = default;
};

} // namespace Rblab
