// SPDX-License-Identifier: Apache-2.0
#include "import/logrebuilder.h"

#include "import/clockskewestimator.h"
#include "import/loginterner.h"

#include <QSet>

#include <algorithm>
#include <limits>
#include <map>
#include <set>

namespace Rblab {

namespace {

// A flow-controlled pull retries every 50 ms (PULL_TIME_DELAY_MILLS_WHEN_CACHE_FLOW_CONTROL,
// PushImpl:92 / :105) and one hold in 1000 is logged per consumer: lines of one queue further
// apart than this belong to different episodes.
constexpr qint64 kFlowEpisodeGap = 120'000;
// A dead consumer's queues are taken over within channel expiry (120 s, BrokerConfig) and a
// rebalance round (20 s): a smaller cidAllSize later than this says nothing about it.
constexpr qint64 kKillEvidenceWindow = 5 * 60'000;
// A hung client's channel expires channelExpiredTimeout (120 s) after its last heartbeat, which
// was at most a heartbeat interval (30 s) before it hung: the group learns it 90 s or more after
// its last line. Learnt sooner, its connections closed (a kill, a crash): it died just before.
constexpr qint64 kNoticedByExpiryAfter = 120'000 - 30'000;

QString consumerKey(const QString &group, const QString &clientId)
{
    return group + QLatin1Char('\n') + clientId;
}

/*!
    The sweep over one (group, topic): the claims and views in force, applied an instant at a
    time, and the intervals open so far (double-owned and unowned per queue, disagreeing views).

    It is incremental, so that N clients claiming the same Q queues cost N·Q, not N²·Q (issue
    39): each queue keeps its owners, and an instant records, for each (queue, client) and each
    view it touches, what was so before it; look() then visits only the queues touched and
    tells a real change from a claim dropped and taken back within the instant.
*/
class TimelineSweep
{
public:
    TimelineSweep(ObservedIncident::TopicTimeline *timeline,
        const std::vector<ObservedIncident::Consumer> &consumers, const ClockSkewEstimator &clocks)
        : m_tl(*timeline), m_consumers(consumers), m_clocks(clocks)
    {
    }

    /*!
        A claim or view changed, or a client ended (an ended client claims nothing again). A
        POP claim (`pop`) keeps its queues owned but never makes them double-owned: a POP
        group's members pop the same queues by design.
    */
    void apply(int consumer, bool end, const QList<LoggedQueue> &claim,
        const std::optional<QPair<int, int>> &view, bool pop)
    {
        if (m_ended.contains(consumer)) {
            return;
        }
        const bool popped = m_popClaim.contains(consumer);
        for (const LoggedQueue &q : m_claim.value(consumer)) {
            QueueState &s = state(q);
            touch(s, consumer);
            (popped ? s.poppers : s.owners).erase(consumer);
        }
        if (end) {
            m_ended.insert(consumer);
            m_claim.remove(consumer);
            m_popClaim.remove(consumer);
            setView(consumer, std::nullopt);
            return;
        }
        m_claim.insert(consumer, claim);
        if (pop) {
            m_popClaim.insert(consumer);
        } else {
            m_popClaim.remove(consumer);
        }
        for (const LoggedQueue &q : claim) {
            QueueState &s = state(q);
            touch(s, consumer);
            (pop ? s.poppers : s.owners).insert(consumer);
        }
        if (view) {
            setView(consumer, view);
        }
    }

    //! After the changes of instant t (the last from `host`): closes and opens intervals.
    void look(qint64 t, int host, bool atEnd)
    {
        if (atEnd) {
            for (auto &entry : m_queues) {
                lookAt(entry.second, t, host, true);
            }
        } else {
            for (QueueState *s : std::as_const(m_touched)) {
                lookAt(*s, t, host, false);
            }
        }
        for (QueueState *s : std::as_const(m_touched)) {
            s->before.clear();
        }
        m_touched.clear();
        lookAtViews(t, host, atEnd);
    }

private:
    struct Open
    {
        bool open = false;
        qint64 from = 0;
        int host = 0;
        QStringList who;
        int count = 0; //!< claimants or views, listed or not
    };
    struct QueueState
    {
        const LoggedQueue *queue = nullptr;
        std::set<int> owners; //!< consumer indexes: the order they first logged
        std::set<int> poppers; //!< POP members whose assignment covers it
        QHash<int, bool> before; //!< this instant: owned before its first change
        Open twice;
        Open none;
    };

    QueueState &state(const LoggedQueue &q)
    {
        const auto [it, added] = m_queues.try_emplace(q);
        if (added) {
            it->second.queue = &it->first;
        }
        return it->second;
    }

    void touch(QueueState &s, int consumer)
    {
        if (s.before.isEmpty()) {
            m_touched.append(&s);
        }
        if (!s.before.contains(consumer)) {
            s.before.insert(consumer, s.owners.count(consumer) > 0);
        }
    }

    void setView(int consumer, const std::optional<QPair<int, int>> &view)
    {
        const auto old = m_view.constFind(consumer);
        const std::optional<QPair<int, int>> was
            = old == m_view.cend() ? std::nullopt : std::optional(*old);
        if (!m_viewBefore.contains(consumer)) {
            m_viewBefore.insert(consumer, was);
        }
        if (was) {
            if (--m_cidAllSizes[was->first] == 0) {
                m_cidAllSizes.remove(was->first);
            }
            m_view.remove(consumer);
        }
        if (view) {
            ++m_cidAllSizes[view->first];
            m_view.insert(consumer, *view);
        }
    }

    void lookAt(QueueState &s, qint64 t, int host, bool atEnd)
    {
        const LoggedQueue &q = *s.queue;
        bool changed = false;
        for (auto b = s.before.cbegin(); b != s.before.cend() && !changed; ++b) {
            changed = (s.owners.count(b.key()) > 0) != b.value();
        }
        const int owners = int(s.owners.size());
        if (s.twice.open && (atEnd || owners < 2 || changed)) {
            close(s.twice, m_tl.doubleOwned[q], m_tl.doubleOwnedNotListed, t, host, atEnd);
        }
        if (!atEnd && owners >= 2 && !s.twice.open) {
            QStringList who;
            for (auto c = s.owners.cbegin();
                 c != s.owners.cend() && who.size() < ObservedIncident::kListedPerWindow; ++c) {
                who.append(m_consumers[*c].clientId);
            }
            s.twice = { true, t, host, who, owners };
        }
        const bool held = owners > 0 || !s.poppers.empty();
        if (s.none.open && (atEnd || held)) {
            close(s.none, m_tl.unowned[q], m_tl.unownedNotListed, t, host, atEnd);
        }
        if (!atEnd && !held && !s.none.open) {
            s.none = { true, t, host, {}, 0 };
        }
    }

    void lookAtViews(qint64 t, int host, bool atEnd)
    {
        bool changed = false;
        for (auto b = m_viewBefore.cbegin(); b != m_viewBefore.cend() && !changed; ++b) {
            const auto now = m_view.constFind(b.key());
            changed = (now == m_view.cend() ? std::nullopt : std::optional(*now)) != b.value();
        }
        m_viewBefore.clear();
        const bool disagree = m_cidAllSizes.size() >= 2;
        Open &d = m_disagreement;
        if (d.open && (atEnd || !disagree || changed)) {
            close(d, m_tl.disagreements, m_tl.disagreementsNotListed, t, host, atEnd);
        }
        if (!atEnd && disagree && !d.open) {
            QStringList views;
            for (auto v = m_view.cbegin();
                 v != m_view.cend() && views.size() < ObservedIncident::kListedPerWindow; ++v) {
                views.append(QStringLiteral("%1: cidAllSize=%2, mqAllSize=%3")
                                 .arg(m_consumers[v.key()].clientId)
                                 .arg(v.value().first)
                                 .arg(v.value().second));
            }
            d = { true, t, host, views, int(m_view.size()) };
        }
    }

    void close(Open &o, QList<ObservedIncident::Interval> &out, ObservedIncident::NotListed &rest,
        qint64 t, int host, bool atEnd)
    {
        if (!o.open) {
            return;
        }
        o.open = false;
        if (t == o.from) {
            return; // nothing happened in between (the logs' last instant)
        }
        ObservedIncident::Interval iv;
        iv.from = o.from;
        iv.to = t;
        iv.open = atEnd;
        iv.consumers = std::move(o.who);
        iv.notListed = o.count - int(iv.consumers.size());
        iv.toleranceMs = atEnd ? m_clocks.tolerance(o.host) : m_clocks.tolerance(o.host, host);
        keep(out, rest, std::move(iv));
    }

    //! Appends, folds into the last window, or only counts (ObservedIncident::kMostWindows).
    static void keep(QList<ObservedIncident::Interval> &out, ObservedIncident::NotListed &rest,
        ObservedIncident::Interval iv)
    {
        if (out.size() >= ObservedIncident::kWindowsBeforeFolding && out.last().to == iv.from) {
            ObservedIncident::Interval &last = out.last();
            last.to = iv.to;
            last.open = iv.open;
            last.folded += 1 + iv.folded;
            last.notListed = qMax(last.notListed,
                int(iv.consumers.size()) + iv.notListed - int(last.consumers.size()));
            last.toleranceMs = last.toleranceMs && iv.toleranceMs
                ? std::optional(qMax(*last.toleranceMs, *iv.toleranceMs))
                : std::nullopt;
        } else if (out.size() >= ObservedIncident::kMostWindows) {
            ++rest.windows;
            rest.ms += iv.to - iv.from;
        } else {
            out.append(std::move(iv));
        }
    }

    ObservedIncident::TopicTimeline &m_tl;
    const std::vector<ObservedIncident::Consumer> &m_consumers;
    const ClockSkewEstimator &m_clocks;
    QHash<int, QList<LoggedQueue>> m_claim;
    QSet<int> m_popClaim; //!< consumers whose claim is a POP assignment
    QSet<int> m_ended;
    //! Per queue ever claimed; std::map keeps the states where m_touched points.
    std::map<LoggedQueue, QueueState> m_queues;
    QList<QueueState *> m_touched;
    QMap<int, QPair<int, int>> m_view; //!< by consumer index: the order they first logged
    QHash<int, std::optional<QPair<int, int>>> m_viewBefore;
    QMap<int, int> m_cidAllSizes; //!< cidAllSize → clients whose view has it
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
        if (r.kind == LogRecord::Kind::StartBeginning) {
            // A fact of the group, not a sign of life of a client: logged before the client
            // announces its id, the line is attributed to the id the process announced before.
            if (r.broadcasting) {
                m_broadcasting.insert(r.group);
            }
            continue;
        }
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
        const qint64 latest = qMax(r.time, line.lastRepeat); // merged repeats lived on
        c.last = qMax(c.last, latest);
        c.alive = qMax(c.alive, c.last);
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
        if (r.kind == LogRecord::Kind::Unregistered) {
            m_saidUnregister.insert(*it);
        }
        if (r.kind == LogRecord::Kind::Result || r.kind == LogRecord::Kind::AddQueue
            || r.kind == LogRecord::Kind::RemoveQueue) {
            if (r.pop && r.kind != LogRecord::Kind::RemoveQueue) {
                c.pop = true;
            }
            for (const LoggedQueue &q : r.queues) {
                int &count = m_incident.topicBrokers[q.topic][q.brokerName];
                // queueId -1 (POP): as many as the route lines gave the topic on that broker.
                count = qMax(count,
                    q.queueId >= 0 ? q.queueId + 1
                                   : m_routes.value(q.topic).value(q.brokerName, 0));
            }
        }
        m_incident.origin = any ? qMin(m_incident.origin, r.time) : r.time;
        m_incident.end = any ? qMax(m_incident.end, latest) : latest;
        any = true;
    }
}

namespace {

/*!
    A max segment tree over each result line's excess (how many more consumers the logs had
    alive than its cidAllSize counted, before any kill is inferred): node 1 is the root, node k's
    children are 2k and 2k + 1. N silent consumers against N result lines then cost N log N,
    not N³ (issue 39).
*/
void buildExcessTree(
    std::vector<int> &tree, size_t node, qsizetype lo, qsizetype hi, const std::vector<int> &excess)
{
    if (lo == hi) {
        tree[node] = excess[size_t(lo)];
        return;
    }
    const qsizetype mid = lo + (hi - lo) / 2;
    buildExcessTree(tree, 2 * node, lo, mid, excess);
    buildExcessTree(tree, 2 * node + 1, mid + 1, hi, excess);
    tree[node] = qMax(tree[2 * node], tree[2 * node + 1]);
}

//! The first index from `from` on, of the lo … hi below `node`, whose excess passes `bound`.
qsizetype firstAbove(const std::vector<int> &tree, size_t node, qsizetype lo, qsizetype hi,
    qsizetype from, int bound)
{
    if (hi < from || tree[node] <= bound) {
        return -1;
    }
    if (lo == hi) {
        return lo;
    }
    const qsizetype mid = lo + (hi - lo) / 2;
    const qsizetype left = firstAbove(tree, 2 * node, lo, mid, from, bound);
    return left >= 0 ? left : firstAbove(tree, 2 * node + 1, mid + 1, hi, from, bound);
}

} // namespace

QList<LoggedQueue> LogRebuilder::expanded(const LogRecord &r)
{
    if (!r.pop) {
        return r.queues;
    }
    QList<LoggedQueue> out;
    for (const LoggedQueue &q : r.queues) {
        if (q.queueId >= 0) {
            out.append(q);
            continue;
        }
        // Every queue of the topic on that broker (findConsumers() counted them; none known:
        // no route line in the logs given, and the coverage cannot be drawn).
        const int count = m_incident.topicBrokers.value(q.topic).value(q.brokerName, 0);
        for (int id = 0; id < count; ++id) {
            out.append({ q.topic, q.brokerName, id });
        }
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

void LogRebuilder::inferKills(const std::vector<LoggedLine> &lines)
{
    std::vector<Consumer> &consumers = m_incident.consumers;
    QList<int> byLast;
    for (int i = 0; i < int(consumers.size()); ++i) {
        byLast.append(i);
        // A client silent in the rebalance lines lives while it logs anything (issue 35: run1's
        // c1 held queues 0-2 from 0:05 until it was killed at 1:00 and logged only persistAll).
        Consumer &c = consumers[size_t(i)];
        if (m_lastSeen && !c.shutdownOk) {
            const qint64 seen = m_lastSeen(c.host, c.clientId);
            if (seen >= 0) {
                c.alive = qMax(c.alive, seen - m_clocks.skew(c.host));
            }
        }
    }
    std::stable_sort(byLast.begin(), byLast.end(),
        [&consumers](int a, int b) { return consumers[a].alive < consumers[b].alive; });
    QHash<QString, QList<const LogRecord *>> groupResults; // time order (the lines are)
    m_notifications.clear();
    for (const LoggedLine &line : lines) {
        // The broker's assignment has no cidAllSize: it says nothing of the group's size.
        if (line.record.kind == LogRecord::Kind::Result && wanted(line.record)
            && !line.record.brokerAssigned) {
            groupResults[line.record.group].append(&line.record);
        } else if (line.record.kind == LogRecord::Kind::Notify && wanted(line.record)) {
            m_notifications[line.record.group].emplace_back(line.record.time,
                m_consumerIndex.value(consumerKey(line.record.group, line.record.clientId), -1));
        }
    }
    // Per group: when members first logged and said "shutdown OK", then each result line's
    // excess of members alive over its cidAllSize.
    QHash<QString, std::pair<std::vector<qint64>, std::vector<qint64>>> lifetimes;
    for (const Consumer &c : consumers) {
        auto &[firsts, shutdowns] = lifetimes[c.group];
        firsts.push_back(c.first);
        if (c.shutdownOk) {
            shutdowns.push_back(*c.shutdownOk);
        }
    }
    QHash<QString, GroupEvidence> evidence;
    for (auto l = lifetimes.begin(); l != lifetimes.end(); ++l) {
        auto &[firsts, shutdowns] = l.value();
        std::sort(firsts.begin(), firsts.end());
        std::sort(shutdowns.begin(), shutdowns.end());
        GroupEvidence &g = evidence[l.key()];
        g.results = groupResults.value(l.key());
        std::vector<int> excess;
        excess.reserve(size_t(g.results.size()));
        for (const LogRecord *r : std::as_const(g.results)) {
            const auto upTo = [t = r->time](const std::vector<qint64> &v) {
                return qint64(std::upper_bound(v.begin(), v.end(), t) - v.begin());
            };
            constexpr qint64 kMost = std::numeric_limits<int>::max() / 2;
            excess.push_back(
                int(qBound(-kMost, upTo(firsts) - upTo(shutdowns) - r->cidAllSize, kMost)));
        }
        if (!excess.empty()) {
            g.excessTree.assign(4 * excess.size(), std::numeric_limits<int>::min());
            buildExcessTree(g.excessTree, 1, 0, qsizetype(excess.size()) - 1, excess);
        }
    }
    for (int ci : byLast) {
        Consumer &c = consumers[ci];
        if (!c.shutdownOk) {
            inferKill(c, evidence[c.group]);
        }
    }
    for (int ci : std::as_const(byLast)) {
        const Consumer &c = consumers[ci];
        if (c.pop && c.view.isEmpty() && !c.shutdownOk && !c.killed
            && !m_saidUnregister.contains(ci)) {
            inferPopKill(ci);
        }
    }
}

// A POP member's lines carry no cidAllSize (the broker assigns, and a POP client logs nothing
// while its assignment stays), so a smaller group cannot be seen. But the brokers notify every
// member of the group of each change, and each live member logs it (ClientRemotingProcessor):
// a member that did not log a notification the others logged after its last line was dead or
// stopped by then. Seen within channel expiry of its last line, its connections closed with it
// (kill -9 of q1 and q3 in a real 5.3.3 run, the others notified 30 ms and 10 ms after): it
// died then, holding its assignment (the retry queue) until then. Seen later, it hung at its
// last line.
void LogRebuilder::inferPopKill(int ci)
{
    Consumer &c = m_incident.consumers[size_t(ci)];
    const auto notes = m_notifications.constFind(c.group);
    if (notes == m_notifications.cend()) {
        return;
    }
    const auto missed = std::find_if(notes->cbegin(), notes->cend(),
        [&c, ci](const Note &n) { return n.first > c.alive && n.second != ci; });
    if (missed == notes->cend() || missed->first > c.alive + kKillEvidenceWindow) {
        return;
    }
    c.missedNotification = true;
    settleKill(c, missed->first, missed->first);
}

void LogRebuilder::settleKill(Consumer &c, qint64 seenAt, qint64 diedAt)
{
    c.killSeenAt = seenAt;
    if (seenAt - c.alive >= kNoticedByExpiryAfter) {
        // Noticed by channel expiry: it hung (or died without closing its connections) at its
        // last line, and its queues stayed unconsumed until the others took them.
        c.killed = c.alive;
        return;
    }
    // Its connections closed and the brokers notified the group at once: it died then, and
    // held its queues until then.
    c.closedConnections = true;
    c.killed = diedAt;
}

// A consumer that goes silent without "shutdown OK" is taken as killed at its last line (it
// died at or after it) when a later result line of another member counts fewer consumers
// (cidAllSize) than were alive by the logs: someone left without saying so. Alive at a result
// line after c's last: members that first logged by then, less those that had shut down, less
// the kills already inferred (consumers are taken in the order of their last lines, so every
// earlier kill is before the line).
void LogRebuilder::inferKill(Consumer &c, GroupEvidence &g)
{
    const auto after = std::upper_bound(g.results.cbegin(), g.results.cend(), c.alive,
        [](qint64 t, const LogRecord *r) { return t < r->time; });
    const qsizetype at = g.results.isEmpty()
        ? -1
        : firstAbove(g.excessTree, 1, 0, g.results.size() - 1, after - g.results.cbegin(), g.kills);
    if (at < 0 || g.results[at]->time > c.alive + kKillEvidenceWindow) {
        return;
    }
    ++g.kills;
    // Died at the first notification the others logged after its last line (or, with none
    // logged, at the first result line without it).
    const qint64 seenAt = g.results[at]->time;
    qint64 diedAt = seenAt;
    const auto notes = m_notifications.constFind(c.group);
    if (notes != m_notifications.cend()) {
        const auto note = std::upper_bound(notes->cbegin(), notes->cend(), c.alive,
            [](qint64 t, const Note &n) { return t < n.first; });
        if (note != notes->cend() && note->first <= seenAt) {
            diedAt = note->first;
        }
    }
    settleKill(c, seenAt, diedAt);
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
        if (!wanted(r) || r.group.isEmpty() || r.kind == LogRecord::Kind::StartBeginning) {
            continue; // StartBeginning: findConsumers read it
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
        case LogRecord::Kind::LockFailed:
            for (const LoggedQueue &q : r.queues) {
                QList<LoggedQueue> &failed = m_lockFailed[consumerTopic(ci, r.topic)];
                if (!failed.contains(q)) {
                    failed.append(q);
                }
            }
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
        case LogRecord::Kind::Unregistered:
            unregistered(line, ci);
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

QString LogRebuilder::consumerTopic(int consumer, const QString &topic)
{
    return QString::number(consumer) + u'\n' + topic;
}

void LogRebuilder::claim(const LoggedLine &line, int ci, Event e)
{
    const LogRecord &r = line.record;
    Consumer &c = m_incident.consumers[ci];
    const QList<LoggedQueue> before = c.claims.value(r.topic);
    QList<LoggedQueue> after = before;
    const QList<LoggedQueue> queues = expanded(r);
    // Only orderly groups' logs have lock failures: no key is built for every line of the others.
    const QString failedKey = m_lockFailed.isEmpty() ? QString() : consumerTopic(ci, r.topic);
    if (r.kind == LogRecord::Kind::Result) {
        after = queues;
        // Queues this round could not lock (orderly): in the result, not in the process queue
        // table.
        for (const LoggedQueue &q : m_lockFailed.take(failedKey)) {
            if (!before.contains(q)) {
                after.removeAll(q);
            }
        }
    } else if (r.kind == LogRecord::Kind::AddQueue) {
        for (const LoggedQueue &q : queues) {
            if (!after.contains(q)) {
                after.append(q);
            }
        }
        std::sort(after.begin(), after.end());
        if (const auto it = m_lockFailed.find(failedKey); it != m_lockFailed.end()) {
            for (const LoggedQueue &q : queues) {
                it->removeAll(q); // locked at last
            }
        }
    } else {
        for (const LoggedQueue &q : queues) {
            after.removeAll(q);
        }
    }
    after = m_interner->intern(after);
    // A BROADCASTING group's members each hold every queue by design: shared, as POP claims are.
    Change ch { r.time, line.seq, ci, line.host, r.topic, false, after, std::nullopt,
        r.pop || m_broadcasting.contains(r.group) };
    if (r.kind == LogRecord::Kind::Result && !r.brokerAssigned) {
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
    // RebalanceImpl logs "add a new mq" and "remove unnecessary mq" while it updates the process
    // queue table, and the result line after it: compare with the previous result.
    const QList<LoggedQueue> previous = c.results.value(r.topic);
    c.results.insert(r.topic, after);
    for (const LoggedQueue &q : queues) {
        if (!previous.contains(q)) {
            e.added.append(q);
        }
    }
    for (const LoggedQueue &q : previous) {
        if (!queues.contains(q)) {
            e.removed.append(q);
        }
    }
    e.added = m_interner->intern(e.added);
    e.removed = m_interner->intern(e.removed);
    e.detail = m_interner->intern(r.brokerAssigned
            ? QStringLiteral("%1, assigned by the broker (%2)")
                  .arg(r.strategy, r.pop ? QStringLiteral("POP") : QStringLiteral("PULL"))
            : QStringLiteral("%1, mqAllSize=%2, cidAllSize=%3")
                  .arg(r.strategy)
                  .arg(r.mqAllSize)
                  .arg(r.cidAllSize));
    m_incident.events.append(e);
}

void LogRebuilder::unregistered(const LoggedLine &line, int ci)
{
    // The shutdown's first step the brokers see: they notify the group, whose members take the
    // queues at once, while the client logs "shutdown OK" only when its instance has stopped
    // (5.3.3: 4 s later). Its claims end here, not then (a real 5.3.3 run: 4 s of false
    // double ownership on each of its queues otherwise). One line per broker: the first counts.
    const LogRecord &r = line.record;
    const Consumer &c = m_incident.consumers[ci];
    if (!m_unregistered.contains(ci)) {
        m_unregistered.insert(ci);
        m_incident.consumers[ci].unregistered = r.time;
        for (const QString &topic : c.claims.keys()) {
            m_changes[r.group + QLatin1Char('\n') + topic].append(
                { r.time, line.seq, ci, line.host, topic, true, {}, std::nullopt, false });
            m_incident.claimChanges.append(
                { r.time, c.group, c.clientId, topic, {}, true, line.shownPath, line.line });
        }
    }
}

void LogRebuilder::shutdown(const LoggedLine &line, int ci, Event e)
{
    const LogRecord &r = line.record;
    const Consumer &c = m_incident.consumers[ci];
    e.type = QStringLiteral("shutdown");
    m_incident.events.append(e);
    // Ended at its unregister line already (a restart with the same id starts again).
    if (m_unregistered.remove(ci)) {
        m_incident.consumers[ci].results.clear();
        return;
    }
    for (const QString &topic : c.claims.keys()) {
        m_changes[r.group + QLatin1Char('\n') + topic].append(
            { r.time, line.seq, ci, line.host, topic, true, {}, std::nullopt, false });
        m_incident.claimChanges.append(
            { r.time, c.group, c.clientId, topic, {}, true, line.shownPath, line.line });
    }
    m_incident.consumers[ci].results.clear(); // a restart with the same id starts from nothing
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
        e.detail = c.missedNotification
            ? (c.closedConnections
                    ? QStringLiteral("inferred: no shutdown OK, last line %1 ms before; the "
                                     "group's other members logged a notification at this "
                                     "time and it did not (its connections closed)")
                          .arg(*c.killed - c.alive)
                    : QStringLiteral("inferred: last line at this time, no shutdown OK; the "
                                     "group's other members logged a notification %1 ms later "
                                     "(channel expiry) and it did not")
                          .arg(c.killSeenAt - *c.killed))
            : c.closedConnections
            ? QStringLiteral("inferred: no shutdown OK, last line %1 ms before; its connections "
                             "closed (the group was notified at this time) and the group's "
                             "cidAllSize dropped %2 ms later")
                  .arg(*c.killed - c.alive)
                  .arg(c.killSeenAt - *c.killed)
            : QStringLiteral("inferred: last line at this time, no shutdown OK; the group's "
                             "cidAllSize dropped %1 ms later")
                  .arg(c.killSeenAt - *c.killed);
        m_incident.events.append(e);
        for (const QString &topic : c.claims.keys()) {
            m_changes[c.group + QLatin1Char('\n') + topic].append(
                { *c.killed, std::numeric_limits<qint64>::max(), ci, c.host, topic, true, {},
                    std::nullopt, false });
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
            sweep.apply(ch.consumer, ch.end, ch.claim, ch.view, ch.pop);
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
