// SPDX-License-Identifier: Apache-2.0
#include "groupwatcher.h"

#include "querycodes.h"
#include "remotingclient.h"

#include <QDateTime>
#include <QEventLoop>
#include <QPointer>
#include <QTimer>

namespace Rblab::Remoting {

struct GroupWatcher::Poll
{
    GroupSnapshot snapshot;
    int outstanding = 0;
    std::function<void()> next; //!< what runs when `outstanding` comes back to 0
    QList<ConsumeStats> stats;
    QMap<QString, QString> brokerOfClient; //!< clientId → a broker address that lists it
    QMap<QString, ClientView> clients;
};

GroupWatcher::GroupWatcher(
    RemotingClient *client, const QString &nameServer, const QString &group, QObject *parent)
    : QObject(parent), m_client(client), m_nameServer(nameServer), m_group(group)
{
}

GroupWatcher::~GroupWatcher() = default;

bool GroupWatcher::poll()
{
    if (m_poll) {
        return false;
    }
    m_poll = std::make_shared<Poll>();
    GroupSnapshot &s = m_poll->snapshot;
    s.takenAtMs = QDateTime::currentMSecsSinceEpoch();
    s.nameServer = m_nameServer;
    s.group = m_group;
    m_poll->next = [this]() { askBrokers(); };
    send(m_nameServer, Code::GetBrokerClusterInfo, {}, [this](const RemotingReply &reply) {
        QString error;
        std::optional<ClusterInfo> info;
        if (reply.success()) {
            info = readClusterInfo(reply.response.body, &error);
        }
        if (info) {
            m_poll->snapshot.cluster = *info;
        } else {
            m_poll->snapshot.problems.append(reply.problemLine(
                Code::GetBrokerClusterInfo, m_nameServer, QStringLiteral("name server"), error));
        }
    });
    if (m_poll->outstanding == 0) { // refused: a name server address without a port
        QTimer::singleShot(0, this, [this]() { settle(); });
    }
    return true;
}

void GroupWatcher::send(const QString &address, int code, const QMap<QString, QString> &ext,
    std::function<void(const RemotingReply &)> handler)
{
    std::shared_ptr<Poll> poll = m_poll;
    ++poll->outstanding;
    QString refusal;
    const bool sent = m_client->request(
        address, code, ext, m_timeoutMs,
        [self = QPointer<GroupWatcher>(this), poll, handler](const RemotingReply &reply) {
            if (!self || self->m_poll != poll) {
                return; // the watcher is gone, or moved on
            }
            handler(reply);
            --poll->outstanding;
            self->settle();
        },
        &refusal);
    if (!sent) {
        --poll->outstanding;
        poll->snapshot.problems.append(refusal);
    }
}

void GroupWatcher::settle()
{
    // A round that sent nothing (no broker, no client) goes straight on to the next.
    while (m_poll && m_poll->outstanding == 0) {
        std::function<void()> next = std::move(m_poll->next);
        m_poll->next = nullptr;
        if (!next) {
            finish();
            return;
        }
        next();
    }
}

void GroupWatcher::askBrokers()
{
    m_poll->next = [this]() { askRoutesAndClients(); };
    const QMap<QString, QString> ext { { QStringLiteral("consumerGroup"), m_group } };
    for (const BrokerData &b : std::as_const(m_poll->snapshot.cluster.brokers)) {
        const QString address = b.masterAddress();
        if (address.isEmpty()) {
            continue;
        }
        const QString name = b.brokerName;
        send(address, Code::GetConsumerConnectionList, ext,
            [this, name, address](const RemotingReply &reply) {
                GroupSnapshot &s = m_poll->snapshot;
                if (reply.ok && reply.response.code == 206) {
                    return; // "the consumer group[…] not online" on this broker
                }
                QString error;
                const std::optional<ConsumerConnection> cc = reply.success()
                    ? readConsumerConnection(reply.response.body, &error)
                    : std::nullopt;
                if (!cc) {
                    s.problems.append(
                        reply.problemLine(Code::GetConsumerConnectionList, address, name, error));
                    return;
                }
                if (!s.online) {
                    s.connection = *cc;
                    s.online = true;
                }
                for (const ConsumerConnection::Connection &c : cc->connections) {
                    if (!m_poll->clients.contains(c.clientId)) {
                        ClientView view;
                        view.clientId = c.clientId;
                        view.clientAddr = c.clientAddr;
                        view.language = c.language;
                        view.version = c.version;
                        m_poll->clients.insert(c.clientId, view);
                        m_poll->brokerOfClient.insert(c.clientId, address);
                    }
                }
            });
        send(
            address, Code::GetConsumeStats, ext, [this, name, address](const RemotingReply &reply) {
                QString error;
                const std::optional<ConsumeStats> stats = reply.success()
                    ? readConsumeStats(reply.response.body, &error)
                    : std::nullopt;
                if (stats) {
                    m_poll->stats.append(*stats);
                } else {
                    m_poll->snapshot.problems.append(
                        reply.problemLine(Code::GetConsumeStats, address, name, error));
                }
            });
    }
}

void GroupWatcher::askRoutesAndClients()
{
    GroupSnapshot &s = m_poll->snapshot;
    for (const QString &topic : s.connection.subscriptions.keys()) {
        send(m_nameServer, Code::GetRouteInfoByTopic, { { QStringLiteral("topic"), topic } },
            [this, topic](const RemotingReply &reply) {
                QString error;
                const std::optional<TopicRoute> route
                    = reply.success() ? readTopicRoute(reply.response.body, &error) : std::nullopt;
                if (route) {
                    m_poll->snapshot.routes.insert(topic, *route);
                } else if (!reply.ok || reply.response.code != 17) { // 17: no route (yet)
                    m_poll->snapshot.problems.append(reply.problemLine(Code::GetRouteInfoByTopic,
                        m_nameServer, QStringLiteral("name server, topic %1").arg(topic), error));
                }
            });
    }
    for (auto it = m_poll->brokerOfClient.cbegin(); it != m_poll->brokerOfClient.cend(); ++it) {
        const QString clientId = it.key();
        const QMap<QString, QString> ext { { QStringLiteral("consumerGroup"), m_group },
            { QStringLiteral("clientId"), clientId },
            { QStringLiteral("jstackEnable"), QStringLiteral("false") } };
        const QString address = it.value();
        send(address, Code::GetConsumerRunningInfo, ext,
            [this, clientId, address](const RemotingReply &reply) {
                ClientView &c = m_poll->clients[clientId];
                QString error;
                // A relayed answer: code 0 with remark "not set any response code".
                const std::optional<ConsumerRunningInfo> info = reply.success()
                    ? readConsumerRunningInfo(reply.response.body, &error)
                    : std::nullopt;
                if (info) {
                    c.answered = true;
                    c.info = *info;
                } else {
                    c.timedOut = reply.timedOut;
                    // A client's own refusal ("not online") reads best as the broker relays
                    // it; an ACL or an unknown code is the cluster's, said as for a broker.
                    const RemotingReply::Failure f = reply.failure(error);
                    c.error = f == RemotingReply::Failure::AccessDenied
                            || f == RemotingReply::Failure::NotSupported
                        ? reply.problemLine(Code::GetConsumerRunningInfo, address,
                            QStringLiteral("for %1").arg(clientId), error)
                        : reply.success() ? error
                                          : reply.describe();
                }
            });
    }
}

void GroupWatcher::finish()
{
    std::shared_ptr<Poll> poll = std::move(m_poll);
    m_poll.reset();
    GroupSnapshot &s = poll->snapshot;
    s.clients = poll->clients.values();
    s.problems.sort();
    s.assemble(poll->stats);
    if (m_registry != nullptr) {
        s.checkViews(*m_registry);
    }
    Q_EMIT snapshotReady(s);
}

GroupSnapshot GroupWatcher::pollAndWait()
{
    GroupSnapshot result;
    bool done = false;
    QEventLoop loop;
    connect(this, &GroupWatcher::snapshotReady, &loop, [&](const GroupSnapshot &s) {
        result = s;
        done = true;
        loop.quit();
    });
    if (poll() && !done) {
        loop.exec();
    }
    return result;
}

} // namespace Rblab::Remoting
