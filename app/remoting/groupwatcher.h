// SPDX-License-Identifier: Apache-2.0
// Polls a live consumer group over the remoting client: one GroupSnapshot per poll.
#pragma once

#include "groupsnapshot.h"
#include "remotingclient.h"

#include <QObject>
#include <QString>

#include <functional>
#include <memory>

namespace Rblab::Remoting {

/*!
    Asks the name server and the brokers what a group looks like, in three rounds:
    1. the name server's brokers (GET_BROKER_CLUSTER_INFO);
    2. from each master broker, the group's connections and offsets (GET_CONSUMER_CONNECTION_LIST,
       GET_CONSUME_STATS), in parallel;
    3. the route of each subscribed topic (GET_ROUTEINFO_BY_TOPIC) and each client's running
       info (GET_CONSUMER_RUNNING_INFO through a broker it is connected to, jstackEnable=false).
    Then snapshotReady(). Whatever does not answer in time becomes a problem line (a broker) or
    a client that did not answer; a poll always ends with a snapshot.
*/
class GroupWatcher : public QObject
{
    Q_OBJECT

public:
    GroupWatcher(RemotingClient *client, const QString &nameServer, const QString &group,
        QObject *parent = nullptr);
    ~GroupWatcher() override;

    void setTimeoutMs(int ms) { m_timeoutMs = ms; }
    int timeoutMs() const { return m_timeoutMs; }
    /*!
        The strategies each snapshot's stale-view check runs (GroupSnapshot::checkViews); none
        (the default) leaves `views` empty. Not owned; it must outlive the watcher.
    */
    void setStrategyRegistry(const StrategyRegistry *registry) { m_registry = registry; }
    //! Starts a poll; false (and nothing happens) while one is still running.
    bool poll();
    bool busy() const { return m_poll != nullptr; }
    /*!
        One poll, waited for in a local event loop (a command line, a test): the per-request
        timeout bounds every request, so it always returns.
    */
    GroupSnapshot pollAndWait();

Q_SIGNALS:
    void snapshotReady(const Rblab::Remoting::GroupSnapshot &snapshot);

private:
    struct Poll;
    void askBrokers();
    void askRoutesAndClients();
    void finish();
    //! Sends and counts; the round's next step runs when the count comes back to 0.
    void send(const QString &address, int code, const QMap<QString, QString> &ext,
        std::function<void(const RemotingReply &)> handler);
    void settle();

    RemotingClient *m_client;
    QString m_nameServer;
    QString m_group;
    int m_timeoutMs = 3000;
    const StrategyRegistry *m_registry = nullptr;
    std::shared_ptr<Poll> m_poll;
};

} // namespace Rblab::Remoting
