// SPDX-License-Identifier: Apache-2.0
// Shared client instances in the GUI (issue 8): consumers of two groups in one process (same
// client id and instanceName: one MQClientInstance) show the instance on the card, in its
// tooltip and in the Inspector with the other groups' members that share it.
#include <allocation/strategyregistry.h>
#include <assignment/assignmenttooltip.h>
#include <simulation/inspectorview.h>
#include <scenario/scenarioreader.h>
#include <simulation/simulationcontroller.h>

#include <QTest>

using namespace Rblab;

namespace {

// order_group: orders-1 and orders-2 in the process "app" of two hosts, orders-3 on its own;
// audit_group (POP): audit-1 and audit-2 in the same two processes. Killing orders-2 kills its
// process: audit-2 with it (MQClientInstance is the process).
const char kScenario[] = R"({
  "format": "rebalance-lab/scenario@1",
  "name": "shared instances",
  "seed": 5,
  "duration": "2m",
  "brokers": ["broker-a"],
  "topics": [
    {"name": "Orders", "queues": {"broker-a": 4}, "produceRate": 100},
    {"name": "Audit", "queues": {"broker-a": 4}, "produceRate": 100}
  ],
  "groups": [
    {"name": "order_group", "topics": ["Orders"], "consumers": [
      {"name": "orders-1", "id": "10.0.0.1@app", "instanceName": "app"},
      {"name": "orders-2", "id": "10.0.0.2@app", "instanceName": "app"},
      {"name": "orders-3", "id": "10.0.0.3@worker"}]},
    {"name": "audit_group", "topics": ["Audit"], "messageRequestMode": "POP", "consumers": [
      {"name": "audit-1", "id": "10.0.0.1@app", "instanceName": "app"},
      {"name": "audit-2", "id": "10.0.0.2@app", "instanceName": "app"}]}
  ],
  "events": [{"at": "20s", "action": "kill", "consumer": "orders-2"}]
})";

} // namespace

class tst_InstanceView : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void inspectorAndTooltipNameTheInstance_data();
    void inspectorAndTooltipNameTheInstance();

private:
    StrategyRegistry m_registry;
};

void tst_InstanceView::initTestCase()
{
    StrategyRegistry::Sources sources;
    sources.user = false;
    sources.environment = false;
    m_registry.load(sources);
    QVERIFY(m_registry.find(QStringLiteral("AVG")));
}

void tst_InstanceView::inspectorAndTooltipNameTheInstance_data()
{
    QTest::addColumn<int>("consumer");
    QTest::addColumn<QString>("instance");
    QTest::addColumn<QString>("sharedWith");
    QTest::addColumn<QList<qint32>>("mates");
    QTest::newRow("orders-1") << 0 << QStringLiteral("app")
                              << QStringLiteral("audit-1 (audit_group)") << QList<qint32> { 3 };
    QTest::newRow("audit-2") << 4 << QStringLiteral("app")
                             << QStringLiteral("orders-2 (order_group)") << QList<qint32> { 1 };
    QTest::newRow("orders-3: a process of its own")
        << 2 << QString() << QString() << QList<qint32> {};
}

void tst_InstanceView::inspectorAndTooltipNameTheInstance()
{
    QFETCH(int, consumer);
    QFETCH(QString, instance);
    QFETCH(QString, sharedWith);
    QFETCH(QList<qint32>, mates);
    const ScenarioReadResult read
        = ScenarioReader::read(QByteArray(kScenario), QStringLiteral("shared.json"), &m_registry);
    QVERIFY2(read.ok(), qPrintable(read.errorText()));
    SimulationController controller(m_registry);
    controller.load(*read.scenario);
    controller.runTo(30 * kSecond);
    const CatalogPtr catalog = controller.catalog();
    QVERIFY(catalog && catalog->consumers.size() == 5);
    QCOMPARE(catalog->consumers.at(consumer).instanceName, instance);
    QCOMPARE(catalog->instanceMates(consumer), mates);
    // The kill of orders-2 took its whole process: audit-2 is dead too.
    QCOMPARE(controller.snapshot().consumers.at(4).state, ConsumerState::Killed);

    InspectorView inspector(controller);
    inspector.setSelection(Selection::consumer(consumer));
    inspector.refresh();
    QCOMPARE(inspector.value(QStringLiteral("Client instance")), instance);
    QCOMPARE(inspector.value(QStringLiteral("Shared with")), sharedWith);

    const QString tip
        = AssignmentToolTip::consumer(*catalog, controller.snapshot(), qint32(consumer));
    if (instance.isEmpty()) {
        QVERIFY2(!tip.contains(QStringLiteral("Client instance")), qPrintable(tip));
    } else {
        const QString mate = sharedWith.section(QLatin1Char(' '), 0, 0);
        QVERIFY2(tip.contains(QStringLiteral("Client instance: app, shared with %1").arg(mate)),
            qPrintable(tip));
    }
}

QTEST_MAIN(tst_InstanceView)
#include "tst_instanceview.moc"
