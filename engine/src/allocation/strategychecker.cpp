// SPDX-License-Identifier: Apache-2.0
#include "allocation/strategychecker.h"

#include <QSet>

#include <exception>

namespace Rblab {

namespace {

MessageQueueList queues(const QString &topic, const QList<std::pair<QString, int>> &brokers)
{
    MessageQueueList list;
    for (const auto &[broker, count] : brokers) {
        for (int i = 0; i < count; ++i) {
            list.append(MessageQueue { topic, broker, i });
        }
    }
    sortRocketMq(list);
    return list;
}

QStringList ids(int count, const QString &pattern = QStringLiteral("10.0.%1.%2@%3"))
{
    QStringList list;
    for (int i = 0; i < count; ++i) {
        list.append(pattern.arg(i / 250).arg(i % 250 + 1).arg(1000 + i));
    }
    sortRocketMq(list);
    return list;
}

QString brief(const MessageQueueList &list)
{
    QStringList parts;
    for (qsizetype i = 0; i < list.size() && i < 6; ++i) {
        parts.append(QStringLiteral("%1:%2").arg(list.at(i).brokerName).arg(list.at(i).queueId));
    }
    if (list.size() > 6) {
        parts.append(QStringLiteral("… (%1 in all)").arg(list.size()));
    }
    return QLatin1Char('[') + parts.join(QStringLiteral(", ")) + QLatin1Char(']');
}

struct Call
{
    AllocateResult result;
    QString thrown; //!< what escaped, when something did
};

Call call(AllocationStrategy &s, const CheckCase &c)
{
    try {
        return { s.allocate(QStringLiteral("check_group"), c.currentCid, c.mqAll, c.cidAll), {} };
    } catch (const std::exception &e) {
        return { {}, QString::fromLocal8Bit(e.what()) };
    } catch (...) {
        return { {}, QStringLiteral("an exception that is not a std::exception") };
    }
}

} // namespace

QList<CheckCase> StrategyChecker::edgeCases()
{
    const QString topic = QStringLiteral("TopicTest");
    const MessageQueueList eight
        = queues(topic, { { QStringLiteral("broker-a"), 4 }, { QStringLiteral("broker-b"), 4 } });
    const QStringList three = ids(3);
    QList<CheckCase> cases;
    cases.append({ QStringLiteral("an empty current id"), QString(), eight, three });
    cases.append({ QStringLiteral("a current id not in the consumer list"),
        QStringLiteral("10.9.9.9@9"), eight, three });
    cases.append({ QStringLiteral("no queues"), three.first(), {}, three });
    cases.append({ QStringLiteral("no consumers"), three.first(), eight, {} });
    cases.append({ QStringLiteral("one queue, one consumer"), three.first(),
        queues(topic, { { QStringLiteral("broker-a"), 1 } }), three.mid(0, 1) });
    const QStringList ten = ids(10);
    for (const QString &cid : { ten.first(), ten.last() }) {
        cases.append(
            { QStringLiteral("more consumers than queues (4 queues, 10 consumers), as %1").arg(cid),
                cid, queues(topic, { { QStringLiteral("broker-a"), 4 } }), ten });
    }
    // RocketMQ issue #1547: two clients with one id.
    QStringList duplicated = three;
    duplicated.append(three.at(1));
    sortRocketMq(duplicated);
    cases.append({ QStringLiteral("a duplicated client id"), three.at(1), eight, duplicated });
    const MessageQueueList cjk = queues(QStringLiteral("订单-Topic"),
        { { QStringLiteral("broker-北京-1"), 3 }, { QStringLiteral("broker-上海-2"), 3 } });
    const QStringList cjkIds = ids(4, QStringLiteral("10.0.%1.%2@消费者-%3"));
    cases.append(
        { QStringLiteral("non-ASCII topic, broker and client names"), cjkIds.at(2), cjk, cjkIds });
    const MessageQueueList thousand = queues(
        topic, { { QStringLiteral("broker-a"), 500 }, { QStringLiteral("broker-b"), 500 } });
    const QStringList hundred = ids(100);
    cases.append(
        { QStringLiteral("1,000 queues, 100 consumers"), hundred.at(37), thousand, hundred });
    MessageQueueList tenThousand;
    for (int b = 0; b < 20; ++b) {
        tenThousand += queues(topic, { { QStringLiteral("broker-%1").arg(b), 500 } });
    }
    sortRocketMq(tenThousand);
    const QStringList thousandIds = ids(1000);
    for (const QString &cid : { thousandIds.first(), thousandIds.at(500), thousandIds.last() }) {
        cases.append({ QStringLiteral("10,000 queues, 1,000 consumers, as %1").arg(cid), cid,
            tenThousand, thousandIds });
    }
    return cases;
}

CheckReport StrategyChecker::check(
    const Factory &make, const StrategyScorer::Options &scoreOptions, const CaseObserver &observe)
{
    CheckReport report;
    RuleVerdict given { QStringLiteral("returns only queues it was given, each once"), true };
    RuleVerdict deterministic { QStringLiteral("deterministic: the same lists, the same answer "
                                               "(the same object again and a fresh one)"),
        true };
    RuleVerdict noException { QStringLiteral("answers RocketMQ's edge inputs without an exception"),
        true };
    RuleVerdict absent { QStringLiteral("a consumer not in the list gets nothing"), false };
    RuleVerdict partition { QStringLiteral("consumers with the same view partition the queues "
                                           "(each exactly once)"),
        false };

    std::unique_ptr<AllocationStrategy> strategy = make();
    if (!strategy) {
        noException.passed = false;
        noException.counterexample = QStringLiteral("the factory made no strategy");
        report.rules = { given, deterministic, noException, absent, partition };
        return report;
    }
    report.strategy = strategy->name();
    std::unique_ptr<AllocationStrategy> fresh = make();

    const auto fail = [](RuleVerdict &rule, const QString &text) {
        if (rule.passed) {
            rule.passed = false;
            rule.counterexample = text;
        }
    };
    // Inputs RocketMQ's strategies allocate for: a current id in a non-empty consumer list and
    // some queues. An error answer elsewhere is RocketMQ's way (AllocateMessageQueueStrategy's
    // argument checks: the round is skipped).
    qsizetype answerable = 0;
    qsizetype answered = 0;
    QString firstRefusal;
    for (const CheckCase &c : edgeCases()) {
        if (observe) {
            observe(c.name);
        }
        const bool mustAnswer
            = !c.currentCid.isEmpty() && !c.mqAll.isEmpty() && c.cidAll.contains(c.currentCid);
        answerable += mustAnswer ? 1 : 0;
        const Call first = call(*strategy, c);
        ++noException.calls;
        if (!first.thrown.isNull()) {
            fail(noException, QStringLiteral("%1: threw %2").arg(c.name, first.thrown));
            continue;
        }
        if (!first.result.ok()) {
            if (mustAnswer && firstRefusal.isNull()) {
                firstRefusal = QStringLiteral("%1: %2").arg(c.name, first.result.error);
            }
            continue;
        }
        answered += mustAnswer ? 1 : 0;
        const QSet<MessageQueue> all(c.mqAll.cbegin(), c.mqAll.cend());
        QSet<MessageQueue> seen;
        ++given.calls;
        for (const MessageQueue &mq : first.result.queues) {
            if (!all.contains(mq)) {
                fail(given,
                    QStringLiteral("%1: returned %2, which is not in mqAll")
                        .arg(c.name, mq.toString()));
            } else if (seen.contains(mq)) {
                fail(given, QStringLiteral("%1: returned %2 twice").arg(c.name, mq.toString()));
            }
            seen.insert(mq);
        }
        if (!c.currentCid.isEmpty() && !c.cidAll.contains(c.currentCid)) {
            ++absent.calls;
            if (!first.result.queues.isEmpty()) {
                fail(absent, QStringLiteral("%1: got %2").arg(c.name, brief(first.result.queues)));
            }
        }
        ++deterministic.calls;
        const Call again = call(*strategy, c);
        const Call other = fresh ? call(*fresh, c) : again;
        if (again.result.queues != first.result.queues || again.thrown != first.thrown) {
            fail(deterministic,
                QStringLiteral("%1: %2, then %3 from the same object")
                    .arg(c.name, brief(first.result.queues), brief(again.result.queues)));
        } else if (other.result.queues != first.result.queues || other.thrown != first.thrown) {
            fail(deterministic,
                QStringLiteral("%1: %2, and %3 from a fresh object")
                    .arg(c.name, brief(first.result.queues), brief(other.result.queues)));
        }
    }

    if (answerable > 0 && answered == 0 && noException.passed) {
        // Not one input that RocketMQ's strategies allocate for was answered: a group run with
        // this strategy would skip every rebalance round and its queues would stay with nobody.
        fail(noException,
            QStringLiteral("none of the %1 inputs that RocketMQ's strategies allocate for was "
                           "answered; the first: %2")
                .arg(answerable)
                .arg(firstRefusal));
    }
    if (observe) {
        observe(QStringLiteral("score-strategy's generated traces"));
    }
    // The traces call allocate member by member through the host's guard; an exception there
    // is the score's error.
    report.score = StrategyScorer::score(*strategy, StrategyScorer::defaultTraces(scoreOptions));
    partition.calls = report.score.steps;
    if (report.score.partitionViolations > 0) {
        fail(partition, report.score.firstViolation);
        if (report.score.firstViolation.contains(QLatin1String("not in mqAll"))) {
            fail(given, report.score.firstViolation);
        }
    }
    if (!report.score.error.isNull() && report.score.error.contains(QLatin1String(" threw "))) {
        fail(noException, QStringLiteral("generated traces: %1").arg(report.score.error));
    }
    report.rules = { given, deterministic, noException, absent, partition };
    return report;
}

} // namespace Rblab
