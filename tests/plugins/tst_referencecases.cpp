// SPDX-License-Identifier: Apache-2.0
// The 300 cases answered by RocketMQ's Java client, run through the plugins directly: once as
// every consumer of the group would call allocate for itself, once through allocateAll.
#include "referencedata.h"
#include "strategytestsupport.h"

#include <QTest>

using namespace Rblab;

class tst_ReferenceCases : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void perConsumer_data();
    void perConsumer();
    void allocateAll_data();
    void allocateAll();
    void coverage();

private:
    void addRows();
    QString compare(const ReferenceData::Case &reference, const QStringList &cidAll,
        const QList<MessageQueueList> &answers) const;

    StrategyRegistry m_registry;
    QList<ReferenceData::Case> m_cases;
};

void tst_ReferenceCases::initTestCase()
{
    const QString problem = TestSupport::loadBuiltinRegistry(m_registry);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QString error;
    m_cases = ReferenceData::load(&error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(m_cases.size(), 300);
}

void tst_ReferenceCases::addRows()
{
    QTest::addColumn<int>("index");
    for (qsizetype i = 0; i < m_cases.size(); ++i) {
        const AllocationCase &c = m_cases.at(i).input;
        QTest::addRow("%s %s", qPrintable(c.id), qPrintable(c.strategy)) << int(i);
    }
}

QString tst_ReferenceCases::compare(const ReferenceData::Case &reference, const QStringList &cidAll,
    const QList<MessageQueueList> &answers) const
{
    QStringList problems;
    for (qsizetype i = 0; i < cidAll.size(); ++i) {
        const QString &cid = cidAll.at(i);
        if (!reference.expected.contains(cid)) {
            problems.append(QStringLiteral("Java has no answer for %1").arg(cid));
            continue;
        }
        const QSet<MessageQueue> got = TestSupport::toSet(answers.at(i));
        if (got != reference.expected.value(cid)) {
            MessageQueueList want(
                reference.expected.value(cid).cbegin(), reference.expected.value(cid).cend());
            problems.append(QStringLiteral("%1: got [%2], Java [%3]")
                                .arg(cid, TestSupport::brief(TestSupport::sorted(answers.at(i))),
                                    TestSupport::brief(TestSupport::sorted(want))));
        }
    }
    return problems.join(QStringLiteral("; "));
}

void tst_ReferenceCases::perConsumer_data()
{
    addRows();
}

void tst_ReferenceCases::perConsumer()
{
    QFETCH(int, index);
    const ReferenceData::Case &reference = m_cases.at(index);
    const AllocationCase &c = reference.input;
    StrategyCreation creation = m_registry.create(c.strategy, c.params, c.topic);
    QVERIFY2(creation.ok(), qPrintable(creation.error));

    // As RebalanceImpl: sorted lists, and every member of the group asks for itself, all with
    // the same strategy object (as the CLI would), so its caches are exercised across calls.
    const MessageQueueList mqAll = TestSupport::sorted(c.queues);
    const QStringList cidAll = TestSupport::sorted(c.consumers);
    QList<MessageQueueList> answers;
    QStringList errors;
    for (const QString &cid : cidAll) {
        const AllocateResult r
            = guardedAllocate(*creation.strategy, QStringLiteral("group"), cid, mqAll, cidAll);
        if (!r.ok()) {
            errors.append(QStringLiteral("%1: %2").arg(cid, r.error));
        }
        answers.append(r.queues);
    }
    if (reference.expectError) {
        QVERIFY2(!errors.isEmpty(), "the Java strategy throws, but every call succeeded");
        return;
    }
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QStringLiteral("; "))));
    const QString problems = compare(reference, cidAll, answers);
    QVERIFY2(problems.isEmpty(), qPrintable(problems));
}

void tst_ReferenceCases::allocateAll_data()
{
    addRows();
}

void tst_ReferenceCases::allocateAll()
{
    QFETCH(int, index);
    const ReferenceData::Case &reference = m_cases.at(index);
    const AllocationCase &c = reference.input;
    StrategyCreation creation = m_registry.create(c.strategy, c.params, c.topic);
    QVERIFY2(creation.ok(), qPrintable(creation.error));

    const MessageQueueList mqAll = TestSupport::sorted(c.queues);
    const QStringList cidAll = TestSupport::sorted(c.consumers);
    // Twice on one object: the second answer comes from the caches and must not differ.
    for (int round = 0; round < 2; ++round) {
        const GroupAllocateResult all
            = guardedAllocateAll(*creation.strategy, QStringLiteral("group"), mqAll, cidAll);
        if (reference.expectError) {
            QVERIFY2(!all.ok(), "the Java strategy throws, but allocateAll succeeded");
            continue;
        }
        QVERIFY2(all.ok(), qPrintable(all.error));
        QCOMPARE(all.perConsumer.size(), cidAll.size());
        const QString problems = compare(reference, cidAll, all.perConsumer);
        QVERIFY2(problems.isEmpty(),
            qPrintable(QStringLiteral("round %1: %2").arg(round).arg(problems)));
    }
}

void tst_ReferenceCases::coverage()
{
    // The data must keep exercising every strategy and both kinds of answer.
    QHash<QString, int> perStrategy;
    int errors = 0;
    for (const ReferenceData::Case &c : std::as_const(m_cases)) {
        ++perStrategy[c.input.strategy];
        errors += c.expectError ? 1 : 0;
    }
    for (const QString &name : TestSupport::rocketMqStrategyNames()) {
        QVERIFY2(perStrategy.value(name) >= 10,
            qPrintable(
                QStringLiteral("only %1 cases of %2").arg(perStrategy.value(name)).arg(name)));
    }
    QVERIFY2(errors >= 1, "no case where the Java strategy throws");
}

QTEST_GUILESS_MAIN(tst_ReferenceCases)
#include "tst_referencecases.moc"
