// SPDX-License-Identifier: Apache-2.0
// Connections between clients and brokers, synchronous RPCs, and coroutine wake-ups.
#pragma once

#include "sim/simtime.h"

#include <QString>
#include <QStringList>

#include <coroutine>
#include <vector>

namespace Rblab {

struct World;

/*!
    A TCP connection (a Netty channel) between a consumer and a broker, with each side's idea of
    whether it is open: a broker that expires a silent channel closes its side at once, and the
    client learns it only when the FIN arrives (not across a partition, not while frozen).
*/
struct Channel
{
    qint32 consumer = -1;
    qint32 broker = -1;
    bool brokerOpen = true;
    bool clientOpen = true;
    //! With network jitter, when the last message each way arrives: TCP keeps a channel's
    //! messages in order, so a later one never overtakes an earlier one.
    SimTime lastToBroker = 0;
    SimTime lastToClient = 0;
};

enum class RpcKind : quint8 {
    GetRoute, //!< GET_ROUTEINFO_BY_TOPIC (name server)
    Heartbeat, //!< HEART_BEAT
    GetConsumerList, //!< GET_CONSUMER_LIST_BY_GROUP
    QueryOffset, //!< QUERY_CONSUMER_OFFSET
    GetMaxOffset, //!< GET_MAX_OFFSET
    SearchOffset, //!< SEARCH_OFFSET_BY_TIMESTAMP
    Unregister, //!< UNREGISTER_CLIENT
    LockBatch, //!< LOCK_BATCH_MQ
    UnlockBatch, //!< UNLOCK_BATCH_MQ (synchronous, at orderly shutdown)
};

/*!
    One synchronous request in flight: what was asked and, once answered, the answer.
*/
struct RpcCall
{
    RpcKind kind = RpcKind::Heartbeat;
    quint32 gen = 0;
    bool live = false;
    bool done = false;
    qint32 consumer = -1;
    quint32 incarnation = 0;
    qint32 broker = -1; //!< -1: the name server
    quint32 channel = 0;
    SimTime sentAt = 0;
    // request
    qint32 group = -1;
    qint32 queue = -1;
    qint64 value = 0;
    std::vector<qint32> queues;
    //! HEART_BEAT: the subVersion of each topic in `queues` (the subscriptions), as sent.
    std::vector<qint64> versions;
    // answer
    bool ok = false;
    qint64 result = -1;
    std::vector<qint32> resultQueues;
    QStringList cids;
    QString error;
    // who waits
    quint32 waiter = 0;
    quint32 waiterGen = 0;
};

//! What a coroutine gets back from an RPC.
struct RpcResult
{
    bool ok = false;
    qint64 result = -1;
    std::vector<qint32> queues;
    QStringList cids;
    QString error;
};

/*!
    The network: channels, calls and the table of suspended coroutines waiting for a timer or an
    answer. Events name calls and waiters by index plus a generation, so an answer for a
    coroutine that was destroyed (its consumer killed) finds a newer generation and is dropped.
*/
class Network
{
public:
    struct Waiter
    {
        std::coroutine_handle<> handle;
        quint32 gen = 0;
        qint32 consumer = -1;
        bool active = false;
    };

    explicit Network(World *world) : m_world(world) { }

    // --- coroutine wake-ups
    quint32 addWaiter(std::coroutine_handle<> handle, qint32 consumer);
    void cancelWaiter(quint32 slot, quint32 gen);
    bool waiterActive(quint32 slot, quint32 gen) const;
    void resumeWaiter(quint32 slot, quint32 gen);
    const Waiter &waiter(quint32 slot) const { return m_waiters[slot]; }

    // --- channels
    Channel &channel(quint32 id) { return m_channels[id]; }
    const Channel &channel(quint32 id) const { return m_channels[id]; }
    quint32 openChannel(qint32 consumer, qint32 broker);
    /*!
        The delay of one message on \a channel, now: the latency, plus with network jitter an
        exponential extra delay (its mean the scenario's network.jitter, whole milliseconds),
        no earlier than the channel's previous message the same way.
    */
    SimTime hop(quint32 channel, bool toBroker);
    //! A message from the consumer can reach the broker (and an answer come back) right now.
    bool reachable(qint32 consumer, qint32 broker) const;

    // --- calls
    quint32 newCall(RpcKind kind, qint32 consumer, qint32 broker);
    RpcCall &call(quint32 id) { return m_calls[id]; }
    const RpcCall &call(quint32 id) const { return m_calls[id]; }
    bool callLive(quint32 id, quint32 gen) const
    {
        return id < m_calls.size() && m_calls[id].live && m_calls[id].gen == gen;
    }
    void freeCall(quint32 id);
    //! Sends a registered call; answers or times out later through events.
    void send(quint32 id, SimTime timeout);
    //! The broker (or name server) has filled the answer: send it back if the path is open.
    void reply(quint32 id);
    void complete(quint32 id, bool timedOut);

private:
    World *m_world;
    std::vector<Waiter> m_waiters;
    std::vector<quint32> m_freeWaiters;
    std::vector<Channel> m_channels;
    std::vector<RpcCall> m_calls;
    std::vector<quint32> m_freeCalls;
};

/*!
    co_await sleepFor(world, consumer, ms): a timed wait of one of the consumer's threads.
*/
struct SleepAwaiter
{
    World *world;
    qint32 consumer;
    SimTime delay;
    quint32 slot = 0;
    quint32 gen = 0;
    bool suspended = false;

    bool await_ready() const noexcept { return false; }
    void await_suspend(std::coroutine_handle<> h);
    void await_resume() noexcept { suspended = false; }
    ~SleepAwaiter();
};

/*!
    co_await rpc(world, consumer, broker, kind, …): a synchronous RPC with its timeout
    (mqClientApiTimeout and friends). Resumes with the answer, or ok = false on a timeout,
    a refused connection or an error answer.
*/
struct RpcAwaiter
{
    World *world;
    quint32 callId;
    SimTime timeout;
    bool suspended = false;
    bool finished = false;

    bool await_ready() const noexcept { return false; }
    void await_suspend(std::coroutine_handle<> h);
    RpcResult await_resume();
    ~RpcAwaiter();
};

} // namespace Rblab
