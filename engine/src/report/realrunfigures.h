// SPDX-License-Identifier: Apache-2.0
// The figures a real run and the engine are compared on (issue 35), measured the same way on both.
#pragma once

#include "scenario/scenario.h"

#include <rblab/rblab_global.h>

#include <QHash>
#include <QSet>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

namespace Rblab {

class StrategyRegistry;

/*!
    What one run did, for the figures a real cluster can confirm: each hand-over after a
    consumer left (killed, shut down, frozen), deliveries and duplicates, queue-seconds with two
    owners or no running owner. A real run's come from the harness's lines (`rblab real-run`,
    RealRunRecord); the engine's from a Simulation of the same scenario (engineFigures), with
    the same definitions:
    - a hand-over: for each main-topic queue the leaver held when it left, the time until another
      consumer first received a message of it (-1: nobody did before the run ended, or before a
      frozen leaver thawed);
    - duplicates: deliveries of a message already delivered in its scope (the group, or the
      consumer when BROADCASTING);
    - double-owned: a queue held by two or more live consumers (frozen ones included, their
      process queues are still there); unowned: a queue no running consumer holds (from 0:00).
      A POP group's members hold what their pop process queues cover (`broker:-1`: every queue
      of that broker); it is never double-owned (every member pops every queue) and it settles,
      as a BROADCASTING group does, when each queue has a running holder;
    - POP groups: messages are the producer's (topic, sequence), so that a revived copy read from
      the POP retry topic is the duplicate of its first delivery, as the engine counts it.
*/
struct RBLAB_ENGINE_EXPORT RunFigures
{
    struct HandOver
    {
        qint64 at = 0; //!< ms after the origin
        QString action; //!< "kill", "shutdown", "freeze"
        QString consumer; //!< the leaver's name
        QString queue; //!< "topic/broker/id"
        qint64 gapMs = -1;
        QString to; //!< who received it first
    };
    QList<HandOver> handOvers;
    /*!
        POP groups (issue 38): nothing is handed over when a member leaves, every member pops
        every queue. What the leaver had popped and not acked stays invisible for popInvisibleTime
        and comes back through the POP retry topic: one per leave (kill, shutdown or freeze) of a
        POP consumer, the time until its group's first receipt of a message that came back
        (reconsumeTimes > 0; -1: none before the run ended).
    */
    struct Redelivery
    {
        qint64 at = 0; //!< ms after the origin
        QString action;
        QString consumer;
        qint64 gapMs = -1;
        QString to; //!< who received it
    };
    QList<Redelivery> redeliveries;
    bool pop = false; //!< the scenario has a POP group: the POP figures are measured
    /*!
        Deliveries, duplicates and queue-seconds count from here (ms after the origin): when the
        group first settled after its initial consumers started (every queue with one running
        owner; in POP and BROADCASTING groups, with a running holder), or, when it had not by the
        scenario's first event (two consumers with one client id leave queues without an owner
        until one leaves), its last table change before that event. A JVM's start() takes seconds on
       a loaded machine, a simulated one milliseconds: the start-up is not what the figures compare.
    */
    qint64 from = 0;
    qint64 delivered = 0;
    qint64 duplicates = 0;
    qint64 orderViolations
        = 0; //!< orderly groups: a message received after a later one of its queue
    double doubleOwnedQueueSeconds = 0;
    double unownedQueueSeconds = 0;
    qint64 flowControlLines = 0; //!< real: lines logged (one hold in 1,000); engine: holds / 1,000
    //! POP groups: receipts of messages that came back (reconsumeTimes > 0), from `from`; they
    //! are counted in `duplicates` too when their first delivery reached the listener.
    qint64 popRedelivered = 0;

    //! The hand-overs of one event (at, consumer), in queue order.
    QList<HandOver> handOversOf(qint64 at, const QString &consumer) const;
};

/*!
    A real run's folder as `rblab real-run` leaves it (real-run.json, consumers/…, producer/),
    read back, with its figures.
*/
struct RBLAB_ENGINE_EXPORT RealRunRecord
{
    struct Action
    {
        qint64 t = 0;
        QString action;
        QString consumer;
        QString detail;
    };
    struct Consumer
    {
        QString name;
        QString id;
        QString group;
        QString folder; //!< absolute
        QString clientId; //!< as the client reported it (STARTED)
        qint64 start = 0; //!< when the run called its start() (ms after the origin)
        qint64 started = -1; //!< when its start() returned (STARTED; -1: it never did)
    };
    QString dir;
    QString rocketmq;
    qint64 origin = 0; //!< epoch ms of 0:00
    qint64 duration = 0;
    bool finished = false;
    bool interrupted = false;
    QList<Consumer> consumers;
    QList<Action> actions;
    RunFigures figures;
    QMap<QString, QStringList> ownersAtEnd; //!< "topic/broker/id" → the names holding it at the end
    QMap<QString, QString> endStates; //!< consumer name → "killed", "shutdown" or "running"
    /*!
        Each span a queue was double-owned (a clustering group's queue in two or more live
        consumers' process-queue tables) or holderless (in no live consumer's table), from 0:00,
        ordered by start. Live, not running: a frozen consumer still holds its queues, as its
        log and every other client's view say, so these are the windows client logs can show
        (import-logs is held to them); the queue-seconds of `figures` count running holders.
    */
    struct Window
    {
        QString group;
        QString queue; //!< "topic/broker/id"
        qint64 from = 0; //!< ms after the origin
        qint64 to = 0;
        bool doubleOwned = false; //!< else holderless
    };
    QList<Window> windows;

    /*!
        The observed report (report-format.md, "Observed reports", source "rblab real-run"): the
        run's consumers, queues and actions, and under "observed" its figures and hand-overs.
    */
    QByteArray report(const Scenario &scenario) const;

    //! Reads `dir`; nullopt with `error` naming the file and line that could not be read.
    static std::optional<RealRunRecord> read(
        const QString &dir, const Scenario &scenario, QString *error);

    /*!
        When the run's steps took effect, as its processes logged them: each consumer's start()
        return (STARTED), each control command a consumer applied (CONTROL: consume time, failure
        rate, strategy, client settings, suspend and resume), and each topic update (mqadmin
        updateTopic, the `setQueues` action's time).
    */
    struct Timing
    {
        QHash<QString, qint64> started; //!< consumer name → ms after the origin
        //! consumer name → how long its start() ran (startReturnMs − startCallMs)
        QHash<QString, qint64> startups;
        //! consumers whose start()'s heartbeat found the lock held ("[main] … lock heartBeat,
        //! but failed." in its rocketmq_client.log)
        QSet<QString> startLockFailed;
        QHash<QString, QList<qint64>> controls; //!< consumer name → applied, in order
        QList<qint64> topicUpdates; //!< in order
    };
    //! The timing of the run in `dir` (real-run.json and the consumers' stdout.log); empty when
    //! unreadable.
    static Timing timingOf(const QString &dir);
    Timing timing; //!< this run's, as timingOf read it

    /*!
        `scenario` as this run played it, for the engine to play beside it: each consumer the run
        started starts (or joins) when its real start() returned, not at the file's time, and
        each event the run applied late takes effect when it did. A JVM's start() took 0.5 to
        9.6 s on two loaded cores (median 3.4 s, the 89 starts of the recorded runs), and where it
       returned sets the phase of the client's timers (the 20 s RebalanceService wait, route polls,
       heartbeats, offset persistence): with notifications off, what decides every hand-over.
       mqadmin's updateTopic took 4.9 s (a JVM of its own). The machine's start-up is not what the
       engine is compared on, but how long start() ran is what the client saw: each consumer's
       `startupTime` says it (5.x: its first rebalance round runs at once when that was longer
       than rebalanceMinInterval, RebalanceService.lastRebalanceTimestamp).
    */
    Scenario asPlayed(const Scenario &scenario) const;
    static Scenario asPlayed(const Scenario &scenario, const Timing &timing);
};

//! The engine's figures for `scenario` with `seed`, measured as RealRunRecord measures a real run.
//! Deliveries, duplicates and queue-seconds count from `from` (the real run's RunFigures::from).
RBLAB_ENGINE_EXPORT RunFigures engineFigures(
    const Scenario &scenario, const StrategyRegistry &registry, quint64 seed, qint64 from = 0);

/*!
    One figure, real beside the engine's runs over seeds: the real value, the engine's median and
    range, and whether the real one lies inside (times widened by 50 ms of measurement). Hand-over
    gaps also need the engine's median within max(15 %, 150 ms) of the real gap.
*/
struct RBLAB_ENGINE_EXPORT RealComparisonRow
{
    QString figure; //!< "first receipt after kill 127.0.0.1@c1", "duplicates"
    QString unit; //!< "ms", "messages", "queue-seconds"
    double real = 0;
    double median = 0;
    double least = 0;
    double most = 0;
    int seeds = 0;
    bool inside = false;
    bool handOver = false; //!< a time after a leave: a hand-over, or (POP) a message back
    bool redelivery = false; //!< POP: "first redelivery after …"
    bool last = false; //!< hand-overs: the last of the leaver's queues, not the first
    QString action; //!< hand-overs and redeliveries: the leave ("kill", "shutdown", "freeze")
    QString consumer; //!< … and who left
    bool medianClose = true; //!< hand-overs: the median within max(15 %, 150 ms)
    bool verdict() const { return inside && medianClose; }
};

RBLAB_ENGINE_EXPORT QList<RealComparisonRow> compareReal(
    const RunFigures &real, const QList<RunFigures> &engine);

} // namespace Rblab
