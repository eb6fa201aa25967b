// SPDX-License-Identifier: Apache-2.0
// Where a function of a strategy file loops, for the message of a call that never returned.
#pragma once

#include <QString>

/*!
    QJSEngine::setInterrupted() unwinds a runaway call with a bare "Interrupted" error that
    carries no line, so the line a user is shown is found in the source: the loops of the
    function that was called (nested functions, such as a getter it defines, included), read
    with a small tokenizer that passes over strings, template literals, comments and regular
    expressions. A loop whose condition is a constant true (`while (true)`, `for (;;)`) is the
    likeliest runaway; else the function's first loop is named.
*/
class JsLoops
{
public:
    /*!
        The 1-based line of the loop to blame in the function whose declaration starts at
        offset `function` of `source`; 0 when its body has no loop (the loop is then in
        something it calls, and the function's own line is the better answer).
    */
    static int stuckLine(const QString &source, qsizetype function);
};
