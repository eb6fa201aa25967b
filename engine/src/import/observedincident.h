// SPDX-License-Identifier: Apache-2.0
// What the log importer rebuilds from client logs: an incident as the logs show it.
#pragma once

#include "import/logrecord.h"

#include <rblab/rblab_global.h>

#include <QList>
#include <QMap>
#include <QPair>
#include <QString>
#include <QStringList>

#include <limits>
#include <optional>
#include <vector>

namespace Rblab {

/*!
    Per group and topic, each client's claims over time, the queues two clients claimed at once
    or no running client claimed, the clients' views (cidAllSize, mqAllSize) and where they
    disagreed, and the flow-control episodes: what LogRebuilder finds in the used lines, and
    what the observed report (ObservedReportWriter) and the replay scenario are written from.
    Times are corrected epoch milliseconds.
*/
struct RBLAB_ENGINE_EXPORT ObservedIncident
{
    /*!
        What one window lists at most: a storm of N clients claiming the same queues (a CONFIG
        strategy, a stale view) would otherwise list N windows of up to N claimants per queue
        (issue 39). Past kListedPerWindow the window lists the first claimants (by first line)
        and counts the rest; past kWindowsBeforeFolding windows on one queue (or one topic's
        views) a window that starts where the last ended is folded into it; past kMostWindows
        further windows are only counted (TopicTimeline::notListed).
    */
    static constexpr int kListedPerWindow = 16;
    static constexpr int kWindowsBeforeFolding = 32;
    static constexpr int kMostWindows = 1024;

    struct Interval
    {
        qint64 from = 0; //!< corrected epoch ms
        qint64 to = 0;
        bool open = false; //!< still so at the end of the logs
        QStringList consumers; //!< the first kListedPerWindow
        std::optional<qint64> toleranceMs;
        QString detail;
        int notListed = 0; //!< claimants (or views) beyond `consumers`, the most at once
        int folded = 0; //!< later windows with other claimants folded into this one
    };
    //! Windows only counted, past kMostWindows in one list.
    struct NotListed
    {
        qint64 windows = 0;
        qint64 ms = 0;
    };
    struct TopicTimeline
    {
        QString group;
        QString topic;
        QMap<LoggedQueue, QList<Interval>> doubleOwned;
        QMap<LoggedQueue, QList<Interval>> unowned;
        QList<Interval> disagreements;
        NotListed doubleOwnedNotListed;
        NotListed unownedNotListed;
        NotListed disagreementsNotListed;
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
    //! How the report names a flow-control cause: "count", "size" or "span".
    static QString causeName(LogRecord::Kind cause)
    {
        switch (cause) {
        case LogRecord::Kind::FlowSize:
            return QStringLiteral("size");
        case LogRecord::Kind::FlowSpan:
            return QStringLiteral("span");
        default:
            return QStringLiteral("count");
        }
    }
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
    //! A consumer of a group, by client id, as its lines show it.
    struct Consumer
    {
        QString group;
        QString clientId;
        int host = 0;
        qint64 first = 0;
        qint64 last = 0; //!< its last used line
        //! Its last line of any kind (persistAll, heartbeats…), at least `last`.
        qint64 alive = 0;
        std::optional<qint64> startOk;
        std::optional<qint64> shutdownOk;
        //! Its first "unregister client … success" line: the brokers saw it leave (5.x: seconds
        //! before its "shutdown OK").
        std::optional<qint64> unregistered;
        std::optional<qint64> killed; //!< inferred: silent while others' cidAllSize dropped
        //! The kill was noticed at once (its connections closed), not by channel expiry.
        bool closedConnections = false;
        qint64 killSeenAt = 0; //!< the first result line that showed the smaller group
        //! A POP member (5.x): its claims are what it pops, shared with the group's others.
        bool pop = false;
        //! Its kill was inferred from a notification the others logged and it did not (a POP
        //! member's lines have no cidAllSize), not from a smaller cidAllSize.
        bool missedNotification = false;
        QMap<QString, QList<LoggedQueue>> claims; //!< topic → claimed (at the end of the logs)
        //! topic → the last "rebalanced result changed" set: a result's added and removed are
        //! against it, not against the claims its own round's add and remove lines already made.
        QMap<QString, QList<LoggedQueue>> results;
        QMap<QString, QPair<int, int>> view; //!< topic → (cidAllSize, mqAllSize), last logged
        QString strategy;

        //! When it stopped (shut down or killed), or the largest time when it did not.
        qint64 end() const
        {
            if (shutdownOk) {
                return *shutdownOk;
            }
            if (killed) {
                return *killed;
            }
            return std::numeric_limits<qint64>::max();
        }
    };

    std::vector<Consumer> consumers; //!< in the order they first logged
    QMap<QString, QString> groupStrategy; //!< group → the strategy its first result line names
    QMap<QString, QMap<QString, int>> topicBrokers; //!< topic → broker → queue count
    QList<TopicTimeline> timelines;
    QList<FlowEpisode> flow;
    QList<Event> events;
    QList<ClaimChange> claimChanges;
    qint64 dropped = 0; //!< "the pull request[…] is dropped" lines
    qint64 origin = 0; //!< the first used line's corrected time
    qint64 end = 0; //!< the last one's
};

} // namespace Rblab
