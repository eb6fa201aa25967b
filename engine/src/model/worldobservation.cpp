// SPDX-License-Identifier: Apache-2.0
// What the world shows: samples for reports and charts, snapshots for views, totals.
#include "model/popengine.h"
#include "model/world.h"

#include <algorithm>

namespace Rblab {

namespace {

//! The POP figures of a world or of one POP group, as the totals carry them.
void setPopFigures(SnapshotTotals &t, const PopEngine::GroupFigures &f)
{
    t.pop = true;
    t.popPopped = f.popped;
    t.popAcked = f.acked;
    t.popRevived = f.revived;
    t.popRedelivered = f.redelivered;
    t.popInFlight = f.inFlight;
    t.popInvisible = f.invisible;
}

} // namespace

qint32 World::reportGroup(qint32 queue) const
{
    const QueueState &q = queueStates[size_t(queue)];
    if (q.retry) {
        return q.retryGroup;
    }
    for (size_t g = 0; g < groups.size(); ++g) {
        const auto &t = groups[g].topics;
        if (std::find(t.begin(), t.end(), q.topic) != t.end()) {
            return qint32(g);
        }
    }
    return -1;
}

qint64 World::committedFor(qint32 queue) const
{
    const qint32 g = reportGroup(queue);
    if (g < 0) {
        return 0;
    }
    if (groups[size_t(g)].broadcasting()) {
        // BROADCASTING keeps offsets in each consumer's file: the slowest live consumer's.
        qint64 lowest = -1;
        for (qint32 c : groups[size_t(g)].consumers) {
            const Consumer &consumer = *consumers[size_t(c)];
            if (!consumer.alive()) {
                continue;
            }
            const qint64 stored = consumer.offsets.stored(queue);
            if (stored >= 0 && (lowest < 0 || stored < lowest)) {
                lowest = stored;
            }
        }
        return std::max<qint64>(0, lowest);
    }
    return std::max<qint64>(0, queueStates[size_t(queue)].committed[size_t(g)]);
}

void World::sample()
{
    if (!recordSamples) {
        return;
    }
    settle();
    Sample s;
    s.t = now();
    s.queues.resize(queueInfos.size());
    for (size_t q = 0; q < queueStates.size(); ++q) {
        Sample::Queue &row = s.queues[qsizetype(q)];
        row.brokerOffset = queueStates[q].maxOffset(now());
        row.committedOffset = committedFor(qint32(q));
        row.lag = std::max<qint64>(0, row.brokerOffset - row.committedOffset);
    }
    s.consumers.resize(consumerInfos.size());
    for (size_t c = 0; c < consumers.size(); ++c) {
        const Consumer &consumer = *consumers[c];
        Sample::Consumer &row = s.consumers[qsizetype(c)];
        row.state = consumer.state;
        row.delivered = consumer.delivered;
        std::copy(
            std::begin(consumer.flowControl), std::end(consumer.flowControl), row.flowControl);
        row.brokerFlowControl[0] = consumer.brokerFlowControl[0];
        row.brokerFlowControl[1] = consumer.brokerFlowControl[1];
        row.pullThresholdForQueue = consumer.config.pullThresholdForQueue;
        row.pullThresholdSizeForQueue = consumer.config.pullThresholdSizeForQueue;
        if (pop && pop->popGroup(consumer.group)) {
            const PopEngine::ConsumerFigures f = pop->consumerFigures(qint32(c));
            row.popInFlight = f.inFlight;
            row.popInvisible = f.invisible;
            row.popAcked = f.acked;
            row.popRevived = f.revived;
            row.popRedelivered = f.redelivered;
        }
        if (!consumer.alive()) {
            continue;
        }
        for (qint32 pqIndex : consumer.table) {
            const ProcessQueue &pq = pqs[size_t(pqIndex)];
            if (pq.dropped) {
                continue;
            }
            Sample::Queue &queue = s.queues[pq.queue];
            queue.owners.append(qint32(c));
            queue.cachedCount += pq.msgCount();
            queue.cachedBytes += pq.msgSize();
            queue.maxSpan = std::max(queue.maxSpan, pq.maxSpan());
            row.cachedCount += pq.msgCount();
            row.cachedBytes += pq.msgSize();
            const qint64 consumed = std::max<qint64>(0, consumer.offsets.memory(pq.queue));
            row.lag
                += std::max<qint64>(0, queueStates[size_t(pq.queue)].maxOffset(now()) - consumed);
        }
        if (pop && pop->popGroup(consumer.group)) {
            // A queue popped by k consumers: each is its owner, and carries 1/k of its lag (the
            // group's offset; messages in flight are not lag in POP).
            for (const PopEngine::Holding &h : pop->holdings(qint32(c))) {
                s.queues[h.queue].owners.append(qint32(c));
                const QueueState &q = queueStates[size_t(h.queue)];
                const qint64 committed = size_t(consumer.group) < q.committed.size()
                    ? std::max<qint64>(0, q.committed[size_t(consumer.group)])
                    : 0;
                const qint64 lag = std::max<qint64>(0, q.maxOffset(now()) - committed);
                const qint64 poppers = qint64(pop->poppers(h.queue).size());
                row.lag += lag / std::max<qint64>(1, poppers);
            }
        }
    }
    s.orphanedQueues = metrics.orphanedNow();
    s.doubleOwnedQueues = metrics.doubleOwnedNow();
    if (groups.size() > 1) {
        s.groupOrphaned.resize(qsizetype(groups.size()));
        s.groupDoubleOwned.resize(qsizetype(groups.size()));
        for (size_t g = 0; g < groups.size(); ++g) {
            const Metrics::GroupCounters counters = metrics.groupNow(qint32(g));
            s.groupOrphaned[qsizetype(g)] = counters.orphaned;
            s.groupDoubleOwned[qsizetype(g)] = counters.doubleOwned;
        }
    }
    if (sampleSink) {
        sampleSink(std::move(s));
    } else {
        samples.append(std::move(s));
    }
}

SnapshotTotals World::totals() const
{
    SnapshotTotals t;
    for (const QueueState &q : queueStates) {
        if (!q.retry) {
            t.produced += q.maxOffset(now()) - q.historyEnd; // produced during the run
        }
    }
    t.delivered = metrics.delivered;
    t.uniqueDelivered = metrics.uniqueDelivered;
    t.duplicates = metrics.delivered - metrics.uniqueDelivered;
    t.lost = metrics.lost();
    std::copy(std::begin(metrics.flowControl), std::end(metrics.flowControl), t.flowControl);
    t.brokerFlowControl[0] = metrics.brokerFlowControl[0];
    t.brokerFlowControl[1] = metrics.brokerFlowControl[1];
    t.rebalances = metrics.rebalances;
    t.queueMoves = metrics.queueMoves;
    t.orphanedQueueSeconds = metrics.orphanedQueueSeconds();
    t.unownedQueueSeconds = metrics.unownedQueueSeconds();
    t.doubleOwnedQueueSeconds = metrics.doubleOwnedQueueSeconds();
    t.retried = metrics.retried;
    t.deadLettered = metrics.deadLettered;
    t.orphanedQueues = metrics.orphanedNow();
    t.doubleOwnedQueues = metrics.doubleOwnedNow();
    if (pop && pop->active()) {
        setPopFigures(t, pop->worldFigures());
    }
    return t;
}

qint64 World::fillPopFigures(qint32 consumer, SnapshotConsumer &row) const
{
    if (!pop || !pop->popGroup(consumers[size_t(consumer)]->group)) {
        return 0;
    }
    const PopEngine::ConsumerFigures f = pop->consumerFigures(consumer);
    row.pop = true;
    row.popQueues = f.popQueues;
    row.popInFlight = f.inFlight;
    row.popInvisible = f.invisible;
    row.popAcked = f.acked;
    row.popRedelivered = f.redelivered;
    row.popRevived = f.revived;
    return f.queued;
}

SnapshotTotals World::groupTotals(qint32 group) const
{
    SnapshotTotals t;
    if (group < 0 || size_t(group) >= groups.size()) {
        return t;
    }
    const GroupState &g = groups[size_t(group)];
    for (const QueueState &q : queueStates) {
        if (!q.retry && std::find(g.topics.begin(), g.topics.end(), q.topic) != g.topics.end()) {
            t.produced += q.maxOffset(now()) - q.historyEnd;
        }
    }
    for (qint32 c : g.consumers) {
        const Consumer &consumer = *consumers[size_t(c)];
        t.delivered += consumer.delivered;
        for (int k = 0; k < 3; ++k) {
            t.flowControl[k] += consumer.flowControl[k];
        }
        t.brokerFlowControl[0] += consumer.brokerFlowControl[0];
        t.brokerFlowControl[1] += consumer.brokerFlowControl[1];
        if (g.broadcasting()) {
            t.uniqueDelivered += metrics.uniqueIn(metrics.deliveryScope(c));
        }
    }
    if (!g.broadcasting()) {
        t.uniqueDelivered = metrics.uniqueIn(size_t(group));
    }
    t.duplicates = t.delivered - t.uniqueDelivered;
    t.lost = metrics.lost(group);
    const Metrics::GroupCounters counters = metrics.groupNow(group);
    t.rebalances = counters.rebalances;
    t.queueMoves = counters.queueMoves;
    t.orphanedQueueSeconds = double(counters.orphanedMs) / 1000.0;
    t.unownedQueueSeconds = double(counters.unownedMs) / 1000.0;
    t.doubleOwnedQueueSeconds = double(counters.doubleOwnedMs) / 1000.0;
    t.retried = counters.retried;
    t.deadLettered = counters.deadLettered;
    t.orphanedQueues = counters.orphaned;
    t.doubleOwnedQueues = counters.doubleOwned;
    if (pop && pop->popGroup(group)) {
        setPopFigures(t, pop->groupFigures(group));
    }
    return t;
}

void World::fillSnapshot(WorldSnapshot &snap) const
{
    snap.now = now();
    snap.eventCount = spooledEvents + quint64(events.size());
    snap.brokerUp.resize(qsizetype(brokers.size()));
    for (size_t b = 0; b < brokers.size(); ++b) {
        snap.brokerUp[qsizetype(b)] = brokers[b]->up;
    }

    // Holdings, grouped by queue with a counting sort (stable: consumers in creation order).
    const qsizetype queueCount = queueInfos.size();
    std::vector<qint32> perQueue(size_t(queueCount) + 1, 0);
    qsizetype holdings = 0;
    for (const auto &c : consumers) {
        if (!c->alive()) {
            continue;
        }
        for (qint32 pqIndex : c->table) {
            ++perQueue[size_t(pqs[size_t(pqIndex)].queue) + 1];
            ++holdings;
        }
        if (pop && pop->popGroup(c->group)) {
            // A POP consumer's tiles: every queue its PopProcessQueues read (shared by design).
            for (const PopEngine::Holding &h : pop->holdings(c->index)) {
                ++perQueue[size_t(h.queue) + 1];
                ++holdings;
            }
        }
    }
    for (size_t q = 1; q < perQueue.size(); ++q) {
        perQueue[q] += perQueue[q - 1];
    }
    snap.holdings.resize(holdings);
    std::vector<qint32> fill(perQueue.begin(), perQueue.end() - 1);
    snap.consumers.resize(qsizetype(consumers.size()));
    for (size_t ci = 0; ci < consumers.size(); ++ci) {
        const Consumer &c = *consumers[ci];
        SnapshotConsumer &row = snap.consumers[qsizetype(ci)];
        row = SnapshotConsumer();
        row.state = c.state;
        row.slowed = c.slowed;
        row.delivered = c.delivered;
        std::copy(std::begin(c.flowControl), std::end(c.flowControl), row.flowControl);
        row.brokerFlowControl[0] = c.brokerFlowControl[0];
        row.brokerFlowControl[1] = c.brokerFlowControl[1];
        row.busyWorkers = c.consume.busyWorkers();
        row.queuedTasks = c.consume.queued();
        row.pullThresholdForQueue = c.config.pullThresholdForQueue;
        row.pullThresholdSizeForQueue = c.config.pullThresholdSizeForQueue;
        row.consumeConcurrentlyMaxSpan = c.config.consumeConcurrentlyMaxSpan;
        row.lastRebalanceAt = c.lastRebalanceAt;
        row.rebalanceCount = c.rebalanceCount;
        row.strategy = c.strategy ? c.strategy->name() : c.strategyName;
        row.consumeTime = c.consumeTime;
        row.initialConsumeTime = c.initialConsumeTime;
        row.views = c.views;
        row.nextRebalanceAt = c.alive() ? c.rebalance.nextRound() : -1;
        row.queuedTasks += fillPopFigures(qint32(ci), row);
        if (!c.alive()) {
            continue;
        }
        for (qint32 pqIndex : c.table) {
            const ProcessQueue &pq = pqs[size_t(pqIndex)];
            SnapshotHolding &h = snap.holdings[fill[size_t(pq.queue)]++];
            h.queue = pq.queue;
            h.consumer = qint32(ci);
            h.cachedCount = pq.msgCount();
            h.cachedBytes = pq.msgSize();
            h.maxSpan = pq.maxSpan();
            h.nextOffset = pq.nextOffset;
            h.consumedOffset = c.offsets.memory(pq.queue);
            h.lastPullAt = pq.lastPullTimestamp;
            h.createdAt = pq.createdAt;
            h.flowControl = pq.flowControl;
            h.locked = pq.locked;
            h.dropped = pq.dropped;
            if (!pq.dropped) {
                ++row.queueCount;
                row.cachedCount += h.cachedCount;
                row.cachedBytes += h.cachedBytes;
            }
        }
        if (row.pop) {
            for (const PopEngine::Holding &p : pop->holdings(qint32(ci))) {
                SnapshotHolding &h = snap.holdings[fill[size_t(p.queue)]++];
                h.queue = p.queue;
                h.consumer = qint32(ci);
                h.nextOffset = committedFor(p.queue); // POP reads from the group's offset
                h.lastPullAt = p.lastPopAt;
                h.createdAt = p.createdAt;
                h.flowControl = p.held ? SimEvent::FlowCause::Count : SimEvent::FlowCause::None;
                ++row.queueCount;
            }
        }
    }
    snap.queues.resize(queueCount);
    for (qsizetype q = 0; q < queueCount; ++q) {
        const QueueState &state = queueStates[size_t(q)];
        SnapshotQueue &row = snap.queues[q];
        row.brokerOffset = state.maxOffset(now());
        row.committedOffset = committedFor(qint32(q));
        row.lag = std::max<qint64>(0, row.brokerOffset - row.committedOffset);
        row.firstHolding = perQueue[size_t(q)];
        row.holdingCount = perQueue[size_t(q) + 1] - perQueue[size_t(q)];
        row.owners = 0;
        row.runningOwners = 0;
        for (qint32 h = row.firstHolding; h < row.firstHolding + row.holdingCount; ++h) {
            const SnapshotHolding &holding = snap.holdings[h];
            if (!holding.dropped) {
                ++row.owners;
                if (consumers[size_t(holding.consumer)]->running()) {
                    ++row.runningOwners;
                }
            }
        }
        row.brokerUp = brokers[size_t(state.broker)]->up;
        row.readable = state.inRoute;
    }
    snap.totals = totals();
}

} // namespace Rblab
