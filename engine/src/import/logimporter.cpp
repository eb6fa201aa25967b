// SPDX-License-Identifier: Apache-2.0
#include "import/logimporter.h"

#include "import/logrebuilder.h"
#include "import/observedreportwriter.h"
#include "scenario/scenariolimits.h"
#include "scenario/topicnames.h"

#include <QHash>
#include <QSet>

#include <algorithm>

namespace Rblab {

namespace {

using Kind = Anonymizer::Kind;

LogReader::Options readerOptions(const LogImporter::Options &options)
{
    return { options.zoneMinutes, options.progress, options.cancelled, options.mostUsedLines };
}

} // namespace

LogImporter::LogImporter(Options options)
    : m_options(std::move(options))
    , m_reader(readerOptions(m_options), &m_interner)
    , m_anon(m_options.anonymize)
{
}

LogImporter::~LogImporter() = default;

qsizetype LogImporter::queueListBlocks() const
{
    QSet<const void *> blocks;
    const auto add = [&](const QList<LoggedQueue> &list) {
        if (!list.isEmpty()) {
            blocks.insert(list.constData());
        }
    };
    for (const LoggedLine &line : m_reader.records()) {
        add(line.record.queues);
    }
    for (const ClaimChange &ch : m_incident.claimChanges) {
        add(ch.claim);
    }
    for (const Event &e : m_incident.events) {
        add(e.added);
        add(e.removed);
    }
    return blocks.size();
}

void LogImporter::finish()
{
    m_reader.sortByPlace();
    m_clocks.estimate(m_reader.hosts(), m_reader.records());
    m_clocks.correct(m_reader.records());
    m_reader.attributeClients();
    m_reader.sortByTime();
    LogRebuilder rebuilder(m_options.group, m_options.topic, m_clocks, &m_interner);
    rebuilder.setLastSeen(
        [this](int host, const QString &clientId) { return m_reader.lastSeen(host, clientId); });
    rebuilder.setRouteQueues(m_reader.routeQueues());
    m_incident = rebuilder.rebuild(m_reader.records());
    warnIfLongerThanAScenario();
    if (m_options.anonymize) {
        buildAnonymizer();
    }
    // What was kept shares these; the tables themselves are not needed any more.
    m_interner.clear();
}

void LogImporter::warnIfLongerThanAScenario()
{
    const qint64 span = m_incident.end - m_incident.origin;
    if (span <= ScenarioLimits::maxTime || m_reader.records().empty()) {
        return;
    }
    // The replay scenario stops at the scenario limit; the report keeps the whole span.
    const LoggedLine &last = m_reader.records().back();
    m_warnings.append({ last.shownPath, last.line,
        QStringLiteral("the logs span %1 h, from their first used line to this one; the replay "
                       "scenario keeps the first %2 h")
            .arg(span / kHour)
            .arg(ScenarioLimits::maxTime / kHour) });
}

QList<LogImporter::ObservedConsumer> LogImporter::observedConsumers() const
{
    QList<ObservedConsumer> out;
    for (const ObservedIncident::Consumer &c : m_incident.consumers) {
        out.append({ c.group, c.clientId, c.strategy, m_reader.hosts().value(c.host), c.first,
            c.last, c.startOk, c.shutdownOk, c.unregistered, c.killed, c.alive,
            c.alive + m_clocks.skew(c.host), c.pop });
    }
    return out;
}

QList<LogImporter::SourceLine> LogImporter::linesOf(
    const QString &group, const QString &clientId) const
{
    QList<SourceLine> out;
    for (const LoggedLine &line : m_reader.records()) {
        if (line.record.clientId == clientId && line.record.group == group
            && line.record.kind != LogRecord::Kind::ClientCreated) {
            out.append({ line.record, line.shownPath, line.line });
        }
    }
    return out;
}

void LogImporter::buildAnonymizer()
{
    for (const ObservedIncident::Consumer &c : m_incident.consumers) {
        m_anon.add(Kind::Client, c.clientId);
        m_anon.add(Kind::Group, c.group);
    }
    for (const QString &topic : m_incident.topicBrokers.keys()) {
        m_anon.add(Kind::Topic, topic); // a retry topic follows its group
    }
    for (const Event &e : m_incident.events) {
        m_anon.addAddress(e.broker);
    }
    for (const QString &h : m_reader.hosts()) {
        m_anon.add(Kind::Host, h);
    }
    m_anon.build();
}

QByteArray LogImporter::reportJson() const
{
    return ObservedReportWriter(m_reader, m_clocks, m_incident, m_anon).write();
}

bool LogImporter::writeReport(QIODevice &out) const
{
    return ObservedReportWriter(m_reader, m_clocks, m_incident, m_anon).write(out);
}

Scenario LogImporter::scenario() const
{
    Scenario s;
    s.name = QStringLiteral("Imported from %1 log files").arg(m_reader.files());
    s.description.insert(QString(),
        QStringLiteral("Membership replayed from RocketMQ client logs by rblab import-logs: "
                       "consumers join when they first logged, leave at \"shutdown OK\", are "
                       "killed when they went silent while the others' cidAllSize dropped. "
                       "Production rates and consume times are not in the logs: defaults."));
    s.profile = m_reader.onlyV49() ? Profile::V49 : Profile::V5;
    const qint64 span = m_incident.end - m_incident.origin;
    s.duration = qMin<qint64>(ScenarioLimits::maxTime, (span / kSecond + 1) * kSecond + kMinute);
    QSet<QString> brokers;
    for (auto t = m_incident.topicBrokers.cbegin(); t != m_incident.topicBrokers.cend(); ++t) {
        if (TopicNames::isRetryTopic(t.key())) {
            continue; // the engine subscribes %RETRY%<group> itself
        }
        TopicSpec topic;
        topic.name = m_anon(Kind::Topic, t.key());
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
    for (const ObservedIncident::Consumer &c : m_incident.consumers) {
        ++idCount[c.clientId];
    }
    QList<const ObservedIncident::Consumer *> order;
    for (const ObservedIncident::Consumer &c : m_incident.consumers) {
        order.append(&c);
    }
    for (const ObservedIncident::Consumer *c : order) {
        if (!groupIndex.contains(c->group)) {
            GroupSpec g;
            g.name = m_anon(Kind::Group, c->group);
            g.strategy = m_incident.groupStrategy.value(c->group, QStringLiteral("AVG"));
            for (auto t = m_incident.topicBrokers.cbegin(); t != m_incident.topicBrokers.cend();
                 ++t) {
                bool used = false;
                for (const ObservedIncident::Consumer &o : m_incident.consumers) {
                    used = used || (o.group == c->group && o.claims.contains(t.key()));
                }
                for (const TopicTimeline &tl : m_incident.timelines) {
                    used = used || (tl.group == c->group && tl.topic == t.key());
                }
                if (used && !TopicNames::isRetryTopic(t.key())) {
                    g.topics.append(m_anon(Kind::Topic, t.key()));
                }
            }
            groupIndex.insert(c->group, int(s.groups.size()));
            s.groups.append(g);
        }
        ConsumerSpec spec;
        spec.id = m_anon(Kind::Client, c->clientId);
        if (idCount.value(c->clientId) > 1) {
            // One client instance serves consumers of several groups (MQClientInstance is per
            // clientId): same id, but each needs its own handle.
            spec.name = m_anon(Kind::Group, c->group) + QLatin1Char('/') + spec.id;
        }
        if (c->strategy != m_incident.groupStrategy.value(c->group) && !c->strategy.isEmpty()) {
            spec.strategy = c->strategy; // a rolling deploy that changed the strategy
        }
        const qint64 at = c->first - m_incident.origin;
        if (at == 0) {
            s.groups[groupIndex.value(c->group)].consumers.append(spec);
        } else {
            ScenarioEvent join;
            join.at = at;
            join.action = ScenarioEvent::Action::Join;
            join.group = m_anon(Kind::Group, c->group);
            join.joining = spec;
            s.events.append(join);
        }
        if (c->shutdownOk || c->killed) {
            ScenarioEvent leave;
            leave.at = (c->shutdownOk ? *c->shutdownOk : *c->killed) - m_incident.origin;
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
