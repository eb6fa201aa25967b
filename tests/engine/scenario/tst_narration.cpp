// SPDX-License-Identifier: Apache-2.0
// The scenario's "narration" (scenario-format.md, "Narration"): read with its languages, focus
// and pause, sorted by time, written back equal, and every bad note reported at its place.
#include "scenariotestcase.h"

#include "scenario/scenarioreader.h"
#include "scenario/scenariolimits.h"
#include "scenario/scenariowriter.h"

#include <QTest>

using namespace Rblab;
using namespace ScenarioTestCase;

namespace {

//! Adds a narration array after the events.
QStringList narration(const char *body)
{
    return { QStringLiteral("}]\n}"),
        QStringLiteral("}],\n \"narration\": ") + QString::fromUtf8(body) + QStringLiteral("\n}") };
}

} // namespace

class tst_Narration : public QObject
{
    Q_OBJECT

private slots:
    void readsNotes();
    void roundTrip();
    void oldFilesStayValid();
    void diagnostics_data();
    void diagnostics();
    void noteCountCeiling();
};

void tst_Narration::readsNotes()
{
    const Marked input = apply(
        narration("[{\"at\": \"2m\", \"note\": {\"en\": \"c1 is gone\", \"zh_CN\": \"c1 不在了\"}, "
                  "\"focus\": [\"c2\", \"broker-a/3\", \"T/broker-b/0\"], \"pause\": true},\n"
                  "  {\"at\": \"30s\", \"note\": \"watch\"}]"));
    const ScenarioReadResult result
        = ScenarioReader::read(input.text.toUtf8(), QStringLiteral("n.json"));
    QVERIFY2(result.ok() && !result.hasWarnings(), qPrintable(dump(result)));
    const QList<NarrationNote> &notes = result.scenario->narration;
    QCOMPARE(notes.size(), 2);
    // Sorted by time: the 30 s note first.
    QCOMPARE(notes.at(0).at, 30 * kSecond);
    QCOMPARE(notes.at(0).text.value(QString()), QStringLiteral("watch"));
    QCOMPARE(notes.at(0).pause, false);
    QCOMPARE(notes.at(1).at, 2 * kMinute);
    QCOMPARE(notes.at(1).text.size(), 2);
    QCOMPARE(notes.at(1).text.value(QStringLiteral("zh_CN")), QStringLiteral("c1 不在了"));
    QCOMPARE(notes.at(1).focus,
        (QStringList {
            QStringLiteral("c2"), QStringLiteral("broker-a/3"), QStringLiteral("T/broker-b/0") }));
    QCOMPARE(notes.at(1).pause, true);
    QCOMPARE(
        Scenario::textFor(notes.at(1).text, QStringLiteral("zh_CN")), QStringLiteral("c1 不在了"));
    QCOMPARE(
        Scenario::textFor(notes.at(1).text, QStringLiteral("de")), QStringLiteral("c1 is gone"));
}

void tst_Narration::roundTrip()
{
    const Marked input = apply(narration(
        "[{\"at\": \"90s\", \"note\": {\"zh_CN\": \"看\", \"en\": \"look\"}, \"focus\": [\"c1\"]},"
        " {\"at\": 1500, \"note\": \"plain\", \"pause\": true}]"));
    const ScenarioReadResult first
        = ScenarioReader::read(input.text.toUtf8(), QStringLiteral("n.json"));
    QVERIFY2(first.ok(), qPrintable(dump(first)));
    const QByteArray written = ScenarioWriter::toJson(*first.scenario);
    QVERIFY(written.contains("\"narration\""));
    // "en" is written first, as in descriptions.
    QVERIFY(written.indexOf("\"en\": \"look\"") < written.indexOf("\"zh_CN\": \"看\""));
    const ScenarioReadResult second = ScenarioReader::read(written, QStringLiteral("w.json"));
    QVERIFY2(second.ok(), qPrintable(dump(second)));
    QCOMPARE(second.scenario->narration, first.scenario->narration);
    QCOMPARE(*second.scenario, *first.scenario);
}

void tst_Narration::oldFilesStayValid()
{
    const Marked input = apply(QStringList {});
    const ScenarioReadResult result
        = ScenarioReader::read(input.text.toUtf8(), QStringLiteral("old.json"));
    QVERIFY2(result.ok() && !result.hasWarnings(), qPrintable(dump(result)));
    QVERIFY(result.scenario->narration.isEmpty());
    QVERIFY(!ScenarioWriter::toJson(*result.scenario).contains("narration"));
}

void tst_Narration::diagnostics_data()
{
    QTest::addColumn<QStringList>("edits");
    QTest::addColumn<bool>("isError");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("message");

    error("not an array", narration("‸{\"at\": \"1m\"}"), "narration",
        "expected an array of notes such as [{\"at\": \"2m\", \"note\": {\"en\": …}}], got an "
        "object");
    error("note without at", narration("[‸{\"note\": \"x\"}]"), "narration[0].at",
        "missing required field \"at\" in a note (expected a duration)");
    error("at past the ceiling", narration("[{\"at\": ‸\"200h\", \"note\": \"x\"}]"),
        "narration[0].at", "expected a duration from 0ms to 168h, got \"200h\"");
    error("empty text", narration("[{\"at\": \"1m\", \"note\": ‸\"\"}]"), "narration[0].note",
        "expected a non-empty note, got \"\"");
    error("empty language object", narration("[{\"at\": \"1m\", \"note\": ‸{}}]"),
        "narration[0].note",
        "expected a text or a non-empty object of language → text such as {\"en\": …, "
        "\"zh_CN\": …}, got an empty object");
    error("language text not a string",
        narration("[{\"at\": \"1m\", \"note\": {\"en\": \"ok\", \"zh_CN\": ‸3}}]"),
        "narration[0].note.zh_CN", "expected a non-empty string, got 3");
    error("unknown consumer in focus",
        narration("[{\"at\": \"1m\", \"note\": \"x\", \"focus\": [‸\"c9\"]}]"),
        "narration[0].focus[0]", "unknown consumer \"c9\" (declared: \"c1\" or \"c2\")");
    error("queue label of an unknown broker",
        narration("[{\"at\": \"1m\", \"note\": \"x\", \"focus\": [‸\"broker-z/1\"]}]"),
        "narration[0].focus[0]",
        "unknown broker \"broker-z\" (declared: \"broker-a\" or \"broker-b\")");
    error("queue label with a bad id",
        narration("[{\"at\": \"1m\", \"note\": \"x\", \"focus\": [‸\"broker-a/x\"]}]"),
        "narration[0].focus[0]",
        "expected a consumer name or a queue label \"broker/queueId\" or "
        "\"topic/broker/queueId\" (queueId from 0 to 1023), got \"broker-a/x\"");
    error("pause not a boolean",
        narration("[{\"at\": \"1m\", \"note\": \"x\", \"pause\": ‸\"yes\"}]"), "narration[0].pause",
        "expected true or false, got \"yes\"");
    warning("unknown field", narration("[{\"at\": \"1m\", \"note\": \"x\", ‸\"focs\": []}]"),
        "narration[0].focs",
        "unknown field \"focs\" in a note is ignored; did you mean \"focus\"?");
}

void tst_Narration::diagnostics()
{
    QFETCH(QStringList, edits);
    QFETCH(bool, isError);
    QFETCH(QString, path);
    QFETCH(QString, message);
    checkSingleDiagnostic(edits, isError, path, message);
}

void tst_Narration::noteCountCeiling()
{
    // One note over the ceiling, and one character over the length ceiling.
    QStringList notes;
    for (int i = 0; i <= ScenarioLimits::maxNarrationNotes; ++i) {
        notes.append(QStringLiteral("{\"at\": %1, \"note\": \"n\"}").arg(i));
    }
    const Marked many = apply(narration(""));
    QString text = many.text;
    text.replace(QStringLiteral("\"narration\": \n"),
        QStringLiteral("\"narration\": [") + notes.join(QLatin1Char(',')) + QStringLiteral("]\n"));
    ScenarioReadResult result = ScenarioReader::read(text.toUtf8(), QStringLiteral("m.json"));
    QVERIFY(!result.ok());
    QCOMPARE(result.diagnostics.size(), 1);
    QCOMPARE(result.diagnostics.first().message,
        QStringLiteral("501 notes; the ceiling is 500 (scenario-format.md, \"Limits\")"));

    const QString longNote(ScenarioLimits::maxNarrationNoteLength + 1, QLatin1Char('x'));
    text = many.text;
    text.replace(QStringLiteral("\"narration\": \n"),
        QStringLiteral("\"narration\": [{\"at\": \"1s\", \"note\": {\"en\": \"") + longNote
            + QStringLiteral("\"}}]\n"));
    result = ScenarioReader::read(text.toUtf8(), QStringLiteral("l.json"));
    QCOMPARE(result.diagnostics.size(), 1);
    QCOMPARE(result.diagnostics.first().path, QStringLiteral("narration[0].note.en"));
    QCOMPARE(result.diagnostics.first().message,
        QStringLiteral("a note of 601 characters; the ceiling is 600 (scenario-format.md, "
                       "\"Limits\")"));
}

QTEST_GUILESS_MAIN(tst_Narration)
#include "tst_narration.moc"
