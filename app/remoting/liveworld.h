// SPDX-License-Identifier: Apache-2.0
// A watched live group as a run: the polls so far, as catalog, snapshots, events and samples.
#pragma once

#include "groupsnapshot.h"

#include <model/catalog.h>
#include <model/simevent.h>
#include <model/snapshot.h>

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

#include <memory>

namespace Rblab::Remoting {

/*!
    What `GroupWatcher` polls of a live consumer group, shaped as a run the app already shows
    (as ObservedWorld shapes imported logs): an append-only Catalog (the clients as consumers,
    the subscribed topics' queues, retry topic included), the WorldSnapshot at any polled moment
    (each client's tiles are the queues it said it holds, with its own cached count and size and
    the broker's lag), SimEvents from diffSnapshots() between consecutive polls, and one Sample
    per poll, so the charts draw the polled figures. Time 0 is the first poll; a poll's time is
    its wall clock since then.

    Grows by append(): the GUI thread's live session and `rblab watch` own one each. A poll is
    kept compactly (its holdings, queue figures and each client's state), not as the whole
    GroupSnapshot; only the newest GroupSnapshot is kept whole (for a fork and the next diff).
    memoryBytes() counts what the polls hold.

    Events: a change that means what an engine event means uses that type (a client joined:
    Join; left the group: Kill, which the views show as "left", never as killed; queues moved:
    Rebalance per client with what it gained and lost; stopped answering: Freeze, answering
    again: Unfreeze). Every other change (double-owned, orphaned, a problem line, kinds this
    class does not know) is a CommandFailed carrier with the GroupChange's line as its detail
    (GroupChange::toText()). Every live event has `count` set to its GroupChange::Kind and
    `group` to kLiveChangeMarker, so views can name it (changeKind()).
*/
class LiveWorld
{
public:
    //! SimEvent::group of an event that came from a GroupChange.
    static constexpr qint32 kLiveChangeMarker = -36;

    //! How a client of the catalog stands at a poll.
    enum class ClientState : quint8 {
        Absent, //!< not seen yet
        Answering,
        NotAnswering, //!< listed by the brokers, but its running info did not come
        Left, //!< no longer in the group's connection list
    };
    struct ClientNote
    {
        ClientState state = ClientState::Absent;
        qint64 sinceMs = 0; //!< wall clock: when it stopped answering or was last seen
        QString reason; //!< why it did not answer ("timed out after 3000 ms", …)
    };

    LiveWorld(const QString &nameServer, const QString &group);

    /*!
        Appends a poll. Its time is its takenAtMs minus the first poll's (at least 1 ms after
        the last poll's, should the clock step back). Returns the events it added.
    */
    QList<SimEvent> append(const GroupSnapshot &snapshot);

    QString nameServer() const { return m_nameServer; }
    QString group() const { return m_group; }
    //! A new pointer whenever a client or a queue appears.
    std::shared_ptr<const Catalog> catalog() const { return m_catalog; }
    qsizetype pollCount() const { return m_polls.size(); }
    SimTime pollTime(qsizetype i) const { return m_polls.at(i).t; }
    qint64 pollWallClock(qsizetype i) const { return m_polls.at(i).takenAtMs; }
    //! The last poll's time (0 before the second).
    SimTime duration() const { return m_polls.isEmpty() ? 0 : m_polls.constLast().t; }
    qint64 origin() const { return m_origin; }
    //! The last poll at or before `t` (0 when `t` is before the first; -1 without polls).
    qsizetype pollAt(SimTime t) const;
    //! The picture at the last poll at or before `t`.
    WorldSnapshot snapshotAt(SimTime t) const;
    //! Every event, in time order.
    const QList<SimEvent> &events() const { return m_events; }
    //! One sample per poll.
    const QList<std::shared_ptr<const Sample>> &samples() const { return m_samples; }
    //! The newest poll, whole.
    const GroupSnapshot &latest() const { return m_latest; }
    //! Per catalog consumer, how it stood at the poll shown at `t`.
    QList<ClientNote> notesAt(SimTime t) const;
    //! The problem lines of the poll at `t` (brokers or the name server that did not answer).
    QStringList problemsAt(SimTime t) const;
    //! The GroupChange::Kind an event came from, or -1 for an event that did not.
    static int changeKind(const SimEvent &event);
    /*!
        The change events()[i] came from, whole (for a view to word it in its own language);
        null for a client's moves (one Rebalance event of several changes) and out of range.
    */
    const GroupChange *changeAt(qsizetype i) const;
    /*!
        Messages a second written to `topic`'s queues over the `polls` polls up to poll `upTo`
        (the newest when -1): the growth of the brokers' max offsets; -1 before two polls with
        figures. A fork starts with it.
    */
    double produceRate(const QString &topic, int polls = 5, qsizetype upTo = -1) const;
    //! Bytes the polls, events and samples hold (the compact rows, not the newest snapshot).
    qint64 memoryBytes() const;

private:
    //! A tile at one poll: what the client said of one process queue.
    struct Holding
    {
        qint32 queue = -1;
        qint32 consumer = -1;
        qint32 cachedCount = 0;
        qint32 cachedMiB = 0;
        qint64 minOffset = 0;
        qint64 maxOffset = 0;
        qint64 commitOffset = 0;
        qint64 lastPullMs = 0;
        SimTime since = 0; //!< the first poll (of this run of polls) it was held
        bool locked = false;
        bool dropped = false;
    };
    struct QueueFigures
    {
        qint64 brokerOffset = 0;
        qint64 consumerOffset = -1;
        qint64 lag = 0;
        quint8 ownership = 0; //!< QueueView::Ownership
    };
    struct ClientFigures
    {
        qint64 pullThresholdForQueue = 0;
        qint64 pullThresholdSizeForQueue = 0;
        qint64 consumeConcurrentlyMaxSpan = 0;
        QString strategy;
    };
    //! One poll, compactly. Lists that did not change share the previous poll's storage.
    struct Poll
    {
        SimTime t = 0;
        qint64 takenAtMs = 0;
        QList<Holding> holdings; //!< grouped by queue (catalog order), consumers in order
        QList<QueueFigures> queues; //!< the catalog's queues as they were at this poll
        QList<ClientNote> clients; //!< the catalog's consumers as they were at this poll
        QList<ClientFigures> figures; //!< shared with the previous poll while unchanged
        QStringList problems;
        qint32 rebalances = 0; //!< Rebalance events up to this poll
        qint64 queueMoves = 0;
        double doubleOwnedSeconds = 0;
        double orphanedSeconds = 0;
    };

    void grow(const GroupSnapshot &s);
    qint32 consumerIndex(const QString &clientId) const
    {
        return m_consumerIndex.value(clientId, -1);
    }
    qint32 queueIndex(const MessageQueue &mq) const;
    void addEvents(const QList<GroupChange> &changes, SimTime t, QList<SimEvent> *events);
    WorldSnapshot picture(const Poll &poll) const;
    std::shared_ptr<const Sample> sampleOf(const Poll &poll) const;
    static ClientFigures figuresOf(const ClientView &c);

    QString m_nameServer;
    QString m_group;
    std::shared_ptr<const Catalog> m_catalog;
    QHash<QString, qint32> m_consumerIndex; //!< client id → catalog consumer
    QHash<QString, qint32> m_queueIndex; //!< MessageQueue::label() → catalog queue
    qint64 m_origin = 0;
    QList<Poll> m_polls;
    QList<SimEvent> m_events;
    QList<GroupChange> m_eventChanges; //!< parallel to m_events (changeAt())
    QList<std::shared_ptr<const Sample>> m_samples;
    GroupSnapshot m_latest;
    GroupSnapshot m_baseline; //!< m_latest with the owners known before (withKnownOwners)
    qint64 m_sampleBytes = 0;
};

} // namespace Rblab::Remoting
