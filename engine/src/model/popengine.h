// SPDX-License-Identifier: Apache-2.0
// POP consumption of the Remoting push consumer (RocketMQ 5, RIP-19): client and broker sides.
#pragma once

#include "model/slotpool.h"
#include "sim/eventqueue.h"
#include "sim/random.h"
#include "sim/simtime.h"
#include "sim/task.h"

#include <QHash>
#include <QString>
#include <QStringList>

#include <deque>
#include <queue>
#include <vector>

namespace Rblab {

struct World;
class Consumer;

/*!
    POP mode of a group (docs/rocketmq-pop-spec.md §1–§2, issue 8), world-wide:

    Client side (per consumer, DefaultMQPushConsumerImpl in POP mode):
    - the broker assignment (RebalanceImpl.getRebalanceResultFromBroker → QUERY_ASSIGNMENT →
      QueryAssignmentProcessor.allocate4Pop), asked of one random broker of the topic at every
      RebalanceService round; PopProcessQueue creation (dispatch after 500 ms), removal when no
      longer assigned or idle for pullMaxIdleTime (120 s);
    - DefaultMQPushConsumerImpl.popMessage's ordered checks and delays (dropped, state 1000 ms,
      paused 1000 ms, waitAckCount > popThresholdForQueue 50 ms), the asynchronous POP_MESSAGE
      (pollTime 15 s, client timeout 25 s, exception 1000 ms);
    - ConsumeMessagePopConcurrentlyService: its own pool of consumeThreadMin threads and an
      unbounded FIFO, isPopTimeout before and after the listener, ack per message (ACK_MESSAGE,
      no retry) or CHANGE_MESSAGE_INVISIBLETIME with popDelayLevel[reconsumeTimes], and
      checkNeedAckOrDelay after maxReconsumeTimes (16): no DLQ.

    Broker side (per broker, PopMessageProcessor, PopLongPollingService, AckMessageProcessor,
    ChangeInvisibleTimeProcessor, PopReviveService):
    - the pop offset commits at pop time (ConsumerOffsetManager, QueueState.committed);
      getInitOffset with initMode MIN / MAX (initPopOffsetByCheckMsgInMem);
    - queue order (randomQ + i) mod readQueueNums, the POP retry topic first with probability
      popFromRetryProbability (20 %) and after the normal queues when the pop is not full;
    - a checkpoint per popped message (the CK's bit), reviveTime = popTime + invisibleTime;
    - long polling: parked on topic@group@queueId, one request woken per arrival (the earliest to
      expire), the 20 ms timeout scan 50 ms early; revived v1 retry messages wake nobody;
    - revive: one loop per broker (reviveInterval 1 s, plus 1–3 s when a scan saw no new CK),
      an un-acked CK revived when the scan is more than 2 s past its reviveTime, as a copy in
      %RETRY%<group>_<topic> with reconsumeTimes + 1.

    Events (Ev::Pop) carry the operation in `small`.
*/
class PopEngine
{
public:
    enum class Op : quint16 {
        Execute, //!< target consumer, arg pop queue: popMessage (a delayed PopRequest)
        Reply, //!< target consumer, arg request | gen << 32: the pop's answer arrives
        ClientTimeout, //!< target consumer, arg request | gen << 32: no answer in 25 s
        ConsumeDone, //!< target consumer, arg worker | incarnation << 32
        BrokerArrive, //!< target broker, arg request | gen << 32
        ParkTimeout, //!< target broker, arg request | gen << 32: the 20 ms scan expires it
        ArrivalWake, //!< target key, arg gen: a message arrived for a parked request
        Ack, //!< target broker, arg record | gen << 32
        ChangeInvisible, //!< target broker | delay seconds << 16, arg record | gen << 32
        ReviveTick, //!< target broker, arg epoch
    };

    //! A message as POP hands it out: where it was stored first, and how often it came back.
    struct PopMessage
    {
        qint32 queue = -1; //!< the original queue (catalog index)
        qint64 offset = 0;
        quint16 reconsumeTimes = 0;
    };

    //! What a pop group did, for reports, samples and the GUI.
    struct GroupFigures
    {
        qint64 popped = 0; //!< messages handed out by POP_MESSAGE (first pops and retries)
        qint64 acked = 0; //!< ACK_MESSAGE accepted before the message was revived
        qint64 lateAcks = 0; //!< acks that came after the revival (the duplicate exists already)
        qint64 changedInvisible = 0; //!< CHANGE_MESSAGE_INVISIBLETIME after a failed call
        qint64 revived = 0; //!< checkpoints revived into the POP retry topic
        qint64 redelivered = 0; //!< listener calls of a message that came back (reconsumeTimes > 0)
        qint64 skipped = 0; //!< consume tasks skipped: the invisible time had passed (isPopTimeout)
        qint64 discarded = 0; //!< listener results discarded (dropped queue or invisible time over)
        qint64 droppedAfterRetries = 0; //!< acked without consumption after 17 deliveries
        qint64 inFlight = 0; //!< now: popped and not yet acked by the clients (waitAckCounter)
        qint64 invisible = 0; //!< now: checkpoints on the brokers not yet acked nor revived
        qint64 retryBacklog = 0; //!< now: revived messages waiting in the POP retry topics
    };
    struct ConsumerFigures
    {
        qint32 popQueues = 0; //!< PopProcessQueues held
        qint64 inFlight = 0; //!< waitAckCounter summed over them
        qint64 invisible = 0; //!< broker checkpoints of messages this consumer popped, un-acked
        qint64 queued = 0; //!< consume tasks waiting for a thread
        qint64 redelivered = 0;
        qint64 acked = 0;
        qint64 revived = 0; //!< checkpoints of its pops the brokers revived
    };

    explicit PopEngine(World *world);
    ~PopEngine();

    //! After World::build: which groups pop, the brokers' revive loops.
    void build();
    bool active() const { return m_active; }
    bool popGroup(qint32 group) const
    {
        return size_t(group) < m_popGroup.size() && m_popGroup[size_t(group)];
    }
    //! A gRPC SimpleConsumer group (consumerType simple): POP through the proxy, no rebalance.
    bool simpleGroup(qint32 group) const
    {
        return size_t(group) < m_popGroup.size() && m_popGroup[size_t(group)] == 2;
    }

    // Hooks of the classic code paths.
    //! RebalanceImpl.rebalanceByTopic for a POP topic: the broker's assignment; false when
    //! not balanced.
    Task<bool> rebalance(qint32 consumer, qint32 topic);
    //! RebalanceImpl.destroy: every PopProcessQueue of the consumer is dropped.
    void destroy(qint32 consumer);
    //! Consumer::setState: ownership health of the queues its pop queues cover.
    void consumerStateChanged(qint32 consumer);
    void handle(const Event &e);
    qint32 eventConsumer(const Event &e) const;
    //! Messages below a pop group's committed offsets that were never delivered but are still
    //! on their way (invisible, or in the POP retry topic): not lost.
    qint64 pendingUndelivered(qint32 group) const;

    // Observation.
    GroupFigures groupFigures(qint32 group) const;
    GroupFigures worldFigures() const;
    ConsumerFigures consumerFigures(qint32 consumer) const;
    //! The consumers whose pop queues cover a queue now (a queue popped by several).
    std::vector<qint32> poppers(qint32 queue) const;
    //! A queue a consumer pops, as its card shows it.
    struct Holding
    {
        qint32 queue = -1;
        bool held = false; //!< pops held back by popThresholdForQueue now
        SimTime createdAt = 0;
        SimTime lastPopAt = 0;
    };
    //! The queues the consumer's live PopProcessQueues read (empty for PULL consumers).
    std::vector<Holding> holdings(qint32 consumer) const;

private:
    struct PopQueue
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
    struct Request
    {
        quint32 gen = 0;
        bool live = false;
        bool parked = false;
        qint32 consumer = -1;
        quint32 incarnation = 0;
        qint32 pq = -1;
        qint32 broker = -1;
        qint32 group = -1;
        qint32 topic = -1;
        qint32 queue = -1;
        qint32 maxNums = 32;
        bool initMin = false;
        SimTime invisibleTime = 60000;
        SimTime bornTime = 0;
        SimTime pollTime = 15000;
        SimTime expires = 0;
        qint32 key = -1;
        std::vector<quint32> records; //!< the answer: FOUND when not empty
        bool answered = false;
    };
    struct Record //!< one bit of a PopCheckPoint
    {
        quint32 gen = 0;
        bool live = false;
        bool acked = false;
        qint32 group = -1;
        qint32 topic = -1;
        qint32 broker = -1;
        qint32 consumer = -1;
        PopMessage message;
        SimTime popTime = 0;
        SimTime invisibleTime = 0;
        SimTime reviveTime = 0;
    };
    struct Key //!< PopLongPollingService key topic@group@queueId
    {
        qint32 group = -1;
        qint32 topic = -1;
        qint32 broker = -1;
        qint32 queue = -1;
        std::vector<quint32> parked; //!< request ids
        quint32 wakeGen = 0;
        SimTime wakeAt = kNever;
    };
    struct ConsumeTask
    {
        qint32 pq = -1;
        quint32 record = 0;
        quint32 recordGen = 0;
        PopMessage message;
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
        qint64 revived = 0;
    };
    struct BrokerSide
    {
        using Due = std::pair<SimTime, quint32>; //!< (reviveTime, record)
        std::priority_queue<Due, std::vector<Due>, std::greater<Due>> checkpoints;
        bool ckSinceScan = false;
        int slow = 1;
    };

    Client &client(qint32 consumer);
    qint32 keyOf(qint32 group, qint32 topic, qint32 broker, qint32 queue);
    std::deque<PopMessage> &retryStore(qint32 group, qint32 topic, qint32 broker);
    std::vector<qint32> coverage(qint32 topic, qint32 broker, qint32 queue) const;
    void syncHolders(PopQueue &pq);
    //! A new pop process queue of `consumer` for (topic, broker, queue; -1: the broker's every
    //! queue), covering what it pops and known to its queues' holders; returns its index.
    qint32 addQueue(qint32 consumer, qint32 topic, qint32 broker, qint32 queue, bool simple);
    void setCoverage(PopQueue &pq, std::vector<qint32> covered);
    void dropQueue(qint32 pq);

    // Client.
    void executeLater(qint32 pq, SimTime delay);
    void popMessage(qint32 pq);
    void onReply(quint32 request);
    void onClientTimeout(quint32 request);
    void submit(Consumer &c, const ConsumeTask &task);
    void startIdle(Consumer &c);
    void onConsumeDone(Consumer &c, quint16 worker);
    void ackAsync(Consumer &c, qint32 broker, quint32 record, quint32 gen);
    void changeInvisibleAsync(
        Consumer &c, qint32 broker, quint32 record, quint32 gen, SimTime invisible);
    std::vector<qint32> workingSet(qint32 consumer, qint32 topic) const;
    //! SimpleConsumer: the application calls receive() again, on the next broker.
    void receiveNext(Consumer &c);

    // Broker.
    void onArrive(quint32 request);
    bool tryPop(Request &r, qint64 *restNum);
    qint64 popOffset(qint32 group, qint32 queue, bool initMin);
    qint32 popFromQueue(Request &r, qint32 queue, qint32 want, qint64 *restNum);
    qint32 popFromRetry(Request &r, qint32 want);
    quint32 newRecord(const Request &r, const PopMessage &m);
    void answer(quint32 request);
    void park(quint32 request);
    void planWake(qint32 key);
    void onArrivalWake(qint32 key, quint32 gen);
    void onParkTimeout(quint32 request);
    void wakeOne(qint32 key);
    void onAck(qint32 broker, quint32 record, quint32 gen);
    void onChangeInvisible(qint32 broker, quint32 record, quint32 gen, SimTime invisible);
    void onReviveTick(qint32 broker, quint64 epoch);
    void freeRequest(quint32 request);

    World *m_world;
    bool m_active = false;
    std::vector<quint8> m_popGroup;
    Random m_random; //!< PopMessageProcessor's randomQ
    std::vector<PopQueue> m_pqs; //!< append-only
    SlotPool<Request> m_requests;
    SlotPool<Record> m_records;
    std::vector<Key> m_keys;
    QHash<QString, qint32> m_keyIndex;
    QHash<QString, qint32> m_retryIndex;
    std::vector<std::deque<PopMessage>> m_retry;
    std::vector<qint32> m_retryGroup; //!< per retry store: its group
    std::vector<Client> m_clients;
    std::vector<BrokerSide> m_brokers;
    std::vector<GroupFigures> m_figures;
    std::vector<qint64> m_invisibleOf; //!< per consumer: live, un-acked records it popped
    //! A live record stops being invisible (acked, or revived).
    void settled(const Record &rec);
};

} // namespace Rblab
