// SPDX-License-Identifier: Apache-2.0
// One line of a RocketMQ client log that the importer uses, parsed (rocketmq-client-logs.md §4).
#pragma once

#include <rblab/rblab_global.h>

#include <QByteArray>
#include <QHashFunctions>
#include <QList>
#include <QString>

#include <optional>

namespace Rblab {

//! A MessageQueue as printed by MessageQueue.toString() (MessageQueue:96-98 / :102-104).
struct RBLAB_ENGINE_EXPORT LoggedQueue
{
    QString topic;
    QString brokerName;
    int queueId = 0;

    friend bool operator==(const LoggedQueue &, const LoggedQueue &) = default;
    friend bool operator<(const LoggedQueue &a, const LoggedQueue &b)
    {
        if (a.topic != b.topic) {
            return a.topic < b.topic;
        }
        if (a.brokerName != b.brokerName) {
            return a.brokerName < b.brokerName;
        }
        return a.queueId < b.queueId;
    }
    friend size_t qHash(const LoggedQueue &q, size_t seed = 0) noexcept
    {
        return qHashMulti(seed, q.topic, q.brokerName, q.queueId);
    }
};

enum class LogLayout { Unknown, V49, V53 };

/*!
    The header of a physical line: 4.9's DefaultLayout (LoggingBuilder:1199-1229) or 5.3's
    logback pattern (rmq.client.logback.xml:42). Time is the wall clock as printed, read in the
    zone the caller gives (minutes east of UTC), as epoch milliseconds.
*/
struct RBLAB_ENGINE_EXPORT LogHeader
{
    LogLayout layout = LogLayout::Unknown;
    qint64 time = 0;
    int pid = -1; //!< 5.3 only
    QByteArray message; //!< the text after " - "
};

struct RBLAB_ENGINE_EXPORT LogRecord
{
    enum class Kind {
        Result, //!< (client) rebalanced result changed (RebalanceImpl:301 / :330)
        AddQueue, //!< doRebalance, {}, add a new mq, {} (RebalanceImpl:392 / :485, 647)
        RemoveQueue, //!< doRebalance, {}, remove unnecessary mq, {} (RebalanceImpl:345 / :461, 580)
        Notify, //!< receive broker's notification[{}]… (ClientRemotingProcessor:140 / :139)
        FlowCount, //!< the cached message count exceeds… (PushImpl:249 / :276)
        FlowSize, //!< the cached message size exceeds… (PushImpl:259 / :286)
        FlowSpan, //!< the queue's messages, span too long… (PushImpl:270 / :297)
        Dropped, //!< the pull request[{}] is dropped. (PushImpl:222 / :249)
        StartOk, //!< the consumer [{}] start OK. (PushImpl:650 / :998)
        ShutdownOk, //!< the consumer [{}] shutdown OK (PushImpl:573 / :912)
        /*!
            unregister client[Producer: null Consumer: {}] from broker[{} {} {}] success
            (MQClientInstance.unregisterClient): a consumer's shutdown as the brokers see it,
            before its "shutdown OK" (4 s before on 5.3.3, which shuts its instance down first).
        */
        Unregistered,
        ClientCreated, //!< Created a new client Instance, … ClientID:{} (MQClientInstance:154 /
                       //!< :219)
        /*!
            doRebalance, {}, add a new mq failed, {}, because lock failed: an orderly consumer
            was given the queue and could not lock it on the broker, so it made no process queue
            (RebalanceImpl.updateProcessQueueTableInRebalance); the result line after it still
            lists the queue. It holds it from its "add a new mq" line, a round or more later.
        */
        LockFailed,
        /*!
            the consumer [{}] start beginning. messageModel={}, isUnitMode={}
            (DefaultMQPushConsumerImpl.start, 4.9 and 5.x): `broadcasting` says the model.
        */
        StartBeginning,
    };
    Kind kind = Kind::Result;
    qint64 time = 0;
    QString strategy;
    QString group;
    QString topic;
    QString clientId;
    QString brokerAddress; //!< Notify
    int mqAllSize = 0;
    int cidAllSize = 0;
    QList<LoggedQueue> queues; //!< Result: the set, sorted; others: the one queue
    qint64 flowControlTimes = 0;
    /*!
        Result, AddQueue, RemoveQueue: a POP assignment or pop process queue (5.x). Several
        consumers of a group pop the same queue by design; queueId -1 stands for every queue
        of the topic on that broker (the broker's assignment when popShareQueueNum ≥ consumers
        − 1, the log of a real 5.3.3 run).
    */
    bool pop = false;
    /*!
        Result: "broker rebalanced result changed." (RebalanceImpl.rebalanceByTopic, 5.x with
        setClientRebalance(false) or a POP group): the broker's assignment, with no mqAllSize
        or cidAllSize, so no view of the group.
    */
    bool brokerAssigned = false;
    //! StartBeginning: messageModel=BROADCASTING (every member holds every queue by design).
    bool broadcasting = false;
};

//! What a "route info changed" line says of a topic: its read queues per broker.
struct RBLAB_ENGINE_EXPORT LoggedRoute
{
    QString topic;
    QList<QPair<QString, int>> readQueueNums; //!< brokerName, readQueueNums
};

/*!
    Parses lines. parseHeader() is cheap and runs on every line; parseMessage() only on messages
    whose start is one of the texts RocketMQ fixes in its source.
*/
class RBLAB_ENGINE_EXPORT LogLineParser
{
public:
    enum class Outcome { NotAHeader, Unknown, Parsed, Malformed };

    //! `zoneMinutes`: minutes east of UTC of the printed times (GMT+8 = 480).
    //! Reads 4.9's and 5.3's own layouts, and the client's lines in a Spring Boot service's log
    //! (slf4j): there the time's own offset wins over `zoneMinutes`, and the application's
    //! lines (other loggers) are not headers.
    static bool parseHeader(const QByteArray &line, int zoneMinutes, LogHeader *header);
    //! On Malformed, `why` says what did not parse.
    static Outcome parseMessage(const QByteArray &message, LogRecord *record, QString *why);

private:
    static bool parseClientHeader(const QByteArray &line, int zoneMinutes, LogHeader *header);
    static bool parseSpringBootHeader(const QByteArray &line, int zoneMinutes, LogHeader *header);

public:
    //! All queues printed as MessageQueue [topic=…, brokerName=…, queueId=…] in the text.
    static std::optional<QList<LoggedQueue>> parseQueues(
        QByteArrayView text, bool wholeBroker = false);
    /*!
        "the topic[T] route info changed, old[…] ,new[TopicRouteData [… queueDatas=[QueueData
        [brokerName=B, readQueueNums=N, …], …] …]]" (MQClientInstance
        .updateTopicRouteInfoFromNameServer, 4.9 and 5.x): the new route's read queues, which
        say how many queues a POP assignment of queueId -1 covers.
    */
    static std::optional<LoggedRoute> parseRoute(QByteArrayView message);
};

} // namespace Rblab
