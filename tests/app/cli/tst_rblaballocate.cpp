// SPDX-License-Identifier: Apache-2.0
// `rblab allocate` as a separate process: the 300 reference cases, standard input, every row of
// the contract's "Bad input" section, exit statuses, and plugins that throw.
#include "rblabprocess.h"
#include "referencedata.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

namespace {

const QByteArray kGood
    = R"({"id": "good", "strategy": "AVG", "topic": "T", "queues": [{"brokerName": "b", "queueId": 0}], "consumers": ["c1"]})";

// A case with one field replaced (or removed, when value is empty).
QByteArray caseWith(const QString &field, const QByteArray &value, const QByteArray &id = "x")
{
    QJsonObject o = QJsonDocument::fromJson(kGood).object();
    o.insert(QStringLiteral("id"), QString::fromUtf8(id));
    if (value.isEmpty()) {
        o.remove(field);
    } else {
        o.insert(field, QJsonDocument::fromJson("[" + value + "]").array().at(0));
    }
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

QList<QJsonObject> parseLines(const QByteArray &out, QString *error)
{
    QList<QJsonObject> answers;
    const QList<QByteArray> lines = out.split('\n');
    for (qsizetype i = 0; i < lines.size(); ++i) {
        if (lines.at(i).isEmpty() && i == lines.size() - 1) {
            break; // after the final newline
        }
        QJsonParseError parseError;
        const QJsonDocument doc = QJsonDocument::fromJson(lines.at(i), &parseError);
        if (parseError.error != QJsonParseError::NoError || !doc.isObject()) {
            *error = QStringLiteral("output line %1 is not a JSON object: %2")
                         .arg(i + 1)
                         .arg(QString::fromUtf8(lines.at(i).left(200)));
            return {};
        }
        answers.append(doc.object());
    }
    return answers;
}

} // namespace

class tst_RblabAllocate : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void referenceCases_data();
    void referenceCases();
    void standardInput_data();
    void standardInput();
    void badInput_data();
    void badInput();
    void zeroConsumers();
    void duplicateConsumers();
    void cannotRead_data();
    void cannotRead();
    void throwingPlugins();

private:
    QTemporaryDir m_home;
    QList<ReferenceData::Case> m_cases;
    QList<QJsonObject> m_referenceAnswers;
    RblabProcess::Result m_referenceRun;
};

void tst_RblabAllocate::initTestCase()
{
    QVERIFY(m_home.isValid());
    QString error;
    m_cases = ReferenceData::load(&error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    // One process answers all 300 cases, as a script would use it.
    RblabProcess rblab(m_home.path());
    m_referenceRun = rblab.run({ QStringLiteral("allocate"),
        QStringLiteral(RBLAB_TEST_DATA_DIR "/allocation/cases.jsonl") });
    QVERIFY2(m_referenceRun.finished && m_referenceRun.exitCode == 0,
        qPrintable(m_referenceRun.describe()));
    m_referenceAnswers = parseLines(m_referenceRun.out, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(m_referenceAnswers.size(), m_cases.size());
}

void tst_RblabAllocate::referenceCases_data()
{
    QTest::addColumn<int>("index");
    for (qsizetype i = 0; i < m_cases.size(); ++i) {
        QTest::addRow(
            "%s %s", qPrintable(m_cases.at(i).input.id), qPrintable(m_cases.at(i).input.strategy))
            << int(i);
    }
}

void tst_RblabAllocate::referenceCases()
{
    QFETCH(int, index);
    const QString problem
        = ReferenceData::compareAnswer(m_cases.at(index), m_referenceAnswers.at(index));
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

void tst_RblabAllocate::standardInput_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::newRow("-") << QStringList { QStringLiteral("allocate"), QStringLiteral("-") };
    QTest::newRow("no file argument") << QStringList { QStringLiteral("allocate") };
}

void tst_RblabAllocate::standardInput()
{
    QFETCH(QStringList, arguments);
    // The first 20 reference cases through stdin give the same lines as from the file.
    QFile file(QStringLiteral(RBLAB_TEST_DATA_DIR "/allocation/cases.jsonl"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = file.readAll().split('\n').mid(0, 20);
    RblabProcess rblab(m_home.path());
    const RblabProcess::Result r = rblab.run(arguments, lines.join('\n') + '\n');
    QVERIFY2(r.finished && r.exitCode == 0, qPrintable(r.describe()));
    const QList<QByteArray> expected = m_referenceRun.out.split('\n').mid(0, 20);
    QCOMPARE(r.out, expected.join('\n') + '\n');
}

void tst_RblabAllocate::badInput_data()
{
    QTest::addColumn<QByteArray>("input");
    // One per output line: "line|<N>|<text in error>", "id|<id>|<text in error>" or "ok|<id>".
    QTest::addColumn<QStringList>("answers");
    QTest::addColumn<int>("exitCode");
    const QString ok = QStringLiteral("ok|good");
    auto row = [&](const char *name, const QByteArray &bad, const QString &answer, int exitCode) {
        QTest::newRow(name) << bad + '\n' + kGood + '\n' << QStringList { answer, ok } << exitCode;
    };

    // Not JSON, not an object: {"line", "error"}, the next line still answered, exit 1.
    row("not JSON", "not json", QStringLiteral("line|1|not valid JSON"), 1);
    row("truncated object", R"({"id": "x", "strategy": )", QStringLiteral("line|1|not valid JSON"),
        1);
    row("array", "[1, 2]", QStringLiteral("line|1|must be a JSON object, got an array"), 1);
    row("string", R"("a case")", QStringLiteral("line|1|must be a JSON object, got a string"), 1);
    row("number", "42", QStringLiteral("line|1|must be a JSON object, got a number"), 1);
    row("null", "null", QStringLiteral("line|1|must be a JSON object, got null"), 1);
    row("two values", "1, 2", QStringLiteral("line|1|not valid JSON"), 1);
    // A required field missing.
    for (const char *field : { "id", "strategy", "topic", "queues", "consumers" }) {
        QTest::addRow("missing %s", field)
            << caseWith(QLatin1String(field), QByteArray()) + '\n' + kGood + '\n'
            << QStringList { QStringLiteral("line|1|missing required field \"%1\"")
                                 .arg(QLatin1String(field)),
                   ok }
            << 1;
    }
    // A field of the wrong type.
    row("id a number", caseWith(QStringLiteral("id"), "5"),
        QStringLiteral("line|1|\"id\" must be a string"), 1);
    row("strategy a bool", caseWith(QStringLiteral("strategy"), "true"),
        QStringLiteral("line|1|\"strategy\" must be a string"), 1);
    row("topic an array", caseWith(QStringLiteral("topic"), "[]"),
        QStringLiteral("line|1|\"topic\" must be a string"), 1);
    row("params an array", caseWith(QStringLiteral("params"), "[1]"),
        QStringLiteral("line|1|\"params\" must be an object"), 1);
    row("queues an object", caseWith(QStringLiteral("queues"), "{}"),
        QStringLiteral("line|1|\"queues\" must be an array"), 1);
    row("queue a string", caseWith(QStringLiteral("queues"), R"(["b:0"])"),
        QStringLiteral("line|1|queues[0] must be an object"), 1);
    row("brokerName missing", caseWith(QStringLiteral("queues"), R"([{"queueId": 0}])"),
        QStringLiteral("line|1|queues[0] lacks \"brokerName\""), 1);
    row("brokerName a number",
        caseWith(QStringLiteral("queues"), R"([{"brokerName": 7, "queueId": 0}])"),
        QStringLiteral("line|1|queues[0].brokerName must be a string"), 1);
    row("queueId missing", caseWith(QStringLiteral("queues"), R"([{"brokerName": "b"}])"),
        QStringLiteral("line|1|queues[0] lacks \"queueId\""), 1);
    row("queueId a string",
        caseWith(QStringLiteral("queues"), R"([{"brokerName": "b", "queueId": "0"}])"),
        QStringLiteral("line|1|queues[0].queueId must be an integer"), 1);
    row("queueId fractional",
        caseWith(QStringLiteral("queues"), R"([{"brokerName": "b", "queueId": 1.5}])"),
        QStringLiteral("line|1|queues[0].queueId must be an integer"), 1);
    row("consumers a string", caseWith(QStringLiteral("consumers"), R"("c1")"),
        QStringLiteral("line|1|\"consumers\" must be an array"), 1);
    row("consumer a number", caseWith(QStringLiteral("consumers"), R"(["c1", 2])"),
        QStringLiteral("line|1|consumers[1] must be a string"), 1);

    // Blank lines are skipped but counted; CRLF line ends are fine.
    QTest::newRow("blank lines counted")
        << QByteArray("\n   \n" + kGood + "\r\n\r\nnot json\r\n\t\n" + kGood + "\n")
        << QStringList { ok, QStringLiteral("line|5|not valid JSON"), ok } << 1;
    QTest::newRow("only blank lines") << QByteArray("\n\n  \n") << QStringList() << 0;

    // Understood lines whose values are wrong: {"id", "error"} naming the field; exit 0.
    row("unknown strategy", caseWith(QStringLiteral("strategy"), R"("NOPE")"),
        QStringLiteral("id|x|unknown strategy \"NOPE\""), 0);
    QTest::newRow("param of the wrong type") << QByteArray(
        R"({"id": "x", "strategy": "CONSISTENT_HASH", "params": {"virtualNodeCount": "ten"}, )"
        R"("topic": "T", "queues": [], "consumers": ["c1"]})"
        "\n"
        + kGood + "\n") << QStringList { QStringLiteral("id|x|params.virtualNodeCount"), ok }
                                             << 0;
    QTest::newRow("param out of range") << QByteArray(
        R"({"id": "x", "strategy": "CONSISTENT_HASH", "params": {"virtualNodeCount": 10001}, )"
        R"("topic": "T", "queues": [], "consumers": ["c1"]})"
        "\n"
        + kGood + "\n")
                                        << QStringList { QStringLiteral(
                                                             "id|x|params.virtualNodeCount: "
                                                             "virtualNodeCount must be an integer "
                                                             "from 0 to 10000"),
                                               ok }
                                        << 0;
    QTest::newRow("unknown parameter")
        << QByteArray(R"({"id": "x", "strategy": "AVG", "params": {"virtualNodes": 3}, )"
                      R"("topic": "T", "queues": [], "consumers": ["c1"]})"
                      "\n"
               + kGood + "\n")
        << QStringList { QStringLiteral("id|x|params.virtualNodes"), ok } << 0;
    QTest::newRow("unknown inner strategy") << QByteArray(
        R"({"id": "x", "strategy": "MACHINE_ROOM_NEARBY", "params": {"inner": "NOPE"}, )"
        R"("topic": "T", "queues": [], "consumers": ["c1"]})"
        "\n"
        + kGood + "\n") << QStringList { QStringLiteral("id|x|params.inner"), ok }
                                            << 0;
    QTest::newRow("forwarded parameter the inner does not take") << QByteArray(
        R"({"id": "x", "strategy": "MACHINE_ROOM_NEARBY", "params": {"virtualNodeCount": 3}, )"
        R"("topic": "T", "queues": [], "consumers": ["c1"]})"
        "\n"
        + kGood + "\n") << QStringList { QStringLiteral("id|x|params.virtualNodeCount"), ok }
                                                                 << 0;
    row("negative queueId",
        caseWith(QStringLiteral("queues"),
            R"([{"brokerName": "b", "queueId": 0}, {"brokerName": "b", "queueId": -3}])"),
        QStringLiteral("id|x|queues[1].queueId"), 0);
    row("empty topic", caseWith(QStringLiteral("topic"), R"("")"),
        QStringLiteral("id|x|topic must not be empty"), 0);
    row("empty broker name",
        caseWith(QStringLiteral("queues"), R"([{"brokerName": "", "queueId": 0}])"),
        QStringLiteral("id|x|queues[0].brokerName must not be empty"), 0);
    row("empty consumer id", caseWith(QStringLiteral("consumers"), R"(["c1", ""])"),
        QStringLiteral("id|x|consumers[1] must not be empty"), 0);
    row("repeated queue",
        caseWith(QStringLiteral("queues"),
            R"([{"brokerName": "b", "queueId": 0}, {"brokerName": "b", "queueId": 0}])"),
        QStringLiteral("id|x|queues[1] repeats"), 0);
    // Where RocketMQ's strategy throws, the line was understood: an error answer, exit 0.
    row("Java throws: no queues", caseWith(QStringLiteral("queues"), "[]"),
        QStringLiteral("id|x|mqAll is null or mqAll empty"), 0);
    QTest::newRow("Java throws: empty machine room")
        << QByteArray(R"({"id": "x", "strategy": "MACHINE_ROOM_NEARBY", "topic": "T", )"
                      R"("queues": [{"brokerName": "-lead", "queueId": 0}], "consumers": ["A-c"]})"
                      "\n"
               + kGood + "\n")
        << QStringList { QStringLiteral("id|x|Machine room is null for mq MessageQueue [topic=T, "
                                        "brokerName=-lead, queueId=0]"),
               ok }
        << 0;

    // Both kinds in one input: every line answered, in order; one line error makes it 1.
    QTest::newRow("mixed") << QByteArray(
        caseWith(QStringLiteral("topic"), R"("")", "a") + "\n[]\n" + kGood + "\n")
                           << QStringList { QStringLiteral("id|a|topic"),
                                  QStringLiteral("line|2|must be a JSON object"), ok }
                           << 1;
}

void tst_RblabAllocate::badInput()
{
    QFETCH(QByteArray, input);
    QFETCH(QStringList, answers);
    QFETCH(int, exitCode);
    RblabProcess rblab(m_home.path());
    const RblabProcess::Result r = rblab.run({ QStringLiteral("allocate") }, input);
    QVERIFY2(r.finished, qPrintable(r.describe()));
    QVERIFY2(r.exitCode == exitCode,
        qPrintable(QStringLiteral("exit %1, expected %2").arg(r.exitCode).arg(exitCode)));
    QString error;
    const QList<QJsonObject> got = parseLines(r.out, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(got.size(), answers.size());
    for (qsizetype i = 0; i < answers.size(); ++i) {
        const QStringList want = answers.at(i).split(QLatin1Char('|'));
        const QJsonObject &o = got.at(i);
        const QString text = QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
        if (want.at(0) == QLatin1String("ok")) {
            QVERIFY2(o.value(QStringLiteral("id")).toString() == want.at(1)
                    && o.value(QStringLiteral("allocation")).isObject(),
                qPrintable(QStringLiteral("answer %1: %2").arg(i + 1).arg(text)));
            continue;
        }
        QCOMPARE(o.size(), 2); // exactly {"line"|"id", "error"}
        if (want.at(0) == QLatin1String("line")) {
            QVERIFY2(o.value(QStringLiteral("line")).toInt() == want.at(1).toInt(),
                qPrintable(QStringLiteral("answer %1: %2").arg(i + 1).arg(text)));
        } else {
            QVERIFY2(o.value(QStringLiteral("id")).toString() == want.at(1),
                qPrintable(QStringLiteral("answer %1: %2").arg(i + 1).arg(text)));
        }
        QVERIFY2(o.value(QStringLiteral("error")).toString().contains(want.at(2)),
            qPrintable(QStringLiteral("answer %1: %2 does not say \"%3\"")
                           .arg(i + 1)
                           .arg(text, want.at(2))));
    }
}

void tst_RblabAllocate::zeroConsumers()
{
    // {"id": …, "allocation": {}}, written as allocate-jsonl.md shows its answers (the engine's
    // JSON writer: "id" first, a space after ':' and ','); the parameters are still checked.
    RblabProcess rblab(m_home.path());
    const RblabProcess::Result r = rblab.run({ QStringLiteral("allocate") },
        R"({"id": "none", "strategy": "CONSISTENT_HASH", "topic": "T", "queues": [{"brokerName": "b", "queueId": 0}], "consumers": []})"
        "\n"
        R"({"id": "bad", "strategy": "CONSISTENT_HASH", "params": {"virtualNodeCount": -1}, "topic": "T", "queues": [], "consumers": []})"
        "\n");
    QVERIFY2(r.finished && r.exitCode == 0, qPrintable(r.describe()));
    QCOMPARE(r.out,
        QByteArray(
            R"({"id": "none", "allocation": {}})"
            "\n"
            R"({"id": "bad", "error": "params.virtualNodeCount: virtualNodeCount must be an integer from 0 to 10000, got -1"})"
            "\n"));
}

void tst_RblabAllocate::duplicateConsumers()
{
    // Two clients sharing an id: one key, with the queues of the id's first slot (AVG: the
    // sorted list is [c1, c1, c2]; c1 takes block 0, c2 block 2, block 1 goes to nobody).
    RblabProcess rblab(m_home.path());
    const RblabProcess::Result r = rblab.run({ QStringLiteral("allocate") },
        R"({"id": "dup", "strategy": "AVG", "topic": "T", "queues": [{"brokerName": "b", "queueId": 0}, {"brokerName": "b", "queueId": 1}, {"brokerName": "b", "queueId": 2}], "consumers": ["c2", "c1", "c1"]})"
        "\n");
    QVERIFY2(r.finished && r.exitCode == 0, qPrintable(r.describe()));
    const QJsonObject answer = QJsonDocument::fromJson(r.out).object();
    const QJsonObject allocation = answer.value(QStringLiteral("allocation")).toObject();
    QCOMPARE(allocation.keys(), (QStringList { QStringLiteral("c1"), QStringLiteral("c2") }));
    QCOMPARE(allocation.value(QStringLiteral("c1")).toArray().size(), 1);
    QCOMPARE(allocation.value(QStringLiteral("c1"))
                 .toArray()
                 .at(0)
                 .toObject()
                 .value(QStringLiteral("queueId"))
                 .toInt(),
        0);
    QCOMPARE(allocation.value(QStringLiteral("c2"))
                 .toArray()
                 .at(0)
                 .toObject()
                 .value(QStringLiteral("queueId"))
                 .toInt(),
        2);
}

void tst_RblabAllocate::cannotRead_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::newRow("no such file") << QStringList { QStringLiteral("allocate"),
        m_home.filePath(QStringLiteral("absent.jsonl")) };
    QTest::newRow("a folder") << QStringList { QStringLiteral("allocate"), m_home.path() };
    QTest::newRow("two files") << QStringList { QStringLiteral("allocate"), QStringLiteral("a"),
        QStringLiteral("b") };
}

void tst_RblabAllocate::cannotRead()
{
    QFETCH(QStringList, arguments);
    RblabProcess rblab(m_home.path());
    const RblabProcess::Result r = rblab.run(arguments);
    QVERIFY2(r.finished, qPrintable(r.describe()));
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.out.isEmpty());
    QVERIFY2(r.err.startsWith("rblab allocate: "), r.err.constData());
}

void tst_RblabAllocate::throwingPlugins()
{
    // A plugin whose strategy or factory throws is reported per case; rblab carries on.
    RblabProcess rblab(m_home.path());
    const RblabProcess::Result r
        = rblab.run({ QStringLiteral("allocate"), QStringLiteral("--plugin-dir"),
                        QStringLiteral(RBLAB_FIXTURE_PLUGIN_DIR "/throwingallocate"),
                        QStringLiteral("--plugin-dir"),
                        QStringLiteral(RBLAB_FIXTURE_PLUGIN_DIR "/throwingcreate") },
            caseWith(QStringLiteral("strategy"), R"("FIXTURE_THROWING_ALLOCATE")", "alloc") + '\n'
                + caseWith(QStringLiteral("strategy"), R"("FIXTURE_THROWING_CREATE")", "create")
                + '\n' + kGood + '\n');
    QVERIFY2(r.finished && r.exitCode == 0, qPrintable(r.describe()));
    QString error;
    const QList<QJsonObject> got = parseLines(r.out, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(got.size(), 3);
    QVERIFY2(got.at(0)
                 .value(QStringLiteral("error"))
                 .toString()
                 .contains(QStringLiteral("fixture allocate failed on purpose")),
        qPrintable(got.at(0).value(QStringLiteral("error")).toString()));
    QVERIFY2(got.at(1)
                 .value(QStringLiteral("error"))
                 .toString()
                 .contains(QStringLiteral("fixture create failed on purpose")),
        qPrintable(got.at(1).value(QStringLiteral("error")).toString()));
    QVERIFY(got.at(2).value(QStringLiteral("allocation")).isObject());
}

QTEST_GUILESS_MAIN(tst_RblabAllocate)
#include "tst_rblaballocate.moc"
