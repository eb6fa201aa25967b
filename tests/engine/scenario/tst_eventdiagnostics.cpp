// SPDX-License-Identifier: Apache-2.0
// ScenarioReader's diagnostics for consumers, events and churn: one row per kind of bad input
// with its exact position, JSON path and message, and the references between them.
#include "scenariotestcase.h"

#include "scenario/scenarioreader.h"

#include <QTest>

using namespace Rblab;
using namespace ScenarioTestCase;

class tst_EventDiagnostics : public QObject
{
    Q_OBJECT

private slots:
    void diagnostics_data();
    void diagnostics();
    void joinAtTheSameTimeMayBeUsed();
};

void tst_EventDiagnostics::diagnostics_data()
{
    QTest::addColumn<QStringList>("edits");
    QTest::addColumn<bool>("isError");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("message");

    // Consumers.
    error("consumer without id", { "{\"id\": \"c1\"}", "‸{\"name\": \"c1\"}" },
        "groups[0].consumers[0].id",
        "missing required field \"id\" in a consumer (expected a non-empty string)");
    error("consumer name used twice", { "{\"id\": \"c2\",", "{\"id\": ‸\"c1\"," },
        "groups[0].consumers[1].id",
        "duplicate consumer name \"c1\" (first at line 5, column 25); consumers that share a "
        "client id need "
        "distinct \"name\"s");
    error("consumeTime in words", { "\"consumeTime\": \"2ms\"", "\"consumeTime\": ‸\"5 minutes\"" },
        "groups[0].consumers[1].consumeTime",
        "expected a duration such as \"250ms\", \"1.5s\", \"5m\" or a number of milliseconds, got "
        "\"5 minutes\"");
    error("consumeTime negative", { "\"consumeTime\": \"2ms\"", "\"consumeTime\": ‸\"-1ms\"" },
        "groups[0].consumers[1].consumeTime", "expected a duration from 0ms to 1h, got \"-1ms\"");
    error("lognormal without p99",
        { "\"consumeTime\": \"2ms\"",
            "\"consumeTime\": ‸{\"distribution\": \"lognormal\", \"mean\": \"2ms\"}" },
        "groups[0].consumers[1].consumeTime.p99",
        "missing required field \"p99\" in a consume time (expected a duration)");
    error("lognormal p99 below the mean",
        { "\"consumeTime\": \"2ms\"",
            "\"consumeTime\": {\"distribution\": \"lognormal\", \"mean\": \"2ms\", \"p99\": "
            "‸\"1ms\"}" },
        "groups[0].consumers[1].consumeTime.p99",
        "expected a p99 above the mean (2ms) for a lognormal consume time, got \"1ms\"");
    error("unknown distribution",
        { "\"consumeTime\": \"2ms\"",
            "\"consumeTime\": {\"distribution\": ‸\"normal\", \"mean\": \"2ms\"}" },
        "groups[0].consumers[1].consumeTime.distribution",
        "expected one of \"fixed\", \"exponential\" or \"lognormal\", got \"normal\"");
    warning("p99 on another distribution",
        { "\"consumeTime\": \"2ms\"",
            "\"consumeTime\": {\"distribution\": \"exponential\", \"mean\": \"2ms\", \"p99\": "
            "‸\"9ms\"}" },
        "groups[0].consumers[1].consumeTime.p99", "p99 is only used by the lognormal distribution");
    error("failureRate above 1", { "{\"id\": \"c1\"}", "{\"id\": \"c1\", \"failureRate\": ‸1.5}" },
        "groups[0].consumers[0].failureRate", "expected a number from 0 to 1, got 1.5");
    error("start negative", { "{\"id\": \"c1\"}", "{\"id\": \"c1\", \"start\": ‸\"-5s\"}" },
        "groups[0].consumers[0].start", "expected a duration from 0ms to 168h, got \"-5s\"");
    error("stall probability above 1",
        { "{\"id\": \"c1\"}",
            "{\"id\": \"c1\", \"stall\": {\"probability\": ‸2, \"time\": \"1s\"}}" },
        "groups[0].consumers[0].stall.probability", "expected a number from 0 to 1, got 2");
    error("stall without time",
        { "{\"id\": \"c1\"}", "{\"id\": \"c1\", \"stall\": ‸{\"probability\": 0.1}}" },
        "groups[0].consumers[0].stall.time",
        "missing required field \"time\" in a stall (expected a duration)");
    warning("consumer field misspelt",
        { "{\"id\": \"c2\", \"consumeTime\"", "{\"id\": \"c2\", ‸\"consumTime\"" },
        "groups[0].consumers[1].consumTime",
        "unknown field \"consumTime\" in a consumer is ignored; did you mean \"consumeTime\"?");

    // Events.
    error("unknown action", { "\"action\": \"kill\"", "\"action\": ‸\"kil\"" }, "events[0].action",
        "expected one of \"join\", \"shutdown\", \"kill\", \"freeze\", \"unfreeze\", "
        "\"partition\", \"heal\", "
        "\"pause\", \"resume\", \"setConsumeTime\", \"setFailureRate\", \"setProduceRate\", "
        "\"setQueues\", "
        "\"brokerDown\", \"brokerUp\", \"setStrategy\", \"setClient\", \"setBroker\" or "
        "\"setChurn\", got \"kil\"; did you mean "
        "\"kill\"?");
    error("event without time", withEvent("‸{\"action\": \"kill\", \"consumer\": \"c1\"}"),
        "events[0].at", "missing required field \"at\" in a \"kill\" event (expected a duration)");
    error("event time negative", { "\"at\": \"1m\"", "\"at\": ‸\"-1m\"" }, "events[0].at",
        "expected a duration from 0ms to 168h, got \"-1m\"");
    error("event names an unknown consumer",
        { "\"consumer\": \"c1\"}]", "\"consumer\": ‸\"c9\"}]" }, "events[0].consumer",
        "unknown consumer \"c9\" (declared: \"c1\" or \"c2\")");
    error("event before the join of its consumer",
        withEvent("{\"at\": \"1m\", \"action\": \"kill\", \"consumer\": ‸\"c3\"}, "
                  "{\"at\": \"2m\", \"action\": \"join\", \"group\": \"g\", \"consumer\": {\"id\": "
                  "\"c3\"}}"),
        "events[0].consumer",
        "consumer \"c3\" joins only at 2m (events[1]), after this event at 1m");
    warning("field of another action",
        { "\"consumer\": \"c1\"}]", "\"consumer\": \"c1\", ‸\"rate\": 5}]" }, "events[0].rate",
        "field \"rate\" is not used by the action \"kill\" (ignored)");
    warning("unknown event field",
        { "\"consumer\": \"c1\"}]", "\"consumer\": \"c1\", ‸\"note\": \"x\"}]" }, "events[0].note",
        "unknown field \"note\" in a \"kill\" event is ignored");
    warning("start in a join",
        withEvent("{\"at\": \"1m\", \"action\": \"join\", \"group\": \"g\", \"consumer\": {\"id\": "
                  "\"c3\", ‸\"start\": \"5s\"}}"),
        "events[0].consumer.start",
        "\"start\" is not used in a join: the consumer starts at the event's time (ignored)");
    error("join into an unknown group",
        withEvent("{\"at\": \"1m\", \"action\": \"join\", \"group\": ‸\"h\", \"consumer\": "
                  "{\"id\": \"c3\"}}"),
        "events[0].group", "unknown group \"h\" (declared: \"g\")");
    error("setQueues count out of range",
        withEvent("{\"at\": \"1m\", \"action\": \"setQueues\", \"topic\": \"T\", \"broker\": "
                  "\"broker-a\", \"count\": ‸1025}"),
        "events[0].count", "expected an integer from 0 to 1024, got 1025");
    error("setQueues on an unknown broker",
        withEvent("{\"at\": \"1m\", \"action\": \"setQueues\", \"topic\": \"T\", \"broker\": "
                  "‸\"broker-c\", \"count\": 8}"),
        "events[0].broker", "unknown broker \"broker-c\" (declared: \"broker-a\" or \"broker-b\")");
    error("setProduceRate of an unknown topic",
        withEvent(
            "{\"at\": \"1m\", \"action\": \"setProduceRate\", \"topic\": ‸\"U\", \"rate\": 10}"),
        "events[0].topic", "unknown topic \"U\" (declared: \"T\")");
    error("setProduceRate without rate",
        withEvent("‸{\"at\": \"1m\", \"action\": \"setProduceRate\", \"topic\": \"T\"}"),
        "events[0].rate",
        "missing required field \"rate\" in a \"setProduceRate\" event (expected a number)");
    error("brokerDown of an unknown broker",
        withEvent("{\"at\": \"1m\", \"action\": \"brokerDown\", \"broker\": ‸\"broker-b2\"}"),
        "events[0].broker",
        "unknown broker \"broker-b2\" (declared: \"broker-a\" or \"broker-b\"); did you mean "
        "\"broker-b\"?");
    error("partition from no broker",
        withEvent(
            "{\"at\": \"1m\", \"action\": \"partition\", \"consumer\": \"c1\", \"brokers\": ‸[]}"),
        "events[0].brokers",
        "expected a non-empty array of broker names (leave \"brokers\" out for all brokers), got "
        "an empty array");
    error("freeze for no time",
        withEvent("{\"at\": \"1m\", \"action\": \"freeze\", \"consumer\": \"c1\", \"for\": ‸0}"),
        "events[0].for", "expected a duration from 1ms to 168h, got 0");
    error("setConsumeTime without consumeTime",
        withEvent("‸{\"at\": \"1m\", \"action\": \"setConsumeTime\", \"consumer\": \"c1\"}"),
        "events[0].consumeTime",
        "missing required field \"consumeTime\" in a \"setConsumeTime\" event (expected a "
        "duration)");
    error("setFailureRate above 1",
        withEvent("{\"at\": \"1m\", \"action\": \"setFailureRate\", \"consumer\": \"c1\", "
                  "\"failureRate\": ‸2}"),
        "events[0].failureRate", "expected a number from 0 to 1, got 2");
    error("setClient with nothing to set",
        withEvent("{\"at\": \"1m\", \"action\": \"setClient\", \"group\": \"g\", \"client\": ‸{}}"),
        "events[0].client", "expected at least one client setting, got an empty object");
    error("setClient with a bad value",
        withEvent("{\"at\": \"1m\", \"action\": \"setClient\", \"group\": \"g\", \"client\": "
                  "{\"pullBatchSize\": ‸0}}"),
        "events[0].client.pullBatchSize", "expected an integer from 1 to 1024, got 0");
    error("setStrategy for a consumer of another group",
        { "\"2ms\"}]}]",
            "\"2ms\"}]}, {\"name\": \"h\", \"topics\": [\"T\"], \"consumers\": [{\"id\": "
            "\"c3\"}]}]",
            kKill,
            "{\"at\": \"1m\", \"action\": \"setStrategy\", \"group\": \"h\", \"consumer\": "
            "‸\"c1\", \"strategy\": \"AVG\"}" },
        "events[0].consumer", "consumer \"c1\" is in group \"g\", not in \"h\"");
    error("events not an array",
        { "\"events\": [{\"at\": \"1m\", \"action\": \"kill\", \"consumer\": \"c1\"}]",
            "\"events\": ‸{}" },
        "events", "expected an array of events, got an empty object");
    error("event not an object", { kKill, "‸\"kill c1\"" }, "events[0]",
        "expected an event object such as {\"at\": \"60s\", \"action\": \"kill\", \"consumer\": "
        "\"10.0.0.1@1001\"}, "
        "got \"kill c1\"");

    // Churn.
    error("churn weights all zero",
        churn("{\"group\": \"g\", \"actions\": ‸{\"join\": 0, \"kill\": 0}}"), "churn.actions",
        "expected at least one action with a weight above 0");
    error("churn weight negative",
        churn("{\"group\": \"g\", \"actions\": {\"join\": 1, \"kill\": ‸-1}}"),
        "churn.actions.kill", "expected a number of at least 0, got -1");
    error("churn action misspelt",
        churn("{\"group\": \"g\", \"actions\": {\"join\": 1, ‸\"frezee\": 1}}"),
        "churn.actions.frezee",
        "unknown churn action \"frezee\" (expected \"join\", \"shutdown\", \"kill\", \"freeze\", "
        "\"partition\", "
        "\"pause\" or \"slow\"); did you mean \"freeze\"?");
    error("churn bounds reversed",
        churn("{\"group\": \"g\", \"actions\": {\"join\": 1}, \"minConsumers\": 5, "
              "\"maxConsumers\": ‸2}"),
        "churn.maxConsumers", "expected minConsumers (5) to be at most maxConsumers (2)");
    error("churn of an unknown group", churn("{\"group\": ‸\"gg\", \"actions\": {\"join\": 1}}"),
        "churn.group", "unknown group \"gg\" (declared: \"g\")");
    error("churn without actions", churn("‸{\"group\": \"g\", \"meanInterval\": \"30s\"}"),
        "churn.actions",
        "missing required field \"actions\" in churn (expected an object of action weights such as "
        "{\"join\": 3, \"kill\": 1})");
    error("churn interval in words",
        churn(
            "{\"group\": \"g\", \"meanInterval\": ‸\"half a minute\", \"actions\": {\"join\": 1}}"),
        "churn.meanInterval",
        "expected a duration such as \"250ms\", \"1.5s\", \"5m\" or a number of milliseconds, got "
        "\"half a minute\"");
}

void tst_EventDiagnostics::diagnostics()
{
    QFETCH(QStringList, edits);
    QFETCH(bool, isError);
    QFETCH(QString, path);
    QFETCH(QString, message);
    checkSingleDiagnostic(edits, isError, path, message);
}

void tst_EventDiagnostics::joinAtTheSameTimeMayBeUsed()
{
    // Listed before its join, at the same time: allowed, and file order is kept.
    const Marked input = apply({ "{\"at\": \"1m\", \"action\": \"kill\", \"consumer\": \"c1\"}",
        "{\"at\": \"2m\", \"action\": \"pause\", \"consumer\": \"n3\"}, "
        "{\"at\": \"2m\", \"action\": \"join\", \"group\": \"g\", \"consumer\": {\"id\": \"c3\", "
        "\"name\": \"n3\"}}" });
    const ScenarioReadResult result
        = ScenarioReader::read(input.text.toUtf8(), QStringLiteral("j.json"));
    QVERIFY2(result.ok(), qPrintable(dump(result)));
    QCOMPARE(result.scenario->events.size(), 2);
    QCOMPARE(result.scenario->events.at(0).action, ScenarioEvent::Action::Pause);
    QCOMPARE(result.scenario->events.at(1).action, ScenarioEvent::Action::Join);
    QCOMPARE(result.scenario->events.at(1).joining.handle(), QStringLiteral("n3"));
}

QTEST_GUILESS_MAIN(tst_EventDiagnostics)
#include "tst_eventdiagnostics.moc"
