// SPDX-License-Identifier: Apache-2.0
// An allocate line goes through the project's JSON reader once (issue 34): its errors say where,
// as the character of the line (the line is the answer's "line"), and the JSON path.
#include <allocation/allocationcase.h>
#include <allocation/strategyregistry.h>
#include <json/jsonparser.h>

#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace Rblab;

class tst_AllocationCase : public QObject
{
    Q_OBJECT

private slots:
    void lineErrorsSayWhere_data();
    void lineErrorsSayWhere();
    void caseObjectIsRead();
};

void tst_AllocationCase::lineErrorsSayWhere_data()
{
    QTest::addColumn<QByteArray>("line");
    QTest::addColumn<QString>("error");
    QTest::newRow("not JSON") << QByteArray("not json")
                              << QStringLiteral("not valid JSON at character 1: expected a value");
    QTest::newRow("cut short")
        << QByteArray("{\"id\": \"x\", \"strategy\": ")
        << QStringLiteral("not valid JSON at character 25 (strategy): expected a value");
    QTest::newRow("missing comma")
        << QByteArray("{\"id\": \"x\" \"strategy\": \"AVG\"}")
        << QStringLiteral("not valid JSON at character 12: expected ',' or '}'");
    QTest::newRow("control character")
        << QByteArray("{\"id\": \"a\x01\"}")
        << QStringLiteral("not valid JSON at character 10 (id): control character U+0001");
    QTest::newRow("duplicate key") << QByteArray("{\"id\":\"a\",\"id\":\"b\"}")
                                   << QStringLiteral("at character 11 (id): duplicate key \"id\"");
    QTest::newRow("a string") << QByteArray("\"a case\"")
                              << QStringLiteral("a case must be a JSON object, got a string");
    QTest::newRow("an array") << QByteArray("[1, 2]")
                              << QStringLiteral("a case must be a JSON object, got an array");
    QTest::newRow("field of the wrong type") << QByteArray(
        "{\"id\": 5, \"strategy\": \"AVG\", \"topic\": \"T\", \"queues\": [], \"consumers\": []}")
                                             << QStringLiteral(
                                                    "field \"id\" must be a string, got a number");
}

void tst_AllocationCase::lineErrorsSayWhere()
{
    QFETCH(QByteArray, line);
    QFETCH(QString, error);
    const StrategyRegistry registry;
    AllocationCaseRunner::Outcome outcome = AllocationCaseRunner::Outcome::Answered;
    const QByteArray answer = AllocationCaseRunner(registry).answerLine(line, 3, &outcome);
    QCOMPARE(outcome, AllocationCaseRunner::Outcome::LineError);
    const QJsonObject o = QJsonDocument::fromJson(answer).object();
    QCOMPARE(o.value(QStringLiteral("line")).toInt(), 3);
    QVERIFY2(o.value(QStringLiteral("error")).toString().startsWith(error), answer.constData());
}

void tst_AllocationCase::caseObjectIsRead()
{
    const JsonParser::Result parsed = JsonParser::parse(
        "{\"id\": \"c\", \"strategy\": \"AVG\", \"params\": {\"n\": 2}, \"topic\": \"T\",\n"
        "            \"queues\": [{\"brokerName\": \"b\", \"queueId\": 1}, {\"brokerName\": \"a\", "
        "\"queueId\": 1e0}],\n"
        "            \"consumers\": [\"c2\", \"c1\"]}");
    QVERIFY(parsed.ok());
    AllocationCase c;
    QString error;
    AllocationCaseRunner::Outcome kind = AllocationCaseRunner::Outcome::Answered;
    QVERIFY2(AllocationCaseRunner::parse(*parsed.root, &c, &error, &kind), qPrintable(error));
    QCOMPARE(c.id, QStringLiteral("c"));
    QCOMPARE(c.params.value(QStringLiteral("n")).toLongLong(), 2);
    QCOMPARE(c.queues.size(), 2);
    QCOMPARE(c.queues.at(1).brokerName, QStringLiteral("a"));
    QCOMPARE(c.queues.at(1).queueId, 1);
    QCOMPARE(c.consumers, (QStringList { QStringLiteral("c2"), QStringLiteral("c1") }));
    // A value error waits for the whole shape, and is a case error.
    const JsonParser::Result negative
        = JsonParser::parse("{\"id\": \"c\", \"strategy\": \"AVG\", \"topic\": \"T\", \"queues\": "
                            "[{\"brokerName\": \"b\",\n"
                            "            \"queueId\": -1}], \"consumers\": [\"c1\"]}");
    QVERIFY(!AllocationCaseRunner::parse(*negative.root, &c, &error, &kind));
    QCOMPARE(kind, AllocationCaseRunner::Outcome::CaseError);
    QVERIFY2(error.contains(QStringLiteral("queues[0].queueId")), qPrintable(error));
}

QTEST_GUILESS_MAIN(tst_AllocationCase)
#include "tst_allocationcase.moc"
