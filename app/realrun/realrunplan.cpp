// SPDX-License-Identifier: Apache-2.0
#include "realrunplan.h"

#include <json/jsonnode.h>
#include <json/jsonparser.h>

#include <QRegularExpression>

#include <algorithm>
#include <cmath>

namespace Rblab {

namespace {

//! ScenarioEvent's actions a real cluster on loopback cannot be made to do, and why.
QString cannotDo(ScenarioEvent::Action action)
{
    switch (action) {
    case ScenarioEvent::Action::Partition:
    case ScenarioEvent::Action::Heal:
        return QStringLiteral("a network partition cannot be made on loopback without root "
                              "firewall rules; play it in the engine");
    case ScenarioEvent::Action::BrokerDown:
    case ScenarioEvent::Action::BrokerUp:
        return QStringLiteral("stopping and restarting a broker mid-run is not played on a "
                              "real cluster yet");
    case ScenarioEvent::Action::SetChurn:
        return QStringLiteral("random churn draws its events from the engine's seed; write the "
                              "events out to play them on a real cluster");
    default:
        return {};
    }
}

QString fileSafe(const QString &name)
{
    QString out;
    for (QChar c : name) {
        out += (c.isLetterOrNumber() || c == u'-' || c == u'_' || c == u'.') ? c : QChar(u'_');
    }
    return out.isEmpty() ? QStringLiteral("consumer") : out;
}

QString settingValue(const QVariant &v)
{
    if (v.typeId() == QMetaType::Double) {
        const double d = v.toDouble();
        if (d == std::floor(d) && std::abs(d) < 1e15) {
            return QString::number(qint64(d));
        }
    }
    if (v.typeId() == QMetaType::Bool) {
        return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    }
    return v.toString();
}

QString strategyLine(const QString &name, const QVariantMap &params)
{
    QString line = QStringLiteral("strategy ") + name;
    for (auto it = params.cbegin(); it != params.cend(); ++it) {
        line += u' ' + it.key() + u'=' + settingValue(it.value());
    }
    return line;
}

} // namespace

QString RealRunPlan::Refusal::toString(const QString &file) const
{
    const QString where = line > 0 ? QStringLiteral("%1:%2: ").arg(file).arg(line)
                                   : (file.isEmpty() ? QString() : file + QStringLiteral(": "));
    return where + what + QStringLiteral(": ") + why;
}

const RealRunPlan::ConsumerLaunch *RealRunPlan::consumer(const QString &name) const
{
    for (const ConsumerLaunch &c : consumers) {
        if (c.name == name) {
            return &c;
        }
    }
    return nullptr;
}

QStringList RealRunPlan::javaStrategies()
{
    return { QStringLiteral("AVG"), QStringLiteral("AVG_BY_CIRCLE"),
        QStringLiteral("CONSISTENT_HASH"), QStringLiteral("CONFIG"), QStringLiteral("MACHINE_ROOM"),
        QStringLiteral("MACHINE_ROOM_NEARBY") };
}

QString RealRunPlan::millis(double ms)
{
    if (ms == std::floor(ms)) {
        return QString::number(qint64(ms)) + QStringLiteral("ms");
    }
    return QString::number(ms, 'g', 12) + QStringLiteral("ms");
}

QString RealRunPlan::consumeTimeSpec(const ConsumeTime &time)
{
    switch (time.distribution) {
    case ConsumeTime::Distribution::Exponential:
        return QStringLiteral("exp:") + millis(time.meanMs);
    case ConsumeTime::Distribution::LogNormal:
        return QStringLiteral("lognormal:%1,p99=%2").arg(millis(time.meanMs), millis(time.p99Ms));
    case ConsumeTime::Distribution::Fixed:
        break;
    }
    return millis(time.meanMs);
}

void RealRunPlan::lines(
    const QByteArray &file, QList<int> *eventLines, QMap<QString, int> *groupLines)
{
    const JsonParser::Result parsed = JsonParser::parse(file);
    if (!parsed.root) {
        return;
    }
    const JsonNode &root = *parsed.root;
    if (const JsonNode *events = root.value(u"events"); events && events->isArray()) {
        for (const JsonNode &e : events->items()) {
            eventLines->append(e.line());
        }
    }
    if (const JsonNode *groups = root.value(u"groups"); groups && groups->isArray()) {
        for (const JsonNode &g : groups->items()) {
            if (const JsonNode *name = g.value(u"name"); name && name->isString()) {
                groupLines->insert(name->text(), g.line());
            }
        }
    }
}

RealRunPlan RealRunPlan::make(const Scenario &scenario, Version version,
    const QList<int> &eventLines, const QMap<QString, int> &groupLines)
{
    RealRunPlan plan;
    plan.version = version;
    plan.duration = scenario.duration;
    plan.brokers = scenario.brokers;
    const auto refuse = [&plan](int line, const QString &what, const QString &why) {
        plan.refusals.append({ line, what, why });
    };

    for (auto it = scenario.broker.cbegin(); it != scenario.broker.cend(); ++it) {
        plan.brokerSettings.append(it.key() + u'=' + settingValue(it.value()));
    }
    if (scenario.churn) {
        refuse(0, QStringLiteral("churn"), cannotDo(ScenarioEvent::Action::SetChurn));
    }

    // Topics and the producer.
    for (const TopicSpec &t : scenario.topics) {
        for (const auto &[broker, count] : t.queues) {
            if (count > 0) {
                plan.topics.append({ t.name, broker, count });
            }
        }
        if (t.storedMessages > 0 || !t.storedPerQueue.isEmpty()) {
            refuse(0, QStringLiteral("topic %1").arg(t.name),
                QStringLiteral("a backlog stored before the start (storedMessages) is not "
                               "produced on a real cluster yet"));
        }
        const QString key = QStringLiteral("--topic.") + t.name + u'.';
        plan.producerOptions << key + QStringLiteral("rate=") + settingValue(t.produceRate);
        plan.producerOptions << key + QStringLiteral("size=")
                + (t.messageSizeMin == t.messageSizeMax
                        ? QString::number(t.messageSizeMin)
                        : QStringLiteral("%1..%2").arg(t.messageSizeMin).arg(t.messageSizeMax));
        if (t.skew > 0) {
            plan.producerOptions << key + QStringLiteral("skew=") + settingValue(t.skew);
        }
    }

    // Consumers at the start.
    QMap<QString, int> folders;
    const auto launch = [&](const GroupSpec &g, const ConsumerSpec &c, SimTime start, int line) {
        const QString name = c.name.isEmpty() ? c.id : c.name; // the file's name, or its id
        const QString what = QStringLiteral("consumer %1").arg(name);
        ConsumerLaunch l;
        l.name = name;
        l.id = c.id;
        l.group = g.name;
        l.start = start;
        QString folder = fileSafe(name);
        if (const int n = folders[folder]++; n > 0) {
            folder += QStringLiteral("-%1").arg(n + 1);
        }
        l.folder = folder;
        QStringList &o = l.options;
        o << QStringLiteral("--name=") + name << QStringLiteral("--group=") + g.name;
        // The client id is the scenario's: clientIP@instanceName[@unitName] (strategies sort by
        // it).
        const QStringList parts = c.id.split(u'@');
        if (parts.size() >= 2 && !parts.at(0).isEmpty() && !parts.at(1).isEmpty()) {
            o << QStringLiteral("--clientIP=") + parts.at(0)
              << QStringLiteral("--instanceName=") + parts.at(1);
            if (parts.size() >= 3) {
                o << QStringLiteral("--unitName=") + parts.mid(2).join(u'@');
            }
        } else {
            o << QStringLiteral("--instanceName=") + c.id;
        }
        if (!c.instanceName.isEmpty()) {
            refuse(line, what,
                QStringLiteral("consumers sharing one client instance in one process "
                               "(instanceName) are not played on a real cluster yet"));
        }
        QStringList subscribe;
        for (const QString &t : g.topics) {
            subscribe << t;
        }
        o << QStringLiteral("--subscribe=") + subscribe.join(u';');
        o << QStringLiteral("--messageModel=") + messageModelName(g.messageModel);
        o << QStringLiteral("--consumeMode=") + consumeModeName(g.consumeMode);
        if (g.pop()) {
            o << QStringLiteral("--messageRequestMode=POP");
        }
        const QString strategy = c.strategy.value_or(g.strategy);
        const QVariantMap params = c.strategyParams.value_or(g.strategyParams);
        if (!javaStrategies().contains(strategy)) {
            refuse(line, what,
                QStringLiteral("strategy %1 is not one of the Java client's (%2)")
                    .arg(strategy, javaStrategies().join(QStringLiteral(", "))));
        }
        o << QStringLiteral("--strategy=") + strategy;
        for (auto it = params.cbegin(); it != params.cend(); ++it) {
            o << QStringLiteral("--") + it.key() + u'=' + settingValue(it.value());
        }
        o << QStringLiteral("--consumeFromWhere=") + consumeFromWhereName(g.consumeFromWhere);
        if (g.consumeFromWhere == ConsumeFromWhere::Timestamp) {
            o << QStringLiteral("--consumeTimestamp=") + millis(double(g.consumeTimestamp));
        }
        o << QStringLiteral("--consumeTime=") + consumeTimeSpec(c.consumeTime);
        if (c.stall) {
            o << QStringLiteral("--stall=%1:%2")
                     .arg(settingValue(c.stall->probability), millis(c.stall->timeMs));
        }
        if (c.failureRate > 0) {
            o << QStringLiteral("--failureRate=") + settingValue(c.failureRate);
        }
        QVariantMap client = g.client;
        for (auto it = c.client.cbegin(); it != c.client.cend(); ++it) {
            client.insert(it.key(), it.value());
        }
        for (auto it = client.cbegin(); it != client.cend(); ++it) {
            o << QStringLiteral("--") + it.key() + u'=' + settingValue(it.value());
        }
        if (!c.holds.isEmpty()) {
            refuse(line, what,
                QStringLiteral("queues held at the start (holds) come from a running cluster; "
                               "a real run starts every consumer"));
        }
        plan.consumers.append(l);
        plan.steps.append({ start, Kind::StartConsumer, name, {}, {}, {}, 0, {}, {},
            QStringLiteral("start %1").arg(name) });
    };
    for (const GroupSpec &g : scenario.groups) {
        const int line = groupLines.value(g.name);
        if (g.simple()) {
            refuse(line, QStringLiteral("group %1").arg(g.name),
                QStringLiteral("simple consumers talk gRPC to a proxy, which these RocketMQ "
                               "builds leave out"));
        }
        if (!g.offsets.isEmpty()) {
            refuse(line, QStringLiteral("group %1").arg(g.name),
                QStringLiteral("committed offsets at the start (offsets) come from a running "
                               "cluster; a real run starts from the topic's end"));
        }
        if (g.pop() && version == Version::V49) {
            refuse(line, QStringLiteral("group %1").arg(g.name),
                QStringLiteral(
                    "POP (messageRequestMode) needs RocketMQ 5; the RocketMQ given is 4.9"));
        }
        if (g.pops()) {
            for (const QString &t : g.topics) {
                plan.popGroups.append({ g.name, t, g.popShareQueueNum });
            }
        }
        for (const ConsumerSpec &c : g.consumers) {
            launch(g, c, c.start, line);
        }
    }

    // Events.
    QMap<QString, QList<QPair<SimTime, double>>> rates; // topic → (at, rate)
    const auto consumersOf = [&](const ScenarioEvent &e) {
        QStringList names;
        if (!e.consumer.isEmpty()) {
            names << e.consumer;
            return names;
        }
        for (const ConsumerLaunch &c : plan.consumers) {
            if (c.group == e.group) {
                names << c.name;
            }
        }
        return names;
    };
    for (qsizetype i = 0; i < scenario.events.size(); ++i) {
        const ScenarioEvent &e = scenario.events.at(i);
        const int line = i < eventLines.size() ? eventLines.at(i) : 0;
        const QString what = QStringLiteral("events[%1] (%2 at %3)")
                                 .arg(i)
                                 .arg(ScenarioEvent::actionName(e.action), millis(double(e.at)));
        if (const QString why = cannotDo(e.action); !why.isEmpty()) {
            refuse(line, what, why);
            continue;
        }
        Step s;
        s.at = e.at;
        s.consumer = e.consumer;
        switch (e.action) {
        case ScenarioEvent::Action::Join: {
            const GroupSpec *g = scenario.group(e.group);
            if (g) {
                launch(*g, e.joining, e.at, line);
            }
            continue;
        }
        case ScenarioEvent::Action::Kill:
            s.kind = Kind::Kill;
            s.describe = QStringLiteral("kill -9 %1").arg(e.consumer);
            break;
        case ScenarioEvent::Action::Shutdown:
            s.kind = Kind::Shutdown;
            s.describe = QStringLiteral("shutdown %1").arg(e.consumer);
            break;
        case ScenarioEvent::Action::Freeze:
            s.kind = Kind::Freeze;
            s.describe = QStringLiteral("freeze %1").arg(e.consumer);
            if (e.forDuration) {
                plan.steps.append(s);
                s.at = e.at + *e.forDuration;
                s.kind = Kind::Thaw;
                s.describe = QStringLiteral("thaw %1").arg(e.consumer);
            }
            break;
        case ScenarioEvent::Action::Unfreeze:
            s.kind = Kind::Thaw;
            s.describe = QStringLiteral("thaw %1").arg(e.consumer);
            break;
        case ScenarioEvent::Action::Pause:
        case ScenarioEvent::Action::Resume:
            s.kind = Kind::Control;
            s.text = e.action == ScenarioEvent::Action::Pause ? QStringLiteral("suspend")
                                                              : QStringLiteral("resume");
            s.describe = s.text + u' ' + e.consumer;
            break;
        case ScenarioEvent::Action::SetConsumeTime:
            s.kind = Kind::Control;
            s.text = QStringLiteral("consumeTime ") + consumeTimeSpec(e.consumeTime);
            s.describe = s.text + QStringLiteral(" for ") + e.consumer;
            break;
        case ScenarioEvent::Action::SetFailureRate:
            s.kind = Kind::Control;
            s.text = QStringLiteral("failureRate ") + settingValue(e.failureRate);
            s.describe = s.text + QStringLiteral(" for ") + e.consumer;
            break;
        case ScenarioEvent::Action::SetProduceRate:
            rates[e.topic].append({ e.at, e.rate });
            continue;
        case ScenarioEvent::Action::SetQueues:
            s.kind = Kind::UpdateTopic;
            s.topic = e.topic;
            s.broker = e.broker;
            s.queues = e.count;
            s.describe = QStringLiteral("updateTopic %1 on %2: %3 queues")
                             .arg(e.topic, e.broker)
                             .arg(e.count);
            break;
        case ScenarioEvent::Action::SetStrategy:
        case ScenarioEvent::Action::SetClient: {
            if (e.action == ScenarioEvent::Action::SetStrategy
                && !javaStrategies().contains(e.strategy)) {
                refuse(line, what,
                    QStringLiteral("strategy %1 is not one of the Java client's (%2)")
                        .arg(e.strategy, javaStrategies().join(QStringLiteral(", "))));
                continue;
            }
            QStringList texts;
            if (e.action == ScenarioEvent::Action::SetStrategy) {
                texts << strategyLine(e.strategy, e.strategyParams);
            } else {
                for (auto it = e.client.cbegin(); it != e.client.cend(); ++it) {
                    texts << QStringLiteral("set ") + it.key() + u' ' + settingValue(it.value());
                }
            }
            for (const QString &name : consumersOf(e)) {
                for (const QString &text : texts) {
                    plan.steps.append({ e.at, Kind::Control, name, text, {}, {}, 0, {}, {},
                        text + QStringLiteral(" for ") + name });
                }
            }
            continue;
        }
        case ScenarioEvent::Action::SetBroker:
            for (auto it = e.settings.cbegin(); it != e.settings.cend(); ++it) {
                plan.steps.append({ e.at, Kind::BrokerConfig, {}, {}, {}, {}, 0, it.key(),
                    settingValue(it.value()),
                    QStringLiteral("updateBrokerConfig %1=%2")
                        .arg(it.key(), settingValue(it.value())) });
            }
            continue;
        default:
            continue;
        }
        plan.steps.append(s);
    }
    for (auto it = rates.cbegin(); it != rates.cend(); ++it) {
        QStringList schedule;
        for (const auto &[at, rate] : it.value()) {
            schedule << millis(double(at)) + u':' + settingValue(rate);
        }
        plan.producerOptions << QStringLiteral("--topic.") + it.key() + QStringLiteral(".schedule=")
                + schedule.join(u',');
    }
    // Every consumer an event names must exist.
    for (const Step &s : std::as_const(plan.steps)) {
        if (!s.consumer.isEmpty() && !plan.consumer(s.consumer)) {
            refuse(0, s.describe, QStringLiteral("no consumer is named %1").arg(s.consumer));
        }
    }
    std::stable_sort(plan.steps.begin(), plan.steps.end(),
        [](const Step &a, const Step &b) { return a.at < b.at; });
    return plan;
}

} // namespace Rblab
