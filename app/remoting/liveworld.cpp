// SPDX-License-Identifier: Apache-2.0
#include "liveworld.h"

#include <scenario/topicnames.h>

#include <QMap>
#include <QSet>

#include <algorithm>
#include <numeric>
#include <tuple>

namespace Rblab::Remoting {

namespace {

constexpr qint64 kMiB = 1024 * 1024;

//! "AllocateMessageQueueAveragely@4de5b3ee" → the strategy's name as the lab knows it.
QString strategyName(const QString &property)
{
    static const QMap<QString, QString> names {
        { QStringLiteral("AllocateMessageQueueAveragely"), QStringLiteral("AVG") },
        { QStringLiteral("AllocateMessageQueueAveragelyByCircle"),
            QStringLiteral("AVG_BY_CIRCLE") },
        { QStringLiteral("AllocateMessageQueueConsistentHash"), QStringLiteral("CONSISTENT_HASH") },
        { QStringLiteral("AllocateMessageQueueByConfig"), QStringLiteral("CONFIG") },
        { QStringLiteral("AllocateMessageQueueByMachineRoom"), QStringLiteral("MACHINE_ROOM") },
        { QStringLiteral("AllocateMachineRoomNearby"), QStringLiteral("MACHINE_ROOM_NEARBY") },
    };
    QString name = property.section(QLatin1Char('@'), 0, 0).section(QLatin1Char('.'), -1);
    return names.value(name, name);
}

qint64 property(const ClientView &c, const char *name)
{
    bool ok = false;
    const qint64 value = c.info.properties.value(QLatin1String(name)).toLongLong(&ok);
    return ok ? value : 0;
}

} // namespace

LiveWorld::LiveWorld(const QString &nameServer, const QString &group)
    : m_nameServer(nameServer), m_group(group), m_catalog(std::make_shared<const Catalog>())
{
}

qint32 LiveWorld::queueIndex(const MessageQueue &mq) const
{
    return m_queueIndex.value(mq.label(), -1);
}

LiveWorld::ClientFigures LiveWorld::figuresOf(const ClientView &c)
{
    ClientFigures f;
    f.pullThresholdForQueue = property(c, "pullThresholdForQueue");
    f.pullThresholdSizeForQueue = property(c, "pullThresholdSizeForQueue");
    f.consumeConcurrentlyMaxSpan = property(c, "consumeConcurrentlyMaxSpan");
    f.strategy
        = strategyName(c.info.properties.value(QStringLiteral("allocateMessageQueueStrategy")));
    return f;
}

void LiveWorld::grow(const GroupSnapshot &s)
{
    // The catalog only grows (indices keep their meaning for the whole watch): a new pointer
    // when a client or a queue appears, so that views lay out again (frame.h: CatalogPtr).
    QList<const ClientView *> newClients;
    for (const ClientView &c : s.clients) {
        if (!m_consumerIndex.contains(c.clientId)) {
            newClients.append(&c);
        }
    }
    QList<const QueueView *> newQueues;
    for (const QueueView &q : s.queues) {
        if (q.queue.queueId >= 0 && !m_queueIndex.contains(q.queue.label())) {
            newQueues.append(&q);
        }
    }
    if (newClients.isEmpty() && newQueues.isEmpty() && !m_catalog->groups.isEmpty()) {
        return;
    }
    auto catalog = std::make_shared<Catalog>(*m_catalog);
    if (catalog->groups.isEmpty()) {
        GroupInfo group;
        group.name = m_group;
        catalog->groups.append(group);
    }
    GroupInfo &group = catalog->groups.first();
    if (s.connection.messageModel == QLatin1String("BROADCASTING")) {
        group.messageModel = MessageModel::Broadcasting;
    }
    if (s.connection.consumeType.contains(QLatin1String("POP"))) {
        group.pops = true;
    }
    for (const ClientView *c : std::as_const(newClients)) {
        ConsumerInfo info;
        info.name = c->clientId;
        info.id = c->clientId;
        info.group = m_group;
        info.groupIndex = 0;
        m_consumerIndex.insert(c->clientId, qint32(catalog->consumers.size()));
        catalog->consumers.append(info);
    }
    for (const QueueView *q : std::as_const(newQueues)) {
        QueueInfo info;
        info.topic = q->queue.topic;
        info.brokerName = q->queue.brokerName;
        info.queueId = q->queue.queueId;
        info.retry = info.topic.startsWith(QLatin1String("%RETRY%"));
        if (!catalog->topics.contains(info.topic)) {
            catalog->topics.append(info.topic);
            if (info.topic == TopicNames::retryTopicOf(m_group)) {
                group.retryTopic = info.topic;
            } else if (!info.retry) {
                group.topics.append(info.topic);
            }
        }
        if (!catalog->brokers.contains(info.brokerName)) {
            catalog->brokers.append(info.brokerName);
        }
        info.topicIndex = qint32(catalog->topics.indexOf(info.topic));
        info.brokerIndex = qint32(catalog->brokers.indexOf(info.brokerName));
        m_queueIndex.insert(q->queue.label(), qint32(catalog->queues.size()));
        catalog->queues.append(info);
    }
    // RocketMQ's order (topic, brokerName, queueId), as the engine's catalog keeps it.
    catalog->sortedQueueOrder.resize(catalog->queues.size());
    std::iota(catalog->sortedQueueOrder.begin(), catalog->sortedQueueOrder.end(), 0);
    const QList<QueueInfo> &queues = catalog->queues;
    std::sort(catalog->sortedQueueOrder.begin(), catalog->sortedQueueOrder.end(),
        [&queues](qint32 a, qint32 b) {
            const QueueInfo &x = queues.at(a);
            const QueueInfo &y = queues.at(b);
            return std::tie(x.topic, x.brokerName, x.queueId)
                < std::tie(y.topic, y.brokerName, y.queueId);
        });
    catalog->assignGroupQueues();
    m_catalog = std::move(catalog);
}

QList<SimEvent> LiveWorld::append(const GroupSnapshot &s)
{
    const bool first = m_polls.isEmpty();
    if (first) {
        m_origin = s.takenAtMs;
    }
    grow(s);
    const Catalog &cat = *m_catalog;
    const Poll *previous = first ? nullptr : &m_polls.constLast();
    Poll poll;
    poll.t = first ? 0 : qMax(previous->t + 1, s.takenAtMs - m_origin);
    poll.takenAtMs = s.takenAtMs;
    poll.problems = s.problems;
    if (previous && previous->problems == poll.problems) {
        poll.problems = previous->problems; // shared storage
    }

    // Each client's state, and its settings (shared with the last poll's while unchanged).
    poll.clients = previous ? previous->clients : QList<ClientNote>();
    poll.clients.resize(cat.consumers.size());
    QList<ClientFigures> figures = previous ? previous->figures : QList<ClientFigures>();
    figures.resize(cat.consumers.size());
    bool figuresChanged = !previous || figures.size() != previous->figures.size();
    QSet<qint32> present;
    for (const ClientView &c : s.clients) {
        const qint32 ci = consumerIndex(c.clientId);
        present.insert(ci);
        ClientNote &note = poll.clients[ci];
        if (c.answered) {
            note = { ClientState::Answering, s.takenAtMs, QString() };
            const ClientFigures f = figuresOf(c);
            if (f.strategy != figures.at(ci).strategy
                || f.pullThresholdForQueue != figures.at(ci).pullThresholdForQueue
                || f.pullThresholdSizeForQueue != figures.at(ci).pullThresholdSizeForQueue
                || f.consumeConcurrentlyMaxSpan != figures.at(ci).consumeConcurrentlyMaxSpan) {
                figures[ci] = f;
                figuresChanged = true;
            }
        } else if (note.state != ClientState::NotAnswering) {
            note = { ClientState::NotAnswering, s.takenAtMs, c.error };
        } else {
            note.reason = c.error;
        }
    }
    for (qint32 ci = 0; ci < poll.clients.size(); ++ci) {
        ClientNote &note = poll.clients[ci];
        if (!present.contains(ci) && note.state != ClientState::Absent
            && note.state != ClientState::Left) {
            // Last seen at the previous poll.
            note = { ClientState::Left, previous ? previous->takenAtMs : s.takenAtMs, QString() };
        }
    }
    poll.figures = figuresChanged ? figures : previous->figures;

    // Queue figures, and the tiles: what each answering client says it holds, not dropped
    // queues included (a dropped tile is what RocketMQ's table still has while it lets go).
    poll.queues.resize(cat.queues.size());
    QList<QList<Holding>> byQueue(cat.queues.size());
    for (const QueueView &q : s.queues) {
        const qint32 qi = queueIndex(q.queue);
        if (qi < 0) {
            continue;
        }
        QueueFigures &f = poll.queues[qi];
        f.brokerOffset = q.brokerOffset;
        f.consumerOffset = q.hasOffsets ? q.consumerOffset : -1;
        f.lag = q.lag;
        f.ownership = quint8(q.ownership);
    }
    // Since when a (queue, consumer) is held: the first poll of an unbroken run of polls.
    QHash<qint64, SimTime> since;
    if (previous) {
        for (const Holding &h : previous->holdings) {
            since.insert(qint64(h.queue) << 32 | quint32(h.consumer), h.since);
        }
    }
    for (const ClientView &c : s.clients) {
        if (!c.answered) {
            continue;
        }
        const qint32 ci = consumerIndex(c.clientId);
        for (const ConsumerRunningInfo::ProcessQueue &pq : c.info.processQueues) {
            const qint32 qi = queueIndex(pq.queue);
            if (qi < 0) {
                continue;
            }
            Holding h;
            h.queue = qi;
            h.consumer = ci;
            h.cachedCount = pq.cachedMsgCount;
            h.cachedMiB = pq.cachedMsgSizeInMiB;
            h.minOffset = pq.cachedMsgMinOffset;
            h.maxOffset = pq.cachedMsgMaxOffset;
            h.commitOffset = pq.commitOffset;
            h.lastPullMs = pq.lastPullTimestamp;
            h.locked = pq.locked;
            h.dropped = pq.dropped;
            h.since = since.value(qint64(qi) << 32 | quint32(ci), poll.t);
            byQueue[qi].append(h);
        }
    }
    // A client that did not answer keeps the tiles it last reported: it is still connected
    // (a frozen JVM keeps its table, and the others do not take its queues until the broker
    // drops its channel, when it leaves the group), so its queues are not shown unassigned.
    if (previous) {
        QSet<qint32> silent;
        for (const ClientView &c : s.clients) {
            if (!c.answered) {
                silent.insert(consumerIndex(c.clientId));
            }
        }
        for (const Holding &h : previous->holdings) {
            if (silent.contains(h.consumer)) {
                byQueue[h.queue].append(h);
            }
        }
    }
    for (QList<Holding> &list : byQueue) {
        std::sort(list.begin(), list.end(),
            [](const Holding &a, const Holding &b) { return a.consumer < b.consumer; });
        poll.holdings.append(list);
    }

    // Events: what changed since the last poll (against the owners known then, so that a
    // client's queues move when they are known again after a poll it did not answer).
    QList<SimEvent> added;
    if (first) {
        QList<GroupChange> joined;
        for (const ClientView &c : s.clients) {
            GroupChange change;
            change.kind = GroupChange::Kind::ClientJoined;
            change.subject = c.clientId;
            change.detail
                = QStringLiteral("%1 %2").arg(c.clientAddr, ClientView::versionName(c.version));
            joined.append(change);
        }
        addEvents(joined, poll.t, &added);
    } else {
        addEvents(diffSnapshots(m_baseline, s), poll.t, &added);
    }
    m_baseline = first ? s : s.withKnownOwners(m_baseline);
    m_latest = s;

    // Running totals, as a run's snapshot carries them.
    poll.rebalances = previous ? previous->rebalances : 0;
    poll.queueMoves = previous ? previous->queueMoves : 0;
    for (const SimEvent &e : std::as_const(added)) {
        if (e.type == SimEvent::Type::Rebalance) {
            ++poll.rebalances;
            poll.queueMoves += e.added.size();
        }
    }
    if (previous) {
        // The state of a poll lasts until the next one (what the charts draw as steps).
        const double seconds = double(poll.t - previous->t) / 1000.0;
        qint32 prevDouble = 0;
        qint32 prevOrphaned = 0;
        for (const QueueFigures &f : previous->queues) {
            prevDouble += f.ownership == quint8(QueueView::Ownership::DoubleOwned) ? 1 : 0;
            prevOrphaned += f.ownership == quint8(QueueView::Ownership::Orphaned) ? 1 : 0;
        }
        poll.doubleOwnedSeconds = previous->doubleOwnedSeconds + prevDouble * seconds;
        poll.orphanedSeconds = previous->orphanedSeconds + prevOrphaned * seconds;
    }
    m_polls.append(poll);
    m_events.append(added);
    std::shared_ptr<const Sample> sample = sampleOf(m_polls.constLast());
    m_sampleBytes += qint64(sizeof(Sample))
        + qint64(sample->consumers.size()) * qint64(sizeof(Sample::Consumer))
        + qint64(sample->queues.size()) * qint64(sizeof(Sample::Queue))
        + qint64(m_polls.constLast().holdings.size()) * qint64(sizeof(qint32));
    m_samples.append(std::move(sample));
    return added;
}

namespace {

//! The engine's name for why pulls are held back (a topic-wide threshold is its own cause).
SimEvent::FlowCause flowCause(const FlowControl &flow)
{
    const bool topic = flow.setting.contains(QLatin1String("Topic"));
    switch (flow.cause) {
    case FlowControl::Cause::CachedCount:
        return topic ? SimEvent::FlowCause::TopicCount : SimEvent::FlowCause::Count;
    case FlowControl::Cause::CachedSize:
        return topic ? SimEvent::FlowCause::TopicSize : SimEvent::FlowCause::Size;
    case FlowControl::Cause::Span:
        return SimEvent::FlowCause::Span;
    }
    return SimEvent::FlowCause::None;
}

} // namespace

void LiveWorld::addEvents(const QList<GroupChange> &changes, SimTime t, QList<SimEvent> *events)
{
    // Each event with the change it came from (changeAt()), in the same order.
    struct Recorder
    {
        QList<SimEvent> *events;
        QList<GroupChange> *changes;
        const GroupChange *current = nullptr;
        void append(const SimEvent &e)
        {
            events->append(e);
            changes->append(current != nullptr ? *current : GroupChange {});
        }
    } recorder { events, &m_eventChanges };
    Recorder *added = &recorder;
    const auto marked = [t](SimEvent::Type type, const GroupChange &change) {
        SimEvent e;
        e.t = t;
        e.type = type;
        e.group = kLiveChangeMarker;
        e.count = int(change.kind);
        e.detail = change.toText();
        return e;
    };
    // Moves gathered per client: one Rebalance event each with what it gained and lost, as a
    // rebalance round of that client would publish.
    QMap<qint32, QPair<QList<qint32>, QList<qint32>>> moves;
    QMap<qint32, QStringList> moveLines;
    for (const GroupChange &change : changes) {
        recorder.current = &change;
        switch (change.kind) {
        case GroupChange::Kind::ClientJoined: {
            SimEvent e = marked(SimEvent::Type::Join, change);
            e.consumer = consumerIndex(change.subject);
            added->append(e);
            break;
        }
        case GroupChange::Kind::ClientLeft: {
            SimEvent e = marked(SimEvent::Type::Kill, change);
            e.consumer = consumerIndex(change.subject);
            added->append(e);
            break;
        }
        case GroupChange::Kind::ClientNotAnswering: {
            SimEvent e = marked(SimEvent::Type::Freeze, change);
            e.consumer = consumerIndex(change.subject);
            added->append(e);
            break;
        }
        case GroupChange::Kind::ClientAnswering: {
            SimEvent e = marked(SimEvent::Type::Unfreeze, change);
            e.consumer = consumerIndex(change.subject);
            added->append(e);
            break;
        }
        case GroupChange::Kind::QueueMoved: {
            const qint32 q = m_queueIndex.value(change.subject, -1);
            if (q < 0) {
                break;
            }
            for (const QString &owner : change.to) {
                if (!change.from.contains(owner)) {
                    moves[consumerIndex(owner)].first.append(q);
                    moveLines[consumerIndex(owner)].append(change.toText());
                }
            }
            for (const QString &owner : change.from) {
                if (!change.to.contains(owner)) {
                    moves[consumerIndex(owner)].second.append(q);
                    moveLines[consumerIndex(owner)].append(change.toText());
                }
            }
            break;
        }
        case GroupChange::Kind::FlowControlOn:
        case GroupChange::Kind::FlowControlOff: {
            // The queue is the subject, the client that holds back its pulls is `client`.
            SimEvent e = marked(change.kind == GroupChange::Kind::FlowControlOn
                    ? SimEvent::Type::FlowControlOn
                    : SimEvent::Type::FlowControlOff,
                change);
            e.queue = m_queueIndex.value(change.subject, -1);
            e.consumer = consumerIndex(change.client);
            if (change.kind == GroupChange::Kind::FlowControlOn && change.flowControl) {
                e.cause = flowCause(*change.flowControl);
            }
            added->append(e);
            break;
        }
        default: {
            // Double-owned, orphaned, stale views, problems and any kind added later: a line
            // of its own.
            SimEvent e = marked(SimEvent::Type::CommandFailed, change);
            e.queue = m_queueIndex.value(change.subject, -1);
            e.consumer = consumerIndex(change.subject);
            added->append(e);
            break;
        }
        }
    }
    // A client's moves are one event; the lines of its changes are its detail.
    recorder.current = nullptr;
    for (auto it = moves.cbegin(); it != moves.cend(); ++it) {
        if (it.key() < 0) {
            continue;
        }
        SimEvent e;
        e.t = t;
        e.type = SimEvent::Type::Rebalance;
        e.consumer = it.key();
        e.added = it.value().first;
        e.removed = it.value().second;
        e.group = kLiveChangeMarker;
        e.count = int(GroupChange::Kind::QueueMoved);
        e.detail = moveLines.value(it.key()).join(QLatin1Char('\n'));
        if (!e.added.isEmpty() || !e.removed.isEmpty()) {
            const QueueInfo &q = m_catalog->queues.at(
                e.added.isEmpty() ? e.removed.constFirst() : e.added.constFirst());
            e.topic = q.topicIndex;
        }
        added->append(e);
    }
}

const GroupChange *LiveWorld::changeAt(qsizetype i) const
{
    if (i < 0 || i >= m_eventChanges.size() || i >= m_events.size()) {
        return nullptr;
    }
    const GroupChange &c = m_eventChanges.at(i);
    return changeKind(m_events.at(i)) == int(c.kind) && !c.subject.isEmpty() ? &c : nullptr;
}

int LiveWorld::changeKind(const SimEvent &event)
{
    return event.group == kLiveChangeMarker ? event.count : -1;
}

qsizetype LiveWorld::pollAt(SimTime t) const
{
    if (m_polls.isEmpty()) {
        return -1;
    }
    const auto it = std::partition_point(
        m_polls.cbegin(), m_polls.cend(), [t](const Poll &p) { return p.t <= t; });
    return qMax<qsizetype>(0, (it - m_polls.cbegin()) - 1);
}

WorldSnapshot LiveWorld::snapshotAt(SimTime t) const
{
    const qsizetype i = pollAt(t);
    if (i < 0) {
        return WorldSnapshot();
    }
    return picture(m_polls.at(i));
}

QList<LiveWorld::ClientNote> LiveWorld::notesAt(SimTime t) const
{
    const qsizetype i = pollAt(t);
    if (i < 0) {
        return {};
    }
    QList<ClientNote> notes = m_polls.at(i).clients;
    notes.resize(m_catalog->consumers.size());
    return notes;
}

QStringList LiveWorld::problemsAt(SimTime t) const
{
    const qsizetype i = pollAt(t);
    return i < 0 ? QStringList() : m_polls.at(i).problems;
}

WorldSnapshot LiveWorld::picture(const Poll &poll) const
{
    const Catalog &cat = *m_catalog;
    WorldSnapshot snap;
    snap.now = poll.t;
    snap.brokerUp = QList<bool>(cat.brokers.size(), true);
    snap.consumers.resize(cat.consumers.size());
    for (qsizetype c = 0; c < cat.consumers.size(); ++c) {
        SnapshotConsumer &sc = snap.consumers[c];
        const ClientState state = poll.clients.value(c).state;
        // A client that does not answer is still in the group (a hung one, as the engine's
        // freeze): a frozen card with the tiles it last reported. One that left the group is a
        // stopped card. The views' words say what was seen ("not answering", "left"), never
        // "frozen" or "killed".
        sc.state = state == ClientState::Answering ? ConsumerState::Running
            : state == ClientState::NotAnswering   ? ConsumerState::Frozen
            : state == ClientState::Absent         ? ConsumerState::Absent
                                                   : ConsumerState::Killed;
        const ClientFigures f = poll.figures.value(c);
        sc.strategy = f.strategy;
        sc.pullThresholdForQueue = f.pullThresholdForQueue;
        sc.pullThresholdSizeForQueue = f.pullThresholdSizeForQueue;
        sc.consumeConcurrentlyMaxSpan = f.consumeConcurrentlyMaxSpan;
    }
    snap.queues.resize(cat.queues.size());
    qsizetype next = 0;
    for (qsizetype q = 0; q < cat.queues.size(); ++q) {
        SnapshotQueue &sq = snap.queues[q];
        const QueueFigures qf = poll.queues.value(q);
        sq.brokerOffset = qf.brokerOffset;
        sq.committedOffset = qf.consumerOffset;
        sq.lag = qf.lag;
        sq.readable = q < poll.queues.size();
        sq.firstHolding = qint32(snap.holdings.size());
        for (; next < poll.holdings.size() && poll.holdings.at(next).queue == q; ++next) {
            const Holding &h = poll.holdings.at(next);
            SnapshotHolding sh;
            sh.queue = h.queue;
            sh.consumer = h.consumer;
            sh.cachedCount = h.cachedCount;
            sh.cachedBytes = qint64(h.cachedMiB) * kMiB;
            sh.maxSpan = h.cachedCount > 0 ? h.maxOffset - h.minOffset : 0;
            sh.nextOffset = h.cachedCount > 0 ? h.maxOffset + 1 : h.commitOffset;
            sh.consumedOffset = h.commitOffset;
            sh.lastPullAt = h.lastPullMs > 0 ? h.lastPullMs - m_origin : poll.t;
            sh.createdAt = h.since;
            sh.locked = h.locked;
            sh.dropped = h.dropped;
            // DefaultMQPushConsumerImpl.pullMessage's own checks on the client's own figures
            // and thresholds: a queue over them has its pulls held back now.
            const ClientFigures f = poll.figures.value(h.consumer);
            if (!h.dropped && f.pullThresholdForQueue > 0
                && h.cachedCount > f.pullThresholdForQueue) {
                sh.flowControl = SimEvent::FlowCause::Count;
            } else if (!h.dropped && f.pullThresholdSizeForQueue > 0
                && h.cachedMiB > f.pullThresholdSizeForQueue) {
                sh.flowControl = SimEvent::FlowCause::Size;
            } else if (!h.dropped && !h.locked && f.consumeConcurrentlyMaxSpan > 0
                && sh.maxSpan > f.consumeConcurrentlyMaxSpan) {
                sh.flowControl = SimEvent::FlowCause::Span;
            }
            snap.holdings.append(sh);
            SnapshotConsumer &sc = snap.consumers[h.consumer];
            if (!h.dropped) {
                ++sc.queueCount;
                ++sq.owners;
                ++sq.runningOwners;
            }
            sc.cachedCount += h.cachedCount;
            sc.cachedBytes += sh.cachedBytes;
        }
        sq.holdingCount = qint32(snap.holdings.size()) - sq.firstHolding;
        snap.totals.doubleOwnedQueues += qf.ownership == quint8(QueueView::Ownership::DoubleOwned);
        snap.totals.orphanedQueues += qf.ownership == quint8(QueueView::Ownership::Orphaned);
    }
    SnapshotTotals &totals = snap.totals;
    totals.rebalances = poll.rebalances;
    totals.queueMoves = poll.queueMoves;
    totals.doubleOwnedQueueSeconds = poll.doubleOwnedSeconds;
    totals.orphanedQueueSeconds = poll.orphanedSeconds;
    totals.unownedQueueSeconds = poll.orphanedSeconds;
    snap.eventCount = quint64(std::partition_point(m_events.cbegin(), m_events.cend(),
                                  [&poll](const SimEvent &e) { return e.t <= poll.t; })
        - m_events.cbegin());
    return snap;
}

std::shared_ptr<const Sample> LiveWorld::sampleOf(const Poll &poll) const
{
    const WorldSnapshot snap = picture(poll);
    auto s = std::make_shared<Sample>();
    s->t = poll.t;
    s->queues.resize(snap.queues.size());
    s->consumers.resize(snap.consumers.size());
    for (qsizetype c = 0; c < snap.consumers.size(); ++c) {
        const SnapshotConsumer &sc = snap.consumers.at(c);
        Sample::Consumer &row = s->consumers[c];
        row.state = sc.state;
        row.cachedCount = sc.cachedCount;
        row.cachedBytes = sc.cachedBytes;
        row.pullThresholdForQueue = sc.pullThresholdForQueue;
        row.pullThresholdSizeForQueue = sc.pullThresholdSizeForQueue;
    }
    for (qsizetype q = 0; q < snap.queues.size(); ++q) {
        const SnapshotQueue &sq = snap.queues.at(q);
        Sample::Queue &row = s->queues[q];
        row.brokerOffset = sq.brokerOffset;
        row.committedOffset = sq.committedOffset;
        row.lag = sq.lag;
        for (qint32 h = sq.firstHolding; h < sq.firstHolding + sq.holdingCount; ++h) {
            const SnapshotHolding &sh = snap.holdings.at(h);
            row.cachedCount += sh.cachedCount;
            row.cachedBytes += sh.cachedBytes;
            row.maxSpan = qMax(row.maxSpan, sh.maxSpan);
            if (!sh.dropped) {
                row.owners.append(sh.consumer);
                s->consumers[sh.consumer].lag += sq.lag;
            }
        }
    }
    s->orphanedQueues = snap.totals.orphanedQueues;
    s->doubleOwnedQueues = snap.totals.doubleOwnedQueues;
    return s;
}

double LiveWorld::produceRate(const QString &topic, int polls, qsizetype upTo) const
{
    const qsizetype end = upTo < 0 || upTo >= m_polls.size() ? m_polls.size() - 1 : upTo;
    if (end < 1) {
        return -1;
    }
    const Poll &last = m_polls.at(end);
    const Poll &first = m_polls.at(qMax<qsizetype>(0, end - qMax(1, polls)));
    const SimTime span = last.t - first.t;
    if (span <= 0) {
        return -1;
    }
    qint64 written = 0;
    for (qsizetype q = 0; q < m_catalog->queues.size(); ++q) {
        if (m_catalog->queues.at(q).topic != topic || q >= first.queues.size()
            || q >= last.queues.size()) {
            continue;
        }
        written
            += qMax<qint64>(0, last.queues.at(q).brokerOffset - first.queues.at(q).brokerOffset);
    }
    return double(written) * 1000.0 / double(span);
}

qint64 LiveWorld::memoryBytes() const
{
    qint64 bytes = qint64(sizeof(LiveWorld)) + m_sampleBytes;
    const Poll *previous = nullptr;
    for (const Poll &p : m_polls) {
        bytes += qint64(sizeof(Poll)) + p.holdings.size() * qint64(sizeof(Holding))
            + p.queues.size() * qint64(sizeof(QueueFigures))
            + p.clients.size() * qint64(sizeof(ClientNote));
        // Shared with the previous poll: counted once.
        if (!previous || previous->figures.constData() != p.figures.constData()) {
            bytes += p.figures.size() * qint64(sizeof(ClientFigures));
        }
        if (!previous || previous->problems.constData() != p.problems.constData()) {
            for (const QString &line : p.problems) {
                bytes += qint64(sizeof(QString)) + line.size() * 2;
            }
        }
        previous = &p;
    }
    for (const SimEvent &e : m_events) {
        bytes += qint64(sizeof(SimEvent)) + e.detail.size() * 2
            + (e.added.size() + e.removed.size()) * qint64(sizeof(qint32));
    }
    for (const GroupChange &c : m_eventChanges) {
        bytes += qint64(sizeof(GroupChange)) + (c.subject.size() + c.detail.size()) * 2;
    }
    return bytes;
}

} // namespace Rblab::Remoting
