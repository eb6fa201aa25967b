// SPDX-License-Identifier: Apache-2.0
// An imported log set as a read-only run: the frames the views paint, from RocketMQ client logs.
#pragma once

#include "simulation/frame.h"

#include <import/logimporter.h>

#include <QList>
#include <QStringList>

#include <atomic>
#include <memory>
#include <vector>

namespace Rblab {

/*!
    What `rblab import-logs` rebuilt (LogImporter), shaped as a run the app already knows how to
    show: a Catalog (clients as consumers, the queues of the result sets), a WorldSnapshot at
    any time (each client's tiles are the queues it claimed then, DefaultMQPushConsumerImpl's
    process queues as the logs show them), SimEvents (rebalances, notifications, flow control,
    starts, shutdowns, inferred kills) and Samples whose ownership counts are the importer's
    double-owned and unowned windows. Time 0 is the first used line (the report's origin).
    Immutable once built, so the GUI thread, a compare pane and tests share one.
*/
class ObservedWorld
{
public:
    struct Result
    {
        std::shared_ptr<const ObservedWorld> world; //!< null when nothing could be imported
        QString error; //!< why not (a file that is not a log, no consumer line, cancelled)
        QList<LogImporter::FileProblem> warnings; //!< bad lines (file:line), truncated gzip
    };
    /*!
        Reads `files` (plain or gzip client logs of 4.9 or 5.x; a folder gives the client logs
        below it, LogFileList) and rebuilds them. `progress`
        (bytes read, bytes in all files) and `cancel` may be used from another thread: this
        runs in the import's worker thread.
    */
    static Result import(const QStringList &files, LogImporter::Options options,
        const std::atomic_bool *cancel = nullptr);

    CatalogPtr catalog() const { return m_catalog; }
    SimTime duration() const { return m_duration; }
    //! The origin as epoch milliseconds (UTC).
    qint64 origin() const { return m_importer->origin(); }
    //! The picture at `t` (clamped to 0 … duration()).
    WorldSnapshot snapshotAt(SimTime t) const;
    //! Every event, in time order.
    const QList<SimEvent> &events() const { return m_events; }
    const QList<Sample> &samples() const { return m_samples; }
    SimTime sampleInterval() const { return m_sampleInterval; }
    //! The scenario that replays the membership (`rblab import-logs --scenario`).
    const Scenario &replayScenario() const { return m_replay; }
    QStringList files() const { return m_files; }
    //! "3 log files, 2 consumers of GID_ORDER": what the title and banner say.
    QString summary() const;
    //! The used lines of catalog consumer `consumer`, in time order.
    QList<LogImporter::SourceLine> linesOf(qint32 consumer) const;
    const LogImporter &importer() const { return *m_importer; }
    /*!
        When catalog consumer `consumer` last logged anything, as its file prints it ("21:42:01",
        the logs' own clock and zone: the line one finds there); empty for no such consumer.
    */
    QString lastLineClock(qint32 consumer) const;
    /*!
        Per catalog consumer: lastLineClock() of one whose end the importer inferred (it fell
        silent while the others' cidAllSize dropped; the report calls it a kill), else empty.
        The logs show silence, not a kill: the views say "silent since" with it.
    */
    const QStringList &silentSince() const { return m_silentSince; }
    //! When a double-owned window begins (time order): pause-on-event and tests.
    const QList<SimTime> &doubleOwnedStarts() const { return m_doubleStarts; }

private:
    ObservedWorld() = default;
    void build();
    //! Every queue of the result sets, in RocketMQ's order (topic, brokerName, queueId).
    void addQueues(Catalog &catalog);
    //! A consumer per client of a group; returns their catalog indexes by "group\nclientId".
    QHash<QString, qint32> addConsumers(Catalog &catalog);
    //! The clients' claims over time, and each group's queues (those its clients claimed).
    void addChanges(Catalog &catalog, const QHash<QString, qint32> &consumerIndex);
    //! The importer's double-owned and unowned windows and flow-control episodes.
    void addWindows(const QHash<QString, qint32> &consumerIndex);
    //! The events a run would publish, in time order, and the rebalance totals by time.
    void addEvents(const QHash<QString, qint32> &consumerIndex);
    //! Samples on a grid over the logs and at every window's edges.
    void addSamples();
    struct Change
    {
        SimTime t = 0;
        qint32 consumer = -1;
        qint32 topic = -1;
        QList<qint32> queues; //!< catalog indices
        bool end = false;
    };
    struct Window
    {
        SimTime from = 0;
        SimTime to = 0;
        bool open = false;
        qint32 group = -1; //!< index into the catalog's groups
        bool covers(SimTime t) const { return t >= from && (t < to || (open && t <= to)); }
    };
    //! The claims after every change at or before `t`: consumer → topic → queues, and since when
    //! each (consumer, queue) is held.
    struct State
    {
        QList<QMap<qint32, QList<qint32>>> claims;
        QList<QHash<qint32, SimTime>> since;
        QList<bool> ended;
        qsizetype next = 0; //!< into m_changes
    };
    void advance(State &state, SimTime t) const;
    WorldSnapshot picture(const State &state, SimTime t) const;
    qint32 queueIndex(const LoggedQueue &q) const { return m_queueIndex.value(key(q), -1); }
    static QString key(const LoggedQueue &q);
    SimTime rel(qint64 t) const { return t - m_importer->origin(); }

    std::unique_ptr<LogImporter> m_importer;
    QStringList m_files;
    CatalogPtr m_catalog;
    SimTime m_duration = 0;
    QHash<QString, qint32> m_queueIndex;
    QList<LogImporter::ObservedConsumer> m_consumers;
    std::vector<Change> m_changes;
    QList<Window> m_doubleOwned; //!< one per (queue, window): counted per queue
    QList<Window> m_unowned;
    QList<SimTime> m_doubleStarts;
    struct Flow
    {
        qint32 consumer = -1;
        qint32 queue = -1;
        SimEvent::FlowCause cause = SimEvent::FlowCause::Count;
        SimTime from = 0;
        SimTime to = 0;
    };
    QList<Flow> m_flow;
    QList<QList<SimTime>> m_rebalances; //!< per consumer: its result lines' times
    QList<SimTime> m_roundTimes; //!< every rebalance event's time, in order
    QList<qint64> m_movesUpTo; //!< queues added by the rounds up to m_roundTimes[i]
    QList<SimEvent> m_events;
    QList<Sample> m_samples;
    SimTime m_sampleInterval = 500;
    Scenario m_replay;
    QStringList m_silentSince;
    //! Per consumer: what the run did to it (LogImporter::Options::knownActions), time order.
    QList<QList<std::pair<SimTime, LogImporter::Options::KnownAction::Kind>>> m_known;
};

} // namespace Rblab
