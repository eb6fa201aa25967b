// SPDX-License-Identifier: Apache-2.0
#include "allocation/strategyscorer.h"

#include "allocation/movementbound.h"
#include "allocation/strategyregistry.h"
#include "sim/random.h"

#include <QHash>

#include <algorithm>
#include <array>

namespace Rblab {

namespace {

QString clientId(Random &random)
{
    // RocketMQ's ClientConfig.buildMQClientId: ip@instanceName, the instance name a pid.
    return QStringLiteral("10.%1.%2.%3@%4")
        .arg(random.next() % 4)
        .arg(random.next() % 256)
        .arg(1 + random.next() % 254)
        .arg(1000 + random.next() % 60000);
}

QStringList freshIds(Random &random, qsizetype count, QStringList existing = {})
{
    QStringList ids = std::move(existing);
    const qsizetype target = ids.size() + count;
    while (ids.size() < target) {
        const QString id = clientId(random);
        if (!ids.contains(id)) {
            ids.append(id);
        }
    }
    sortRocketMq(ids);
    return ids;
}

MessageQueueList topicQueues(qsizetype count)
{
    // Brokers of up to 16 queues each, as a topic spread over a cluster.
    MessageQueueList queues;
    const qsizetype perBroker = std::clamp<qsizetype>(count / 4, 1, 16);
    for (qsizetype i = 0; i < count; ++i) {
        queues.append(MessageQueue { QStringLiteral("TopicTest"),
            QStringLiteral("broker-%1").arg(i / perBroker), int(i % perBroker) });
    }
    sortRocketMq(queues);
    return queues;
}

struct StepResult
{
    QList<QString> owners; //!< per queue, the first member that claimed it
    bool partition = true;
    QString violation;
    QString error;
    QList<qsizetype> counts; //!< queues per member
};

StepResult allocateStep(
    AllocationStrategy &strategy, const MessageQueueList &mqAll, const QStringList &cidAll)
{
    StepResult step;
    step.owners.fill(QString(), mqAll.size());
    QHash<MessageQueue, qsizetype> index;
    index.reserve(mqAll.size());
    for (qsizetype j = 0; j < mqAll.size(); ++j) {
        index.insert(mqAll.at(j), j);
    }
    for (const QString &cid : cidAll) {
        const AllocateResult r
            = guardedAllocate(strategy, QStringLiteral("score-group"), cid, mqAll, cidAll);
        if (!r.ok()) {
            if (step.error.isNull()) {
                step.error = r.error;
            }
            step.counts.append(0);
            continue;
        }
        step.counts.append(r.queues.size());
        for (const MessageQueue &mq : r.queues) {
            const auto it = index.constFind(mq);
            if (it == index.constEnd()) {
                if (step.partition) {
                    step.violation = QStringLiteral("%1 was given %2, which is not in mqAll")
                                         .arg(cid, mq.toString());
                }
                step.partition = false;
                continue;
            }
            QString &owner = step.owners[*it];
            if (!owner.isNull()) {
                if (step.partition) {
                    step.violation
                        = QStringLiteral("%1 is held by %2 and %3").arg(mq.toString(), owner, cid);
                }
                step.partition = false;
                continue;
            }
            owner = cid;
        }
    }
    if (step.partition && !cidAll.isEmpty()) {
        for (qsizetype j = 0; j < mqAll.size(); ++j) {
            if (step.owners.at(j).isNull()) {
                step.violation = QStringLiteral("%1 is held by nobody").arg(mqAll.at(j).toString());
                step.partition = false;
                break;
            }
        }
    }
    return step;
}

} // namespace

QString ScoreTrace::kindName(Kind kind)
{
    switch (kind) {
    case Kind::Join:
        return QStringLiteral("join");
    case Kind::Leave:
        return QStringLiteral("leave");
    case Kind::RollingRestart:
        return QStringLiteral("rolling-restart");
    }
    return QString();
}

void MovementFigures::add(qsizetype moved, qsizetype bound)
{
    moves += moved;
    lowerBound += bound;
    if (bound > 0) {
        ++changes;
        ratioSum += double(moved) / double(bound);
    }
}

void MovementFigures::add(const MovementFigures &other)
{
    changes += other.changes;
    moves += other.moves;
    lowerBound += other.lowerBound;
    ratioSum += other.ratioSum;
}

QList<ScoreTrace> StrategyScorer::defaultTraces(const Options &options)
{
    static constexpr std::array<qsizetype, 11> kQueues { 4, 8, 12, 16, 32, 64, 100, 128, 512, 1024,
        10000 };
    static constexpr std::array<qsizetype, 13> kConsumers { 1, 2, 3, 4, 5, 8, 9, 12, 16, 24, 100,
        300, 1000 };
    QList<ScoreTrace> traces;
    for (const qsizetype q : kQueues) {
        const MessageQueueList mqAll = topicQueues(q);
        for (const qsizetype n : kConsumers) {
            // More consumers than queues is a case users meet; far more teaches nothing new.
            if (n > 2 * q + 2 || q * n > options.maxPairs) {
                continue;
            }
            for (int sample = 0; sample < options.samplesPerSize; ++sample) {
                Random random(Random::derive(options.seed, quint64(q), quint64(n * 16 + sample)));
                const QStringList start = freshIds(random, n);

                ScoreTrace join { ScoreTrace::Kind::Join, mqAll, { start } };
                join.memberships.append(freshIds(random, 1, start));
                traces.append(join);

                if (n > 1) {
                    QStringList fewer = start;
                    fewer.removeAt(qsizetype(random.next() % quint64(n)));
                    traces.append({ ScoreTrace::Kind::Leave, mqAll, { start, fewer } });
                }

                ScoreTrace restart { ScoreTrace::Kind::RollingRestart, mqAll, { start } };
                QStringList current = start;
                QStringList toRestart = start;
                for (int k = 0; k < options.restartLength && !toRestart.isEmpty(); ++k) {
                    const QString old
                        = toRestart.takeAt(qsizetype(random.next() % quint64(toRestart.size())));
                    current.removeOne(old);
                    if (!current.isEmpty()) {
                        restart.memberships.append(current);
                    }
                    current = freshIds(random, 1, current);
                    restart.memberships.append(current);
                }
                traces.append(restart);
            }
        }
    }
    return traces;
}

StrategyScore StrategyScorer::score(AllocationStrategy &strategy, const QList<ScoreTrace> &traces)
{
    StrategyScore score;
    score.strategy = strategy.name();
    double maxOverFairSum = 0;
    for (const ScoreTrace &trace : traces) {
        ++score.traces;
        QList<QString> previous;
        for (qsizetype s = 0; s < trace.memberships.size(); ++s) {
            const QStringList &cidAll = trace.memberships.at(s);
            StepResult step = allocateStep(strategy, trace.mqAll, cidAll);
            ++score.steps;
            if (score.error.isNull() && !step.error.isNull()) {
                score.error = step.error;
            }
            if (!step.partition) {
                if (score.partitionViolations == 0) {
                    score.firstViolation
                        = QStringLiteral("%1 queues, %2 consumer%5 (%3): %4")
                              .arg(trace.mqAll.size())
                              .arg(cidAll.size())
                              .arg(ScoreTrace::kindName(trace.kind))
                              .arg(step.violation)
                              .arg(cidAll.size() == 1 ? QString() : QStringLiteral("s"));
                }
                ++score.partitionViolations;
            }
            if (!step.counts.isEmpty()) {
                const auto [lo, hi] = std::minmax_element(step.counts.cbegin(), step.counts.cend());
                score.maxSpread = std::max(score.maxSpread, *hi - *lo);
                const double fair = double(trace.mqAll.size()) / double(step.counts.size());
                maxOverFairSum += fair > 0 ? double(*hi) / fair : 1.0;
                if (trace.mqAll.size() >= step.counts.size()) {
                    score.idleConsumers += std::count(step.counts.cbegin(), step.counts.cend(), 0);
                }
            }
            if (s > 0) {
                const qsizetype moved = MovementBound::moves(previous, step.owners);
                const qsizetype bound = MovementBound::lowerBound(previous, cidAll);
                MovementFigures &kind = trace.kind == ScoreTrace::Kind::Join ? score.joins
                    : trace.kind == ScoreTrace::Kind::Leave                  ? score.leaves
                                                                             : score.restarts;
                kind.add(moved, bound);
                score.movement.add(moved, bound);
            }
            previous = std::move(step.owners);
        }
    }
    score.meanMaxOverFair = score.steps > 0 ? maxOverFairSum / double(score.steps) : 0;
    return score;
}

} // namespace Rblab
