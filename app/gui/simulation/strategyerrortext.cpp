// SPDX-License-Identifier: Apache-2.0
#include "simulation/strategyerrortext.h"

#include <QList>
#include <QRegularExpression>

namespace Rblab {

namespace {

struct Message
{
    const char *context;
    const char *source;
};

// The producers' own contexts and source texts (QT_TRANSLATE_NOOP keeps lupdate's entries).
// An outer message before the inner ones it may hold.
const Message kMessages[] = {
    { "JsContext", QT_TRANSLATE_NOOP("JsContext", "strategy %1 threw an exception: %2") },
    { "Rblab::StrategyErrorText",
        QT_TRANSLATE_NOOP("Rblab::StrategyErrorText", "inner strategy %1 threw an exception: %2") },
    { "Rblab::StrategyRegistry",
        QT_TRANSLATE_NOOP(
            "Rblab::StrategyRegistry", "strategy %1 answered for %2 consumers, asked for %3") },
    { "JsContext",
        QT_TRANSLATE_NOOP("JsContext",
            "not run: its last %1 calls ran longer than the time limit of %2 ms; it runs again "
            "when the file is loaded again (%3)") },
    { "JsContext",
        QT_TRANSLATE_NOOP(
            "JsContext", "interrupted: the call ran longer than the time limit of %1 ms (%2)") },
    { "JsContext",
        QT_TRANSLATE_NOOP("JsContext",
            "bad answer: allocate must return an array of queues, it returned %1 (%2)") },
    { "JsContext",
        QT_TRANSLATE_NOOP("JsContext",
            "bad answer: element %1 is not a queue {topic, brokerName, queueId} (%2)") },
    { "JsContext",
        QT_TRANSLATE_NOOP("JsContext",
            "bad answer: allocateAll must return one array of queues per consumer (%1)") },
    { "JsContext",
        QT_TRANSLATE_NOOP(
            "JsContext", "bad answer: allocateAll returned %1 lists for %2 consumers (%3)") },
    { "JsContext",
        QT_TRANSLATE_NOOP("JsContext", "bad answer: %1 queues, more than the %2 given (%3)") },
    { "JsContext", QT_TRANSLATE_NOOP("JsContext", "%1: has no function allocate") },
    { "JsProgram", QT_TRANSLATE_NOOP("JsProgram", "threw %1") },
    { "Rblab::IsolatedStrategy",
        QT_TRANSLATE_NOOP("Rblab::IsolatedStrategy",
            "%1 did not return from %2 within %3 ms; the helper was restarted, the round was "
            "skipped") },
    { "Rblab::IsolatedStrategy",
        QT_TRANSLATE_NOOP(
            "Rblab::IsolatedStrategy", "%1 could not run in %2: %3; the round was skipped") },
    { "Rblab::IsolatedStrategy",
        QT_TRANSLATE_NOOP("Rblab::IsolatedStrategy",
            "%1 answered %2 with an unreadable frame; the round was skipped") },
    { "Rblab::IsolatedStrategy",
        QT_TRANSLATE_NOOP(
            "Rblab::IsolatedStrategy", "%1 crashed in create; no strategy was made") },
    { "Rblab::IsolatedStrategy",
        QT_TRANSLATE_NOOP("Rblab::IsolatedStrategy", "%1 crashed in %2; the round was skipped") },
    // The engine's own (RebalanceImpl): RocketMQ's exception, then the check of the answer.
    { "Rblab::StrategyErrorText",
        QT_TRANSLATE_NOOP(
            "Rblab::StrategyErrorText", "IllegalArgumentException: mqAll is null or mqAll empty") },
    { "Rblab::StrategyErrorText",
        QT_TRANSLATE_NOOP("Rblab::StrategyErrorText", "%1 returned %2, which it was not given") },
};

struct Pattern
{
    Message message;
    QRegularExpression re;
    QList<int> argNumbers; //!< the %N of each capture, in the order they appear
};

const QList<Pattern> &patterns()
{
    static const QList<Pattern> all = [] {
        static const QRegularExpression placeholder(QStringLiteral("%([1-9])"));
        QList<Pattern> list;
        for (const Message &m : kMessages) {
            const QString source = QString::fromUtf8(m.source);
            Pattern p { m, {}, {} };
            QString re = QStringLiteral("^");
            qsizetype from = 0;
            for (auto it = placeholder.globalMatch(source); it.hasNext();) {
                const QRegularExpressionMatch match = it.next();
                re += QRegularExpression::escape(source.mid(from, match.capturedStart() - from));
                re += QStringLiteral("(.*?)");
                p.argNumbers.append(match.captured(1).toInt());
                from = match.capturedEnd();
            }
            re += QRegularExpression::escape(source.mid(from)) + QStringLiteral("$");
            p.re = QRegularExpression(re, QRegularExpression::DotMatchesEverythingOption);
            list.append(p);
        }
        return list;
    }();
    return all;
}

// %1…%9 replaced in one pass, so an argument holding "%2" is not replaced again.
QString fill(const QString &text, const QStringList &args)
{
    QString out;
    out.reserve(text.size());
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (c == QLatin1Char('%') && i + 1 < text.size() && text.at(i + 1) >= QLatin1Char('1')
            && text.at(i + 1) <= QLatin1Char('9')) {
            const int n = text.at(i + 1).digitValue();
            out += n <= args.size() ? args.at(n - 1) : text.mid(i, 2);
            ++i;
        } else {
            out += c;
        }
    }
    return out;
}

QString translate(const QString &english, int depth)
{
    if (depth > 4) {
        return english;
    }
    for (const Pattern &p : patterns()) {
        const QRegularExpressionMatch m = p.re.match(english);
        if (!m.hasMatch()) {
            continue;
        }
        QStringList args(9);
        for (qsizetype i = 0; i < p.argNumbers.size(); ++i) {
            // An argument may be a message too (what the strategy threw).
            args[p.argNumbers.at(i) - 1] = translate(m.captured(int(i) + 1), depth + 1);
        }
        return fill(QCoreApplication::translate(p.message.context, p.message.source), args);
    }
    return english;
}

} // namespace

QString StrategyErrorText::translated(const QString &english)
{
    return translate(english, 0);
}

} // namespace Rblab
