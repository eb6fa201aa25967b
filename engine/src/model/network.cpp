// SPDX-License-Identifier: Apache-2.0
#include "model/network.h"

#include "model/world.h"

#include <algorithm>
#include <cmath>

namespace Rblab {

quint32 Network::addWaiter(std::coroutine_handle<> handle, qint32 consumer)
{
    quint32 slot;
    if (!m_freeWaiters.empty()) {
        slot = m_freeWaiters.back();
        m_freeWaiters.pop_back();
    } else {
        slot = quint32(m_waiters.size());
        m_waiters.push_back({});
    }
    Waiter &w = m_waiters[slot];
    w.handle = handle;
    w.consumer = consumer;
    w.active = true;
    return slot;
}

bool Network::waiterActive(quint32 slot, quint32 gen) const
{
    return slot < m_waiters.size() && m_waiters[slot].active && m_waiters[slot].gen == gen;
}

void Network::cancelWaiter(quint32 slot, quint32 gen)
{
    if (!waiterActive(slot, gen)) {
        return;
    }
    Waiter &w = m_waiters[slot];
    w.active = false;
    w.handle = {};
    ++w.gen;
    m_freeWaiters.push_back(slot);
}

void Network::resumeWaiter(quint32 slot, quint32 gen)
{
    if (!waiterActive(slot, gen)) {
        return;
    }
    Waiter &w = m_waiters[slot];
    std::coroutine_handle<> h = w.handle;
    w.active = false;
    w.handle = {};
    ++w.gen;
    m_freeWaiters.push_back(slot);
    h.resume();
}

quint32 Network::openChannel(qint32 consumer, qint32 broker)
{
    m_channels.push_back({ consumer, broker, true, true });
    return quint32(m_channels.size() - 1);
}

SimTime Network::hop(quint32 channel, bool toBroker)
{
    World &w = *m_world;
    if (w.jitter <= 0) {
        return w.latency;
    }
    const SimTime extra = SimTime(std::llround(w.jitterRandom.exponential(double(w.jitter))));
    Channel &ch = m_channels[channel];
    SimTime &last = toBroker ? ch.lastToBroker : ch.lastToClient;
    last = std::max(w.now() + w.latency + extra, last);
    return last - w.now();
}

bool Network::reachable(qint32 consumer, qint32 broker) const
{
    if (broker < 0) {
        // The name server is always up; a partition cuts only client-broker links.
        return true;
    }
    const Consumer &c = *m_world->consumers[size_t(consumer)];
    return m_world->brokers[size_t(broker)]->up && !c.partitionedFrom(broker);
}

quint32 Network::newCall(RpcKind kind, qint32 consumer, qint32 broker)
{
    quint32 id;
    if (!m_freeCalls.empty()) {
        id = m_freeCalls.back();
        m_freeCalls.pop_back();
    } else {
        id = quint32(m_calls.size());
        m_calls.push_back({});
    }
    RpcCall &c = m_calls[id];
    const quint32 gen = c.gen + 1;
    c = RpcCall {};
    c.gen = gen;
    c.live = true;
    c.kind = kind;
    c.consumer = consumer;
    c.broker = broker;
    c.incarnation = m_world->consumers[size_t(consumer)]->incarnation;
    return id;
}

void Network::freeCall(quint32 id)
{
    RpcCall &c = m_calls[id];
    if (!c.live) {
        return;
    }
    c.live = false;
    c.queues.clear();
    c.versions.clear();
    c.resultQueues.clear();
    c.cids.clear();
    m_freeCalls.push_back(id);
}

void Network::send(quint32 id, SimTime timeout)
{
    RpcCall &c = m_calls[id];
    World &w = *m_world;
    c.sentAt = w.now();
    w.schedule(timeout, Ev::RpcTimeout, id, c.gen);
    if (c.broker < 0) {
        w.schedule(w.latency, Ev::RpcArrive, id, c.gen);
        return;
    }
    Consumer &consumer = *w.consumers[size_t(c.consumer)];
    const Broker &broker = *w.brokers[size_t(c.broker)];
    if (!broker.up) {
        // Connection refused: the error comes back within a round trip.
        c.ok = false;
        c.error = QStringLiteral("connect to broker %1 failed").arg(broker.name);
        w.schedule(w.latency, Ev::RpcReply, id, c.gen);
        return;
    }
    bool failed = false;
    const quint32 channel = consumer.channelFor(c.broker, &failed);
    // Opening a channel again is a 5.x reconnect: the client heartbeats that broker at once, and
    // that heartbeat's call may have grown m_calls under `c`.
    RpcCall &call = m_calls[id];
    call.channel = channel;
    if (failed) {
        // The broker closed this channel and the client had not heard: the write is reset.
        call.ok = false;
        call.error = QStringLiteral("channel to %1 was closed by the broker").arg(broker.name);
        w.schedule(2 * w.latency, Ev::RpcReply, id, call.gen);
        return;
    }
    if (!reachable(call.consumer, call.broker)) {
        return; // lost in the partition: only the timeout answers
    }
    w.schedule(hop(channel, true), Ev::RpcArrive, id, call.gen);
}

void Network::reply(quint32 id)
{
    RpcCall &c = m_calls[id];
    if (c.broker >= 0 && !reachable(c.consumer, c.broker)) {
        return; // the answer is lost; the client times out
    }
    const SimTime delay = c.broker >= 0 ? hop(c.channel, false) : m_world->latency;
    m_world->schedule(delay, Ev::RpcReply, id, c.gen);
}

void Network::complete(quint32 id, bool timedOut)
{
    RpcCall &c = m_calls[id];
    if (!c.live || c.done) {
        return;
    }
    c.done = true;
    if (timedOut) {
        c.ok = false;
        c.error = QStringLiteral("timeout");
    }
    resumeWaiter(c.waiter, c.waiterGen);
}

void SleepAwaiter::await_suspend(std::coroutine_handle<> h)
{
    slot = world->network.addWaiter(h, consumer);
    gen = world->network.waiter(slot).gen;
    suspended = true;
    world->schedule(delay, Ev::CoResume, slot, gen);
}

SleepAwaiter::~SleepAwaiter()
{
    if (suspended) {
        world->network.cancelWaiter(slot, gen);
    }
}

void RpcAwaiter::await_suspend(std::coroutine_handle<> h)
{
    Network &net = world->network;
    RpcCall &c = net.call(callId);
    c.waiter = net.addWaiter(h, c.consumer);
    c.waiterGen = net.waiter(c.waiter).gen;
    suspended = true;
    net.send(callId, timeout);
}

RpcResult RpcAwaiter::await_resume()
{
    suspended = false;
    finished = true;
    RpcCall &c = world->network.call(callId);
    RpcResult r;
    r.ok = c.ok;
    r.result = c.result;
    r.queues = std::move(c.resultQueues);
    r.cids = std::move(c.cids);
    r.error = c.error;
    world->network.freeCall(callId);
    return r;
}

RpcAwaiter::~RpcAwaiter()
{
    if (suspended) {
        RpcCall &c = world->network.call(callId);
        world->network.cancelWaiter(c.waiter, c.waiterGen);
    }
    if (!finished) {
        world->network.freeCall(callId);
    }
}

} // namespace Rblab
