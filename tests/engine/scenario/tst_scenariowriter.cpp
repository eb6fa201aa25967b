// SPDX-License-Identifier: Apache-2.0
// ScenarioWriter: written files read back to equal scenarios, look as documented, and are
// saved atomically.
#include "scenario/scenarioreader.h"
#include "scenario/scenariowriter.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace Rblab;

Q_DECLARE_METATYPE(Rblab::Scenario)

namespace {

using Action = ScenarioEvent::Action;

QString s(const char *text)
{
    return QString::fromUtf8(text);
}

ConsumerSpec consumer(const char *id, double consumeMs = 1.0)
{
    ConsumerSpec c;
    c.id = s(id);
    c.consumeTime.meanMs = consumeMs;
    return c;
}

Scenario minimal()
{
    Scenario scenario;
    scenario.name = s("minimal");
    scenario.brokers = { s("broker-a") };
    TopicSpec topic;
    topic.name = s("T");
    topic.queues = { { s("broker-a"), 4 } };
    scenario.topics = { topic };
    GroupSpec group;
    group.name = s("g");
    group.topics = { s("T") };
    group.consumers = { consumer("10.0.0.1@1001"), consumer("10.0.0.2@1002") };
    scenario.groups = { group };
    return scenario;
}

ScenarioEvent makeEvent(SimTime at, Action action)
{
    ScenarioEvent e;
    e.at = at;
    e.action = action;
    return e;
}

// Every action with every field it has, and churn with every field.
Scenario everyEvent()
{
    Scenario scenario = minimal();
    scenario.brokers.append(s("room1@broker-b"));
    scenario.topics[0].queues.append({ s("room1@broker-b"), 0 });
    auto add = [&](ScenarioEvent e) { scenario.events.append(e); };

    ScenarioEvent join = makeEvent(kMinute, Action::Join);
    join.group = s("g");
    join.joining = consumer("10.0.0.3@1003", 2.0);
    join.joining.name = s("newcomer");
    join.joining.failureRate = 0.25;
    join.joining.stall = StallSpec { 0.01, 1500.0 };
    join.joining.strategy = s("AVG");
    join.joining.strategyParams = QVariantMap();
    join.joining.client = { { s("pullBatchSize"), qlonglong(8) } };
    add(join);
    for (const Action action :
        { Action::Shutdown, Action::Kill, Action::Unfreeze, Action::Pause, Action::Resume }) {
        ScenarioEvent e = makeEvent(2 * kMinute, action);
        e.consumer = s("10.0.0.1@1001");
        add(e);
    }
    ScenarioEvent freeze = makeEvent(3 * kMinute, Action::Freeze);
    freeze.consumer = s("newcomer");
    freeze.forDuration = 45 * kSecond;
    add(freeze);
    ScenarioEvent freezeForever = makeEvent(3 * kMinute, Action::Freeze);
    freezeForever.consumer = s("10.0.0.2@1002");
    add(freezeForever);
    ScenarioEvent partition = makeEvent(4 * kMinute, Action::Partition);
    partition.consumer = s("newcomer");
    partition.brokers = { s("room1@broker-b") };
    add(partition);
    ScenarioEvent heal = makeEvent(5 * kMinute, Action::Heal);
    heal.consumer = s("newcomer");
    add(heal);
    ScenarioEvent consumeTime = makeEvent(5 * kMinute, Action::SetConsumeTime);
    consumeTime.consumer = s("newcomer");
    consumeTime.consumeTime = { ConsumeTime::Distribution::LogNormal, 2.5, 40.0, false };
    add(consumeTime);
    ScenarioEvent failureRate = makeEvent(5 * kMinute, Action::SetFailureRate);
    failureRate.consumer = s("newcomer");
    failureRate.failureRate = 0.125;
    add(failureRate);
    ScenarioEvent rate = makeEvent(6 * kMinute, Action::SetProduceRate);
    rate.topic = s("T");
    rate.rate = 1234.5;
    add(rate);
    ScenarioEvent queues = makeEvent(6 * kMinute, Action::SetQueues);
    queues.topic = s("T");
    queues.broker = s("room1@broker-b");
    queues.count = 8;
    add(queues);
    ScenarioEvent down = makeEvent(7 * kMinute, Action::BrokerDown);
    down.broker = s("broker-a");
    add(down);
    ScenarioEvent up = makeEvent(7 * kMinute + 500, Action::BrokerUp);
    up.broker = s("broker-a");
    add(up);
    ScenarioEvent strategy = makeEvent(8 * kMinute, Action::SetStrategy);
    strategy.group = s("g");
    strategy.consumer = s("newcomer");
    strategy.strategy = s("AVG_BY_CIRCLE");
    add(strategy);
    ScenarioEvent groupStrategy = makeEvent(8 * kMinute, Action::SetStrategy);
    groupStrategy.group = s("g");
    groupStrategy.strategy = s("CONSISTENT_HASH");
    groupStrategy.strategyParams = { { s("virtualNodeCnt"), qlonglong(20) } };
    add(groupStrategy);
    ScenarioEvent client = makeEvent(9 * kMinute, Action::SetClient);
    client.group = s("g");
    client.client
        = { { s("pullInterval"), qlonglong(1500) }, { s("pullThresholdForTopic"), qlonglong(-1) } };
    add(client);

    ChurnSpec churn;
    churn.group = s("g");
    churn.meanInterval = 30 * kSecond;
    churn.actions = { { s("kill"), 1.0 }, { s("join"), 2.5 }, { s("slow"), 0.0 } };
    churn.minConsumers = 0;
    churn.maxConsumers = 3;
    churn.recoverAfter = 90 * kSecond;
    churn.idPattern = s("10.9.<n>.<m>@<pid>");
    scenario.churn = churn;
    return scenario;
}

Scenario everyField()
{
    Scenario scenario = minimal();
    scenario.description
        = { { s("en"), s("Line one.\nLine \"two\".") }, { s("zh_CN"), s("队列迁移") } };
    scenario.seed = 18446744073709551615ULL;
    scenario.duration = 90 * kMinute;
    scenario.sampleInterval = 250;
    scenario.profile = Profile::V49;
    scenario.networkLatency = 0;
    scenario.networkJitter = 3;
    scenario.broker = { { s("channelExpiredTimeout"), qlonglong(90000) },
        { s("notifyConsumerIdsChangedEnable"), false },
        { s("holdScanInterval"), qlonglong(1250) } };
    TopicSpec &topic = scenario.topics[0];
    topic.produceRate = 0.0;
    topic.skew = 0.75;
    topic.storedMessages = 1000000000; // ScenarioLimits::maxStoredMessages
    topic.storedInMemory = false;
    topic.messageSizeMin = 1;
    topic.messageSizeMax = 4 * 1024 * 1024;
    TopicSpec second;
    second.name = s("%RETRY%other|x");
    second.queues = { { s("broker-a"), 1024 } };
    second.produceRate = 250000; // ScenarioLimits::maxWorldProduceRate
    scenario.topics.append(second);
    GroupSpec &group = scenario.groups[0];
    group.topics.append(second.name);
    group.messageModel = MessageModel::Broadcasting;
    group.consumeMode = ConsumeMode::Orderly;
    group.consumeFromWhere = ConsumeFromWhere::Timestamp;
    group.consumeTimestamp = 3 * kHour;
    group.strategy = s("MACHINE_ROOM_NEARBY");
    group.strategyParams
        = { { s("inner"), s("AVG") }, { s("ratio"), 2.0 }, { s("count"), qlonglong(3) },
              { s("enabled"), true }, { s("rooms"), QVariantList { s("room1"), s("room2") } },
              { s("queues"),
                  QVariantList { QVariantMap {
                      { s("brokerName"), s("broker-a") }, { s("queueId"), qlonglong(0) } } } } };
    group.client = { { s("pullThresholdForQueue"), qlonglong(65535) },
        { s("rebalanceMinInterval"), qlonglong(0) } };
    group.notifyConsumerIdsChangedEnable = false;
    ConsumerSpec &c = group.consumers[0];
    c.name = s("first");
    c.consumeTime = { ConsumeTime::Distribution::Exponential, 0.3, 0.0, false };
    c.start = 1500;
    c.startupTime = 3250;
    c.startHeartbeatLockFailed = true;
    c.strategy = s("AVG");
    ConsumerSpec &d = group.consumers[1];
    d.consumeTime.meanMs = 1.0 / 3.0; // no short decimal: written as an exact number
    d.stall = StallSpec { 1.0, 0.0 };
    return scenario;
}

} // namespace

class tst_ScenarioWriter : public QObject
{
    Q_OBJECT

private slots:
    void roundTrip_data();
    void roundTrip();
    void writtenAsDocumented();
    void save();
    void saveReplacesAtomically();
    void saveReportsUnwritablePath_data();
    void saveReportsUnwritablePath();
};

void tst_ScenarioWriter::roundTrip_data()
{
    QTest::addColumn<Scenario>("scenario");
    QTest::newRow("minimal") << minimal();
    QTest::newRow("every event kind and churn") << everyEvent();
    QTest::newRow("every other field") << everyField();
    Scenario plain = minimal();
    plain.description = { { QString(), s("Only a plain description.") } };
    plain.groups[0].consumers[0].consumeTime
        = { ConsumeTime::Distribution::Fixed, 2.0, 0.0, false };
    QTest::newRow("plain description, fixed as an object") << plain;
}

void tst_ScenarioWriter::roundTrip()
{
    QFETCH(Scenario, scenario);
    const QByteArray json = ScenarioWriter::toJson(scenario);
    const ScenarioReadResult result = ScenarioReader::read(json, QStringLiteral("written.json"));
    QVERIFY2(
        result.ok(), qPrintable(result.errorText() + QLatin1Char('\n') + QString::fromUtf8(json)));
    QVERIFY2(result.diagnostics.isEmpty(), qPrintable(result.errorText()));
    QVERIFY2(*result.scenario == scenario, json.constData());
    // Stable: writing the re-read scenario gives the same bytes.
    QCOMPARE(ScenarioWriter::toJson(*result.scenario), json);
}

void tst_ScenarioWriter::writtenAsDocumented()
{
    Scenario scenario = minimal();
    scenario.localizedName = { { s("zh_CN"), s("最小场景") } };
    scenario.description = { { s("en"), s("Watch.") }, { s("zh_CN"), s("观察。") } };
    scenario.seed = 42;
    scenario.broker = { { s("notifyConsumerIdsChangedEnable"), false },
        { s("channelExpiredTimeout"), qlonglong(120000) } };
    scenario.groups[0].client = { { s("pullInterval"), qlonglong(1500) },
        { s("pullThresholdForQueue"), qlonglong(500) } };
    scenario.groups[0].consumers[1].consumeTime
        = { ConsumeTime::Distribution::Exponential, 0.5, 0.0, false };
    scenario.groups[0].consumers[1].start = 5 * kSecond;
    ScenarioEvent kill = makeEvent(2 * kMinute, Action::Kill);
    kill.consumer = s("10.0.0.1@1001");
    scenario.events = { kill };
    ChurnSpec churn;
    churn.group = s("g");
    churn.actions = { { s("join"), 3.0 }, { s("kill"), 1.0 } };
    scenario.churn = churn;

    // Fields in the order of the format document, durations with units, settings in their
    // table's order, objects on one line when they fit in 100 columns.
    const QByteArray expected = R"({
  "format": "rebalance-lab/scenario@1",
  "name": "minimal",
  "localizedName": {"zh_CN": "最小场景"},
  "description": {"en": "Watch.", "zh_CN": "观察。"},
  "seed": 42,
  "duration": "10m",
  "sampleInterval": "1s",
  "profile": "5.x",
  "network": {"latency": "1ms"},
  "broker": {"channelExpiredTimeout": "2m", "notifyConsumerIdsChangedEnable": false},
  "brokers": ["broker-a"],
  "topics": [{"name": "T", "queues": {"broker-a": 4}, "produceRate": 1000, "messageSize": 1024}],
  "groups": [
    {
      "name": "g",
      "topics": ["T"],
      "messageModel": "CLUSTERING",
      "consumeMode": "CONCURRENTLY",
      "consumeFromWhere": "CONSUME_FROM_LAST_OFFSET",
      "strategy": "AVG",
      "client": {"pullThresholdForQueue": 500, "pullInterval": "1.5s"},
      "consumers": [
        {"id": "10.0.0.1@1001"},
        {
          "id": "10.0.0.2@1002",
          "consumeTime": {"distribution": "exponential", "mean": "0.5ms"},
          "start": "5s"
        }
      ]
    }
  ],
  "events": [{"at": "2m", "action": "kill", "consumer": "10.0.0.1@1001"}],
  "churn": {
    "group": "g",
    "meanInterval": "45s",
    "actions": {"join": 3, "kill": 1},
    "minConsumers": 1,
    "maxConsumers": 12,
    "recoverAfter": "1m"
  }
}
)";
    QCOMPARE(QString::fromUtf8(ScenarioWriter::toJson(scenario)), QString::fromUtf8(expected));
}

void tst_ScenarioWriter::save()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("saved.json"));
    const Scenario scenario = everyEvent();
    QString error;
    QVERIFY2(ScenarioWriter::save(scenario, path, &error), qPrintable(error));
    QVERIFY(error.isEmpty());
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), ScenarioWriter::toJson(scenario));
    const ScenarioReadResult result = ScenarioReader::readFile(path);
    QVERIFY2(result.ok(), qPrintable(result.errorText()));
    QVERIFY(*result.scenario == scenario);
}

void tst_ScenarioWriter::saveReplacesAtomically()
{
    // QSaveFile writes a temporary file and renames it over the old one: the path then names a
    // new inode, and a reader never sees a half-written file. Writing in place would keep it.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("world.json"));
    QString error;
    QVERIFY2(ScenarioWriter::save(minimal(), path, &error), qPrintable(error));
    struct stat before = {};
    QCOMPARE(::stat(QFile::encodeName(path).constData(), &before), 0);

    QVERIFY2(ScenarioWriter::save(everyField(), path, &error), qPrintable(error));
    struct stat after = {};
    QCOMPARE(::stat(QFile::encodeName(path).constData(), &after), 0);
    QVERIFY(before.st_ino != after.st_ino);
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden),
        QStringList({ QStringLiteral("world.json") }));
    const ScenarioReadResult result = ScenarioReader::readFile(path);
    QVERIFY2(result.ok(), qPrintable(result.errorText()));
    QVERIFY(*result.scenario == everyField());
}

void tst_ScenarioWriter::saveReportsUnwritablePath_data()
{
    QTest::addColumn<QString>("relative");
    QTest::newRow("inside a regular file") << QStringLiteral("file.txt/world.json");
    QTest::newRow("in a missing folder") << QStringLiteral("missing/world.json");
    QTest::newRow("onto a folder") << QStringLiteral("folder");
}

void tst_ScenarioWriter::saveReportsUnwritablePath()
{
    QFETCH(QString, relative);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QFile plain(dir.filePath(QStringLiteral("file.txt")));
    QVERIFY(plain.open(QIODevice::WriteOnly));
    plain.write("keep me");
    plain.close();
    QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("folder")));

    // Checked as a user without permission would see it, also when the tests run as root.
    const QString path = dir.filePath(relative);
    QString error;
    QVERIFY(!ScenarioWriter::save(minimal(), path, &error));
    QVERIFY2(error.startsWith(QStringLiteral("cannot save \"%1\": ").arg(path)), qPrintable(error));
    QVERIFY(error.size() > QStringLiteral("cannot save \"%1\": ").arg(path).size());
    QVERIFY(ScenarioWriter::save(minimal(), dir.filePath(QStringLiteral("ok.json")), nullptr));
    QVERIFY(!ScenarioWriter::save(minimal(), path, nullptr)); // no error string wanted: no crash
    QVERIFY(plain.open(QIODevice::ReadOnly));
    QCOMPARE(plain.readAll(), QByteArray("keep me"));
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden),
        QStringList({ QStringLiteral("file.txt"), QStringLiteral("ok.json") }));
}

QTEST_GUILESS_MAIN(tst_ScenarioWriter)
#include "tst_scenariowriter.moc"
