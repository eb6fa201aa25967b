// SPDX-License-Identifier: Apache-2.0
// A consumer that drops thousands of queues in one rebalance round
// (RebalanceImpl.updateProcessQueueTable awaiting removeUnnecessaryMessageQueue for each) must
// not nest the stack per queue. Symmetric transfer only stays flat where the optimiser turns
// it into a tail call; at -O0 8,192 removals in one round overflowed the stack. This test is
// also built in a Debug build directory, with the model at -O0, to check that case.
#include "simtestsupport.h"

#include <QTest>
#include <QThread>

#include <functional>

using namespace Rblab;
using namespace SimTest;

namespace {

/*!
    Runs `work` on a thread with a 256 KiB stack and waits for it. A main thread's 8 MiB hid
    the nesting of 16,384 removals at -O0 (it crashed at 1 MiB); a small stack makes the test
    fail in any build where the depth grows with the number of queues.
*/
void onSmallStack(const std::function<void()> &work)
{
    QThread *thread = QThread::create(work);
    thread->setStackSize(256 * 1024);
    thread->start();
    thread->wait();
    delete thread;
}

} // namespace

class tst_DeepDrop : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY2(registryError().isEmpty(), qPrintable(registryError())); }

    void dropEveryQueueInOneRound_data()
    {
        QTest::addColumn<int>("brokers"); // all but the last one lose their queues
        QTest::addColumn<int>("queuesPerBroker");
        QTest::newRow("8 x 1024 = 8192 queues") << 9 << 1024;
        QTest::newRow("16 x 1024 = 16384 queues") << 17 << 1024;
    }

    // One consumer holds every queue of the topic; then the read queue count of every broker
    // but one drops to 0 (with no queue left at all the consumer keeps its last route). At the
    // consumer's next route poll those brokers leave its route, and the next rebalance round
    // removes their process queues in one updateProcessQueueTable.
    void dropEveryQueueInOneRound()
    {
        QFETCH(int, brokers);
        QFETCH(int, queuesPerBroker);
        WorldSpec spec;
        spec.brokers.clear();
        for (int b = 0; b < brokers; ++b) {
            spec.brokers.append(QStringLiteral("broker-%1").arg(b));
        }
        spec.queuesPerBroker = queuesPerBroker;
        spec.consumers = 1;
        spec.produceRate = 0; // no traffic: the cost is the queues, not the messages
        Simulation sim(makeScenario(spec), registry());
        QVERIFY2(sim.isValid(), qPrintable(sim.error()));

        const int total = brokers * queuesPerBroker;
        const int kept = queuesPerBroker;
        const QList<qint32> main = topicQueues(sim);
        QCOMPARE(main.size(), total);
        // Each new queue waits for its offset RPC in turn: thousands take tens of seconds.
        SimTime holding = -1;
        onSmallStack([&] {
            holding = runUntil(sim, 300000, 1000,
                [&](const WorldSnapshot &snap) { return heldBy(snap, 0, main).size() == total; });
        });
        QVERIFY2(holding >= 0, "the consumer never held every queue");

        for (const QString &broker : spec.brokers.mid(0, brokers - 1)) {
            ScenarioEvent e;
            e.action = ScenarioEvent::Action::SetQueues;
            e.topic = kTopic;
            e.broker = broker;
            e.count = 0;
            QCOMPARE(apply(sim, e), QString());
        }
        // Route poll (30 s), then at most one rebalance wait (20 s) later.
        SimTime dropped = -1;
        onSmallStack([&] {
            dropped = runUntil(sim, holding + 60000, 1000,
                [&](const WorldSnapshot &snap) { return heldBy(snap, 0, main).size() == kept; });
        });
        QVERIFY2(dropped >= 0, "the consumer still holds the queues a minute after they left");

        const qint32 mainTopic = qint32(sim.topicNames().indexOf(kTopic));
        int largestRound = 0;
        for (const SimEvent &e : events(sim, SimEvent::Type::Rebalance, holding)) {
            if (e.topic == mainTopic) {
                largestRound = std::max(largestRound, int(e.removed.size()));
            }
        }
        QCOMPARE(largestRound, total - kept);
    }
};

QTEST_GUILESS_MAIN(tst_DeepDrop)
#include "tst_deepdrop.moc"
