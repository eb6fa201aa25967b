// SPDX-License-Identifier: Apache-2.0
// Rebuilds what a consumer group did from the used lines of its clients' logs.
#pragma once

#include "import/logreader.h"
#include "import/observedincident.h"

#include <QHash>
#include <QMap>
#include <QSet>
#include <QString>

#include <functional>

#include <optional>
#include <vector>

namespace Rblab {

class ClockSkewEstimator;
class LogInterner;

/*!
    From the used lines in corrected time order (LogReader, ClockSkewEstimator): the consumers
    and their lifetimes (a silent one is taken as killed when another member's cidAllSize
    dropped soon after), every client's claims and views over time, the report's events and
    flow-control episodes, and then, per group and topic, a sweep over the claims for the
    queues two running clients claimed at once (double-owned), no running client claimed
    (unowned), and the clients' disagreeing views.
*/
class LogRebuilder
{
public:
    //! Only lines of `group` and of `topic` (empty: all); names and lists kept through `interner`.
    LogRebuilder(const QString &group, const QString &topic, const ClockSkewEstimator &clocks,
        LogInterner *interner);

    ObservedIncident rebuild(const std::vector<LoggedLine> &lines);
    /*!
        How to learn when a client last logged anything (LogReader::lastSeen: host, client id →
        printed time, -1 for nothing): a client silent in the rebalance lines still lives while
        it logs. Without it, its last used line is all that is known.
    */
    void setLastSeen(std::function<qint64(int, const QString &)> lastSeen)
    {
        m_lastSeen = std::move(lastSeen);
    }
    //! The read queues per topic and broker the route lines gave (LogReader::routeQueues()):
    //! what a POP assignment of queueId -1 covers.
    void setRouteQueues(QHash<QString, QHash<QString, int>> routes)
    {
        m_routes = std::move(routes);
    }

private:
    //! A client's claim or view as a line changed it, or its end, for the sweep.
    struct Change
    {
        qint64 t;
        qint64 seq;
        int consumer;
        int host;
        QString topic;
        bool end = false;
        QList<LoggedQueue> claim;
        std::optional<QPair<int, int>> view;
        bool pop = false; //!< a POP claim: shared with the group's other poppers by design
    };
    using Consumer = ObservedIncident::Consumer;
    //! What inferKill() weighs a group's silent members against (logrebuilder.cpp).
    struct GroupEvidence
    {
        QList<const LogRecord *> results; //!< the group's result lines, time order
        //! Max segment tree of each line's excess of members alive over its cidAllSize.
        std::vector<int> excessTree;
        int kills = 0; //!< inferred so far
    };
    using Event = ObservedIncident::Event;

    bool wanted(const LogRecord &r) const;
    //! Pass 1: the consumers, their lifetimes, the topics' queues, the time span.
    void findConsumers(const std::vector<LoggedLine> &lines);
    //! A silent consumer taken as killed at its last line (see inferKill()).
    void inferKills(const std::vector<LoggedLine> &lines);
    void inferKill(Consumer &c, GroupEvidence &group);
    /*!
        A silent POP member: killed (or hung) when the others logged a notification after its
        last line and it did not (m_notifications).
    */
    void inferPopKill(int consumer);
    //! The group saw `c` gone at `seenAt`: within channel expiry of its last line its
    //! connections closed and it died at `diedAt`; later, it hung at its last line.
    static void settleKill(Consumer &c, qint64 seenAt, qint64 diedAt);
    //! A POP line's queues with queueId -1 given as every queue of the topic on that broker.
    QList<LoggedQueue> expanded(const LogRecord &r);
    //! Pass 2: events, claims per (group, topic), views, flow control.
    void collectChanges(const std::vector<LoggedLine> &lines);
    //! A result, add or remove line: the client's claim on the topic changes.
    void claim(const LoggedLine &line, int consumer, Event e);
    static QString consumerTopic(int consumer, const QString &topic);
    void shutdown(const LoggedLine &line, int consumer, Event e);
    //! Its claims end at its first "unregister client" line (LogRecord::Kind::Unregistered).
    void unregistered(const LoggedLine &line, int consumer);
    void flowControl(const LoggedLine &line, const Consumer &c, Event e);
    //! The inferred kills as events and claim ends.
    void addKills();
    //! Per group and topic: the double-owned and unowned queues and the disagreeing views.
    void sweep(const QString &key, QList<Change> &changes);

    QString m_group;
    QString m_topic;
    const ClockSkewEstimator &m_clocks;
    LogInterner *m_interner;
    ObservedIncident m_incident;
    QMap<QString, int> m_consumerIndex; //!< group + '\n' + clientId → index
    QSet<int> m_unregistered; //!< consumers whose claims ended at an unregister line
    QMap<QString, QList<Change>> m_changes; //!< group + '\n' + topic → changes
    QMap<QString, int> m_flowOpen; //!< consumer, queue and cause → index in the episodes
    using Note = std::pair<qint64, int>; //!< a notification's time and who logged it
    QHash<QString, std::vector<Note>> m_notifications; //!< group → notifications, time order
    std::function<qint64(int, const QString &)> m_lastSeen;
    QHash<QString, QHash<QString, int>> m_routes; //!< topic → broker → readQueueNums
    QSet<int> m_saidUnregister; //!< consumers that logged an "unregister client" line
    //! consumerTopic → the queues its last rebalance round could not lock (orderly), until its
    //! result line or their "add a new mq" line.
    QHash<QString, QList<LoggedQueue>> m_lockFailed;
    QSet<QString> m_broadcasting; //!< groups whose start said messageModel=BROADCASTING
};

} // namespace Rblab
