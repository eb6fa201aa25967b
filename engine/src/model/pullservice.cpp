// SPDX-License-Identifier: Apache-2.0
#include "model/pullservice.h"

#include "model/world.h"

#include <algorithm>

namespace Rblab {

namespace {

// DefaultMQPushConsumerImpl's constants.
constexpr SimTime kDelayWhenCacheFlowControl = 50; // PULL_TIME_DELAY_MILLS_WHEN_CACHE_FLOW_CONTROL
constexpr SimTime kDelayWhenSuspend = 1000; // PULL_TIME_DELAY_MILLS_WHEN_SUSPEND
constexpr SimTime kDelayWhenBrokerFlowControl
    = 20; // PULL_TIME_DELAY_MILLS_WHEN_BROKER_FLOW_CONTROL
constexpr SimTime kConsumerTimeoutWhenSuspend = 30000; // CONSUMER_TIMEOUT_MILLIS_WHEN_SUSPEND
constexpr SimTime kOffsetIllegalDelay49 = 10000;
constexpr qint64 kMiB = 1024 * 1024;
constexpr SimTime kFlowControlQuietTime
    = 1000; // published flow control ends after this long without a hold

} // namespace

PullService::PullService(World *world, Consumer *consumer) : m_world(world), m_consumer(consumer)
{
}

void PullService::executeLater(qint32 pqIndex, SimTime delay)
{
    ProcessQueue &pq = m_world->pqs[size_t(pqIndex)];
    pq.stage = ProcessQueue::PullStage::Delayed;
    ++pq.pullGen;
    m_world->schedule(delay, Ev::PullExecute, quint32(pqIndex), pq.pullGen);
}

void PullService::onExecute(qint32 pqIndex, quint32 gen)
{
    const ProcessQueue &pq = m_world->pqs[size_t(pqIndex)];
    if (pq.pullGen != gen || pq.stage != ProcessQueue::PullStage::Delayed
        || pq.incarnation != m_consumer->incarnation || !m_consumer->alive()) {
        return;
    }
    pullMessage(pqIndex);
}

void PullService::setFlowControl(qint32 pqIndex, SimEvent::FlowCause cause)
{
    ProcessQueue &pq = m_world->pqs[size_t(pqIndex)];
    if (cause == SimEvent::FlowCause::SystemBusy || cause == SimEvent::FlowCause::BrokerFlowControl)
        [[unlikely]] {
        // The broker pushed back (its answer), not the client's own checks: counted apart.
        const int i = cause == SimEvent::FlowCause::SystemBusy ? 0 : 1;
        ++m_consumer->brokerFlowControl[i];
        ++m_world->metrics.brokerFlowControl[i];
        pq.lastHoldAt = m_world->now();
    } else if (cause != SimEvent::FlowCause::None) {
        const int i = cause == SimEvent::FlowCause::Count ? 0
            : cause == SimEvent::FlowCause::Size          ? 1
                                                          : 2;
        ++m_consumer->flowControl[i];
        ++m_world->metrics.flowControl[i];
        pq.lastHoldAt = m_world->now();
    }
    if (pq.flowControl == cause) {
        return;
    }
    // Published on a change of state only, not on every 50 ms retry.
    SimEvent ev;
    ev.type = cause == SimEvent::FlowCause::None ? SimEvent::Type::FlowControlOff
                                                 : SimEvent::Type::FlowControlOn;
    ev.cause = cause == SimEvent::FlowCause::None ? pq.flowControl : cause;
    ev.consumer = m_consumer->index;
    ev.queue = pq.queue;
    if (ev.cause == SimEvent::FlowCause::SystemBusy
        || ev.cause == SimEvent::FlowCause::BrokerFlowControl) {
        ev.broker = pq.broker->index;
    } else if (cause != SimEvent::FlowCause::None) {
        // The figures of RocketMQ's WARN line for this check (GUI only, not in the report).
        const ClientConfig &config = m_consumer->config;
        ev.flow.cachedCount = pq.msgCount();
        ev.flow.cachedMiB = pq.msgSize() / kMiB;
        ev.flow.threshold = cause == SimEvent::FlowCause::Count ? config.pullThresholdForQueue
            : cause == SimEvent::FlowCause::Size                ? config.pullThresholdSizeForQueue
                                                                : config.consumeConcurrentlyMaxSpan;
        ev.flow.minOffset = pq.cache.empty() ? 0 : pq.cache.firstKey();
        ev.flow.maxOffset = pq.cache.empty() ? 0 : pq.cache.lastKey();
        ev.flow.nextOffset = pq.nextOffset;
        ev.flow.times
            = qint64(cause == SimEvent::FlowCause::Span ? spanControlSamples : flowControlSamples);
    }
    pq.flowControl = cause;
    m_world->publish(ev);
}

bool PullService::relieved(const ProcessQueue &pq) const
{
    // A catching-up queue is held, passes once the cache has drained for 50 ms, and is held
    // again by the batches that pass brings. The published state (events, the GUI's tile colour)
    // ends only after a second without any hold, so one episode reads as one; holds are still
    // counted at every occurrence.
    return m_world->now() - pq.lastHoldAt >= kFlowControlQuietTime;
}

void PullService::pullMessage(qint32 pqIndex)
{
    pullNow(pqIndex);
}

Q_ALWAYS_INLINE void PullService::pullNow(qint32 pqIndex)
{
    World &w = *m_world;
    Consumer &c = *m_consumer;
    ProcessQueue &pq = w.pqs[size_t(pqIndex)];
    // 1. A dropped process queue ends its pull request.
    if (pq.dropped) {
        pq.stage = ProcessQueue::PullStage::Dead;
        return;
    }
    // 2. Refreshed before the flow-control checks: a held-back queue never expires.
    pq.lastPullTimestamp = w.now();
    // 3. The consumer's service state.
    if (!c.alive()) {
        executeLater(pqIndex, c.config.pullTimeDelayMillsWhenException);
        return;
    }
    // 4. DefaultMQPushConsumer.suspend().
    if (c.paused) {
        executeLater(pqIndex, kDelayWhenSuspend);
        return;
    }
    // 5.–7. Cache flow control: strict '>' checks, so a cache can pass a threshold by one batch.
    if (pq.msgCount() > c.config.pullThresholdForQueue) {
        ++flowControlSamples;
        setFlowControl(pqIndex, SimEvent::FlowCause::Count);
        executeLater(pqIndex, kDelayWhenCacheFlowControl);
        return;
    }
    if (pq.msgSize() / kMiB > c.config.pullThresholdSizeForQueue) {
        ++flowControlSamples;
        setFlowControl(pqIndex, SimEvent::FlowCause::Size);
        executeLater(pqIndex, kDelayWhenCacheFlowControl);
        return;
    }
    if (!c.orderly()) {
        if (pq.maxSpan() > c.config.consumeConcurrentlyMaxSpan) {
            ++spanControlSamples;
            setFlowControl(pqIndex, SimEvent::FlowCause::Span);
            executeLater(pqIndex, kDelayWhenCacheFlowControl);
            return;
        }
    } else if (!c.broadcasting() || w.profile == Profile::V49) {
        if (!pq.locked) {
            // "the message queue not be able to consume, because it's not locked in broker"
            setFlowControl(pqIndex, SimEvent::FlowCause::None);
            executeLater(pqIndex, c.config.pullTimeDelayMillsWhenException);
            return;
        }
        if (!pq.previouslyLocked) {
            // The first pull after locking re-reads the offset from the broker.
            pq.stage = ProcessQueue::PullStage::Querying;
            ++pq.pullGen;
            const quint32 gen = pq.pullGen;
            c.threads.spawn(
                [](World *world, Consumer *consumer, qint32 index, quint32 expected) -> Task<void> {
                    const qint64 offset = co_await consumer->rebalance.computePullFromWhere(
                        world->pqs[size_t(index)].queue);
                    ProcessQueue &q = world->pqs[size_t(index)];
                    if (q.pullGen != expected || q.dropped) {
                        co_return;
                    }
                    if (offset < 0) {
                        consumer->pull.executeLater(
                            index, consumer->config.pullTimeDelayMillsWhenException);
                        co_return;
                    }
                    q.previouslyLocked = true;
                    q.nextOffset = offset;
                    consumer->pull.send(index);
                }(&w, &c, pqIndex, gen));
            return;
        }
    }
    if (pq.flowControl != SimEvent::FlowCause::None && relieved(pq)) {
        setFlowControl(pqIndex, SimEvent::FlowCause::None);
    }
    send(pqIndex);
}

Q_ALWAYS_INLINE void PullService::send(qint32 pqIndex)
{
    World &w = *m_world;
    Consumer &c = *m_consumer;
    ProcessQueue &pq = w.pqs[size_t(pqIndex)];
    // 9. The in-memory offset rides on the pull (CLUSTERING, offset > 0).
    const qint64 memory = c.offsets.memory(pq.queue);
    pq.commitFlag = !c.broadcasting() && memory > 0;
    pq.commitOffset = pq.commitFlag ? memory : 0;
    Broker &broker = *pq.broker;
    // PullMessageProcessor: without the subscription flag (postSubscriptionWhenPull false), the
    // broker compares the group's subscription, as heartbeats told it, with the pull's version.
    const qint32 topic = pq.state->topic;
    const bool notLatest
        = broker.up && broker.subscriptionNotLatest(pq.group, topic, c.subVersion(topic));
    if (!pq.pulled && !notLatest) [[unlikely]] {
        // The first pull of a process queue: from now on the queue is served (Metrics: the
        // end of its orphaned time).
        pq.pulled = true;
        if (c.running()) {
            w.metrics.changeHolders(pq.group, pq.queue, 0, 0, 1);
        }
    }
    ++pq.pullGen;
    pq.pullSentAt = w.now();
    pq.stage = ProcessQueue::PullStage::InFlight;
    pq.maxMsgNums = quint16(std::clamp<qint64>(c.config.pullBatchSize, 1, 1024));
    if (!broker.up) {
        // No connection to a stopped broker: the send throws.
        onException(pqIndex);
        return;
    }
    bool failed = false;
    c.channelFor(broker.index, &failed);
    if (failed) {
        pq.status = ProcessQueue::PullStatus::Error;
        w.schedule(2 * w.latency, Ev::PullResponse, quint32(pqIndex), pq.pullGen);
        return;
    }
    if (c.partitionedFrom(broker.index)) {
        // Lost in a partition: the async call times out (CONSUMER_TIMEOUT_MILLIS_WHEN_SUSPEND).
        w.schedule(kConsumerTimeoutWhenSuspend, Ev::PullTimeout, quint32(pqIndex), pq.pullGen);
        return;
    }
    if (notLatest) [[unlikely]] {
        // SUBSCRIPTION_NOT_LATEST (25): refused before the offset riding on it is stored; the
        // callback's exception path retries after pullTimeDelayMillsWhenException.
        ++subscriptionNotLatestSamples;
        pq.status = ProcessQueue::PullStatus::Error;
        w.schedule(2 * w.latency, Ev::PullResponse, quint32(pqIndex), pq.pullGen);
        return;
    }
    // The broker handles the pull as of its arrival, one latency from now. Doing it now saves
    // an event per pull (the hot path); the offset riding on it reaches the broker's table a
    // latency early, which nothing can observe before the answer comes back.
    broker.handlePull(pqIndex, w.now() + w.latency);
}

void PullService::onException(qint32 pqIndex)
{
    executeLater(pqIndex, m_consumer->config.pullTimeDelayMillsWhenException);
}

void PullService::onTimeout(qint32 pqIndex, quint32 gen)
{
    ProcessQueue &pq = m_world->pqs[size_t(pqIndex)];
    if (pq.pullGen != gen || pq.incarnation != m_consumer->incarnation || !m_consumer->alive()) {
        return;
    }
    if (pq.stage != ProcessQueue::PullStage::InFlight
        && pq.stage != ProcessQueue::PullStage::Parked) {
        return;
    }
    if (pq.dropped) {
        pq.stage = ProcessQueue::PullStage::Dead;
        return;
    }
    onException(pqIndex);
}

bool PullService::timedOutAtThaw(qint32 pqIndex) const
{
    // NettyRemotingAbstract.scanResponseTable: beginTimestamp + timeoutMillis + 1000 <= now.
    constexpr SimTime kScan = 1000;
    const ProcessQueue &pq = m_world->pqs[size_t(pqIndex)];
    return m_world->now() >= pq.pullSentAt + kConsumerTimeoutWhenSuspend + kScan;
}

void PullService::onStaleResponse(qint32 pqIndex, quint64 stamp)
{
    if (!takeAnswer(pqIndex, stamp)) {
        return;
    }
    // "receive response, but not matched any request": the messages are never consumed; the
    // timed-out callback's onException sends the request again.
    onException(pqIndex);
}

bool PullService::takeAnswer(qint32 pqIndex, quint64 stamp)
{
    World &w = *m_world;
    Consumer &c = *m_consumer;
    ProcessQueue &pq = w.pqs[size_t(pqIndex)];
    const bool parked = pq.stage == ProcessQueue::PullStage::Parked;
    if (pq.pullGen != quint32(stamp) || (stamp >> 32) != (parked ? pq.parkGen : 0u)) {
        return false; // an answer that was re-planned or overtaken
    }
    if (!parked && pq.stage != ProcessQueue::PullStage::InFlight) {
        return false;
    }
    if (parked) {
        // The broker answered a held request: it is no longer held.
        std::vector<qint32> &held = pq.state->parked;
        if (!held.empty() && held.back() == pqIndex) {
            held.pop_back();
        } else {
            held.erase(std::remove(held.begin(), held.end(), pqIndex), held.end());
        }
        if (c.partitionedFrom(pq.broker->index)) {
            // The answer was lost on the way: the callback times out.
            pq.stage = ProcessQueue::PullStage::InFlight;
            const SimTime due = pq.pullSentAt + kConsumerTimeoutWhenSuspend;
            w.schedule(
                std::max<SimTime>(0, due - w.now()), Ev::PullTimeout, quint32(pqIndex), pq.pullGen);
            return false;
        }
    }
    if (pq.incarnation != c.incarnation || !c.alive()) {
        return false;
    }
    pq.stage = ProcessQueue::PullStage::Idle;
    if (pq.dropped) {
        pq.stage = ProcessQueue::PullStage::Dead;
        return false;
    }
    return true;
}

void PullService::onResponse(qint32 pqIndex, quint64 stamp)
{
    if (!takeAnswer(pqIndex, stamp)) {
        return;
    }
    World &w = *m_world;
    Consumer &c = *m_consumer;
    ProcessQueue &pq = w.pqs[size_t(pqIndex)];
    switch (pq.status) {
    case ProcessQueue::PullStatus::Found: {
        pq.nextOffset = pq.nextBeginOffset;
        const qint32 queue = pq.queue;
        const quint32 fixed = pq.state->fixedSize;
        const bool dispatch
            = pq.putMessages(pq.resultBegin, pq.resultEnd, [&w, queue, fixed](qint64 offset) {
                  return fixed ? fixed : w.messageSize(queue, offset);
              });
        c.consume.submit(pqIndex, pq.resultBegin, pq.resultEnd, dispatch);
        ProcessQueue &after = w.pqs[size_t(pqIndex)];
        if (after.stage != ProcessQueue::PullStage::Idle) {
            return; // something in the submit path already rescheduled it
        }
        if (c.config.pullInterval > 0) {
            executeLater(pqIndex, c.config.pullInterval);
        } else {
            pullNow(pqIndex);
        }
        return;
    }
    case ProcessQueue::PullStatus::NoNewMsg:
        pq.nextOffset = pq.nextBeginOffset;
        // correctTagsOffset: an idle, empty queue moves its offset up.
        if (pq.msgCount() == 0) {
            c.offsets.update(pq.queue, pq.nextOffset, true);
        }
        pullNow(pqIndex);
        return;
    case ProcessQueue::PullStatus::OffsetIllegal: {
        pq.nextOffset = pq.nextBeginOffset;
        c.rebalance.markDropped(pqIndex);
        SimEvent ev;
        ev.type = SimEvent::Type::OffsetIllegal;
        ev.consumer = c.index;
        ev.queue = pq.queue;
        ev.detail = QStringLiteral("next offset %1").arg(pq.nextOffset);
        w.publish(ev);
        if (w.profile == Profile::V5) {
            // 5.2+: fix at once, freeze the offset, remove the queue and rebalance now.
            c.offsets.updateAndFreeze(pq.queue, pq.nextOffset);
            c.offsets.persist(pq.queue);
            c.threads.spawn(c.rebalance.removeProcessQueue(pq.queue));
            c.rebalance.wakeup();
        } else {
            w.schedule(kOffsetIllegalDelay49, Ev::PullOffsetFix, quint32(pqIndex), c.incarnation);
        }
        pq.stage = ProcessQueue::PullStage::Dead;
        return;
    }
    case ProcessQueue::PullStatus::Error:
        onException(pqIndex);
        return;
    case ProcessQueue::PullStatus::SystemBusy:
        // PullCallback.onException: any code but FLOW_CONTROL waits
        // pullTimeDelayMillsWhenException (DefaultMQPushConsumerImpl.pullMessage).
        setFlowControl(pqIndex, SimEvent::FlowCause::SystemBusy);
        onException(pqIndex);
        return;
    case ProcessQueue::PullStatus::FlowControl:
        // ResponseCode.FLOW_CONTROL: PULL_TIME_DELAY_MILLS_WHEN_BROKER_FLOW_CONTROL.
        setFlowControl(pqIndex, SimEvent::FlowCause::BrokerFlowControl);
        executeLater(pqIndex, kDelayWhenBrokerFlowControl);
        return;
    }
}

void PullService::onOffsetFix(qint32 pqIndex)
{
    // 4.x: after 10 s, update the offset, persist it and remove the process queue; the queue
    // comes back at the next rebalance.
    World &w = *m_world;
    Consumer &c = *m_consumer;
    const ProcessQueue &pq = w.pqs[size_t(pqIndex)];
    if (pq.incarnation != c.incarnation || !c.alive()) {
        return;
    }
    c.offsets.update(pq.queue, pq.nextOffset, false);
    c.offsets.persist(pq.queue);
    c.threads.spawn(c.rebalance.removeProcessQueue(pq.queue));
}

} // namespace Rblab
