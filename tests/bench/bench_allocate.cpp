// SPDX-License-Identifier: Apache-2.0
// The whole `rblab allocate` process on one large case (10,000 queues on 4 brokers, 1,000
// consumers): start to finish, median of 5 runs, per strategy. RocketMQ's Java client needs
// 69 s for CONSISTENT_HASH at this size, because every member's call rebuilds the ring and
// re-hashes every queue. Also the same strategy asked member by member in-process, the way a
// simulated group asks, which must not rebuild the ring per call either.
#include "benchresults.h"
#include "rblabprocess.h"
#include "strategytestsupport.h"

#include <allocation/allocationcase.h>
#include <json/jsonnode.h>

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

namespace {

constexpr int kQueues = 10000;
constexpr int kConsumers = 1000;
constexpr int kRuns = 5;

// Brokers "<prefix>broker-a" … "-d", queues 0 … 2499 each. With rooms, consumers are spread
// over rz1, rz2 and rz5: rz3 and rz4 have brokers but no consumer (their queues are shared by
// everybody), rz5 has consumers but no broker.
QJsonObject makeCase(const QString &strategy, const QJsonObject &params, bool rooms)
{
    const QStringList brokers = rooms
        ? QStringList { QStringLiteral("rz1-broker-a"), QStringLiteral("rz2-broker-b"),
              QStringLiteral("rz3-broker-c"), QStringLiteral("rz4-broker-d") }
        : QStringList { QStringLiteral("broker-a"), QStringLiteral("broker-b"),
              QStringLiteral("broker-c"), QStringLiteral("broker-d") };
    QJsonArray queues;
    for (int i = 0; i < kQueues; ++i) {
        queues.append(QJsonObject { { QStringLiteral("brokerName"), brokers.at(i % 4) },
            { QStringLiteral("queueId"), i / 4 } });
    }
    QJsonArray consumers;
    const int roomOf[] = { 1, 2, 5 };
    for (int i = 0; i < kConsumers; ++i) {
        consumers.append(rooms ? QStringLiteral("rz%1-c%2").arg(roomOf[i % 3]).arg(i)
                               : QStringLiteral("10.0.%1.%2@%3#%4")
                                     .arg(i / 250)
                                     .arg(i % 250)
                                     .arg(4000 + i)
                                     .arg(i));
    }
    return QJsonObject { { QStringLiteral("id"), strategy },
        { QStringLiteral("strategy"), strategy }, { QStringLiteral("params"), params },
        { QStringLiteral("topic"), QStringLiteral("TopicTest") },
        { QStringLiteral("queues"), queues }, { QStringLiteral("consumers"), consumers } };
}

// The answer must be a real allocation of every queue exactly once to the 1,000 members, so
// that a fast error can never pass for a fast answer.
QString checkAnswer(const QByteArray &out)
{
    const QJsonObject answer = QJsonDocument::fromJson(out).object();
    if (answer.contains(QStringLiteral("error"))) {
        return QStringLiteral("error answer: ") + answer.value(QStringLiteral("error")).toString();
    }
    const QJsonObject allocation = answer.value(QStringLiteral("allocation")).toObject();
    if (allocation.size() != kConsumers) {
        return QStringLiteral("%1 consumers answered").arg(allocation.size());
    }
    QSet<QString> seen;
    qsizetype total = 0;
    for (auto it = allocation.begin(); it != allocation.end(); ++it) {
        for (const QJsonValue &q : it.value().toArray()) {
            const QJsonObject o = q.toObject();
            seen.insert(o.value(QStringLiteral("brokerName")).toString() + QLatin1Char(':')
                + QString::number(o.value(QStringLiteral("queueId")).toInt()));
            ++total;
        }
    }
    if (seen.size() != kQueues || total != kQueues) {
        return QStringLiteral("%1 queues handed out, %2 distinct").arg(total).arg(seen.size());
    }
    return QString();
}

} // namespace

class bench_Allocate : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void wholeProcess_data();
    void wholeProcess();
    void memberByMember_data();
    void memberByMember();

private:
    QTemporaryDir m_dir;
};

void bench_Allocate::initTestCase()
{
    QVERIFY(m_dir.isValid());
}

void bench_Allocate::wholeProcess_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<QJsonObject>("params");
    QTest::addColumn<bool>("rooms");
    QTest::addColumn<QString>("figure");
    QTest::addColumn<double>("targetMs");
    QTest::newRow("AVG") << "AVG" << QJsonObject() << false << "AVG" << 200.0;
    QTest::newRow("AVG_BY_CIRCLE")
        << "AVG_BY_CIRCLE" << QJsonObject() << false << "AVG_BY_CIRCLE" << 200.0;
    QTest::newRow("CONSISTENT_HASH")
        << "CONSISTENT_HASH" << QJsonObject() << false << "CONSISTENT_HASH" << 1000.0;
    QTest::newRow("BOUNDED_RENDEZVOUS")
        << "BOUNDED_RENDEZVOUS" << QJsonObject() << false << "BOUNDED_RENDEZVOUS" << 1000.0;
    QTest::newRow("MACHINE_ROOM_NEARBY")
        << "MACHINE_ROOM_NEARBY" << QJsonObject() << true << "MACHINE_ROOM_NEARBY" << 1000.0;
    // The heaviest combination: a ring per room (and one over everybody for each orphan room).
    QTest::newRow("MACHINE_ROOM_NEARBY-CONSISTENT_HASH")
        << "MACHINE_ROOM_NEARBY"
        << QJsonObject { { QStringLiteral("inner"), QStringLiteral("CONSISTENT_HASH") } } << true
        << "MACHINE_ROOM_NEARBY-CONSISTENT_HASH" << 1000.0;
}

void bench_Allocate::wholeProcess()
{
    QFETCH(QString, strategy);
    QFETCH(QJsonObject, params);
    QFETCH(bool, rooms);
    QFETCH(QString, figure);
    QFETCH(double, targetMs);

    const QString path = m_dir.filePath(figure + QStringLiteral(".jsonl"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(
        QJsonDocument(makeCase(strategy, params, rooms)).toJson(QJsonDocument::Compact) + '\n');
    file.close();

    RblabProcess rblab(m_dir.path());
    // One run first, unmeasured: it warms the page cache, and its answer is checked.
    RblabProcess::Result first = rblab.run({ QStringLiteral("allocate"), path });
    QVERIFY2(first.finished && first.exitCode == 0, qPrintable(first.describe()));
    const QString problem = checkAnswer(first.out);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));

    QList<qint64> times;
    for (int run = 0; run < kRuns; ++run) {
        const RblabProcess::Result r = rblab.run({ QStringLiteral("allocate"), path });
        QVERIFY2(r.finished && r.exitCode == 0, qPrintable(r.describe()));
        QCOMPARE(r.out, first.out); // the same answer every time
        times.append(r.elapsedMs);
    }
    std::sort(times.begin(), times.end());
    const double median = double(times.at(kRuns / 2));
    BenchResults::record(QStringLiteral("allocate.%1.10000q_1000c").arg(figure), median,
        QStringLiteral("ms"),
        QStringLiteral("whole rblab allocate process, median of %1 runs").arg(kRuns));
    QVERIFY2(median < targetMs,
        qPrintable(
            QStringLiteral("%1: %2 ms, target < %3 ms").arg(figure).arg(median).arg(targetMs)));
}

void bench_Allocate::memberByMember_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<QVariantMap>("params");
    QTest::newRow("CONSISTENT_HASH") << "CONSISTENT_HASH" << QVariantMap();
    QTest::newRow("BOUNDED_RENDEZVOUS") << "BOUNDED_RENDEZVOUS" << QVariantMap();
    QTest::newRow("MACHINE_ROOM_NEARBY-CONSISTENT_HASH")
        << "MACHINE_ROOM_NEARBY"
        << QVariantMap { { QStringLiteral("inner"), QStringLiteral("CONSISTENT_HASH") } };
}

void bench_Allocate::memberByMember()
{
    // 1,000 allocate calls on one strategy object, as the members of a group ask (Java: 69 s).
    QFETCH(QString, strategy);
    QFETCH(QVariantMap, params);
    Rblab::StrategyRegistry registry;
    const QString problem = TestSupport::loadBuiltinRegistry(registry);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    const bool rooms = strategy == QLatin1String("MACHINE_ROOM_NEARBY");
    Rblab::AllocationCase c;
    Rblab::AllocationCaseRunner::Outcome kind;
    QString error;
    const Rblab::JsonNode input
        = Rblab::JsonNode::fromJson(makeCase(strategy, QJsonObject::fromVariantMap(params), rooms));
    QVERIFY2(Rblab::AllocationCaseRunner::parse(input, &c, &error, &kind), qPrintable(error));
    const Rblab::MessageQueueList mqAll = TestSupport::sorted(c.queues);
    const QStringList cidAll = TestSupport::sorted(c.consumers);
    Rblab::StrategyCreation creation = registry.create(strategy, params, c.topic);
    QVERIFY2(creation.ok(), qPrintable(creation.error));

    QElapsedTimer timer;
    timer.start();
    qsizetype total = 0;
    for (const QString &cid : cidAll) {
        const Rblab::AllocateResult r
            = creation.strategy->allocate(QStringLiteral("g"), cid, mqAll, cidAll);
        QVERIFY2(r.ok(), qPrintable(r.error));
        total += r.queues.size();
    }
    const double ms = double(timer.nsecsElapsed()) / 1e6;
    QCOMPARE(total, qsizetype(kQueues));
    BenchResults::record(
        QStringLiteral("allocate.%1.memberByMember.10000q_1000c").arg(creation.strategy->name()),
        ms, QStringLiteral("ms"), QStringLiteral("1,000 allocate calls in-process"));
    QVERIFY2(ms < 1000.0, qPrintable(QStringLiteral("%1 ms for 1,000 calls").arg(ms)));
}

QTEST_GUILESS_MAIN(bench_Allocate)
#include "bench_allocate.moc"
