// SPDX-License-Identifier: Apache-2.0
// ScenarioReader's diagnostics for the declarations (format, top level, brokers, topics, groups,
// client settings): one row per kind of bad input with its exact position, JSON path and
// message; one mistake gives one diagnostic (no cascades).
#include "scenariotestcase.h"

#include "scenario/scenarioreader.h"

#include <QTest>

using namespace Rblab;
using namespace ScenarioTestCase;

class tst_Diagnostics : public QObject
{
    Q_OBJECT

private slots:
    void baseIsValid();
    void diagnostics_data();
    void diagnostics();
    void independentErrorsAreAllReported();
    void noCascades_data();
    void noCascades();
    void toStringFormat();
};

void tst_Diagnostics::baseIsValid()
{
    const ScenarioReadResult result
        = ScenarioReader::read(kBase.toUtf8(), QStringLiteral("base.json"));
    QVERIFY2(result.ok(), qPrintable(dump(result)));
    QVERIFY(result.diagnostics.isEmpty());
}

void tst_Diagnostics::diagnostics_data()
{
    QTest::addColumn<QStringList>("edits");
    QTest::addColumn<bool>("isError");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("message");

    // JSON syntax, as the parser reports it.
    error("syntax: missing comma",
        { "\"name\": \"t\",\n \"brokers\"", "\"name\": \"t\"\n ‸\"brokers\"" }, "",
        "expected ',' or '}' after an object member, got '\"'");
    error("syntax: duplicate key", { "\"name\": \"t\",", "\"name\": \"t\", ‸\"name\": \"u\"," },
        "name", "duplicate key \"name\" (first at line 1, column 40; only the first is used)");
    error("top level not an object", { "*", "‸[1, 2]" }, "",
        "expected a scenario object {…} at the top level, got an array");

    // The format line.
    error("format missing", { "{\"format\": \"rebalance-lab/scenario@1\", ", "‸{" }, "format",
        "missing required field \"format\" (expected \"rebalance-lab/scenario@1\")");
    error("format of a newer version",
        { "\"rebalance-lab/scenario@1\"", "‸\"rebalance-lab/scenario@2\"" }, "format",
        "this file was made by a newer version of Rebalance Lab (format "
        "\"rebalance-lab/scenario@2\"); "
        "this version reads \"rebalance-lab/scenario@1\"");
    error("format of something else",
        { "\"rebalance-lab/scenario@1\"", "‸\"rebalance-lab/report@1\"" }, "format",
        "expected \"rebalance-lab/scenario@1\", got \"rebalance-lab/report@1\"; this is not a "
        "scenario file "
        "of a known version");

    // Top-level fields.
    error("name missing", { "{\"format\"", "‸{\"format\"", " \"name\": \"t\",", "" }, "name",
        "missing required field \"name\" in the scenario (expected a non-empty string)");
    error("name of the wrong type", { "\"name\": \"t\"", "\"name\": ‸12" }, "name",
        "expected a non-empty string, got 12");
    error("localizedName of the wrong type",
        { "\"name\": \"t\",", "\"name\": \"t\", \"localizedName\": ‸\"名字\"," }, "localizedName",
        "expected an object of language → name such as {\"zh_CN\": …}, got \"名字\"");
    error("localizedName empty",
        { "\"name\": \"t\",", "\"name\": \"t\", \"localizedName\": {\"zh_CN\": ‸\"\"}," },
        "localizedName.zh_CN", "expected a non-empty string, got \"\"");
    error("description of the wrong type",
        { "\"name\": \"t\",", "\"name\": \"t\", \"description\": ‸5," }, "description",
        "expected a string or an object of language → text such as {\"en\": …, \"zh_CN\": …}, got "
        "5");
    error("description text not a string",
        { "\"name\": \"t\",", "\"name\": \"t\", \"description\": {\"en\": ‸[]}," },
        "description.en", "expected a string, got an empty array");
    error("seed negative", { "\"name\": \"t\",", "\"name\": \"t\", \"seed\": ‸-1," }, "seed",
        "expected an integer from 0 to 18446744073709551615, got -1");
    error("duration in words",
        { "\"name\": \"t\",", "\"name\": \"t\", \"duration\": ‸\"5 minutes\"," }, "duration",
        "expected a duration such as \"250ms\", \"1.5s\", \"5m\" or a number of milliseconds, got "
        "\"5 minutes\"");
    error("duration not whole milliseconds",
        { "\"name\": \"t\",", "\"name\": \"t\", \"duration\": ‸\"0.5ms\"," }, "duration",
        "expected a whole number of milliseconds, got \"0.5ms\"");
    error("duration too short", { "\"name\": \"t\",", "\"name\": \"t\", \"duration\": ‸\"0s\"," },
        "duration", "expected a duration from 1s to 168h, got \"0s\"");
    error("sampleInterval out of range",
        { "\"name\": \"t\",", "\"name\": \"t\", \"sampleInterval\": ‸5," }, "sampleInterval",
        "expected a duration from 10ms to 1h, got 5");
    error("profile unknown", { "\"name\": \"t\",", "\"name\": \"t\", \"profile\": ‸\"5.0\"," },
        "profile", "expected one of \"5.x\" or \"4.9\", got \"5.0\"; did you mean \"5.x\"?");
    error("network latency in words",
        { "\"name\": \"t\",", "\"name\": \"t\", \"network\": {\"latency\": ‸\"1 ms\"}," },
        "network.latency",
        "expected a duration such as \"250ms\", \"1.5s\", \"5m\" or a number of milliseconds, got "
        "\"1 ms\"");
    error("network jitter out of range",
        { "\"name\": \"t\",", "\"name\": \"t\", \"network\": {\"jitter\": ‸\"11s\"}," },
        "network.jitter", "expected a duration from 0ms to 10s, got \"11s\"");
    warning("unknown top-level field with a typo",
        { "\"name\": \"t\",", "\"name\": \"t\", ‸\"sampleIntervall\": \"1s\"," }, "sampleIntervall",
        "unknown field \"sampleIntervall\" in the scenario is ignored; did you mean "
        "\"sampleInterval\"?");
    warning("unknown top-level field",
        { "\"name\": \"t\",", "\"name\": \"t\", ‸\"author\": \"me\"," }, "author",
        "unknown field \"author\" in the scenario is ignored");

    // Broker settings, against BrokerConfig::specs().
    error("broker flag as a string",
        { "\"name\": \"t\",",
            "\"name\": \"t\", \"broker\": {\"notifyConsumerIdsChangedEnable\": ‸\"false\"}," },
        "broker.notifyConsumerIdsChangedEnable", "expected true or false, got \"false\"");
    error("broker duration out of range",
        { "\"name\": \"t\",",
            "\"name\": \"t\", \"broker\": {\"channelExpiredTimeout\": ‸\"500ms\"}," },
        "broker.channelExpiredTimeout", "expected a duration from 1s to 1h, got \"500ms\"");
    warning("broker setting misspelt",
        { "\"name\": \"t\",",
            "\"name\": \"t\", \"broker\": {‸\"notifyConsumerIdChangedEnable\": false}," },
        "broker.notifyConsumerIdChangedEnable",
        "unknown field \"notifyConsumerIdChangedEnable\" in broker settings is ignored; did you "
        "mean "
        "\"notifyConsumerIdsChangedEnable\"?");

    // Brokers and topics.
    error("broker listed twice",
        { "[\"broker-a\", \"broker-b\"]", "[\"broker-a\", \"broker-b\", ‸\"broker-a\"]" },
        "brokers[2]", "duplicate broker name \"broker-a\" (first at line 2, column 14)");
    error("queues on an unknown broker",
        { "{\"broker-a\": 4, \"broker-b\": 4}", "{\"broker-a\": 4, ‸\"broker-x\": 4}" },
        "topics[0].queues[\"broker-x\"]",
        "unknown broker \"broker-x\" (declared: \"broker-a\" or \"broker-b\")");
    error("queue count out of range", { "\"broker-a\": 4,", "\"broker-a\": ‸2000," },
        "topics[0].queues[\"broker-a\"]", "expected an integer from 0 to 1024, got 2000");
    error("queue count not an integer", { "\"broker-a\": 4,", "\"broker-a\": ‸4.5," },
        "topics[0].queues[\"broker-a\"]", "expected an integer from 0 to 1024, got 4.5");
    error("queues missing",
        { "[{\"name\": \"T\", \"queues\": {\"broker-a\": 4, \"broker-b\": 4}}]",
            "[‸{\"name\": \"T\"}]" },
        "topics[0].queues",
        "missing required field \"queues\" in a topic (expected an object of broker name → queue "
        "count)");
    error("produceRate negative",
        { "\"broker-b\": 4}}", "\"broker-b\": 4}, \"produceRate\": ‸-5}" }, "topics[0].produceRate",
        "expected a number from 0 to 250000, got -5");
    error("history messages too many",
        { "\"broker-b\": 4}}", "\"broker-b\": 4}, \"history\": {\"messages\": ‸2000000000}}" },
        "topics[0].history.messages", "expected an integer from 0 to 1000000000, got 2000000000");
    error("history not an object", { "\"broker-b\": 4}}", "\"broker-b\": 4}, \"history\": ‸5}" },
        "topics[0].history", "expected {\"messages\": …, \"inMemory\": true|false}, got 5");
    error("skew too large", { "\"broker-b\": 4}}", "\"broker-b\": 4}, \"skew\": ‸11}" },
        "topics[0].skew", "expected a number from 0 to 10, got 11");
    error("messageSize too large",
        { "\"broker-b\": 4}}", "\"broker-b\": 4}, \"messageSize\": ‸5000000}" },
        "topics[0].messageSize", "expected an integer from 1 to 4194304, got 5000000");
    error("messageSize min above max",
        { "\"broker-b\": 4}}", "\"broker-b\": 4}, \"messageSize\": {\"min\": 100, \"max\": ‸10}}" },
        "topics[0].messageSize.max", "expected max to be at least min (100), got 10");
    error("messageSize in words",
        { "\"broker-b\": 4}}", "\"broker-b\": 4}, \"messageSize\": ‸\"1KB\"}" },
        "topics[0].messageSize",
        "expected a number of bytes from 1 to 4194304 or {\"min\": …, \"max\": …}, got \"1KB\"");
    error("topic name with a space",
        { "{\"name\": \"T\", \"queues\"", "{\"name\": ‸\"T T\", \"queues\"", "[\"T\"]",
            "[\"T T\"]" },
        "topics[0].name",
        "expected a topic name of letters, digits, '%', '|', '_' or '-' (at most 127 characters), "
        "got \"T T\"");
    error("topic declared twice",
        { "\"broker-b\": 4}}]",
            "\"broker-b\": 4}}, {\"name\": ‸\"T\", \"queues\": {\"broker-a\": 1}}]" },
        "topics[1].name", "duplicate topic name \"T\" (first at line 3, column 22)");

    // Groups.
    error("group subscribes an unknown topic", { "\"topics\": [\"T\"]", "\"topics\": [‸\"TT\"]" },
        "groups[0].topics[0]", "unknown topic \"TT\" (declared: \"T\")");
    error("group lists a topic twice", { "\"topics\": [\"T\"]", "\"topics\": [\"T\", ‸\"T\"]" },
        "groups[0].topics[1]", "topic \"T\" is listed twice (first at line 4, column 38)");
    error("group name with a space", { "[{\"name\": \"g\"", "[{\"name\": ‸\"my group\"" },
        "groups[0].name",
        "expected a group name of letters, digits, '%', '|', '_' or '-' (at most 255 characters), "
        "got \"my group\"");
    error("messageModel in lower case",
        { "\"client\": {}", "\"client\": {}, \"messageModel\": ‸\"clustering\"" },
        "groups[0].messageModel",
        "expected one of \"CLUSTERING\" or \"BROADCASTING\", got \"clustering\"; did you mean "
        "\"CLUSTERING\"?");
    error("consumeMode misspelt",
        { "\"client\": {}", "\"client\": {}, \"consumeMode\": ‸\"ORDERED\"" },
        "groups[0].consumeMode",
        "expected one of \"CONCURRENTLY\" or \"ORDERLY\", got \"ORDERED\"; did you mean "
        "\"ORDERLY\"?");
    error("consumeFromWhere unknown",
        { "\"client\": {}", "\"client\": {}, \"consumeFromWhere\": ‸\"LAST\"" },
        "groups[0].consumeFromWhere",
        "expected one of \"CONSUME_FROM_LAST_OFFSET\", \"CONSUME_FROM_FIRST_OFFSET\" or "
        "\"CONSUME_FROM_TIMESTAMP\", got \"LAST\"");
    warning("consumeTimestamp without CONSUME_FROM_TIMESTAMP",
        { "\"client\": {}", "\"client\": {}, \"consumeTimestamp\": ‸\"1h\"" },
        "groups[0].consumeTimestamp", "consumeTimestamp is only used with CONSUME_FROM_TIMESTAMP");
    error("strategyParams not an object",
        { "\"client\": {}", "\"client\": {}, \"strategyParams\": ‸[1]" },
        "groups[0].strategyParams", "expected an object of strategy parameters, got an array");
    error("group declared twice",
        { "\"2ms\"}]}]",
            "\"2ms\"}]}, {\"name\": ‸\"g\", \"topics\": [\"T\"], \"consumers\": []}]" },
        "groups[1].name", "duplicate group name \"g\" (first at line 4, column 22)");
    error("consumers missing",
        { "[{\"name\": \"g\"", "[‸{\"name\": \"g\"",
            ",\n   \"consumers\": [{\"id\": \"c1\"}, {\"id\": \"c2\", \"consumeTime\": \"2ms\"}]",
            "", kKill, "{\"at\": \"1m\", \"action\": \"brokerDown\", \"broker\": \"broker-a\"}" },
        "groups[0].consumers",
        "missing required field \"consumers\" in a group (expected an array of consumers, possibly "
        "empty)");

    error("consumer startupTime out of range",
        { "{\"id\": \"c1\"}", "{\"id\": \"c1\", \"startupTime\": ‸\"11m\"}" },
        "groups[0].consumers[0].startupTime", "expected a duration from 0ms to 10m, got \"11m\"");
    error("consumer startupTime negative",
        { "{\"id\": \"c1\"}", "{\"id\": \"c1\", \"startupTime\": ‸-5}" },
        "groups[0].consumers[0].startupTime", "expected a duration from 0ms to 10m, got -5");

    // Client settings, against ClientConfig::specs().
    error("client integer out of range",
        { "\"client\": {}", "\"client\": {\"pullThresholdForQueue\": ‸70000}" },
        "groups[0].client.pullThresholdForQueue", "expected an integer from 1 to 65535, got 70000");
    error("client -1 or a range",
        { "\"client\": {}", "\"client\": {\"pullThresholdForTopic\": ‸0}" },
        "groups[0].client.pullThresholdForTopic",
        "expected an integer from 1 to 6553500, or -1 (off), got 0");
    error("client integer as a string",
        { "\"client\": {}", "\"client\": {\"pullBatchSize\": ‸\"32\"}" },
        "groups[0].client.pullBatchSize", "expected an integer from 1 to 1024, got \"32\"");
    error("client duration out of range",
        { "\"client\": {}", "\"client\": {\"pullInterval\": ‸\"70s\"}" },
        "groups[0].client.pullInterval", "expected a duration from 0ms to 65535ms, got \"70s\"");
    error("client duration not whole",
        { "\"client\": {}", "\"client\": {\"suspendCurrentQueueTimeMillis\": ‸\"10.5ms\"}" },
        "groups[0].client.suspendCurrentQueueTimeMillis",
        "expected a whole number of milliseconds, got \"10.5ms\"");
    error("client duration in words",
        { "\"client\": {}", "\"client\": {\"heartbeatBrokerInterval\": ‸\"30 seconds\"}" },
        "groups[0].client.heartbeatBrokerInterval",
        "expected a duration from 100ms to 1h (a duration such as \"250ms\", \"1.5s\", \"5m\" or a "
        "number of "
        "milliseconds), got \"30 seconds\"");
    error("client flag where a number belongs",
        { "\"client\": {}", "\"client\": {\"consumeThreadMin\": ‸true}" },
        "groups[0].client.consumeThreadMin", "expected an integer from 1 to 1000, got true");
    warning("client setting misspelt",
        { "\"client\": {}", "\"client\": {‸\"pullThresholdForQeue\": 10}" },
        "groups[0].client.pullThresholdForQeue",
        "unknown field \"pullThresholdForQeue\" in client settings is ignored; did you mean "
        "\"pullThresholdForQueue\"?");
    error("client not an object", { "\"client\": {}", "\"client\": ‸[]" }, "groups[0].client",
        "expected an object of client settings, got an empty array");
}

void tst_Diagnostics::diagnostics()
{
    QFETCH(QStringList, edits);
    QFETCH(bool, isError);
    QFETCH(QString, path);
    QFETCH(QString, message);
    checkSingleDiagnostic(edits, isError, path, message);
}

void tst_Diagnostics::independentErrorsAreAllReported()
{
    const Marked input
        = apply({ "\"name\": \"t\",", "\"name\": \"t\", \"duration\": \"5 minutes\",",
            "\"broker-a\": 4,", "\"broker-a\": 2000,", "\"consumeTime\": \"2ms\"",
            "\"consumeTime\": \"fast\"", "\"action\": \"kill\"", "\"action\": \"stop\"" });
    const ScenarioReadResult result
        = ScenarioReader::read(input.text.toUtf8(), QStringLiteral("many.json"));
    QCOMPARE(result.diagnostics.size(), 4);
    QVERIFY(!result.scenario);
    const QStringList paths = toList({ "duration", "topics[0].queues[\"broker-a\"]",
        "groups[0].consumers[1].consumeTime", "events[0].action" });
    for (int i = 0; i < 4; ++i) {
        QCOMPARE(result.diagnostics.at(i).path, paths.at(i));
        QVERIFY(result.diagnostics.at(i).isError());
    }
    // In file order.
    QCOMPARE(result.diagnostics.at(0).line, 1);
    QCOMPARE(result.diagnostics.at(1).line, 3);
    QCOMPARE(result.diagnostics.at(2).line, 5);
    QCOMPARE(result.diagnostics.at(3).line, 6);
}

void tst_Diagnostics::noCascades_data()
{
    QTest::addColumn<QStringList>("edits");
    QTest::addColumn<QString>("path");

    // Each declaration list is broken; the references into it must not each become an error.
    QTest::newRow("brokers unreadable")
        << toList({ "[\"broker-a\", \"broker-b\"]", "\"broker-a, broker-b\"" })
        << QStringLiteral("brokers");
    QTest::newRow("a broker name unreadable")
        << toList({ "[\"broker-a\", \"broker-b\"]", "[\"broker-a\", 7]" })
        << QStringLiteral("brokers[1]");
    QTest::newRow("topics unreadable") << toList(
        { "[{\"name\": \"T\", \"queues\": {\"broker-a\": 4, \"broker-b\": 4}}]",
            "{\"name\": \"T\"}" }) << QStringLiteral("topics");
    QTest::newRow("groups unreadable")
        << toList({ "\"groups\": [", "\"groups\": 5, \"x\": [" }) << QStringLiteral("groups");
    QTest::newRow("a group name missing") << toList({ "[{\"name\": \"g\", ", "[{", kKill,
        "{\"at\": \"1m\", \"action\": \"setClient\", \"group\": \"g\", \"consumer\": \"c1\", "
        "\"client\": {\"pullBatchSize\": 1}}" })
                                          << QStringLiteral("groups[0].name");
    QTest::newRow("a consumer unreadable")
        << toList({ "{\"id\": \"c1\"}", "\"c1\"" }) << QStringLiteral("groups[0].consumers[0]");
    QTest::newRow("unknown format stops reading") << toList({ "\"rebalance-lab/scenario@1\"",
        "\"rebalance-lab/scenario@3\"", "\"broker-a\": 4,", "\"broker-a\": -4," })
                                                  << QStringLiteral("format");
}

void tst_Diagnostics::noCascades()
{
    QFETCH(QStringList, edits);
    QFETCH(QString, path);
    const Marked input = apply(edits);
    const ScenarioReadResult result
        = ScenarioReader::read(input.text.toUtf8(), QStringLiteral("c.json"));
    QStringList errors;
    for (const Diagnostic &d : result.diagnostics) {
        if (d.isError()) {
            errors.append(d.toString());
        }
    }
    QVERIFY2(errors.size() == 1, qPrintable(errors.join(QLatin1Char('\n'))));
    QCOMPARE(result.diagnostics.first().path, path);
}

void tst_Diagnostics::toStringFormat()
{
    const Marked input = apply({ "\"broker-a\": 4,", "\"broker-a\": 2000,",
        "{\"id\": \"c2\", \"consumeTime\"", "{\"id\": \"c2\", \"consumTime\"" });
    const ScenarioReadResult result
        = ScenarioReader::read(input.text.toUtf8(), QStringLiteral("dir/world.json"));
    QCOMPARE(result.errorText(),
        QStringLiteral(
            "dir/world.json:3:50: error: topics[0].queues[\"broker-a\"]: expected an integer from "
            "0 to "
            "1024, got 2000\n"
            "dir/world.json:5:45: warning: groups[0].consumers[1].consumTime: unknown field "
            "\"consumTime\" in a consumer is ignored; did you mean \"consumeTime\"?"));
    QVERIFY(!result.ok());
    QVERIFY(result.hasWarnings());
}

QTEST_GUILESS_MAIN(tst_Diagnostics)
#include "tst_scenariodiagnostics.moc"
