// SPDX-License-Identifier: Apache-2.0
// MACHINE_ROOM_NEARBY (AllocateMachineRoomNearby): the spec's A/B/C vector (§1.8), RocketMQ's
// AllocateMachineRoomNearByTest, the order of its errors, parameter forwarding, and a
// transliteration of the Java method as an oracle for random groups and every inner strategy.
#include "strategytestsupport.h"

#include <rblab/javastring.h>

#include <QRandomGenerator>
#include <QTest>

#include <map>

using namespace Rblab;

namespace {

struct JavaLess
{
    bool operator()(const QString &a, const QString &b) const { return javaCompare(a, b) < 0; }
};

QString roomOf(const QString &name, const QString &separator)
{
    const qsizetype at = name.indexOf(separator);
    return at < 0 ? name : name.left(at);
}

// AllocateMachineRoomNearby.allocate line by line: both TreeMaps built on every call.
AllocateResult javaNearby(AllocationStrategy &inner, const QString &separator, const QString &cid,
    const MessageQueueList &mqAll, const QStringList &cidAll)
{
    if (cid.isEmpty()) {
        return AllocateResult::failure(
            QStringLiteral("IllegalArgumentException: currentCID is empty"));
    }
    if (mqAll.isEmpty()) {
        return AllocateResult::failure(
            QStringLiteral("IllegalArgumentException: mqAll is null or mqAll empty"));
    }
    if (cidAll.isEmpty()) {
        return AllocateResult::failure(
            QStringLiteral("IllegalArgumentException: cidAll is null or cidAll empty"));
    }
    if (!cidAll.contains(cid)) {
        return {};
    }
    std::map<QString, MessageQueueList, JavaLess> mr2Mq;
    for (const MessageQueue &mq : mqAll) {
        const QString room = roomOf(mq.brokerName, separator);
        if (room.isEmpty()) {
            return AllocateResult::failure(
                QStringLiteral("IllegalArgumentException: Machine room is null for mq ")
                + mq.toString());
        }
        mr2Mq[room].append(mq);
    }
    std::map<QString, QStringList, JavaLess> mr2c;
    for (const QString &c : cidAll) {
        const QString room = roomOf(c, separator);
        if (room.isEmpty()) {
            return AllocateResult::failure(
                QStringLiteral("IllegalArgumentException: Machine room is null for consumer id ")
                + c);
        }
        mr2c[room].append(c);
    }
    AllocateResult result;
    const QString current = roomOf(cid, separator);
    const auto mine = mr2Mq.find(current);
    if (mine != mr2Mq.end()) {
        const MessageQueueList mqs = mine->second;
        mr2Mq.erase(mine);
        if (!mqs.isEmpty()) {
            const AllocateResult r = inner.allocate(QStringLiteral("g"), cid, mqs, mr2c[current]);
            if (!r.ok()) {
                return r;
            }
            result.queues += r.queues;
        }
    }
    for (const auto &[room, mqs] : mr2Mq) {
        if (mr2c.find(room) == mr2c.end()) {
            const AllocateResult r = inner.allocate(QStringLiteral("g"), cid, mqs, cidAll);
            if (!r.ok()) {
                return r;
            }
            result.queues += r.queues;
        }
    }
    return result;
}

// The Java test's fixtures: rooms IDC1…IDCn, "IDCk-brokerName" with queueSize queues each,
// "IDCk-CID-i" consumers.
MessageQueueList prepareQueues(int rooms, int queueSize, int firstRoom = 1)
{
    QList<std::pair<QString, int>> layout;
    for (int k = firstRoom; k < firstRoom + rooms; ++k) {
        layout.append({ QStringLiteral("IDC%1-brokerName").arg(k), queueSize });
    }
    return TestSupport::makeQueues(QStringLiteral("topic_test"), layout);
}

QStringList prepareConsumers(int rooms, int consumerSize)
{
    QStringList cids;
    for (int k = 1; k <= rooms; ++k) {
        for (int i = 0; i < consumerSize; ++i) {
            cids.append(QStringLiteral("IDC%1-CID-%2").arg(k).arg(i));
        }
    }
    return TestSupport::sorted(cids);
}

} // namespace

class tst_MachineRoomNearbyStrategy : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void specExample();
    void names_data();
    void names();
    void rocketMqEqualRooms_data();
    void rocketMqEqualRooms();
    void rocketMqMoreConsumerRooms_data();
    void rocketMqMoreConsumerRooms();
    void rocketMqFewerConsumerRooms_data();
    void rocketMqFewerConsumerRooms();
    void orphanRoomsEachOnTheirOwn();
    void errors_data();
    void errors();
    void firstErrorFollowsJavasOrder();
    void separators_data();
    void separators();
    void forwardedParameters();
    void creationErrors_data();
    void creationErrors();
    void matchesJava_data();
    void matchesJava();

private:
    std::unique_ptr<AllocationStrategy> make(const QVariantMap &params, QString *error = nullptr);
    // Every member's answer; checks union == mqAll without repeats (hasAllocateAllQ).
    QString allocateGroup(AllocationStrategy &s, const MessageQueueList &mqAll,
        const QStringList &cidAll, QHash<QString, MessageQueueList> *answers);
    StrategyRegistry m_registry;
};

void tst_MachineRoomNearbyStrategy::initTestCase()
{
    const QString problem = TestSupport::loadBuiltinRegistry(m_registry);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

std::unique_ptr<AllocationStrategy> tst_MachineRoomNearbyStrategy::make(
    const QVariantMap &params, QString *error)
{
    StrategyCreation c
        = m_registry.create(QStringLiteral("MACHINE_ROOM_NEARBY"), params, QStringLiteral("T"));
    if (error) {
        *error = c.error;
    }
    return std::move(c.strategy);
}

QString tst_MachineRoomNearbyStrategy::allocateGroup(AllocationStrategy &s,
    const MessageQueueList &mqAll, const QStringList &cidAll,
    QHash<QString, MessageQueueList> *answers)
{
    answers->clear();
    QSet<MessageQueue> seen;
    qsizetype total = 0;
    const GroupAllocateResult all = s.allocateAll(QStringLiteral("Test-C-G"), mqAll, cidAll);
    if (!all.ok()) {
        return all.error;
    }
    for (qsizetype i = 0; i < cidAll.size(); ++i) {
        const AllocateResult r
            = s.allocate(QStringLiteral("Test-C-G"), cidAll.at(i), mqAll, cidAll);
        if (!r.ok()) {
            return r.error;
        }
        if (r.queues != all.perConsumer.at(i)) {
            return QStringLiteral("%1: allocate [%2] but allocateAll [%3]")
                .arg(cidAll.at(i), TestSupport::brief(r.queues),
                    TestSupport::brief(all.perConsumer.at(i)));
        }
        answers->insert(cidAll.at(i), r.queues);
        total += r.queues.size();
        seen.unite(TestSupport::toSet(r.queues));
    }
    if (cidAll.isEmpty()) {
        return QString();
    }
    if (seen != TestSupport::toSet(mqAll) || total != mqAll.size()) {
        return QStringLiteral("%1 queues handed out (%2 distinct) for %3 queues")
            .arg(total)
            .arg(seen.size())
            .arg(mqAll.size());
    }
    return QString();
}

void tst_MachineRoomNearbyStrategy::specExample()
{
    // Brokers A-, B-, C-broker × 3 queues; consumers A-c0, A-c1, C-c0, C-c1; inner AVG.
    auto s = make({});
    QVERIFY(s);
    const MessageQueueList mqAll = TestSupport::makeQueues(QStringLiteral("T"),
        { { QStringLiteral("A-broker"), 3 }, { QStringLiteral("B-broker"), 3 },
            { QStringLiteral("C-broker"), 3 } });
    const QStringList cidAll { QStringLiteral("A-c0"), QStringLiteral("A-c1"),
        QStringLiteral("C-c0"), QStringLiteral("C-c1") };
    const QStringList expected { QStringLiteral("A-broker:0,A-broker:1,B-broker:0"),
        QStringLiteral("A-broker:2,B-broker:1"), QStringLiteral("C-broker:0,C-broker:1,B-broker:2"),
        QStringLiteral("C-broker:2") };
    const GroupAllocateResult all = s->allocateAll(QStringLiteral("group"), mqAll, cidAll);
    QVERIFY2(all.ok(), qPrintable(all.error));
    for (int i = 0; i < 4; ++i) {
        const AllocateResult r = s->allocate(QStringLiteral("group"), cidAll.at(i), mqAll, cidAll);
        QVERIFY2(r.ok(), qPrintable(r.error));
        QCOMPARE(TestSupport::brief(r.queues), expected.at(i));
        QCOMPARE(TestSupport::brief(all.perConsumer.at(i)), expected.at(i));
    }
}

void tst_MachineRoomNearbyStrategy::names_data()
{
    QTest::addColumn<QVariantMap>("params");
    QTest::addColumn<QString>("name");
    QTest::newRow("default inner") << QVariantMap() << "MACHINE_ROOM_NEARBY-AVG";
    QTest::newRow("AVG_BY_CIRCLE")
        << QVariantMap { { QStringLiteral("inner"), QStringLiteral("AVG_BY_CIRCLE") } }
        << "MACHINE_ROOM_NEARBY-AVG_BY_CIRCLE";
    QTest::newRow("CONSISTENT_HASH")
        << QVariantMap { { QStringLiteral("inner"), QStringLiteral("CONSISTENT_HASH") } }
        << "MACHINE_ROOM_NEARBY-CONSISTENT_HASH";
    QTest::newRow("nested") << QVariantMap {
        { QStringLiteral("inner"), QStringLiteral("MACHINE_ROOM_NEARBY") }
    } << "MACHINE_ROOM_NEARBY-MACHINE_ROOM_NEARBY-AVG";
}

void tst_MachineRoomNearbyStrategy::names()
{
    QFETCH(QVariantMap, params);
    QFETCH(QString, name);
    QString error;
    auto s = make(params, &error);
    QVERIFY2(s, qPrintable(error));
    QCOMPARE(s->name(), name);
}

void tst_MachineRoomNearbyStrategy::rocketMqEqualRooms_data()
{
    QTest::addColumn<int>("rooms");
    QTest::addColumn<int>("queueSize");
    QTest::addColumn<int>("consumerSize");
    // test1: testWhenIDCSizeEquals(5, 20, 10 / 20 / 30 / 0).
    for (int consumers : { 10, 20, 30, 0 }) {
        QTest::addRow("5 rooms, 20 queues, %d consumers each", consumers) << 5 << 20 << consumers;
    }
}

void tst_MachineRoomNearbyStrategy::rocketMqEqualRooms()
{
    QFETCH(int, rooms);
    QFETCH(int, queueSize);
    QFETCH(int, consumerSize);
    auto s = make({});
    QVERIFY(s);
    const MessageQueueList mqAll = prepareQueues(rooms, queueSize);
    const QStringList cidAll = prepareConsumers(rooms, consumerSize);
    QHash<QString, MessageQueueList> answers;
    const QString problem = allocateGroup(*s, mqAll, cidAll, &answers);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    // Every queue goes to a consumer of its own room.
    for (auto it = answers.cbegin(); it != answers.cend(); ++it) {
        for (const MessageQueue &mq : it.value()) {
            QVERIFY2(
                roomOf(mq.brokerName, QStringLiteral("-")) == roomOf(it.key(), QStringLiteral("-")),
                qPrintable(QStringLiteral("%1 went to %2").arg(mq.toString(), it.key())));
        }
    }
}

void tst_MachineRoomNearbyStrategy::rocketMqMoreConsumerRooms_data()
{
    QTest::addColumn<int>("brokerRooms");
    QTest::addColumn<int>("extraConsumerRooms");
    QTest::addColumn<int>("queueSize");
    QTest::addColumn<int>("consumerSize");
    // test2: testWhenConsumerIDCIsMore(5, 1, 10, 10 / 5 / 20 / 0).
    for (int consumers : { 10, 5, 20, 0 }) {
        QTest::addRow("5+1 rooms, %d consumers each", consumers) << 5 << 1 << 10 << consumers;
    }
    QRandomGenerator random(2443);
    for (int i = 0; i < 5; ++i) {
        QTest::addRow("random %d", i) << random.bounded(10) + 1 << random.bounded(5) + 1
                                      << random.bounded(100) + 1 << random.bounded(20) + 1;
    }
}

void tst_MachineRoomNearbyStrategy::rocketMqMoreConsumerRooms()
{
    QFETCH(int, brokerRooms);
    QFETCH(int, extraConsumerRooms);
    QFETCH(int, queueSize);
    QFETCH(int, consumerSize);
    auto s = make({});
    QVERIFY(s);
    const MessageQueueList mqAll = prepareQueues(brokerRooms, queueSize);
    const QStringList cidAll = prepareConsumers(brokerRooms + extraConsumerRooms, consumerSize);
    QHash<QString, MessageQueueList> answers;
    const QString problem = allocateGroup(*s, mqAll, cidAll, &answers);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    // Each broker room has consumers: its queues go to that room's consumers only.
    for (auto it = answers.cbegin(); it != answers.cend(); ++it) {
        for (const MessageQueue &mq : it.value()) {
            QVERIFY2(
                roomOf(mq.brokerName, QStringLiteral("-")) == roomOf(it.key(), QStringLiteral("-")),
                qPrintable(QStringLiteral("%1 went to %2").arg(mq.toString(), it.key())));
        }
    }
}

void tst_MachineRoomNearbyStrategy::rocketMqFewerConsumerRooms_data()
{
    QTest::addColumn<int>("brokerRooms");
    QTest::addColumn<int>("missingConsumerRooms");
    QTest::addColumn<int>("queueSize");
    QTest::addColumn<int>("consumerSize");
    // test3: testWhenConsumerIDCIsLess(5, 2, 10, 10 / 5 / 20 / 0).
    for (int consumers : { 10, 5, 20, 0 }) {
        QTest::addRow("5 rooms, 3 with consumers, %d each", consumers) << 5 << 2 << 10 << consumers;
    }
    QRandomGenerator random(2444);
    for (int i = 0; i < 5; ++i) {
        const int rooms = random.bounded(9) + 2;
        QTest::addRow("random %d", i) << rooms << random.bounded(rooms - 1) + 1
                                      << random.bounded(100) + 1 << random.bounded(20) + 1;
    }
}

void tst_MachineRoomNearbyStrategy::rocketMqFewerConsumerRooms()
{
    QFETCH(int, brokerRooms);
    QFETCH(int, missingConsumerRooms);
    QFETCH(int, queueSize);
    QFETCH(int, consumerSize);
    auto s = make({});
    QVERIFY(s);
    const MessageQueueList mqAll = prepareQueues(brokerRooms, queueSize);
    const QStringList cidAll = prepareConsumers(brokerRooms - missingConsumerRooms, consumerSize);
    QHash<QString, MessageQueueList> answers;
    const QString problem = allocateGroup(*s, mqAll, cidAll, &answers);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    // A room with consumers receives all of its own queues.
    QHash<QString, QSet<MessageQueue>> perRoom;
    for (auto it = answers.cbegin(); it != answers.cend(); ++it) {
        perRoom[roomOf(it.key(), QStringLiteral("-"))].unite(TestSupport::toSet(it.value()));
    }
    for (auto it = perRoom.cbegin(); it != perRoom.cend(); ++it) {
        const int k = it.key().mid(3).toInt();
        const QSet<MessageQueue> own = TestSupport::toSet(prepareQueues(1, queueSize, k));
        QVERIFY2(it.value().contains(own),
            qPrintable(QStringLiteral("room %1 lacks some of its queues").arg(it.key())));
    }
}

void tst_MachineRoomNearbyStrategy::orphanRoomsEachOnTheirOwn()
{
    // Two orphan rooms of 1 queue each, 3 consumers in room A (with no queues): with AVG each
    // orphan room is allocated on its own, so the first consumer takes both (issue #2443).
    auto s = make({});
    QVERIFY(s);
    const MessageQueueList mqAll = TestSupport::makeQueues(QStringLiteral("T"),
        { { QStringLiteral("X-broker"), 1 }, { QStringLiteral("Y-broker"), 1 } });
    const QStringList cidAll { QStringLiteral("A-c0"), QStringLiteral("A-c1"),
        QStringLiteral("A-c2") };
    const GroupAllocateResult all = s->allocateAll(QStringLiteral("group"), mqAll, cidAll);
    QVERIFY2(all.ok(), qPrintable(all.error));
    QCOMPARE(TestSupport::brief(all.perConsumer.at(0)), QStringLiteral("X-broker:0,Y-broker:0"));
    QVERIFY(all.perConsumer.at(1).isEmpty());
    QVERIFY(all.perConsumer.at(2).isEmpty());
}

void tst_MachineRoomNearbyStrategy::errors_data()
{
    QTest::addColumn<QStringList>("brokers");
    QTest::addColumn<QStringList>("consumers");
    QTest::addColumn<QString>("current");
    QTest::addColumn<QString>("error");
    const QString mqError = QStringLiteral("IllegalArgumentException: Machine room is null for mq "
                                           "MessageQueue [topic=T, brokerName=-lead, queueId=0]");
    QTest::newRow("broker without room")
        << QStringList { QStringLiteral("A-b"), QStringLiteral("-lead") }
        << QStringList { QStringLiteral("A-c") } << "A-c" << mqError;
    QTest::newRow("consumer without room")
        << QStringList { QStringLiteral("A-b") }
        << QStringList { QStringLiteral("A-c"), QStringLiteral("-c9") } << "A-c"
        << "IllegalArgumentException: Machine room is null for consumer id -c9";
    QTest::newRow("queues are resolved before consumers")
        << QStringList { QStringLiteral("-lead") }
        << QStringList { QStringLiteral("A-c"), QStringLiteral("-c9") } << "A-c" << mqError;
    QTest::newRow("check() comes first: empty queue list")
        << QStringList() << QStringList { QStringLiteral("-c9") } << "-c9"
        << "IllegalArgumentException: mqAll is null or mqAll empty";
    QTest::newRow("a stranger gets nothing before rooms are resolved")
        << QStringList { QStringLiteral("-lead") } << QStringList { QStringLiteral("-c9") } << "A-c"
        << QString();
}

void tst_MachineRoomNearbyStrategy::errors()
{
    QFETCH(QStringList, brokers);
    QFETCH(QStringList, consumers);
    QFETCH(QString, current);
    QFETCH(QString, error);
    auto s = make({});
    QVERIFY(s);
    QList<std::pair<QString, int>> layout;
    for (const QString &b : std::as_const(brokers)) {
        layout.append({ b, 1 });
    }
    const MessageQueueList mqAll = TestSupport::makeQueues(QStringLiteral("T"), layout);
    const QStringList cidAll = TestSupport::sorted(consumers);
    const AllocateResult r = s->allocate(QStringLiteral("group"), current, mqAll, cidAll);
    if (error.isNull()) {
        QVERIFY2(r.ok(), qPrintable(r.error));
        QVERIFY(r.queues.isEmpty());
        return;
    }
    QCOMPARE(r.error, error);
    if (cidAll.contains(current)) {
        QCOMPARE(s->allocateAll(QStringLiteral("group"), mqAll, cidAll).error, error);
    }
}

void tst_MachineRoomNearbyStrategy::firstErrorFollowsJavasOrder()
{
    // Inner MACHINE_ROOM without consumerIdcs throws on the first "<idc>@<name>" broker of the
    // queues it is given, naming it. The first member (A-c) asks for its own room A (no '@':
    // fine), then for the orphan room O, which throws; B's own room would throw differently but
    // is asked only by a later member. allocateAll must report O, as the Java group would.
    auto s = make({ { QStringLiteral("inner"), QStringLiteral("MACHINE_ROOM") } });
    QVERIFY(s);
    const MessageQueueList mqAll = TestSupport::makeQueues(QStringLiteral("T"),
        { { QStringLiteral("A-plain"), 2 }, { QStringLiteral("B-p@q"), 2 },
            { QStringLiteral("O-x@y"), 2 } });
    const QStringList cidAll { QStringLiteral("A-c"), QStringLiteral("B-c") };
    const AllocateResult first
        = s->allocate(QStringLiteral("g"), QStringLiteral("A-c"), mqAll, cidAll);
    QVERIFY2(
        first.error.startsWith(QStringLiteral("NullPointerException")), qPrintable(first.error));
    QVERIFY2(first.error.contains(QStringLiteral("O-x@y")), qPrintable(first.error));
    const AllocateResult second
        = s->allocate(QStringLiteral("g"), QStringLiteral("B-c"), mqAll, cidAll);
    QVERIFY2(second.error.contains(QStringLiteral("B-p@q")), qPrintable(second.error));
    QCOMPARE(s->allocateAll(QStringLiteral("g"), mqAll, cidAll).error, first.error);
}

void tst_MachineRoomNearbyStrategy::separators_data()
{
    QTest::addColumn<QString>("separator");
    QTest::addColumn<QString>("brokerA");
    QTest::addColumn<QString>("consumerA");
    QTest::addColumn<QString>("consumerB");
    QTest::newRow("::") << "::"
                        << "rz1::broker-a"
                        << "rz1::10.0.0.1@1"
                        << "rz2::10.0.0.2@2";
    QTest::newRow("_") << "_"
                       << "rz1_broker-a"
                       << "rz1_c"
                       << "rz2_c";
    QTest::newRow("@ (first one)") << "@"
                                   << "rz1@broker@x"
                                   << "rz1@c@1"
                                   << "rz2@c@2";
    QTest::newRow("- inside the room of another separator") << "::"
                                                            << "r-1::b"
                                                            << "r-1::c"
                                                            << "r-2::c";
}

void tst_MachineRoomNearbyStrategy::separators()
{
    QFETCH(QString, separator);
    QFETCH(QString, brokerA);
    QFETCH(QString, consumerA);
    QFETCH(QString, consumerB);
    QString error;
    auto s = make({ { QStringLiteral("separator"), separator } }, &error);
    QVERIFY2(s, qPrintable(error));
    const MessageQueueList mqAll = TestSupport::makeQueues(QStringLiteral("T"), { { brokerA, 4 } });
    const QStringList cidAll = TestSupport::sorted({ consumerA, consumerB });
    const GroupAllocateResult all = s->allocateAll(QStringLiteral("group"), mqAll, cidAll);
    QVERIFY2(all.ok(), qPrintable(all.error));
    // The broker's room has a consumer (consumerA): all four queues go to it alone.
    QCOMPARE(all.perConsumer.at(cidAll.indexOf(consumerA)).size(), 4);
    QCOMPARE(all.perConsumer.at(cidAll.indexOf(consumerB)).size(), 0);
}

void tst_MachineRoomNearbyStrategy::forwardedParameters()
{
    // virtualNodeCount is not NEARBY's: it goes to CONSISTENT_HASH.
    QString error;
    auto s = make({ { QStringLiteral("inner"), QStringLiteral("CONSISTENT_HASH") },
                      { QStringLiteral("virtualNodeCount"), 3 } },
        &error);
    QVERIFY2(s, qPrintable(error));
    StrategyCreation three = m_registry.create(
        QStringLiteral("CONSISTENT_HASH"), { { QStringLiteral("virtualNodeCount"), 3 } });
    StrategyCreation ten = m_registry.create(QStringLiteral("CONSISTENT_HASH"), {});
    QVERIFY(three.ok() && ten.ok());
    const MessageQueueList mqAll = TestSupport::makeQueues(
        QStringLiteral("T"), { { QStringLiteral("A-b"), 16 }, { QStringLiteral("B-b"), 16 } });
    QStringList cidAll;
    for (int i = 0; i < 6; ++i) {
        cidAll.append(QStringLiteral("A-c%1").arg(i));
    }
    bool differsFromDefault = false;
    for (const QString &cid : std::as_const(cidAll)) {
        const AllocateResult got = s->allocate(QStringLiteral("g"), cid, mqAll, cidAll);
        const AllocateResult want
            = javaNearby(*three.strategy, QStringLiteral("-"), cid, mqAll, cidAll);
        const AllocateResult other
            = javaNearby(*ten.strategy, QStringLiteral("-"), cid, mqAll, cidAll);
        QVERIFY2(got.ok() && want.ok(), qPrintable(got.error + want.error));
        QCOMPARE(TestSupport::brief(got.queues), TestSupport::brief(want.queues));
        differsFromDefault |= TestSupport::brief(got.queues) != TestSupport::brief(other.queues);
    }
    QVERIFY2(differsFromDefault, "3 virtual nodes answered like the default 10: not forwarded?");

    // A queueList for an inner CONFIG gets the case's topic as well.
    auto config = make({ { QStringLiteral("inner"), QStringLiteral("CONFIG") },
                           { QStringLiteral("queues"),
                               QVariantList { QVariantMap {
                                   { QStringLiteral("brokerName"), QStringLiteral("A-x") },
                                   { QStringLiteral("queueId"), 5 } } } } },
        &error);
    QVERIFY2(config, qPrintable(error));
    const AllocateResult r = config->allocate(
        QStringLiteral("g"), QStringLiteral("A-c0"), mqAll, { QStringLiteral("A-c0") });
    QVERIFY2(r.ok(), qPrintable(r.error));
    QVERIFY(r.queues.contains(MessageQueue { QStringLiteral("T"), QStringLiteral("A-x"), 5 }));
}

void tst_MachineRoomNearbyStrategy::creationErrors_data()
{
    QTest::addColumn<QVariantMap>("params");
    QTest::addColumn<QString>("parameter");
    QTest::newRow("unknown inner")
        << QVariantMap { { QStringLiteral("inner"), QStringLiteral("NOPE") } } << "inner";
    QTest::newRow("inner not a string")
        << QVariantMap { { QStringLiteral("inner"), 3 } } << "inner";
    QTest::newRow("empty separator")
        << QVariantMap { { QStringLiteral("separator"), QString() } } << "separator";
    QTest::newRow("AVG takes no virtualNodeCount")
        << QVariantMap { { QStringLiteral("virtualNodeCount"), 3 } } << "virtualNodeCount";
    QTest::newRow("forwarded value out of range")
        << QVariantMap { { QStringLiteral("inner"), QStringLiteral("CONSISTENT_HASH") },
               { QStringLiteral("virtualNodeCount"), -1 } }
        << "virtualNodeCount";
    QTest::newRow("forwarded value of the wrong type")
        << QVariantMap { { QStringLiteral("inner"), QStringLiteral("CONSISTENT_HASH") },
               { QStringLiteral("virtualNodeCount"), QStringLiteral("ten") } }
        << "virtualNodeCount";
}

void tst_MachineRoomNearbyStrategy::creationErrors()
{
    QFETCH(QVariantMap, params);
    QFETCH(QString, parameter);
    StrategyCreation c = m_registry.create(QStringLiteral("MACHINE_ROOM_NEARBY"), params);
    QVERIFY(!c.ok());
    QCOMPARE(c.parameter, parameter);
    QVERIFY2(!c.error.isEmpty(), "no error text");
    // checkParameters (the GUI's form) finds the same fault without making anything.
    const ParameterCheck check
        = m_registry.checkParameters(QStringLiteral("MACHINE_ROOM_NEARBY"), params);
    QVERIFY(!check.ok());
    QCOMPARE(check.parameter, parameter);
}

void tst_MachineRoomNearbyStrategy::matchesJava_data()
{
    QTest::addColumn<QString>("separator");
    QTest::addColumn<QString>("inner");
    QTest::addColumn<QVariantMap>("innerParams");
    QTest::newRow("AVG") << "-"
                         << "AVG" << QVariantMap();
    QTest::newRow("AVG_BY_CIRCLE") << "-"
                                   << "AVG_BY_CIRCLE" << QVariantMap();
    QTest::newRow("CONSISTENT_HASH 3")
        << "-"
        << "CONSISTENT_HASH" << QVariantMap { { QStringLiteral("virtualNodeCount"), 3 } };
    QTest::newRow("MACHINE_ROOM") << "-"
                                  << "MACHINE_ROOM"
                                  << QVariantMap { { QStringLiteral("consumerIdcs"),
                                         QStringList { QStringLiteral("r1-0.b"),
                                             QStringLiteral("r2-1.b") } } };
    // Java's null consumeridcs: which room's broker is named in the error depends on the order
    // in which the members' calls reach the rooms.
    QTest::newRow("MACHINE_ROOM without idcs") << "-"
                                               << "MACHINE_ROOM" << QVariantMap();
    // Rooms by '.', and within them the inner NEARBY's rooms by its default '-'.
    QTest::newRow("nested NEARBY") << "."
                                   << "MACHINE_ROOM_NEARBY" << QVariantMap();
}

void tst_MachineRoomNearbyStrategy::matchesJava()
{
    QFETCH(QString, separator);
    QFETCH(QString, inner);
    QFETCH(QVariantMap, innerParams);
    QRandomGenerator random(1547);
    for (int round = 0; round < 30; ++round) {
        // Names "r<k>-<j>.…": some brokers' rooms have no consumer, some consumers' rooms no
        // broker; consumer ids may repeat (two clients sharing one).
        QList<std::pair<QString, int>> layout;
        const int brokers = random.bounded(4) + 1;
        for (int b = 0; b < brokers; ++b) {
            layout.append({ QStringLiteral("r%1-%2.b@x%3")
                                .arg(random.bounded(4))
                                .arg(random.bounded(2))
                                .arg(b),
                random.bounded(9) + 1 });
        }
        MessageQueueList mqAll = TestSupport::makeQueues(QStringLiteral("T"), layout);
        mqAll.erase(std::unique(mqAll.begin(), mqAll.end()), mqAll.end());
        QStringList cidAll;
        const int consumers = random.bounded(7) + 1;
        for (int i = 0; i < consumers; ++i) {
            cidAll.append(QStringLiteral("r%1-%2.c%3")
                              .arg(random.bounded(4))
                              .arg(random.bounded(2))
                              .arg(random.bounded(5)));
        }
        cidAll = TestSupport::sorted(cidAll);

        QVariantMap params = innerParams;
        params.insert(QStringLiteral("inner"), inner);
        params.insert(QStringLiteral("separator"), separator);
        QString error;
        auto s = make(params, &error);
        QVERIFY2(s, qPrintable(error));
        StrategyCreation oracleInner = m_registry.create(inner, innerParams, QStringLiteral("T"));
        QVERIFY2(oracleInner.ok(), qPrintable(oracleInner.error));

        GroupAllocateResult want;
        for (const QString &cid : std::as_const(cidAll)) {
            const AllocateResult r
                = javaNearby(*oracleInner.strategy, separator, cid, mqAll, cidAll);
            if (!r.ok()) {
                want.error = r.error;
                want.perConsumer.clear();
                break;
            }
            want.perConsumer.append(r.queues);
        }
        const GroupAllocateResult all = s->allocateAll(QStringLiteral("g"), mqAll, cidAll);
        const GroupAllocateResult each = TestSupport::allocateEach(*s, mqAll, cidAll);
        const QString where = QStringLiteral("round %1: queues %2, consumers %3")
                                  .arg(round)
                                  .arg(TestSupport::brief(mqAll), cidAll.join(QLatin1Char(' ')));
        QVERIFY2(all.error == want.error,
            qPrintable(QStringLiteral("%1: allocateAll error \"%2\", Java \"%3\"")
                           .arg(where, all.error, want.error)));
        QVERIFY2(each.error == want.error,
            qPrintable(QStringLiteral("%1: allocate error \"%2\", Java \"%3\"")
                           .arg(where, each.error, want.error)));
        if (!want.ok()) {
            continue;
        }
        for (qsizetype i = 0; i < cidAll.size(); ++i) {
            QVERIFY2(each.perConsumer.at(i) == want.perConsumer.at(i)
                    && all.perConsumer.at(i) == want.perConsumer.at(i),
                qPrintable(QStringLiteral("%1, %2: allocate [%3], allocateAll [%4], Java [%5]")
                               .arg(where, cidAll.at(i), TestSupport::brief(each.perConsumer.at(i)),
                                   TestSupport::brief(all.perConsumer.at(i)),
                                   TestSupport::brief(want.perConsumer.at(i)))));
        }
    }
}

QTEST_GUILESS_MAIN(tst_MachineRoomNearbyStrategy)
#include "tst_machineroomnearbystrategy.moc"
