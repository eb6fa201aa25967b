// SPDX-License-Identifier: Apache-2.0
// A scenario: the world to simulate and what happens in it (docs: scenario-format.md, version 1).
#pragma once

#include "sim/simtime.h"

#include <rblab/rblab_global.h>

#include <QList>
#include <QMap>
#include <QPair>
#include <QString>
#include <QStringList>
#include <QVariantMap>

#include <optional>

namespace Rblab {

inline constexpr const char kScenarioFormat[] = "rebalance-lab/scenario@1";

enum class Profile { V5, V49 }; //!< "5.x" (RocketMQ 5.2 and later), "4.9"
enum class MessageModel { Clustering, Broadcasting };
enum class ConsumeMode { Concurrently, Orderly };
enum class ConsumeFromWhere { LastOffset, FirstOffset, Timestamp };
//! MessageRequestMode: how the broker serves a group's topic (QueryAssignmentProcessor).
enum class MessageRequestMode { Pull, Pop };
//! The client a group uses: RocketMQ's push consumer, or the gRPC SimpleConsumer (5.x clients).
enum class ConsumerType { Push, Simple };

/*!
    How long the listener takes per message. Fractions of a millisecond are kept (the engine's
    workers carry the remainder, so a 0.3 ms mean consumes at the right rate).
*/
struct RBLAB_ENGINE_EXPORT ConsumeTime
{
    enum class Distribution { Fixed, Exponential, LogNormal };
    Distribution distribution = Distribution::Fixed;
    double meanMs = 1.0;
    double p99Ms = 0.0; //!< lognormal only; must exceed the mean
    bool shortForm = true; //!< written as a plain duration ("2ms") rather than an object

    friend bool operator==(const ConsumeTime &, const ConsumeTime &) = default;
};

struct RBLAB_ENGINE_EXPORT StallSpec
{
    double probability = 0.0;
    double timeMs = 0.0;
    friend bool operator==(const StallSpec &, const StallSpec &) = default;
};

/*!
    A consumer as declared in a group or brought by a `join` event.
*/
struct RBLAB_ENGINE_EXPORT ConsumerSpec
{
    QString id; //!< client id; two consumers may share one (RocketMQ issue #1547)
    QString name; //!< unique handle for events; empty in the file means "the id"
    ConsumeTime consumeTime;
    std::optional<StallSpec> stall;
    double failureRate = 0.0;
    SimTime start = 0;
    /*!
        `startupTime`: how long its DefaultMQPushConsumer.start() had run when it registered, at
        `start` (a join's time): the client instance, and with it RebalanceService's minInterval
        clock (5.x: lastRebalanceTimestamp is set when the service is built), began that long
        before. 0, a start() of milliseconds, makes a 5.x consumer's first round wait for
        rebalanceMinInterval; a cold JVM's start() takes seconds, and its first round runs at once.
    */
    SimTime startupTime = 0;
    /*!
        `startHeartbeatLockFailed`: start()'s own heartbeat found the heartbeat lock held by the
        instance's scheduled one (a cold JVM's first heartbeats take seconds): MQClientInstance
        logs "lock heartBeat, but failed." and the 5.x start() skips rebalanceImmediately, so its
        first round comes from a broker's notification or RebalanceService's 20 s wait, counted
        from when the service was built. The consumer registers all the same (the scheduled
        heartbeat carries it). 4.x wakes the service either way.
    */
    bool startHeartbeatLockFailed = false;
    std::optional<QString> strategy; //!< per-consumer override (a rolling deploy)
    std::optional<QVariantMap> strategyParams;
    QVariantMap client; //!< per-consumer client overrides, by RocketMQ name
    /*!
        `holds`: queues ("topic/broker/queueId") this consumer already holds when the run starts,
        as `mqadmin consumerProgress -s true` shows them: it starts at 0 s with a process queue
        for each, pulling from the group's committed offset, and does not rebalance at once (it
        has been running); its next rebalance comes from its timer or a notification.
    */
    QStringList holds;
    /*!
        ClientConfig.instanceName: consumers with the same `id` and the same non-empty
        instanceName live in one process and share one MQClientInstance (MQClientManager keys
        instances by clientId = IP@instanceName[@unitName]). Empty: a process of its own.
    */
    QString instanceName;

    QString handle() const { return name.isEmpty() ? id : name; }
    friend bool operator==(const ConsumerSpec &, const ConsumerSpec &) = default;
};

struct RBLAB_ENGINE_EXPORT TopicSpec
{
    QString name;
    QList<QPair<QString, int>> queues; //!< broker name → readable queues (ids 0…n-1), in file order
    double produceRate = 1000.0; //!< messages per second for the whole topic
    double skew = 0.0; //!< 0 even; s > 0 weighs queue k by 1/(k+1)^s
    int messageSizeMin = 1024; //!< body bytes; min == max for a fixed size
    int messageSizeMax = 1024;
    /*!
        `history`: messages each queue already stores when the run starts (offsets 0…n-1), and
        whether the oldest of them are still in the broker's page cache. Decides what
        QUERY_CONSUMER_OFFSET answers a group without a committed offset
        (ConsumerManageProcessor.queryConsumerOffset) and how much one pull of the stored
        messages may take (DefaultMessageStore.getMessage: 8 messages / 64 KiB from disk).
    */
    qint64 storedMessages = 0;
    bool storedInMemory = true;
    /*!
        `history.queues`: "broker/queueId" → messages stored in that queue, overriding
        storedMessages for it (what `mqadmin consumerProgress` shows as #Broker Offset), in file
        order.
    */
    QList<QPair<QString, qint64>> storedPerQueue;

    int queueCount(const QString &broker) const;
    friend bool operator==(const TopicSpec &, const TopicSpec &) = default;
};

struct RBLAB_ENGINE_EXPORT GroupSpec
{
    QString name;
    QStringList topics;
    MessageModel messageModel = MessageModel::Clustering;
    ConsumeMode consumeMode = ConsumeMode::Concurrently;
    ConsumeFromWhere consumeFromWhere = ConsumeFromWhere::LastOffset;
    SimTime consumeTimestamp = 30 * kMinute; //!< CONSUME_FROM_TIMESTAMP: this long before the start
    QString strategy = QStringLiteral("AVG");
    QVariantMap strategyParams;
    QVariantMap client; //!< overrides of ClientConfig, by RocketMQ name (ms for durations)
    /*!
        SubscriptionGroupConfig.notifyConsumerIdsChangedEnable on every broker: whether a
        consumer's registration (heartbeat) and UNREGISTER_CLIENT announce a change to the group.
        A closed channel is announced either way; BrokerConfig's flag of the same name
        (Scenario::broker) gates every announcement.
    */
    bool notifyConsumerIdsChangedEnable = true;
    /*!
        `offsets`: "topic/broker/queueId" → the offset the group has committed on that queue when
        the run starts (ConsumerOffsetManager's table, as `mqadmin consumerProgress` shows it in
        #Consumer Offset), in file order. QUERY_CONSUMER_OFFSET answers it instead of the
        no-offset rules.
    */
    QList<QPair<QString, qint64>> offsets;
    /*!
        POP consumption (RocketMQ 5, RIP-19): "POP" stands for the client's
        setClientRebalance(false) together with the brokers' mode for the group's topics
        (`mqadmin setConsumeMode -m POP -q popShareQueueNum`). PULL is the classic push consumer.
    */
    MessageRequestMode messageRequestMode = MessageRequestMode::Pull;
    //! allocate4Pop's share: -1 (BrokerConfig.defaultPopShareQueueNum) or 0 = every consumer pops
    //! every queue; k ≥ 1: its own AVG block plus those of the next k consumers.
    qint32 popShareQueueNum = -1;
    /*!
        "simple": the gRPC SimpleConsumer through the proxy (rocketmq-pop-spec.md §3.1, §3.3):
        no rebalance; the application loops receive(maxMessageNum, invisibleDuration) with
        awaitDuration long polling, handles each message in the group's consume time and acks
        it; a failed message is not acked and comes back after invisibleDuration.
    */
    ConsumerType consumerType = ConsumerType::Push;
    SimTime awaitDuration = 30 * kSecond; //!< no default in RocketMQ: its example's 30 s
    SimTime invisibleDuration = 15 * kSecond; //!< per receive; the example's 15 s
    qint32 maxMessageNum = 16; //!< per receive; the example's 16
    QList<ConsumerSpec> consumers;

    //! The mode the file asks for; pops() says whether the group really pops.
    bool pop() const { return messageRequestMode == MessageRequestMode::Pop; }
    /*!
        The group consumes by POP: it asks for it, and RebalancePushImpl.clientRebalance lets it
        (ORDERLY and BROADCASTING groups always rebalance on the client, whatever the broker's
        mode). Every member then pops every queue of its topics: none is double-owned.
    */
    bool pops() const
    {
        return pop() && messageModel == MessageModel::Clustering
            && consumeMode == ConsumeMode::Concurrently;
    }
    bool simple() const { return consumerType == ConsumerType::Simple; }

    friend bool operator==(const GroupSpec &, const GroupSpec &) = default;
};

struct RBLAB_ENGINE_EXPORT ChurnSpec
{
    QString group;
    SimTime meanInterval = 45 * kSecond;
    QList<QPair<QString, double>>
        actions; //!< join, shutdown, kill, freeze, partition, pause, slow → weight
    int minConsumers = 1;
    int maxConsumers = 12;
    SimTime recoverAfter = 60 * kSecond;
    QString idPattern; //!< empty: "10.0.<n>.<m>@<pid>"

    friend bool operator==(const ChurnSpec &, const ChurnSpec &) = default;
};

/*!
    A scripted event; the same structure carries the GUI's commands (a user's "kill" is an event
    at the current time), so a session and a scenario describe the same things.
*/
struct RBLAB_ENGINE_EXPORT ScenarioEvent
{
    enum class Action {
        Join,
        Shutdown,
        Kill,
        Freeze,
        Unfreeze,
        Partition,
        Heal,
        Pause,
        Resume,
        SetConsumeTime,
        SetFailureRate,
        SetProduceRate,
        SetQueues,
        BrokerDown,
        BrokerUp,
        SetStrategy,
        SetClient,
        SetBroker,
        SetChurn, //!< extensions: broker settings and random churn changed mid-run
    };

    SimTime at = 0;
    Action action = Action::Kill;
    QString group; //!< join, setStrategy, setClient
    QString consumer; //!< a consumer's handle (name)
    ConsumerSpec joining; //!< join
    std::optional<SimTime> forDuration; //!< freeze: unfreeze after this long
    QStringList brokers; //!< partition/heal: empty = all
    ConsumeTime consumeTime; //!< setConsumeTime
    double failureRate = 0.0; //!< setFailureRate
    QString topic; //!< setProduceRate, setQueues
    double rate = 0.0; //!< setProduceRate
    QString broker; //!< setQueues, brokerDown, brokerUp
    int count = 0; //!< setQueues
    QString strategy; //!< setStrategy
    QVariantMap strategyParams; //!< setStrategy
    QVariantMap client; //!< setClient
    QVariantMap settings; //!< setBroker: BrokerConfig settings by RocketMQ name
    std::optional<ChurnSpec> churn; //!< setChurn: the churn from now on (nullopt: none)

    static QString actionName(Action action); //!< "join", "setConsumeTime", …
    static std::optional<Action> actionFromName(QStringView name);
    friend bool operator==(const ScenarioEvent &, const ScenarioEvent &) = default;
};

/*!
    A teaching note (scenario-format.md, "Narration"): shown at `at` as a callout pointing at
    the consumers and queues in `focus`; the presenter's playback pauses there when `pause` is set.
    Not part of the model: the simulation never reads it, so reports do not change.
*/
struct RBLAB_ENGINE_EXPORT NarrationNote
{
    SimTime at = 0;
    QMap<QString, QString> text; //!< language ("en", "zh_CN") → the note; a plain string under ""
    QStringList focus; //!< consumer handles and queue labels ("broker-a/3", "T/broker-a/3")
    bool pause = false;

    friend bool operator==(const NarrationNote &, const NarrationNote &) = default;
};

/*!
    A whole scenario file. Reading and writing are ScenarioReader's and ScenarioWriter's; this is
    plain data, cheap to copy, compared field by field (save then open gives back an equal value).
*/
struct RBLAB_ENGINE_EXPORT Scenario
{
    QString name;
    QMap<QString, QString> localizedName; //!< language ("zh_CN") → the name in that language
    QMap<QString, QString>
        description; //!< language ("en", "zh_CN") → text; a plain string is stored under ""
    quint64 seed = 1;
    SimTime duration = 10 * kMinute;
    SimTime sampleInterval = kSecond;
    Profile profile = Profile::V5;
    SimTime networkLatency = 1;
    //! network.jitter: mean of an exponential extra delay per message (0: none).
    SimTime networkJitter = 0;
    QVariantMap broker; //!< overrides of BrokerConfig, by RocketMQ name
    QStringList brokers;
    QList<TopicSpec> topics;
    QList<GroupSpec> groups;
    QList<ScenarioEvent> events;
    std::optional<ChurnSpec> churn;
    QList<NarrationNote> narration; //!< by time (the file's order among equal times)

    //! The description for a locale name ("zh_CN" → zh_CN, zh, en, then the plain text).
    QString descriptionFor(const QString &localeName) const;
    //! The name for a locale name ("zh_CN" → zh_CN, zh, en, then `name`).
    QString nameFor(const QString &localeName) const;
    /*!
        The text of `texts` (language → text) for a locale name: the locale ("zh_CN"), its
        language ("zh"), English, the plain text (key ""), then `fallback`.
    */
    static QString textFor(const QMap<QString, QString> &texts, const QString &localeName,
        const QString &fallback = QString());
    const TopicSpec *topic(const QString &name) const;
    const GroupSpec *group(const QString &name) const;

    friend bool operator==(const Scenario &, const Scenario &) = default;
};

RBLAB_ENGINE_EXPORT QString profileName(Profile profile);
RBLAB_ENGINE_EXPORT QString messageModelName(MessageModel model);
RBLAB_ENGINE_EXPORT QString consumeModeName(ConsumeMode mode);
RBLAB_ENGINE_EXPORT QString consumeFromWhereName(ConsumeFromWhere where);

} // namespace Rblab
