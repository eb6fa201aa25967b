// SPDX-License-Identifier: Apache-2.0
#include "observed/observedworld.h"

#include <scenario/topicnames.h>
#include <import/logfiles.h>

#include <QCoreApplication>
#include <QDateTime>
#include <QFileInfo>
#include <QSet>

#include <algorithm>

namespace Rblab {

namespace {

// A single logged flow-control line stands for at least 1,000 holds at a 50 ms retry
// (PULL_TIME_DELAY_MILLS_WHEN_CACHE_FLOW_CONTROL, DefaultMQPushConsumerImpl): the tile shows it
// held back for a second at least, so that it can be seen at all.
constexpr SimTime kMinFlowShown = 1000;
// At most this many samples over the whole logs (the charts and timeline read them).
constexpr SimTime kMaxGridSamples = 3000;

SimEvent::FlowCause flowCause(LogRecord::Kind kind)
{
    switch (kind) {
    case LogRecord::Kind::FlowSize:
        return SimEvent::FlowCause::Size;
    case LogRecord::Kind::FlowSpan:
        return SimEvent::FlowCause::Span;
    default:
        return SimEvent::FlowCause::Count;
    }
}

} // namespace

ObservedWorld::Result ObservedWorld::import(
    const QStringList &paths, LogImporter::Options options, const std::atomic_bool *cancel)
{
    Result result;
    if (paths.isEmpty()) {
        result.error = QCoreApplication::translate("ObservedWorld", "No log file was chosen.");
        return result;
    }
    // A folder (one per machine, or the incident's folder of them) gives the client logs below
    // it, as `rblab import-logs` reads it.
    const LogFileList inputs = LogFileList::collect(paths);
    if (!inputs.ok()) {
        result.error = inputs.error;
        return result;
    }
    for (const QString &empty : inputs.emptyFiles) {
        result.warnings.append(
            { empty, 0, QCoreApplication::translate("ObservedWorld", "empty file, left out") });
    }
    for (const QString &deep : inputs.tooDeep) {
        result.warnings.append({ deep, 0,
            QCoreApplication::translate("ObservedWorld",
                "a folder too deep for the system to open (PATH_MAX); the logs below it are "
                "left out") });
    }
    const QStringList &files = inputs.files;
    if (cancel) {
        options.cancelled = [cancel] { return cancel->load(); };
    }
    qint64 total = 0;
    for (const QString &f : files) {
        total += QFileInfo(f).isFile() ? QFileInfo(f).size() : 0;
    }
    auto importer = std::make_unique<LogImporter>(options);
    for (const QString &f : files) {
        if (!importer->addFile(f, total)) {
            result.warnings.append(importer->warnings());
            result.error = importer->error() == QLatin1String("cancelled")
                ? QCoreApplication::translate("ObservedWorld", "The import was cancelled.")
                : importer->error(); // names the file already
            return result;
        }
    }
    importer->finish();
    result.warnings.append(importer->warnings());
    if (importer->consumerCount() == 0) {
        result.error = QCoreApplication::translate("ObservedWorld",
            "No rebalance, start or shutdown line of a consumer in the files (%1 lines read): "
            "nothing to show.")
                           .arg(importer->lines());
        return result;
    }
    std::shared_ptr<ObservedWorld> world(new ObservedWorld);
    world->m_importer = std::move(importer);
    world->m_files = files;
    world->build();
    result.world = world;
    return result;
}

QString ObservedWorld::key(const LoggedQueue &q)
{
    return q.topic + QLatin1Char('\n') + q.brokerName + QLatin1Char('\n')
        + QString::number(q.queueId);
}

void ObservedWorld::build()
{
    const LogImporter &imp = *m_importer;
    m_duration = qMax<SimTime>(1, rel(imp.end()));
    auto catalog = std::make_shared<Catalog>();
    addQueues(*catalog);
    const QHash<QString, qint32> consumerIndex = addConsumers(*catalog);
    m_rebalances.resize(catalog->consumers.size());
    // What the run did to its clients (a real run's actions), by consumer: before addSamples()
    // takes the first picture.
    m_known.resize(m_consumers.size());
    for (const LogImporter::Options::KnownAction &a : imp.knownActions()) {
        for (qsizetype c = 0; c < m_consumers.size(); ++c) {
            if (m_consumers.at(c).clientId == a.clientId) {
                m_known[c].append({ rel(a.at), a.kind });
            }
        }
    }
    for (auto &list : m_known) {
        std::stable_sort(list.begin(), list.end(),
            [](const auto &a, const auto &b) { return a.first < b.first; });
    }
    addChanges(*catalog, consumerIndex);
    m_catalog = catalog;
    addWindows(consumerIndex);
    addEvents(consumerIndex);
    addSamples();
    m_replay = imp.scenario();
    using Kind = LogImporter::Options::KnownAction::Kind;
    for (qsizetype c = 0; c < m_consumers.size(); ++c) {
        // A kill the run did is a kill, not a silence.
        const bool knownKill = std::any_of(m_known[c].cbegin(), m_known[c].cend(),
            [](const auto &a) { return a.second == Kind::Kill; });
        m_silentSince.append(
            m_consumers.at(c).killed && !knownKill ? lastLineClock(qint32(c)) : QString());
    }
}

void ObservedWorld::addQueues(Catalog &catalog)
{
    const LogImporter &imp = *m_importer;
    // Queues: every queue of the result sets, in RocketMQ's order (topic, brokerName, queueId).
    QSet<QString> brokers;
    for (auto t = imp.topicBrokers().cbegin(); t != imp.topicBrokers().cend(); ++t) {
        catalog.topics.append(t.key());
        for (auto b = t.value().cbegin(); b != t.value().cend(); ++b) {
            brokers.insert(b.key());
        }
    }
    catalog.brokers = QStringList(brokers.cbegin(), brokers.cend());
    std::sort(catalog.brokers.begin(), catalog.brokers.end());
    for (auto t = imp.topicBrokers().cbegin(); t != imp.topicBrokers().cend(); ++t) {
        for (auto b = t.value().cbegin(); b != t.value().cend(); ++b) {
            for (int id = 0; id < b.value(); ++id) {
                QueueInfo q;
                q.topic = t.key();
                q.brokerName = b.key();
                q.queueId = id;
                q.topicIndex = qint32(catalog.topics.indexOf(t.key()));
                q.brokerIndex = qint32(catalog.brokers.indexOf(b.key()));
                q.retry = TopicNames::isRetryTopic(t.key());
                m_queueIndex.insert(
                    key({ q.topic, q.brokerName, q.queueId }), qint32(catalog.queues.size()));
                catalog.sortedQueueOrder.append(qint32(catalog.queues.size()));
                catalog.queues.append(q);
            }
        }
    }
}

QHash<QString, qint32> ObservedWorld::addConsumers(Catalog &catalog)
{
    // Consumers: one card per client of a group; a client id in two groups is named as the
    // replay scenario names it (group/clientId).
    m_consumers = m_importer->observedConsumers();
    QHash<QString, int> idCount;
    for (const auto &c : std::as_const(m_consumers)) {
        ++idCount[c.clientId];
    }
    QHash<QString, qint32> consumerIndex; // group \n clientId
    // The groups a real run's scenario names, in its order, as the engine's pane lists them.
    for (const QString &group : m_importer->groupOrder()) {
        const bool logged = std::any_of(m_consumers.cbegin(), m_consumers.cend(),
            [&group](const LogImporter::ObservedConsumer &c) { return c.group == group; });
        if (logged && catalog.groupIndex(group) < 0) {
            catalog.groups.append(GroupInfo { group });
        }
    }
    for (const auto &c : std::as_const(m_consumers)) {
        if (catalog.groupIndex(c.group) < 0) {
            catalog.groups.append(GroupInfo { c.group });
        }
        ConsumerInfo info;
        info.id = c.clientId;
        info.name
            = idCount.value(c.clientId) > 1 ? c.group + QLatin1Char('/') + c.clientId : c.clientId;
        info.group = c.group;
        info.groupIndex = catalog.groupIndex(c.group);
        // A POP group's members share its queues by design: the view must not call them
        // double-owned (AssignmentItems), as it does not on the engine's side.
        catalog.groups[info.groupIndex].pops = catalog.groups[info.groupIndex].pops || c.pop;
        consumerIndex.insert(
            c.group + QLatin1Char('\n') + c.clientId, qint32(catalog.consumers.size()));
        catalog.consumers.append(info);
    }
    return consumerIndex;
}

void ObservedWorld::addChanges(Catalog &catalog, const QHash<QString, qint32> &consumerIndex)
{
    const LogImporter &imp = *m_importer;
    // Each group's queues: those of the topics its clients claimed.
    QList<QSet<QString>> groupTopics(catalog.groups.size());
    for (const LogImporter::ClaimChange &ch : imp.claimChanges()) {
        const qint32 c = consumerIndex.value(ch.group + QLatin1Char('\n') + ch.clientId, -1);
        if (c < 0) {
            continue;
        }
        Change change;
        change.t = rel(ch.t);
        change.consumer = c;
        change.topic = qint32(catalog.topics.indexOf(ch.topic));
        change.end = ch.end;
        for (const LoggedQueue &q : ch.claim) {
            const qint32 qi = queueIndex(q);
            if (qi >= 0) {
                change.queues.append(qi);
            }
        }
        groupTopics[catalog.consumers.at(c).groupIndex].insert(ch.topic);
        m_changes.push_back(change);
    }
    for (qsizetype g = 0; g < catalog.groups.size(); ++g) {
        GroupInfo &group = catalog.groups[g];
        QStringList topics(groupTopics[g].cbegin(), groupTopics[g].cend());
        std::sort(topics.begin(), topics.end());
        for (const QString &topic : std::as_const(topics)) {
            if (topic == TopicNames::retryTopicOf(group.name)) {
                group.retryTopic = topic;
            } else {
                group.topics.append(topic);
            }
        }
    }
    catalog.assignGroupQueues();
}

void ObservedWorld::addWindows(const QHash<QString, qint32> &consumerIndex)
{
    const LogImporter &imp = *m_importer;
    // The importer's windows: the ownership counts of the samples and the snapshot totals.
    for (const LogImporter::TopicTimeline &tl : imp.timelines()) {
        const qint32 group = m_catalog->groupIndex(tl.group);
        for (const auto &list : tl.doubleOwned) {
            for (const LogImporter::Interval &iv : list) {
                m_doubleOwned.append({ rel(iv.from), rel(iv.to), iv.open, group });
                m_doubleStarts.append(rel(iv.from));
            }
        }
        for (const auto &list : tl.unowned) {
            for (const LogImporter::Interval &iv : list) {
                m_unowned.append({ rel(iv.from), rel(iv.to), iv.open, group });
            }
        }
    }
    std::sort(m_doubleStarts.begin(), m_doubleStarts.end());
    for (const LogImporter::FlowEpisode &f : imp.flowEpisodes()) {
        const qint32 c = consumerIndex.value(f.group + QLatin1Char('\n') + f.consumer, -1);
        const qint32 q = queueIndex(f.queue);
        if (c >= 0 && q >= 0) {
            m_flow.append({ c, q, flowCause(f.cause), rel(f.from),
                qMax(rel(f.to), rel(f.from) + kMinFlowShown) });
        }
    }
}

void ObservedWorld::addEvents(const QHash<QString, qint32> &consumerIndex)
{
    // Events, as a run publishes them.
    for (const LogImporter::Event &e : m_importer->events()) {
        SimEvent ev;
        ev.t = rel(e.t);
        ev.consumer = consumerIndex.value(e.group + QLatin1Char('\n') + e.consumer, -1);
        ev.topic = e.topic.isEmpty() ? -1 : qint32(m_catalog->topics.indexOf(e.topic));
        ev.detail = e.detail;
        if (e.type == QLatin1String("rebalance")) {
            ev.type = SimEvent::Type::Rebalance;
            for (LoggedQueue q : e.added) {
                q.topic = e.topic;
                ev.added.append(queueIndex(q));
            }
            for (LoggedQueue q : e.removed) {
                q.topic = e.topic;
                ev.removed.append(queueIndex(q));
            }
            ev.added.removeAll(-1);
            ev.removed.removeAll(-1);
            if (ev.consumer >= 0) {
                m_rebalances[ev.consumer].append(ev.t);
            }
        } else if (e.type == QLatin1String("notify")) {
            ev.type = SimEvent::Type::Notify;
            ev.detail = e.broker;
        } else if (e.type == QLatin1String("started")) {
            ev.type = SimEvent::Type::Started;
        } else if (e.type == QLatin1String("shutdown")) {
            ev.type = SimEvent::Type::Shutdown;
        } else if (e.type == QLatin1String("kill")) {
            ev.type = SimEvent::Type::Kill;
        } else if (e.type == QLatin1String("flowControlOn") && e.queue) {
            ev.type = SimEvent::Type::FlowControlOn;
            ev.queue = queueIndex(*e.queue);
            ev.cause = e.cause == QLatin1String("size") ? SimEvent::FlowCause::Size
                : e.cause == QLatin1String("span")      ? SimEvent::FlowCause::Span
                                                        : SimEvent::FlowCause::Count;
        } else {
            continue;
        }
        m_events.append(ev);
    }
    // A client that never logged "start OK" (its start is in a rotated file that was not given)
    // joins the picture at its first line.
    for (qsizetype c = 0; c < m_consumers.size(); ++c) {
        if (!m_consumers.at(c).startOk) {
            SimEvent ev;
            ev.t = rel(m_consumers.at(c).first);
            ev.type = SimEvent::Type::Join;
            ev.consumer = qint32(c);
            m_events.append(ev);
        }
    }
    for (const Flow &f : std::as_const(m_flow)) {
        SimEvent off;
        off.t = f.to;
        off.type = SimEvent::Type::FlowControlOff;
        off.consumer = f.consumer;
        off.queue = f.queue;
        off.cause = f.cause;
        m_events.append(off);
    }
    std::stable_sort(m_events.begin(), m_events.end(),
        [](const SimEvent &a, const SimEvent &b) { return a.t < b.t; });
    // Totals by binary search: a sample or a frame costs O(log events), not O(events).
    qint64 moves = 0;
    for (const SimEvent &e : std::as_const(m_events)) {
        if (e.type == SimEvent::Type::Rebalance) {
            moves += e.added.size();
            m_roundTimes.append(e.t);
            m_movesUpTo.append(moves);
        }
    }
}

void ObservedWorld::addSamples()
{
    // Samples: a grid over the logs, plus each window's edges so that a window of a few
    // milliseconds still shows on the timeline.
    m_sampleInterval = qMax<SimTime>(500, (m_duration / kMaxGridSamples + 99) / 100 * 100);
    QList<SimTime> times;
    for (SimTime t = 0; t <= m_duration; t += m_sampleInterval) {
        times.append(t);
    }
    for (const QList<Window> *list : { &m_doubleOwned, &m_unowned }) {
        for (const Window &w : *list) {
            times.append(w.from);
            times.append(qMax(w.from, w.to - 1));
            times.append(w.to);
        }
    }
    std::sort(times.begin(), times.end());
    times.erase(std::unique(times.begin(), times.end()), times.end());
    State state;
    for (SimTime t : std::as_const(times)) {
        if (t < 0 || t > m_duration) {
            continue;
        }
        advance(state, t);
        const WorldSnapshot snap = picture(state, t);
        Sample s;
        s.t = t;
        s.queues.resize(snap.queues.size());
        for (const SnapshotHolding &h : snap.holdings) {
            s.queues[h.queue].owners.append(h.consumer);
        }
        for (const SnapshotConsumer &c : snap.consumers) {
            Sample::Consumer sc;
            sc.state = c.state;
            s.consumers.append(sc);
        }
        s.orphanedQueues = snap.totals.orphanedQueues;
        s.doubleOwnedQueues = snap.totals.doubleOwnedQueues;
        if (m_catalog->groups.size() > 1) {
            // Each group's own counts, as the engine's samples carry them (the charts of a
            // selected group read these; the world's counts mixed the groups).
            s.groupOrphaned = QList<qint32>(m_catalog->groups.size(), 0);
            s.groupDoubleOwned = QList<qint32>(m_catalog->groups.size(), 0);
            for (const Window &w : std::as_const(m_unowned)) {
                if (w.group >= 0 && w.covers(t)) {
                    ++s.groupOrphaned[w.group];
                }
            }
            for (const Window &w : std::as_const(m_doubleOwned)) {
                if (w.group >= 0 && w.covers(t)) {
                    ++s.groupDoubleOwned[w.group];
                }
            }
        }
        m_samples.append(s);
    }
}

void ObservedWorld::advance(State &state, SimTime t) const
{
    const qsizetype n = m_catalog->consumers.size();
    if (state.claims.size() != n) {
        state.claims.resize(n);
        state.since.resize(n);
        state.ended = QList<bool>(n, false);
    }
    // The importer's sweep (LogImporter::rebuild): changes in time order, an ended client
    // claims nothing afterwards.
    for (; state.next < qsizetype(m_changes.size()) && m_changes[state.next].t <= t; ++state.next) {
        const Change &ch = m_changes[state.next];
        if (ch.end) {
            state.ended[ch.consumer] = true;
            state.claims[ch.consumer].clear();
            state.since[ch.consumer].clear();
            continue;
        }
        if (state.ended[ch.consumer]) {
            continue;
        }
        const QList<qint32> before = state.claims[ch.consumer].value(ch.topic);
        state.claims[ch.consumer].insert(ch.topic, ch.queues);
        for (qint32 q : ch.queues) {
            if (!before.contains(q)) {
                state.since[ch.consumer].insert(q, ch.t);
            }
        }
        for (qint32 q : before) {
            if (!ch.queues.contains(q)) {
                state.since[ch.consumer].remove(q);
            }
        }
    }
}

WorldSnapshot ObservedWorld::snapshotAt(SimTime t) const
{
    t = std::clamp<SimTime>(t, 0, m_duration);
    State state;
    advance(state, t);
    return picture(state, t);
}

WorldSnapshot ObservedWorld::picture(const State &state, SimTime t) const
{
    const Catalog &cat = *m_catalog;
    WorldSnapshot snap;
    snap.now = t;
    snap.brokerUp = QList<bool>(cat.brokers.size(), true);
    snap.consumers.resize(cat.consumers.size());
    for (qsizetype c = 0; c < cat.consumers.size(); ++c) {
        const LogImporter::ObservedConsumer &oc = m_consumers.at(c);
        SnapshotConsumer &sc = snap.consumers[c];
        const SimTime first = rel(oc.first);
        if (oc.shutdownOk && t >= rel(*oc.shutdownOk)) {
            sc.state = ConsumerState::Shutdown;
        } else if (oc.unregistered && t >= rel(*oc.unregistered)
            && (!oc.shutdownOk || *oc.unregistered <= *oc.shutdownOk)) {
            // The brokers saw it leave and its queues went to the others; its shutdown() runs
            // on until "shutdown OK" (5.x stops its client instance first: 4 s).
            sc.state = ConsumerState::ShuttingDown;
        } else if (oc.killed && t >= rel(*oc.killed)) {
            sc.state = ConsumerState::Killed;
        } else if (t < first) {
            sc.state = ConsumerState::Absent;
        } else if (oc.startOk && t < rel(*oc.startOk)) {
            sc.state = ConsumerState::Starting;
        } else {
            sc.state = ConsumerState::Running;
        }
        // What the run did to it, where its log says it ran on (or went silent).
        if (sc.state == ConsumerState::Running || sc.state == ConsumerState::Killed) {
            using Kind = LogImporter::Options::KnownAction::Kind;
            for (const auto &[at, kind] : m_known.at(c)) {
                if (at > t) {
                    break;
                }
                sc.state = kind == Kind::Freeze ? ConsumerState::Frozen
                    : kind == Kind::Kill        ? ConsumerState::Killed
                                                : ConsumerState::Running;
            }
        }
        sc.strategy = oc.strategy;
        const QList<SimTime> &rounds = m_rebalances.at(c);
        const auto upTo = std::upper_bound(rounds.cbegin(), rounds.cend(), t);
        sc.rebalanceCount = quint32(upTo - rounds.cbegin());
        sc.lastRebalanceAt = upTo == rounds.cbegin() ? -1 : *(upTo - 1);
    }
    // Holdings grouped by queue, consumers in catalog order.
    QList<QList<qint32>> owners(cat.queues.size());
    if (!state.claims.isEmpty()) {
        for (qsizetype c = 0; c < cat.consumers.size(); ++c) {
            for (const QList<qint32> &queues : state.claims.at(c)) {
                for (qint32 q : queues) {
                    owners[q].append(qint32(c));
                }
            }
        }
    }
    // The episodes running at t, by (consumer, queue): one pass, not one per holding.
    QHash<qint64, SimEvent::FlowCause> flowNow;
    for (const Flow &f : m_flow) {
        if (t >= f.from && t <= f.to) {
            flowNow.insert(qint64(f.consumer) << 32 | quint32(f.queue), f.cause);
        }
    }
    snap.queues.resize(cat.queues.size());
    for (qsizetype q = 0; q < cat.queues.size(); ++q) {
        SnapshotQueue &sq = snap.queues[q];
        sq.committedOffset = -1;
        sq.firstHolding = qint32(snap.holdings.size());
        for (qint32 c : std::as_const(owners[q])) {
            SnapshotHolding h;
            h.queue = qint32(q);
            h.consumer = c;
            h.createdAt = state.since.at(c).value(qint32(q), 0);
            h.lastPullAt = t;
            h.flowControl = flowNow.value(qint64(c) << 32 | quint32(q), SimEvent::FlowCause::None);
            snap.holdings.append(h);
            ++snap.consumers[c].queueCount;
            ++sq.owners;
            if (snap.consumers.at(c).state == ConsumerState::Running) {
                ++sq.runningOwners;
            }
        }
        sq.holdingCount = qint32(snap.holdings.size()) - sq.firstHolding;
    }
    // Ownership as the importer measured it (its windows, per queue).
    SnapshotTotals &totals = snap.totals;
    const auto seconds = [t](const Window &w) {
        const SimTime end = qMin(t, w.to);
        return end > w.from ? double(end - w.from) / 1000.0 : 0.0;
    };
    for (const Window &w : m_doubleOwned) {
        totals.doubleOwnedQueues += w.covers(t) ? 1 : 0;
        totals.doubleOwnedQueueSeconds += seconds(w);
    }
    for (const Window &w : m_unowned) {
        totals.orphanedQueues += w.covers(t) ? 1 : 0;
        totals.orphanedQueueSeconds += seconds(w);
    }
    totals.unownedQueueSeconds = totals.orphanedQueueSeconds;
    const auto rounds = std::upper_bound(m_roundTimes.cbegin(), m_roundTimes.cend(), t);
    totals.rebalances = rounds - m_roundTimes.cbegin();
    totals.queueMoves = totals.rebalances > 0 ? m_movesUpTo.at(totals.rebalances - 1) : 0;
    snap.eventCount
        = quint64(std::partition_point(m_events.cbegin(), m_events.cend(), [t](const SimEvent &e) {
              return e.t <= t;
          }) - m_events.cbegin());
    return snap;
}

QString ObservedWorld::summary() const
{
    const QString groups = m_catalog->groupNames().join(QStringLiteral(", "));
    const qsizetype consumers = m_catalog->consumers.size();
    return m_files.size() == 1
        ? QCoreApplication::translate("ObservedWorld", "1 log file, %1 consumers of %2")
              .arg(consumers)
              .arg(groups)
        : QCoreApplication::translate("ObservedWorld", "%1 log files, %2 consumers of %3")
              .arg(m_files.size())
              .arg(consumers)
              .arg(groups);
}

QString ObservedWorld::lastLineClock(qint32 consumer) const
{
    if (consumer < 0 || consumer >= m_consumers.size()) {
        return QString();
    }
    // The printed time is epoch ms of the zone's wall clock: shifted back into that zone.
    const qint64 printed
        = m_consumers.at(consumer).alivePrinted + qint64(m_importer->zoneMinutes()) * 60 * 1000;
    return QDateTime::fromMSecsSinceEpoch(printed, Qt::UTC).toString(QStringLiteral("HH:mm:ss"));
}

QList<LogImporter::SourceLine> ObservedWorld::linesOf(qint32 consumer) const
{
    if (consumer < 0 || consumer >= m_consumers.size()) {
        return {};
    }
    const LogImporter::ObservedConsumer &c = m_consumers.at(consumer);
    return m_importer->linesOf(c.group, c.clientId);
}

} // namespace Rblab
