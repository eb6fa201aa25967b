// SPDX-License-Identifier: Apache-2.0
// Everything a run holds, and the event loop that drives it.
#pragma once

#include "model/broker.h"
#include "settings/clientconfig.h"
#include "model/consumer.h"
#include "model/fastpath.h"
#include "model/metrics.h"
#include "model/network.h"
#include "model/processqueue.h"
#include "model/queuestate.h"
#include "scenario/scenario.h"
#include "sim/chunkedvector.h"
#include "sim/eventqueue.h"
#include "sim/random.h"
#include "model/simevent.h"
#include "model/snapshot.h"

#include <QCoreApplication>
#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace Rblab {

class ChurnGenerator;
class PopEngine;
class StrategyRegistry;

//! Event kinds of the agenda (Event::kind).
enum class Ev : quint8 {
    PullExecute, //!< target pq, arg pullGen: the pull service takes the request (after a delay)
    PullResponse, //!< target pq, arg pullGen | parkGen << 32: the answer reaches the client
    PullTimeout, //!< target pq, arg pullGen: no answer in 30 s
    //! target pq, arg as PullResponse: an answer that came while the consumer was frozen, for a
    //! request its timeout scan removed meanwhile (thawed past it): dropped
    PullStaleResponse,
    PullOffsetFix, //!< target pq: 4.x OFFSET_ILLEGAL handling, 10 s later
    ConsumeDone, //!< target consumer, small worker, arg incarnation<<32 | serial
    ConsumeResubmit, //!< target consumer, arg index into the consumer's resubmit list
    OrderlyResubmit, //!< target pq, arg incarnation: submit an orderly ConsumeRequest again
    CoResume, //!< target waiter, arg gen: a sleeping coroutine wakes
    RpcArrive, //!< target call, arg gen: a request reaches a broker or the name server
    RpcReply, //!< target call, arg gen: its answer reaches the client
    RpcTimeout, //!< target call, arg gen
    OffsetUpdate, //!< target queue, small group, arg offset: one-way UPDATE_CONSUMER_OFFSET
    Unlock, //!< target queue, small group, arg consumer: one-way UNLOCK_BATCH_MQ
    SendBack, //!< target broker, arg index into the world's send-back list
    Notify, //!< target consumer, arg incarnation: NOTIFY_CONSUMER_IDS_CHANGED arrives
    ChannelClosedAtBroker, //!< target broker, arg channel
    ChannelClosedAtClient, //!< target consumer, small broker, arg channel
    ExpiryScan, //!< target broker, arg epoch: ClientHousekeepingService
    FlushOffsets, //!< target broker, arg epoch
    DelayDue, //!< target broker, small delay level, arg epoch: ScheduleMessageService
    ScenarioEventDue, //!< target index into the scenario's events
    ChurnTick,
    Recover, //!< target consumer, small what, arg serial: churn's recovery
    Sample,
    ConsumerStart, //!< target consumer
    Pop, //!< small PopEngine::Op: POP consumption (popengine.h)
    Count
};

struct TopicState
{
    QString name;
    bool retry = false;
    qint32 group = -1; //!< retry topics: their group
    QHash<quint64, qint32> queueIndex; //!< (broker << 32 | queueId) → catalog index
    std::vector<qint32> readQueueNums; //!< per broker, as configured (0: not on that broker)
    double produceRate = 0; //!< messages per second for the whole topic
    double skew = 0;
    int messageSizeMin = 1024;
    int messageSizeMax = 1024;
    qint64 storedMessages = 0; //!< history: per queue, stored before the start
    bool storedInMemory = true;
};

struct GroupState
{
    QString name;
    GroupSpec spec;
    std::vector<qint32> topics; //!< main topics
    qint32 retryTopic = -1; //!< CLUSTERING only
    std::vector<qint32> consumers;
    bool broadcasting() const { return spec.messageModel == MessageModel::Broadcasting; }
    bool orderly() const { return spec.consumeMode == ConsumeMode::Orderly; }
};

//! A message sent back by a consumer, on its way to the broker (CONSUMER_SEND_MSG_BACK).
struct SendBackRequest
{
    qint32 group = -1;
    qint32 broker = -1;
    StoredMessage message;
    qint64 maxReconsumeTimes = 16;
    int delayLevel = 0; //!< 0: the broker picks 3 + reconsumeTimes
    bool live = false;
};

/*!
    The world of a run: catalog, brokers, name server routes, consumers, process queues, the
    agenda and the metrics. Subsystems (Broker, Consumer and its services, Network, Metrics)
    keep a pointer to it; only the event loop and the command methods here mutate it from the
    outside. Not thread-safe; one thread drives it.
*/
struct World
{
    Q_DECLARE_TR_FUNCTIONS(Rblab::World)

public:
    World(const Scenario &scenario, const StrategyRegistry &registry, quint64 seed,
        SimTime sampleInterval, bool recordSamples);
    ~World();
    Q_DISABLE_COPY_MOVE(World)

    // --- configuration
    Scenario scenario;
    const StrategyRegistry &registry;
    quint64 seed = 1;
    Profile profile = Profile::V5;
    SimTime latency = 1;
    //! network.jitter: the mean extra one-way delay of a request, an answer, a notification or
    //! an offset update (0: every message takes exactly `latency`). Drawn from jitterRandom.
    SimTime jitter = 0;
    BrokerConfig brokerConfig;
    SimTime sampleInterval = kSecond;
    bool recordSamples = true;
    QString error;
    QString overrideStrategy;
    QVariantMap overrideParams;

    // --- the catalog (append-only)
    QStringList brokerNames;
    std::vector<TopicState> topics;
    std::vector<GroupState> groups;
    ChunkedVector<QueueState> queueStates; //!< append-only: hot-path pointers stay valid
    QList<QueueInfo> queueInfos;
    mutable std::vector<qint32> m_queueRank; //!< queueRank(), made again when a queue is added
    QList<ConsumerInfo> consumerInfos;

    // --- entities
    std::vector<std::unique_ptr<Broker>> brokers;
    std::vector<std::unique_ptr<Consumer>> consumers;
    ChunkedVector<ProcessQueue> pqs; //!< append-only: indices and references stay valid
    std::vector<SendBackRequest> sendBacks;
    Network network;
    Metrics metrics;
    std::unique_ptr<ChurnGenerator> churn;
    std::unique_ptr<PopEngine> pop; //!< POP consumption of messageRequestMode POP groups
    qint32 frozenCount = 0; //!< consumers frozen now: the dispatcher checks deferrals only then
    quint64 churnGeneration = 0;
    std::vector<ScenarioEvent> commands; //!< commands scheduled by commands (freeze "for")

    // --- the agenda
    EventQueue agenda;
    FastPath fastPath { this }; //!< steady queues' pull answers, off the agenda (fastpath.h)
    quint64 processed = 0;
    QList<SimEvent> events; //!< every event, unless eventSink takes them
    //! The run's event store (Simulation::Options::Recording::Spool); null: `events` keeps all.
    std::function<void(const SimEvent &)> eventSink;
    quint64 spooledEvents = 0; //!< events handed to eventSink
    bool holdEvents = false; //!< keep events in `events` for now (Simulation::runToNextEvent)
    QList<Sample> samples; //!< every sample, unless sampleSink takes them
    std::function<void(Sample &&)> sampleSink; //!< the run's history store (Simulation::Options)
    Random worldRandom;
    Random jitterRandom;

    // --- helpers
    SimTime now() const { return agenda.now(); }
    void schedule(SimTime delay, Ev kind, quint32 target, quint64 arg = 0, quint16 small = 0)
    {
        Event e;
        e.kind = quint8(kind);
        e.small = small;
        e.target = target;
        e.arg = arg;
        agenda.schedule(agenda.now() + delay, e);
    }
    void publish(SimEvent event)
    {
        event.t = now();
        if (eventSink && !holdEvents) {
            eventSink(event); // streamed: the run holds its world, not its history (issue 12)
            ++spooledEvents;
            return;
        }
        events.append(std::move(event));
    }
    //! Hands the events held while holdEvents was set to eventSink (if there is one).
    void spoolHeldEvents()
    {
        if (!eventSink) {
            return;
        }
        for (const SimEvent &event : std::as_const(events)) {
            eventSink(event);
        }
        spooledEvents += quint64(events.size());
        events.clear();
    }
    qint32 groupOf(qint32 consumer) const { return consumers[size_t(consumer)]->group; }
    //! Shared MQClientInstances: id + "\n" + instanceName → consumers, in creation order.
    QHash<QString, std::vector<qint32>> instanceMembers;
    //! The consumers of c's process in creation order: c alone unless it shares an instance.
    std::vector<qint32> processOf(qint32 c) const;
    //! The live member of c's shared instance that runs its threads, or -1.
    qint32 instanceHost(qint32 c) const;

    qint32 addQueue(qint32 topic, qint32 broker, qint32 queueId);
    qint32 queueIndex(qint32 topic, qint32 broker, qint32 queueId) const;
    /*!
        Each queue's place in RocketMQ's order of MessageQueue (topic, broker name, queue id, by
        Java's String.compareTo), over the whole catalog: a rebalance sorts its queues by it
        instead of comparing their names again each time.
    */
    const std::vector<qint32> &queueRank() const;
    quint32 messageSize(qint32 queue, qint64 offset) const;
    qint32 consumerByName(const QString &name) const;
    qint32 brokerIndex(const QString &name) const;
    qint32 topicIndex(const QString &name) const;
    qint32 groupIndex(const QString &name) const;

    //! Producers send to the live brokers' queues of the topic, weighted by skew.
    void updateProduction(qint32 topic);
    //! The name server's route of a topic: the readable queues on live brokers.
    std::vector<qint32> route(qint32 topic) const;
    void refreshRoute(qint32 topic);

    qint32 createConsumer(qint32 group, const ConsumerSpec &spec, bool scripted);
    //! Builds the catalog and the entities from the scenario; false (with `error`) if it cannot
    //! run.
    bool build();
    //! The group whose committed offsets a queue's report row shows (-1: nobody subscribes).
    qint32 reportGroup(qint32 queue) const;
    qint64 committedFor(qint32 queue) const;

    //! A pull answer reaches the client at `at`: on the agenda, or in the queue's fast-path lane.
    void schedulePullAnswer(qint32 pq, SimTime at, quint64 stamp)
    {
        if (fastPath.enabled() && fastPath.take(pq, at, stamp)) {
            return;
        }
        Event e;
        e.kind = quint8(Ev::PullResponse);
        e.target = quint32(pq);
        e.arg = stamp;
        agenda.schedule(at, e);
    }

    // --- running
    //! Handles the next event due at or before `limit` (a fast-path lane's answer counts as one).
    bool dispatchOne(SimTime limit);
    //! Dispatches every event due at or before `limit` (the hot loop of a run).
    void runUntil(SimTime limit);
    //! Completes every listener call that ended by now (before anything is observed).
    void settle();
    //! One event: deferred while its consumer is frozen; the consumer's own completed listener
    //! calls are settled first, so its handler sees its cache as it is at this instant.
    void handle(const Event &e)
    {
        ++processed;
        const qint32 c = eventConsumer(e);
        if (c >= 0) {
            Consumer &consumer = *consumers[size_t(c)];
            if (consumer.frozen) {
                consumer.deferred.push_back(e); // a hung process handles nothing until it thaws
                return;
            }
            consumer.consume.catchUp(now());
        }
        dispatch(e);
    }
    void dispatch(const Event &event);
    //! A consumer's state changed: the ownership health of its PopProcessQueues follows.
    void popConsumerStateChanged(qint32 consumer);
    //! The consumer an event is delivered to (frozen consumers defer theirs), or -1.
    qint32 eventConsumer(const Event &event) const;

    // --- commands (scenario events, churn, the GUI)
    //! Applies a command now; false with the reason in `why` when the world refuses it.
    bool apply(const ScenarioEvent &command, QString *why);
    /*!
        A scripted or churn command: applied, or, when the world refuses it (a kill of a consumer
        already dead, …), published as a commandFailed event with the reason, never dropped.
    */
    void applyScripted(const ScenarioEvent &command);
    void sample();
    void fillSnapshot(WorldSnapshot &snapshot) const;
    //! A POP consumer's figures into its snapshot row; its queued consume tasks (0 for PULL).
    qint64 fillPopFigures(qint32 consumer, SnapshotConsumer &row) const;
    SnapshotTotals totals() const;
    //! The same figures for one consumer group: its topics' queues and its members.
    SnapshotTotals groupTotals(qint32 group) const;

private:
    // One function per action of World::apply; each returns the reason it refused, if it did.
    using Refusal = std::optional<QString>;
    Refusal setProduceRate(const ScenarioEvent &e);
    Refusal setQueues(const ScenarioEvent &e);
    Refusal setBroker(const ScenarioEvent &e);
    Refusal setChurn(const ScenarioEvent &e);
    Refusal setBrokerUp(const ScenarioEvent &e, bool up);
    Refusal setStrategy(const ScenarioEvent &e, qint32 group, const std::vector<qint32> &targets);
    Refusal setClient(const ScenarioEvent &e, qint32 group, const std::vector<qint32> &targets);
    Refusal join(const ScenarioEvent &e);
    //! A live consumer of the group already registered in the shared instance `spec` names.
    Refusal sharedInstanceTaken(qint32 group, const ConsumerSpec &spec) const;
    Refusal freeze(const ScenarioEvent &e, Consumer &consumer);
    Refusal setFailureRate(const ScenarioEvent &e, Consumer &consumer);
    Refusal onConsumer(const ScenarioEvent &e);
    //! The consumers a group command addresses: the group's, or the one it names.
    Refusal groupTargets(const ScenarioEvent &e, qint32 *group, std::vector<qint32> *targets) const;
    //! The brokers a partition or heal names (all when none).
    Refusal brokersNamed(const QStringList &names, std::vector<qint32> *brokers) const;

    // The steps of build(), in their order; those that can fail set `error`.
    void buildBrokersAndTopics();
    bool buildGroups();
    //! One %RETRY%<group> per CLUSTERING group, one queue per broker.
    void addRetryTopics();
    //! The catalog: every topic's queues, with the history stored before the run.
    void buildQueues();
    //! Per-queue history and committed offsets (a world that starts where mqadmin saw it).
    bool loadStartingState();
    //! "topic/broker/queueId" → catalog index, -1 when the route has no such queue.
    qint32 queueByLabel(const QString &label) const;
    //! The declared consumers, then those scripted joins bring (absent until then).
    bool buildConsumers();
    bool buildJoiners();
    //! The scenario's events, the brokers, churn, POP and the first sample on the agenda.
    void scheduleStart();
};

} // namespace Rblab
