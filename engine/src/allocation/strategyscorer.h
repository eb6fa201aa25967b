// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <rblab/allocationstrategy.h>
#include <rblab/messagequeue.h>
#include <rblab/rblab_global.h>

#include <QList>
#include <QString>
#include <QStringList>

namespace Rblab {

/*!
    A membership trace for scoring a strategy without the engine: one topic's sorted queues and
    the sorted consumer lists the group goes through, step by step.
*/
struct ScoreTrace
{
    enum class Kind { Join, Leave, RollingRestart };
    Kind kind = Kind::Join;
    MessageQueueList mqAll;
    QList<QStringList> memberships; //!< each sorted as RebalanceImpl sorts cidAll

    static QString kindName(Kind kind);
};

//! Moves against the lower bound for one kind of change.
struct MovementFigures
{
    qsizetype changes = 0; //!< membership changes whose lower bound is above 0
    qsizetype moves = 0;
    qsizetype lowerBound = 0;
    double ratioSum = 0; //!< Σ moves/lowerBound over those changes

    //! Total moves over total lower bound: each queue moved counts once, wherever it moved.
    double ratio() const { return lowerBound > 0 ? double(moves) / double(lowerBound) : 1.0; }
    //! The mean of each change's own ratio: small changes (one queue to move) weigh as much as
    //! large ones.
    double meanChangeRatio() const { return changes > 0 ? ratioSum / double(changes) : 1.0; }
    void add(qsizetype moved, qsizetype bound);
    void add(const MovementFigures &other);
};

/*!
    What score-strategy reports for one strategy over a trace set (docs/formats/scorecard.md,
    "Strategy scores").
*/
struct StrategyScore
{
    QString strategy;
    qsizetype traces = 0;
    qsizetype steps = 0; //!< memberships allocated
    MovementFigures movement; //!< all single changes
    MovementFigures joins;
    MovementFigures leaves;
    MovementFigures restarts; //!< the changes of rolling restarts
    qsizetype maxSpread = 0; //!< the largest max − min queues per consumer in any step
    double meanMaxOverFair = 0; //!< the busiest consumer's queues over Q/N, averaged over steps
    qsizetype idleConsumers = 0; //!< consumers with no queue in steps with at least as many queues
    qsizetype partitionViolations = 0; //!< steps where the members' answers are not a partition
    QString firstViolation; //!< the first such step, with the queue that shows it
    QString error; //!< the first error a call returned ("IllegalArgumentException: …")
};

class RBLAB_ENGINE_EXPORT StrategyScorer
{
public:
    struct Options
    {
        quint64 seed = 1;
        int samplesPerSize = 2; //!< different consumer ids for each (queues, consumers) size
        int restartLength = 6; //!< consumers restarted in turn in a rolling restart trace
        qsizetype maxPairs = 10'000'000; //!< sizes with more queues × consumers are left out
    };

    /*!
        The default trace set: queue counts 4 … 10,000 and consumer counts 1 … 1,000 (more
        consumers than queues included), each with a join, a leave and a rolling restart (a
        consumer leaves, its replacement joins with a new pid, in turn). Deterministic for a seed.
    */
    static QList<ScoreTrace> defaultTraces(const Options &options);
    static QList<ScoreTrace> defaultTraces() { return defaultTraces(Options {}); }

    //! Runs every trace: each member of each membership calls allocate() as a RocketMQ client does.
    static StrategyScore score(AllocationStrategy &strategy, const QList<ScoreTrace> &traces);
};

} // namespace Rblab
