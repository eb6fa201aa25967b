// SPDX-License-Identifier: Apache-2.0
// POP consumption of the Remoting push consumer (RocketMQ 5, RIP-19): client and broker sides.
#pragma once

#include "sim/eventqueue.h"
#include "sim/simtime.h"
#include "sim/task.h"

#include <memory>
#include <vector>

namespace Rblab {

struct World;
class Consumer;

class PopBroker;
class PopClient;

/*!
    POP mode of a group (docs/rocketmq-pop-spec.md §1–§2, issue 8), world-wide: which groups
    pop, the events of POP consumption (Ev::Pop, the operation in `small`) dispatched to their
    side, and the figures both sides keep.

    - PopClient: the consumers' side (DefaultMQPushConsumerImpl in POP mode and the gRPC
      SimpleConsumer): the broker's assignment asked at every RebalanceService round, the
      PopProcessQueues, popMessage's checks, ConsumeMessagePopConcurrentlyService, acks and
      nacks.
    - PopBroker: the brokers' side (QueryAssignmentProcessor through PopAssignment,
      PopMessageProcessor, PopLongPollingService, AckMessageProcessor,
      ChangeInvisibleTimeProcessor, PopReviveService): assignment, pop offsets, checkpoints,
      long polling, revive.
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
    //! An event's arg for a request or record: its id and generation.
    static quint64 stamp(quint32 id, quint32 gen) { return quint64(id) | (quint64(gen) << 32); }

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

        GroupFigures &operator+=(const GroupFigures &o);
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
    World *m_world;
    bool m_active = false;
    std::vector<quint8> m_popGroup;
    std::unique_ptr<PopBroker> m_broker;
    std::unique_ptr<PopClient> m_client;
};

} // namespace Rblab
