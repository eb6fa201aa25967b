// SPDX-License-Identifier: Apache-2.0
// What `rblab real-run` decides from a scenario before anything starts (issue 35): the harness's
// options per consumer, the timed steps, and every refusal with the event's line in the file.
#include <realrunplan.h>
#include <scenario/scenarioreader.h>
#include <strategytestsupport.h>

#include <QFile>
#include <QTest>

using namespace Rblab;

namespace {

StrategyRegistry &registry()
{
    static StrategyRegistry r;
    static const QString error = TestSupport::loadBuiltinRegistry(r);
    Q_UNUSED(error);
    return r;
}

struct Planned
{
    RealRunPlan plan;
    QString error;
};

Planned planOf(const QByteArray &json, RealRunPlan::Version version = RealRunPlan::Version::V49)
{
    const ScenarioReadResult read
        = ScenarioReader::read(json, QStringLiteral("t.json"), &registry());
    if (!read.scenario) {
        return { {}, read.errorText() };
    }
    QList<int> eventLines;
    QMap<QString, int> groupLines;
    RealRunPlan::lines(json, &eventLines, &groupLines);
    return { RealRunPlan::make(*read.scenario, version, eventLines, groupLines), {} };
}

QByteArray scenario(
    const QByteArray &groupExtra, const QByteArray &events, const QByteArray &top = {})
{
    return "{\n"
           "  \"format\": \"rebalance-lab/scenario@1\",\n"
           "  \"name\": \"t\",\n"
           "  \"duration\": \"2m\",\n"
        + top
        + "  \"brokers\": [\"broker-a\", \"broker-b\"],\n"
          "  \"topics\": [{\"name\": \"T\", \"queues\": {\"broker-a\": 4, \"broker-b\": 2}, "
          "\"produceRate\": 300, \"messageSize\": 100}],\n"
          "  \"groups\": [\n"
          "    {\"name\": \"G\", \"topics\": [\"T\"], \"strategy\": \"AVG\""
        + groupExtra
        + ",\n"
          "     \"consumers\": [{\"id\": \"10.0.0.1@1001\", \"consumeTime\": \"2ms\"},\n"
          "                     {\"id\": \"10.0.0.2@1002\", \"consumeTime\": {\"distribution\": "
          "\"exponential\", \"mean\": \"3ms\"}, \"start\": \"1s\"}]}\n"
          "  ],\n"
          "  \"events\": [\n"
        + events
        + "\n  ]\n"
          "}\n";
}

} // namespace

class tst_RealRunPlan : public QObject
{
    Q_OBJECT

private slots:
    void consumersGetTheirClientIdAndSettings();
    void eventsBecomeTimedSteps();
    void refusalsNameTheEventLine();
    void popNeedsRocketMq5();
    void bundledLessonsThatARealClusterCanPlay();
};

void tst_RealRunPlan::consumersGetTheirClientIdAndSettings()
{
    const Planned p = planOf(scenario(", \"consumeFromWhere\": \"CONSUME_FROM_FIRST_OFFSET\", "
                                      "\"client\": {\"pullThresholdForQueue\": 500, "
                                      "\"pullBatchSize\": 16}",
        "    {\"at\": \"30s\", \"action\": \"kill\", \"consumer\": \"10.0.0.1@1001\"}"));
    QVERIFY2(p.error.isEmpty(), qPrintable(p.error));
    QVERIFY(p.plan.ok());
    QCOMPARE(p.plan.consumers.size(), 2);
    const RealRunPlan::ConsumerLaunch &c = p.plan.consumers.at(0);
    QCOMPARE(c.name, QStringLiteral("10.0.0.1@1001"));
    QCOMPARE(c.folder, QStringLiteral("10.0.0.1_1001"));
    QCOMPARE(c.start, SimTime(0));
    // The client id is the scenario's, so strategies sort the real clients as the engine does.
    QVERIFY(c.options.contains(QStringLiteral("--clientIP=10.0.0.1")));
    QVERIFY(c.options.contains(QStringLiteral("--instanceName=1001")));
    QVERIFY(c.options.contains(QStringLiteral("--group=G")));
    QVERIFY(c.options.contains(QStringLiteral("--subscribe=T")));
    QVERIFY(c.options.contains(QStringLiteral("--strategy=AVG")));
    QVERIFY(c.options.contains(QStringLiteral("--consumeFromWhere=CONSUME_FROM_FIRST_OFFSET")));
    QVERIFY(c.options.contains(QStringLiteral("--consumeTime=2ms")));
    QVERIFY(c.options.contains(QStringLiteral("--pullThresholdForQueue=500")));
    QVERIFY(c.options.contains(QStringLiteral("--pullBatchSize=16")));
    QVERIFY(p.plan.consumers.at(1).options.contains(QStringLiteral("--consumeTime=exp:3ms")));
    QCOMPARE(p.plan.consumers.at(1).start, SimTime(1000));
    // Topics per broker, and the producer's rate.
    QCOMPARE(p.plan.topics.size(), 2);
    QCOMPARE(p.plan.topics.at(0).broker, QStringLiteral("broker-a"));
    QCOMPARE(p.plan.topics.at(0).queues, 4);
    QCOMPARE(p.plan.topics.at(1).queues, 2);
    QVERIFY(p.plan.producerOptions.contains(QStringLiteral("--topic.T.rate=300")));
    QVERIFY(p.plan.producerOptions.contains(QStringLiteral("--topic.T.size=100")));
}

void tst_RealRunPlan::eventsBecomeTimedSteps()
{
    const Planned p = planOf(scenario({},
        "    {\"at\": \"30s\", \"action\": \"freeze\", \"consumer\": \"10.0.0.1@1001\", \"for\": "
        "\"45s\"},\n"
        "    {\"at\": \"20s\", \"action\": \"join\", \"group\": \"G\", \"consumer\": {\"id\": "
        "\"10.0.0.3@1003\"}},\n"
        "    {\"at\": \"40s\", \"action\": \"setProduceRate\", \"topic\": \"T\", \"rate\": 0},\n"
        "    {\"at\": \"50s\", \"action\": \"setStrategy\", \"group\": \"G\", \"strategy\": "
        "\"AVG_BY_CIRCLE\"},\n"
        "    {\"at\": \"60s\", \"action\": \"setQueues\", \"topic\": \"T\", \"broker\": "
        "\"broker-b\", \"count\": 4},\n"
        "    {\"at\": \"70s\", \"action\": \"shutdown\", \"consumer\": \"10.0.0.2@1002\"}"));
    QVERIFY2(p.error.isEmpty(), qPrintable(p.error));
    QVERIFY(p.plan.ok());
    QStringList steps;
    for (const RealRunPlan::Step &s : p.plan.steps) {
        steps << QStringLiteral("%1 %2").arg(s.at).arg(s.describe);
    }
    const QStringList expected { QStringLiteral("0 start 10.0.0.1@1001"),
        QStringLiteral("1000 start 10.0.0.2@1002"), QStringLiteral("20000 start 10.0.0.3@1003"),
        QStringLiteral("30000 freeze 10.0.0.1@1001"),
        QStringLiteral("50000 strategy AVG_BY_CIRCLE for 10.0.0.1@1001"),
        QStringLiteral("50000 strategy AVG_BY_CIRCLE for 10.0.0.2@1002"),
        QStringLiteral("50000 strategy AVG_BY_CIRCLE for 10.0.0.3@1003"),
        QStringLiteral("60000 updateTopic T on broker-b: 4 queues"),
        QStringLiteral("70000 shutdown 10.0.0.2@1002"),
        QStringLiteral("75000 thaw 10.0.0.1@1001") };
    QCOMPARE(steps, expected);
    QCOMPARE(p.plan.consumers.size(), 3);
    QVERIFY(p.plan.producerOptions.contains(QStringLiteral("--topic.T.schedule=40000ms:0")));
}

void tst_RealRunPlan::refusalsNameTheEventLine()
{
    const QByteArray json = scenario({},
        "    {\"at\": \"30s\", \"action\": \"kill\", \"consumer\": \"10.0.0.1@1001\"},\n"
        "    {\"at\": \"40s\", \"action\": \"partition\", \"consumer\": \"10.0.0.2@1002\"},\n"
        "    {\"at\": \"50s\", \"action\": \"setStrategy\", \"group\": \"G\", \"strategy\": "
        "\"BOUNDED_RENDEZVOUS\"}");
    const Planned p = planOf(json);
    QVERIFY2(p.error.isEmpty(), qPrintable(p.error));
    QCOMPARE(p.plan.refusals.size(), 2);
    const QList<QByteArray> lines = json.split('\n');
    int partitionLine = 0;
    for (int i = 0; i < lines.size(); ++i) {
        partitionLine = lines.at(i).contains("partition") ? i + 1 : partitionLine;
    }
    const QString first = p.plan.refusals.at(0).toString(QStringLiteral("t.json"));
    QVERIFY2(first.startsWith(
                 QStringLiteral("t.json:%1: events[1] (partition at 40000ms)").arg(partitionLine)),
        qPrintable(first));
    QVERIFY2(first.contains(QStringLiteral("loopback")), qPrintable(first));
    const QString second = p.plan.refusals.at(1).toString(QStringLiteral("t.json"));
    QVERIFY2(second.startsWith(QStringLiteral("t.json:%1: events[2]").arg(partitionLine + 1)),
        qPrintable(second));
    QVERIFY2(second.contains(QStringLiteral("BOUNDED_RENDEZVOUS is not one of the Java client's")),
        qPrintable(second));
}

void tst_RealRunPlan::popNeedsRocketMq5()
{
    const QByteArray json
        = scenario(", \"messageRequestMode\": \"POP\"", {}, "  \"profile\": \"5.x\",\n");
    const Planned v49 = planOf(json, RealRunPlan::Version::V49);
    QVERIFY2(v49.error.isEmpty(), qPrintable(v49.error));
    QCOMPARE(v49.plan.refusals.size(), 1); // once for the group, not per consumer
    QVERIFY(v49.plan.refusals.at(0).why.contains(QStringLiteral("needs RocketMQ 5")));
    const Planned v5 = planOf(json, RealRunPlan::Version::V5);
    QVERIFY(v5.plan.ok());
    QCOMPARE(v5.plan.popGroups.size(), 1);
    QCOMPARE(v5.plan.popGroups.at(0).group, QStringLiteral("G"));
    QVERIFY(v5.plan.consumers.at(0).options.contains(QStringLiteral("--messageRequestMode=POP")));
}

void tst_RealRunPlan::bundledLessonsThatARealClusterCanPlay()
{
    // The corpus the issue names: each plays on a real 4.9 (or 5.x for POP) with no refusal.
    const QStringList playable { QStringLiteral("kill-freeze-shutdown"),
        QStringLiteral("notifications-off"), QStringLiteral("orderly"),
        QStringLiteral("slow-consumer-flow-control"), QStringLiteral("topic-scale-out"),
        QStringLiteral("rolling-deploy-mixed-strategies"), QStringLiteral("broadcasting"),
        QStringLiteral("duplicate-client-id"), QStringLiteral("consistent-hash-vs-avg") };
    for (const QString &name : playable) {
        QFile f(QStringLiteral(RBLAB_SOURCE_DIR "/resources/scenarios/%1.json").arg(name));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const Planned p = planOf(f.readAll());
        QVERIFY2(p.error.isEmpty(), qPrintable(p.error));
        QStringList why;
        for (const RealRunPlan::Refusal &r : p.plan.refusals) {
            why << r.toString(name);
        }
        QVERIFY2(p.plan.ok(), qPrintable(why.join(u'\n')));
        QVERIFY(!p.plan.consumers.isEmpty());
    }
    // The default scenario's random churn is refused, naming why.
    QFile f(QStringLiteral(RBLAB_SOURCE_DIR "/resources/scenarios/default.json"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const Planned p = planOf(f.readAll());
    QVERIFY(!p.plan.ok());
    QVERIFY(p.plan.refusals.at(0).why.contains(QStringLiteral("random churn")));
}

QTEST_GUILESS_MAIN(tst_RealRunPlan)
#include "tst_realrunplan.moc"
