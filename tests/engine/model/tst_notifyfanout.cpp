// SPDX-License-Identifier: Apache-2.0
// NOTIFY_CONSUMER_IDS_CHANGED fan-out (DefaultConsumerIdsChangeListener): every registration
// notifies every channel of the group, so a group of n consumers that forms sends n²/2
// notifications. The model keeps sending each one (every member wakes its RebalanceService),
// but the event log, and the report, list the members only for a group of at most
// SimEvent::kListedNotifyLimit channels: beyond it one notifyGroup event stands for the fan-out,
// and the log grows with n, not n².
#include "simtestsupport.h"

#include <QTest>

using namespace Rblab;
using namespace SimTest;

class tst_NotifyFanOut : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY2(registryError().isEmpty(), qPrintable(registryError())); }

    void logGrowsLinearly_data()
    {
        QTest::addColumn<int>("consumers");
        QTest::newRow("10 (listed)") << 10;
        QTest::newRow("64 (listed)") << 64;
        QTest::newRow("200") << 200;
        QTest::newRow("800") << 800;
    }

    // The consumers start together and register with one broker; 20 s later the group has
    // formed. Listed: one notify per member reached at each of the n registrations. Beyond the
    // limit: one notifyGroup per registration that reached more than the limit.
    void logGrowsLinearly()
    {
        QFETCH(int, consumers);
        WorldSpec spec;
        spec.brokers = { QStringLiteral("broker-a") };
        spec.queuesPerBroker = 8;
        spec.consumers = consumers;
        spec.produceRate = 0;
        Simulation sim(makeScenario(spec), registry());
        QVERIFY2(sim.isValid(), qPrintable(sim.error()));
        sim.runUntil(20000);

        const qsizetype registered = events(sim, SimEvent::Type::ChannelRegistered).size();
        QCOMPARE(registered, qsizetype(consumers));
        const QList<SimEvent> listed = events(sim, SimEvent::Type::Notify);
        const QList<SimEvent> grouped = events(sim, SimEvent::Type::NotifyGroup);
        const int limit = SimEvent::kListedNotifyLimit;
        const int small = std::min(consumers, limit);
        // Registration k (1-based) reaches k channels.
        QCOMPARE(listed.size(), qsizetype(small * (small + 1) / 2));
        QCOMPARE(grouped.size(), qsizetype(consumers - small));
        qint64 reached = 0;
        for (const SimEvent &e : grouped) {
            QVERIFY(e.count > limit);
            QCOMPARE(e.group, 0);
            QCOMPARE(e.consumer, -1);
            reached += e.count;
        }
        // Every member is still notified: n(n+1)/2 in all.
        QCOMPARE(listed.size() + reached, qint64(consumers) * (consumers + 1) / 2);
        // The whole log, not only notifications, stays within a few events per consumer.
        QVERIFY2(sim.events().size() <= 4 * consumers + limit * (limit + 1) / 2,
            qPrintable(QStringLiteral("%1 events for %2 consumers")
                           .arg(sim.events().size())
                           .arg(consumers)));
    }
};

QTEST_GUILESS_MAIN(tst_NotifyFanOut)
#include "tst_notifyfanout.moc"
