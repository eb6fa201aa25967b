// SPDX-License-Identifier: Apache-2.0
// The ceilings on what a scenario can ask for (scenario-format.md, "Limits"): one row per
// ceiling with a file just past it (one error naming the field, the value and the ceiling, at
// the field's position) and the same file at the ceiling (read without error).
#include "scenario/scenariocost.h"
#include "scenario/scenariolimits.h"
#include "scenario/scenarioreader.h"

#include <QTest>

#include <cmath>

using namespace Rblab;

namespace {

//! A world generated from counts, as large as a row needs.
struct World
{
    int brokers = 1;
    int topics = 1;
    int queuesPerBroker = 4;
    int groups = 1;
    int consumersPerGroup = 2;
    bool everyGroupSubscribesEveryTopic = false; //!< else group g subscribes topic g % topics
    double produceRate = 1000;
    QString sampleInterval = QStringLiteral("1s");
    int brokerUpEvents = 0;
    int joinsToFirstGroup = 0;

    QByteArray json() const
    {
        QByteArray s = "{\"format\": \"rebalance-lab/scenario@1\", \"name\": \"limits\",\n"
                       " \"sampleInterval\": \""
            + sampleInterval.toUtf8() + "\",\n \"brokers\": [";
        for (int b = 0; b < brokers; ++b) {
            s += (b ? ", \"b" : "\"b") + QByteArray::number(b) + "\"";
        }
        s += "],\n \"topics\": [";
        for (int t = 0; t < topics; ++t) {
            s += (t ? ",\n  {\"name\": \"T" : "\n  {\"name\": \"T") + QByteArray::number(t)
                + "\", \"produceRate\": " + QByteArray::number(produceRate, 'f', 0)
                + ", \"queues\": {";
            for (int b = 0; b < brokers; ++b) {
                s += (b ? ", \"b" : "\"b") + QByteArray::number(b)
                    + "\": " + QByteArray::number(queuesPerBroker);
            }
            s += "}}";
        }
        s += "],\n \"groups\": [";
        int id = 0;
        for (int g = 0; g < groups; ++g) {
            s += (g ? ",\n  {\"name\": \"g" : "\n  {\"name\": \"g") + QByteArray::number(g)
                + "\", \"topics\": [";
            if (everyGroupSubscribesEveryTopic) {
                for (int t = 0; t < topics; ++t) {
                    s += (t ? ", \"T" : "\"T") + QByteArray::number(t) + "\"";
                }
            } else {
                s += "\"T" + QByteArray::number(g % topics) + "\"";
            }
            s += "], \"consumers\": [";
            for (int c = 0; c < consumersPerGroup; ++c, ++id) {
                s += (c ? ", {\"id\": \"c" : "{\"id\": \"c") + QByteArray::number(id) + "\"}";
            }
            s += "]}";
        }
        s += "],\n \"events\": [";
        int events = 0;
        for (int e = 0; e < brokerUpEvents; ++e, ++events) {
            s += events ? ",\n  " : "\n  ";
            s += "{\"at\": \"1s\", \"action\": \"brokerUp\", \"broker\": \"b0\"}";
        }
        for (int j = 0; j < joinsToFirstGroup; ++j, ++events, ++id) {
            s += events ? ",\n  " : "\n  ";
            s += "{\"at\": \"1s\", \"action\": \"join\", \"group\": \"g0\", \"consumer\": "
                 "{\"id\": \"c"
                + QByteArray::number(id) + "\"}}";
        }
        s += "]\n}\n";
        return s;
    }
};

const QString kLimits = QStringLiteral(" (scenario-format.md, \"Limits\")");

} // namespace

Q_DECLARE_METATYPE(World)

class tst_ScenarioLimits : public QObject
{
    Q_OBJECT

private slots:
    void ceilings_data();
    void ceilings();
    void costOfAWorld();
    void costOfBroadcastingAndFailures();
};

void tst_ScenarioLimits::ceilings_data()
{
    QTest::addColumn<World>("atCeiling");
    QTest::addColumn<World>("past");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("message");

    World w;
    World past;

    w = World();
    w.brokers = ScenarioLimits::maxBrokers;
    w.queuesPerBroker = 1;
    past = w;
    past.brokers += 1;
    QTest::newRow("brokers") << w << past << "brokers"
                             << QStringLiteral("65 brokers; the ceiling is 64") + kLimits;

    w = World();
    w.topics = ScenarioLimits::maxTopics;
    past = w;
    past.topics += 1;
    QTest::newRow("topics") << w << past << "topics"
                            << QStringLiteral("65 topics; the ceiling is 64") + kLimits;

    w = World();
    w.groups = ScenarioLimits::maxGroups;
    w.consumersPerGroup = 1;
    past = w;
    past.groups += 1;
    QTest::newRow("groups") << w << past << "groups"
                            << QStringLiteral("65 groups; the ceiling is 64") + kLimits;

    w = World();
    w.consumersPerGroup = ScenarioLimits::maxConsumersPerGroup;
    past = w;
    past.consumersPerGroup += 1;
    QTest::newRow("consumers of a group")
        << w << past << "groups[0].consumers"
        << QStringLiteral("1001 consumers; the ceiling is 1000 per group") + kLimits;

    w = World();
    w.consumersPerGroup = ScenarioLimits::maxConsumersPerGroup - 1;
    w.joinsToFirstGroup = 1;
    past = w;
    past.joinsToFirstGroup += 1;
    QTest::newRow("consumers of a group with its joins")
        << w << past << "events"
        << QStringLiteral("group \"g0\" reaches 1001 consumers with its joins; the ceiling is "
                          "1000 per group")
            + kLimits;

    w = World();
    w.groups = 2;
    w.consumersPerGroup = ScenarioLimits::maxConsumersInWorld / 2;
    past = w;
    past.groups = 3;
    past.consumersPerGroup = 700;
    QTest::newRow("consumers in the world")
        << w << past << "groups"
        << QStringLiteral("2100 consumers in all groups and joins; the ceiling is 2000") + kLimits;

    // Two topics of 16 brokers × 511 queues + 16 %RETRY% queues = 16,368; the group
    // subscribes one of them, so only the catalog is past its ceiling.
    w = World();
    w.brokers = 16;
    w.topics = 2;
    w.queuesPerBroker = 511;
    past = w;
    past.queuesPerBroker = 512;
    QTest::newRow("queues in the world")
        << w << past << "topics"
        << QStringLiteral("16400 queues in all (%RETRY% queues and the largest setQueues counts "
                          "included); the ceiling is 16384")
            + kLimits;

    // Two groups on one topic of 8 brokers × 1020 queues: 2 × (8,160 + 8) = 16,336 pulled.
    w = World();
    w.brokers = 8;
    w.queuesPerBroker = 1020;
    w.groups = 2;
    w.sampleInterval = QStringLiteral("1s");
    past = w;
    past.queuesPerBroker = 1024;
    QTest::newRow("subscribed queues")
        << w << past << "groups"
        << QStringLiteral("the groups subscribe 16400 queues in all (a topic's queues count once "
                          "for each group subscribing it, %RETRY% queues included); the ceiling "
                          "is 16384")
            + kLimits;

    w = World();
    w.brokers = 64;
    w.queuesPerBroker = 1;
    w.groups = 8;
    w.consumersPerGroup = 32;
    past = w;
    past.consumersPerGroup = 33;
    QTest::newRow("connections")
        << w << past << "groups"
        << QStringLiteral("264 consumers registering with 64 brokers make 16896 connections; "
                          "the ceiling is 16384")
            + kLimits;

    w = World();
    w.topics = 2;
    w.produceRate = ScenarioLimits::maxWorldProduceRate / 2;
    past = w;
    past.produceRate += 1;
    QTest::newRow("produce rate of the world")
        << w << past << "topics"
        << QStringLiteral("250002 messages per second produced in all (the largest "
                          "setProduceRate rates included); the ceiling is 250000")
            + kLimits;

    // 1,000 queues + 1 %RETRY% + 2 consumers = 1,003 rows; 4,000,000 rows a minute at 15.045 ms.
    w = World();
    w.queuesPerBroker = 1000;
    w.sampleInterval = QStringLiteral("16ms");
    past = w;
    past.sampleInterval = QStringLiteral("15ms");
    QTest::newRow("sample rows per minute")
        << w << past << "sampleInterval"
        << QStringLiteral("1001 queues and 2 consumers sampled every 15 ms make 4012000 sample "
                          "rows per virtual minute; the ceiling is 4000000: sample every 16 ms or "
                          "less often")
            + kLimits;

    w = World();
    w.brokerUpEvents = ScenarioLimits::maxEvents;
    past = w;
    past.brokerUpEvents += 1;
    QTest::newRow("events") << w << past << "events"
                            << QStringLiteral("100001 events; the ceiling is 100000") + kLimits;
}

void tst_ScenarioLimits::ceilings()
{
    QFETCH(World, atCeiling);
    QFETCH(World, past);
    QFETCH(QString, path);
    QFETCH(QString, message);

    const ScenarioReadResult ok = ScenarioReader::read(atCeiling.json(), QStringLiteral("w.json"));
    QVERIFY2(ok.ok(), qPrintable(ok.errorText()));

    const ScenarioReadResult result = ScenarioReader::read(past.json(), QStringLiteral("w.json"));
    QVERIFY(!result.ok());
    QCOMPARE(result.diagnostics.size(), 1);
    const Diagnostic &d = result.diagnostics.first();
    QVERIFY(d.isError());
    QCOMPARE(d.path, path);
    QCOMPARE(d.message, message);
    QVERIFY2(d.line > 0 && d.column > 0, qPrintable(d.toString()));
}

// The figures `rblab simulate` prints and refuses by, for a world whose sizes are known.
void tst_ScenarioLimits::costOfAWorld()
{
    World w;
    w.brokers = 2;
    w.queuesPerBroker = 8;
    w.groups = 2;
    w.topics = 2;
    w.consumersPerGroup = 3;
    w.joinsToFirstGroup = 2;
    w.produceRate = 1500;
    w.sampleInterval = QStringLiteral("500ms");
    const ScenarioReadResult read = ScenarioReader::read(w.json(), QStringLiteral("w.json"));
    QVERIFY2(read.ok(), qPrintable(read.errorText()));
    const ScenarioCost cost = ScenarioCost::of(*read.scenario);
    QCOMPARE(cost.queues, 2 * 2 * 8 + 2 * 2);
    QCOMPARE(cost.subscribedQueues, 2 * (16 + 2));
    QCOMPARE(cost.consumers, 8);
    QCOMPARE(cost.largestGroup, 5);
    QCOMPARE(cost.largestGroupName, QStringLiteral("g0"));
    QCOMPARE(cost.channels, 8 * 2);
    QCOMPARE(cost.notifications, 2.0 * (5 * 6 / 2 + 3 * 4 / 2));
    QCOMPARE(cost.messagesPerSecond, 3000.0);
    QCOMPARE(cost.deliveriesPerSecond, 3000.0); // each group its own topic, no failures
    QCOMPARE(cost.retriesPerSecond, 0.0);
    QCOMPARE(cost.samplesPerMinute, 120.0);
    QCOMPARE(cost.bytesPerMinute(), 120.0 * (36 + 8) * ScenarioCost::kBytesPerRow);
    QCOMPARE(cost.bytesFor(10 * kMinute), 10 * cost.bytesPerMinute());
}

// Listener calls and sent-back messages: every group consumes every message of its topics, a
// BROADCASTING group once per member; failed calls come back up to 16 times, then the DLQ; no
// member calls its listener faster than its threads allow.
void tst_ScenarioLimits::costOfBroadcastingAndFailures()
{
    const QByteArray json = R"({"format": "rebalance-lab/scenario@1", "name": "n",
        "brokers": ["b0"], "topics": [{"name": "T", "queues": {"b0": 4}, "produceRate": 1000}],
        "groups": [
          {"name": "c", "topics": ["T"], "consumers": [{"id": "c1", "failureRate": 0.2},
            {"id": "c2"}]},
          {"name": "b", "topics": ["T"], "messageModel": "BROADCASTING",
            "consumers": [{"id": "b1", "failureRate": 0.9}, {"id": "b2"}, {"id": "b3"}]},
          {"name": "s", "topics": ["T"], "messageModel": "BROADCASTING",
            "client": {"consumeThreadMin": 10},
            "consumers": [{"id": "s1", "consumeTime": "100ms"},
              {"id": "s2", "consumeTime": "50ms", "client": {"consumeThreadMin": 5}}]}],
        "events": [{"at": "1m", "action": "setFailureRate", "consumer": "c2", "failureRate": 0.5}]})";
    const ScenarioReadResult read = ScenarioReader::read(json, QStringLiteral("w.json"));
    QVERIFY2(read.ok(), qPrintable(read.errorText()));
    const ScenarioCost cost = ScenarioCost::of(*read.scenario);
    QCOMPARE(cost.messagesPerSecond, 1000.0);
    // Group c at the largest rate any of its consumers reaches, 0.5 (c2's event): half of the
    // messages are sent back, a quarter twice… the 17th time to the DLQ, not consumed again.
    double sentBack = 0;
    for (int k = 1; k <= 17; ++k) {
        sentBack += std::pow(0.5, k);
    }
    QCOMPARE(cost.retriesPerSecond, 1000.0 * sentBack); // b's failures are not sent back
    // Group s cannot keep up: s1 takes the group's 10 threads / 100 ms = 100 calls a second,
    // s2 its own 5 threads (they replace the group's) / 50 ms = 100; flow control retries each
    // member's 4 pulls every 50 ms.
    QCOMPARE(cost.deliveriesPerSecond,
        1000.0 * (1 + sentBack - std::pow(0.5, 17)) + 3 * 1000.0 + 100 + 100);
    QVERIFY(qAbs(cost.deliveriesPerSecond - 5200.0) < 0.1);
    QCOMPARE(cost.flowControlPollsPerSecond, 2 * 4 * 20.0);
    QCOMPARE(cost.bytesFor(10 * kMinute),
        cost.samplesPerMinute * ScenarioCost::kBytesPerRow * double(cost.queues + cost.consumers)
                * 10
            + 1000.0 * sentBack * 600 * ScenarioCost::kBytesPerRetry);

    // A later setClient for the group raises both members to 40 threads: 400 and 800 calls a
    // second, both still short of the 1000 offered.
    QByteArray raised = json;
    raised.replace(R"("failureRate": 0.5}])",
        R"("failureRate": 0.5}, {"at": "2m", "action": "setClient", "group": "s",
            "client": {"consumeThreadMin": 40}}])");
    const ScenarioReadResult more = ScenarioReader::read(raised, QStringLiteral("w.json"));
    QVERIFY2(more.ok(), qPrintable(more.errorText()));
    const ScenarioCost faster = ScenarioCost::of(*more.scenario);
    QVERIFY(qAbs(faster.deliveriesPerSecond - 6200.0) < 0.1);
    QCOMPARE(faster.flowControlPollsPerSecond, 2 * 4 * 20.0);
}

QTEST_GUILESS_MAIN(tst_ScenarioLimits)
#include "tst_scenariolimits.moc"
