// SPDX-License-Identifier: Apache-2.0
// ScenarioReader: a full file reads to the expected values, defaults fill the rest, files are
// opened with clear errors, and strategies are checked against the loaded plugins.
#include "allocation/strategyregistry.h"
#include "scenario/scenarioreader.h"

#include <QTemporaryDir>
#include <QTest>

using namespace Rblab;

namespace {

const char kFull[] = R"({
  "format": "rebalance-lab/scenario@1",
  "name": "Crash versus graceful shutdown",
  "localizedName": {"zh_CN": "进程崩溃对比正常关闭"},
  "description": {"en": "Watch the queues.", "zh_CN": "观察队列。"},
  "seed": 18446744073709551615,
  "duration": "12m",
  "sampleInterval": "500ms",
  "profile": "4.9",
  "network": {"latency": 3, "jitter": "2ms"},
  "broker": {"channelExpiredTimeout": "90s", "notifyConsumerIdsChangedEnable": false},
  "brokers": ["room1@broker-a", "broker-b"],
  "topics": [
    {"name": "TopicTest", "queues": {"room1@broker-a": 8, "broker-b": 4},
     "produceRate": 2500.5, "messageSize": {"min": 100, "max": 4096}, "skew": 1.2,
     "history": {"messages": 250000, "inMemory": false}},
    {"name": "Other", "queues": {"broker-b": 2}}
  ],
  "groups": [
    {"name": "demo_group", "topics": ["TopicTest", "Other"],
     "messageModel": "CLUSTERING", "consumeMode": "ORDERLY",
     "consumeFromWhere": "CONSUME_FROM_TIMESTAMP", "consumeTimestamp": "2h",
     "strategy": "AVG", "strategyParams": {},
     "client": {"pullThresholdForQueue": 500, "pullThresholdSizeForQueue": 50, "pullInterval": "10ms",
                "rebalanceWaitInterval": "1m", "pullThresholdForTopic": -1},
     "notifyConsumerIdsChangedEnable": false,
     "consumers": [
       {"id": "10.0.0.1@1001", "consumeTime": "2ms"},
       {"id": "10.0.0.2@1002", "name": "second", "consumeTime": {"distribution": "exponential", "mean": "0.5ms"},
        "failureRate": 0.01, "start": "5s", "startupTime": "3.5s", "startHeartbeatLockFailed": true, "stall": {"probability": 0.001, "time": "2.5s"}},
       {"id": "10.0.0.3@1003", "consumeTime": {"distribution": "lognormal", "mean": "2ms", "p99": "20ms"},
        "strategy": "AVG", "strategyParams": {}, "client": {"consumeThreadMin": 4}}
     ]},
    {"name": "broadcast_group", "topics": ["Other"], "messageModel": "BROADCASTING", "consumers": []}
  ],
  "events": [
    {"at": "120s", "action": "kill", "consumer": "10.0.0.1@1001"},
    {"at": "60s", "action": "join", "group": "demo_group", "consumer": {"id": "10.0.0.4@1004", "consumeTime": "1.5ms", "startupTime": "800ms"}},
    {"at": "3m", "action": "freeze", "consumer": "second", "for": "45s"},
    {"at": "4m", "action": "partition", "consumer": "10.0.0.3@1003", "brokers": ["broker-b"]},
    {"at": "4m", "action": "heal", "consumer": "10.0.0.3@1003"},
    {"at": "5m", "action": "setConsumeTime", "consumer": "10.0.0.4@1004", "consumeTime": {"distribution": "fixed", "mean": "3ms"}},
    {"at": "5m", "action": "setFailureRate", "consumer": "10.0.0.4@1004", "failureRate": 0.5},
    {"at": "6m", "action": "setProduceRate", "topic": "TopicTest", "rate": 100},
    {"at": "7m", "action": "setQueues", "topic": "Other", "broker": "room1@broker-a", "count": 3},
    {"at": "8m", "action": "brokerDown", "broker": "broker-b"},
    {"at": "9m", "action": "setStrategy", "group": "demo_group", "consumer": "second", "strategy": "AVG"},
    {"at": "10m", "action": "setClient", "group": "demo_group", "client": {"pullBatchSize": 16, "pullInterval": 0}}
  ],
  "churn": {"group": "demo_group", "meanInterval": "45s",
            "actions": {"join": 3, "shutdown": 2, "kill": 1, "freeze": 0.5},
            "minConsumers": 1, "maxConsumers": 12, "recoverAfter": "2m", "idPattern": "10.1.<n>.<m>@<pid>"}
})";

StrategyRegistry::Sources builtPlugins()
{
    // Only the plugins of this build: not the user's folder, not RBLAB_PLUGIN_PATH.
    StrategyRegistry::Sources sources;
    sources.builtin = false;
    sources.user = false;
    sources.environment = false;
    sources.extraDirectories = { QStringLiteral(RBLAB_PLUGIN_BUILD_DIR) };
    return sources;
}

} // namespace

class tst_ScenarioReader : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void fullFile();
    void defaults();
    void plainDescription();
    void byteOrderMarkAndCrLf();
    void readFile();
    void missingFile();
    void strategies_data();
    void strategies();
    void manyProblems();

private:
    StrategyRegistry m_registry;
};

void tst_ScenarioReader::initTestCase()
{
    m_registry.load(builtPlugins());
    QVERIFY2(m_registry.find(QStringLiteral("AVG")), "the AVG plugin of this build must load");
}

void tst_ScenarioReader::fullFile()
{
    const ScenarioReadResult result
        = ScenarioReader::read(QByteArray(kFull), QStringLiteral("full.json"), &m_registry);
    QVERIFY2(result.ok(), qPrintable(result.errorText()));
    QVERIFY2(result.diagnostics.isEmpty(), qPrintable(result.errorText()));
    const Scenario &s = *result.scenario;

    QCOMPARE(s.name, QStringLiteral("Crash versus graceful shutdown"));
    QCOMPARE(s.localizedName.size(), 1);
    QCOMPARE(s.nameFor(QStringLiteral("zh_CN")), QStringLiteral("进程崩溃对比正常关闭"));
    QCOMPARE(s.nameFor(QStringLiteral("en_US")), QStringLiteral("Crash versus graceful shutdown"));
    QCOMPARE(s.nameFor(QStringLiteral("de_DE")), QStringLiteral("Crash versus graceful shutdown"));
    QCOMPARE(s.description.size(), 2);
    QCOMPARE(s.descriptionFor(QStringLiteral("zh_CN")), QStringLiteral("观察队列。"));
    QCOMPARE(s.descriptionFor(QStringLiteral("de_DE")), QStringLiteral("Watch the queues."));
    QCOMPARE(s.seed, 18446744073709551615ULL);
    QCOMPARE(s.duration, 12 * kMinute);
    QCOMPARE(s.sampleInterval, SimTime(500));
    QCOMPARE(s.profile, Profile::V49);
    QCOMPARE(s.networkLatency, SimTime(3));
    QCOMPARE(s.networkJitter, SimTime(2));
    QCOMPARE(s.broker.value(QStringLiteral("channelExpiredTimeout")), QVariant(qlonglong(90000)));
    QCOMPARE(s.broker.value(QStringLiteral("notifyConsumerIdsChangedEnable")), QVariant(false));
    QCOMPARE(
        s.brokers, QStringList({ QStringLiteral("room1@broker-a"), QStringLiteral("broker-b") }));

    QCOMPARE(s.topics.size(), 2);
    const TopicSpec &topic = s.topics.at(0);
    QCOMPARE(topic.name, QStringLiteral("TopicTest"));
    QCOMPARE(topic.queues.size(), 2);
    QCOMPARE(topic.queues.at(0).first, QStringLiteral("room1@broker-a")); // file order
    QCOMPARE(topic.queueCount(QStringLiteral("room1@broker-a")), 8);
    QCOMPARE(topic.queueCount(QStringLiteral("broker-b")), 4);
    QCOMPARE(topic.produceRate, 2500.5);
    QCOMPARE(topic.messageSizeMin, 100);
    QCOMPARE(topic.messageSizeMax, 4096);
    QCOMPARE(topic.skew, 1.2);
    QCOMPARE(topic.storedMessages, qint64(250000));
    QCOMPARE(topic.storedInMemory, false);
    QCOMPARE(s.topics.at(1).storedMessages, qint64(0)); // no history: a young topic
    QCOMPARE(s.topics.at(1).storedInMemory, true);
    QCOMPARE(s.topics.at(1).produceRate, 1000.0); // defaults
    QCOMPARE(s.topics.at(1).messageSizeMin, 1024);
    QCOMPARE(s.topics.at(1).skew, 0.0);

    QCOMPARE(s.groups.size(), 2);
    const GroupSpec &group = s.groups.at(0);
    QCOMPARE(group.topics, QStringList({ QStringLiteral("TopicTest"), QStringLiteral("Other") }));
    QCOMPARE(group.consumeMode, ConsumeMode::Orderly);
    QCOMPARE(group.consumeFromWhere, ConsumeFromWhere::Timestamp);
    QCOMPARE(group.consumeTimestamp, 2 * kHour);
    QCOMPARE(group.strategy, QStringLiteral("AVG"));
    QCOMPARE(group.client.size(), 5);
    // SubscriptionGroupConfig's flag sits on the group; a group without it keeps RocketMQ's true.
    QCOMPARE(group.notifyConsumerIdsChangedEnable, false);
    QCOMPARE(s.groups.at(1).notifyConsumerIdsChangedEnable, true);
    QCOMPARE(group.client.value(QStringLiteral("pullThresholdForQueue")), QVariant(qlonglong(500)));
    QCOMPARE(group.client.value(QStringLiteral("pullInterval")), QVariant(qlonglong(10)));
    QCOMPARE(
        group.client.value(QStringLiteral("rebalanceWaitInterval")), QVariant(qlonglong(60000)));
    QCOMPARE(group.client.value(QStringLiteral("pullThresholdForTopic")), QVariant(qlonglong(-1)));
    QCOMPARE(group.consumers.size(), 3);
    const ConsumerSpec &first = group.consumers.at(0);
    QCOMPARE(first.handle(), QStringLiteral("10.0.0.1@1001"));
    QVERIFY(first.name.isEmpty());
    QCOMPARE(first.consumeTime.meanMs, 2.0);
    QVERIFY(first.consumeTime.shortForm);
    const ConsumerSpec &second = group.consumers.at(1);
    QCOMPARE(second.handle(), QStringLiteral("second"));
    QCOMPARE(second.consumeTime.distribution, ConsumeTime::Distribution::Exponential);
    QCOMPARE(second.consumeTime.meanMs, 0.5);
    QVERIFY(!second.consumeTime.shortForm);
    QCOMPARE(second.failureRate, 0.01);
    QCOMPARE(second.start, 5 * kSecond);
    QCOMPARE(second.startupTime, SimTime(3500));
    QVERIFY(second.startHeartbeatLockFailed);
    QVERIFY(!first.startHeartbeatLockFailed);
    QCOMPARE(first.startupTime, SimTime(0));
    QVERIFY(second.stall);
    QCOMPARE(second.stall->probability, 0.001);
    QCOMPARE(second.stall->timeMs, 2500.0);
    QVERIFY(!second.strategy);
    const ConsumerSpec &third = group.consumers.at(2);
    QCOMPARE(third.consumeTime.distribution, ConsumeTime::Distribution::LogNormal);
    QCOMPARE(third.consumeTime.p99Ms, 20.0);
    QCOMPARE(third.strategy, std::optional<QString>(QStringLiteral("AVG")));
    QCOMPARE(third.strategyParams, std::optional<QVariantMap>(QVariantMap()));
    QCOMPARE(third.client.value(QStringLiteral("consumeThreadMin")), QVariant(qlonglong(4)));
    QCOMPARE(s.groups.at(1).messageModel, MessageModel::Broadcasting);
    QVERIFY(s.groups.at(1).consumers.isEmpty());

    // Events keep file order, whatever their times.
    QCOMPARE(s.events.size(), 12);
    QCOMPARE(s.events.at(0).action, ScenarioEvent::Action::Kill);
    QCOMPARE(s.events.at(0).at, 2 * kMinute);
    QCOMPARE(s.events.at(0).consumer, QStringLiteral("10.0.0.1@1001"));
    const ScenarioEvent &join = s.events.at(1);
    QCOMPARE(join.action, ScenarioEvent::Action::Join);
    QCOMPARE(join.group, QStringLiteral("demo_group"));
    QCOMPARE(join.joining.id, QStringLiteral("10.0.0.4@1004"));
    QCOMPARE(join.joining.consumeTime.meanMs, 1.5);
    QCOMPARE(join.joining.startupTime, SimTime(800));
    QCOMPARE(s.events.at(2).forDuration, std::optional<SimTime>(45 * kSecond));
    QCOMPARE(s.events.at(3).brokers, QStringList({ QStringLiteral("broker-b") }));
    QVERIFY(s.events.at(4).brokers.isEmpty());
    QCOMPARE(s.events.at(5).consumeTime.meanMs, 3.0);
    QVERIFY(!s.events.at(5).consumeTime.shortForm);
    QCOMPARE(s.events.at(6).failureRate, 0.5);
    QCOMPARE(s.events.at(7).topic, QStringLiteral("TopicTest"));
    QCOMPARE(s.events.at(7).rate, 100.0);
    QCOMPARE(s.events.at(8).broker, QStringLiteral("room1@broker-a"));
    QCOMPARE(s.events.at(8).count, 3);
    QCOMPARE(s.events.at(9).action, ScenarioEvent::Action::BrokerDown);
    QCOMPARE(s.events.at(10).strategy, QStringLiteral("AVG"));
    QCOMPARE(s.events.at(10).consumer, QStringLiteral("second"));
    QCOMPARE(
        s.events.at(11).client.value(QStringLiteral("pullBatchSize")), QVariant(qlonglong(16)));
    QCOMPARE(s.events.at(11).client.value(QStringLiteral("pullInterval")), QVariant(qlonglong(0)));

    QVERIFY(s.churn);
    QCOMPARE(s.churn->group, QStringLiteral("demo_group"));
    QCOMPARE(s.churn->meanInterval, 45 * kSecond);
    QCOMPARE(s.churn->actions.size(), 4);
    QCOMPARE(s.churn->actions.at(3), (QPair<QString, double>(QStringLiteral("freeze"), 0.5)));
    QCOMPARE(s.churn->recoverAfter, 2 * kMinute);
    QCOMPARE(s.churn->idPattern, QStringLiteral("10.1.<n>.<m>@<pid>"));
}

void tst_ScenarioReader::defaults()
{
    const QByteArray minimal
        = R"({"format": "rebalance-lab/scenario@1", "name": "m", "brokers": ["b"],
        "topics": [{"name": "T", "queues": {"b": 1}}], "groups": [{"name": "g", "topics": ["T"],
        "consumers": [{"id": "c"}]}]})";
    const ScenarioReadResult result = ScenarioReader::read(minimal, QStringLiteral("m.json"));
    QVERIFY2(result.ok(), qPrintable(result.errorText()));
    const Scenario &s = *result.scenario;
    QCOMPARE(s.seed, quint64(1));
    QCOMPARE(s.duration, 10 * kMinute);
    QCOMPARE(s.sampleInterval, kSecond);
    QCOMPARE(s.profile, Profile::V5);
    QCOMPARE(s.networkLatency, SimTime(1));
    QCOMPARE(s.networkJitter, SimTime(0)); // exact timing unless asked
    QVERIFY(s.broker.isEmpty());
    QVERIFY(s.events.isEmpty());
    QVERIFY(!s.churn);
    const GroupSpec &g = s.groups.first();
    QCOMPARE(g.messageModel, MessageModel::Clustering);
    QCOMPARE(g.consumeMode, ConsumeMode::Concurrently);
    QCOMPARE(g.consumeFromWhere, ConsumeFromWhere::LastOffset);
    QCOMPARE(g.strategy, QStringLiteral("AVG"));
    QVERIFY(g.client.isEmpty());
    const ConsumerSpec &c = g.consumers.first();
    QCOMPARE(c.consumeTime, ConsumeTime());
    QCOMPARE(c.consumeTime.meanMs, 1.0);
    QCOMPARE(c.failureRate, 0.0);
    QCOMPARE(c.start, SimTime(0));
    QCOMPARE(c.startupTime, SimTime(0));
    QVERIFY(!c.stall);

    // Churn defaults.
    QByteArray withChurn = minimal;
    withChurn.replace("}]}]}", "}]}], \"churn\": {\"group\": \"g\", \"actions\": {\"kill\": 1}}}");
    const ScenarioReadResult churned = ScenarioReader::read(withChurn, QStringLiteral("m.json"));
    QVERIFY2(churned.ok(), qPrintable(churned.errorText()));
    QCOMPARE(churned.scenario->churn->meanInterval, 45 * kSecond);
    QCOMPARE(churned.scenario->churn->minConsumers, 1);
    QCOMPARE(churned.scenario->churn->maxConsumers, 12);
    QCOMPARE(churned.scenario->churn->recoverAfter, 60 * kSecond);
}

void tst_ScenarioReader::plainDescription()
{
    const QByteArray text
        = R"({"format": "rebalance-lab/scenario@1", "name": "m", "description": "Plain.", "brokers": ["b"],
        "topics": [{"name": "T", "queues": {"b": 1}}], "groups": [{"name": "g", "topics": ["T"], "consumers": []}]})";
    const ScenarioReadResult result = ScenarioReader::read(text, QStringLiteral("d.json"));
    QVERIFY2(result.ok(), qPrintable(result.errorText()));
    QCOMPARE(result.scenario->description.value(QString()), QStringLiteral("Plain."));
    QCOMPARE(result.scenario->descriptionFor(QStringLiteral("zh_CN")), QStringLiteral("Plain."));
}

void tst_ScenarioReader::byteOrderMarkAndCrLf()
{
    QByteArray text = "\xEF\xBB\xBF{\"format\": \"rebalance-lab/scenario@1\",\r\n \"name\": \"m\", "
                      "\"brokers\": [\"b\"],\r\n"
                      " \"topics\": [{\"name\": \"T\", \"queues\": {\"b\": 1}}],\r\n"
                      " \"groups\": [{\"name\": \"g\", \"topics\": [\"T\"], \"consumers\": "
                      "[{\"id\": \"c\", \"x\": 1}]}]}\r\n";
    const ScenarioReadResult result = ScenarioReader::read(text, QStringLiteral("crlf.json"));
    QVERIFY(result.ok());
    QCOMPARE(result.diagnostics.size(), 1); // the unknown field "x"
    QCOMPARE(result.diagnostics.first().line, 4);
    QCOMPARE(result.diagnostics.first().column, 70);
}

void tst_ScenarioReader::readFile()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("full.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(kFull);
    file.close();
    const ScenarioReadResult result = ScenarioReader::readFile(path, &m_registry);
    QVERIFY2(result.ok(), qPrintable(result.errorText()));
    QCOMPARE(result.scenario->events.size(), 12);
}

void tst_ScenarioReader::missingFile()
{
    const QString path = QStringLiteral("/nonexistent/scenario.json");
    const ScenarioReadResult result = ScenarioReader::readFile(path);
    QVERIFY(!result.ok());
    QCOMPARE(result.diagnostics.size(), 1);
    QCOMPARE(result.diagnostics.first().line, 0);
    QCOMPARE(result.errorText(),
        QStringLiteral(
            "/nonexistent/scenario.json: error: cannot open the file: No such file or directory"));
}

void tst_ScenarioReader::strategies_data()
{
    QTest::addColumn<QByteArray>("group");
    QTest::addColumn<QByteArray>("events");
    QTest::addColumn<QString>("path");
    QTest::addColumn<int>("column");
    QTest::addColumn<QString>("message");

    QTest::newRow("unknown group strategy")
        << QByteArray(R"("strategy": "AVGG")") << QByteArray()
        << QStringLiteral("groups[0].strategy") << 56
        << QStringLiteral("unknown strategy \"AVGG\" (loaded: %1); did you mean \"AVG\"?");
    QTest::newRow("parameter AVG does not take")
        << QByteArray(R"("strategy": "AVG", "strategyParams": {"virtualNodeCnt": 5})")
        << QByteArray() << QStringLiteral("groups[0].strategyParams.virtualNodeCnt") << 82
        << QStringLiteral("AVG takes no parameters, got \"virtualNodeCnt\"");
    QTest::newRow("unknown consumer strategy")
        << QByteArray(R"("strategy": "AVG", "consumers": [{"id": "c", "strategy": "NOPE"}])")
        << QByteArray() << QStringLiteral("groups[0].consumers[0].strategy") << 101
        << QStringLiteral("unknown strategy \"NOPE\" (loaded: %1)");
    QTest::newRow("consumer parameters for the group's strategy")
        << QByteArray(
               R"("strategy": "AVG", "consumers": [{"id": "c", "strategyParams": {"n": 1}}])")
        << QByteArray() << QStringLiteral("groups[0].consumers[0].strategyParams.n") << 108
        << QStringLiteral("AVG takes no parameters, got \"n\"");
    QTest::newRow("setStrategy to an unknown strategy")
        << QByteArray(R"("strategy": "AVG")")
        << QByteArray(
               R"(, "events": [{"at": "1m", "action": "setStrategy", "group": "g", "strategy": "RANDOM"}])")
        << QStringLiteral("events[0].strategy") << 78
        << QStringLiteral("unknown strategy \"RANDOM\" (loaded: %1)");
}

void tst_ScenarioReader::strategies()
{
    QFETCH(QByteArray, group);
    QFETCH(QByteArray, events);
    QFETCH(QString, path);
    QFETCH(int, column);
    QFETCH(QString, message);

    // Line 2 is the group, line 3 the events.
    QByteArray text = "{\"format\": \"rebalance-lab/scenario@1\", \"name\": \"s\", \"brokers\": "
                      "[\"b\"], \"topics\": [{\"name\": \"T\", \"queues\": {\"b\": 1}}],\n"
                      " \"groups\": [{\"name\": \"g\", \"topics\": [\"T\"], ";
    text += group;
    if (!group.contains("consumers")) {
        text += ", \"consumers\": []";
    }
    text += "}]\n" + events + "}";
    const QString loaded = m_registry.strategyNames().join(QStringLiteral(", "));
    const QString expected = message.contains(QLatin1String("%1")) ? message.arg(loaded) : message;

    // Without a registry, strategies are not judged.
    const ScenarioReadResult unchecked = ScenarioReader::read(text, QStringLiteral("s.json"));
    QVERIFY2(unchecked.ok(), qPrintable(unchecked.errorText()));

    const ScenarioReadResult result
        = ScenarioReader::read(text, QStringLiteral("s.json"), &m_registry);
    QVERIFY2(result.diagnostics.size() == 1, qPrintable(result.errorText()));
    const Diagnostic &d = result.diagnostics.first();
    QCOMPARE(d.message, expected);
    QCOMPARE(d.path, path);
    QCOMPARE(d.line, events.isEmpty() ? 2 : 3);
    QCOMPARE(d.column, column);
    QVERIFY(!result.ok());
}

void tst_ScenarioReader::manyProblems()
{
    // A generated file with a mistake in each of 50,000 consumers (50 groups of 1,000, the
    // ceiling per group): read quickly, and the list stops at a readable length with a count of
    // the rest.
    const auto file = [](int groups, int consumers, const char *consumer) {
        QByteArray text
            = "{\"format\": \"rebalance-lab/scenario@1\", \"name\": \"m\", \"brokers\": [\"b\"],\n"
              "\"topics\": [{\"name\": \"T\", \"queues\": {\"b\": 1}}],\n"
              "\"groups\": [";
        for (int g = 0; g < groups; ++g) {
            text += QByteArray(g ? ",\n" : "") + "{\"name\": \"g" + QByteArray::number(g)
                + "\", \"topics\": [\"T\"], \"consumers\": [\n";
            for (int i = 0; i < consumers; ++i) {
                text += QByteArray(consumer).replace("%", QByteArray::number(g * consumers + i))
                    + (i + 1 < consumers ? ",\n" : "\n");
            }
            text += "]}";
        }
        return text + "]}";
    };
    // No wall-clock bound (CI machines are loaded): ctest's timeout catches a blow-up.
    const ScenarioReadResult errors
        = ScenarioReader::read(file(50, 1000, "{\"name\": \"c%\"}"), QStringLiteral("e.json"));
    QCOMPARE(errors.diagnostics.size(), 1001);
    QVERIFY(!errors.ok());
    QCOMPARE(errors.diagnostics.at(999).path, QStringLiteral("groups[0].consumers[999].id"));
    QCOMPARE(errors.diagnostics.last().message, QStringLiteral("49000 more problem(s) not shown"));
    QVERIFY(errors.diagnostics.last().isError());

    const ScenarioReadResult warnings = ScenarioReader::read(
        file(2, 750, "{\"id\": \"c%\", \"colour\": 1}"), QStringLiteral("w.json"));
    QCOMPARE(warnings.diagnostics.size(), 1001);
    QCOMPARE(warnings.diagnostics.last().message, QStringLiteral("500 more problem(s) not shown"));
    QVERIFY(!warnings.diagnostics.last().isError());
    QVERIFY(warnings.ok()); // warnings only: the scenario is read
    QCOMPARE(warnings.scenario->groups.first().consumers.size(), 750);
    QCOMPARE(warnings.scenario->groups.last().consumers.size(), 750);
}

QTEST_GUILESS_MAIN(tst_ScenarioReader)
#include "tst_scenarioreader.moc"
