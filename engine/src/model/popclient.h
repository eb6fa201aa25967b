// SPDX-License-Identifier: Apache-2.0
// The consumers' side of POP consumption (RocketMQ 5, RIP-19).
#pragma once

#include "model/popengine.h"
#include "sim/simtime.h"
#include "sim/task.h"

#include <QList>

#include <deque>
#include <utility>
#include <vector>

namespace Rblab {

struct World;
class Consumer;
class PopBroker;

/*!
    The push consumer in POP mode, per consumer (DefaultMQPushConsumerImpl,
    docs/rocketmq-pop-spec.md §1):
    - the broker assignment (RebalanceImpl.getRebalanceResultFromBroker → QUERY_ASSIGNMENT),
      asked of one random broker of the topic at every RebalanceService round; PopProcessQueue
      creation (dispatch after 500 ms), removal when no longer assigned or idle for
      pullMaxIdleTime (120 s);
    - popMessage's ordered checks and delays (dropped, state 1000 ms, paused 1000 ms,
      waitAckCount > popThresholdForQueue 50 ms), the asynchronous POP_MESSAGE (pollTime 15 s,
      client timeout 25 s, exception 1000 ms);
    - ConsumeMessagePopConcurrentlyService: its own pool of consumeThreadMin threads and an
      unbounded FIFO, isPopTimeout before and after the listener, ack per message (ACK_MESSAGE,
      no retry) or CHANGE_MESSAGE_INVISIBLETIME with popDelayLevel[reconsumeTimes], and
      checkNeedAckOrDelay after maxReconsumeTimes (16): no DLQ;
    - the gRPC SimpleConsumer (consumerType simple): no assignment, receive() from the route's
      brokers in turn, through the proxy's POP of queue -1.
*/
class PopClient
{
public:
    using GroupFigures = PopEngine::GroupFigures;
    using ConsumerFigures = PopEngine::ConsumerFigures;
    using Holding = PopEngine::Holding;

    PopClient(World *world, const PopEngine *engine, PopBroker *broker);

    //! RebalanceImpl.rebalanceByTopic for a POP topic; false when not balanced.
    Task<bool> rebalance(qint32 consumer, qint32 topic);
    //! RebalanceImpl.destroy: every PopProcessQueue of the consumer is dropped.
    void destroy(qint32 consumer);
    //! Consumer::setState: ownership health of the queues its pop queues cover.
    void consumerStateChanged(qint32 consumer);

    // What arrives at the consumers (Ev::Pop).
    //! popMessage of a pop queue (a delayed PopRequest).
    void popMessage(qint32 pq);
    //! The pop's answer arrives.
    void onReply(quint32 request);
    //! No answer in 25 s.
    void onClientTimeout(quint32 request);
    void onConsumeDone(Consumer &c, quint16 worker);

    // Observation.
    //! What the clients counted for a group (inFlight included).
    GroupFigures groupFigures(qint32 group) const;
    //! Its pop queues, waitAck and consume tasks (invisible and revived are the brokers').
    ConsumerFigures consumerFigures(qint32 consumer) const;
    std::vector<qint32> poppers(qint32 queue) const;
    std::vector<Holding> holdings(qint32 consumer) const;

private:
    struct PopQueue //!< a PopProcessQueue
    {
        qint32 consumer = -1;
        quint32 incarnation = 0;
        qint32 group = -1;
        qint32 topic = -1;
        qint32 broker = -1;
        qint32 queue = -1; //!< -1: every queue of the topic on the broker
        qint64 waitAck = 0; //!< waitAckCounter
        bool dropped = false;
        bool pulled = false; //!< its first pop was sent
        bool flowControlled = false;
        bool simple = false; //!< a SimpleConsumer's broker (the proxy's queue -1 of it)
        SimTime lastPopTimestamp = 0;
        SimTime createdAt = 0;
        std::vector<qint32> covered; //!< catalog queues this pop queue reads
        bool heldOwner = false, heldRun = false, heldServing = false; //!< applied to Metrics
    };
    struct ConsumeTask
    {
        qint32 pq = -1;
        quint32 record = 0;
        quint32 recordGen = 0;
        PopEngine::PopMessage message;
        SimTime popTime = 0;
        SimTime invisibleTime = 0;
    };
    struct Worker
    {
        bool busy = false;
        ConsumeTask task;
        double carry = 0;
        bool failed = false;
    };
    struct Client
    {
        std::vector<qint32> table; //!< popProcessQueueTable
        std::deque<ConsumeTask> fifo;
        std::vector<Worker> workers;
        std::vector<quint16> idle;
        quint64 flowControlTimes = 0;
        quint32 roundRobin = 0; //!< SimpleConsumer: the next broker to receive from
        bool receiving = false; //!< SimpleConsumer: its receive loop runs
        qint64 redelivered = 0;
        qint64 acked = 0;
    };
    //! (broker, queue) pairs; queue -1 for every queue of the topic on that broker.
    using Assigned = std::vector<std::pair<qint32, qint32>>;

    Client &client(qint32 consumer);
    GroupFigures &figures(qint32 group);
    void syncHolders(PopQueue &pq);
    //! A new pop process queue of `consumer` for (topic, broker, queue; -1: the broker's every
    //! queue), covering what it pops and known to its queues' holders; returns its index.
    qint32 addQueue(qint32 consumer, qint32 topic, qint32 broker, qint32 queue, bool simple);
    void setCoverage(PopQueue &pq, std::vector<qint32> covered);
    void dropQueue(qint32 pq);
    std::vector<qint32> workingSet(qint32 consumer, qint32 topic) const;
    //! The brokers of a topic's route, sorted.
    std::vector<qint32> routeBrokers(const Consumer &c, qint32 topic) const;

    // Rebalance.
    //! SimpleConsumer: a pop queue per broker of the route, and its receive loop going.
    void receiveFromRoute(Consumer &c, qint32 topic);
    /*!
        updateMessageQueueAssignment, POP part: drops what is no longer assigned or pop-idle,
        adds what is missing and dispatches new PopRequests after 500 ms; publishes the
        rebalance when the table changed.
    */
    void updateAssignment(Consumer &c, qint32 topic, const Assigned &assigned);

    // popMessage and its callback.
    void executeLater(qint32 pq, SimTime delay);
    //! The ConsumeTask of a popped record, counted in its queue's waitAck.
    void submitRecord(Consumer &c, PopQueue &pq, qint32 index, quint32 record);
    //! SimpleConsumer: the application calls receive() again, on the next broker.
    void receiveNext(Consumer &c);

    // ConsumeMessagePopConcurrentlyService.
    void submit(Consumer &c, const ConsumeTask &task);
    void startIdle(Consumer &c);
    //! A failed call's message: changePopInvisibleTime, or checkNeedAckOrDelay past
    //! maxReconsumeTimes.
    void nack(Consumer &c, const PopQueue &pq, const ConsumeTask &task);
    void ackAsync(Consumer &c, qint32 broker, quint32 record, quint32 gen);
    void changeInvisibleAsync(
        Consumer &c, qint32 broker, quint32 record, quint32 gen, SimTime invisible);

    World *m_world;
    const PopEngine *m_engine;
    PopBroker *m_broker;
    std::vector<PopQueue> m_pqs; //!< append-only
    std::vector<Client> m_clients;
    std::vector<GroupFigures> m_figures; //!< per group
};

} // namespace Rblab
