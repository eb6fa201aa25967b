// SPDX-License-Identifier: Apache-2.0
// "Explain this assignment": AllocateMessageQueueAveragely's steps (index, mod, averageSize,
// startIndex, range) and AVG_BY_CIRCLE's picks from the lists a consumer saw, on hand-made
// views and on a real run shown in the inspector.
#include "testworld.h"

#include <allocation/strategyregistry.h>
#include <teaching/assignmentexplanation.h>
#include <simulation/inspectorview.h>
#include <scenario/scenarioreader.h>
#include <simulation/simulationcontroller.h>

#include <QStandardPaths>
#include <QTest>

using namespace Rblab;

class tst_ExplainAssignment : public QObject
{
    Q_OBJECT

private slots:
    void averagely_data();
    void averagely();
    void byCircleAndOthers();
    void inspectorOnARun_data();
    void inspectorOnARun();
};

void tst_ExplainAssignment::averagely_data()
{
    QTest::addColumn<int>("queues");
    QTest::addColumn<int>("consumers");
    QTest::addColumn<int>("me");
    QTest::addColumn<int>("mod");
    QTest::addColumn<int>("averageSize");
    QTest::addColumn<int>("startIndex");
    QTest::addColumn<int>("range");
    // The seed article's arithmetic, by hand: 16 queues over 6 consumers gives 3,3,3,3,2,2.
    QTest::newRow("16/6 first") << 16 << 6 << 0 << 4 << 3 << 0 << 3;
    QTest::newRow("16/6 fourth") << 16 << 6 << 3 << 4 << 3 << 9 << 3;
    QTest::newRow("16/6 fifth") << 16 << 6 << 4 << 4 << 2 << 12 << 2;
    QTest::newRow("16/6 last") << 16 << 6 << 5 << 4 << 2 << 14 << 2;
    QTest::newRow("16/4 even") << 16 << 4 << 2 << 0 << 4 << 8 << 4;
    // More consumers than queues: averageSize 1, the last ones get range 0.
    QTest::newRow("4/6 third") << 4 << 6 << 2 << 4 << 1 << 2 << 1;
    QTest::newRow("4/6 last") << 4 << 6 << 5 << 4 << 1 << 9 << -5;
}

void tst_ExplainAssignment::averagely()
{
    QFETCH(int, queues);
    QFETCH(int, consumers);
    QFETCH(int, me);
    QFETCH(int, mod);
    QFETCH(int, averageSize);
    QFETCH(int, startIndex);
    QFETCH(int, range);
    TestWorld world(queues, consumers, 1);
    WorldSnapshot snapshot = world.evenSnapshot();
    ConsumerView view;
    view.topic = 0;
    view.at = 5000;
    view.strategy = QStringLiteral("AVG");
    for (const ConsumerInfo &c : world.catalog()->consumers) {
        view.cidAll.append(c.id);
    }
    for (qint32 q = 0; q < world.catalog()->queues.size(); ++q) {
        if (!world.catalog()->queues.at(q).retry) {
            view.mqAll.append(q);
        }
    }
    snapshot.consumers[me].views = { view };
    const AssignmentExplanation e = AssignmentExplanation::of(*world.catalog(), snapshot, me);
    QCOMPARE(e.kind, AssignmentExplanation::Kind::Averagely);
    QCOMPARE(e.index, me);
    QCOMPARE(e.mod, mod);
    QCOMPARE(e.averageSize, averageSize);
    QCOMPARE(e.startIndex, startIndex);
    QCOMPARE(e.range, range);
    QCOMPARE(e.computed.size(), qMax(range, 0));
    for (int i = 0; i < e.computed.size(); ++i) {
        QCOMPARE(e.computed.at(i), view.mqAll.at(startIndex + i));
    }
}

void tst_ExplainAssignment::byCircleAndOthers()
{
    TestWorld world(10, 3, 1);
    WorldSnapshot snapshot = world.evenSnapshot();
    ConsumerView view;
    view.topic = 0;
    view.strategy = QStringLiteral("AVG_BY_CIRCLE");
    for (const ConsumerInfo &c : world.catalog()->consumers) {
        view.cidAll.append(c.id);
    }
    for (qint32 q = 0; q < world.catalog()->queues.size(); ++q) {
        if (!world.catalog()->queues.at(q).retry) {
            view.mqAll.append(q);
        }
    }
    view.allocated = { view.mqAll.at(1), view.mqAll.at(4) };
    snapshot.consumers[1].views = { view };
    AssignmentExplanation e = AssignmentExplanation::of(*world.catalog(), snapshot, 1);
    QCOMPARE(e.kind, AssignmentExplanation::Kind::ByCircle);
    // Queues 1, 4, 7 of 10 for index 1 of 3.
    QCOMPARE(e.computed, (QList<qint32> { view.mqAll.at(1), view.mqAll.at(4), view.mqAll.at(7) }));
    QCOMPARE(e.allocated.size(), 2);

    snapshot.consumers[1].views[0].strategy = QStringLiteral("CONFIG");
    e = AssignmentExplanation::of(*world.catalog(), snapshot, 1);
    QCOMPARE(e.kind, AssignmentExplanation::Kind::Other);
    QVERIFY(e.computed.isEmpty());
    QCOMPARE(e.mqAll.size(), 10);

    // A consumer that has not rebalanced has nothing to explain.
    e = AssignmentExplanation::of(*world.catalog(), snapshot, 2);
    QCOMPARE(e.kind, AssignmentExplanation::Kind::None);
}

void tst_ExplainAssignment::inspectorOnARun_data()
{
    QTest::addColumn<int>("consumer");
    QTest::addColumn<QString>("mod");
    QTest::addColumn<QString>("averageSize");
    QTest::addColumn<QString>("startIndex");
    QTest::addColumn<QString>("range");
    QTest::addColumn<QString>("result");
    // kill-freeze-shutdown at 0:30: 16 queues, 6 consumers with ids 10.0.0.1…6.
    QTest::newRow("first")
        << 0 << "16 % 6 = 4"
        << "16 / 6 + 1 = 3"
        << "0 × 3 = 0"
        << "min(3, 16 − 0) = 3"
        << "PaymentEvents/broker-a/0, PaymentEvents/broker-a/1, PaymentEvents/broker-a/2";
    QTest::newRow("last") << 5 << "16 % 6 = 4"
                          << "16 / 6 = 2"
                          << "5 × 2 + 4 = 14"
                          << "min(2, 16 − 14) = 2"
                          << "PaymentEvents/broker-b/6, PaymentEvents/broker-b/7";
}

void tst_ExplainAssignment::inspectorOnARun()
{
    QFETCH(int, consumer);
    QFETCH(QString, mod);
    QFETCH(QString, averageSize);
    QFETCH(QString, startIndex);
    QFETCH(QString, range);
    QFETCH(QString, result);
    StrategyRegistry registry;
    StrategyRegistry::Sources sources;
    sources.user = false;
    sources.environment = false;
    registry.load(sources);
    QVERIFY(registry.find(QStringLiteral("AVG")));
    const ScenarioReadResult read = ScenarioReader::readFile(
        QStringLiteral(RBLAB_SOURCE_DIR "/resources/scenarios/kill-freeze-shutdown.json"),
        &registry);
    QVERIFY2(read.ok(), qPrintable(read.errorText()));
    SimulationController controller(registry);
    controller.load(*read.scenario);
    controller.runTo(30 * kSecond);
    QVERIFY(controller.hasRun());
    InspectorView inspector(controller);
    inspector.setSelection(Selection::consumer(consumer));
    inspector.refresh();
    QCOMPARE(inspector.value(QStringLiteral("index")), QString::number(consumer));
    QCOMPARE(inspector.value(QStringLiteral("mod")), mod);
    QCOMPARE(inspector.value(QStringLiteral("averageSize")), averageSize);
    QCOMPARE(inspector.value(QStringLiteral("startIndex")), startIndex);
    QCOMPARE(inspector.value(QStringLiteral("range")), range);
    QCOMPARE(inspector.value(QStringLiteral("mqAll[startIndex … startIndex + range − 1]")), result);
    // The plugin's own answer agrees with the arithmetic.
    QCOMPARE(inspector.value(QStringLiteral("The strategy's answer")), result);
    QCOMPARE(inspector.value(QStringLiteral("cidAll (sorted)")), QStringLiteral("6 consumers"));
    QCOMPARE(inspector.value(QStringLiteral("mqAll (sorted)")), QStringLiteral("16 queues"));
}

QTEST_MAIN(tst_ExplainAssignment)
#include "tst_explainassignment.moc"
