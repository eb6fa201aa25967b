// SPDX-License-Identifier: Apache-2.0
// A strategy error as the engine recorded it, in the interface's language.
#pragma once

#include <QCoreApplication>
#include <QString>

namespace Rblab {

/*!
    The engine and the plugins record a strategy's failure in English: the text goes into
    reports that must read the same in every language, and an event outlives a language switch.
    The interface translates it when it shows it, by recognising the message it was made from
    (the same source text and context as the producer's, so one catalog entry serves both) and
    translating the arguments that are messages themselves ("strategy X threw an exception:
    interrupted: …"). A text it does not recognise (a JavaScript engine's own TypeError, a
    plugin's free text) is shown as it is.
*/
class StrategyErrorText
{
    Q_DECLARE_TR_FUNCTIONS(Rblab::StrategyErrorText)

public:
    static QString translated(const QString &english);
};

} // namespace Rblab
