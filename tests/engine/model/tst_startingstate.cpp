// SPDX-License-Identifier: Apache-2.0
// A world that starts mid-life (scenario-format.md, "Starting offsets and assignment"): each
// queue's own history (`history.queues`), the group's committed offsets (`offsets`, loaded as
// ConsumerOffsetManager's table) and consumers that already hold queues (`holds`), as
// `rblab import-mqadmin` writes them from `mqadmin consumerProgress -s true`.
//
// The world: broker-a with 4 queues, no production, queue k storing 5000 + 1000k messages with
// 4000 + 1000k committed (a backlog of 1000 each). c0 holds q0, q1, q2 and c1 holds q3, which
// is not AVG's answer (c0: q0 q1, c1: q2 q3): the first rebalance moves q2 to c1.
#include "scenario/scenarioreader.h"
#include "scenario/scenariowriter.h"
#include "simtestsupport.h"

#include <QTest>

using namespace Rblab;
using namespace SimTest;

namespace {

Scenario startingWorld(Profile profile, bool withHolds, bool withOffsets)
{
    WorldSpec spec;
    spec.brokers = { QStringLiteral("broker-a") };
    spec.queuesPerBroker = 4;
    spec.produceRate = 0;
    spec.consumers = 2;
    spec.profile = profile;
    Scenario scenario = makeScenario(spec);
    TopicSpec &topic = scenario.topics[0];
    GroupSpec &group = scenario.groups[0];
    for (int k = 0; k < 4; ++k) {
        const QString label = QStringLiteral("broker-a/%1").arg(k);
        topic.storedPerQueue.append({ label, 5000 + 1000 * k });
        if (withOffsets) {
            group.offsets.append({ kTopic + QLatin1Char('/') + label, 4000 + 1000 * k });
        }
    }
    if (withHolds) {
        group.consumers[0].holds = { kTopic + QStringLiteral("/broker-a/0"),
            kTopic + QStringLiteral("/broker-a/1"), kTopic + QStringLiteral("/broker-a/2") };
        group.consumers[1].holds = { kTopic + QStringLiteral("/broker-a/3") };
    }
    return scenario;
}

} // namespace

class tst_StartingState : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void heldQueuesAreTakenAtStart_data();
    void heldQueuesAreTakenAtStart();
    void committedOffsetIsWhereAnOwnerStarts_data();
    void committedOffsetIsWhereAnOwnerStarts();
    void roundTrip();
    void badFields_data();
    void badFields();
    void unknownQueueStopsTheBuild();
};

void tst_StartingState::initTestCase()
{
    QVERIFY2(registryError().isEmpty(), qPrintable(registryError()));
}

void tst_StartingState::heldQueuesAreTakenAtStart_data()
{
    QTest::addColumn<int>("profile");
    // When q2 may move at the earliest: 5.x waits rebalanceMinInterval (1 s) after the start
    // even when the registrations' notifications wake it; 4.9 acts on the notification.
    QTest::addColumn<SimTime>("earliestMove");
    QTest::newRow("5.x") << int(Profile::V5) << SimTime(1000);
    QTest::newRow("4.9") << int(Profile::V49) << SimTime(0);
}

void tst_StartingState::heldQueuesAreTakenAtStart()
{
    QFETCH(int, profile);
    QFETCH(SimTime, earliestMove);
    Simulation sim(startingWorld(Profile(profile), true, true), registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));
    const QList<qint32> q = topicQueues(sim);
    QCOMPARE(q.size(), 4);

    // The first moment both hold something: exactly what they held, from the committed offsets.
    const SimTime at = runUntil(sim, kSecond, 1, [&](const WorldSnapshot &snap) {
        return holding(snap, q[0], 0) && holding(snap, q[3], 1);
    });
    QVERIFY2(at >= 0 && at < 20, qPrintable(eventLog(sim)));
    const WorldSnapshot &snap = sim.snapshot();
    QCOMPARE(heldBy(snap, 0, q), (QList<qint32> { q[0], q[1], q[2] }));
    QCOMPARE(heldBy(snap, 1, q), (QList<qint32> { q[3] }));
    for (int k = 0; k < 4; ++k) {
        const SnapshotHolding *h = holding(snap, q[k], k < 3 ? 0 : 1);
        QVERIFY(h);
        QCOMPARE(h->nextOffset, qint64(4000 + 1000 * k));
        QCOMPARE(snap.queues[q[k]].brokerOffset, qint64(5000 + 1000 * k));
        QCOMPARE(snap.queues[q[k]].committedOffset, qint64(4000 + 1000 * k));
    }
    // Held from the start, never added by a rebalance; q2 moves to c1 at the first round.
    sim.runUntil(30 * kSecond);
    for (int k : { 0, 1, 3 }) {
        QVERIFY2(!firstAdded(sim, q[k], 0), qPrintable(eventLog(sim)));
    }
    const SimEvent *moved = firstAdded(sim, q[2], 0, 1);
    QVERIFY2(moved, qPrintable(eventLog(sim)));
    QVERIFY2(moved->t >= earliestMove, qPrintable(eventLog(sim)));
    QCOMPARE(heldBy(sim.snapshot(), 0, q), (QList<qint32> { q[0], q[1] }));
    QCOMPARE(heldBy(sim.snapshot(), 1, q), (QList<qint32> { q[2], q[3] }));
    // The backlog of 4 × 1000 messages is consumed, nothing more (no production).
    for (int k = 0; k < 4; ++k) {
        QCOMPARE(sim.snapshot().queues[q[k]].lag, qint64(0));
    }
}

void tst_StartingState::committedOffsetIsWhereAnOwnerStarts_data()
{
    QTest::addColumn<bool>("withOffsets");
    QTest::addColumn<qint64>("expected"); // q1's first holding's offset
    // No committed offset and offset 0 in memory: QUERY_CONSUMER_OFFSET answers 0
    // (ConsumerManageProcessor.queryConsumerOffset), the whole history is read.
    QTest::newRow("no offsets: 0") << false << qint64(0);
    QTest::newRow("committed 5000") << true << qint64(5000);
}

void tst_StartingState::committedOffsetIsWhereAnOwnerStarts()
{
    QFETCH(bool, withOffsets);
    QFETCH(qint64, expected);
    Simulation sim(startingWorld(Profile::V5, false, withOffsets), registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));
    const QList<qint32> q = topicQueues(sim);
    qint64 offset = -1;
    runUntil(sim, 10 * kSecond, 1, [&](const WorldSnapshot &snap) {
        for (qint32 c : { 0, 1 }) {
            if (const SnapshotHolding *h = holding(snap, q[1], c)) {
                offset = h->nextOffset;
                return true;
            }
        }
        return false;
    });
    QCOMPARE(offset, expected);
}

void tst_StartingState::roundTrip()
{
    const Scenario scenario = startingWorld(Profile::V5, true, true);
    const QByteArray json = ScenarioWriter::toJson(scenario);
    QVERIFY(json.contains("\"queues\": {\"broker-a/0\": 5000"));
    QVERIFY(json.contains("\"TopicTest/broker-a/3\": 7000"));
    QVERIFY(json.contains("\"holds\": [\"TopicTest/broker-a/0\", \"TopicTest/broker-a/1\", "
                          "\"TopicTest/broker-a/2\"]"));
    const ScenarioReadResult result = ScenarioReader::read(json, QStringLiteral("s.json"));
    QVERIFY2(result.ok(), qPrintable(result.errorText()));
    QVERIFY2(result.diagnostics.isEmpty(), qPrintable(result.errorText()));
    QVERIFY(*result.scenario == scenario);
    QCOMPARE(ScenarioWriter::toJson(*result.scenario), json);
}

void tst_StartingState::badFields_data()
{
    QTest::addColumn<QByteArray>("topicExtra");
    QTest::addColumn<QByteArray>("groupExtra");
    QTest::addColumn<QByteArray>("consumerExtra");
    QTest::addColumn<QString>("expected");
    QTest::newRow("history of a broker the topic lacks")
        << QByteArray(R"(, "history": {"queues": {"broker-b/0": 10}})") << QByteArray()
        << QByteArray()
        << QStringLiteral("s.json:4:81: error: topics[0].history.queues[\"broker-b/0\"]: expected "
                          "a queue of this topic as \"broker/queueId\" (a broker of its queues "
                          "and an id below its count), got \"broker-b/0\"");
    QTest::newRow("history id past the count")
        << QByteArray(R"(, "history": {"queues": {"broker-a/4": 10}})") << QByteArray()
        << QByteArray() << QStringLiteral("got \"broker-a/4\"");
    QTest::newRow("negative history")
        << QByteArray(R"(, "history": {"queues": {"broker-a/0": -1}})") << QByteArray()
        << QByteArray() << QStringLiteral("history.queues[\"broker-a/0\"]");
    QTest::newRow("offsets of another topic")
        << QByteArray() << QByteArray(R"(, "offsets": {"Other/broker-a/0": 5})") << QByteArray()
        << QStringLiteral("groups[0].offsets[\"Other/broker-a/0\"]: expected a queue of the "
                          "group's topics as \"topic/broker/queueId\" (topics: T, %RETRY%g), got "
                          "\"Other/broker-a/0\"");
    QTest::newRow("offsets without a queue id")
        << QByteArray() << QByteArray(R"(, "offsets": {"T/broker-a": 5})") << QByteArray()
        << QStringLiteral("got \"T/broker-a\"");
    QTest::newRow("holds with a later start")
        << QByteArray() << QByteArray()
        << QByteArray(R"(, "start": "5s", "holds": ["T/broker-a/0"])")
        << QStringLiteral("groups[0].consumers[0].holds: a consumer that holds queues is running "
                          "when the run starts: its start must be 0s");
    QTest::newRow("holds twice") << QByteArray() << QByteArray()
                                 << QByteArray(R"(, "holds": ["T/broker-a/0", "T/broker-a/0"])")
                                 << QStringLiteral("holds[1]: \"T/broker-a/0\" is listed twice");
    // A queue the route does not have was World::build's error, without line or column
    // ("holds T/broker-a/9, which no topic's route has"); the reader knows the topics' queues.
    QTest::newRow("holds past the route")
        << QByteArray() << QByteArray()
        << QByteArray(R"(, "holds": ["T/broker-a/2", "T/broker-a/9"])")
        << QStringLiteral(
               "s.json:5:104: error: groups[0].consumers[0].holds[1]: T has no queue 9 on "
               "broker-a (its queues: broker-a queues 0..3)");
    QTest::newRow("holds on no broker of the topic")
        << QByteArray() << QByteArray() << QByteArray(R"(, "holds": ["%RETRY%g/broker-z/0"])")
        << QStringLiteral("groups[0].consumers[0].holds[0]: %RETRY%g has no queue 0 on broker-z "
                          "(its queues: broker-a queue 0)");
    QTest::newRow("offsets past the route")
        << QByteArray() << QByteArray(R"(, "offsets": {"T/broker-z/0": 5})") << QByteArray()
        << QStringLiteral(
               "s.json:5:71: error: groups[0].offsets[\"T/broker-z/0\"]: T has no queue 0 on "
               "broker-z (its queues: broker-a queues 0..3)");
    QTest::newRow("holds of another topic")
        << QByteArray() << QByteArray() << QByteArray(R"(, "holds": ["U/broker-a/0"])")
        << QStringLiteral("(topics: T, %RETRY%g), got \"U/broker-a/0\"");
}

void tst_StartingState::badFields()
{
    QFETCH(QByteArray, topicExtra);
    QFETCH(QByteArray, groupExtra);
    QFETCH(QByteArray, consumerExtra);
    QFETCH(QString, expected);
    const QByteArray json = "{\"format\": \"rebalance-lab/scenario@1\", \"name\": \"n\",\n"
                            "\"brokers\": [\"broker-a\"],\n"
                            "\"topics\": [\n"
                            "  {\"name\": \"T\", \"queues\": {\"broker-a\": 4}"
        + topicExtra
        + "}],\n"
          "\"groups\": [{\"name\": \"g\", \"topics\": [\"T\"]"
        + groupExtra + ", \"consumers\": [{\"id\": \"10.0.0.1@1\"" + consumerExtra + "}]}]}\n";
    const ScenarioReadResult result = ScenarioReader::read(json, QStringLiteral("s.json"));
    QVERIFY(!result.ok());
    QVERIFY2(result.errorText().contains(expected), qPrintable(result.errorText()));
}

void tst_StartingState::unknownQueueStopsTheBuild()
{
    // A scenario made in code, not read from a file, meets the same check in the build.
    Scenario scenario = startingWorld(Profile::V5, false, true);
    scenario.groups[0].offsets.append({ kTopic + QStringLiteral("/broker-z/0"), 1 });
    Simulation sim(scenario, registry());
    QCOMPARE(sim.error(),
        QStringLiteral("groups[0].offsets: no queue TopicTest/broker-z/0 in the topics' routes"));
    Scenario held = startingWorld(Profile::V5, true, false);
    held.groups[0].consumers[1].holds = { kTopic + QStringLiteral("/broker-a/9") };
    Simulation sim2(held, registry());
    QCOMPARE(sim2.error(),
        QStringLiteral("groups[0].consumers[1] (10.0.0.2@1002): holds TopicTest/broker-a/9, "
                       "which no topic's route has"));
}

QTEST_GUILESS_MAIN(tst_StartingState)
#include "tst_startingstate.moc"
