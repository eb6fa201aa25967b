// SPDX-License-Identifier: Apache-2.0
#include "import/observedreportwriter.h"

#include "import/anonymizer.h"
#include "import/clockskewestimator.h"
#include "import/logreader.h"
#include "json/jsonnode.h"
#include "json/jsonwriter.h"
#include "json/savefile.h"

#include <QBuffer>
#include <QDateTime>
#include <QDir>
#include <QVariantList>

#include <algorithm>
#include <limits>

namespace Rblab {

namespace {

using Kind = Anonymizer::Kind;

//! "+08:00" for 480 minutes east of UTC.
QString zoneName(int minutes)
{
    return QStringLiteral("%1%2:%3")
        .arg(minutes < 0 ? QLatin1Char('-') : QLatin1Char('+'))
        .arg(qAbs(minutes) / 60, 2, 10, QLatin1Char('0'))
        .arg(qAbs(minutes) % 60, 2, 10, QLatin1Char('0'));
}

} // namespace

ObservedReportWriter::ObservedReportWriter(const LogReader &reader,
    const ClockSkewEstimator &clocks, const ObservedIncident &incident,
    const Anonymizer &anonymizer)
    : m_reader(reader), m_clocks(clocks), m_incident(incident), m_anon(anonymizer)
{
}

JsonNode ObservedReportWriter::relative(qint64 t) const
{
    return JsonNode::makeInteger(t - m_incident.origin);
}

QString ObservedReportWriter::client(const QString &clientId) const
{
    return m_anon(Kind::Client, clientId);
}

QString ObservedReportWriter::host(const QString &path) const
{
    return m_anon.enabled() ? m_anon(Kind::Host, path) : QDir::current().relativeFilePath(path);
}

JsonNode ObservedReportWriter::queue(const LoggedQueue &q, bool withTopic) const
{
    JsonNode n = JsonNode::makeObject();
    if (withTopic) {
        n.insert(QStringLiteral("topic"), JsonNode::makeString(m_anon(Kind::Topic, q.topic)));
    }
    n.insert(QStringLiteral("brokerName"), JsonNode::makeString(q.brokerName));
    n.insert(QStringLiteral("queueId"), JsonNode::makeInteger(q.queueId));
    return n;
}

JsonNode ObservedReportWriter::interval(const Interval &iv) const
{
    JsonNode n = JsonNode::makeObject();
    n.insert(QStringLiteral("from"), relative(iv.from));
    n.insert(QStringLiteral("to"), relative(iv.to));
    n.insert(QStringLiteral("ms"), JsonNode::makeInteger(iv.to - iv.from));
    n.insert(QStringLiteral("toleranceMs"),
        iv.toleranceMs ? JsonNode::makeInteger(*iv.toleranceMs) : JsonNode::makeNull());
    if (iv.open) {
        n.insert(QStringLiteral("open"), JsonNode::makeBool(true));
    }
    if (!iv.consumers.isEmpty()) {
        JsonNode who = JsonNode::makeArray();
        for (const QString &c : iv.consumers) {
            // A client id, or a view: "<client id>: cidAllSize=…".
            QString text = c;
            if (m_anon.enabled()) {
                const qsizetype colon = c.indexOf(QStringLiteral(": "));
                text = colon < 0 ? client(c) : client(c.left(colon)) + c.mid(colon);
            }
            who.append(JsonNode::makeString(text));
        }
        n.insert(QStringLiteral("consumers"), who);
    }
    // Bounded windows (ObservedIncident::kListedPerWindow, kWindowsBeforeFolding): how many
    // there were at most, and how many later windows this one stands for.
    if (iv.notListed > 0 || iv.folded > 0) {
        n.insert(QStringLiteral("consumersAtMost"),
            JsonNode::makeInteger(qint64(iv.consumers.size()) + iv.notListed));
    }
    if (iv.folded > 0) {
        n.insert(QStringLiteral("foldedWindows"), JsonNode::makeInteger(iv.folded));
    }
    return n;
}

JsonNode ObservedReportWriter::perQueue(const QMap<LoggedQueue, QList<Interval>> &intervals) const
{
    JsonNode arr = JsonNode::makeArray();
    for (auto it = intervals.cbegin(); it != intervals.cend(); ++it) {
        for (const Interval &iv : it.value()) {
            JsonNode n = interval(iv);
            n.insert(QStringLiteral("queue"), queue(it.key(), false));
            arr.append(n);
        }
    }
    return arr;
}

JsonNode ObservedReportWriter::clocks() const
{
    JsonNode clocks = JsonNode::makeArray();
    for (const ClockSkewEstimator::HostClock &c : m_clocks.clocks()) {
        JsonNode n = JsonNode::makeObject();
        n.insert(QStringLiteral("host"), JsonNode::makeString(host(c.host)));
        n.insert(QStringLiteral("skewMs"), JsonNode::makeInteger(c.skewMs));
        n.insert(QStringLiteral("toleranceMs"),
            c.toleranceMs ? JsonNode::makeInteger(*c.toleranceMs) : JsonNode::makeNull());
        n.insert(QStringLiteral("matchedNotifications"), JsonNode::makeInteger(c.matches));
        if (c.reference) {
            n.insert(QStringLiteral("reference"), JsonNode::makeBool(true));
        }
        clocks.append(n);
    }
    return clocks;
}

JsonNode ObservedReportWriter::topics() const
{
    JsonNode groups = JsonNode::makeArray();
    for (const ObservedIncident::TopicTimeline &tl : m_incident.timelines) {
        JsonNode g = JsonNode::makeObject();
        g.insert(QStringLiteral("group"), JsonNode::makeString(m_anon(Kind::Group, tl.group)));
        g.insert(QStringLiteral("topic"), JsonNode::makeString(m_anon(Kind::Topic, tl.topic)));
        g.insert(QStringLiteral("strategy"),
            JsonNode::makeString(m_incident.groupStrategy.value(tl.group)));
        g.insert(QStringLiteral("doubleOwned"), perQueue(tl.doubleOwned));
        g.insert(QStringLiteral("unowned"), perQueue(tl.unowned));
        JsonNode dis = JsonNode::makeArray();
        for (const Interval &iv : tl.disagreements) {
            dis.append(interval(iv));
        }
        g.insert(QStringLiteral("viewDisagreements"), dis);
        // Windows past ObservedIncident::kMostWindows in one list: counted, not listed.
        JsonNode notListed = JsonNode::makeObject();
        const auto count = [&notListed](const char *name, const ObservedIncident::NotListed &n) {
            if (n.windows > 0) {
                JsonNode c = JsonNode::makeObject();
                c.insert(QStringLiteral("windows"), JsonNode::makeInteger(n.windows));
                c.insert(QStringLiteral("ms"), JsonNode::makeInteger(n.ms));
                notListed.insert(QLatin1String(name), c);
            }
        };
        count("doubleOwned", tl.doubleOwnedNotListed);
        count("unowned", tl.unownedNotListed);
        count("viewDisagreements", tl.disagreementsNotListed);
        if (notListed.size() > 0) {
            g.insert(QStringLiteral("notListed"), notListed);
        }
        groups.append(g);
    }
    return groups;
}

JsonNode ObservedReportWriter::flowControl() const
{
    JsonNode flow = JsonNode::makeArray();
    for (const ObservedIncident::FlowEpisode &f : m_incident.flow) {
        JsonNode n = JsonNode::makeObject();
        n.insert(QStringLiteral("consumer"), JsonNode::makeString(client(f.consumer)));
        n.insert(QStringLiteral("queue"), queue(f.queue, true));
        n.insert(
            QStringLiteral("cause"), JsonNode::makeString(ObservedIncident::causeName(f.cause)));
        n.insert(QStringLiteral("from"), relative(f.from));
        n.insert(QStringLiteral("to"), relative(f.to));
        n.insert(QStringLiteral("loggedLines"), JsonNode::makeInteger(f.lines));
        n.insert(QStringLiteral("flowControlTimes"),
            JsonNode::fromVariant(QVariantList { f.firstTimes, f.lastTimes }));
        flow.append(n);
    }
    return flow;
}

JsonNode ObservedReportWriter::observed() const
{
    JsonNode observed = JsonNode::makeObject();
    observed.insert(
        QStringLiteral("source"), JsonNode::makeString(QStringLiteral("rblab import-logs")));
    observed.insert(QStringLiteral("origin"),
        JsonNode::makeString(QDateTime::fromMSecsSinceEpoch(m_incident.origin, Qt::UTC)
                                 .toString(Qt::ISODateWithMs)));
    observed.insert(
        QStringLiteral("timeZone"), JsonNode::makeString(zoneName(m_reader.zoneMinutes())));
    observed.insert(QStringLiteral("files"), JsonNode::makeInteger(m_reader.files()));
    observed.insert(QStringLiteral("lines"), JsonNode::makeInteger(m_reader.lineCount()));
    observed.insert(
        QStringLiteral("usedLines"), JsonNode::makeInteger(qint64(m_reader.records().size())));
    observed.insert(QStringLiteral("unknownLines"), JsonNode::makeInteger(m_reader.unknownLines()));
    observed.insert(
        QStringLiteral("continuationLines"), JsonNode::makeInteger(m_reader.continuationLines()));
    if (m_reader.repeatedResultLines() > 0) {
        observed.insert(QStringLiteral("repeatedResultLines"),
            JsonNode::makeInteger(m_reader.repeatedResultLines()));
    }
    observed.insert(
        QStringLiteral("malformedLines"), JsonNode::makeInteger(m_reader.warnings().size()));
    observed.insert(
        QStringLiteral("unattributedLines"), JsonNode::makeInteger(m_reader.unattributedLines()));
    observed.insert(
        QStringLiteral("droppedPullRequests"), JsonNode::makeInteger(m_incident.dropped));
    observed.insert(QStringLiteral("clocks"), clocks());
    QString notes = QStringLiteral(
        "Times are ms after origin, corrected by each host's estimated skew; toleranceMs is "
        "the skew uncertainty of the hosts that bound an interval (null: not estimable). "
        "Flow control: RocketMQ logs one hold in every 1,000 per consumer (all its queues "
        "share the counter, DefaultMQPushConsumerImpl), so episodes are lower bounds. A "
        "client logs its view only when its allocation changed. Kills are inferred from "
        "silence followed by a smaller cidAllSize at another member.");
    const bool pop = std::any_of(m_incident.consumers.cbegin(), m_incident.consumers.cend(),
        [](const ObservedIncident::Consumer &c) { return c.pop; });
    if (pop) {
        notes += QStringLiteral(
            " POP members hold every queue their broker's assignment covers (queueId -1: all "
            "of the topic's queues on that broker, as the route lines give them); queues "
            "several POP members pop are not double-owned. A silent POP member is taken as "
            "killed at the first notification the group's others logged after its last line.");
    }
    observed.insert(QStringLiteral("notes"), JsonNode::makeString(notes));
    observed.insert(QStringLiteral("topics"), topics());
    observed.insert(QStringLiteral("flowControl"), flowControl());
    return observed;
}

JsonNode ObservedReportWriter::queues() const
{
    // Every queue the result lines showed, with the running clients that claim it at the end.
    QList<LoggedQueue> all;
    for (auto t = m_incident.topicBrokers.cbegin(); t != m_incident.topicBrokers.cend(); ++t) {
        for (auto b = t.value().cbegin(); b != t.value().cend(); ++b) {
            for (int q = 0; q < b.value(); ++q) {
                all.append({ t.key(), b.key(), q });
            }
        }
    }
    std::sort(all.begin(), all.end());
    // Running claimants per queue, in the order the clients first logged; a storm of N clients
    // claiming every queue lists the first kListedPerWindow and counts the rest.
    QHash<LoggedQueue, QList<int>> owners;
    for (int i = 0; i < int(m_incident.consumers.size()); ++i) {
        const ObservedIncident::Consumer &c = m_incident.consumers[size_t(i)];
        if (c.end() != std::numeric_limits<qint64>::max()) {
            continue;
        }
        for (const QList<LoggedQueue> &claim : c.claims) {
            for (const LoggedQueue &q : claim) {
                QList<int> &who = owners[q];
                if (who.isEmpty() || who.last() != i) {
                    who.append(i);
                }
            }
        }
    }
    JsonNode queues = JsonNode::makeArray();
    for (const LoggedQueue &q : all) {
        JsonNode n = queue(q, true);
        JsonNode listed = JsonNode::makeArray();
        const QList<int> who = owners.value(q);
        for (int i : who) {
            if (listed.size() == ObservedIncident::kListedPerWindow) {
                break;
            }
            listed.append(JsonNode::makeString(client(m_incident.consumers[size_t(i)].clientId)));
        }
        n.insert(QStringLiteral("owners"), listed);
        if (who.size() > listed.size()) {
            n.insert(QStringLiteral("ownersNotListed"),
                JsonNode::makeInteger(qint64(who.size() - listed.size())));
        }
        queues.append(n);
    }
    return queues;
}

JsonNode ObservedReportWriter::consumers() const
{
    JsonNode consumers = JsonNode::makeArray();
    for (const ObservedIncident::Consumer &c : m_incident.consumers) {
        JsonNode n = JsonNode::makeObject();
        n.insert(QStringLiteral("name"), JsonNode::makeString(client(c.clientId)));
        n.insert(QStringLiteral("id"), JsonNode::makeString(client(c.clientId)));
        n.insert(QStringLiteral("group"), JsonNode::makeString(m_anon(Kind::Group, c.group)));
        n.insert(QStringLiteral("state"),
            JsonNode::makeString(c.shutdownOk
                    ? QStringLiteral("shutdown")
                    : (c.killed ? QStringLiteral("killed") : QStringLiteral("running"))));
        n.insert(QStringLiteral("host"), JsonNode::makeString(host(m_reader.hosts()[c.host])));
        n.insert(QStringLiteral("firstLine"), relative(c.first));
        n.insert(QStringLiteral("lastLine"), relative(c.last));
        consumers.append(n);
    }
    return consumers;
}

JsonNode ObservedReportWriter::event(const ObservedIncident::Event &e) const
{
    JsonNode n = JsonNode::makeObject();
    n.insert(QStringLiteral("t"), relative(e.t));
    n.insert(QStringLiteral("type"), JsonNode::makeString(e.type));
    n.insert(QStringLiteral("consumer"), JsonNode::makeString(client(e.consumer)));
    if (!e.broker.isEmpty()) {
        n.insert(QStringLiteral("broker"), JsonNode::makeString(m_anon.address(e.broker)));
    }
    if (!e.topic.isEmpty() && !e.queue) {
        n.insert(QStringLiteral("topic"), JsonNode::makeString(m_anon(Kind::Topic, e.topic)));
    }
    if (e.queue) {
        n.insert(QStringLiteral("queue"), queue(*e.queue, true));
    }
    if (!e.cause.isEmpty()) {
        n.insert(QStringLiteral("cause"), JsonNode::makeString(e.cause));
    }
    if (e.type == QLatin1String("rebalance")) {
        JsonNode a = JsonNode::makeArray();
        JsonNode r = JsonNode::makeArray();
        for (const LoggedQueue &q : e.added) {
            a.append(queue(q, false));
        }
        for (const LoggedQueue &q : e.removed) {
            r.append(queue(q, false));
        }
        n.insert(QStringLiteral("added"), a);
        n.insert(QStringLiteral("removed"), r);
    }
    if (!e.detail.isEmpty()) {
        n.insert(QStringLiteral("detail"), JsonNode::makeString(e.detail));
    }
    return n;
}

QByteArray ObservedReportWriter::write() const
{
    QByteArray out;
    QBuffer buffer(&out);
    buffer.open(QIODevice::WriteOnly);
    write(buffer);
    return out;
}

bool ObservedReportWriter::write(QIODevice &out) const
{
    JsonNode root = JsonNode::makeObject();
    root.insert(
        QStringLiteral("format"), JsonNode::makeString(QStringLiteral("rebalance-lab/report@1")));
    root.insert(QStringLiteral("scenario"),
        JsonNode::makeString(QStringLiteral("Imported from %1 log files").arg(m_reader.files())));
    root.insert(QStringLiteral("profile"),
        JsonNode::makeString(m_reader.onlyV49() ? QStringLiteral("4.9") : QStringLiteral("5.x")));
    root.insert(QStringLiteral("duration"), relative(m_incident.end));
    root.insert(QStringLiteral("observed"), observed());
    root.insert(QStringLiteral("queues"), queues());
    root.insert(QStringLiteral("consumers"), consumers());
    // A log of result lines has an event a line: the tree of all of them would cost a few KiB a
    // line (the whole log again, several times), so past a few events they are written one at a
    // time, after the rest, exactly as write() lays out a long array as root's last member,
    // straight to `out`: the report is never in memory whole.
    constexpr qsizetype kTreeEvents = 16;
    const QList<ObservedIncident::Event> &events = m_incident.events;
    const bool streamed = events.size() > kTreeEvents;
    JsonNode tree = JsonNode::makeArray();
    if (!streamed) {
        for (const ObservedIncident::Event &e : events) {
            tree.append(event(e));
        }
    }
    root.insert(QStringLiteral("events"), tree);
    QByteArray head = JsonWriter::write(root);
    root = JsonNode();
    if (!streamed) {
        return writeAll(out, head);
    }
    const QByteArray emptyTail = "[]\n}\n";
    Q_ASSERT(head.endsWith(emptyTail));
    head.chop(emptyTail.size());
    head += "[\n";
    if (!writeAll(out, head)) {
        return false;
    }
    head = QByteArray();
    QByteArray item;
    for (qsizetype i = 0; i < events.size(); ++i) {
        item = "    ";
        item += JsonWriter::writeItem(event(events[i]), 4, 4);
        item += i + 1 < events.size() ? ",\n" : "\n";
        if (!writeAll(out, item)) {
            return false;
        }
    }
    return writeAll(out, "  ]\n}\n");
}

} // namespace Rblab
