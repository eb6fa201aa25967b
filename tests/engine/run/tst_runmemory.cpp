// SPDX-License-Identifier: Apache-2.0
// Issue 12: the memory of a run is its world, not its history. A process queue that has left
// its consumer's table holds no cache, orderly list or reconsume counters any more, and a
// spooling run (rblab simulate) keeps none of its published events in memory: they stream to
// an EventSpool that gives every field back, so the report is the in-memory run's byte for byte.
#include "simtestsupport.h"

#include <report/reportwriter.h>
#include <report/runrecord.h>
#include <scenario/scenarioreader.h>
#include <run/eventspool.h>

#include <QTest>

using namespace Rblab;
using namespace SimTest;

namespace {

std::optional<Scenario> bundled(const QString &file)
{
    const ScenarioReadResult read = ScenarioReader::readFile(
        QStringLiteral(RBLAB_SOURCE_DIR "/resources/scenarios/") + file, &registry());
    if (!read.ok()) {
        qWarning("%s", qPrintable(read.errorText()));
        return std::nullopt;
    }
    return *read.scenario;
}

} // namespace

class tst_RunMemory : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY2(registryError().isEmpty(), qPrintable(registryError())); }

    void droppedQueuesHoldNoStorage_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<qint64>("hours");
        QTest::addColumn<qint64>("minDropped"); // process queues dropped and let go, at least
        QTest::addColumn<qint64>("minDeparted"); // consumers killed or shut down, at least
        // The default world's churn, kills and shutdowns (concurrent); the orderly world (its
        // queues wait for the consume lock before they leave the table).
        QTest::newRow("default 2 h")
            << QStringLiteral("default.json") << qint64(2) << qint64(300) << qint64(20);
        QTest::newRow("orderly 1 h")
            << QStringLiteral("orderly.json") << qint64(1) << qint64(6) << qint64(1);
        QTest::newRow("kill-freeze-shutdown 1 h")
            << QStringLiteral("kill-freeze-shutdown.json") << qint64(1) << qint64(20) << qint64(2);
    }

    void droppedQueuesHoldNoStorage()
    {
        QFETCH(QString, file);
        QFETCH(qint64, hours);
        QFETCH(qint64, minDropped);
        QFETCH(qint64, minDeparted);
        const std::optional<Scenario> scenario = bundled(file);
        QVERIFY(scenario);
        Simulation::Options options;
        options.recordSamples = false;
        Simulation sim(*scenario, registry(), options);
        QVERIFY2(sim.isValid(), qPrintable(sim.error()));
        sim.runUntil(hours * kHour);
        const Simulation::MemoryFigures f = sim.memoryFigures();
        QVERIFY2(f.letGoQueues >= minDropped, qPrintable(QString::number(f.letGoQueues)));
        QCOMPARE(f.letGoBytes, qint64(0));
        // The live tables still cache messages (the release is not a blanket clear).
        QVERIFY(f.tableBytes > 0);
        QVERIFY(f.processQueues > f.letGoQueues);
        // Consumers killed or shut down keep their snapshot rows, not their working storage.
        QVERIFY2(
            f.departedConsumers >= minDeparted, qPrintable(QString::number(f.departedConsumers)));
        QCOMPARE(f.departedBytes, qint64(0));
    }

    void eventsStreamToTheSpool()
    {
        const std::optional<Scenario> scenario = bundled(QStringLiteral("default.json"));
        QVERIFY(scenario);
        const SimTime until = 20 * kMinute;
        QByteArray json[2];
        quint64 published[2] = { 0, 0 };
        for (int mode = 0; mode < 2; ++mode) {
            Simulation::Options options;
            options.recording = mode ? Simulation::Options::Recording::Spool
                                     : Simulation::Options::Recording::Memory;
            Simulation sim(*scenario, registry(), options);
            QVERIFY2(sim.isValid(), qPrintable(sim.error()));
            sim.runUntil(until - kMinute);
            // runToNextEvent scans the events of its call: they are held, then spooled.
            QVERIFY(sim.runToNextEvent({}, until));
            sim.runUntil(until);
            published[mode] = sim.publishedEventCount();
            QCOMPARE(sim.snapshot().eventCount, published[mode]);
            if (mode) {
                QCOMPARE(sim.events().size(), qsizetype(0));
                QCOMPARE(quint64(sim.eventSpool()->size()), published[mode]);
            } else {
                QVERIFY(!sim.eventSpool());
                QCOMPARE(quint64(sim.events().size()), published[mode]);
            }
            ReportWriter::Options reportOptions;
            reportOptions.duration = until;
            json[mode] = ReportWriter::toJson(RunRecord::of(sim), reportOptions);
        }
        QVERIFY2(published[0] > 150, qPrintable(QString::number(published[0])));
        QCOMPARE(published[1], published[0]);
        QVERIFY(json[0].count("\"type\": \"rebalance\"") > 30); // 45 at seed 1
        QVERIFY(json[0] == json[1]);
    }

    void eventSpoolGivesEveryFieldBack()
    {
        QList<SimEvent> events;
        SimEvent rebalance;
        rebalance.t = 123456789;
        rebalance.type = SimEvent::Type::Rebalance;
        rebalance.consumer = 7;
        rebalance.topic = 2;
        rebalance.added = { 1, 5, 9 };
        rebalance.removed = { 4 };
        events.append(rebalance);
        SimEvent flow;
        flow.t = 5;
        flow.type = SimEvent::Type::FlowControlOn;
        flow.cause = SimEvent::FlowCause::Span;
        flow.consumer = 1;
        flow.queue = 17;
        flow.flow = { 1000, 64, 2000, 10, 2010, 2011, 3 };
        events.append(flow);
        SimEvent failed;
        failed.type = SimEvent::Type::CommandFailed;
        failed.detail = QStringLiteral("consumer \"消费者-1\" is not running");
        failed.group = 3;
        failed.count = 65;
        failed.broker = 2;
        events.append(failed);
        events.append(SimEvent()); // every field at its default

        EventSpool spool;
        QVERIFY2(spool.error().isEmpty(), qPrintable(spool.error()));
        // Enough to cross the 64 KiB slices several times.
        const int rounds = 2000;
        for (int r = 0; r < rounds; ++r) {
            for (const SimEvent &e : events) {
                spool.append(e);
            }
        }
        QCOMPARE(spool.size(), qsizetype(rounds * events.size()));
        QVERIFY(spool.bytes() > 4 * 65536);
        qsizetype i = 0;
        bool same = true;
        QVERIFY(spool.forEach([&](const SimEvent &e) {
            same = same && e == events[i % events.size()];
            ++i;
        }));
        QCOMPARE(i, spool.size());
        QVERIFY(same);
        // Read twice: the writer's position is not disturbed, more can be appended.
        spool.append(rebalance);
        i = 0;
        QVERIFY(spool.forEach([&](const SimEvent &) { ++i; }));
        QCOMPARE(i, qsizetype(rounds * events.size() + 1));
    }

    void truncatedSpoolIsRefused()
    {
        SimEvent e;
        e.type = SimEvent::Type::Rebalance;
        e.added = { 1, 2, 3 };
        e.detail = QStringLiteral("x");
        QByteArray bytes;
        EventSpool::encode(e, bytes);
        SimEvent back;
        QVERIFY(EventSpool::decode(bytes.constData(), bytes.constData() + bytes.size(), back)
            == bytes.constData() + bytes.size());
        QCOMPARE(back, e);
        for (qsizetype cut = 0; cut < bytes.size(); ++cut) {
            QVERIFY(!EventSpool::decode(bytes.constData(), bytes.constData() + cut, back));
        }
    }
};

QTEST_GUILESS_MAIN(tst_RunMemory)
#include "tst_runmemory.moc"
