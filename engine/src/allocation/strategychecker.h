// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "allocation/strategyscorer.h"

#include <rblab/allocationstrategy.h>
#include <rblab/rblab_global.h>

#include <QList>
#include <QString>

#include <functional>
#include <memory>

namespace Rblab {

/*!
    One input of the conformance check: RocketMQ's edge inputs (empty or absent current id, one
    queue, more consumers than queues, duplicated ids, non-ASCII names, the largest sizes).
*/
struct CheckCase
{
    QString name; //!< "more consumers than queues (4 queues, 10 consumers)"
    QString currentCid;
    MessageQueueList mqAll;
    QStringList cidAll;
};

//! A rule's verdict and, when it failed, the first input that shows it.
struct RuleVerdict
{
    QString rule; //!< "returns only queues it was given"
    bool hard = true; //!< a hard rule decides the exit code; a property is reported
    bool passed = true;
    qsizetype calls = 0; //!< how many calls the rule looked at
    QString counterexample;
    //! A rule that looked at no call (every call ended in an error) passed by default only.
    bool checked() const { return calls > 0 || !passed; }
};

struct CheckReport
{
    QString strategy;
    QList<RuleVerdict> rules;
    StrategyScore score; //!< balance, movement and partition over generated traces

    bool conforms() const
    {
        for (const RuleVerdict &r : rules) {
            if (r.hard && !r.passed) {
                return false;
            }
        }
        return true;
    }
};

/*!
    rblab check-strategy's checks (docs/plugin-sdk.md, "Checking a strategy"). Hard rules: a
    strategy never returns a queue it was not given (nor one twice), answers the same lists the
    same way (the same object called again, and a fresh one), and answers RocketMQ's edge inputs
    without an exception. Properties: consumers that see the same lists partition the queues
    (each exactly once), an absent consumer gets nothing, and the figures of score-strategy.
*/
class RBLAB_ENGINE_EXPORT StrategyChecker
{
public:
    using Factory = std::function<std::unique_ptr<AllocationStrategy>()>;
    //! Told the case about to run, so that a crash or hang can be reported with its input.
    using CaseObserver = std::function<void(const QString &caseName)>;

    static QList<CheckCase> edgeCases();

    static CheckReport check(const Factory &make, const StrategyScorer::Options &scoreOptions,
        const CaseObserver &observe = {});
};

} // namespace Rblab
