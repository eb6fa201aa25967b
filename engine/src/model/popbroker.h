// SPDX-License-Identifier: Apache-2.0
// The brokers' side of POP consumption (RocketMQ 5, RIP-19).
#pragma once

#include "model/popassignment.h"
#include "model/popengine.h"
#include "model/slotpool.h"
#include "sim/random.h"
#include "sim/simtime.h"

#include <QHash>
#include <QString>

#include <deque>
#include <queue>
#include <utility>
#include <vector>

namespace Rblab {

struct World;
class Consumer;

/*!
    The brokers' POP bookkeeping, world-wide (docs/rocketmq-pop-spec.md §2; PopMessageProcessor,
    PopLongPollingService, AckMessageProcessor, ChangeInvisibleTimeProcessor, PopReviveService,
    QueryAssignmentProcessor):
    - the assignment a client asks for (QUERY_ASSIGNMENT, PopAssignment);
    - the pop offset commits at pop time (ConsumerOffsetManager, QueueState.committed);
      getInitOffset with initMode MIN / MAX (initPopOffsetByCheckMsgInMem);
    - queue order (randomQ + i) mod readQueueNums, the POP retry topic first with probability
      popFromRetryProbability (20 %) and after the normal queues when the pop is not full;
    - a checkpoint per popped message (the CK's bit), reviveTime = popTime + invisibleTime;
    - long polling: parked on topic@group@queueId, one request woken per arrival (the earliest to
      expire), the 20 ms timeout scan 50 ms early; revived v1 retry messages wake nobody;
    - revive: one loop per broker (reviveInterval 1 s, plus 1–3 s when a scan saw no new CK),
      an un-acked CK revived when the scan is more than 2 s past its reviveTime, which the
      timer's 1 s lag lets it see 3 s after (measured on 5.3.3, issue 38), as a copy in
      %RETRY%<group>_<topic> with reconsumeTimes + 1.

    The POP_MESSAGE requests in flight live here: the client (PopClient) opens one, the broker
    answers it, the client takes the answer.
*/
class PopBroker
{
public:
    using PopMessage = PopEngine::PopMessage;
    using GroupFigures = PopEngine::GroupFigures;
    using Op = PopEngine::Op;

    //! A POP_MESSAGE request (the client's PopRequest as the broker holds it).
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
    //! One bit of a PopCheckPoint: a message popped and not yet acked nor revived.
    struct Record
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
    //! The broker's answer to QUERY_ASSIGNMENT: (broker, queue) pairs, queue -1 for all of them.
    struct Assignment
    {
        PopAssignment::Result::Status status = PopAssignment::Result::Status::NoResult;
        std::vector<std::pair<qint32, qint32>> queues; //!< sorted, unique
        QString error;
    };

    explicit PopBroker(World *world);

    //! After World::build, for a world with POP groups: the revive loops.
    void start();

    //! QueryAssignmentProcessor on broker `asked` for a consumer's topic.
    Assignment queryAssignment(qint32 asked, const Consumer &c, qint32 topic);
    //! The catalog queues a pop of (topic, broker, queue; -1: every readable one) reads.
    std::vector<qint32> coverage(qint32 topic, qint32 broker, qint32 queue) const;

    // POP_MESSAGE requests.
    //! A request with the client's fields; returns its id (its generation is request(id).gen).
    quint32 open(const Request &fields);
    Request &request(quint32 id) { return m_requests[id]; }
    bool live(quint32 id, quint32 gen) const { return m_requests.live(id, gen); }
    //! The answer's records; the request is gone.
    std::vector<quint32> takeAnswer(quint32 id);
    //! The client gave up on it (timeout): no longer parked, gone.
    void abandon(quint32 id);
    //! Frees a request (its slot's generation moves on at once).
    void free(quint32 id);
    const Record &record(quint32 id) const { return m_records[id]; }

    // What arrives at the brokers (Ev::Pop).
    void onArrive(quint32 request);
    void onParkTimeout(quint32 request);
    void onArrivalWake(qint32 key, quint32 gen);
    void onAck(qint32 broker, quint32 record, quint32 gen);
    void onChangeInvisible(qint32 broker, quint32 record, quint32 gen, SimTime invisible);
    void onReviveTick(qint32 broker, quint64 epoch);

    // Observation.
    //! What the brokers counted for a group (retryBacklog included).
    GroupFigures groupFigures(qint32 group) const;
    //! Live, un-acked records a consumer popped.
    qint64 invisibleOf(qint32 consumer) const;
    //! Checkpoints of a consumer's pops the brokers revived.
    qint64 revivedOf(qint32 consumer) const;
    //! Messages below a group's committed offsets never delivered but still on their way
    //! (invisible, or in the POP retry topic).
    qint64 pendingUndelivered(qint32 group) const;

private:
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
    struct Revive //!< one broker's PopReviveService
    {
        using Due = std::pair<SimTime, quint32>; //!< (reviveTime, record)
        std::priority_queue<Due, std::vector<Due>, std::greater<Due>> checkpoints;
        bool ckSinceScan = false;
        int slow = 1;
    };

    GroupFigures &figures(qint32 group);
    qint32 keyOf(qint32 group, qint32 topic, qint32 broker, qint32 queue);
    std::deque<PopMessage> &retryStore(qint32 group, qint32 topic, qint32 broker);
    bool tryPop(Request &r, qint64 *restNum);
    qint64 popOffset(qint32 group, qint32 queue, bool initMin);
    qint32 popFromQueue(Request &r, qint32 queue, qint32 want, qint64 *restNum);
    qint32 popFromRetry(Request &r, qint32 want);
    quint32 newRecord(const Request &r, const PopMessage &m);
    void answer(quint32 request);
    void park(quint32 request);
    void planWake(qint32 key);
    void wakeOne(qint32 key);
    //! A live record stops being invisible (acked, or revived).
    void settled(const Record &rec);

    World *m_world;
    PopAssignment m_assignment;
    Random m_random; //!< PopMessageProcessor's randomQ
    SlotPool<Request> m_requests;
    SlotPool<Record> m_records;
    std::vector<Key> m_keys;
    QHash<QString, qint32> m_keyIndex;
    QHash<QString, qint32> m_retryIndex;
    std::vector<std::deque<PopMessage>> m_retry;
    std::vector<qint32> m_retryGroup; //!< per retry store: its group
    std::vector<Revive> m_revive; //!< per broker
    std::vector<GroupFigures> m_figures; //!< per group
    std::vector<qint64> m_invisibleOf; //!< per consumer: live, un-acked records it popped
    std::vector<qint64> m_revivedOf; //!< per consumer: its records revived
};

} // namespace Rblab
