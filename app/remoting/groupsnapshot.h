// SPDX-License-Identifier: Apache-2.0
// What a live consumer group looks like at one poll, and what changed between two polls.
#pragma once

#include "clientchecks.h"
#include "remotingbodies.h"

#include "import/mqadminimporter.h"

#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>
#include <QVariantMap>

#include <optional>

namespace Rblab {
class StrategyRegistry;
}

namespace Rblab::Remoting {

//! One client of the group: its connection and what it said of itself (307), if it answered.
struct ClientView
{
    QString clientId;
    QString clientAddr;
    QString language;
    int version = 0; //!< MQVersion ordinal
    bool answered = false;
    bool timedOut = false; //!< did not answer in time (the broker forwards 307 to it)
    QString error; //!< why there is no running info: a timeout, "not online", a bad body
    ConsumerRunningInfo info;

    //! "V4_9_8" for 409 (MQVersion: a SNAPSHOT and a release ordinal per version).
    static QString versionName(int ordinal);
};

//! One queue of a subscribed topic, by the brokers' figures and the clients' claims.
struct QueueView
{
    enum class Ownership {
        Owned, //!< exactly one client has it in its process-queue table (not dropped)
        DoubleOwned, //!< two or more clients claim it
        Orphaned, //!< every client answered and none claims it
        Unknown, //!< nobody claims it, but some client did not answer
        Pop, //!< consumed by POP: the broker hands out messages, no client holds the queue
    };

    MessageQueue queue;
    bool hasOffsets = false; //!< the broker's ConsumeStats had this queue
    qint64 brokerOffset = 0;
    qint64 consumerOffset = 0;
    qint64 lag = 0;
    qint64 lastTimestamp = 0; //!< ms, the last consumed message's store time (0: none)
    std::optional<qint64> pullOffset;
    QStringList owners; //!< client ids, sorted
    Ownership ownership = Ownership::Unknown;
    //! The first owner's process queue (the one all figures below come from).
    std::optional<ConsumerRunningInfo::ProcessQueue> processQueue;
    //! Whether the first owner holds back its pulls (flowControlOf on processQueue).
    std::optional<FlowControl> flowControl;

    static QString ownershipName(Ownership o); //!< "owned", "double-owned", "orphaned", …
};

/*!
    The group at one poll: the name server's brokers and routes, the brokers' connections and
    offsets (203, 208) and each client's own view (307). Which client holds which queue is what
    the clients say. Problems (a broker or client that did not answer, an error answer, a body
    that could not be read) are lines in `problems`; the rest of the snapshot stands.
*/
struct GroupSnapshot
{
    qint64 takenAtMs = 0; //!< wall clock when the poll started
    QString nameServer;
    QString group;
    ClusterInfo cluster;
    QMap<QString, TopicRoute> routes; //!< topic → route
    bool online = false; //!< a broker listed connections (203 answered with code 0)
    ConsumerConnection connection;
    QList<ClientView> clients; //!< sorted by client id
    QList<QueueView> queues; //!< sorted by queue
    double consumeTps = 0;
    QStringList problems;
    //! Each judged client's claims against its strategy (checkViews()), sorted by client id.
    QList<ViewCheck> views;

    const ClientView *client(const QString &clientId) const;
    const ViewCheck *view(const QString &clientId) const;
    const QueueView *queue(const MessageQueue &mq) const;
    //! Fills `queues` (and each queue's ownership) from routes, offsets and the clients' tables.
    void assemble(const QList<ConsumeStats> &stats);
    /*!
        Fills `views`: for every client that answered and runs a judged strategy (AVG,
        AVG_BY_CIRCLE), the queues the registry's Java-exact strategy gives it over `clients`
        and `routes`, against those it claims. Call after assemble().
    */
    void checkViews(const StrategyRegistry &registry);

    /*!
        The starting world as `rblab import-mqadmin` builds it: the same ScenarioBuilder, fed
        the connection table and one row per queue with its owner's whole client id. A queue
        claimed twice goes to the first claimant (a warning says so).
    */
    MqadminImport toScenario(const QString &scenarioName = QString()) const;
    /*!
        This snapshot as the baseline for the next diff: a queue whose owners are unknown now
        (a client did not answer) keeps the owners `before` knew, so that the move is reported
        when the owners are known again (c1 killed: unknown for one poll, then c1 → c2).
        It also counts each stale view's consecutive polls (ViewCheck::staleStreak), which
        diffSnapshots() reads to report a stale view once it has lasted two polls.
    */
    GroupSnapshot withKnownOwners(const GroupSnapshot &before) const;
    //! The outputs toScenario() builds from.
    MqadminConnectionOutput toConnectionOutput() const;
    MqadminProgressOutput toProgressOutput() const;
};

//! One change between two polls.
struct GroupChange
{
    enum class Kind {
        ClientJoined,
        ClientLeft,
        QueueMoved, //!< owners changed (from one set of claimants to another)
        DoubleOwned,
        Orphaned,
        ClientNotAnswering,
        ClientAnswering, //!< answers again
        Problem, //!< a broker or the name server: a new problem line
        ProblemGone,
        FlowControlOn, //!< a client holds back the pulls of a queue (flowControl says why)
        FlowControlOff, //!< … and pulls it again, or no longer holds it
        StaleView, //!< a client's claims differ from its strategy's answer, two polls running
        StaleViewGone,
    };
    Kind kind = Kind::Problem;
    QString subject; //!< a client id, a queue label or the problem line
    QStringList from; //!< QueueMoved: the old owners
    QStringList to; //!< QueueMoved: the new owners
    QString detail;
    QString client; //!< FlowControlOn/Off: the client that holds the queue
    //! FlowControlOn: the cause and figures; FlowControlOff: the cause it had.
    std::optional<FlowControl> flowControl;
    std::optional<ViewCheck> view; //!< StaleView/StaleViewGone: the client's check now

    static QString kindName(Kind kind); //!< "client-joined", "queue-moved", …
    QString toText() const; //!< one line for people
    QVariantMap toVariant() const; //!< for JSON Lines
};

/*!
    What changed from `before` to `after`, clients first, then queues, then flow control, then
    stale views, then problems. `before` is the previous snapshot's withKnownOwners() baseline:
    a stale view is reported when it is stale in `after` and was in exactly one poll before.
*/
QList<GroupChange> diffSnapshots(const GroupSnapshot &before, const GroupSnapshot &after);

} // namespace Rblab::Remoting
