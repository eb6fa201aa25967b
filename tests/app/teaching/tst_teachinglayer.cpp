// SPDX-License-Identifier: Apache-2.0
// Issue 10's teaching layer: each card's next rebalance and own view, flow control in RocketMQ's
// terms, Explain for CONSISTENT_HASH's ring, and the narration's show/hide toggle.
#include "testworld.h"

#include <allocation/strategyregistry.h>
#include <teaching/assignmentexplanation.h>
#include <assignment/assignmentview.h>
#include <assignment/cardschedule.h>
#include <simulation/eventlogmodel.h>
#include <simulation/eventlogview.h>
#include <teaching/flowcontroltext.h>
#include <simulation/inspectorview.h>
#include <teaching/narrationoverlay.h>
#include <teaching/ringdiagram.h>
#include <rblab/messagequeue.h>
#include <scenario/scenarioreader.h>
#include <simulation/simulationcontroller.h>

#include "consistenthashring.h"

#include <QSignalSpy>
#include <QTableView>
#include <QTest>

using namespace Rblab;

class tst_TeachingLayer : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void countdownText_data();
    void countdownText();
    void countdownFollowsRebalanceService();
    void ownViewDisagreement();
    void flowControlSentence();
    void flowControlEveryCause_data();
    void flowControlEveryCause();
    void consistentHashRing();
    void narrationToggle();
    void eventLogFollowsZoom();

private:
    std::unique_ptr<Scenario> scenario(const QString &name);
    StrategyRegistry m_registry;
};

void tst_TeachingLayer::initTestCase()
{
    StrategyRegistry::Sources sources;
    sources.user = false;
    sources.environment = false;
    m_registry.load(sources);
    QVERIFY(m_registry.find(QStringLiteral("CONSISTENT_HASH")));
}

std::unique_ptr<Scenario> tst_TeachingLayer::scenario(const QString &name)
{
    ScenarioReadResult read = ScenarioReader::readFile(
        QStringLiteral(RBLAB_SOURCE_DIR "/resources/scenarios/") + name, &m_registry);
    if (!read.ok()) {
        qWarning("%s", qPrintable(read.errorText()));
        return nullptr;
    }
    return std::make_unique<Scenario>(std::move(*read.scenario));
}

void tst_TeachingLayer::countdownText_data()
{
    QTest::addColumn<qint64>("next");
    QTest::addColumn<qint64>("now");
    QTest::addColumn<int>("state");
    QTest::addColumn<qint64>("seconds");
    QTest::addColumn<QString>("text");
    const int running = int(ConsumerState::Running);
    // Rounded up: "in 1 s" until the round runs.
    QTest::newRow("7 s") << qint64(27000) << qint64(20000) << running << qint64(7)
                         << "next rebalance in 7 s";
    QTest::newRow("6.001 s") << qint64(27000) << qint64(20999) << running << qint64(7)
                             << "next rebalance in 7 s";
    QTest::newRow("1 ms") << qint64(27000) << qint64(26999) << running << qint64(1)
                          << "next rebalance in 1 s";
    QTest::newRow("woken") << qint64(27000) << qint64(27000) << running << qint64(0)
                           << "rebalancing now";
    QTest::newRow("in a round") << qint64(-1) << qint64(27000) << running << qint64(-1)
                                << "rebalancing now";
    QTest::newRow("frozen") << qint64(27000) << qint64(20000) << int(ConsumerState::Frozen)
                            << qint64(-1) << "";
    QTest::newRow("killed") << qint64(-1) << qint64(20000) << int(ConsumerState::Killed)
                            << qint64(-1) << "";
}

void tst_TeachingLayer::countdownText()
{
    QFETCH(qint64, next);
    QFETCH(qint64, now);
    QFETCH(int, state);
    QFETCH(qint64, seconds);
    QFETCH(QString, text);
    SnapshotConsumer c;
    c.state = ConsumerState(state);
    c.nextRebalanceAt = next;
    QCOMPARE(CardSchedule::secondsToNext(c, now), seconds);
    const bool alive = c.state == ConsumerState::Running;
    QCOMPARE(CardSchedule::countdownText(seconds, alive), text);
}

void tst_TeachingLayer::countdownFollowsRebalanceService()
{
    // consistent-hash-vs-avg: ten consumers started at 0; the first join is at 2:00, so
    // between the start-up rounds and then every round is RebalanceService's 20 s wait.
    const std::unique_ptr<Scenario> s = scenario(QStringLiteral("consistent-hash-vs-avg.json"));
    QVERIFY(s);
    SimulationController controller(m_registry);
    controller.load(*s);
    controller.runTo(45 * kSecond);
    const SnapshotConsumer first = controller.snapshot().consumers.at(0);
    const SimTime next = first.nextRebalanceAt;
    QVERIFY2(next > 45 * kSecond && next <= 65 * kSecond, qPrintable(QString::number(next)));
    const qint64 seconds = (next - 45 * kSecond + 999) / 1000;
    QCOMPARE(CardSchedule::secondsToNext(first, controller.now()), seconds);
    AssignmentView view;
    view.resize(1600, 900);
    view.setFrame(controller.catalog(), controller.snapshot(), controller.generation());
    QCOMPARE(view.cardScheduleText(0),
        QStringLiteral("next rebalance in %1 s · sees 5 consumers · 16 queues").arg(seconds));
    // The round runs when the wait ends, and the next wait is 20 s again (plus the round's
    // own broker round trips, a few milliseconds).
    controller.runTo(next + 500);
    const SnapshotConsumer after = controller.snapshot().consumers.at(0);
    // (The view is recorded once the broker answered the consumer list: a round trip later.)
    QVERIFY2(after.views.first().at >= next && after.views.first().at < next + 100,
        qPrintable(QString::number(after.views.first().at - next)));
    QVERIFY2(after.nextRebalanceAt >= next + 20000 && after.nextRebalanceAt < next + 20100,
        qPrintable(QString::number(after.nextRebalanceAt - next)));
}

void tst_TeachingLayer::ownViewDisagreement()
{
    TestWorld world(16, 4, 2);
    WorldSnapshot snapshot = world.evenSnapshot();
    snapshot.now = 20000;
    QStringList cids;
    for (const ConsumerInfo &c : world.catalog()->consumers) {
        cids.append(c.id);
    }
    for (int i = 0; i < 4; ++i) {
        ConsumerView v;
        v.topic = 0;
        v.at = 5000;
        // Consumer 3 missed the notification of the fourth: it still sees three.
        v.cidAll = i == 3 ? cids.mid(0, 3) : cids;
        v.queueCount = 16;
        snapshot.consumers[i].views = { v };
        snapshot.consumers[i].nextRebalanceAt = 27000 + i * 1000;
    }
    QCOMPARE(
        CardSchedule::commonView(*world.catalog(), snapshot, 0), (CardSchedule::View { 4, 16 }));
    AssignmentView view;
    view.resize(1400, 800);
    view.setFrame(world.catalog(), snapshot, 1);
    QCOMPARE(view.cardScheduleText(0),
        QStringLiteral("next rebalance in 7 s · sees 4 consumers · 16 queues"));
    QCOMPARE(view.cardScheduleText(3),
        QStringLiteral("next rebalance in 10 s · ≠ sees 3 consumers · 16 queues"));
    // The large presenter line re-lays the cards with a taller header, tiles still full.
    const qreal before
        = view.layout().cards().first().body.top() - view.layout().cards().first().rect.top();
    view.setLargeSchedule(true);
    const qreal after
        = view.layout().cards().first().body.top() - view.layout().cards().first().rect.top();
    QVERIFY2(after > before + 5, qPrintable(QStringLiteral("%1 → %2").arg(before).arg(after)));
    QCOMPARE(view.detail(), AssignmentLayout::Detail::Full);
}

void tst_TeachingLayer::flowControlSentence()
{
    const std::unique_ptr<Scenario> s = scenario(QStringLiteral("slow-consumer-flow-control.json"));
    QVERIFY(s);
    SimulationController controller(m_registry);
    controller.load(*s);
    controller.runTo(60 * kSecond);
    const QList<SimEvent> &events = controller.events();
    const auto it = std::find_if(events.cbegin(), events.cend(),
        [](const SimEvent &e) { return e.type == SimEvent::Type::FlowControlOn; });
    QVERIFY(it != events.cend());
    const SimEvent &e = *it;
    QCOMPARE(e.cause, SimEvent::FlowCause::Count);
    // RocketMQ's strict '>': the cache passed the threshold by part of one 32-message batch.
    QCOMPARE(e.flow.threshold, 1000);
    QVERIFY2(e.flow.cachedCount > 1000 && e.flow.cachedCount <= 1032,
        qPrintable(QString::number(e.flow.cachedCount)));
    QCOMPARE(e.flow.times, 1); // the first check of the consumer: the line RocketMQ logs
    // The cached offsets are distinct and the newest is the one just pulled. Calls end out of
    // order (20 threads, exponential times), so the cache may have gaps: with each queue's own
    // random stream (issue 12) this seed's first hold spans more offsets than it caches.
    QVERIFY2(e.flow.maxOffset - e.flow.minOffset + 1 >= e.flow.cachedCount,
        qPrintable(QStringLiteral("%1..%2 for %3")
                       .arg(e.flow.minOffset)
                       .arg(e.flow.maxOffset)
                       .arg(e.flow.cachedCount)));
    QCOMPARE(e.flow.maxOffset, e.flow.nextOffset - 1);
    QCOMPARE(FlowControlText::sentence(e),
        QStringLiteral("pull delayed 50 ms: %1 cached > pullThresholdForQueue 1,000")
            .arg(QLocale().toString(e.flow.cachedCount)));
    const Catalog &cat = *controller.catalog();
    const QueueInfo &q = cat.queues.at(e.queue);
    QCOMPARE(FlowControlText::rocketmqWarning(e, cat),
        QStringLiteral("the cached message count exceeds the threshold 1000, so do flow control, "
                       "minOffset=%1, maxOffset=%2, count=%3, size=%4 MiB, pullRequest=PullRequest "
                       "[consumerGroup=%5, messageQueue=MessageQueue [topic=%6, brokerName=%7, "
                       "queueId=%8], nextOffset=%9], flowControlTimes=1")
            .arg(e.flow.minOffset)
            .arg(e.flow.maxOffset)
            .arg(e.flow.cachedCount)
            .arg(e.flow.cachedMiB)
            .arg(cat.consumers.at(e.consumer).group, q.topic, q.brokerName)
            .arg(q.queueId)
            .arg(e.flow.nextOffset));
    // The event log's detail shows both.
    EventLogModel model(controller);
    model.reset();
    const int row = int(it - events.cbegin());
    const QString detail
        = model.data(model.index(row, EventLogModel::DetailColumn), Qt::DisplayRole).toString();
    QVERIFY2(detail.startsWith(FlowControlText::sentence(e)), qPrintable(detail));
    QVERIFY2(detail.endsWith(FlowControlText::rocketmqWarning(e, cat)), qPrintable(detail));
}

void tst_TeachingLayer::flowControlEveryCause_data()
{
    using C = SimEvent::FlowCause;
    QTest::addColumn<SimEvent::FlowCause>("cause");
    QTest::addColumn<QString>("sentence"); // of the event
    QTest::addColumn<QString>("holding"); // of a held queue, from the snapshot's figures
    QTest::addColumn<QString>("warning");
    // The event: 1,200 messages, 150 MiB, offsets 100…1,299 of a queue whose group's name has a
    // "%1" (names are text, never placeholders); thresholds: 1,000 messages, 100 MiB, span 900.
    // The held queue: 1,100 messages, 3 MiB + 1 byte, span 950; the consumer's limits 1,000,
    // 100 MiB, 2,000.
    const QString pullRequest = QStringLiteral(
        "pullRequest=PullRequest [consumerGroup=G%1x, messageQueue=MessageQueue [topic=T, "
        "brokerName=broker-a, queueId=3], nextOffset=1300], flowControlTimes=7");
    const QString figures = QStringLiteral(
        ", so do flow control, minOffset=100, maxOffset=1299, count=1200, size=150 MiB, ");
    const QString count = QStringLiteral("the cached message count exceeds the threshold 1000")
        + figures + pullRequest;
    const QString size = QStringLiteral("the cached message size exceeds the threshold 100 MiB")
        + figures + pullRequest;
    const QString busy = QStringLiteral(
        "pull answered SYSTEM_BUSY by the broker (its pull thread pool is behind): next pull "
        "after pullTimeDelayMillsWhenException");
    const QString brokerFlow
        = QStringLiteral("pull answered FLOW_CONTROL by the broker: next pull in 20 ms");
    QTest::newRow("count") << C::Count
                           << QStringLiteral("pull delayed 50 ms: 1,200 cached > "
                                             "pullThresholdForQueue 1,000")
                           << QStringLiteral("pull delayed 50 ms: 1,100 cached > "
                                             "pullThresholdForQueue 1,000")
                           << count;
    QTest::newRow("topicCount") << C::TopicCount
                                << QStringLiteral("pull delayed 50 ms: 1,200 cached > "
                                                  "pullThresholdForQueue 1,000")
                                << QStringLiteral("pull delayed 50 ms: 1,100 cached > "
                                                  "pullThresholdForQueue 1,000")
                                << count;
    QTest::newRow("size") << C::Size
                          << QStringLiteral("pull delayed 50 ms: 150 MiB cached > "
                                            "pullThresholdSizeForQueue 100 MiB")
                          << QStringLiteral("pull delayed 50 ms: 3 MiB cached > "
                                            "pullThresholdSizeForQueue 100 MiB")
                          << size;
    QTest::newRow("topicSize") << C::TopicSize
                               << QStringLiteral("pull delayed 50 ms: 150 MiB cached > "
                                                 "pullThresholdSizeForQueue 100 MiB")
                               << QStringLiteral("pull delayed 50 ms: 3 MiB cached > "
                                                 "pullThresholdSizeForQueue 100 MiB")
                               << size;
    QTest::newRow("span") << C::Span
                          << QStringLiteral("pull delayed 50 ms: span 1,199 > "
                                            "consumeConcurrentlyMaxSpan 900")
                          << QStringLiteral("pull delayed 50 ms: span 950 > "
                                            "consumeConcurrentlyMaxSpan 2,000")
                          << QStringLiteral("the queue's messages, span too long, so do flow "
                                            "control, minOffset=100, maxOffset=1299, "
                                            "maxSpan=1199, ")
            + pullRequest;
    QTest::newRow("systemBusy") << C::SystemBusy << busy << busy << QString();
    QTest::newRow("brokerFlowControl")
        << C::BrokerFlowControl << brokerFlow << brokerFlow << QString();
    QTest::newRow("none") << C::None << QString() << QString() << QString();
}

void tst_TeachingLayer::flowControlEveryCause()
{
    QFETCH(SimEvent::FlowCause, cause);
    QFETCH(QString, sentence);
    QFETCH(QString, holding);
    QFETCH(QString, warning);
    Catalog catalog;
    catalog.queues.append({ QStringLiteral("T"), QStringLiteral("broker-a"), 3, 0, 0, false });
    catalog.consumers.append(
        { QStringLiteral("c1"), QStringLiteral("10.0.0.1@1"), QStringLiteral("G%1x"), 0 });
    SimEvent e;
    e.type = SimEvent::Type::FlowControlOn;
    e.cause = cause;
    e.consumer = 0;
    e.queue = 0;
    e.flow.cachedCount = 1200;
    e.flow.cachedMiB = 150;
    e.flow.minOffset = 100;
    e.flow.maxOffset = 1299;
    e.flow.nextOffset = 1300;
    e.flow.times = 7;
    e.flow.threshold = cause == SimEvent::FlowCause::Size || cause == SimEvent::FlowCause::TopicSize
        ? 100
        : cause == SimEvent::FlowCause::Span ? 900
                                             : 1000;
    QCOMPARE(FlowControlText::sentence(e), sentence);
    QCOMPARE(FlowControlText::rocketmqWarning(e, catalog), warning);
    SnapshotHolding h;
    h.flowControl = cause;
    h.cachedCount = 1100;
    h.cachedBytes = 3 * 1024 * 1024 + 1;
    h.maxSpan = 950;
    SnapshotConsumer owner;
    owner.pullThresholdForQueue = 1000;
    owner.pullThresholdSizeForQueue = 100;
    owner.consumeConcurrentlyMaxSpan = 2000;
    QCOMPARE(FlowControlText::sentence(h, owner), holding);
    // Not a hold: no sentence, no line.
    e.type = SimEvent::Type::FlowControlOff;
    QCOMPARE(FlowControlText::sentence(e), QString());
    QCOMPARE(FlowControlText::rocketmqWarning(e, catalog), QString());
}

void tst_TeachingLayer::consistentHashRing()
{
    const std::unique_ptr<Scenario> s = scenario(QStringLiteral("consistent-hash-vs-avg.json"));
    QVERIFY(s);
    SimulationController controller(m_registry);
    controller.load(*s);
    controller.runTo(30 * kSecond);
    const Catalog &cat = *controller.catalog();
    int checked = 0;
    for (qint32 c = 0; c < cat.consumers.size(); ++c) {
        if (cat.consumers.at(c).group != QLatin1String("hash_group")
            || controller.snapshot().consumers.at(c).state == ConsumerState::Absent) {
            continue; // avg_group, and the joiners of later minutes
        }
        const AssignmentExplanation e = AssignmentExplanation::of(cat, controller.snapshot(), c);
        QCOMPARE(e.kind, AssignmentExplanation::Kind::ConsistentHash);
        QCOMPARE(e.virtualNodeCount, 10); // the plugin's default
        QCOMPARE(e.ring.size(), 50);
        QCOMPARE(e.positions.size(), 16);
        // The plugin's own ring (plugins/consistenthash) routes every queue to the same node.
        const ConsistentHashRing ring(e.cidAll, e.virtualNodeCount);
        for (const AssignmentExplanation::QueueOnRing &p : e.positions) {
            const QueueInfo &q = cat.queues.at(p.queue);
            const quint32 h = ConsistentHashRing::hash(
                MessageQueue { q.topic, q.brokerName, q.queueId }.toString());
            QCOMPARE(p.hash, h);
            QCOMPARE(qsizetype(e.ring.at(p.node).owner), ring.route(h));
        }
        for (const AssignmentExplanation::RingNode &n : e.ring) {
            QCOMPARE(n.hash,
                ConsistentHashRing::hash(
                    QStringLiteral("%1-%2").arg(e.cidAll.at(n.owner)).arg(n.replica)));
        }
        // The ring's answer is the strategy's answer.
        QList<qint32> computed = e.computed;
        QList<qint32> allocated = e.allocated;
        std::sort(computed.begin(), computed.end());
        std::sort(allocated.begin(), allocated.end());
        QCOMPARE(computed, allocated);
        ++checked;
    }
    QCOMPARE(checked, 5);
    {
        // An AVG consumer has no ring to draw.
        InspectorView avg(controller);
        avg.setSelection(Selection::consumer(0));
        avg.refresh();
        QVERIFY(avg.ringDiagram()->isHidden());
    }
    // The inspector lists the ring.
    InspectorView inspector(controller);
    inspector.setSelection(Selection::consumer(5));
    inspector.refresh();
    QCOMPARE(inspector.value(QStringLiteral("virtualNodeCount")), QStringLiteral("10"));
    // The ring is drawn for it: 50 virtual nodes, 16 queues.
    QVERIFY(!inspector.ringDiagram()->isHidden());
    QCOMPARE(inspector.ringDiagram()->nodeCount(), 50);
    QCOMPARE(inspector.ringDiagram()->queueCount(), 16);
    QCOMPARE(inspector.value(QStringLiteral("Ring")),
        QStringLiteral("50 virtual nodes · MD5 of \"<client id>-<i>\""));
    // Each queue's row: its hash, the virtual node it lands on, that node's hash.
    const AssignmentExplanation e5 = AssignmentExplanation::of(cat, controller.snapshot(), 5);
    const AssignmentExplanation::QueueOnRing &p0 = e5.positions.first();
    const AssignmentExplanation::RingNode &n0 = e5.ring.at(p0.node);
    const QueueInfo &q0 = cat.queues.at(p0.queue);
    QCOMPARE(inspector.value(QStringLiteral("%1/%2").arg(q0.brokerName).arg(q0.queueId)),
        QStringLiteral("0x%1 → %2-%3 at 0x%4%5")
            .arg(p0.hash, 8, 16, QLatin1Char('0'))
            .arg(e5.cidAll.at(n0.owner))
            .arg(n0.replica)
            .arg(n0.hash, 8, 16, QLatin1Char('0'))
            .arg(n0.owner == e5.index ? QStringLiteral(" ← this consumer") : QString()));
}

void tst_TeachingLayer::narrationToggle()
{
    TestWorld world(16, 4);
    AssignmentView view;
    view.resize(1200, 700);
    NarrationOverlay overlay(&view);
    NarrationNote note;
    note.at = 10 * kSecond;
    note.text = { { QString(), QStringLiteral("look") } };
    note.pause = true;
    overlay.setNarration({ note });
    view.setFrame(world.catalog(), world.evenSnapshot(), 1);
    QSignalSpy pauses(&overlay, &NarrationOverlay::pauseRequested);
    overlay.setShown(false);
    overlay.setTime(world.catalog(), 9 * kSecond, 1);
    overlay.setTime(world.catalog(), 11 * kSecond, 1);
    QCOMPARE(overlay.currentNote(), 0);
    QVERIFY(!overlay.isVisibleTo(&view));
    QCOMPARE(pauses.count(), 0); // a hidden note does not stop the run
    overlay.setShown(true);
    QVERIFY(overlay.isVisibleTo(&view));
    QVERIFY(overlay.boxRect().width() > 0);
    overlay.setShown(false);
    QVERIFY(!overlay.isVisibleTo(&view));
}

void tst_TeachingLayer::eventLogFollowsZoom()
{
    // Presenter zoom sets a larger window font: the log's time column grows with it, instead
    // of cutting "1:34.850" to "1:34.…" (seen at 150 %).
    SimulationController controller(m_registry);
    EventLogView log(controller);
    QTableView *table = log.findChild<QTableView *>();
    QVERIFY(table);
    const int before = table->columnWidth(EventLogModel::TimeColumn);
    QFont font = log.font();
    font.setPointSizeF(font.pointSizeF() * 2);
    log.setFont(font);
    const int needed
        = QFontMetrics(table->font()).horizontalAdvance(QStringLiteral("00:00.000")) + 16;
    QCOMPARE(table->columnWidth(EventLogModel::TimeColumn), needed);
    QVERIFY2(
        needed > before * 3 / 2, qPrintable(QStringLiteral("%1 → %2").arg(before).arg(needed)));
}

QTEST_MAIN(tst_TeachingLayer)
#include "tst_teachinglayer.moc"
