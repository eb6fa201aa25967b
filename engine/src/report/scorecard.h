// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "model/snapshot.h"

#include <rblab/rblab_global.h>

#include <QList>
#include <QString>

namespace Rblab {

class Simulation;

/*!
    A point of a group's time series for charts: the worst value over the samples it stands for
    (a scorecard keeps at most GroupScorecard::kSeriesPoints of them).
*/
struct RBLAB_ENGINE_EXPORT ScorecardPoint
{
    SimTime t = 0; //!< the start of the interval
    qint64 lag = 0;
    qint32 unownedQueues = 0;
    qint32 doubleOwnedQueues = 0;
    qint64 cachedMessages = 0; //!< Σ over live members

    //! What compare's charts draw of a point.
    enum class Measure { Lag, CachedMessages, ExposedQueues };
    //! The point's `measure`: ExposedQueues is unowned + double-owned queues (ownership health).
    double value(Measure measure) const;

    friend bool operator==(const ScorecardPoint &, const ScorecardPoint &) = default;
};

/*!
    The scorecard of one consumer group over one run (docs/formats/scorecard.md, "Run
    scorecard"): balance, movement, exposure and pressure, computed from the run's samples and
    events. Figures read off samples are as fine as the sample interval.
*/
struct RBLAB_ENGINE_EXPORT GroupScorecard
{
    QString group;
    QString strategy; //!< the group's strategy at the start

    // balance: over the samples where the group has live consumers and queues
    double maxOverMean = 0; //!< time-weighted busiest consumer's queues over the mean
    double meanSpread = 0; //!< time-weighted max − min queues per live consumer
    qint64 maxSpread = 0;
    double idleConsumerSeconds = 0; //!< live consumers without a queue while queues ≥ consumers

    // movement
    qint64 membershipChanges = 0; //!< a member started, shut down or was killed
    qint64 queueMoves = 0; //!< a queue taken up by another consumer than its last holder
    qint64 lowerBound = 0; //!< Σ over changes of the fewest moves to a balanced assignment
    double movesPerChange() const
    {
        return membershipChanges > 0 ? double(queueMoves) / double(membershipChanges) : 0;
    }
    double moveRatio() const
    {
        return lowerBound > 0 ? double(queueMoves) / double(lowerBound) : 0;
    }

    // exposure (sampled)
    double unownedQueueSeconds = 0; //!< no live member holds a process queue for it
    //! Exact, not sampled: no running member has pulled it since taking it (the report's
    //! orphanedQueueSeconds for this group: a hand-over lasts until the new owner's first pull).
    double orphanedQueueSeconds = 0;
    //! POP groups: listener calls of messages that came back after their invisible time or a
    //! failure (revived into %RETRY%<group>_<topic>); 0 for PULL groups.
    qint64 popRedelivered = 0;
    double doubleOwnedQueueSeconds = 0; //!< two or more live members hold it (CLUSTERING)

    // pressure
    qint64 peakCachedMessages = 0; //!< the most one consumer cached at a sample
    qint64 peakCachedBytes = 0;
    qint64 flowControl[3] = { 0, 0, 0 }; //!< holds by cause (count, size, span), all members
    qint64 lagP50 = 0; //!< the group's lag (Σ over its members' queues), percentiles over samples
    qint64 lagP99 = 0;
    qint64 lagMax = 0;

    static constexpr qsizetype kSeriesPoints = 600;
    QList<ScorecardPoint> series; //!< the run in at most kSeriesPoints intervals
};

/*!
    One figure of the scorecard as compare prints it: its key in JSON and CSV, its label in
    tables, and how many decimals it deserves. Every figure is better when lower.
*/
struct RBLAB_ENGINE_EXPORT ScorecardFigure
{
    const char *key; //!< "balance.maxOverMean"
    //! "busiest / mean queues (time-weighted)": compare prints it as is, the app translates it
    const char *label;
    int decimals;

    //! The figures in print order.
    static const QList<ScorecardFigure> &all();

    //! The label in the current language (the app's compare window).
    QString translatedLabel() const;
    //! A value as compare prints it: `decimals` places, or a whole number with "," thousands.
    QString text(double value) const;
};

/*!
    A run's scorecard: the world's totals (duplicates and lost are counted per message, for the
    world) and one scorecard per group.
*/
struct RBLAB_ENGINE_EXPORT RunScorecard
{
    quint64 seed = 0;
    SimTime duration = 0;
    SnapshotTotals totals;
    QList<GroupScorecard> groups;

    const GroupScorecard *group(const QString &name) const;

    //! The values of ScorecardFigure::all() for one group of this run (world totals included).
    QList<double> values(const GroupScorecard &group) const;

    //! Figures of a run of `simulation` up to now(); the run must have recorded samples.
    static RunScorecard compute(const Simulation &simulation);
};

} // namespace Rblab
