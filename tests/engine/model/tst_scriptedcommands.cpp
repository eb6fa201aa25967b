// SPDX-License-Identifier: Apache-2.0
// Scripted and churn commands the world refuses at run time (a kill of a consumer already dead,
// a broker stopped twice, …) are not dropped: each becomes a commandFailed event with the reason,
// in the event list and in the report.
#include "simtestsupport.h"

#include <report/reportwriter.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace Rblab;
using namespace SimTest;

class tst_ScriptedCommands : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void refusedCommandBecomesAnEvent_data();
    void refusedCommandBecomesAnEvent();
};

void tst_ScriptedCommands::initTestCase()
{
    QVERIFY2(registryError().isEmpty(), qPrintable(registryError()));
}

void tst_ScriptedCommands::refusedCommandBecomesAnEvent_data()
{
    QTest::addColumn<QList<ScenarioEvent>>("script");
    QTest::addColumn<QString>("detail");
    QTest::addColumn<int>("consumer"); // the event's consumer, -1 for none

    using A = ScenarioEvent::Action;
    ScenarioEvent kill = command(A::Kill, clientId(1));
    kill.at = 10 * kSecond;
    ScenarioEvent again = kill;
    again.at = 20 * kSecond;
    QTest::newRow("kill of a consumer already dead")
        << QList<ScenarioEvent> { kill, again }
        << QStringLiteral("kill 10.0.0.2@1002: consumer 10.0.0.2@1002 is not running (killed)")
        << 1;

    ScenarioEvent down;
    down.at = 10 * kSecond;
    down.action = A::BrokerDown;
    down.broker = QStringLiteral("broker-b");
    ScenarioEvent downAgain = down;
    downAgain.at = 20 * kSecond;
    QTest::newRow("broker stopped twice")
        << QList<ScenarioEvent> { down, downAgain }
        << QStringLiteral("brokerDown broker-b: broker broker-b is already down") << -1;

    ScenarioEvent shutdown = command(A::Shutdown, clientId(2));
    shutdown.at = 10 * kSecond;
    ScenarioEvent pause = command(A::Pause, clientId(2));
    pause.at = 20 * kSecond;
    QTest::newRow("pause after a shutdown")
        << QList<ScenarioEvent> { shutdown, pause }
        << QStringLiteral("pause 10.0.0.3@1003: consumer 10.0.0.3@1003 is not running (shutdown)")
        << 2;
}

void tst_ScriptedCommands::refusedCommandBecomesAnEvent()
{
    QFETCH(QList<ScenarioEvent>, script);
    QFETCH(QString, detail);
    QFETCH(int, consumer);
    WorldSpec spec;
    spec.produceRate = 100;
    Scenario scenario = makeScenario(spec);
    scenario.events = script;
    scenario.duration = 30 * kSecond;
    Simulation sim(scenario, registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));
    sim.runUntil(scenario.duration);

    const QList<SimEvent> refused = events(sim, SimEvent::Type::CommandFailed);
    QCOMPARE(refused.size(), 1);
    QCOMPARE(refused.first().t, script.last().at);
    QCOMPARE(refused.first().detail, detail);
    QCOMPARE(refused.first().consumer, consumer);
    QCOMPARE(SimEvent::typeName(SimEvent::Type::CommandFailed), QStringLiteral("commandFailed"));

    // The report carries it like any other event.
    ReportWriter::Options options;
    options.duration = scenario.duration;
    const QJsonObject report = QJsonDocument::fromJson(ReportWriter::toJson(sim, options)).object();
    int inReport = 0;
    for (const QJsonValue &v : report.value(QStringLiteral("events")).toArray()) {
        const QJsonObject e = v.toObject();
        if (e.value(QStringLiteral("type")).toString() == QStringLiteral("commandFailed")) {
            ++inReport;
            QCOMPARE(e.value(QStringLiteral("t")).toInteger(), script.last().at);
            QCOMPARE(e.value(QStringLiteral("detail")).toString(), detail);
        }
    }
    QCOMPARE(inReport, 1);
    QCOMPARE(sim.totals().lost, qint64(0));
}

QTEST_GUILESS_MAIN(tst_ScriptedCommands)
#include "tst_scriptedcommands.moc"
