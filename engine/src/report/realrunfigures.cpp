// SPDX-License-Identifier: Apache-2.0
#include "report/realrunfigures.h"

#include "json/jsonnode.h"
#include "json/jsonwriter.h"
#include "run/simulation.h"

#include <QDateTime>
#include <QTimeZone>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <limits>
#include <tuple>
#include <vector>

namespace Rblab {

namespace {

constexpr qint64 kEnd = std::numeric_limits<qint64>::max();
constexpr qint64 kSignalSlack = 100; //!< ms: a kill or a SIGSTOP lands after its time

//! A consumer leaving its group: what hand-overs and redeliveries are measured after.
bool isLeave(const QString &action)
{
    return action == QLatin1String("kill") || action == QLatin1String("shutdown")
        || action == QLatin1String("freeze");
}

bool hasPopGroup(const Scenario &scenario)
{
    return std::any_of(scenario.groups.cbegin(), scenario.groups.cend(),
        [](const GroupSpec &g) { return g.pops(); });
}

bool isMainQueue(QStringView queue)
{
    return !queue.startsWith(u"%RETRY%") && !queue.startsWith(u"pop:");
}

//! One consumed line: when, which queue, which message, how it ended.
struct Consumed
{
    qint64 t = 0; //!< ms after the origin
    int consumer = 0;
    qint64 offset = 0;
    int reconsume = 0;
};

//! One consumed line of a POP group: its message is the producer's (topic, sequence).
struct Popped
{
    qint64 t = 0; //!< ms after the origin
    int consumer = 0;
    QString message; //!< main topic: "topic/broker/queue\toffset"; a revived copy: ""
    QString sent; //!< "topic\tseq", the producer's (a producer's retry may store it twice)
    qint64 sentAt = 0; //!< ms after the origin (the producer's send time)
    int reconsume = 0;
};

//! A consumer's process-queue table over time (main topics only), from alloc.log.
struct Claims
{
    QList<QPair<qint64, QSet<QString>>> changes; //!< (ms after the origin, the table from then)
    QSet<QString> at(qint64 t) const
    {
        QSet<QString> now;
        for (const auto &[when, set] : changes) {
            if (when > t) {
                break;
            }
            now = set;
        }
        return now;
    }
};

QList<QByteArray> lines(const QString &file)
{
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly)) {
        return {};
    }
    return f.readAll().split('\n');
}

//! A client log line's time ("2026-12-08 01:16:42.589", 4.x "…,589") read as UTC, or -1.
qint64 logTime(const QByteArray &line)
{
    if (line.size() < 23) {
        return -1;
    }
    QByteArray stamp = line.left(23);
    stamp[19] = '.';
    const QDateTime t = QDateTime::fromString(
        QString::fromLatin1(stamp), QStringLiteral("yyyy-MM-dd HH:mm:ss.zzz"));
    if (!t.isValid()) {
        return -1;
    }
    return QDateTime(t.date(), t.time(), QTimeZone::utc()).toMSecsSinceEpoch();
}

//! A STARTED line's `key` (startReturnMs=, startCallMs=: epoch ms), or -1.
qint64 startedField(const QList<QByteArray> &words, QByteArrayView key)
{
    if (words.size() < 3 || words.at(1) != "STARTED") {
        return -1;
    }
    for (const QByteArray &kv : words) {
        if (kv.startsWith(key)) {
            bool ok = false;
            const qint64 t = kv.mid(key.size()).toLongLong(&ok);
            return ok ? t : -1;
        }
    }
    return -1;
}

} // namespace

QList<RunFigures::HandOver> RunFigures::handOversOf(qint64 at, const QString &consumer) const
{
    QList<HandOver> out;
    for (const HandOver &h : handOvers) {
        if (h.at == at && h.consumer == consumer) {
            out.append(h);
        }
    }
    return out;
}

std::optional<RealRunRecord> RealRunRecord::read(
    const QString &dir, const Scenario &scenario, QString *error)
{
    RealRunRecord run;
    run.dir = QFileInfo(dir).absoluteFilePath();
    const QString runFile = run.dir + QStringLiteral("/real-run.json");
    QFile f(runFile);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("%1: cannot read (%2); is %3 a folder `rblab real-run` wrote?")
                     .arg(runFile, f.errorString(), dir);
        return std::nullopt;
    }
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(f.readAll(), &parseError);
    if (!doc.isObject()
        || doc.object().value(QStringLiteral("format")).toString()
            != QStringLiteral("rebalance-lab/real-run@1")) {
        *error = QStringLiteral("%1: not a real run's record (format rebalance-lab/real-run@1)%2")
                     .arg(runFile,
                         parseError.error == QJsonParseError::NoError
                             ? QString()
                             : QStringLiteral(": ") + parseError.errorString());
        return std::nullopt;
    }
    const QJsonObject root = doc.object();
    run.rocketmq = root.value(QStringLiteral("rocketmq")).toString();
    run.origin = qint64(root.value(QStringLiteral("origin")).toDouble());
    run.duration = qint64(root.value(QStringLiteral("duration")).toDouble());
    run.finished = root.value(QStringLiteral("finished")).toBool();
    run.interrupted = root.value(QStringLiteral("interrupted")).toBool();
    for (const QJsonValue &v : root.value(QStringLiteral("consumers")).toArray()) {
        const QJsonObject o = v.toObject();
        Consumer c;
        c.name = o.value(QStringLiteral("name")).toString();
        c.id = o.value(QStringLiteral("id")).toString();
        c.group = o.value(QStringLiteral("group")).toString();
        c.folder = run.dir + u'/' + o.value(QStringLiteral("folder")).toString();
        c.start = qint64(o.value(QStringLiteral("start")).toDouble());
        run.consumers.append(c);
    }
    for (const QJsonValue &v : root.value(QStringLiteral("actions")).toArray()) {
        const QJsonObject o = v.toObject();
        run.actions.append({ qint64(o.value(QStringLiteral("t")).toDouble()),
            o.value(QStringLiteral("action")).toString(),
            o.value(QStringLiteral("consumer")).toString(),
            o.value(QStringLiteral("detail")).toString() });
    }

    run.timing = timingOf(run.dir);
    for (Consumer &c : run.consumers) {
        c.started = run.timing.started.value(c.name, -1);
    }

    // Per consumer: its table over time, when it stopped, what it received.
    const int n = int(run.consumers.size());
    std::vector<Claims> claims(static_cast<size_t>(n));
    std::vector<qint64> endAt(static_cast<size_t>(n), kEnd);
    std::vector<QList<QPair<qint64, qint64>>> frozen(static_cast<size_t>(n)); // [from, to)
    QHash<QString, QList<Consumed>> byQueue; // "scope\tqueue" → lines
    QHash<QString, int> indexOf;
    for (int i = 0; i < n; ++i) {
        indexOf.insert(run.consumers.at(i).name, i);
    }
    for (const Action &a : std::as_const(run.actions)) {
        const int i = indexOf.value(a.consumer, -1);
        if (i < 0) {
            continue;
        }
        if (a.action == QStringLiteral("kill") || a.action == QStringLiteral("died")) {
            endAt[size_t(i)] = std::min(endAt[size_t(i)], a.t);
        } else if (a.action == QStringLiteral("freeze")) {
            frozen[size_t(i)].append({ a.t, kEnd });
        } else if (a.action == QStringLiteral("thaw") && !frozen[size_t(i)].isEmpty()) {
            frozen[size_t(i)].last().second = a.t;
        }
    }
    const auto groupOf = [&scenario](const QString &name) { return scenario.group(name); };
    RunFigures &fig = run.figures;
    QHash<QString, QList<Popped>> popByScope; // POP groups: their lines, every queue together
    fig.pop = hasPopGroup(scenario);
    // A pop process queue's label (topic/broker/queueId, queueId -1: the broker's every queue),
    // as the main-topic queues it covers.
    const auto covered = [&scenario](const QString &label) {
        QStringList out;
        const QStringList p = label.split(u'/');
        if (p.size() != 3 || p.at(2) != QStringLiteral("-1")) {
            out << label;
            return out;
        }
        if (const TopicSpec *t = scenario.topic(p.at(0))) {
            for (const auto &[broker, count] : t->queues) {
                for (int q = 0; broker == p.at(1) && q < count; ++q) {
                    out << QStringLiteral("%1/%2/%3").arg(p.at(0), broker).arg(q);
                }
            }
        }
        return out;
    };
    for (int i = 0; i < n; ++i) {
        Consumer &c = run.consumers[i];
        const GroupSpec *g = groupOf(c.group);
        const bool broadcasting = g && g->messageModel == MessageModel::Broadcasting;
        const bool pops = g && g->pops();
        for (const QByteArray &line : lines(c.folder + QStringLiteral("/stdout.log"))) {
            const QList<QByteArray> w = line.split(' ');
            if (w.size() >= 3 && w.at(1) == "STARTED") {
                for (const QByteArray &kv : w) {
                    if (kv.startsWith("clientId=")) {
                        c.clientId = QString::fromUtf8(kv.mid(9));
                    }
                }
            } else if (w.size() >= 2 && w.at(1) == "SHUTDOWN_BEGIN") {
                // Its consume service stops first and it unregisters at once; its process
                // queues linger until shutdown() returns (a second), held by no consumer.
                endAt[size_t(i)] = std::min(endAt[size_t(i)], w.at(0).toLongLong() - run.origin);
            }
        }
        qint64 lineNo = 0;
        for (const QByteArray &line : lines(c.folder + QStringLiteral("/alloc.log"))) {
            ++lineNo;
            const QList<QByteArray> w = line.split(' ');
            if (w.size() < 3 || (w.at(1) != "ALLOC" && w.at(1) != "SNAP")) {
                continue;
            }
            bool ok = false;
            const qint64 t = w.at(0).toLongLong(&ok) - run.origin;
            if (!ok) {
                *error = QStringLiteral("%1/alloc.log:%2: no time").arg(c.folder).arg(lineNo);
                return std::nullopt;
            }
            QSet<QString> set;
            for (qsizetype k = 3; k < w.size(); ++k) {
                const QString entry = QString::fromUtf8(w.at(k));
                // topic/broker/qid:count:bytes:flags, pop:topic/broker/qid:waitAck:flags; a
                // dropped process queue is not held.
                const QStringList parts = entry.split(u':');
                if (parts.size() >= 4 && isMainQueue(entry) && !parts.at(3).contains(u'D')) {
                    set.insert(parts.at(0));
                } else if (pops && parts.size() >= 4 && parts.at(0) == QStringLiteral("pop")
                    && !parts.at(1).startsWith(u"%RETRY%") && !parts.at(3).contains(u'D')) {
                    for (const QString &q : covered(parts.at(1))) {
                        set.insert(q);
                    }
                }
            }
            if (claims[size_t(i)].changes.isEmpty()
                || claims[size_t(i)].changes.last().second != set) {
                claims[size_t(i)].changes.append({ t, set });
            }
        }
        lineNo = 0;
        for (const QByteArray &line : lines(c.folder + QStringLiteral("/consumed.log"))) {
            ++lineNo;
            // recvMs topic broker queueId queueOffset producerSeq sendMs reconsumeTimes result
            // popTime
            const QList<QByteArray> w = line.split(' ');
            if (w.size() < 9) {
                continue;
            }
            const QString queue = QString::fromUtf8(w.at(1) + '/' + w.at(2) + '/' + w.at(3));
            const QString scope = broadcasting ? c.name : c.group;
            if (pops) {
                // A revived message is read from %RETRY%<group>_<topic> (or +<topic>, the v2
                // retry topic) with an offset of its own: the producer's sequence names it.
                QString topic = QString::fromUtf8(w.at(1));
                bool revived = false;
                for (const QString &prefix : { QStringLiteral("%RETRY%") + c.group + u'_',
                         QStringLiteral("%RETRY%") + c.group + u'+' }) {
                    if (topic.startsWith(prefix)) {
                        topic = topic.mid(prefix.size());
                        revived = true;
                    }
                }
                const QString message
                    = revived ? QString() : queue + u'\t' + QString::fromUtf8(w.at(4));
                const QString sent
                    = w.at(5) == "-" ? message : topic + u'\t' + QString::fromUtf8(w.at(5));
                popByScope[scope].append({ w.at(0).toLongLong() - run.origin, i, message, sent,
                    w.at(6) == "-" ? std::numeric_limits<qint64>::min()
                                   : w.at(6).toLongLong() - run.origin,
                    w.at(7).toInt() });
                continue;
            }
            byQueue[scope + u'\t' + queue].append(
                { w.at(0).toLongLong() - run.origin, i, w.at(4).toLongLong(), w.at(7).toInt() });
        }
        for (const QByteArray &line : lines(c.folder + QStringLiteral("/rocketmq_client.log"))) {
            fig.flowControlLines += line.contains("so do flow control") ? 1 : 0;
        }
    }

    // Ownership: sweep every change of any table or state.
    const qint64 end = run.duration;
    QList<qint64> times { 0, end };
    for (int i = 0; i < n; ++i) {
        for (const auto &change : std::as_const(claims[size_t(i)].changes)) {
            times.append(std::clamp<qint64>(change.first, 0, end));
        }
        if (endAt[size_t(i)] != kEnd) {
            times.append(std::clamp<qint64>(endAt[size_t(i)], 0, end));
        }
        for (const auto &[from, to] : std::as_const(frozen[size_t(i)])) {
            times.append(std::clamp<qint64>(from, 0, end));
            times.append(std::clamp<qint64>(to == kEnd ? end : to, 0, end));
        }
    }
    std::sort(times.begin(), times.end());
    times.erase(std::unique(times.begin(), times.end()), times.end());
    // The queues counted per group: the scenario's at the start, and any later one once seen.
    QMap<QString, QMap<QString, qint64>> counted; // group → queue → counted from
    for (const GroupSpec &g : scenario.groups) {
        for (const QString &topic : g.topics) {
            if (const TopicSpec *t = scenario.topic(topic)) {
                for (const auto &[broker, count] : t->queues) {
                    for (int q = 0; q < count; ++q) {
                        counted[g.name].insert(
                            QStringLiteral("%1/%2/%3").arg(topic, broker).arg(q), 0);
                    }
                }
            }
        }
    }
    for (int i = 0; i < n; ++i) {
        for (const auto &[t, set] : std::as_const(claims[size_t(i)].changes)) {
            for (const QString &q : set) {
                QMap<QString, qint64> &queues = counted[run.consumers.at(i).group];
                if (!queues.contains(q)) {
                    queues.insert(q, t);
                }
            }
        }
    }
    const auto isFrozen = [&frozen](int i, qint64 t) {
        for (const auto &[from, to] : frozen[size_t(i)]) {
            if (t >= from && t < to) {
                return true;
            }
        }
        return false;
    };
    // Settled: every initial consumer has claimed queues, and every counted queue has exactly one
    // running holder.
    qint64 firstClaims = 0;
    for (int i = 0; i < n; ++i) {
        const Consumer &c = run.consumers.at(i);
        const GroupSpec *g = groupOf(c.group);
        bool initial = false;
        for (const ConsumerSpec &spec : g ? g->consumers : QList<ConsumerSpec>()) {
            initial = initial || (spec.name.isEmpty() ? spec.id : spec.name) == c.name;
        }
        if (!initial) {
            continue;
        }
        for (const auto &[t, set] : std::as_const(claims[size_t(i)].changes)) {
            if (!set.isEmpty()) {
                firstClaims = std::max(firstClaims, t);
                break;
            }
        }
    }
    // The first event of the scenario: a group that has not settled by then never did (two
    // consumers with one client id, a strategy that leaves queues out): its figures count from
    // its last table change before that event, the group as the event found it.
    qint64 firstEvent = kEnd;
    for (const ScenarioEvent &e : scenario.events) {
        firstEvent = std::min<qint64>(firstEvent, e.at);
    }
    qint64 settledAt = -1;
    qint64 lastChangeBeforeEvent = -1;
    struct Interval
    {
        qint64 t = 0;
        double doubleOwned = 0; //!< queue-seconds
        double unowned = 0;
    };
    QList<Interval> intervals;
    std::vector<int> cursor(static_cast<size_t>(n), -1);
    // The windows (RealRunRecord::windows): group/queue → when the current one opened.
    QHash<QString, qint64> openDouble;
    QHash<QString, qint64> openHolderless;
    const auto closeWindow = [&run](const QString &key, qint64 from, qint64 to, bool doubleOwned) {
        if (to > from) {
            run.windows.append(
                { key.section(u'\t', 0, 0), key.section(u'\t', 1), from, to, doubleOwned });
        }
    };
    const auto track = [&closeWindow](QHash<QString, qint64> &open, const QString &key, bool now,
                           qint64 t, bool doubleOwned) {
        const auto it = open.constFind(key);
        if (now && it == open.cend()) {
            open.insert(key, t);
        } else if (!now && it != open.cend()) {
            closeWindow(key, it.value(), t, doubleOwned);
            open.erase(it);
        }
    };
    for (qsizetype k = 0; k + 1 < times.size(); ++k) {
        const qint64 t = times.at(k);
        const double seconds = double(times.at(k + 1) - t) / 1000.0;
        QHash<QString, QPair<int, int>> holders; // group/queue → (live holders, running holders)
        for (int i = 0; i < n; ++i) {
            const auto &changes = claims[size_t(i)].changes;
            while (cursor[size_t(i)] + 1 < changes.size()
                && changes.at(cursor[size_t(i)] + 1).first <= t) {
                ++cursor[size_t(i)];
            }
            if (cursor[size_t(i)] < 0 || t >= endAt[size_t(i)]) {
                continue;
            }
            const bool running = !isFrozen(i, t);
            for (const QString &q : changes.at(cursor[size_t(i)]).second) {
                auto &h = holders[run.consumers.at(i).group + u'\t' + q];
                ++h.first;
                h.second += running ? 1 : 0;
            }
        }
        if (t >= firstClaims && t < firstEvent) {
            lastChangeBeforeEvent = t;
        }
        if (settledAt < 0) {
            bool all = t >= firstClaims;
            for (auto g = counted.cbegin(); g != counted.cend() && all; ++g) {
                const GroupSpec *spec = groupOf(g.key());
                // POP and BROADCASTING groups: every member holds every queue, so a queue is
                // settled with a running holder; a clustering group's with exactly one.
                const bool shared
                    = spec && (spec->pops() || spec->messageModel == MessageModel::Broadcasting);
                for (auto q = g.value().cbegin(); q != g.value().cend() && all; ++q) {
                    const QPair<int, int> h = holders.value(g.key() + u'\t' + q.key());
                    all = q.value() > t || (shared ? h.second >= 1 : h.first == 1 && h.second == 1);
                }
            }
            if (all) {
                settledAt = t;
            }
        }
        Interval &span = intervals.emplace_back();
        span.t = t;
        for (auto g = counted.cbegin(); g != counted.cend(); ++g) {
            const GroupSpec *spec = groupOf(g.key());
            const bool clustering
                = spec && spec->messageModel == MessageModel::Clustering && !spec->pops();
            for (auto q = g.value().cbegin(); q != g.value().cend(); ++q) {
                if (q.value() > t) {
                    continue;
                }
                const QString key = g.key() + u'\t' + q.key();
                const QPair<int, int> h = holders.value(key);
                if (clustering && h.first >= 2) {
                    span.doubleOwned += seconds;
                }
                if (h.second == 0) {
                    span.unowned += seconds;
                }
                track(openDouble, key, clustering && h.first >= 2, t, true);
                track(openHolderless, key, h.first == 0, t, false);
            }
        }
    }
    for (auto it = openDouble.cbegin(); it != openDouble.cend(); ++it) {
        closeWindow(it.key(), it.value(), end, true);
    }
    for (auto it = openHolderless.cbegin(); it != openHolderless.cend(); ++it) {
        closeWindow(it.key(), it.value(), end, false);
    }
    std::sort(run.windows.begin(), run.windows.end(),
        [](const RealRunRecord::Window &a, const RealRunRecord::Window &b) {
            return std::tie(a.from, a.queue, a.doubleOwned)
                < std::tie(b.from, b.queue, b.doubleOwned);
        });
    fig.from = settledAt >= 0 && settledAt < firstEvent ? settledAt
        : lastChangeBeforeEvent >= 0                    ? lastChangeBeforeEvent
                                                        : std::max<qint64>(settledAt, 0);
    for (const Interval &span : std::as_const(intervals)) {
        if (span.t >= fig.from) {
            fig.doubleOwnedQueueSeconds += span.doubleOwned;
            fig.unownedQueueSeconds += span.unowned;
        }
    }

    // Deliveries, duplicates and order violations, per scope and queue, in receipt order.
    for (auto it = byQueue.begin(); it != byQueue.end(); ++it) {
        QList<Consumed> &list = it.value();
        std::stable_sort(list.begin(), list.end(),
            [](const Consumed &a, const Consumed &b) { return a.t < b.t; });
        QSet<qint64> seen;
        qint64 highest = -1;
        const QString group = it.key().section(u'\t', 0, 0);
        const GroupSpec *g = groupOf(group);
        const bool orderly = g && g->consumeMode == ConsumeMode::Orderly;
        for (const Consumed &c : std::as_const(list)) {
            const bool counts = c.t >= fig.from;
            fig.delivered += counts ? 1 : 0;
            if (seen.contains(c.offset)) {
                fig.duplicates += counts ? 1 : 0;
            } else {
                seen.insert(c.offset);
            }
            if (orderly && c.reconsume == 0 && c.offset < highest) {
                ++fig.orderViolations;
            }
            highest = std::max(highest, c.offset);
        }
    }

    // POP groups: every queue together, in receipt order; a message seen before is a duplicate.
    for (auto it = popByScope.begin(); it != popByScope.end(); ++it) {
        QList<Popped> &list = it.value();
        std::stable_sort(
            list.begin(), list.end(), [](const Popped &a, const Popped &b) { return a.t < b.t; });
        // A main-topic message is its queue and offset, as in the other groups; a revived copy is
        // a duplicate when the producer's message was received before.
        QSet<QString> seen;
        QSet<QString> seenSent;
        for (const Popped &p : std::as_const(list)) {
            const bool counts = p.t >= fig.from;
            fig.delivered += counts ? 1 : 0;
            fig.popRedelivered += counts && p.reconsume > 0 ? 1 : 0;
            const bool again
                = p.message.isEmpty() ? seenSent.contains(p.sent) : seen.contains(p.message);
            fig.duplicates += counts && again ? 1 : 0;
            if (!p.message.isEmpty()) {
                seen.insert(p.message);
            }
            seenSent.insert(p.sent);
        }
    }

    for (int i = 0; i < n; ++i) {
        const Consumer &c = run.consumers.at(i);
        QString state = QStringLiteral("running");
        for (const Action &a : std::as_const(run.actions)) {
            // "died": its JVM ended on its own (a start() that threw…), an extension of the
            // states an observed report may give.
            static const QMap<QString, QString> ends { { QStringLiteral("kill"),
                                                           QStringLiteral("killed") },
                { QStringLiteral("shutdown"), QStringLiteral("shutdown") },
                { QStringLiteral("died"), QStringLiteral("died") } };
            if (a.consumer == c.name && ends.contains(a.action)) {
                state = ends.value(a.action);
            }
        }
        run.endStates.insert(c.name, state);
        if (state != QStringLiteral("running")) {
            continue;
        }
        for (const QString &q : claims[size_t(i)].at(end)) {
            run.ownersAtEnd[q].append(c.name);
        }
    }
    for (QStringList &owners : run.ownersAtEnd) {
        owners.sort();
    }

    // Hand-overs: what each leaver held, and when another consumer of its group first received it.
    for (const Action &a : std::as_const(run.actions)) {
        if (!isLeave(a.action)) {
            continue;
        }
        const int i = indexOf.value(a.consumer, -1);
        if (i < 0) {
            continue;
        }
        qint64 until = kEnd;
        if (a.action == QStringLiteral("freeze")) {
            for (const auto &[from, to] : std::as_const(frozen[size_t(i)])) {
                if (from == a.t) {
                    until = to;
                }
            }
        }
        const Consumer &leaver = run.consumers.at(i);
        const GroupSpec *g = groupOf(leaver.group);
        const QString scope
            = g && g->messageModel == MessageModel::Broadcasting ? leaver.name : leaver.group;
        if (g && g->pops()) {
            // Its messages: sent after the group's previous leave, and before this one.
            qint64 after = std::numeric_limits<qint64>::min();
            for (const Action &b : std::as_const(run.actions)) {
                const int j = indexOf.value(b.consumer, -1);
                if (j >= 0 && b.t < a.t && run.consumers.at(j).group == leaver.group
                    && isLeave(b.action)) {
                    // (a signal lands a few ms after its time: 100 ms of slack)
                    after = std::max(after, b.t + kSignalSlack);
                }
            }
            RunFigures::Redelivery r { a.t, a.action, a.consumer, -1, {} };
            for (const Popped &p : popByScope.value(scope)) {
                if (p.t >= a.t && p.reconsume > 0 && p.consumer != i && p.sentAt > after
                    && p.sentAt <= a.t + kSignalSlack) {
                    r.gapMs = p.t - a.t;
                    r.to = run.consumers.at(p.consumer).name;
                    break;
                }
            }
            fig.redeliveries.append(r);
            continue;
        }
        QStringList held = claims[size_t(i)].at(a.t).values();
        held.sort();
        for (const QString &q : std::as_const(held)) {
            RunFigures::HandOver h { a.t, a.action, a.consumer, q, -1, {} };
            for (const Consumed &c : byQueue.value(scope + u'\t' + q)) {
                if (c.t >= a.t && c.t < until && c.consumer != i) {
                    h.gapMs = c.t - a.t;
                    h.to = run.consumers.at(c.consumer).name;
                    break;
                }
            }
            fig.handOvers.append(h);
        }
    }
    return run;
}

Scenario RealRunRecord::asPlayed(const Scenario &scenario) const
{
    return asPlayed(scenario, timing);
}

Scenario RealRunRecord::asPlayed(const Scenario &scenario, const Timing &timing)
{
    // The harness names each consumer as the file does: its name, else its id.
    const auto nameOf = [](const ConsumerSpec &c) { return c.name.isEmpty() ? c.id : c.name; };
    Scenario s = scenario;
    for (GroupSpec &g : s.groups) {
        for (ConsumerSpec &c : g.consumers) {
            if (const auto it = timing.started.constFind(nameOf(c)); it != timing.started.cend()) {
                c.start = std::max<qint64>(0, *it);
            }
            c.startupTime = timing.startups.value(nameOf(c), c.startupTime);
            c.startHeartbeatLockFailed
                = c.startHeartbeatLockFailed || timing.startLockFailed.contains(nameOf(c));
        }
    }
    // A consumer's control commands apply in the file's order, one CONTROL line each (a
    // group-wide one too, to each member; those keep the file's time).
    QHash<QString, int> nextControl;
    QHash<QString, QStringList> membersOf; // group → its consumers', the joining ones' too
    for (const GroupSpec &g : std::as_const(s.groups)) {
        for (const ConsumerSpec &c : g.consumers) {
            membersOf[g.name] << nameOf(c);
        }
    }
    for (const ScenarioEvent &e : std::as_const(s.events)) {
        if (e.action == ScenarioEvent::Action::Join) {
            membersOf[e.group] << nameOf(e.joining);
        }
    }
    qsizetype nextUpdate = 0;
    for (ScenarioEvent &e : s.events) {
        using A = ScenarioEvent::Action;
        switch (e.action) {
        case A::Join:
            if (const auto it = timing.started.constFind(nameOf(e.joining));
                it != timing.started.cend()) {
                e.at = std::max<qint64>(0, *it);
            }
            e.joining.startupTime = timing.startups.value(nameOf(e.joining), e.joining.startupTime);
            e.joining.startHeartbeatLockFailed = e.joining.startHeartbeatLockFailed
                || timing.startLockFailed.contains(nameOf(e.joining));
            break;
        case A::SetConsumeTime:
        case A::SetFailureRate:
        case A::SetStrategy:
        case A::SetClient:
        case A::Pause:
        case A::Resume: {
            // setClient sends each consumer a line per setting, the others one.
            const int lines = e.action == A::SetClient ? int(e.client.size()) : 1;
            if (e.consumer.isEmpty()) {
                for (const QString &member : membersOf.value(e.group)) {
                    nextControl[member] += lines;
                }
                break;
            }
            const QList<qint64> applied = timing.controls.value(e.consumer);
            int &k = nextControl[e.consumer];
            if (k < applied.size()) {
                e.at = std::max<qint64>(e.at, applied.at(k));
            }
            k += lines;
            break;
        }
        case A::SetQueues:
            if (nextUpdate < timing.topicUpdates.size()) {
                e.at = std::max<qint64>(e.at, timing.topicUpdates.at(nextUpdate++));
            }
            break;
        default:
            break;
        }
    }
    std::stable_sort(s.events.begin(), s.events.end(),
        [](const ScenarioEvent &a, const ScenarioEvent &b) { return a.at < b.at; });
    return s;
}

RealRunRecord::Timing RealRunRecord::timingOf(const QString &dir)
{
    Timing out;
    QFile f(dir + QStringLiteral("/real-run.json"));
    if (!f.open(QIODevice::ReadOnly)) {
        return out;
    }
    const QJsonObject root = QJsonDocument::fromJson(f.readAll()).object();
    const qint64 origin = qint64(root.value(QStringLiteral("origin")).toDouble());
    QHash<QString, qint64> startCalls;
    for (const QJsonValue &v : root.value(QStringLiteral("consumers")).toArray()) {
        const QJsonObject o = v.toObject();
        const QString name = o.value(QStringLiteral("name")).toString();
        const QString folder = dir + u'/' + o.value(QStringLiteral("folder")).toString();
        for (const QByteArray &line : lines(folder + QStringLiteral("/stdout.log"))) {
            const QList<QByteArray> w = line.split(' ');
            if (const qint64 t = startedField(w, "startReturnMs=");
                t >= 0 && !out.started.contains(name)) {
                out.started.insert(name, t - origin);
                if (const qint64 call = startedField(w, "startCallMs="); call >= 0 && call <= t) {
                    out.startups.insert(name, t - call); // the client log may say better
                    startCalls.insert(name, call);
                }
            } else if (w.size() >= 3 && w.at(1) == "CONTROL" && w.at(2) != "shutdown") {
                bool ok = false;
                const qint64 t = w.at(0).toLongLong(&ok);
                if (ok) {
                    out.controls[name].append(t - origin);
                }
            }
        }
        // 5.x names the thread: start() runs on main, the instance's scheduled heartbeat on
        // MQClientFactoryScheduledThread. (4.x names none, and its start() wakes the rebalance
        // service whatever the heartbeat returned.)
        // The RebalanceService's clock starts when the service does, inside start(): a cold JVM
        // spends seconds before it (building the consumer, loading classes) and after it (route
        // queries, the heartbeat). Its log line gives the time, in the log's zone: the instance
        // is created after startCallMs and within seconds of it, which gives the zone.
        const qint64 call = startCalls.value(name, -1);
        qint64 created = -1; // the first instance's
        QList<qint64> serviceStarts; // one per instance (a failed start() is built again)
        QFile log(folder + QStringLiteral("/rocketmq_client.log"));
        if (log.open(QIODevice::ReadOnly)) {
            while (!log.atEnd()) {
                const QByteArray line = log.readLine();
                if (line.contains("lock heartBeat, but failed") && line.contains(" [main] ")) {
                    out.startLockFailed.insert(name);
                } else if (created < 0 && line.contains("Created a new client Instance")) {
                    created = logTime(line);
                } else if (line.contains("RebalanceService service started")) {
                    serviceStarts.append(logTime(line));
                }
            }
        }
        if (call >= 0 && created >= 0 && out.started.contains(name)) {
            constexpr qint64 kQuarterHour = 15 * 60 * 1000;
            const qint64 zone = qRound64(double(created - call) / kQuarterHour) * kQuarterHour;
            const qint64 returned = out.started.value(name) + origin;
            qint64 serviceStarted = -1; // the last service started before start() returned
            for (const qint64 t : std::as_const(serviceStarts)) {
                if (t >= 0 && t - zone >= call && t - zone <= returned) {
                    serviceStarted = t - zone;
                }
            }
            if (serviceStarted >= 0) {
                out.startups.insert(name, returned - serviceStarted);
            }
        }
    }
    for (const QJsonValue &v : root.value(QStringLiteral("actions")).toArray()) {
        const QJsonObject o = v.toObject();
        if (o.value(QStringLiteral("action")).toString() == QLatin1String("setQueues")) {
            out.topicUpdates.append(qint64(o.value(QStringLiteral("t")).toDouble()));
        }
    }
    return out;
}

QByteArray RealRunRecord::report(const Scenario &scenario) const
{
    const auto queueObject = [](const QString &queue) {
        const QStringList p = queue.split(u'/');
        return QJsonObject { { QStringLiteral("topic"), p.value(0) },
            { QStringLiteral("brokerName"), p.value(1) },
            { QStringLiteral("queueId"), p.value(2).toInt() } };
    };
    QJsonArray queues;
    QStringList names;
    for (const TopicSpec &t : scenario.topics) {
        for (const auto &[broker, count] : t.queues) {
            for (int q = 0; q < count; ++q) {
                names << QStringLiteral("%1/%2/%3").arg(t.name, broker).arg(q);
            }
        }
    }
    for (auto it = ownersAtEnd.cbegin(); it != ownersAtEnd.cend(); ++it) {
        if (!names.contains(it.key())) {
            names << it.key();
        }
    }
    for (const QString &q : std::as_const(names)) {
        QJsonObject o = queueObject(q);
        o.insert(QStringLiteral("owners"), QJsonArray::fromStringList(ownersAtEnd.value(q)));
        queues.append(o);
    }
    QJsonArray consumerList;
    for (const Consumer &c : consumers) {
        consumerList.append(QJsonObject { { QStringLiteral("name"), c.name },
            { QStringLiteral("id"), c.clientId.isEmpty() ? c.id : c.clientId },
            { QStringLiteral("group"), c.group },
            { QStringLiteral("state"), endStates.value(c.name) },
            { QStringLiteral("host"), QDir(dir).relativeFilePath(c.folder) } });
    }
    QJsonArray events;
    static const QMap<QString, QString> types { { QStringLiteral("start"),
                                                    QStringLiteral("started") },
        { QStringLiteral("kill"), QStringLiteral("kill") },
        { QStringLiteral("shutdown"), QStringLiteral("shutdown") },
        { QStringLiteral("freeze"), QStringLiteral("freeze") },
        { QStringLiteral("thaw"), QStringLiteral("unfreeze") },
        { QStringLiteral("died"), QStringLiteral("died") } };
    for (const Action &a : actions) {
        if (!types.contains(a.action)) {
            continue;
        }
        QJsonObject e { { QStringLiteral("t"), double(a.t) },
            { QStringLiteral("type"), types.value(a.action) } };
        if (!a.consumer.isEmpty()) {
            e.insert(QStringLiteral("consumer"), a.consumer);
        }
        events.append(e);
    }
    QJsonArray handOvers;
    for (const RunFigures::HandOver &h : figures.handOvers) {
        QJsonObject o { { QStringLiteral("t"), double(h.at) },
            { QStringLiteral("action"), h.action }, { QStringLiteral("consumer"), h.consumer },
            { QStringLiteral("queue"), queueObject(h.queue) } };
        o.insert(
            QStringLiteral("gapMs"), h.gapMs >= 0 ? QJsonValue(double(h.gapMs)) : QJsonValue());
        if (!h.to.isEmpty()) {
            o.insert(QStringLiteral("to"), h.to);
        }
        handOvers.append(o);
    }
    QJsonObject observed { { QStringLiteral("source"), QStringLiteral("rblab real-run") },
        { QStringLiteral("rocketmq"), rocketmq },
        { QStringLiteral("origin"),
            QDateTime::fromMSecsSinceEpoch(origin, Qt::UTC).toString(Qt::ISODateWithMs) },
        { QStringLiteral("finished"), finished },
        { QStringLiteral("delivered"), double(figures.delivered) },
        { QStringLiteral("duplicates"), double(figures.duplicates) },
        { QStringLiteral("orderViolations"), double(figures.orderViolations) },
        { QStringLiteral("doubleOwnedQueueSeconds"),
            std::round(figures.doubleOwnedQueueSeconds * 1000) / 1000 },
        { QStringLiteral("unownedQueueSeconds"),
            std::round(figures.unownedQueueSeconds * 1000) / 1000 },
        { QStringLiteral("flowControlLines"), double(figures.flowControlLines) },
        { QStringLiteral("handOvers"), handOvers } };
    if (figures.pop) {
        QJsonArray redeliveries;
        for (const RunFigures::Redelivery &r : figures.redeliveries) {
            QJsonObject o { { QStringLiteral("t"), double(r.at) },
                { QStringLiteral("action"), r.action }, { QStringLiteral("consumer"), r.consumer },
                { QStringLiteral("gapMs"),
                    r.gapMs >= 0 ? QJsonValue(double(r.gapMs)) : QJsonValue() } };
            if (!r.to.isEmpty()) {
                o.insert(QStringLiteral("to"), r.to);
            }
            redeliveries.append(o);
        }
        observed.insert(QStringLiteral("popRedelivered"), double(figures.popRedelivered));
        observed.insert(QStringLiteral("redeliveries"), redeliveries);
    }
    QJsonObject root { { QStringLiteral("format"), QStringLiteral("rebalance-lab/report@1") },
        { QStringLiteral("scenario"), scenario.name },
        { QStringLiteral("profile"),
            rocketmq.startsWith(u'4') ? QStringLiteral("4.9") : QStringLiteral("5.x") },
        { QStringLiteral("duration"), double(duration) }, { QStringLiteral("queues"), queues },
        { QStringLiteral("consumers"), consumerList }, { QStringLiteral("events"), events },
        { QStringLiteral("observed"), observed } };
    return JsonWriter::write(JsonNode::fromJson(root,
        { QStringLiteral("format"), QStringLiteral("scenario"), QStringLiteral("profile"),
            QStringLiteral("duration"), QStringLiteral("t"), QStringLiteral("type"),
            QStringLiteral("action"), QStringLiteral("name"), QStringLiteral("id"),
            QStringLiteral("topic"), QStringLiteral("brokerName"), QStringLiteral("queueId"),
            QStringLiteral("source") }));
}

RunFigures engineFigures(
    const Scenario &scenario, const StrategyRegistry &registry, quint64 seed, qint64 from)
{
    Scenario s = scenario;
    s.seed = seed;
    Simulation sim(s, registry);
    RunFigures fig;
    fig.from = from;
    if (!sim.isValid()) {
        return fig;
    }
    std::optional<SnapshotTotals> atFrom;
    if (from <= 0) {
        atFrom = SnapshotTotals {};
    }
    struct Leave
    {
        SimTime at = 0;
        QString action;
        QString consumer;
        SimTime until = kNever;
    };
    QList<Leave> leaves;
    for (const ScenarioEvent &e : s.events) {
        switch (e.action) {
        case ScenarioEvent::Action::Kill:
            leaves.append({ e.at, QStringLiteral("kill"), e.consumer, kNever });
            break;
        case ScenarioEvent::Action::Shutdown:
            leaves.append({ e.at, QStringLiteral("shutdown"), e.consumer, kNever });
            break;
        case ScenarioEvent::Action::Freeze:
            leaves.append({ e.at, QStringLiteral("freeze"), e.consumer,
                e.forDuration ? e.at + *e.forDuration : kNever });
            break;
        default:
            break;
        }
    }
    std::stable_sort(
        leaves.begin(), leaves.end(), [](const Leave &a, const Leave &b) { return a.at < b.at; });
    struct Pending
    {
        qsizetype handOver = 0;
        qint32 queue = -1;
        qint32 leaver = -1;
        qint32 group = -1; //!< the leaver's: another group's holder of the queue is no new owner
        SimTime at = 0;
        SimTime until = kNever;
        QHash<qint32, qint64> baseline; // holder → nextOffset when first seen
    };
    QList<Pending> pending;
    struct PendingPop //!< a POP consumer left: until a message it had popped came back
    {
        qsizetype redelivery = 0;
        qint32 group = -1;
        qint32 leaver = -1;
        SimTime at = 0;
        qint64 revived = 0; //!< the leaver's checkpoints revived when it left
        bool back = false; //!< one of them was revived: now until the group's next redelivery
        qint64 redelivered = 0; //!< the group's popRedelivered at the step before
        QList<qint64> each; //!< each consumer's popRedelivered then
    };
    QList<PendingPop> pendingPop;
    fig.pop = hasPopGroup(s);
    const auto queueName = [&sim](qint32 q) {
        const QueueInfo &info = sim.queues().at(q);
        return QStringLiteral("%1/%2/%3").arg(info.topic, info.brokerName).arg(info.queueId);
    };
    const SimTime end = s.duration;
    qsizetype nextLeave = 0;
    constexpr SimTime kFine = 2;
    while (sim.now() < end) {
        if (!atFrom && sim.now() >= from) {
            atFrom = sim.totals();
        }
        SimTime leaveAt = nextLeave < leaves.size() ? leaves.at(nextLeave).at : kNever;
        if (!atFrom) {
            leaveAt = std::min(leaveAt, from + 1);
        }
        if (leaveAt != kNever && sim.now() >= leaveAt - 1) {
            if (nextLeave >= leaves.size() || leaves.at(nextLeave).at != leaveAt) {
                sim.runUntil(leaveAt); // only the start of the figures' window
                continue;
            }
            const Leave &l = leaves.at(nextLeave++);
            const WorldSnapshot &snap = sim.snapshot();
            const qint32 leaver = sim.consumerIndex(l.consumer);
            const qint32 group = leaver >= 0 ? sim.consumers().at(leaver).groupIndex : -1;
            const GroupSpec *spec
                = group >= 0 && group < s.groups.size() ? &s.groups.at(group) : nullptr;
            if (spec && spec->pops()) {
                fig.redeliveries.append({ l.at, l.action, l.consumer, -1, {} });
                pendingPop.append({ fig.redeliveries.size() - 1, group, leaver, l.at,
                    sim.popFigures(leaver).popRevived, false, 0, {} });
            } else if (leaver >= 0) {
                QList<QPair<QString, qint32>> held;
                for (const SnapshotHolding &h : snap.holdings) {
                    if (h.consumer == leaver && !h.dropped && !sim.queues().at(h.queue).retry) {
                        held.append({ queueName(h.queue), h.queue });
                    }
                }
                std::sort(held.begin(), held.end());
                for (const auto &[name, q] : std::as_const(held)) {
                    fig.handOvers.append({ l.at, l.action, l.consumer, name, -1, {} });
                    pending.append(
                        { fig.handOvers.size() - 1, q, leaver, group, l.at, l.until, {} });
                }
            }
            continue;
        }
        // Fine steps while a pending queue has another holder; else on to the next rebalance.
        bool watching = false;
        if (!pending.isEmpty()) {
            const WorldSnapshot &snap = sim.snapshot();
            for (qsizetype k = 0; k < pending.size();) {
                Pending &p = pending[k];
                bool done = false;
                if (snap.now >= p.until) {
                    done = true;
                } else {
                    for (const SnapshotHolding &h : snap.holdings) {
                        // Two groups on one topic (consistent-hash-vs-avg): the other group
                        // consumes the queue all along, and its receipts were counted as the
                        // new owner's, 1-25 ms after the leave.
                        if (h.queue != p.queue || h.consumer == p.leaver || h.dropped
                            || sim.consumers().at(h.consumer).groupIndex != p.group) {
                            continue;
                        }
                        watching = true;
                        if (!p.baseline.contains(h.consumer)) {
                            p.baseline.insert(h.consumer, h.nextOffset);
                        } else if (h.nextOffset > p.baseline.value(h.consumer)) {
                            RunFigures::HandOver &ho = fig.handOvers[p.handOver];
                            ho.gapMs = snap.now - p.at;
                            ho.to = sim.consumers().at(h.consumer).name;
                            done = true;
                            break;
                        }
                    }
                }
                if (done) {
                    pending.removeAt(k);
                } else {
                    ++k;
                }
            }
        }
        // POP leaves: fine steps until the brokers revive one of the leaver's checkpoints, then
        // until the group's next receipt of a message that came back (a real run's: the first
        // redelivery of a message sent after the group's previous leave and before this one).
        for (qsizetype k = 0; k < pendingPop.size();) {
            PendingPop &p = pendingPop[k];
            // Each member's redeliveries, from its own figures (cheap at every step), and the
            // group's: their sum.
            const qsizetype n = sim.consumers().size();
            QList<qint64> now(n, 0);
            qint64 redelivered = 0;
            for (qsizetype c = 0; c < n; ++c) {
                if (sim.consumers().at(c).groupIndex == p.group) {
                    now[c] = sim.popFigures(qint32(c)).popRedelivered;
                    redelivered += now.at(c);
                }
            }
            if (p.back && redelivered > p.redelivered) {
                RunFigures::Redelivery &r = fig.redeliveries[p.redelivery];
                r.gapMs = sim.now() - p.at;
                for (qsizetype c = 0; c < n && c < p.each.size(); ++c) {
                    if (c != p.leaver && now.at(c) > p.each.at(c)) {
                        r.to = sim.consumers().at(c).name;
                        break;
                    }
                }
                pendingPop.removeAt(k);
                continue;
            }
            p.back = p.back || sim.popFigures(p.leaver).popRevived > p.revived;
            if (!p.back) {
                p.redelivered = redelivered;
                p.each = now;
            }
            ++k;
        }
        watching = watching || !pendingPop.isEmpty();
        SimTime limit = std::min(end, leaveAt == kNever ? end : leaveAt - 1);
        if (watching) {
            sim.runUntil(std::min(limit, sim.now() + kFine));
        } else if (!pending.isEmpty()) {
            // Until the next rebalance (a new holder), or a thaw ending a pending hand-over.
            for (const Pending &p : std::as_const(pending)) {
                if (p.until != kNever) {
                    limit = std::min(limit, p.until);
                }
            }
            if (!sim.runToNextEvent({ SimEvent::Type::Rebalance }, limit)) {
                sim.runUntil(limit);
            }
        } else {
            sim.runUntil(limit);
        }
    }
    const SnapshotTotals totals = sim.totals();
    const SnapshotTotals base = atFrom.value_or(totals);
    fig.delivered = totals.delivered - base.delivered;
    fig.duplicates = totals.duplicates - base.duplicates;
    fig.doubleOwnedQueueSeconds = totals.doubleOwnedQueueSeconds - base.doubleOwnedQueueSeconds;
    fig.unownedQueueSeconds = totals.unownedQueueSeconds - base.unownedQueueSeconds;
    fig.popRedelivered = totals.popRedelivered - base.popRedelivered;
    const WorldSnapshot &snap = sim.snapshot();
    for (const SnapshotConsumer &c : snap.consumers) {
        const qint64 countOrSize = c.flowControl[0] + c.flowControl[1];
        fig.flowControlLines += (countOrSize + 999) / 1000 + (c.flowControl[2] + 999) / 1000;
    }
    return fig;
}

namespace {

double median(QList<double> values)
{
    if (values.isEmpty()) {
        return 0;
    }
    std::sort(values.begin(), values.end());
    const qsizetype m = values.size() / 2;
    return values.size() % 2 ? values.at(m) : (values.at(m - 1) + values.at(m)) / 2.0;
}

RealComparisonRow row(const QString &figure, const QString &unit, double real,
    const QList<double> &engine, double widen)
{
    RealComparisonRow r;
    r.figure = figure;
    r.unit = unit;
    r.real = real;
    r.seeds = int(engine.size());
    if (!engine.isEmpty()) {
        r.least = *std::min_element(engine.begin(), engine.end());
        r.most = *std::max_element(engine.begin(), engine.end());
        r.median = median(engine);
    }
    r.inside = !engine.isEmpty() && real >= r.least - widen && real <= r.most + widen;
    return r;
}

//! A time after a leave (a hand-over, or a POP message back): inside the range, and the
//! engine's median within max(15 %, 150 ms) of the real time.
RealComparisonRow leaveRow(const QString &figure, double real, const QList<double> &engine,
    const QString &action, const QString &consumer, bool redelivery)
{
    RealComparisonRow x = row(figure, QStringLiteral("ms"), real, engine, 50);
    x.handOver = true;
    x.redelivery = redelivery;
    x.action = action;
    x.consumer = consumer;
    x.medianClose = !engine.isEmpty() && std::abs(x.median - real) <= std::max(0.15 * real, 150.0);
    return x;
}

} // namespace

QList<RealComparisonRow> compareReal(const RunFigures &real, const QList<RunFigures> &engine)
{
    QList<RealComparisonRow> rows;
    // Hand-overs per leave event, matched by (action, consumer, occurrence): the real action's
    // time is when it was applied, a few ms after the scenario's.
    struct Key
    {
        QString action;
        QString consumer;
        qint64 at = 0;
    };
    const auto eventsOf = [](const RunFigures &f) {
        QList<Key> keys;
        for (const RunFigures::HandOver &h : f.handOvers) {
            if (keys.isEmpty() || keys.last().at != h.at || keys.last().consumer != h.consumer) {
                keys.append({ h.action, h.consumer, h.at });
            }
        }
        return keys;
    };
    const QList<Key> realEvents = eventsOf(real);
    for (const Key &k : realEvents) {
        const auto gaps = [&k](const RunFigures &f, bool last) -> std::optional<double> {
            // The event with the same action and consumer nearest in time.
            qint64 best = -1;
            for (const RunFigures::HandOver &h : f.handOvers) {
                if (h.action == k.action && h.consumer == k.consumer
                    && (best < 0 || std::abs(h.at - k.at) < std::abs(best - k.at))) {
                    best = h.at;
                }
            }
            std::optional<double> value;
            for (const RunFigures::HandOver &h : f.handOvers) {
                if (h.at == best && h.consumer == k.consumer && h.gapMs >= 0) {
                    value = value ? (last ? std::max(*value, double(h.gapMs))
                                          : std::min(*value, double(h.gapMs)))
                                  : double(h.gapMs);
                }
            }
            return value;
        };
        for (const bool last : { false, true }) {
            const std::optional<double> r = gaps(real, last);
            if (!r) {
                continue;
            }
            QList<double> e;
            for (const RunFigures &f : engine) {
                if (const std::optional<double> v = gaps(f, last)) {
                    e.append(*v);
                }
            }
            RealComparisonRow x
                = leaveRow(QStringLiteral("%1 receipt after %2 %3")
                               .arg(last ? QStringLiteral("last") : QStringLiteral("first"),
                                   k.action, k.consumer),
                    *r, e, k.action, k.consumer, false);
            x.last = last;
            rows.append(x);
        }
    }
    // POP leaves: the first redelivery after each, matched as hand-overs are.
    for (const RunFigures::Redelivery &r : real.redeliveries) {
        if (r.gapMs < 0) {
            continue;
        }
        QList<double> e;
        for (const RunFigures &f : engine) {
            const RunFigures::Redelivery *best = nullptr;
            for (const RunFigures::Redelivery &x : f.redeliveries) {
                if (x.action == r.action && x.consumer == r.consumer
                    && (!best || std::abs(x.at - r.at) < std::abs(best->at - r.at))) {
                    best = &x;
                }
            }
            if (best && best->gapMs >= 0) {
                e.append(double(best->gapMs));
            }
        }
        rows.append(
            leaveRow(QStringLiteral("first redelivery after %1 %2").arg(r.action, r.consumer),
                double(r.gapMs), e, r.action, r.consumer, true));
    }
    const auto series = [&engine](auto get) {
        QList<double> v;
        for (const RunFigures &f : engine) {
            v.append(get(f));
        }
        return v;
    };
    rows.append(
        row(QStringLiteral("duplicates"), QStringLiteral("messages"), double(real.duplicates),
            series([](const RunFigures &f) { return double(f.duplicates); }), 0));
    rows.append(row(QStringLiteral("double-owned"), QStringLiteral("queue-seconds"),
        real.doubleOwnedQueueSeconds,
        series([](const RunFigures &f) { return f.doubleOwnedQueueSeconds; }), 0.05));
    rows.append(
        row(QStringLiteral("unowned"), QStringLiteral("queue-seconds"), real.unownedQueueSeconds,
            series([](const RunFigures &f) { return f.unownedQueueSeconds; }), 0.05 * 8));
    rows.append(row(QStringLiteral("flow-control lines"), QStringLiteral("lines"),
        double(real.flowControlLines),
        series([](const RunFigures &f) { return double(f.flowControlLines); }), 0));
    if (real.pop) {
        rows.append(row(QStringLiteral("POP redelivered"), QStringLiteral("messages"),
            double(real.popRedelivered),
            series([](const RunFigures &f) { return double(f.popRedelivered); }), 0));
    }
    return rows;
}

} // namespace Rblab
