// SPDX-License-Identifier: Apache-2.0
#include "import/logimporter.h"

#include "scenario/topicnames.h"
#include "import/logfilereader.h"
#include "json/jsonnode.h"
#include "json/jsonwriter.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QHash>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <limits>

namespace Rblab {

namespace {

// A flow-controlled pull retries every 50 ms (PULL_TIME_DELAY_MILLS_WHEN_CACHE_FLOW_CONTROL,
// PushImpl:92 / :105) and one hold in 1000 is logged per consumer: lines of one queue further
// apart than this belong to different episodes.
constexpr qint64 kFlowEpisodeGap = 120'000;
// Two hosts' lines for one broker notification are this close once the skew is taken out.
constexpr qint64 kNotifyMatchWindow = 50;
constexpr qint64 kMaxSkew = 10 * 60'000;
constexpr qsizetype kMaxOffsetPairs = 4'000'000;
// A dead consumer's queues are taken over within channel expiry (120 s, BrokerConfig) and a
// rebalance round (20 s): a smaller cidAllSize later than this says nothing about it.
constexpr qint64 kKillEvidenceWindow = 5 * 60'000;

QString causeName(LogRecord::Kind k)
{
    switch (k) {
    case LogRecord::Kind::FlowSize:
        return QStringLiteral("size");
    case LogRecord::Kind::FlowSpan:
        return QStringLiteral("span");
    default:
        return QStringLiteral("count");
    }
}

} // namespace

QString LogImporter::intern(const QString &text)
{
    if (text.isEmpty()) {
        return text;
    }
    const auto it = m_strings.constFind(text);
    if (it != m_strings.cend()) {
        return *it;
    }
    m_strings.insert(text);
    return text;
}

QList<LoggedQueue> LogImporter::intern(const QList<LoggedQueue> &queues)
{
    if (queues.isEmpty()) {
        return {};
    }
    const auto it = m_queueLists.constFind(queues);
    if (it != m_queueLists.cend()) {
        return *it;
    }
    QList<LoggedQueue> kept = queues;
    for (LoggedQueue &q : kept) {
        q.topic = intern(q.topic);
        q.brokerName = intern(q.brokerName);
    }
    kept.squeeze();
    m_queueLists.insert(kept);
    return kept;
}

void LogImporter::intern(LogRecord *record)
{
    record->strategy = intern(record->strategy);
    record->group = intern(record->group);
    record->topic = intern(record->topic);
    record->clientId = intern(record->clientId);
    record->brokerAddress = intern(record->brokerAddress);
    record->queues = intern(record->queues);
}

qsizetype LogImporter::queueListBlocks() const
{
    QSet<const void *> blocks;
    const auto add = [&](const QList<LoggedQueue> &list) {
        if (!list.isEmpty()) {
            blocks.insert(list.constData());
        }
    };
    for (const Raw &raw : m_records) {
        add(raw.record.queues);
    }
    for (const ClaimChange &ch : m_claimChanges) {
        add(ch.claim);
    }
    for (const Event &e : m_events) {
        add(e.added);
        add(e.removed);
    }
    return blocks.size();
}

qint64 LogImporter::Consumer::end() const
{
    if (shutdownOk) {
        return *shutdownOk;
    }
    if (killed) {
        return *killed;
    }
    return std::numeric_limits<qint64>::max();
}

LogImporter::LogImporter(Options options) : m_options(std::move(options))
{
}

QString LogImporter::hostOf(const QString &path)
{
    QFileInfo info(path);
    QString dir = info.absolutePath();
    // 5.3 rotates into <root>/other_days/ (rmq.client.logback.xml:31-37): same process.
    if (QFileInfo(dir).fileName() == QLatin1String("other_days")) {
        dir = QFileInfo(dir).absolutePath();
    }
    return dir;
}

bool LogImporter::addFile(const QString &path, qint64 totalBytes)
{
    LogFileReader reader;
    if (!reader.open(path)) {
        m_error = reader.error();
        return false;
    }
    ++m_files;
    const QString host = hostOf(path);
    int hostIndex = int(m_hosts.indexOf(host));
    if (hostIndex < 0) {
        hostIndex = int(m_hosts.size());
        m_hosts.append(host);
    }
    const QString name = QFileInfo(path).fileName();
    // Shown with the folder that names the machine: "hostA/other_days/rocketmq_client-1.log.gz".
    const QString shownPath
        = QDir(QFileInfo(host).absolutePath()).relativeFilePath(QFileInfo(path).absoluteFilePath());
    QByteArray line;
    LogHeader header;
    qint64 lastProgress = 0;
    qint64 lastCancelCheck = 0;
    while (reader.readLine(&line)) {
        ++m_lines;
        if (reader.lastLineCut()) {
            m_warnings.append({ path, reader.lineNumber(),
                QStringLiteral("a line longer than %1 MiB: only its first MiB is read")
                    .arg(LogFileReader::kMaxLineBytes >> 20) });
        }
        if (m_options.cancelled && reader.bytesRead() - lastCancelCheck > (1 << 20)) {
            lastCancelCheck = reader.bytesRead();
            if (m_options.cancelled()) {
                m_error = QStringLiteral("cancelled");
                return false;
            }
        }
        if (m_options.progress && reader.bytesRead() - lastProgress > (8 << 20)) {
            lastProgress = reader.bytesRead();
            m_options.progress(m_bytesDone + lastProgress, totalBytes);
        }
        if (!LogLineParser::parseHeader(line, m_options.zoneMinutes, &header)) {
            // Stack traces and 5.3 messages with newlines continue the previous record.
            ++m_continuation;
            continue;
        }
        (header.layout == LogLayout::V49 ? m_sawV49 : m_sawV53) = true;
        Raw raw;
        QString why;
        switch (LogLineParser::parseMessage(header.message, &raw.record, &why)) {
        case LogLineParser::Outcome::Parsed:
            raw.record.time = header.time;
            intern(&raw.record);
            raw.host = hostIndex;
            raw.pid = header.pid;
            raw.seq = m_seq++;
            raw.file = name;
            raw.line = reader.lineNumber();
            raw.shownPath = shownPath;
            m_records.push_back(std::move(raw));
            break;
        case LogLineParser::Outcome::Malformed:
            m_warnings.append({ path, reader.lineNumber(),
                QStringLiteral("looks like a RocketMQ client line but does not parse (%1); "
                               "skipped")
                    .arg(why) });
            break;
        default:
            ++m_unknown;
            break;
        }
    }
    if (!reader.error().isEmpty()) {
        m_warnings.append({ path, reader.lineNumber(),
            QStringLiteral("%1; imported the %2 lines before it")
                .arg(reader.error())
                .arg(reader.lineNumber()) });
    }
    m_bytesDone += reader.fileSize();
    if (m_options.progress) {
        m_options.progress(m_bytesDone, totalBytes);
    }
    return true;
}

QString LogImporter::consumerKey(const QString &group, const QString &clientId) const
{
    return group + QLatin1Char('\n') + clientId;
}

// The notification lines of one broker change, on every host that logged it, are the only
// events the logs share across machines (ClientRemotingProcessor:140 / :139: one
// NOTIFY_CONSUMER_IDS_CHANGED per member, sent in one loop). The offset that lines up most of a
// host's notifications with the reference host's is that host's skew.
void LogImporter::estimateSkew()
{
    const int n = int(m_hosts.size());
    QList<QList<const Raw *>> notes(n);
    for (const Raw &r : m_records) {
        if (r.record.kind == LogRecord::Kind::Notify) {
            notes[r.host].append(&r);
        }
    }
    // The reference clock: the first host, in path order, that logged a notification (so the
    // figures do not depend on the order of the files on the command line).
    int ref = -1;
    for (int h = 0; h < n; ++h) {
        if (!notes[h].isEmpty() && (ref < 0 || m_hosts[h] < m_hosts[ref])) {
            ref = h;
        }
    }
    if (ref < 0) {
        ref = 0;
        for (int h = 1; h < n; ++h) {
            ref = m_hosts[h] < m_hosts[ref] ? h : ref;
        }
    }
    m_hostSkew = QList<qint64>(n, 0);
    m_hostTolerance = QList<std::optional<qint64>>(n);
    m_hostTolerance[ref] = 0; // the reference clock: the others are measured against it
    const auto noteKey = [](const Raw *r) {
        return r->record.brokerAddress + QLatin1Char('\n') + r->record.group;
    };
    QHash<QString, QList<qint64>> refTimes;
    for (const Raw *r : notes[ref]) {
        refTimes[noteKey(r)].append(r->record.time);
    }
    for (QList<qint64> &times : refTimes) {
        std::sort(times.begin(), times.end());
    }
    for (int h = 0; h < n; ++h) {
        HostClock clock;
        clock.host = m_hosts[h];
        if (h != ref) {
            // Every offset that pairs a notification of this host with one of the reference's
            // (same broker, same group, within kMaxSkew); the densest 2 × kNotifyMatchWindow
            // stretch of them is the skew. Sorted lists keep this O(pairs · log), not quadratic
            // in a day's notifications.
            QList<qint64> offsets;
            for (const Raw *a : notes[h]) {
                const QList<qint64> &times = refTimes.value(noteKey(a));
                auto it = std::lower_bound(times.cbegin(), times.cend(), a->record.time - kMaxSkew);
                for (; it != times.cend() && *it <= a->record.time + kMaxSkew
                     && offsets.size() < kMaxOffsetPairs;
                     ++it) {
                    offsets.append(a->record.time - *it);
                }
            }
            std::sort(offsets.begin(), offsets.end());
            qsizetype bestCount = 0;
            qint64 bestOffset = 0;
            for (qsizetype i = 0, j = 0; i < offsets.size(); ++i) {
                j = qMax(j, i);
                while (j < offsets.size() && offsets[j] - offsets[i] <= 2 * kNotifyMatchWindow) {
                    ++j;
                }
                const qint64 centre = offsets[(i + j - 1) / 2];
                if (j - i > bestCount || (j - i == bestCount && qAbs(centre) < qAbs(bestOffset))) {
                    bestCount = j - i;
                    bestOffset = centre;
                }
            }
            QList<qint64> diffs; // each notification of this host with its nearest partner
            for (const Raw *a : notes[h]) {
                const QList<qint64> &times = refTimes.value(noteKey(a));
                const qint64 want = a->record.time - bestOffset;
                auto it = std::lower_bound(times.cbegin(), times.cend(), want);
                qint64 best = kNotifyMatchWindow + 1;
                qint64 bestDiff = 0;
                for (auto c : { it, it == times.cbegin() ? it : std::prev(it) }) {
                    if (c != times.cend() && qAbs(*c - want) < best) {
                        best = qAbs(*c - want);
                        bestDiff = a->record.time - *c;
                    }
                }
                if (best <= kNotifyMatchWindow) {
                    diffs.append(bestDiff);
                }
            }
            if (bestCount > 0 && !diffs.isEmpty()) {
                std::sort(diffs.begin(), diffs.end());
                const qint64 lo = diffs.first();
                const qint64 hi = diffs.last();
                m_hostSkew[h] = (lo + hi) / 2;
                // Half the spread, and at least the 1 ms the logs print.
                m_hostTolerance[h] = qMax<qint64>(1, (hi - lo + 1) / 2);
                clock.matches = int(diffs.size());
            }
        }
        clock.skewMs = m_hostSkew[h];
        clock.reference = h == ref;
        clock.toleranceMs = m_hostTolerance[h];
        m_clocks.append(clock);
    }
    for (Raw &r : m_records) {
        r.record.time -= m_hostSkew[r.host];
    }
}

std::optional<qint64> LogImporter::tolerance(int hostA, int hostB) const
{
    const auto a = m_hostTolerance.value(hostA);
    const auto b = m_hostTolerance.value(hostB);
    if (!a || !b) {
        return std::nullopt;
    }
    return hostA == hostB ? 0 : *a + *b;
}

// Lines without a clientId (add/remove, notifications, flow control, start/shutdown) belong to
// the client instance that the same process announced last: MQClientInstance:154 / :219
// ("Created a new client Instance … ClientID:…") or a result line's clientId.
void LogImporter::attribute(std::vector<Raw> &raws)
{
    std::stable_sort(raws.begin(), raws.end(), [](const Raw &a, const Raw &b) {
        if (a.host != b.host) {
            return a.host < b.host;
        }
        if (a.pid != b.pid) {
            return a.pid < b.pid;
        }
        return a.record.time != b.record.time ? a.record.time < b.record.time : a.seq < b.seq;
    });
    qsizetype i = 0;
    while (i < qsizetype(raws.size())) {
        qsizetype j = i;
        while (j < qsizetype(raws.size()) && raws[j].host == raws[i].host
            && raws[j].pid == raws[i].pid) {
            ++j;
        }
        QString current;
        QList<qsizetype> pending;
        for (qsizetype k = i; k < j; ++k) {
            LogRecord &r = raws[k].record;
            if (!r.clientId.isEmpty()) {
                current = r.clientId;
                for (qsizetype p : pending) {
                    raws[p].record.clientId = current;
                }
                pending.clear();
            } else if (current.isEmpty()) {
                pending.append(k);
            } else {
                r.clientId = current;
            }
        }
        m_unattributed += pending.size();
        i = j;
    }
}

void LogImporter::finish()
{
    // The same logs give the same report whatever the order of the files: hosts in path order,
    // and lines of one instant in the order of host, file name and line.
    QStringList sorted = m_hosts;
    std::sort(sorted.begin(), sorted.end());
    QList<int> rank(m_hosts.size());
    for (int h = 0; h < int(m_hosts.size()); ++h) {
        rank[h] = int(sorted.indexOf(m_hosts[h]));
    }
    m_hosts = sorted;
    for (Raw &r : m_records) {
        r.host = rank[r.host];
    }
    std::stable_sort(m_records.begin(), m_records.end(), [](const Raw &a, const Raw &b) {
        if (a.host != b.host) {
            return a.host < b.host;
        }
        return a.file != b.file ? a.file < b.file : a.line < b.line;
    });
    for (qsizetype i = 0; i < qsizetype(m_records.size()); ++i) {
        m_records[i].seq = i;
    }
    m_records.shrink_to_fit(); // the room push_back left: up to as much again
    estimateSkew();
    attribute(m_records);
    std::stable_sort(m_records.begin(), m_records.end(), [](const Raw &a, const Raw &b) {
        return a.record.time != b.record.time ? a.record.time < b.record.time : a.seq < b.seq;
    });
    rebuild();
    if (m_options.anonymize) {
        buildAnonymizer();
    }
    // What was kept shares these; the tables themselves are not needed any more.
    m_strings = {};
    m_queueLists = {};
}

void LogImporter::rebuild()
{
    const auto wanted = [this](const LogRecord &r) {
        if (r.clientId.isEmpty() || r.kind == LogRecord::Kind::ClientCreated) {
            return false;
        }
        if (!m_options.group.isEmpty() && r.group != m_options.group) {
            return false;
        }
        if (!m_options.topic.isEmpty() && !r.topic.isEmpty() && r.topic != m_options.topic
            && r.kind != LogRecord::Kind::Notify) {
            return false;
        }
        return true;
    };
    // Pass 1: the consumers, their lifetimes, and who saw the group shrink.
    bool any = false;
    for (const Raw &raw : m_records) {
        const LogRecord &r = raw.record;
        if (!wanted(r) || r.group.isEmpty()) {
            continue;
        }
        const QString key = consumerKey(r.group, r.clientId);
        auto it = m_consumerIndex.find(key);
        if (it == m_consumerIndex.end()) {
            Consumer c;
            c.group = r.group;
            c.clientId = r.clientId;
            c.host = raw.host;
            c.first = r.time;
            it = m_consumerIndex.insert(key, int(m_consumers.size()));
            m_consumers.push_back(c);
        }
        Consumer &c = m_consumers[*it];
        c.last = r.time;
        if (r.kind == LogRecord::Kind::StartOk && !c.startOk) {
            c.startOk = r.time;
        } else if (r.kind == LogRecord::Kind::ShutdownOk) {
            c.shutdownOk = r.time;
        } else if (r.kind == LogRecord::Kind::Result) {
            if (c.strategy.isEmpty()) {
                c.strategy = r.strategy;
            }
            if (!m_groupStrategy.contains(r.group)) {
                m_groupStrategy.insert(r.group, r.strategy);
            }
            for (const LoggedQueue &q : r.queues) {
                int &count = m_topicBrokers[q.topic][q.brokerName];
                count = qMax(count, q.queueId + 1);
            }
        }
        if (r.kind == LogRecord::Kind::AddQueue || r.kind == LogRecord::Kind::RemoveQueue) {
            for (const LoggedQueue &q : r.queues) {
                int &count = m_topicBrokers[q.topic][q.brokerName];
                count = qMax(count, q.queueId + 1);
            }
        }
        m_origin = any ? qMin(m_origin, r.time) : r.time;
        m_end = any ? qMax(m_end, r.time) : r.time;
        any = true;
    }
    // A consumer that goes silent without "shutdown OK" is taken as killed at its last line
    // (it died at or after it) when a later result line of another member counts fewer
    // consumers (cidAllSize) than were alive by the logs: someone left without saying so.
    QList<int> byLast;
    for (int i = 0; i < int(m_consumers.size()); ++i) {
        byLast.append(i);
    }
    std::stable_sort(byLast.begin(), byLast.end(),
        [this](int a, int b) { return m_consumers[a].last < m_consumers[b].last; });
    QHash<QString, QList<const LogRecord *>> groupResults; // time order (m_records is sorted)
    for (const Raw &raw : m_records) {
        if (raw.record.kind == LogRecord::Kind::Result && wanted(raw.record)) {
            groupResults[raw.record.group].append(&raw.record);
        }
    }
    for (int ci : byLast) {
        Consumer &c = m_consumers[ci];
        if (c.shutdownOk) {
            continue;
        }
        const QList<const LogRecord *> &results = groupResults.value(c.group);
        auto it = std::upper_bound(results.cbegin(), results.cend(), c.last,
            [](qint64 t, const LogRecord *r) { return t < r->time; });
        for (; it != results.cend() && (*it)->time <= c.last + kKillEvidenceWindow; ++it) {
            const LogRecord &r = **it;
            if (r.clientId == c.clientId) {
                continue;
            }
            int alive = 0;
            for (const Consumer &o : m_consumers) {
                alive += o.group == c.group && o.first <= r.time && o.end() > r.time ? 1 : 0;
            }
            if (r.cidAllSize < alive) {
                c.killed = c.last;
                c.killSeenAt = r.time;
                break;
            }
        }
    }

    // Pass 2: events, claims per (group, topic), views, flow control.
    struct Change
    {
        qint64 t;
        qint64 seq;
        int consumer;
        int host;
        QString topic;
        bool end = false;
        QList<LoggedQueue> claim;
        std::optional<QPair<int, int>> view;
    };
    QMap<QString, QList<Change>> changes; // group \n topic → changes
    QMap<QString, int> flowOpen; // consumer \n queue \n cause → index in m_flow
    // A line gives at most one event and one claim change (a shutdown one per topic): reserved
    // once, not grown by doubling (half of it unused, and a copy at every step).
    m_events.reserve(qsizetype(m_records.size()) + qsizetype(m_consumers.size()));
    m_claimChanges.reserve(qsizetype(m_records.size()) + qsizetype(m_consumers.size()));
    for (const Raw &raw : m_records) {
        const LogRecord &r = raw.record;
        if (!wanted(r) || r.group.isEmpty()) {
            continue;
        }
        const int ci = m_consumerIndex.value(consumerKey(r.group, r.clientId));
        Consumer &c = m_consumers[ci];
        Event e;
        e.t = r.time;
        e.seq = raw.seq;
        e.consumer = c.clientId;
        e.group = c.group;
        switch (r.kind) {
        case LogRecord::Kind::Result:
        case LogRecord::Kind::AddQueue:
        case LogRecord::Kind::RemoveQueue: {
            QList<LoggedQueue> before = c.claims.value(r.topic);
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
            after = intern(after);
            Change ch { r.time, raw.seq, ci, raw.host, r.topic, false, after, std::nullopt };
            if (r.kind == LogRecord::Kind::Result) {
                ch.view = qMakePair(r.cidAllSize, r.mqAllSize);
                c.view.insert(r.topic, *ch.view);
            }
            c.claims.insert(r.topic, after);
            changes[r.group + QLatin1Char('\n') + r.topic].append(ch);
            m_claimChanges.append(
                { r.time, c.group, c.clientId, r.topic, after, false, raw.shownPath, raw.line });
            if (r.kind == LogRecord::Kind::Result) {
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
                e.added = intern(e.added);
                e.removed = intern(e.removed);
                e.detail = intern(QStringLiteral("%1, mqAllSize=%2, cidAllSize=%3")
                                      .arg(r.strategy)
                                      .arg(r.mqAllSize)
                                      .arg(r.cidAllSize));
                m_events.append(e);
            }
            break;
        }
        case LogRecord::Kind::Notify:
            e.type = QStringLiteral("notify");
            e.broker = r.brokerAddress;
            m_events.append(e);
            break;
        case LogRecord::Kind::StartOk:
            e.type = QStringLiteral("started");
            m_events.append(e);
            break;
        case LogRecord::Kind::ShutdownOk: {
            e.type = QStringLiteral("shutdown");
            m_events.append(e);
            for (const QString &topic : c.claims.keys()) {
                changes[r.group + QLatin1Char('\n') + topic].append(
                    { r.time, raw.seq, ci, raw.host, topic, true, {}, std::nullopt });
                m_claimChanges.append(
                    { r.time, c.group, c.clientId, topic, {}, true, raw.shownPath, raw.line });
            }
            break;
        }
        case LogRecord::Kind::Dropped:
            ++m_dropped;
            break;
        case LogRecord::Kind::FlowCount:
        case LogRecord::Kind::FlowSize:
        case LogRecord::Kind::FlowSpan: {
            const LoggedQueue q = r.queues.first();
            const QString key = QStringLiteral("%1\n%2\n%3\n%4\n%5")
                                    .arg(c.group, c.clientId, q.topic, q.brokerName)
                                    .arg(q.queueId)
                + causeName(r.kind);
            const auto open = flowOpen.find(key);
            if (open != flowOpen.end() && r.time - m_flow[*open].to <= kFlowEpisodeGap) {
                FlowEpisode &f = m_flow[*open];
                f.to = r.time;
                ++f.lines;
                f.lastTimes = r.flowControlTimes;
            } else {
                flowOpen.insert(key, int(m_flow.size()));
                m_flow.append({ c.clientId, q, r.kind, r.time, r.time, 1, r.flowControlTimes,
                    r.flowControlTimes, c.group });
                e.type = QStringLiteral("flowControlOn");
                e.queue = q;
                e.topic = q.topic;
                e.cause = causeName(r.kind);
                e.detail = QStringLiteral("logged at flowControlTimes=%1 (RocketMQ logs one "
                                          "hold in 1000 per consumer)")
                               .arg(r.flowControlTimes);
                m_events.append(e);
            }
            break;
        }
        default:
            break;
        }
    }
    for (int ci = 0; ci < int(m_consumers.size()); ++ci) {
        const Consumer &c = m_consumers[ci];
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
        m_events.append(e);
        for (const QString &topic : c.claims.keys()) {
            changes[c.group + QLatin1Char('\n') + topic].append({ *c.killed,
                std::numeric_limits<qint64>::max(), ci, c.host, topic, true, {}, std::nullopt });
            m_claimChanges.append({ *c.killed, c.group, c.clientId, topic, {}, true, {}, 0 });
        }
    }
    std::stable_sort(m_events.begin(), m_events.end(),
        [](const Event &a, const Event &b) { return a.t != b.t ? a.t < b.t : a.seq < b.seq; });
    // Lines come in time order, inferred kills after them: a stable sort keeps a kill after
    // the lines of its instant, as the sweep below (seq = max) applies it.
    std::stable_sort(m_claimChanges.begin(), m_claimChanges.end(),
        [](const ClaimChange &a, const ClaimChange &b) { return a.t < b.t; });

    m_events.squeeze();
    m_claimChanges.squeeze();

    // Sweep each (group, topic): per queue, who of the running consumers claims it.
    for (auto it = changes.begin(); it != changes.end(); ++it) {
        QList<Change> &list = it.value(); // sorted in place: a copy would double it
        std::stable_sort(list.begin(), list.end(), [](const Change &a, const Change &b) {
            return a.t != b.t ? a.t < b.t : a.seq < b.seq;
        });
        TopicTimeline tl;
        tl.group = it.key().section(QLatin1Char('\n'), 0, 0);
        tl.topic = it.key().section(QLatin1Char('\n'), 1);
        QMap<int, QList<LoggedQueue>> claim;
        QMap<int, QPair<int, int>> view;
        QSet<int> ended;
        struct Open
        {
            bool open = false;
            qint64 from = 0;
            int host = 0;
            QStringList who;
        };
        QMap<LoggedQueue, Open> dbl, none;
        QMap<LoggedQueue, bool> seen;
        Open dis;
        const auto close = [&](Open &o, QList<Interval> &out, qint64 t, int host, bool atEnd) {
            if (!o.open) {
                return;
            }
            if (t == o.from) {
                o.open = false; // nothing happened in between (the logs' last instant)
                return;
            }
            Interval iv;
            iv.from = o.from;
            iv.to = t;
            iv.open = atEnd;
            iv.consumers = o.who;
            iv.toleranceMs = atEnd ? std::optional<qint64>(m_hostTolerance.value(o.host))
                                   : tolerance(o.host, host);
            out.append(iv);
            o.open = false;
        };
        qsizetype i = 0;
        while (i <= list.size()) {
            const bool atEnd = i == list.size();
            const qint64 t = atEnd ? m_end : list[i].t;
            int host = 0;
            // Apply every change at this instant, then look.
            while (i < list.size() && list[i].t == t) {
                const Change &ch = list[i];
                host = ch.host;
                if (ch.end) {
                    ended.insert(ch.consumer);
                    claim.remove(ch.consumer);
                    view.remove(ch.consumer);
                } else if (!ended.contains(ch.consumer)) {
                    claim.insert(ch.consumer, ch.claim);
                    if (ch.view) {
                        view.insert(ch.consumer, *ch.view);
                    }
                    for (const LoggedQueue &q : ch.claim) {
                        seen.insert(q, true);
                    }
                }
                ++i;
            }
            QMap<LoggedQueue, QStringList> owners;
            for (auto c = claim.cbegin(); c != claim.cend(); ++c) {
                for (const LoggedQueue &q : c.value()) {
                    owners[q].append(m_consumers[c.key()].clientId);
                }
            }
            for (auto q = seen.cbegin(); q != seen.cend(); ++q) {
                const QStringList who = owners.value(q.key());
                Open &d = dbl[q.key()];
                if (d.open && (atEnd || who.size() < 2 || who != d.who)) {
                    close(d, tl.doubleOwned[q.key()], t, host, atEnd);
                }
                if (!atEnd && who.size() >= 2 && !d.open) {
                    d = { true, t, host, who };
                }
                Open &u = none[q.key()];
                if (u.open && (atEnd || !who.isEmpty())) {
                    close(u, tl.unowned[q.key()], t, host, atEnd);
                }
                if (!atEnd && who.isEmpty() && !u.open) {
                    u = { true, t, host, {} };
                }
            }
            QSet<int> cids;
            QStringList views;
            for (auto v = view.cbegin(); v != view.cend(); ++v) {
                cids.insert(v.value().first);
                views.append(QStringLiteral("%1: cidAllSize=%2, mqAllSize=%3")
                                 .arg(m_consumers[v.key()].clientId)
                                 .arg(v.value().first)
                                 .arg(v.value().second));
            }
            if (dis.open && (atEnd || cids.size() < 2 || views != dis.who)) {
                close(dis, tl.disagreements, t, host, atEnd);
            }
            if (!atEnd && cids.size() >= 2 && !dis.open) {
                dis = { true, t, host, views };
            }
            if (atEnd) {
                break;
            }
        }
        m_timelines.append(tl);
    }
}

QList<LogImporter::ObservedConsumer> LogImporter::observedConsumers() const
{
    QList<ObservedConsumer> out;
    for (const Consumer &c : m_consumers) {
        out.append({ c.group, c.clientId, c.strategy, m_hosts.value(c.host), c.first, c.last,
            c.startOk, c.shutdownOk, c.killed });
    }
    return out;
}

QList<LogImporter::SourceLine> LogImporter::linesOf(
    const QString &group, const QString &clientId) const
{
    QList<SourceLine> out;
    for (const Raw &raw : m_records) {
        if (raw.record.clientId == clientId && raw.record.group == group
            && raw.record.kind != LogRecord::Kind::ClientCreated) {
            out.append({ raw.record, raw.shownPath, raw.line });
        }
    }
    return out;
}

QString LogImporter::anon(const QString &kind, const QString &name) const
{
    if (!m_options.anonymize || name.isEmpty()) {
        return name;
    }
    if (kind == QLatin1String("topic") && TopicNames::isRetryTopic(name)) {
        return TopicNames::retryTopicOf(
            anon(QStringLiteral("group"), TopicNames::groupOfRetryTopic(name)));
    }
    if (kind == QLatin1String("address")) {
        const qsizetype colon = name.lastIndexOf(QLatin1Char(':'));
        return anon(QStringLiteral("ip"), colon < 0 ? name : name.left(colon))
            + (colon < 0 ? QString() : name.mid(colon));
    }
    return m_anon.value(kind).value(name, name);
}

// Placeholders numbered in the sorted order of the names, so the same logs give the same
// placeholders whatever the order of the files.
void LogImporter::buildAnonymizer()
{
    QMap<QString, QSet<QString>> names;
    for (const Consumer &c : m_consumers) {
        names[QStringLiteral("client")].insert(c.clientId);
        names[QStringLiteral("group")].insert(c.group);
    }
    for (const QString &topic : m_topicBrokers.keys()) {
        if (!TopicNames::isRetryTopic(topic)) {
            names[QStringLiteral("topic")].insert(topic);
        }
    }
    for (const Event &e : m_events) {
        if (!e.broker.isEmpty()) {
            const qsizetype colon = e.broker.lastIndexOf(QLatin1Char(':'));
            names[QStringLiteral("ip")].insert(colon < 0 ? e.broker : e.broker.left(colon));
        }
    }
    for (const QString &h : m_hosts) {
        names[QStringLiteral("host")].insert(h);
    }
    for (auto it = names.cbegin(); it != names.cend(); ++it) {
        QStringList sorted(it.value().cbegin(), it.value().cend());
        std::sort(sorted.begin(), sorted.end());
        for (int i = 0; i < sorted.size(); ++i) {
            m_anon[it.key()].insert(sorted[i], QStringLiteral("%1-%2").arg(it.key()).arg(i + 1));
        }
    }
}

QByteArray LogImporter::reportJson() const
{
    const auto rel = [this](qint64 t) { return JsonNode::makeInteger(t - m_origin); };
    const auto queueNode = [this](const LoggedQueue &q, bool withTopic) {
        JsonNode n = JsonNode::makeObject();
        if (withTopic) {
            n.insert(QStringLiteral("topic"),
                JsonNode::makeString(anon(QStringLiteral("topic"), q.topic)));
        }
        n.insert(QStringLiteral("brokerName"), JsonNode::makeString(q.brokerName));
        n.insert(QStringLiteral("queueId"), JsonNode::makeInteger(q.queueId));
        return n;
    };
    const auto client = [this](const QString &id) { return anon(QStringLiteral("client"), id); };
    const auto intervalNode = [&](const Interval &iv) {
        JsonNode n = JsonNode::makeObject();
        n.insert(QStringLiteral("from"), rel(iv.from));
        n.insert(QStringLiteral("to"), rel(iv.to));
        n.insert(QStringLiteral("ms"), JsonNode::makeInteger(iv.to - iv.from));
        n.insert(QStringLiteral("toleranceMs"),
            iv.toleranceMs ? JsonNode::makeInteger(*iv.toleranceMs) : JsonNode::makeNull());
        if (iv.open) {
            n.insert(QStringLiteral("open"), JsonNode::makeBool(true));
        }
        if (!iv.consumers.isEmpty()) {
            JsonNode who = JsonNode::makeArray();
            for (const QString &c : iv.consumers) {
                QString text = c;
                if (m_options.anonymize) {
                    const qsizetype colon = c.indexOf(QStringLiteral(": "));
                    text = colon < 0 ? client(c) : client(c.left(colon)) + c.mid(colon);
                }
                who.append(JsonNode::makeString(text));
            }
            n.insert(QStringLiteral("consumers"), who);
        }
        return n;
    };

    JsonNode root = JsonNode::makeObject();
    root.insert(
        QStringLiteral("format"), JsonNode::makeString(QStringLiteral("rebalance-lab/report@1")));
    root.insert(QStringLiteral("scenario"),
        JsonNode::makeString(QStringLiteral("Imported from %1 log files").arg(m_files)));
    root.insert(QStringLiteral("profile"),
        JsonNode::makeString(
            m_sawV49 && !m_sawV53 ? QStringLiteral("4.9") : QStringLiteral("5.x")));
    root.insert(QStringLiteral("duration"), rel(m_end));

    JsonNode observed = JsonNode::makeObject();
    observed.insert(
        QStringLiteral("source"), JsonNode::makeString(QStringLiteral("rblab import-logs")));
    observed.insert(QStringLiteral("origin"),
        JsonNode::makeString(
            QDateTime::fromMSecsSinceEpoch(m_origin, Qt::UTC).toString(Qt::ISODateWithMs)));
    observed.insert(QStringLiteral("timeZone"),
        JsonNode::makeString(
            QStringLiteral("%1%2:%3")
                .arg(m_options.zoneMinutes < 0 ? QLatin1Char('-') : QLatin1Char('+'))
                .arg(qAbs(m_options.zoneMinutes) / 60, 2, 10, QLatin1Char('0'))
                .arg(qAbs(m_options.zoneMinutes) % 60, 2, 10, QLatin1Char('0'))));
    observed.insert(QStringLiteral("files"), JsonNode::makeInteger(m_files));
    observed.insert(QStringLiteral("lines"), JsonNode::makeInteger(m_lines));
    observed.insert(QStringLiteral("usedLines"), JsonNode::makeInteger(qint64(m_records.size())));
    observed.insert(QStringLiteral("unknownLines"), JsonNode::makeInteger(m_unknown));
    observed.insert(QStringLiteral("continuationLines"), JsonNode::makeInteger(m_continuation));
    observed.insert(QStringLiteral("malformedLines"), JsonNode::makeInteger(m_warnings.size()));
    observed.insert(QStringLiteral("unattributedLines"), JsonNode::makeInteger(m_unattributed));
    observed.insert(QStringLiteral("droppedPullRequests"), JsonNode::makeInteger(m_dropped));
    JsonNode clocks = JsonNode::makeArray();
    for (const HostClock &c : m_clocks) {
        JsonNode n = JsonNode::makeObject();
        n.insert(QStringLiteral("host"),
            JsonNode::makeString(m_options.anonymize ? anon(QStringLiteral("host"), c.host)
                                                     : QDir::current().relativeFilePath(c.host)));
        n.insert(QStringLiteral("skewMs"), JsonNode::makeInteger(c.skewMs));
        n.insert(QStringLiteral("toleranceMs"),
            c.toleranceMs ? JsonNode::makeInteger(*c.toleranceMs) : JsonNode::makeNull());
        n.insert(QStringLiteral("matchedNotifications"), JsonNode::makeInteger(c.matches));
        if (c.reference) {
            n.insert(QStringLiteral("reference"), JsonNode::makeBool(true));
        }
        clocks.append(n);
    }
    observed.insert(QStringLiteral("clocks"), clocks);
    observed.insert(QStringLiteral("notes"),
        JsonNode::makeString(QStringLiteral(
            "Times are ms after origin, corrected by each host's estimated skew; toleranceMs is "
            "the skew uncertainty of the hosts that bound an interval (null: not estimable). "
            "Flow control: RocketMQ logs one hold in every 1,000 per consumer (all its queues "
            "share the counter, DefaultMQPushConsumerImpl), so episodes are lower bounds. A "
            "client logs its view only when its allocation changed. Kills are inferred from "
            "silence followed by a smaller cidAllSize at another member.")));
    JsonNode groups = JsonNode::makeArray();
    for (const TopicTimeline &tl : m_timelines) {
        JsonNode g = JsonNode::makeObject();
        g.insert(
            QStringLiteral("group"), JsonNode::makeString(anon(QStringLiteral("group"), tl.group)));
        g.insert(
            QStringLiteral("topic"), JsonNode::makeString(anon(QStringLiteral("topic"), tl.topic)));
        g.insert(QStringLiteral("strategy"), JsonNode::makeString(m_groupStrategy.value(tl.group)));
        const auto perQueue = [&](const QMap<LoggedQueue, QList<Interval>> &m) {
            JsonNode arr = JsonNode::makeArray();
            for (auto it = m.cbegin(); it != m.cend(); ++it) {
                for (const Interval &iv : it.value()) {
                    JsonNode n = intervalNode(iv);
                    n.insert(QStringLiteral("queue"), queueNode(it.key(), false));
                    arr.append(n);
                }
            }
            return arr;
        };
        g.insert(QStringLiteral("doubleOwned"), perQueue(tl.doubleOwned));
        g.insert(QStringLiteral("unowned"), perQueue(tl.unowned));
        JsonNode dis = JsonNode::makeArray();
        for (const Interval &iv : tl.disagreements) {
            dis.append(intervalNode(iv));
        }
        g.insert(QStringLiteral("viewDisagreements"), dis);
        groups.append(g);
    }
    observed.insert(QStringLiteral("topics"), groups);
    JsonNode flow = JsonNode::makeArray();
    for (const FlowEpisode &f : m_flow) {
        JsonNode n = JsonNode::makeObject();
        n.insert(QStringLiteral("consumer"), JsonNode::makeString(client(f.consumer)));
        n.insert(QStringLiteral("queue"), queueNode(f.queue, true));
        n.insert(QStringLiteral("cause"), JsonNode::makeString(causeName(f.cause)));
        n.insert(QStringLiteral("from"), rel(f.from));
        n.insert(QStringLiteral("to"), rel(f.to));
        n.insert(QStringLiteral("loggedLines"), JsonNode::makeInteger(f.lines));
        n.insert(QStringLiteral("flowControlTimes"),
            JsonNode::fromVariant(QVariantList { f.firstTimes, f.lastTimes }));
        flow.append(n);
    }
    observed.insert(QStringLiteral("flowControl"), flow);
    root.insert(QStringLiteral("observed"), observed);

    // The report's own arrays, with only what the logs show.
    QList<LoggedQueue> all;
    for (auto t = m_topicBrokers.cbegin(); t != m_topicBrokers.cend(); ++t) {
        for (auto b = t.value().cbegin(); b != t.value().cend(); ++b) {
            for (int q = 0; q < b.value(); ++q) {
                all.append({ t.key(), b.key(), q });
            }
        }
    }
    std::sort(all.begin(), all.end());
    JsonNode queues = JsonNode::makeArray();
    for (const LoggedQueue &q : all) {
        JsonNode n = queueNode(q, true);
        JsonNode owners = JsonNode::makeArray();
        for (const Consumer &c : m_consumers) {
            if (c.end() == std::numeric_limits<qint64>::max()
                && c.claims.value(q.topic).contains(q)) {
                owners.append(JsonNode::makeString(client(c.clientId)));
            }
        }
        n.insert(QStringLiteral("owners"), owners);
        queues.append(n);
    }
    root.insert(QStringLiteral("queues"), queues);
    JsonNode consumers = JsonNode::makeArray();
    for (const Consumer &c : m_consumers) {
        JsonNode n = JsonNode::makeObject();
        n.insert(QStringLiteral("name"), JsonNode::makeString(client(c.clientId)));
        n.insert(QStringLiteral("id"), JsonNode::makeString(client(c.clientId)));
        n.insert(
            QStringLiteral("group"), JsonNode::makeString(anon(QStringLiteral("group"), c.group)));
        n.insert(QStringLiteral("state"),
            JsonNode::makeString(c.shutdownOk
                    ? QStringLiteral("shutdown")
                    : (c.killed ? QStringLiteral("killed") : QStringLiteral("running"))));
        n.insert(QStringLiteral("host"),
            JsonNode::makeString(m_options.anonymize
                    ? anon(QStringLiteral("host"), m_hosts[c.host])
                    : QDir::current().relativeFilePath(m_hosts[c.host])));
        n.insert(QStringLiteral("firstLine"), rel(c.first));
        n.insert(QStringLiteral("lastLine"), rel(c.last));
        consumers.append(n);
    }
    root.insert(QStringLiteral("consumers"), consumers);
    const auto eventNode = [&](const Event &e) {
        JsonNode n = JsonNode::makeObject();
        n.insert(QStringLiteral("t"), rel(e.t));
        n.insert(QStringLiteral("type"), JsonNode::makeString(e.type));
        n.insert(QStringLiteral("consumer"), JsonNode::makeString(client(e.consumer)));
        if (!e.broker.isEmpty()) {
            n.insert(QStringLiteral("broker"),
                JsonNode::makeString(anon(QStringLiteral("address"), e.broker)));
        }
        if (!e.topic.isEmpty() && !e.queue) {
            n.insert(QStringLiteral("topic"),
                JsonNode::makeString(anon(QStringLiteral("topic"), e.topic)));
        }
        if (e.queue) {
            n.insert(QStringLiteral("queue"), queueNode(*e.queue, true));
        }
        if (!e.cause.isEmpty()) {
            n.insert(QStringLiteral("cause"), JsonNode::makeString(e.cause));
        }
        if (e.type == QLatin1String("rebalance")) {
            JsonNode a = JsonNode::makeArray();
            JsonNode r = JsonNode::makeArray();
            for (const LoggedQueue &q : e.added) {
                a.append(queueNode(q, false));
            }
            for (const LoggedQueue &q : e.removed) {
                r.append(queueNode(q, false));
            }
            n.insert(QStringLiteral("added"), a);
            n.insert(QStringLiteral("removed"), r);
        }
        if (!e.detail.isEmpty()) {
            n.insert(QStringLiteral("detail"), JsonNode::makeString(e.detail));
        }
        return n;
    };
    // A log of result lines has an event a line: the tree of all of them would cost a few KiB a
    // line (the whole log again, several times), so past a few events they are written one at a
    // time, after the rest, exactly as write() lays out a long array as root's last member.
    constexpr qsizetype kTreeEvents = 16;
    const bool streamed = m_events.size() > kTreeEvents;
    JsonNode events = JsonNode::makeArray();
    if (!streamed) {
        for (const Event &e : m_events) {
            events.append(eventNode(e));
        }
    }
    root.insert(QStringLiteral("events"), events);
    QByteArray out = JsonWriter::write(root);
    if (streamed) {
        const QByteArray emptyTail = "[]\n}\n";
        Q_ASSERT(out.endsWith(emptyTail));
        out.chop(emptyTail.size());
        out += "[\n";
        for (qsizetype i = 0; i < m_events.size(); ++i) {
            out += "    ";
            out += JsonWriter::writeItem(eventNode(m_events[i]), 4, 4);
            out += i + 1 < m_events.size() ? ",\n" : "\n";
        }
        out += "  ]\n}\n";
    }
    return out;
}

Scenario LogImporter::scenario() const
{
    Scenario s;
    s.name = QStringLiteral("Imported from %1 log files").arg(m_files);
    s.description.insert(QString(),
        QStringLiteral("Membership replayed from RocketMQ client logs by rblab import-logs: "
                       "consumers join when they first logged, leave at \"shutdown OK\", are "
                       "killed when they went silent while the others' cidAllSize dropped. "
                       "Production rates and consume times are not in the logs: defaults."));
    s.profile = m_sawV49 && !m_sawV53 ? Profile::V49 : Profile::V5;
    const qint64 span = m_end - m_origin;
    s.duration = qMin<qint64>(168 * kHour, (span / kSecond + 1) * kSecond + kMinute);
    QSet<QString> brokers;
    for (auto t = m_topicBrokers.cbegin(); t != m_topicBrokers.cend(); ++t) {
        if (TopicNames::isRetryTopic(t.key())) {
            continue; // the engine subscribes %RETRY%<group> itself
        }
        TopicSpec topic;
        topic.name = anon(QStringLiteral("topic"), t.key());
        for (auto b = t.value().cbegin(); b != t.value().cend(); ++b) {
            topic.queues.append({ b.key(), b.value() });
            brokers.insert(b.key());
        }
        s.topics.append(topic);
    }
    s.brokers = QStringList(brokers.cbegin(), brokers.cend());
    std::sort(s.brokers.begin(), s.brokers.end());
    QMap<QString, int> groupIndex;
    QHash<QString, int> idCount;
    for (const Consumer &c : m_consumers) {
        ++idCount[c.clientId];
    }
    QList<const Consumer *> order;
    for (const Consumer &c : m_consumers) {
        order.append(&c);
    }
    for (const Consumer *c : order) {
        if (!groupIndex.contains(c->group)) {
            GroupSpec g;
            g.name = anon(QStringLiteral("group"), c->group);
            g.strategy = m_groupStrategy.value(c->group, QStringLiteral("AVG"));
            for (auto t = m_topicBrokers.cbegin(); t != m_topicBrokers.cend(); ++t) {
                bool used = false;
                for (const Consumer &o : m_consumers) {
                    used = used || (o.group == c->group && o.claims.contains(t.key()));
                }
                for (const TopicTimeline &tl : m_timelines) {
                    used = used || (tl.group == c->group && tl.topic == t.key());
                }
                if (used && !TopicNames::isRetryTopic(t.key())) {
                    g.topics.append(anon(QStringLiteral("topic"), t.key()));
                }
            }
            groupIndex.insert(c->group, int(s.groups.size()));
            s.groups.append(g);
        }
        ConsumerSpec spec;
        spec.id = anon(QStringLiteral("client"), c->clientId);
        if (idCount.value(c->clientId) > 1) {
            // One client instance serves consumers of several groups (MQClientInstance is per
            // clientId): same id, but each needs its own handle.
            spec.name = anon(QStringLiteral("group"), c->group) + QLatin1Char('/') + spec.id;
        }
        if (c->strategy != m_groupStrategy.value(c->group) && !c->strategy.isEmpty()) {
            spec.strategy = c->strategy; // a rolling deploy that changed the strategy
        }
        const qint64 at = c->first - m_origin;
        if (at == 0) {
            s.groups[groupIndex.value(c->group)].consumers.append(spec);
        } else {
            ScenarioEvent join;
            join.at = at;
            join.action = ScenarioEvent::Action::Join;
            join.group = anon(QStringLiteral("group"), c->group);
            join.joining = spec;
            s.events.append(join);
        }
        if (c->shutdownOk || c->killed) {
            ScenarioEvent leave;
            leave.at = (c->shutdownOk ? *c->shutdownOk : *c->killed) - m_origin;
            leave.action
                = c->shutdownOk ? ScenarioEvent::Action::Shutdown : ScenarioEvent::Action::Kill;
            leave.consumer = spec.handle();
            s.events.append(leave);
        }
    }
    // A group seen only on its %RETRY% topic has nothing the engine can subscribe: leave it out
    // with its consumers' events rather than write a scenario that does not read.
    QSet<QString> dropped;
    QSet<QString> handles;
    for (qsizetype g = s.groups.size() - 1; g >= 0; --g) {
        if (s.groups[g].topics.isEmpty()) {
            dropped.insert(s.groups[g].name);
            for (const ConsumerSpec &c : s.groups[g].consumers) {
                handles.insert(c.handle());
            }
            s.groups.removeAt(g);
        }
    }
    if (!dropped.isEmpty()) {
        for (const ScenarioEvent &e : s.events) {
            if (e.action == ScenarioEvent::Action::Join && dropped.contains(e.group)) {
                handles.insert(e.joining.handle());
            }
        }
        s.events.removeIf([&](const ScenarioEvent &e) {
            return dropped.contains(e.group) || handles.contains(e.consumer);
        });
    }
    std::stable_sort(s.events.begin(), s.events.end(),
        [](const ScenarioEvent &a, const ScenarioEvent &b) { return a.at < b.at; });
    return s;
}

} // namespace Rblab
