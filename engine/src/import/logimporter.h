// SPDX-License-Identifier: Apache-2.0
// Rebuilds what a consumer group did from RocketMQ client logs (`rblab import-logs`,
// docs/import.md).
#pragma once

#include "import/logrecord.h"
#include "scenario/scenario.h"

#include <rblab/rblab_global.h>

#include <QByteArray>
#include <QList>
#include <QMap>
#include <QSet>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>
#include <vector>

namespace Rblab {

/*!
    Reads RocketMQ 4.9 and 5.3 client logs (rocketmq-client-logs.md) and keeps only the sparse
    lines whose text RocketMQ fixes in its source (LogRecord::Kind), so memory does not grow with
    the logs' size. finish() then rebuilds, per group and topic, each client's claims over time,
    the queues two clients claimed at once or no running client claimed, the clients' views
    (cidAllSize, mqAllSize) and where they disagreed, and the flow-control episodes; it writes
    them as an observed report (report-format.md, "Observed reports") and as a scenario that
    replays the membership.

    A process is a log directory ("host"; `other_days/` counts as its parent) and, for 5.3, the
    pid of the header. Clock skew is estimated per host from the broker notifications that
    several hosts logged for the same change (one NOTIFY_CONSUMER_IDS_CHANGED reaches every
    member within milliseconds).
*/
class RBLAB_ENGINE_EXPORT LogImporter
{
public:
    struct Options
    {
        int zoneMinutes = 8 * 60; //!< printed times are GMT+8 unless --tz says otherwise
        QString group; //!< only this group (empty: all)
        QString topic; //!< only this topic
        bool anonymize = false;
        //! Called now and then with bytes read and bytes in all files.
        std::function<void(qint64, qint64)> progress;
        //! Asked now and then (every 1 MiB read); true stops the import: addFile() fails with
        //! the error "cancelled" (the app's Cancel button).
        std::function<bool()> cancelled;
    };

    struct FileProblem
    {
        QString file;
        qint64 line = 0;
        QString text;
    };

    explicit LogImporter(Options options);

    //! Reads one file; false (error()) for a directory, an empty file, binary data. A truncated
    //! gzip stream keeps what came before and adds a warning naming the place.
    bool addFile(const QString &path, qint64 totalBytes = 0);
    QString error() const { return m_error; }
    //! Lines that look like a known message but do not parse, and truncated files.
    const QList<FileProblem> &warnings() const { return m_warnings; }

    //! Rebuilds the timelines; call once, after the last addFile().
    void finish();

    QByteArray reportJson() const;
    Scenario scenario() const;

    qint64 lines() const { return m_lines; }
    qint64 unknownLines() const { return m_unknown; }
    qint64 usedLines() const { return qint64(m_records.size()); }
    int consumerCount() const { return int(m_consumers.size()); }

    struct Interval
    {
        qint64 from = 0; //!< corrected epoch ms
        qint64 to = 0;
        bool open = false; //!< still so at the end of the logs
        QStringList consumers;
        std::optional<qint64> toleranceMs;
        QString detail;
    };
    struct TopicTimeline
    {
        QString group;
        QString topic;
        QMap<LoggedQueue, QList<Interval>> doubleOwned;
        QMap<LoggedQueue, QList<Interval>> unowned;
        QList<Interval> disagreements;
    };
    const QList<TopicTimeline> &timelines() const { return m_timelines; }
    struct HostClock
    {
        QString host;
        qint64 skewMs = 0; //!< this host's clock minus the reference host's
        std::optional<qint64> toleranceMs; //!< nullopt: no notification to match
        int matches = 0;
        bool reference = false; //!< the clock the others are measured against
    };
    const QList<HostClock> &clocks() const { return m_clocks; }
    qint64 origin() const { return m_origin; }
    //! The last used line's corrected time.
    qint64 end() const { return m_end; }

    // What the app's observed world is built from (ObservedWorld): the same rebuilt claims
    // the report is written from, with the line behind each.

    //! One used line and where it was read ("hostA/other_days/rocketmq_client-1.log.gz", 1-based).
    struct SourceLine
    {
        LogRecord record; //!< time corrected by the host's skew; clientId attributed
        QString file;
        qint64 line = 0;
    };
    /*!
        A client's claim on a topic as a result, add or remove line left it, or its end
        ("shutdown OK", or an inferred kill: no line, empty file). Time order, as the sweep that
        finds double-owned and unowned queues applies them.
    */
    struct ClaimChange
    {
        qint64 t = 0;
        QString group;
        QString clientId;
        QString topic;
        QList<LoggedQueue> claim;
        bool end = false;
        QString file;
        qint64 line = 0;
    };
    const QList<ClaimChange> &claimChanges() const { return m_claimChanges; }
    struct ObservedConsumer
    {
        QString group;
        QString clientId;
        QString strategy;
        QString host; //!< the log folder
        qint64 first = 0;
        qint64 last = 0;
        std::optional<qint64> startOk;
        std::optional<qint64> shutdownOk;
        std::optional<qint64> killed; //!< inferred
    };
    //! The consumers in the order they first logged.
    QList<ObservedConsumer> observedConsumers() const;
    //! The used lines of one client of one group, in corrected time order.
    QList<SourceLine> linesOf(const QString &group, const QString &clientId) const;
    //! topic → broker name → queue count, as the result sets show them.
    const QMap<QString, QMap<QString, int>> &topicBrokers() const { return m_topicBrokers; }
    struct FlowEpisode
    {
        QString consumer;
        LoggedQueue queue;
        LogRecord::Kind cause = LogRecord::Kind::FlowCount;
        qint64 from = 0;
        qint64 to = 0;
        int lines = 0;
        qint64 firstTimes = 0;
        qint64 lastTimes = 0;
        QString group;
    };
    const QList<FlowEpisode> &flowEpisodes() const { return m_flow; }
    //! A line of the report's "events" (started, rebalance, notify, flowControlOn, kill, shutdown).
    struct Event
    {
        qint64 t = 0;
        qint64 seq = 0;
        QString type;
        QString consumer;
        QString topic;
        QString broker;
        std::optional<LoggedQueue> queue;
        QList<LoggedQueue> added;
        QList<LoggedQueue> removed;
        QString cause;
        QString detail;
        QString group;
    };
    const QList<Event> &events() const { return m_events; }

    /*!
        How many distinct queue lists (heap blocks) the kept lines, claim changes and events
        hold. Logs made of result lines repeat a few allocations many times: the importer keeps
        each list once (shared), so this stays at the number of different allocations, not the
        number of lines (tst_rblabimportlogs).
    */
    qsizetype queueListBlocks() const;

private:
    struct Raw
    {
        LogRecord record;
        int host = 0;
        int pid = -1;
        qint64 seq = 0;
        QString file;
        qint64 line = 0;
        QString shownPath; //!< below the host folder's parent (SourceLine::file)
    };
    struct Consumer
    {
        QString group;
        QString clientId;
        int host = 0;
        qint64 first = 0;
        qint64 last = 0;
        std::optional<qint64> startOk;
        std::optional<qint64> shutdownOk;
        std::optional<qint64> killed; //!< inferred: silent while others' cidAllSize dropped
        qint64 killSeenAt = 0; //!< the first result line that showed the smaller group
        QMap<QString, QList<LoggedQueue>> claims; //!< topic → claimed now (during the sweep)
        QMap<QString, QPair<int, int>> view; //!< topic → (cidAllSize, mqAllSize), last logged
        QString strategy;
        qint64 end() const;
    };
    QString hostOf(const QString &path);
    void estimateSkew();
    void attribute(std::vector<Raw> &raws);
    void rebuild();
    std::optional<qint64> tolerance(int hostA, int hostB) const;
    QString consumerKey(const QString &group, const QString &clientId) const;
    QString anon(const QString &kind, const QString &name) const;
    QString anonQueueTopic(const QString &topic) const;
    void buildAnonymizer();
    // One copy of each name and queue list: a day of result lines names the same group, topic,
    // clients and allocations hundreds of thousands of times.
    QString intern(const QString &text);
    QList<LoggedQueue> intern(const QList<LoggedQueue> &queues);
    void intern(LogRecord *record);

    Options m_options;
    QString m_error;
    QList<FileProblem> m_warnings;
    std::vector<Raw> m_records;
    QStringList m_hosts;
    QList<HostClock> m_clocks;
    QList<qint64> m_hostSkew;
    QList<std::optional<qint64>> m_hostTolerance;
    qint64 m_lines = 0;
    qint64 m_unknown = 0;
    qint64 m_continuation = 0;
    qint64 m_unattributed = 0;
    qint64 m_bytesDone = 0;
    int m_files = 0;
    bool m_sawV49 = false;
    bool m_sawV53 = false;
    qint64 m_seq = 0;
    qint64 m_origin = 0;
    qint64 m_end = 0;
    std::vector<Consumer> m_consumers;
    QMap<QString, int> m_consumerIndex; //!< group + '\n' + clientId → index
    QMap<QString, QString> m_groupStrategy;
    QMap<QString, QMap<QString, int>> m_topicBrokers; //!< topic → broker → queue count
    QList<TopicTimeline> m_timelines;
    QList<FlowEpisode> m_flow;
    QList<Event> m_events;
    QList<ClaimChange> m_claimChanges;
    qint64 m_dropped = 0;
    QMap<QString, QMap<QString, QString>> m_anon; //!< kind → original → placeholder
    QSet<QString> m_strings; //!< interned names (while reading and rebuilding)
    QSet<QList<LoggedQueue>> m_queueLists; //!< interned queue lists
};

} // namespace Rblab
