// SPDX-License-Identifier: Apache-2.0
// Rebuilds what a consumer group did from RocketMQ client logs (`rblab import-logs`,
// docs/import.md).
#pragma once

#include "import/anonymizer.h"
#include "import/clockskewestimator.h"
#include "import/loginterner.h"
#include "import/logreader.h"
#include "import/logrecord.h"
#include "import/observedincident.h"
#include "scenario/scenario.h"

#include <rblab/rblab_global.h>

#include <QByteArray>
#include <QIODevice>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

namespace Rblab {

/*!
    Rebuilds what consumer groups did from RocketMQ 4.9 and 5.3 client logs: LogReader keeps the
    sparse lines whose text RocketMQ fixes in its source (LogRecord::Kind), ClockSkewEstimator
    corrects each host's clock from the broker notifications several hosts logged, LogRebuilder
    finds, per group and topic, each client's claims over time, the queues two clients claimed at
    once or no running client claimed, the clients' views and where they disagreed, and the
    flow-control episodes; ObservedReportWriter writes them as an observed report
    (report-format.md, "Observed reports"), scenario() as a scenario that replays the membership.
    Names are replaced with placeholders (Anonymizer) when asked to.

    A process is a log directory ("host"; `other_days/` counts as its parent) and, for 5.3, the
    pid of the header.
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
        //! The most used lines kept (LogReader::kMostUsedLines).
        qint64 mostUsedLines = LogReader::kMostUsedLines;
        /*!
            The order a view lists the groups in (a real run's: its scenario's, so the real pane
            and the engine's match); groups not named follow in the order they first logged.
            The report is not affected.
        */
        QStringList groupOrder;
        //! Something done to a client from outside, known for certain (rblab real-run's own
        //! actions), at epoch ms.
        struct KnownAction
        {
            enum class Kind { Freeze, Thaw, Kill };
            qint64 at = 0;
            QString clientId;
            Kind kind = Kind::Freeze;
        };
        /*!
            What a real run did to its clients: a view shows a frozen client frozen and a killed
            one killed, which its log cannot tell (a hung client's silence reads like a quiet
            one's). The report is not affected.
        */
        QList<KnownAction> knownActions;
    };

    using FileProblem = LogReader::FileProblem;
    using Interval = ObservedIncident::Interval;
    using TopicTimeline = ObservedIncident::TopicTimeline;
    using HostClock = ClockSkewEstimator::HostClock;
    using ClaimChange = ObservedIncident::ClaimChange;
    using FlowEpisode = ObservedIncident::FlowEpisode;
    using Event = ObservedIncident::Event;

    explicit LogImporter(Options options);
    ~LogImporter();
    Q_DISABLE_COPY_MOVE(LogImporter)

    //! Reads one file; false (error()) for a directory, an empty file, binary data. A truncated
    //! gzip stream keeps what came before and adds a warning naming the place.
    bool addFile(const QString &path, qint64 totalBytes = 0)
    {
        return m_reader.addFile(path, totalBytes);
    }
    QString error() const { return m_reader.error(); }
    //! Lines that look like a known message but do not parse, and truncated files.
    //! The files' bad lines, then (after finish()) what the import as a whole warns of.
    QList<FileProblem> warnings() const { return m_reader.warnings() + m_warnings; }

    //! Rebuilds the timelines; call once, after the last addFile().
    void finish();

    QByteArray reportJson() const;
    //! The same report written to `out` as it is made, never whole in memory; false when a
    //! write failed.
    bool writeReport(QIODevice &out) const;
    Scenario scenario() const;

    qint64 lines() const { return m_reader.lineCount(); }
    qint64 unknownLines() const { return m_reader.unknownLines(); }
    qint64 usedLines() const { return qint64(m_reader.records().size()); }
    qint64 repeatedResultLines() const { return m_reader.repeatedResultLines(); }
    int consumerCount() const { return int(m_incident.consumers.size()); }

    const QList<TopicTimeline> &timelines() const { return m_incident.timelines; }
    const QList<HostClock> &clocks() const { return m_clocks.clocks(); }
    qint64 origin() const { return m_incident.origin; }
    //! Minutes east of UTC of the printed times (Options::zoneMinutes).
    int zoneMinutes() const { return m_options.zoneMinutes; }
    const QStringList &groupOrder() const { return m_options.groupOrder; }
    const QList<Options::KnownAction> &knownActions() const { return m_options.knownActions; }
    //! The last used line's corrected time.
    qint64 end() const { return m_incident.end; }

    // What the app's observed world is built from (ObservedWorld): the same rebuilt claims
    // the report is written from, with the line behind each.

    //! One used line and where it was read ("hostA/other_days/rocketmq_client-1.log.gz", 1-based).
    struct SourceLine
    {
        LogRecord record; //!< time corrected by the host's skew; clientId attributed
        QString file;
        qint64 line = 0;
    };
    const QList<ClaimChange> &claimChanges() const { return m_incident.claimChanges; }
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
        std::optional<qint64> unregistered; //!< its first "unregister client … success"
        std::optional<qint64> killed; //!< inferred
        //! Its last line of any kind (persistAll, heartbeats…), corrected: at least `last`.
        qint64 alive = 0;
        //! That line's time as its host printed it (not corrected for the host's skew), so that
        //! a view can name the line one finds in the file.
        qint64 alivePrinted = 0;
        bool pop = false; //!< a POP member (5.x): several pop the same queues by design
    };
    //! The consumers in the order they first logged.
    QList<ObservedConsumer> observedConsumers() const;
    //! The used lines of one client of one group, in corrected time order.
    QList<SourceLine> linesOf(const QString &group, const QString &clientId) const;
    //! topic → broker name → queue count, as the result sets show them.
    const QMap<QString, QMap<QString, int>> &topicBrokers() const
    {
        return m_incident.topicBrokers;
    }
    const QList<FlowEpisode> &flowEpisodes() const { return m_incident.flow; }
    const QList<Event> &events() const { return m_incident.events; }

    /*!
        How many distinct queue lists (heap blocks) the kept lines, claim changes and events
        hold. Logs made of result lines repeat a few allocations many times: the importer keeps
        each list once (shared), so this stays at the number of different allocations, not the
        number of lines (tst_rblabimportlogs).
    */
    qsizetype queueListBlocks() const;

private:
    //! Gathers the names the anonymiser numbers: clients, groups, topics, broker IPs, hosts.
    void buildAnonymizer();
    //! A warning, with the last line, when the logs span more than a scenario may last.
    void warnIfLongerThanAScenario();

    Options m_options;
    LogInterner m_interner;
    LogReader m_reader;
    ClockSkewEstimator m_clocks;
    ObservedIncident m_incident;
    Anonymizer m_anon;
    QList<FileProblem> m_warnings; //!< of the import as a whole (warnIfLongerThanAScenario)
};

} // namespace Rblab
