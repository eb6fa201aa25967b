// SPDX-License-Identifier: Apache-2.0
// One JavaScript strategy file, read and checked once.
#pragma once

#include <QCoreApplication>
#include <QJsonObject>
#include <QString>

#include <chrono>
#include <memory>

class QJSEngine;
class QJSValue;

/*!
    A strategy file as the registry found it: its source, its declared metadata (the global
    `strategy` object, the keys of a native plugin's "Strategy" JSON object), and where its
    functions are, for messages. Immutable: a file saved again is a new program, and strategies
    made from the old one keep running it until they are made again.
*/
struct JsProgram
{
    Q_DECLARE_TR_FUNCTIONS(JsProgram)

public:
    QString path;
    QString source;
    QString name; //!< strategy.Name
    QJsonObject metaData; //!< {"Strategy": {…}}
    int allocateLine = 1; //!< where `function allocate` is, for errors about its answers
    int allocateAllLine = 0; //!< 0 when the file has no allocateAll
    int allocateLoopLine = 0; //!< the loop to blame when allocate runs past its limit, or 0
    int allocateAllLoopLine = 0; //!< the same for allocateAll
    std::chrono::milliseconds timeLimit { 1000 };

    //! Reads and evaluates the file in a sandbox; on failure error is "file:line: message".
    static std::shared_ptr<const JsProgram> load(const QString &path, QString *error);

    //! The time limit of one call: RBLAB_JS_TIMEOUT_MS, 1 to 3,600,000 ms, else 1,000 ms.
    static std::chrono::milliseconds configuredTimeLimit();
    //! "file:line" for a line of this file.
    QString where(int line) const;
    /*!
        The line to name when the function declared at `functionLine` ran past the time
        limit: its likeliest runaway loop (JsLoops), else the function's own line.
    */
    int stuckLine(int functionLine) const;
    //! A thrown value as "TypeError: x is undefined (file.js:12)".
    static QString errorText(const QJSValue &error, const QString &fallbackFile);

    /*!
        Evaluates the source in an engine with a time limit. Returns a null string or
        "file:line: message" (an exception, or the time limit).
    */
    QString evaluateInto(QJSEngine &engine) const;
};
