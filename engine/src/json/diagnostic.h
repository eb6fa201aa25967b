// SPDX-License-Identifier: Apache-2.0
// One finding about an input file: where it is, what is wrong, how bad it is.
#pragma once

#include <rblab/rblab_global.h>

#include <QCoreApplication>
#include <QList>
#include <QString>

namespace Rblab {

class JsonNode;
struct JsonProblem;

/*!
    An error or warning about an input file (a scenario, a variants file, a compare part, an
    allocate line, the app's autosaved state), in the shape compilers use so that editors and
    people read it alike: "file:line:column: error: path: message", where path is the JSON path
    of the value (groups[0].consumers[2].consumeTime). Line and column are 1-based and count
    characters; 0 when the problem is about the whole file (it cannot be opened).
*/
struct RBLAB_ENGINE_EXPORT Diagnostic
{
    Q_DECLARE_TR_FUNCTIONS(Rblab::Diagnostic)

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

    //! An error about `node` (its line and column) of `file`.
    static Diagnostic error(
        const QString &file, const JsonNode &node, const QString &path, const QString &message);
    //! What JsonParser found wrong in `file`.
    static Diagnostic fromProblem(const QString &file, const JsonProblem &problem);
    //! JsonParser's problems with `file`, in the order found.
    static QList<Diagnostic> fromProblems(const QString &file, const QList<JsonProblem> &problems);
    //! One toString() a line, without a final newline.
    static QString toText(const QList<Diagnostic> &diagnostics);

    friend bool operator==(const Diagnostic &, const Diagnostic &) = default;
};

} // namespace Rblab
