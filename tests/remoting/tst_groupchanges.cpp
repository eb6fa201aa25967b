// SPDX-License-Identifier: Apache-2.0
// Flow control and stale views (issue 36) between snapshots of the group captured from a real
// 4.9.8 broker (try_group: c1 holds TryTopic 0-2 and %RETRY%try_group/0, c2 3-5, c3 6-7, all
// AllocateMessageQueueAveragely), changed in memory.
#include "capturedgroup.h"
#include "clientchecks.h"
#include "groupsnapshot.h"

#include "strategytestsupport.h"

#include "allocation/strategyregistry.h"

#include <QTest>

using namespace Rblab;
using namespace Rblab::Remoting;
using namespace Rblab::Remoting::Captured;

using Properties = QMap<QString, QString>;

namespace {

const QString kC1 = QStringLiteral("127.0.0.1@c1");
const QString kC2 = QStringLiteral("127.0.0.1@c2");
const QString kC3 = QStringLiteral("127.0.0.1@c3");

Remoting::MessageQueue tryQueue(int id)
{
    return { QStringLiteral("TryTopic"), QStringLiteral("broker-a"), id };
}

ClientView &clientOf(GroupSnapshot &s, const QString &id)
{
    for (ClientView &c : s.clients) {
        if (c.clientId == id) {
            return c;
        }
    }
    qFatal("no client %s", qPrintable(id));
}

ConsumerRunningInfo::ProcessQueue &pqOf(ClientView &c, int queueId)
{
    for (ConsumerRunningInfo::ProcessQueue &pq : c.info.processQueues) {
        if (pq.queue == tryQueue(queueId)) {
            return pq;
        }
    }
    qFatal("%s holds no queue %d", qPrintable(c.clientId), queueId);
}

QStringList texts(const QList<GroupChange> &changes)
{
    QStringList lines;
    for (const GroupChange &c : changes) {
        lines.append(c.toText());
    }
    return lines;
}

} // namespace

class tst_GroupChanges : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void flowControlOfCapturedSettings_data();
    void flowControlOfCapturedSettings();
    void flowControlOnAndOff();
    void capturedGroupIsNotStale();
    void staleViewAfterTwoPolls();
    void oneStalePollIsARebalanceMidWay();
    void staleViewByCircle();
    void unjudgedStrategy();

private:
    //! The captured group, views checked, as one poll of GroupWatcher with a registry gives it.
    GroupSnapshot poll(GroupSnapshot s) const
    {
        s.assemble({});
        s.checkViews(m_registry);
        return s;
    }

    StrategyRegistry m_registry;
};

void tst_GroupChanges::initTestCase()
{
    const QString error = TestSupport::loadBuiltinRegistry(m_registry);
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void tst_GroupChanges::flowControlOfCapturedSettings_data()
{
    // c2's captured settings: pullThresholdForQueue 1000, pullThresholdSizeForQueue 100,
    // consumeConcurrentlyMaxSpan 2000, topic thresholds -1, not orderly; 3 process queues.
    QTest::addColumn<Properties>("properties");
    QTest::addColumn<int>("count");
    QTest::addColumn<int>("mib");
    QTest::addColumn<qint64>("minOffset");
    QTest::addColumn<qint64>("maxOffset");
    QTest::addColumn<QString>("cause"); // empty: no flow control
    QTest::addColumn<qint64>("value");
    QTest::addColumn<qint64>("threshold");
    QTest::addColumn<QString>("text");
    const Properties same;
    QTest::newRow("count at the threshold")
        << same << 1000 << 1 << 0LL << 999LL << QString() << 0LL << 0LL << QString();
    QTest::newRow("count over") << same << 1001 << 1 << 0LL << 1000LL
                                << QStringLiteral("cached-count") << 1001LL << 1000LL
                                << QStringLiteral(
                                       "1001 cached messages > pullThresholdForQueue 1000");
    QTest::newRow("size over") << same << 10 << 101 << 0LL << 9LL << QStringLiteral("cached-size")
                               << 101LL << 100LL
                               << QStringLiteral("101 MiB cached > pullThresholdSizeForQueue 100");
    QTest::newRow("count before size")
        << same << 1200 << 150 << 0LL << 1199LL << QStringLiteral("cached-count") << 1200LL
        << 1000LL << QStringLiteral("1200 cached messages > pullThresholdForQueue 1000");
    QTest::newRow("span over") << same << 2 << 0 << 5000LL << 7001LL << QStringLiteral("span")
                               << 2001LL << 2000LL
                               << QStringLiteral("offset span 2001 > consumeConcurrentlyMaxSpan "
                                                 "2000");
    QTest::newRow("span of an orderly consumer")
        << Properties { { QStringLiteral("PROP_CONSUMEORDERLY"), QStringLiteral("true") } } << 2
        << 0 << 5000LL << 7001LL << QString() << 0LL << 0LL << QString();
    QTest::newRow("own span setting")
        << Properties { { QStringLiteral("consumeConcurrentlyMaxSpan"), QStringLiteral("500") } }
        << 2 << 0 << 5000LL << 5501LL << QStringLiteral("span") << 501LL << 500LL
        << QStringLiteral("offset span 501 > consumeConcurrentlyMaxSpan 500");
    // RebalancePushImpl.messageQueueChanged: 600 over c2's 3 process queues = 200 a queue.
    QTest::newRow("topic count threshold")
        << Properties { { QStringLiteral("pullThresholdForTopic"), QStringLiteral("600") } } << 201
        << 1 << 0LL << 200LL << QStringLiteral("cached-count") << 201LL << 200LL
        << QStringLiteral("201 cached messages > pullThresholdForTopic 600 / 3 queues = 200");
    QTest::newRow("topic size threshold")
        << Properties { { QStringLiteral("pullThresholdSizeForTopic"), QStringLiteral("30") } } << 5
        << 11 << 0LL << 4LL << QStringLiteral("cached-size") << 11LL << 10LL
        << QStringLiteral("11 MiB cached > pullThresholdSizeForTopic 30 / 3 queues = 10");
}

void tst_GroupChanges::flowControlOfCapturedSettings()
{
    QFETCH(Properties, properties);
    QFETCH(int, count);
    QFETCH(int, mib);
    QFETCH(qint64, minOffset);
    QFETCH(qint64, maxOffset);
    QFETCH(QString, cause);
    GroupSnapshot s = capturedSnapshot(QStringLiteral("4.9.8"));
    ClientView &c2 = clientOf(s, kC2);
    QCOMPARE(
        c2.info.properties.value(QStringLiteral("pullThresholdForQueue")), QStringLiteral("1000"));
    for (auto it = properties.cbegin(); it != properties.cend(); ++it) {
        c2.info.properties.insert(it.key(), it.value());
    }
    ConsumerRunningInfo::ProcessQueue &pq = pqOf(c2, 4);
    pq.cachedMsgCount = count;
    pq.cachedMsgSizeInMiB = mib;
    pq.cachedMsgMinOffset = minOffset;
    pq.cachedMsgMaxOffset = maxOffset;
    const std::optional<FlowControl> fc = flowControlOf(c2.info, pq);
    QCOMPARE(fc.has_value(), !cause.isEmpty());
    s.assemble({});
    QCOMPARE(s.queue(tryQueue(4))->flowControl.has_value(), !cause.isEmpty());
    if (!fc) {
        return;
    }
    QTEST(FlowControl::causeName(fc->cause), "cause");
    QTEST(fc->value, "value");
    QTEST(fc->threshold, "threshold");
    QTEST(fc->describe(), "text");
}

void tst_GroupChanges::flowControlOnAndOff()
{
    const GroupSnapshot before = poll(capturedSnapshot(QStringLiteral("4.9.8")));
    for (const QueueView &q : before.queues) {
        QVERIFY2(!q.flowControl, qPrintable(q.queue.label()));
    }
    // c2 falls behind on queue 4: 1500 cached messages.
    GroupSnapshot slow = before;
    pqOf(clientOf(slow, kC2), 4).cachedMsgCount = 1500;
    slow = poll(slow);
    const QList<GroupChange> on = diffSnapshots(before, slow);
    QCOMPARE(texts(on),
        QStringList { QStringLiteral("flow control on: TryTopic/broker-a/4 at 127.0.0.1@c2: 1500 "
                                     "cached messages > pullThresholdForQueue 1000") });
    QCOMPARE(on[0].kind, GroupChange::Kind::FlowControlOn);
    const QVariantMap v = on[0].toVariant();
    QCOMPARE(v.value(QStringLiteral("change")).toString(), QStringLiteral("flow-control-on"));
    QCOMPARE(v.value(QStringLiteral("subject")).toString(), QStringLiteral("TryTopic/broker-a/4"));
    QCOMPARE(v.value(QStringLiteral("client")).toString(), kC2);
    QCOMPARE(v.value(QStringLiteral("cause")).toString(), QStringLiteral("cached-count"));
    QCOMPARE(v.value(QStringLiteral("value")).toLongLong(), 1500);
    QCOMPARE(v.value(QStringLiteral("threshold")).toLongLong(), 1000);
    // Still over the next poll: nothing new.
    QVERIFY(diffSnapshots(slow.withKnownOwners(before), slow).isEmpty());

    // It catches up to 300: off, with the figures now and the cause it had.
    GroupSnapshot caughtUp = slow;
    pqOf(clientOf(caughtUp, kC2), 4).cachedMsgCount = 300;
    caughtUp = poll(caughtUp);
    const QList<GroupChange> off = diffSnapshots(slow, caughtUp);
    QCOMPARE(texts(off),
        QStringList { QStringLiteral("flow control off: TryTopic/broker-a/4 at 127.0.0.1@c2: 300 "
                                     "cached messages, 0 MiB (was 1500 cached messages > "
                                     "pullThresholdForQueue 1000)") });

    // c2 gives the queue up while held back (c3 takes it): the move, and off as no longer held.
    GroupSnapshot moved = slow;
    ClientView &c2 = clientOf(moved, kC2);
    ConsumerRunningInfo::ProcessQueue given = pqOf(c2, 4);
    c2.info.processQueues.removeIf([](const auto &pq) { return pq.queue == tryQueue(4); });
    given.cachedMsgCount = 0;
    clientOf(moved, kC3).info.processQueues.append(given);
    std::sort(clientOf(moved, kC3).info.processQueues.begin(),
        clientOf(moved, kC3).info.processQueues.end(),
        [](const auto &a, const auto &b) { return a.queue < b.queue; });
    moved = poll(moved);
    QCOMPARE(texts(diffSnapshots(slow, moved)),
        (QStringList {
            QStringLiteral("queue moved: TryTopic/broker-a/4 from 127.0.0.1@c2 to 127.0.0.1@c3"),
            QStringLiteral("flow control off: TryTopic/broker-a/4 at 127.0.0.1@c2: no longer held "
                           "(was 1500 cached messages > pullThresholdForQueue 1000)") }));

    // A client that does not answer says nothing of its queues: no off.
    GroupSnapshot silent = slow;
    clientOf(silent, kC2).answered = false;
    clientOf(silent, kC2).info = {};
    clientOf(silent, kC2).error = QStringLiteral("timed out");
    silent = poll(silent);
    QCOMPARE(texts(diffSnapshots(slow, silent)),
        QStringList { QStringLiteral("client not answering: 127.0.0.1@c2: timed out") });
}

void tst_GroupChanges::capturedGroupIsNotStale()
{
    const GroupSnapshot s = poll(capturedSnapshot(QStringLiteral("4.9.8")));
    QCOMPARE(s.views.size(), 3);
    // AVG, 8 queues over 3 clients: [0, 1, 2], [3, 4, 5], [6, 7]; c1 also has the retry queue.
    const QList<std::pair<int, int>> heldExpected { { 4, 4 }, { 3, 3 }, { 2, 2 } };
    for (int i = 0; i < 3; ++i) {
        const ViewCheck &v = s.views[i];
        QCOMPARE(v.clientId, s.clients[i].clientId);
        QCOMPARE(v.strategy, QStringLiteral("AVG"));
        QCOMPARE(v.held, heldExpected[i].first);
        QCOMPARE(v.expected, heldExpected[i].second);
        QVERIFY(!v.stale());
    }
}

void tst_GroupChanges::staleViewAfterTwoPolls()
{
    const GroupSnapshot first = poll(capturedSnapshot(QStringLiteral("4.9.8")));
    // c2 leaves; c1 and c3 keep their old queues. AVG over [c1, c3]: [0..3], [4..7].
    GroupSnapshot left = capturedSnapshot(QStringLiteral("4.9.8"));
    left.clients.removeIf([](const ClientView &c) { return c.clientId == kC2; });
    left = poll(left);
    QCOMPARE(left.view(kC1)->missing, QStringList { QStringLiteral("TryTopic/broker-a/3") });
    QCOMPARE(left.view(kC3)->missing,
        (QStringList {
            QStringLiteral("TryTopic/broker-a/4"), QStringLiteral("TryTopic/broker-a/5") }));
    // The first stale poll: the client left and its queues 3, 4 and 5 orphaned, no stale view.
    QList<GroupChange> changes = diffSnapshots(first, left);
    QCOMPARE(changes.first().toText(), QStringLiteral("client left: 127.0.0.1@c2"));
    for (const GroupChange &c : changes) {
        QVERIFY(c.kind != GroupChange::Kind::StaleView);
    }
    GroupSnapshot baseline = left.withKnownOwners(first);
    QCOMPARE(baseline.view(kC1)->staleStreak, 1);
    // The second poll, still stale: reported, once per client.
    const GroupSnapshot second = left;
    changes = diffSnapshots(baseline, second);
    QCOMPARE(texts(changes),
        (QStringList {
            QStringLiteral("stale view: 127.0.0.1@c1 holds 4 queues, AVG over 2 clients gives 5; "
                           "missing TryTopic/broker-a/3"),
            QStringLiteral("stale view: 127.0.0.1@c3 holds 2 queues, AVG over 2 clients gives 4; "
                           "missing TryTopic/broker-a/4, TryTopic/broker-a/5") }));
    const QVariantMap v = changes[1].toVariant();
    QCOMPARE(v.value(QStringLiteral("change")).toString(), QStringLiteral("stale-view"));
    QCOMPARE(v.value(QStringLiteral("held")).toInt(), 2);
    QCOMPARE(v.value(QStringLiteral("expected")).toInt(), 4);
    QCOMPARE(v.value(QStringLiteral("strategy")).toString(), QStringLiteral("AVG"));
    QCOMPARE(v.value(QStringLiteral("missing")).toStringList().size(), 2);
    baseline = second.withKnownOwners(baseline);
    QCOMPARE(baseline.view(kC1)->staleStreak, 2);
    // The third: nothing new.
    QVERIFY(diffSnapshots(baseline, second).isEmpty());
    baseline = second.withKnownOwners(baseline);
    // They rebalance: c1 takes 3, c3 takes 4 and 5.
    GroupSnapshot settled = second;
    ConsumerRunningInfo::ProcessQueue pq = pqOf(clientOf(settled, kC1), 0);
    for (const auto &[client, ids] :
        { std::pair { kC1, QList<int> { 3 } }, std::pair { kC3, QList<int> { 4, 5 } } }) {
        ClientView &c = clientOf(settled, client);
        for (int id : ids) {
            pq.queue = tryQueue(id);
            c.info.processQueues.append(pq);
        }
        std::sort(c.info.processQueues.begin(), c.info.processQueues.end(),
            [](const auto &a, const auto &b) { return a.queue < b.queue; });
    }
    settled = poll(settled);
    changes = diffSnapshots(baseline, settled);
    QStringList stale;
    for (const GroupChange &c : changes) {
        if (c.kind == GroupChange::Kind::StaleViewGone) {
            stale.append(c.toText());
        }
    }
    QCOMPARE(stale,
        (QStringList { QStringLiteral("stale view gone: 127.0.0.1@c1 holds 5 queues, as AVG gives"),
            QStringLiteral("stale view gone: 127.0.0.1@c3 holds 4 queues, as AVG gives") }));
}

void tst_GroupChanges::oneStalePollIsARebalanceMidWay()
{
    // One poll catches c1 with queue 2 dropped (a rebalance under way), the next with it held
    // again: stale once, never reported.
    const GroupSnapshot first = poll(capturedSnapshot(QStringLiteral("4.9.8")));
    GroupSnapshot midWay = capturedSnapshot(QStringLiteral("4.9.8"));
    pqOf(clientOf(midWay, kC1), 2).dropped = true;
    midWay = poll(midWay);
    QCOMPARE(midWay.view(kC1)->missing, QStringList { QStringLiteral("TryTopic/broker-a/2") });
    QCOMPARE(midWay.view(kC1)->held, 3);
    QCOMPARE(texts(diffSnapshots(first, midWay)),
        QStringList { QStringLiteral("orphaned: TryTopic/broker-a/2 (was 127.0.0.1@c1)") });
    const GroupSnapshot baseline = midWay.withKnownOwners(first);
    const QList<GroupChange> back = diffSnapshots(baseline, first);
    QCOMPARE(texts(back),
        QStringList { QStringLiteral("queue moved: TryTopic/broker-a/2 from nobody to "
                                     "127.0.0.1@c1") });
}

void tst_GroupChanges::staleViewByCircle()
{
    // c1 runs AllocateMessageQueueAveragelyByCircle: over [c1, c2, c3] it is given 0, 3, 6 and
    // the retry queue, and holds 0, 1, 2 and the retry queue.
    GroupSnapshot s = capturedSnapshot(QStringLiteral("4.9.8"));
    clientOf(s, kC1).info.properties.insert(QStringLiteral("allocateMessageQueueStrategy"),
        QStringLiteral("org.apache.rocketmq.client.consumer.rebalance."
                       "AllocateMessageQueueAveragelyByCircle@6d4b1c02"));
    s = poll(s);
    const ViewCheck *v = s.view(kC1);
    QVERIFY(v != nullptr);
    QCOMPARE(v->strategy, QStringLiteral("AVG_BY_CIRCLE"));
    QCOMPARE(v->held, 4);
    QCOMPARE(v->expected, 4);
    QCOMPARE(v->missing,
        (QStringList {
            QStringLiteral("TryTopic/broker-a/3"), QStringLiteral("TryTopic/broker-a/6") }));
    QCOMPARE(v->extra,
        (QStringList {
            QStringLiteral("TryTopic/broker-a/1"), QStringLiteral("TryTopic/broker-a/2") }));
    // Stale in two polls running (the first one's streak is 1).
    QCOMPARE(texts(diffSnapshots(s, s)),
        QStringList { QStringLiteral("stale view: 127.0.0.1@c1 holds 4 queues, AVG_BY_CIRCLE over "
                                     "3 clients gives 4; missing TryTopic/broker-a/3, "
                                     "TryTopic/broker-a/6; not its own TryTopic/broker-a/1, "
                                     "TryTopic/broker-a/2") });
}

void tst_GroupChanges::unjudgedStrategy()
{
    // A strategy the lab does not judge (a custom class) and a client that did not answer get
    // no check; without a registry there are no checks at all.
    GroupSnapshot s = capturedSnapshot(QStringLiteral("4.9.8"), { { kC3, QByteArray() } });
    clientOf(s, kC1).info.properties.insert(
        QStringLiteral("allocateMessageQueueStrategy"), QStringLiteral("com.example.MyStrategy@1"));
    s = poll(s);
    QCOMPARE(s.views.size(), 1);
    QCOMPARE(s.views[0].clientId, kC2);
    GroupSnapshot unchecked = capturedSnapshot(QStringLiteral("4.9.8"));
    unchecked.assemble({});
    QVERIFY(unchecked.views.isEmpty());
}

QTEST_GUILESS_MAIN(tst_GroupChanges)
#include "tst_groupchanges.moc"
