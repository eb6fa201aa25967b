// SPDX-License-Identifier: Apache-2.0
// Simulation::catalog: the one catalog the app's views, the report and compare read (issue 34):
// each group's mode, topics, retry topic and queues, and one rule for "this group pops".
#include "simtestsupport.h"

#include <model/catalog.h>
#include <scenario/topicnames.h>

#include <QTest>

Q_DECLARE_METATYPE(Rblab::MessageRequestMode)
Q_DECLARE_METATYPE(Rblab::MessageModel)
Q_DECLARE_METATYPE(Rblab::ConsumeMode)

using namespace Rblab;
using namespace SimTest;

class tst_Catalog : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void popsOnlyWhereTheClientLetsIt_data();
    void popsOnlyWhereTheClientLetsIt();
    void groupsWithTheirModesAndQueues();
    void labelsAndLookups();
};

void tst_Catalog::initTestCase()
{
    QVERIFY2(registryError().isEmpty(), qPrintable(registryError()));
}

void tst_Catalog::popsOnlyWhereTheClientLetsIt_data()
{
    QTest::addColumn<MessageRequestMode>("request");
    QTest::addColumn<MessageModel>("model");
    QTest::addColumn<ConsumeMode>("mode");
    QTest::addColumn<bool>("pops");
    QTest::newRow("PULL") << MessageRequestMode::Pull << MessageModel::Clustering
                          << ConsumeMode::Concurrently << false;
    QTest::newRow("POP") << MessageRequestMode::Pop << MessageModel::Clustering
                         << ConsumeMode::Concurrently << true;
    // RebalancePushImpl.clientRebalance: ORDERLY and BROADCASTING rebalance on the client.
    QTest::newRow("POP, orderly") << MessageRequestMode::Pop << MessageModel::Clustering
                                  << ConsumeMode::Orderly << false;
    QTest::newRow("POP, broadcasting") << MessageRequestMode::Pop << MessageModel::Broadcasting
                                       << ConsumeMode::Concurrently << false;
}

void tst_Catalog::popsOnlyWhereTheClientLetsIt()
{
    QFETCH(MessageRequestMode, request);
    QFETCH(MessageModel, model);
    QFETCH(ConsumeMode, mode);
    QFETCH(bool, pops);
    GroupSpec group;
    group.messageRequestMode = request;
    group.messageModel = model;
    group.consumeMode = mode;
    QCOMPARE(group.pops(), pops);
    QCOMPARE(group.pop(), request == MessageRequestMode::Pop);

    WorldSpec spec;
    spec.model = model;
    spec.mode = mode;
    Scenario scenario = makeScenario(spec);
    scenario.groups.first().messageRequestMode = request;
    const Simulation sim(scenario, registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));
    const Catalog catalog = sim.catalog();
    QCOMPARE(catalog.groups.size(), 1);
    QCOMPARE(catalog.groups.first().pops, pops);
    QCOMPARE(catalog.anyGroupPops(), pops);
    QCOMPARE(catalog.everyGroupPops(), pops);
    QCOMPARE(catalog.anyGroupOrderly(), mode == ConsumeMode::Orderly);
    QCOMPARE(catalog.groups.first().broadcasting(), model == MessageModel::Broadcasting);
}

void tst_Catalog::groupsWithTheirModesAndQueues()
{
    // Two groups on one topic: a CLUSTERING one (with its retry topic) and a BROADCASTING one
    // (none: RebalanceImpl subscribes %RETRY% only in CLUSTERING).
    WorldSpec spec;
    spec.consumers = 2;
    Scenario scenario = makeScenario(spec);
    GroupSpec broadcast = scenario.groups.first();
    broadcast.name = QStringLiteral("all_group");
    broadcast.messageModel = MessageModel::Broadcasting;
    for (qsizetype c = 0; c < broadcast.consumers.size(); ++c) {
        broadcast.consumers[c].id = QStringLiteral("10.0.9.%1@900%1").arg(c + 1);
    }
    scenario.groups.append(broadcast);
    const Simulation sim(scenario, registry());
    QVERIFY2(sim.isValid(), qPrintable(sim.error()));
    const Catalog catalog = sim.catalog();

    QCOMPARE(catalog.queues.size(), sim.queues().size());
    QCOMPARE(catalog.sortedQueueOrder, sim.sortedQueueOrder());
    QCOMPARE(catalog.topics, sim.topicNames());
    QCOMPARE(catalog.brokers, sim.brokerNames());
    QCOMPARE(catalog.groupNames(), (QStringList { kGroup, QStringLiteral("all_group") }));

    const GroupInfo &clustering = catalog.groups.at(0);
    QCOMPARE(clustering.topics, QStringList { kTopic });
    QCOMPARE(clustering.retryTopic, TopicNames::retryTopicOf(kGroup));
    QVERIFY(!clustering.broadcasting());
    // The main topic's 8 queues and the retry topic's one per broker, in RocketMQ's order
    // ("%RETRY%…" sorts before "TopicTest").
    QList<qint32> expected = topicQueues(sim, retryTopic());
    expected += topicQueues(sim, kTopic);
    QCOMPARE(expected.size(), 2 + 8);
    QCOMPARE(clustering.queues, expected);

    const GroupInfo &all = catalog.groups.at(1);
    QVERIFY(all.broadcasting());
    QVERIFY(all.retryTopic.isEmpty());
    QCOMPARE(all.queues, topicQueues(sim, kTopic));
}

void tst_Catalog::labelsAndLookups()
{
    WorldSpec spec;
    spec.consumers = 2;
    const Simulation sim(makeScenario(spec), registry());
    const Catalog catalog = sim.catalog();
    QCOMPARE(catalog.groupIndex(kGroup), 0);
    QCOMPARE(catalog.groupIndex(QStringLiteral("nobody")), -1);
    // Out of range: an empty group, so views need no bounds checks of their own.
    QVERIFY(catalog.group(7).queues.isEmpty());
    QVERIFY(!catalog.group(-1).pops);
    const qint32 retry = topicQueues(sim, retryTopic()).first();
    QCOMPARE(catalog.queueLabel(retry), retryTopic() + QStringLiteral("/broker-a/0"));
    QCOMPARE(catalog.queueLabel(topicQueues(sim).at(5)), QStringLiteral("TopicTest/broker-b/1"));
    QCOMPARE(catalog.consumerLabel(1), clientId(1));
    QVERIFY(catalog.instanceMates(0).isEmpty());
}

QTEST_GUILESS_MAIN(tst_Catalog)
#include "tst_catalog.moc"
