// SPDX-License-Identifier: Apache-2.0
// The SDK's abstract base: AbstractAllocateMessageQueueStrategy.check as checkArguments, the
// default allocateAll, the extension hooks, and the host's guarded calls.
#include <allocation/strategyregistry.h>

#include <rblab/allocationstrategy.h>

#include <QTest>

#include <stdexcept>

using namespace Rblab;

namespace {

// Answers with the queue at its index, fails for one chosen id, and counts its calls.
class ProbeStrategy final : public AllocationStrategy
{
public:
    QString failFor;
    int calls = 0;
    bool throwOnAll = false;
    qsizetype answerSize = -1; //!< allocateAll answers for this many consumers, when ≥ 0

    QString name() const override { return QStringLiteral("PROBE"); }

    AllocateResult allocate(const QString &, const QString &currentCid,
        const MessageQueueList &mqAll, const QStringList &cidAll) override
    {
        ++calls;
        if (auto early = checkArguments(currentCid, mqAll, cidAll)) {
            return *early;
        }
        if (currentCid == failFor) {
            return AllocateResult::failure(QStringLiteral("failed for ") + currentCid);
        }
        return { mqAll.mid(cidAll.indexOf(currentCid) % mqAll.size(), 1), QString() };
    }

    GroupAllocateResult allocateAll(
        const QString &group, const MessageQueueList &mqAll, const QStringList &cidAll) override
    {
        if (throwOnAll) {
            throw std::logic_error("allocateAll exploded");
        }
        GroupAllocateResult r = AllocationStrategy::allocateAll(group, mqAll, cidAll);
        if (answerSize >= 0) {
            r.perConsumer.resize(answerSize);
        }
        return r;
    }

    static std::optional<AllocateResult> check(
        const QString &cid, const MessageQueueList &mqAll, const QStringList &cidAll)
    {
        return checkArguments(cid, mqAll, cidAll);
    }
};

const MessageQueueList kQueues { { QStringLiteral("T"), QStringLiteral("b"), 0 },
    { QStringLiteral("T"), QStringLiteral("b"), 1 },
    { QStringLiteral("T"), QStringLiteral("b"), 2 } };

} // namespace

class tst_AllocationStrategy : public QObject
{
    Q_OBJECT

private slots:
    void checkArguments_data();
    void checkArguments();
    void defaultAllocateAllAsksEachIdOnce();
    void defaultAllocateAllStopsAtFirstError();
    void defaultAllocateAllWithNobody();
    void noExtensions();
    void guardedCalls();
};

void tst_AllocationStrategy::checkArguments_data()
{
    QTest::addColumn<QString>("cid");
    QTest::addColumn<bool>("withQueues");
    QTest::addColumn<QStringList>("cidAll");
    QTest::addColumn<int>("outcome"); // 0 proceed, 1 empty answer, 2 error
    QTest::addColumn<QString>("error");
    const QStringList two { QStringLiteral("c1"), QStringLiteral("c2") };
    QTest::newRow("member") << "c2" << true << two << 0 << QString();
    QTest::newRow("empty current id")
        << "" << true << two << 2 << "IllegalArgumentException: currentCID is empty";
    QTest::newRow("empty mqAll") << "c1" << false << two << 2
                                 << "IllegalArgumentException: mqAll is null or mqAll empty";
    QTest::newRow("empty cidAll") << "c1" << true << QStringList() << 2
                                  << "IllegalArgumentException: cidAll is null or cidAll empty";
    QTest::newRow("order: current id, then mqAll")
        << "" << false << QStringList() << 2 << "IllegalArgumentException: currentCID is empty";
    QTest::newRow("order: mqAll, then cidAll")
        << "c1" << false << QStringList() << 2
        << "IllegalArgumentException: mqAll is null or mqAll empty";
    QTest::newRow("not a member: nothing, no error") << "c3" << true << two << 1 << QString();
}

void tst_AllocationStrategy::checkArguments()
{
    QFETCH(QString, cid);
    QFETCH(bool, withQueues);
    QFETCH(QStringList, cidAll);
    QFETCH(int, outcome);
    QFETCH(QString, error);
    const auto early = ProbeStrategy::check(cid, withQueues ? kQueues : MessageQueueList(), cidAll);
    QCOMPARE(early.has_value(), outcome != 0);
    if (outcome == 1) {
        QVERIFY(early->ok());
        QVERIFY(early->queues.isEmpty());
    } else if (outcome == 2) {
        QVERIFY(!early->ok());
        QCOMPARE(early->error, error);
    }
}

void tst_AllocationStrategy::defaultAllocateAllAsksEachIdOnce()
{
    ProbeStrategy probe;
    const QStringList cidAll { QStringLiteral("a"), QStringLiteral("a"), QStringLiteral("b") };
    const GroupAllocateResult all = probe.allocateAll(QStringLiteral("g"), kQueues, cidAll);
    QVERIFY2(all.ok(), qPrintable(all.error));
    QCOMPARE(probe.calls, 2); // the repeated id is answered from its first slot
    QCOMPARE(all.perConsumer.size(), 3);
    QCOMPARE(all.perConsumer.at(0), kQueues.mid(0, 1));
    QCOMPARE(all.perConsumer.at(1), kQueues.mid(0, 1));
    QCOMPARE(all.perConsumer.at(2), kQueues.mid(2, 1));
}

void tst_AllocationStrategy::defaultAllocateAllStopsAtFirstError()
{
    ProbeStrategy probe;
    probe.failFor = QStringLiteral("b");
    const GroupAllocateResult all = probe.allocateAll(QStringLiteral("g"), kQueues,
        { QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c") });
    QCOMPARE(all.error, QStringLiteral("failed for b"));
    QCOMPARE(probe.calls, 2);
    ProbeStrategy empty;
    QCOMPARE(empty.allocateAll(QStringLiteral("g"), {}, { QStringLiteral("a") }).error,
        QStringLiteral("IllegalArgumentException: mqAll is null or mqAll empty"));
}

void tst_AllocationStrategy::defaultAllocateAllWithNobody()
{
    ProbeStrategy probe;
    const GroupAllocateResult all = probe.allocateAll(QStringLiteral("g"), {}, {});
    QVERIFY(all.ok());
    QVERIFY(all.perConsumer.isEmpty());
    QCOMPARE(probe.calls, 0);
}

void tst_AllocationStrategy::noExtensions()
{
    ProbeStrategy probe;
    QVERIFY(!probe.supportsExtension(AllocationStrategy::Extension(1)));
    int output = 0;
    QVERIFY(!probe.extension(AllocationStrategy::Extension(1), nullptr, &output));
}

void tst_AllocationStrategy::guardedCalls()
{
    ProbeStrategy throwing;
    throwing.throwOnAll = true;
    const GroupAllocateResult thrown
        = guardedAllocateAll(throwing, QStringLiteral("g"), kQueues, { QStringLiteral("a") });
    QVERIFY(!thrown.ok());
    QVERIFY2(thrown.error.contains(QStringLiteral("PROBE"))
            && thrown.error.contains(QStringLiteral("allocateAll exploded")),
        qPrintable(thrown.error));

    // A plugin answering for the wrong number of members is an error, not an out-of-range read.
    ProbeStrategy shortAnswer;
    shortAnswer.answerSize = 1;
    const GroupAllocateResult mismatch = guardedAllocateAll(
        shortAnswer, QStringLiteral("g"), kQueues, { QStringLiteral("a"), QStringLiteral("b") });
    QVERIFY(!mismatch.ok());
    QVERIFY2(mismatch.error.contains(QStringLiteral("answered for 1 consumers, asked for 2")),
        qPrintable(mismatch.error));

    ProbeStrategy fine;
    const AllocateResult one = guardedAllocate(fine, QStringLiteral("g"), QStringLiteral("b"),
        kQueues, { QStringLiteral("a"), QStringLiteral("b") });
    QVERIFY2(one.ok(), qPrintable(one.error));
    QCOMPARE(one.queues, kQueues.mid(1, 1));
}

QTEST_APPLESS_MAIN(tst_AllocationStrategy)
#include "tst_allocationstrategy.moc"
