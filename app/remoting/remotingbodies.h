// SPDX-License-Identifier: Apache-2.0
// The bodies of the query answers, read from fastjson's text into plain structs.
#pragma once

#include <QByteArray>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

namespace Rblab::Remoting {

/*!
    MessageQueue as fastjson writes it as a map key: {"brokerName":…,"queueId":…,"topic":…}.
    A POP client's queue has queueId -1 (the whole topic on that broker).
*/
struct MessageQueue
{
    QString topic;
    QString brokerName;
    int queueId = 0;

    QString label() const; //!< "TryTopic/broker-a/3"
    friend bool operator==(const MessageQueue &, const MessageQueue &) = default;
    friend bool operator<(const MessageQueue &a, const MessageQueue &b)
    {
        return std::tie(a.topic, a.brokerName, a.queueId)
            < std::tie(b.topic, b.brokerName, b.queueId);
    }
};

//! BrokerData: a broker name's addresses by broker id (0 = master).
struct BrokerData
{
    QString cluster;
    QString brokerName;
    QMap<qint64, QString> addresses;

    QString masterAddress() const { return addresses.value(0); }
};

//! TopicRouteData (105): the brokers and their queue counts.
struct TopicRoute
{
    struct QueueData
    {
        QString brokerName;
        int readQueueNums = 0;
        int writeQueueNums = 0;
        int perm = 0;
    };
    QList<BrokerData> brokers;
    QList<QueueData> queues;
};

//! ClusterInfo (106).
struct ClusterInfo
{
    QList<BrokerData> brokers; //!< brokerAddrTable, by name
    QMap<QString, QStringList> clusters; //!< clusterAddrTable
};

//! ConsumerConnection (203).
struct ConsumerConnection
{
    struct Connection
    {
        QString clientId;
        QString clientAddr;
        QString language;
        int version = 0; //!< MQVersion ordinal: 409 = V4_9_8
    };
    QList<Connection> connections;
    QString consumeType;
    QString messageModel;
    QString consumeFromWhere;
    QMap<QString, QString> subscriptions; //!< topic → subString
};

//! ConsumeStats (208): per queue, the broker's and the group's offsets.
struct ConsumeStats
{
    struct Offset
    {
        MessageQueue queue;
        qint64 brokerOffset = 0;
        qint64 consumerOffset = 0;
        qint64 lastTimestamp = 0; //!< ms; the last consumed message's store time, 0 none
        std::optional<qint64> pullOffset; //!< 5.x
        qint64 lag() const { return std::max<qint64>(0, brokerOffset - consumerOffset); }
    };
    double consumeTps = 0;
    QList<Offset> offsets; //!< sorted by queue
};

//! TopicStatsTable (202).
struct TopicStats
{
    struct Offset
    {
        MessageQueue queue;
        qint64 minOffset = 0;
        qint64 maxOffset = 0;
        qint64 lastUpdateTimestamp = 0;
    };
    QList<Offset> offsets; //!< sorted by queue
};

//! ConsumerRunningInfo (307): what one client says of itself.
struct ConsumerRunningInfo
{
    //! ProcessQueueInfo, one queue in the client's process-queue table (mqTable).
    struct ProcessQueue
    {
        MessageQueue queue;
        qint64 commitOffset = 0;
        qint64 cachedMsgMinOffset = 0;
        qint64 cachedMsgMaxOffset = 0;
        int cachedMsgCount = 0;
        int cachedMsgSizeInMiB = 0;
        bool locked = false;
        bool dropped = false; //!< "droped" on the wire
        int tryUnlockTimes = 0;
        qint64 lastLockTimestamp = 0;
        qint64 lastPullTimestamp = 0;
        qint64 lastConsumeTimestamp = 0;
    };
    //! PopProcessQueueInfo (mqPopTable, 5.x).
    struct PopQueue
    {
        MessageQueue queue;
        int waitAckCount = 0;
        bool dropped = false;
        qint64 lastPopTimestamp = 0;
    };
    QMap<QString, QString> properties;
    QMap<QString, QString> subscriptions; //!< topic → subString (subscriptionSet)
    QList<ProcessQueue> processQueues; //!< sorted by queue
    QList<PopQueue> popQueues; //!< sorted by queue
    //! ConsumeStatus (statusTable), per topic: the client's own figures over the last minute.
    struct Status
    {
        double pullRT = 0; //!< ms per pull
        double pullTPS = 0;
        double consumeRT = 0; //!< ms the listener took per message
        double consumeOKTPS = 0;
        double consumeFailedTPS = 0;
    };
    QMap<QString, Status> status; //!< topic → its status
};

/*!
    The readers. Each takes a body as the server sent it (fastjson text) and gives the struct,
    or nothing with `error` set: "offsetTable: a key that is not a MessageQueue". Missing
    optional members take their defaults; a member of the wrong type is an error.
*/
std::optional<TopicRoute> readTopicRoute(const QByteArray &body, QString *error);
std::optional<ClusterInfo> readClusterInfo(const QByteArray &body, QString *error);
std::optional<ConsumerConnection> readConsumerConnection(const QByteArray &body, QString *error);
std::optional<ConsumeStats> readConsumeStats(const QByteArray &body, QString *error);
std::optional<TopicStats> readTopicStats(const QByteArray &body, QString *error);
std::optional<ConsumerRunningInfo> readConsumerRunningInfo(const QByteArray &body, QString *error);
//! {"groupList":[…]} (300), {"topicList":[…]} (206), {"consumerIdList":[…]} (38).
std::optional<QStringList> readNameList(
    const QByteArray &body, const QString &member, QString *error);
//! KVTable (28): {"table":{k: "v"}}.
std::optional<QMap<QString, QString>> readKvTable(const QByteArray &body, QString *error);
//! The group names of a SubscriptionGroupWrapper (201), sorted.
std::optional<QStringList> readSubscriptionGroups(const QByteArray &body, QString *error);

} // namespace Rblab::Remoting
