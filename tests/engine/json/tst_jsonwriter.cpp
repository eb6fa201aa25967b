// SPDX-License-Identifier: Apache-2.0
// The engine's one JSON writer: the escaping every writer shares (tree and stream), QJsonValue
// conversion with a format's member order, and a report whose names hold characters outside the
// Basic Multilingual Plane (the report's old private writer turned each into two U+FFFD).
#include "simtestsupport.h"

#include "report/reportwriter.h"
#include "json/jsonnode.h"
#include "json/jsonwriter.h"
#include "run/simulation.h"

#include <QBuffer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace Rblab;
using namespace SimTest;

class tst_JsonWriter : public QObject
{
    Q_OBJECT

private slots:
    void escaping_data();
    void escaping();
    void streamAndTreeAgree();
    void streamPlacesSeparatorsAndLines();
    void fromJsonKeepsTheFormatsOrder();
    void reportKeepsNamesOutsideTheBmp();
};

void tst_JsonWriter::escaping_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QByteArray>("json");
    QTest::newRow("plain") << QStringLiteral("c1") << QByteArray("\"c1\"");
    QTest::newRow("quote and backslash")
        << QStringLiteral("a\"b\\c") << QByteArray("\"a\\\"b\\\\c\"");
    QTest::newRow("short escapes")
        << QStringLiteral("\n\r\t\b\f") << QByteArray("\"\\n\\r\\t\\b\\f\"");
    QTest::newRow("other controls")
        << QString(QChar(0x01)) + QChar(0x1f) << QByteArray("\"\\u0001\\u001f\"");
    QTest::newRow("chinese") << QStringLiteral("消费者") << QByteArray("\"消费者\"");
    // U+1F600 is the surrogate pair D83D DE00, four bytes in UTF-8.
    QTest::newRow("outside the BMP")
        << QString::fromUtf8("\xF0\x9F\x98\x80-c\n") << QByteArray("\"\xF0\x9F\x98\x80-c\\n\"");
    QTest::newRow("empty") << QString() << QByteArray("\"\"");
}

void tst_JsonWriter::escaping()
{
    QFETCH(QString, text);
    QFETCH(QByteArray, json);
    QByteArray out;
    JsonWriter::appendQuoted(out, text);
    QCOMPARE(out, json);
    QCOMPARE(JsonWriter::quote(text).toUtf8(), json);
    // What is written reads back as the same text.
    const QJsonDocument doc = QJsonDocument::fromJson("[" + out + "]");
    QCOMPARE(doc.array().at(0).toString(), text);
}

void tst_JsonWriter::streamAndTreeAgree()
{
    const QString name = QString::fromUtf8("broker-\xF0\x9F\x98\x80\t\"a\"");
    JsonWriter::Stream stream;
    stream.beginObject();
    stream.member("name", name);
    stream.member("n", -12);
    stream.key("s");
    stream.seconds(3.2004);
    stream.endObject();
    stream.bytes.chop(1); // the document's final newline
    JsonNode tree = JsonNode::makeObject();
    tree.insert(QStringLiteral("name"), JsonNode::makeString(name));
    tree.insert(QStringLiteral("n"), JsonNode::makeInteger(-12));
    tree.insert(QStringLiteral("s"), JsonNode::makeDouble(3.2));
    QCOMPARE(stream.bytes, JsonWriter::compactUtf8(tree));
}

void tst_JsonWriter::streamPlacesSeparatorsAndLines()
{
    // The report's layout: a root of Lines, a Block of records each Inline with a hanging line,
    // empty containers on one line; the caller never writes a comma.
    using Layout = JsonWriter::Stream::Layout;
    JsonWriter::Stream o;
    o.beginObject(Layout::Lines);
    o.newLine();
    o.member("format", u"x@1");
    o.newLine();
    o.member("seed", 1);
    o.member("duration", 60000);
    o.newLine();
    o.key("totals");
    o.beginObject(Layout::Lines);
    o.newLine();
    o.member("a", 1);
    o.member("b", 2);
    o.newLine();
    o.key("pop");
    o.beginObject();
    o.member("c", 3);
    o.endObject();
    o.endObject();
    o.newLine();
    o.key("queues");
    o.beginArray(Layout::Block);
    for (int q = 0; q < 2; ++q) {
        o.beginObject();
        o.member("queueId", q);
        o.newLine();
        o.key("owners");
        o.beginArray();
        o.string(u"c1");
        o.string(u"c2");
        o.endArray();
        o.endObject();
    }
    o.endArray();
    o.newLine();
    o.key("events");
    o.beginArray(Layout::Block);
    o.endArray();
    o.endObject();
    QCOMPARE(o.bytes,
        QByteArray("{\n"
                   "  \"format\": \"x@1\",\n"
                   "  \"seed\": 1, \"duration\": 60000,\n"
                   "  \"totals\": {\n"
                   "    \"a\": 1, \"b\": 2,\n"
                   "    \"pop\": {\"c\": 3}\n"
                   "  },\n"
                   "  \"queues\": [\n"
                   "    {\"queueId\": 0,\n"
                   "     \"owners\": [\"c1\", \"c2\"]},\n"
                   "    {\"queueId\": 1,\n"
                   "     \"owners\": [\"c1\", \"c2\"]}\n"
                   "  ],\n"
                   "  \"events\": []\n"
                   "}\n"));
}

void tst_JsonWriter::fromJsonKeepsTheFormatsOrder()
{
    const QJsonObject answer { { QStringLiteral("id"), QStringLiteral("case-17") },
        { QStringLiteral("allocation"),
            QJsonObject {
                { QStringLiteral("10.0.0.2@1002"),
                    QJsonArray { QJsonObject { { QStringLiteral("queueId"), 3 },
                        { QStringLiteral("brokerName"), QStringLiteral("broker-b") } } } },
                { QStringLiteral("10.0.0.1@1001"),
                    QJsonArray { QJsonObject { { QStringLiteral("queueId"), 0 },
                        { QStringLiteral("brokerName"), QStringLiteral("broker-a") } } } } } } };
    // allocate-jsonl.md's example answer, byte for byte: "id" first, queues as
    // {"brokerName", "queueId"}, consumers in key order, integers without a fraction.
    QCOMPARE(
        JsonWriter::compactUtf8(JsonNode::fromJson(answer,
            { QStringLiteral("id"), QStringLiteral("brokerName"), QStringLiteral("queueId") })),
        QByteArray("{\"id\": \"case-17\", \"allocation\": {\"10.0.0.1@1001\": [{\"brokerName\": "
                   "\"broker-a\", \"queueId\": 0}], \"10.0.0.2@1002\": [{\"brokerName\": "
                   "\"broker-b\", \"queueId\": 3}]}}"));
    QCOMPARE(JsonWriter::compact(JsonNode::fromJson(
                 QJsonArray { 1.5, 2.0, 1e300, true, QJsonValue::Null, QStringLiteral("x") })),
        QStringLiteral("[1.5, 2, 1e+300, true, null, \"x\"]"));
}

void tst_JsonWriter::reportKeepsNamesOutsideTheBmp()
{
    WorldSpec spec;
    spec.consumers = 2;
    Scenario scenario = makeScenario(spec);
    const QString emoji = QString::fromUtf8("c-\xF0\x9F\x9A\x80-\xE6\xB6\x88");
    scenario.groups[0].consumers[1].id = emoji;
    Simulation sim(scenario, registry());
    sim.runUntil(5000);
    ReportWriter::Options options;
    options.duration = 5000;
    const QByteArray json = ReportWriter::toJson(sim, options);
    QVERIFY(!json.isEmpty());
    QVERIFY2(json.contains("\"c-\xF0\x9F\x9A\x80-\xE6\xB6\x88\""), json.left(400).constData());
    QVERIFY(!json.contains("\xEF\xBF\xBD")); // no U+FFFD replacement character
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    QCOMPARE(error.error, QJsonParseError::NoError);
    QStringList names;
    for (const QJsonValue &c : doc.object().value(QStringLiteral("consumers")).toArray()) {
        names.append(c.toObject().value(QStringLiteral("name")).toString());
    }
    QVERIFY2(names.contains(emoji), qPrintable(names.join(QLatin1Char(','))));
}

QTEST_GUILESS_MAIN(tst_JsonWriter)
#include "tst_jsonwriter.moc"
