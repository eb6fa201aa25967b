// SPDX-License-Identifier: Apache-2.0
// Shared by the scenario diagnostics tests: a small valid scenario, edits that break one thing
// in it, and the check that reading gives exactly the expected finding at the marked place.
#pragma once

#include "scenario/scenarioreader.h"

#include <QStringList>
#include <QTest>

#include <initializer_list>

namespace ScenarioTestCase {

// A small valid scenario. Each row edits it (pairs of "replace this" → "with that"); the marker
// ‸ in the replacement marks the character the diagnostic must point at, and is removed before
// the text is read. Line and column are counted from the marker, so they are exact.
inline const QString kBase = QStringLiteral(
    "{\"format\": \"rebalance-lab/scenario@1\", \"name\": \"t\",\n"
    " \"brokers\": [\"broker-a\", \"broker-b\"],\n"
    " \"topics\": [{\"name\": \"T\", \"queues\": {\"broker-a\": 4, \"broker-b\": 4}}],\n"
    " \"groups\": [{\"name\": \"g\", \"topics\": [\"T\"], \"client\": {},\n"
    "   \"consumers\": [{\"id\": \"c1\"}, {\"id\": \"c2\", \"consumeTime\": \"2ms\"}]}],\n"
    " \"events\": [{\"at\": \"1m\", \"action\": \"kill\", \"consumer\": \"c1\"}]\n"
    "}\n");

inline const QChar kMarker(0x2038);

struct Marked
{
    QString text;
    int line = 0;
    int column = 0;
};

inline Marked apply(const QStringList &edits)
{
    QString text = kBase;
    for (qsizetype i = 0; i + 1 < edits.size(); i += 2) {
        if (edits.at(i) == QLatin1String("*")) {
            text = edits.at(i + 1);
        } else {
            Q_ASSERT_X(text.count(edits.at(i)) == 1, "apply", qPrintable(edits.at(i)));
            text.replace(edits.at(i), edits.at(i + 1));
        }
    }
    Marked marked;
    const qsizetype at = text.indexOf(kMarker);
    if (at >= 0) {
        const QString before = text.left(at);
        marked.line = int(before.count(QLatin1Char('\n'))) + 1;
        marked.column = int(at - (before.lastIndexOf(QLatin1Char('\n')) + 1)) + 1;
        text.remove(at, 1);
    }
    marked.text = text;
    return marked;
}

inline Marked apply(std::initializer_list<const char *> edits)
{
    QStringList list;
    for (const char *edit : edits) {
        list.append(QString::fromUtf8(edit));
    }
    return apply(list);
}

inline QString dump(const Rblab::ScenarioReadResult &result)
{
    return result.errorText();
}

using Edits = std::initializer_list<const char *>;

inline QStringList toList(Edits edits)
{
    QStringList list;
    for (const char *edit : edits) {
        list.append(QString::fromUtf8(edit));
    }
    return list;
}

inline void addRow(
    const char *tag, bool isError, const QStringList &edits, const char *path, const char *message)
{
    QTest::newRow(tag) << edits << isError << QString::fromUtf8(path) << QString::fromUtf8(message);
}

inline void error(const char *tag, Edits edits, const char *path, const char *message)
{
    addRow(tag, true, toList(edits), path, message);
}

inline void error(const char *tag, const QStringList &edits, const char *path, const char *message)
{
    addRow(tag, true, edits, path, message);
}

inline void warning(const char *tag, Edits edits, const char *path, const char *message)
{
    addRow(tag, false, toList(edits), path, message);
}

inline void warning(
    const char *tag, const QStringList &edits, const char *path, const char *message)
{
    addRow(tag, false, edits, path, message);
}

inline constexpr const char kKill[]
    = "{\"at\": \"1m\", \"action\": \"kill\", \"consumer\": \"c1\"}";

//! Replaces the scenario's one event.
inline QStringList withEvent(const char *event)
{
    return toList({ kKill, event });
}

//! Adds a churn object.
inline QStringList churn(const char *body)
{
    return { QStringLiteral("}]\n}"),
        QStringLiteral("}],\n \"churn\": ") + QString::fromUtf8(body) + QStringLiteral("\n}") };
}

//! The body of a diagnostics() test: the edited scenario gives exactly the row's one finding.
inline void checkSingleDiagnostic(
    const QStringList &edits, bool isError, const QString &path, const QString &message)
{
    const Marked input = apply(edits);
    QVERIFY2(input.line > 0, "the row has no marker");
    const Rblab::ScenarioReadResult result
        = Rblab::ScenarioReader::read(input.text.toUtf8(), QStringLiteral("case.json"));

    // Exactly one finding: the mistake itself, nothing that follows from it.
    QVERIFY2(
        result.diagnostics.size() == 1, qPrintable(dump(result) + QLatin1Char('\n') + input.text));
    const Rblab::Diagnostic &d = result.diagnostics.first();
    QCOMPARE(d.message, message);
    QCOMPARE(d.path, path);
    QCOMPARE(d.line, input.line);
    QCOMPARE(d.column, input.column);
    QCOMPARE(d.isError(), isError);
    QCOMPARE(d.file, QStringLiteral("case.json"));
    // Errors withhold the scenario; warnings do not.
    QCOMPARE(result.ok(), !isError);
    QCOMPARE(result.scenario.has_value(), !isError);
}

} // namespace ScenarioTestCase
