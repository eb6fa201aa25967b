// SPDX-License-Identifier: Apache-2.0
#include "import/logrebuilder.h"

#include "import/clockskewestimator.h"
#include "import/loginterner.h"

#include <QSet>

#include <algorithm>
#include <limits>

namespace Rblab {

namespace {

// A flow-controlled pull retries every 50 ms (PULL_TIME_DELAY_MILLS_WHEN_CACHE_FLOW_CONTROL,
// PushImpl:92 / :105) and one hold in 1000 is logged per consumer: lines of one queue further
// apart than this belong to different episodes.
constexpr qint64 kFlowEpisodeGap = 120'000;
// A dead consumer's queues are taken over within channel expiry (120 s, BrokerConfig) and a
// rebalance round (20 s): a smaller cidAllSize later than this says nothing about it.
constexpr qint64 kKillEvidenceWindow = 5 * 60'000;

QString consumerKey(const QString &group, const QString &clientId)
{
    return group + QLatin1Char('\n') + clientId;
}

/*!
    The sweep over one (group, topic): the claims and views in force, applied an instant at a
    time, and the intervals open so far (double-owned and unowned per queue, disagreeing views).
*/
class TimelineSweep
{
public:
    TimelineSweep(ObservedIncident::TopicTimeline *timeline,
        const std::vector<ObservedIncident::Consumer> &consumers, const ClockSkewEstimator &clocks)
        : m_tl(*timeline), m_consumers(consumers), m_clocks(clocks)
    {
    }

    //! A claim or view changed, or a client ended (an ended client claims nothing again).
    void apply(int consumer, bool end, const QList<LoggedQueue> &claim,
        const std::optional<QPair<int, int>> &view)
    {
        if (end) {
            m_ended.insert(consumer);
            m_claim.remove(consumer);
            m_view.remove(consumer);
        } else if (!m_ended.contains(consumer)) {
            m_claim.insert(consumer, claim);
            if (view) {
                m_view.insert(consumer, *view);
            }
            for (const LoggedQueue &q : claim) {
                m_seen.insert(q, true);
            }
        }
    }

    //! After the changes of instant t (the last from `host`): closes and opens intervals.
    void look(qint64 t, int host, bool atEnd)
    {
        QMap<LoggedQueue, QStringList> owners;
        for (auto c = m_claim.cbegin(); c != m_claim.cend(); ++c) {
            for (const LoggedQueue &q : c.value()) {
                owners[q].append(m_consumers[c.key()].clientId);
            }
        }
        for (auto q = m_seen.cbegin(); q != m_seen.cend(); ++q) {
            const QStringList who = owners.value(q.key());
            Open &d = m_double[q.key()];
            if (d.open && (atEnd || who.size() < 2 || who != d.who)) {
                close(d, m_tl.doubleOwned[q.key()], t, host, atEnd);
            }
            if (!atEnd && who.size() >= 2 && !d.open) {
                d = { true, t, host, who };
            }
            Open &u = m_none[q.key()];
            if (u.open && (atEnd || !who.isEmpty())) {
                close(u, m_tl.unowned[q.key()], t, host, atEnd);
            }
            if (!atEnd && who.isEmpty() && !u.open) {
                u = { true, t, host, {} };
            }
        }
        QSet<int> cids;
        QStringList views;
        for (auto v = m_view.cbegin(); v != m_view.cend(); ++v) {
            cids.insert(v.value().first);
            views.append(QStringLiteral("%1: cidAllSize=%2, mqAllSize=%3")
                             .arg(m_consumers[v.key()].clientId)
                             .arg(v.value().first)
                             .arg(v.value().second));
        }
        if (m_disagreement.open && (atEnd || cids.size() < 2 || views != m_disagreement.who)) {
            close(m_disagreement, m_tl.disagreements, t, host, atEnd);
        }
        if (!atEnd && cids.size() >= 2 && !m_disagreement.open) {
            m_disagreement = { true, t, host, views };
        }
    }

private:
    struct Open
    {
        bool open = false;
        qint64 from = 0;
        int host = 0;
        QStringList who;
    };

    void close(Open &o, QList<ObservedIncident::Interval> &out, qint64 t, int host, bool atEnd)
    {
        if (!o.open) {
            return;
        }
        if (t == o.from) {
            o.open = false; // nothing happened in between (the logs' last instant)
            return;
        }
        ObservedIncident::Interval iv;
        iv.from = o.from;
        iv.to = t;
        iv.open = atEnd;
        iv.consumers = o.who;
        iv.toleranceMs = atEnd ? m_clocks.tolerance(o.host) : m_clocks.tolerance(o.host, host);
        out.append(iv);
        o.open = false;
    }

    ObservedIncident::TopicTimeline &m_tl;
    const std::vector<ObservedIncident::Consumer> &m_consumers;
    const ClockSkewEstimator &m_clocks;
    QMap<int, QList<LoggedQueue>> m_claim;
    QMap<int, QPair<int, int>> m_view;
    QSet<int> m_ended;
    QMap<LoggedQueue, Open> m_double;
    QMap<LoggedQueue, Open> m_none;
    QMap<LoggedQueue, bool> m_seen;
    Open m_disagreement;
};

} // namespace

LogRebuilder::LogRebuilder(const QString &group, const QString &topic,
    const ClockSkewEstimator &clocks, LogInterner *interner)
    : m_group(group), m_topic(topic), m_clocks(clocks), m_interner(interner)
{
}

bool LogRebuilder::wanted(const LogRecord &r) const
{
    if (r.clientId.isEmpty() || r.kind == LogRecord::Kind::ClientCreated) {
        return false;
    }
    if (!m_group.isEmpty() && r.group != m_group) {
        return false;
    }
    if (!m_topic.isEmpty() && !r.topic.isEmpty() && r.topic != m_topic
        && r.kind != LogRecord::Kind::Notify) {
        return false;
    }
    return true;
}

ObservedIncident LogRebuilder::rebuild(const std::vector<LoggedLine> &lines)
{
    findConsumers(lines);
    inferKills(lines);
    collectChanges(lines);
    addKills();
    std::stable_sort(m_incident.events.begin(), m_incident.events.end(),
        [](const Event &a, const Event &b) { return a.t != b.t ? a.t < b.t : a.seq < b.seq; });
    // Lines come in time order, inferred kills after them: a stable sort keeps a kill after
    // the lines of its instant, as the sweep (seq = max) applies it.
    std::stable_sort(m_incident.claimChanges.begin(), m_incident.claimChanges.end(),
        [](const ObservedIncident::ClaimChange &a, const ObservedIncident::ClaimChange &b) {
            return a.t < b.t;
        });
    m_incident.events.squeeze();
    m_incident.claimChanges.squeeze();
    for (auto it = m_changes.begin(); it != m_changes.end(); ++it) {
        sweep(it.key(), it.value()); // sorted in place: a copy would double it
    }
    return std::move(m_incident);
}

void LogRebuilder::findConsumers(const std::vector<LoggedLine> &lines)
{
    bool any = false;
    for (const LoggedLine &line : lines) {
        const LogRecord &r = line.record;
        if (!wanted(r) || r.group.isEmpty()) {
            continue;
        }
        const QString key = consumerKey(r.group, r.clientId);
        auto it = m_consumerIndex.find(key);
        if (it == m_consumerIndex.end()) {
            Consumer c;
            c.group = r.group;
            c.clientId = r.clientId;
            c.host = line.host;
            c.first = r.time;
            it = m_consumerIndex.insert(key, int(m_incident.consumers.size()));
            m_incident.consumers.push_back(c);
        }
        Consumer &c = m_incident.consumers[*it];
        c.last = r.time;
        if (r.kind == LogRecord::Kind::StartOk && !c.startOk) {
            c.startOk = r.time;
        } else if (r.kind == LogRecord::Kind::ShutdownOk) {
            c.shutdownOk = r.time;
        } else if (r.kind == LogRecord::Kind::Result) {
            if (c.strategy.isEmpty()) {
                c.strategy = r.strategy;
            }
            if (!m_incident.groupStrategy.contains(r.group)) {
                m_incident.groupStrategy.insert(r.group, r.strategy);
            }
        }
        if (r.kind == LogRecord::Kind::Result || r.kind == LogRecord::Kind::AddQueue
            || r.kind == LogRecord::Kind::RemoveQueue) {
            for (const LoggedQueue &q : r.queues) {
                int &count = m_incident.topicBrokers[q.topic][q.brokerName];
                count = qMax(count, q.queueId + 1);
            }
        }
        m_incident.origin = any ? qMin(m_incident.origin, r.time) : r.time;
        m_incident.end = any ? qMax(m_incident.end, r.time) : r.time;
        any = true;
    }
}

void LogRebuilder::inferKills(const std::vector<LoggedLine> &lines)
{
    std::vector<Consumer> &consumers = m_incident.consumers;
    QList<int> byLast;
    for (int i = 0; i < int(consumers.size()); ++i) {
        byLast.append(i);
    }
    std::stable_sort(byLast.begin(), byLast.end(),
        [&consumers](int a, int b) { return consumers[a].last < consumers[b].last; });
    QHash<QString, QList<const LogRecord *>> groupResults; // time order (the lines are)
    for (const LoggedLine &line : lines) {
        if (line.record.kind == LogRecord::Kind::Result && wanted(line.record)) {
            groupResults[line.record.group].append(&line.record);
        }
    }
    for (int ci : byLast) {
        Consumer &c = consumers[ci];
        if (!c.shutdownOk) {
            inferKill(c, groupResults.value(c.group));
        }
    }
}

// A consumer that goes silent without "shutdown OK" is taken as killed at its last line (it
// died at or after it) when a later result line of another member counts fewer consumers
// (cidAllSize) than were alive by the logs: someone left without saying so.
void LogRebuilder::inferKill(Consumer &c, const QList<const LogRecord *> &results)
{
    auto it = std::upper_bound(results.cbegin(), results.cend(), c.last,
        [](qint64 t, const LogRecord *r) { return t < r->time; });
    for (; it != results.cend() && (*it)->time <= c.last + kKillEvidenceWindow; ++it) {
        const LogRecord &r = **it;
        if (r.clientId == c.clientId) {
            continue;
        }
        int alive = 0;
        for (const Consumer &o : m_incident.consumers) {
            alive += o.group == c.group && o.first <= r.time && o.end() > r.time ? 1 : 0;
        }
        if (r.cidAllSize < alive) {
            c.killed = c.last;
            c.killSeenAt = r.time;
            return;
        }
    }
}

void LogRebuilder::collectChanges(const std::vector<LoggedLine> &lines)
{
    // A line gives at most one event and one claim change (a shutdown one per topic): reserved
    // once, not grown by doubling (half of it unused, and a copy at every step).
    const qsizetype most = qsizetype(lines.size()) + qsizetype(m_incident.consumers.size());
    m_incident.events.reserve(most);
    m_incident.claimChanges.reserve(most);
    for (const LoggedLine &line : lines) {
        const LogRecord &r = line.record;
        if (!wanted(r) || r.group.isEmpty()) {
            continue;
        }
        const int ci = m_consumerIndex.value(consumerKey(r.group, r.clientId));
        const Consumer &c = m_incident.consumers[ci];
        Event e;
        e.t = r.time;
        e.seq = line.seq;
        e.consumer = c.clientId;
        e.group = c.group;
        switch (r.kind) {
        case LogRecord::Kind::Result:
        case LogRecord::Kind::AddQueue:
        case LogRecord::Kind::RemoveQueue:
            claim(line, ci, e);
            break;
        case LogRecord::Kind::Notify:
            e.type = QStringLiteral("notify");
            e.broker = r.brokerAddress;
            m_incident.events.append(e);
            break;
        case LogRecord::Kind::StartOk:
            e.type = QStringLiteral("started");
            m_incident.events.append(e);
            break;
        case LogRecord::Kind::ShutdownOk:
            shutdown(line, ci, e);
            break;
        case LogRecord::Kind::Dropped:
            ++m_incident.dropped;
            break;
        case LogRecord::Kind::FlowCount:
        case LogRecord::Kind::FlowSize:
        case LogRecord::Kind::FlowSpan:
            flowControl(line, c, e);
            break;
        default:
            break;
        }
    }
}

void LogRebuilder::claim(const LoggedLine &line, int ci, Event e)
{
    const LogRecord &r = line.record;
    Consumer &c = m_incident.consumers[ci];
    const QList<LoggedQueue> before = c.claims.value(r.topic);
    QList<LoggedQueue> after = before;
    if (r.kind == LogRecord::Kind::Result) {
        after = r.queues;
    } else if (r.kind == LogRecord::Kind::AddQueue) {
        if (!after.contains(r.queues.first())) {
            after.append(r.queues.first());
            std::sort(after.begin(), after.end());
        }
    } else {
        after.removeAll(r.queues.first());
    }
    after = m_interner->intern(after);
    Change ch { r.time, line.seq, ci, line.host, r.topic, false, after, std::nullopt };
    if (r.kind == LogRecord::Kind::Result) {
        ch.view = qMakePair(r.cidAllSize, r.mqAllSize);
        c.view.insert(r.topic, *ch.view);
    }
    c.claims.insert(r.topic, after);
    m_changes[r.group + QLatin1Char('\n') + r.topic].append(ch);
    m_incident.claimChanges.append(
        { r.time, c.group, c.clientId, r.topic, after, false, line.shownPath, line.line });
    if (r.kind != LogRecord::Kind::Result) {
        return;
    }
    e.type = QStringLiteral("rebalance");
    e.topic = r.topic;
    for (const LoggedQueue &q : r.queues) {
        if (!before.contains(q)) {
            e.added.append(q);
        }
    }
    for (const LoggedQueue &q : before) {
        if (!r.queues.contains(q)) {
            e.removed.append(q);
        }
    }
    e.added = m_interner->intern(e.added);
    e.removed = m_interner->intern(e.removed);
    e.detail = m_interner->intern(QStringLiteral("%1, mqAllSize=%2, cidAllSize=%3")
                                      .arg(r.strategy)
                                      .arg(r.mqAllSize)
                                      .arg(r.cidAllSize));
    m_incident.events.append(e);
}

void LogRebuilder::shutdown(const LoggedLine &line, int ci, Event e)
{
    const LogRecord &r = line.record;
    const Consumer &c = m_incident.consumers[ci];
    e.type = QStringLiteral("shutdown");
    m_incident.events.append(e);
    for (const QString &topic : c.claims.keys()) {
        m_changes[r.group + QLatin1Char('\n') + topic].append(
            { r.time, line.seq, ci, line.host, topic, true, {}, std::nullopt });
        m_incident.claimChanges.append(
            { r.time, c.group, c.clientId, topic, {}, true, line.shownPath, line.line });
    }
}

void LogRebuilder::flowControl(const LoggedLine &line, const Consumer &c, Event e)
{
    const LogRecord &r = line.record;
    const LoggedQueue q = r.queues.first();
    const QString key = QStringLiteral("%1\n%2\n%3\n%4\n%5")
                            .arg(c.group, c.clientId, q.topic, q.brokerName)
                            .arg(q.queueId)
        + ObservedIncident::causeName(r.kind);
    QList<ObservedIncident::FlowEpisode> &flow = m_incident.flow;
    const auto open = m_flowOpen.find(key);
    if (open != m_flowOpen.end() && r.time - flow[*open].to <= kFlowEpisodeGap) {
        ObservedIncident::FlowEpisode &f = flow[*open];
        f.to = r.time;
        ++f.lines;
        f.lastTimes = r.flowControlTimes;
        return;
    }
    m_flowOpen.insert(key, int(flow.size()));
    flow.append({ c.clientId, q, r.kind, r.time, r.time, 1, r.flowControlTimes, r.flowControlTimes,
        c.group });
    e.type = QStringLiteral("flowControlOn");
    e.queue = q;
    e.topic = q.topic;
    e.cause = ObservedIncident::causeName(r.kind);
    e.detail = QStringLiteral("logged at flowControlTimes=%1 (RocketMQ logs one "
                              "hold in 1000 per consumer)")
                   .arg(r.flowControlTimes);
    m_incident.events.append(e);
}

void LogRebuilder::addKills()
{
    for (int ci = 0; ci < int(m_incident.consumers.size()); ++ci) {
        const Consumer &c = m_incident.consumers[ci];
        if (!c.killed) {
            continue;
        }
        Event e;
        e.t = *c.killed;
        e.seq = std::numeric_limits<qint64>::max();
        e.type = QStringLiteral("kill");
        e.consumer = c.clientId;
        e.group = c.group;
        e.detail = QStringLiteral("inferred: last line at this time, no shutdown OK; the group's "
                                  "cidAllSize dropped %1 ms later")
                       .arg(c.killSeenAt - *c.killed);
        m_incident.events.append(e);
        for (const QString &topic : c.claims.keys()) {
            m_changes[c.group + QLatin1Char('\n') + topic].append({ *c.killed,
                std::numeric_limits<qint64>::max(), ci, c.host, topic, true, {}, std::nullopt });
            m_incident.claimChanges.append(
                { *c.killed, c.group, c.clientId, topic, {}, true, {}, 0 });
        }
    }
}

void LogRebuilder::sweep(const QString &key, QList<Change> &list)
{
    std::stable_sort(list.begin(), list.end(),
        [](const Change &a, const Change &b) { return a.t != b.t ? a.t < b.t : a.seq < b.seq; });
    ObservedIncident::TopicTimeline tl;
    tl.group = key.section(QLatin1Char('\n'), 0, 0);
    tl.topic = key.section(QLatin1Char('\n'), 1);
    TimelineSweep sweep(&tl, m_incident.consumers, m_clocks);
    qsizetype i = 0;
    while (i <= list.size()) {
        const bool atEnd = i == list.size();
        const qint64 t = atEnd ? m_incident.end : list[i].t;
        int host = 0;
        // Apply every change at this instant, then look.
        while (i < list.size() && list[i].t == t) {
            const Change &ch = list[i];
            host = ch.host;
            sweep.apply(ch.consumer, ch.end, ch.claim, ch.view);
            ++i;
        }
        sweep.look(t, host, atEnd);
        if (atEnd) {
            break;
        }
    }
    m_incident.timelines.append(tl);
}

} // namespace Rblab
