// SPDX-License-Identifier: Apache-2.0
// The engine's face: a discrete-event run of RocketMQ push consumers and brokers.
#pragma once

#include "scenario/scenario.h"
#include "model/catalog.h"
#include "run/eventspool.h"
#include "run/samplehistory.h"
#include "run/samplespool.h"
#include "model/simevent.h"
#include "model/snapshot.h"

#include <rblab/rblab_global.h>

#include <QCoreApplication>
#include <QList>
#include <QString>

#include <memory>
#include <optional>

namespace Rblab {

class StrategyRegistry;
struct World;

/*!
    A run of a scenario: RocketMQ's push consumers (RebalanceService, RebalanceImpl, the pull
    service, ProcessQueue and its flow control, offsets, orderly locks) and the brokers and name
    server that drive them, on a virtual millisecond clock.

    Deterministic: the same scenario, seed and commands at the same virtual times give the same
    run. Single-threaded: a Simulation belongs to the thread that uses it (the GUI runs it in a
    worker thread and reads snapshots). Commands are ScenarioEvents applied at now(), the same
    structure scripted events use.
*/
class RBLAB_ENGINE_EXPORT Simulation
{
    Q_DECLARE_TR_FUNCTIONS(Rblab::Simulation)

public:
    struct Options
    {
        std::optional<quint64> seed; //!< overrides the scenario's seed
        QString strategy; //!< overrides every group's strategy (empty: keep)
        QVariantMap strategyParams; //!< with `strategy`
        std::optional<SimTime> sampleInterval; //!< overrides the scenario's (charts want finer)
        bool recordSamples = true; //!< take samples at all (false: none, e.g. a preview run)
        /*!
            Where samples go. Memory keeps every one in samples() (tests, the scorecard); Spool
            writes every one, and every event, to temporary files (spool(), eventSpool()) so that
            a report can stream them and the run's memory stays that of its world; Bounded keeps a
           thinned window for charts (history()).
        */
        enum class Recording { Memory, Spool, Bounded };
        Recording recording = Recording::Memory;
        SampleHistory::Limits historyLimits; //!< with Recording::Bounded
        /*!
            With Recording::Bounded: the store to append to, shared with the caller (a
            Timeline's runs take turns at one store); null: the run makes its own.
        */
        std::shared_ptr<SampleHistory> history;
        /*!
            Steady queues' pull answers handled off the agenda (model/fastpath.h): the same run,
            several times faster. False (or RBLAB_FASTPATH=0 in the environment) runs every
            answer through the agenda, for comparison.
        */
        bool fastPath = true;
    };

    Simulation(const Scenario &scenario, const StrategyRegistry &registry, const Options &options);
    Simulation(const Scenario &scenario, const StrategyRegistry &registry);
    ~Simulation();
    Q_DISABLE_COPY_MOVE(Simulation)

    //! Why the run cannot start (an unknown strategy, bad parameters); empty when it can.
    QString error() const;
    bool isValid() const { return error().isEmpty(); }

    const Scenario &scenario() const;
    quint64 seed() const;
    SimTime now() const;
    //! Time of the next pending event (kNever if none): for stepping and progress.
    SimTime nextEventTime() const;
    quint64 processedEventCount() const;
    //! Of those, the pull answers the fast path handled (model/fastpath.h).
    quint64 fastPathAnswers() const;
    //! The answers its loops handled, those handled again after a stop included.
    quint64 fastPathLooped() const;
    //! Answers its catch-ups gave to the general path (a lane's stops).
    quint64 fastPathStops() const;

    //! Processes every event due at or before `t`, then sets the clock to `t`.
    void runUntil(SimTime t);
    /*!
        Processes events due at or before `t` until processedEventCount() is `processed` (or
        none is left by `t`), then sets the clock to `t`: puts a run back at the position a
        command was given, between two events of one millisecond if a step stopped there.
    */
    void runUntilProcessed(SimTime t, quint64 processed);
    //! Processes one internal event; false when none is pending.
    bool step();
    /*!
        Runs until the next published event of one of `types` (all types when empty) or until
        `limit`, whichever comes first; returns true if such an event was published.
    */
    bool runToNextEvent(const QList<SimEvent::Type> &types, SimTime limit);

    /*!
        Applies a command at now() (its `at` is ignored), exactly as a scripted event would be.
        Returns false with a message naming what is wrong (an unknown consumer, …).
    */
    bool apply(const ScenarioEvent &command, QString *error = nullptr);
    //! Random churn from now on (nullopt stops it).
    void setChurn(const std::optional<ChurnSpec> &churn);
    std::optional<ChurnSpec> churn() const;

    // The catalog: append-only, so indices stay valid for the whole run.
    //! The whole catalog as it is now: queues, consumers, brokers, topics and groups.
    Catalog catalog() const;
    const QList<QueueInfo> &queues() const;
    const QList<ConsumerInfo> &consumers() const;
    QStringList brokerNames() const;
    QStringList topicNames() const;
    QStringList groupNames() const;
    //! Indices of queues() in RocketMQ's order (topic, brokerName, queueId).
    QList<qint32> sortedQueueOrder() const;
    //! The consumer with this handle, or -1.
    qint32 consumerIndex(const QString &name) const;

    //! Refreshes and returns the snapshot (reuses its buffers; valid until the next call).
    const WorldSnapshot &snapshot();
    /*!
        The published events the run holds: all of them, except with Recording::Spool, where
        they go to eventSpool() as they are published and only those of a runToNextEvent() call
        in progress are held here.
    */
    const QList<SimEvent> &events() const;
    //! Every event published and spooled, with Recording::Spool (nullptr otherwise).
    const EventSpool *eventSpool() const { return m_eventSpool.get(); }
    //! Events published so far, wherever they are kept.
    quint64 publishedEventCount() const;
    //! Every sample, with Recording::Memory (empty otherwise).
    const QList<Sample> &samples() const;
    //! Every sample on disk, with Recording::Spool (nullptr otherwise).
    const SampleSpool *spool() const { return m_spool.get(); }
    //! The thinned window, with Recording::Bounded (nullptr otherwise).
    const SampleHistory *history() const { return m_history.get(); }
    /*!
        Drops the samples taken after `t` from whichever store keeps them: for a run that goes
        back to an earlier time (the events are the World's own).
    */
    void truncateSamplesAfter(SimTime t);
    /*!
        What the run holds in memory that could grow with its length (issue 12), for tests and
        the memory bench: process queues ever created, those let go (dropped and out of their
        consumer's table) and the heap bytes each kind still holds (caches, orderly lists), and
        the events held in memory.
    */
    struct MemoryFigures
    {
        qint64 processQueues = 0;
        qint64 letGoQueues = 0;
        qint64 letGoBytes = 0; //!< 0 unless a dropped queue keeps its storage
        qint64 tableBytes = 0; //!< held by the queues in the tables: the world itself
        qint64 consumers = 0;
        qint64 departedConsumers = 0; //!< killed or shut down
        qint64 departedBytes = 0; //!< their pools, queues, routes: 0 once they are gone
        qint64 heldEvents = 0;
    };
    MemoryFigures memoryFigures() const;
    SnapshotTotals totals() const;
    //! totals() for one consumer group (index into groupNames()); their sums are the totals.
    SnapshotTotals groupTotals(qint32 group) const;
    /*!
        A POP consumer's figures now (its SnapshotConsumer's popInFlight … popRevived) without
        building a snapshot; zeros for a PULL consumer.
    */
    SnapshotConsumer popFigures(qint32 consumer) const;
    /*!
        Queue-seconds a group's queues (main topics, in route) spent orphaned: no running member
        had pulled them since it took them (the report's orphanedQueueSeconds, for one group of
        scenario().groups).
    */
    double orphanedQueueSeconds(qint32 group) const;
    SimTime sampleInterval() const;
    /*!
        Starts or stops keeping samples from now on (a run parked as a checkpoint keeps none:
        stopping frees those kept). Sampling's observations do not change the run.
    */
    void setRecordSamples(bool record);

private:
    std::unique_ptr<World> m_world;
    std::unique_ptr<SampleSpool> m_spool;
    std::unique_ptr<EventSpool> m_eventSpool;
    std::shared_ptr<SampleHistory> m_history;
    WorldSnapshot m_snapshot;
};

} // namespace Rblab
