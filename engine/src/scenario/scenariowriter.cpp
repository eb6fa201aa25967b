// SPDX-License-Identifier: Apache-2.0
#include "scenario/scenariowriter.h"

#include "settings/clientconfig.h"
#include "json/savefile.h"
#include "json/jsonnode.h"
#include "json/jsonwriter.h"
#include "settings/scenarioduration.h"

#include <QSaveFile>

namespace Rblab {

namespace {

using Action = ScenarioEvent::Action;

JsonNode str(const QString &text)
{
    return JsonNode::makeString(text);
}

JsonNode duration(SimTime ms)
{
    return str(formatDuration(ms));
}

// Fractional durations (consume times): formatDurationF's text when it reads back to exactly
// the same double, else the shortest exact number of milliseconds.
JsonNode durationF(double ms)
{
    const QString text = formatDurationF(ms);
    const auto back = ScenarioDuration::parse(text);
    if (back && back->milliseconds == ms) {
        return str(text);
    }
    return JsonNode::makeDouble(ms);
}

JsonNode number(double value)
{
    return JsonNode::makeDouble(value);
}

JsonNode settingsNode(const QVariantMap &values, const QList<SettingSpec> &specs)
{
    // In the table's order, which is the format document's; durations with units.
    JsonNode object = JsonNode::makeObject();
    for (const SettingSpec &spec : specs) {
        const auto it = values.constFind(spec.name());
        if (it == values.cend()) {
            continue;
        }
        switch (spec.kind) {
        case SettingSpec::Kind::Boolean:
            object.insert(spec.name(), JsonNode::makeBool(it->toBool()));
            break;
        case SettingSpec::Kind::Duration:
            object.insert(spec.name(), duration(it->toLongLong()));
            break;
        case SettingSpec::Kind::Integer:
            object.insert(spec.name(), JsonNode::makeInteger(it->toLongLong()));
            break;
        }
    }
    // Names the table does not know are kept, so nothing a caller put in is lost silently.
    for (auto it = values.cbegin(); it != values.cend(); ++it) {
        if (object.indexOf(it.key()) < 0) {
            object.insert(it.key(), JsonNode::fromVariant(it.value()));
        }
    }
    return object;
}

JsonNode stringArray(const QStringList &values)
{
    JsonNode array = JsonNode::makeArray();
    for (const QString &v : values) {
        array.append(str(v));
    }
    return array;
}

QString distributionName(ConsumeTime::Distribution distribution)
{
    switch (distribution) {
    case ConsumeTime::Distribution::Fixed:
        return QStringLiteral("fixed");
    case ConsumeTime::Distribution::Exponential:
        return QStringLiteral("exponential");
    case ConsumeTime::Distribution::LogNormal:
        return QStringLiteral("lognormal");
    }
    return QString();
}

// Language → text as the reader takes it: a plain string alone, else an object with "en" first.
JsonNode localizedText(const QMap<QString, QString> &texts)
{
    if (texts.size() == 1 && texts.firstKey().isEmpty()) {
        return str(texts.first());
    }
    JsonNode object = JsonNode::makeObject();
    if (texts.contains(QStringLiteral("en"))) {
        object.insert(QStringLiteral("en"), str(texts.value(QStringLiteral("en"))));
    }
    for (auto it = texts.cbegin(); it != texts.cend(); ++it) {
        if (it.key() != QLatin1String("en")) {
            object.insert(it.key(), str(it.value()));
        }
    }
    return object;
}

} // namespace

QByteArray ScenarioWriter::toJson(const Scenario &scenario)
{
    JsonNode root = JsonNode::makeObject();
    root.insert(QStringLiteral("format"), str(QString::fromLatin1(kScenarioFormat)));
    root.insert(QStringLiteral("name"), str(scenario.name));
    if (!scenario.localizedName.isEmpty()) {
        JsonNode localized = JsonNode::makeObject();
        for (auto it = scenario.localizedName.cbegin(); it != scenario.localizedName.cend(); ++it) {
            localized.insert(it.key(), str(it.value()));
        }
        root.insert(QStringLiteral("localizedName"), localized);
    }
    if (!scenario.description.isEmpty()) {
        if (scenario.description.size() == 1 && scenario.description.firstKey().isEmpty()) {
            root.insert(QStringLiteral("description"), str(scenario.description.first()));
        } else {
            JsonNode description = JsonNode::makeObject();
            // "en" first: the language every other one is translated from.
            if (scenario.description.contains(QStringLiteral("en"))) {
                description.insert(
                    QStringLiteral("en"), str(scenario.description.value(QStringLiteral("en"))));
            }
            for (auto it = scenario.description.cbegin(); it != scenario.description.cend(); ++it) {
                if (it.key() != QLatin1String("en")) {
                    description.insert(it.key(), str(it.value()));
                }
            }
            root.insert(QStringLiteral("description"), description);
        }
    }
    root.insert(QStringLiteral("seed"), JsonNode::makeUnsigned(scenario.seed));
    root.insert(QStringLiteral("duration"), duration(scenario.duration));
    root.insert(QStringLiteral("sampleInterval"), duration(scenario.sampleInterval));
    root.insert(QStringLiteral("profile"), str(profileName(scenario.profile)));
    JsonNode network = JsonNode::makeObject();
    network.insert(QStringLiteral("latency"), duration(scenario.networkLatency));
    if (scenario.networkJitter > 0) {
        network.insert(QStringLiteral("jitter"), duration(scenario.networkJitter));
    }
    root.insert(QStringLiteral("network"), network);
    if (!scenario.broker.isEmpty()) {
        root.insert(QStringLiteral("broker"), settingsNode(scenario.broker, BrokerConfig::specs()));
    }
    root.insert(QStringLiteral("brokers"), stringArray(scenario.brokers));
    JsonNode topics = JsonNode::makeArray();
    for (const TopicSpec &topic : scenario.topics) {
        topics.append(topicNode(topic));
    }
    root.insert(QStringLiteral("topics"), topics);
    JsonNode groups = JsonNode::makeArray();
    for (const GroupSpec &group : scenario.groups) {
        groups.append(groupNode(group));
    }
    root.insert(QStringLiteral("groups"), groups);
    if (!scenario.events.isEmpty()) {
        JsonNode events = JsonNode::makeArray();
        for (const ScenarioEvent &event : scenario.events) {
            events.append(eventNode(event));
        }
        root.insert(QStringLiteral("events"), events);
    }
    if (scenario.churn) {
        root.insert(QStringLiteral("churn"), churnNode(*scenario.churn));
    }
    if (!scenario.narration.isEmpty()) {
        JsonNode narration = JsonNode::makeArray();
        for (const NarrationNote &note : scenario.narration) {
            JsonNode node = JsonNode::makeObject();
            node.insert(QStringLiteral("at"), duration(note.at));
            node.insert(QStringLiteral("note"), localizedText(note.text));
            if (!note.focus.isEmpty()) {
                node.insert(QStringLiteral("focus"), stringArray(note.focus));
            }
            if (note.pause) {
                node.insert(QStringLiteral("pause"), JsonNode::makeBool(true));
            }
            narration.append(node);
        }
        root.insert(QStringLiteral("narration"), narration);
    }
    return JsonWriter::write(root);
}

bool ScenarioWriter::save(const Scenario &scenario, const QString &path, QString *error)
{
    QSaveFile file(path);
    const QByteArray data = toJson(scenario);
    if (!file.open(QIODevice::WriteOnly) || file.write(data) != data.size() || !commitFully(file)) {
        if (error) {
            *error = tr("cannot save \"%1\": %2").arg(path, file.errorString());
        }
        file.cancelWriting();
        return false;
    }
    return true;
}

JsonNode ScenarioWriter::topicNode(const TopicSpec &topic)
{
    JsonNode node = JsonNode::makeObject();
    node.insert(QStringLiteral("name"), str(topic.name));
    JsonNode queues = JsonNode::makeObject();
    for (const auto &q : topic.queues) {
        queues.insert(q.first, JsonNode::makeInteger(q.second));
    }
    node.insert(QStringLiteral("queues"), queues);
    node.insert(QStringLiteral("produceRate"), number(topic.produceRate));
    if (topic.messageSizeMin == topic.messageSizeMax) {
        node.insert(QStringLiteral("messageSize"), JsonNode::makeInteger(topic.messageSizeMin));
    } else {
        JsonNode size = JsonNode::makeObject();
        size.insert(QStringLiteral("min"), JsonNode::makeInteger(topic.messageSizeMin));
        size.insert(QStringLiteral("max"), JsonNode::makeInteger(topic.messageSizeMax));
        node.insert(QStringLiteral("messageSize"), size);
    }
    if (topic.skew != 0.0) {
        node.insert(QStringLiteral("skew"), number(topic.skew));
    }
    if (topic.storedMessages > 0 || !topic.storedInMemory || !topic.storedPerQueue.isEmpty()) {
        JsonNode history = JsonNode::makeObject();
        history.insert(QStringLiteral("messages"), JsonNode::makeInteger(topic.storedMessages));
        history.insert(QStringLiteral("inMemory"), JsonNode::makeBool(topic.storedInMemory));
        if (!topic.storedPerQueue.isEmpty()) {
            JsonNode queues = JsonNode::makeObject();
            for (const auto &q : topic.storedPerQueue) {
                queues.insert(q.first, JsonNode::makeInteger(q.second));
            }
            history.insert(QStringLiteral("queues"), queues);
        }
        node.insert(QStringLiteral("history"), history);
    }
    return node;
}

JsonNode ScenarioWriter::groupNode(const GroupSpec &group)
{
    JsonNode node = JsonNode::makeObject();
    node.insert(QStringLiteral("name"), str(group.name));
    node.insert(QStringLiteral("topics"), stringArray(group.topics));
    node.insert(QStringLiteral("messageModel"), str(messageModelName(group.messageModel)));
    node.insert(QStringLiteral("consumeMode"), str(consumeModeName(group.consumeMode)));
    node.insert(
        QStringLiteral("consumeFromWhere"), str(consumeFromWhereName(group.consumeFromWhere)));
    if (group.consumeFromWhere == ConsumeFromWhere::Timestamp
        || group.consumeTimestamp != GroupSpec().consumeTimestamp) {
        node.insert(QStringLiteral("consumeTimestamp"), duration(group.consumeTimestamp));
    }
    node.insert(QStringLiteral("strategy"), str(group.strategy));
    if (!group.strategyParams.isEmpty()) {
        node.insert(QStringLiteral("strategyParams"), JsonNode::fromVariant(group.strategyParams));
    }
    if (!group.client.isEmpty()) {
        node.insert(QStringLiteral("client"), settingsNode(group.client, ClientConfig::specs()));
    }
    if (!group.notifyConsumerIdsChangedEnable) { // written only when not RocketMQ's default
        node.insert(QStringLiteral("notifyConsumerIdsChangedEnable"), JsonNode::makeBool(false));
    }
    if (!group.offsets.isEmpty()) {
        JsonNode offsets = JsonNode::makeObject();
        for (const auto &o : group.offsets) {
            offsets.insert(o.first, JsonNode::makeInteger(o.second));
        }
        node.insert(QStringLiteral("offsets"), offsets);
    }
    if (group.pop()) { // written only for POP groups: PULL files stay as they were
        node.insert(QStringLiteral("messageRequestMode"), str(QStringLiteral("POP")));
    }
    if (group.simple()) { // written only for SimpleConsumer groups
        node.insert(QStringLiteral("consumerType"), str(QStringLiteral("simple")));
        node.insert(QStringLiteral("awaitDuration"), duration(group.awaitDuration));
        node.insert(QStringLiteral("invisibleDuration"), duration(group.invisibleDuration));
        node.insert(QStringLiteral("maxMessageNum"), JsonNode::makeInteger(group.maxMessageNum));
    }
    if (group.popShareQueueNum != GroupSpec().popShareQueueNum) {
        node.insert(
            QStringLiteral("popShareQueueNum"), JsonNode::makeInteger(group.popShareQueueNum));
    }
    JsonNode consumers = JsonNode::makeArray();
    for (const ConsumerSpec &consumer : group.consumers) {
        consumers.append(consumerNode(consumer, false));
    }
    node.insert(QStringLiteral("consumers"), consumers);
    return node;
}

JsonNode ScenarioWriter::consumerNode(const ConsumerSpec &consumer, bool inJoin)
{
    JsonNode node = JsonNode::makeObject();
    node.insert(QStringLiteral("id"), str(consumer.id));
    if (!consumer.name.isEmpty()) {
        node.insert(QStringLiteral("name"), str(consumer.name));
    }
    if (!(consumer.consumeTime == ConsumeTime())) {
        node.insert(QStringLiteral("consumeTime"), consumeTimeNode(consumer.consumeTime));
    }
    if (consumer.stall) {
        JsonNode stall = JsonNode::makeObject();
        stall.insert(QStringLiteral("probability"), number(consumer.stall->probability));
        stall.insert(QStringLiteral("time"), durationF(consumer.stall->timeMs));
        node.insert(QStringLiteral("stall"), stall);
    }
    if (consumer.failureRate != 0.0) {
        node.insert(QStringLiteral("failureRate"), number(consumer.failureRate));
    }
    // A joining consumer starts at its event's time; its file form has no "start".
    if (consumer.start != 0 && !inJoin) {
        node.insert(QStringLiteral("start"), duration(consumer.start));
    }
    if (consumer.startupTime != 0) {
        node.insert(QStringLiteral("startupTime"), duration(consumer.startupTime));
    }
    if (consumer.startHeartbeatLockFailed) {
        node.insert(QStringLiteral("startHeartbeatLockFailed"), JsonNode::makeBool(true));
    }
    if (!consumer.holds.isEmpty() && !inJoin) {
        JsonNode holds = JsonNode::makeArray();
        for (const QString &label : consumer.holds) {
            holds.append(JsonNode::makeString(label));
        }
        node.insert(QStringLiteral("holds"), holds);
    }
    if (consumer.strategy) {
        node.insert(QStringLiteral("strategy"), str(*consumer.strategy));
    }
    if (consumer.strategyParams) {
        node.insert(
            QStringLiteral("strategyParams"), JsonNode::fromVariant(*consumer.strategyParams));
    }
    if (!consumer.client.isEmpty()) {
        node.insert(QStringLiteral("client"), settingsNode(consumer.client, ClientConfig::specs()));
    }
    if (!consumer.instanceName.isEmpty()) {
        node.insert(QStringLiteral("instanceName"), str(consumer.instanceName));
    }
    return node;
}

JsonNode ScenarioWriter::consumeTimeNode(const ConsumeTime &time)
{
    const bool logNormal = time.distribution == ConsumeTime::Distribution::LogNormal;
    if (time.shortForm && time.distribution == ConsumeTime::Distribution::Fixed
        && time.p99Ms == 0.0) {
        return durationF(time.meanMs);
    }
    JsonNode node = JsonNode::makeObject();
    node.insert(QStringLiteral("distribution"), str(distributionName(time.distribution)));
    node.insert(QStringLiteral("mean"), durationF(time.meanMs));
    if (logNormal || time.p99Ms != 0.0) {
        node.insert(QStringLiteral("p99"), durationF(time.p99Ms));
    }
    return node;
}

JsonNode ScenarioWriter::eventNode(const ScenarioEvent &event)
{
    JsonNode node = JsonNode::makeObject();
    node.insert(QStringLiteral("at"), duration(event.at));
    node.insert(QStringLiteral("action"), str(ScenarioEvent::actionName(event.action)));
    const auto consumer = [&]() {
        if (!event.consumer.isEmpty()) {
            node.insert(QStringLiteral("consumer"), str(event.consumer));
        }
    };
    switch (event.action) {
    case Action::Join:
        node.insert(QStringLiteral("group"), str(event.group));
        node.insert(QStringLiteral("consumer"), consumerNode(event.joining, true));
        break;
    case Action::Shutdown:
    case Action::Kill:
    case Action::Unfreeze:
    case Action::Pause:
    case Action::Resume:
        consumer();
        break;
    case Action::Freeze:
        consumer();
        if (event.forDuration) {
            node.insert(QStringLiteral("for"), duration(*event.forDuration));
        }
        break;
    case Action::Partition:
    case Action::Heal:
        consumer();
        if (!event.brokers.isEmpty()) {
            node.insert(QStringLiteral("brokers"), stringArray(event.brokers));
        }
        break;
    case Action::SetConsumeTime:
        consumer();
        node.insert(QStringLiteral("consumeTime"), consumeTimeNode(event.consumeTime));
        break;
    case Action::SetFailureRate:
        consumer();
        node.insert(QStringLiteral("failureRate"), number(event.failureRate));
        break;
    case Action::SetProduceRate:
        node.insert(QStringLiteral("topic"), str(event.topic));
        node.insert(QStringLiteral("rate"), number(event.rate));
        break;
    case Action::SetQueues:
        node.insert(QStringLiteral("topic"), str(event.topic));
        node.insert(QStringLiteral("broker"), str(event.broker));
        node.insert(QStringLiteral("count"), JsonNode::makeInteger(event.count));
        break;
    case Action::BrokerDown:
    case Action::BrokerUp:
        node.insert(QStringLiteral("broker"), str(event.broker));
        break;
    case Action::SetStrategy:
        node.insert(QStringLiteral("group"), str(event.group));
        consumer();
        node.insert(QStringLiteral("strategy"), str(event.strategy));
        if (!event.strategyParams.isEmpty()) {
            node.insert(
                QStringLiteral("strategyParams"), JsonNode::fromVariant(event.strategyParams));
        }
        break;
    case Action::SetClient:
        node.insert(QStringLiteral("group"), str(event.group));
        consumer();
        node.insert(QStringLiteral("client"), settingsNode(event.client, ClientConfig::specs()));
        break;
    case Action::SetBroker:
        node.insert(
            QStringLiteral("settings"), settingsNode(event.settings, BrokerConfig::specs()));
        break;
    case Action::SetChurn:
        node.insert(
            QStringLiteral("churn"), event.churn ? churnNode(*event.churn) : JsonNode::makeNull());
        break;
    }
    return node;
}

JsonNode ScenarioWriter::churnNode(const ChurnSpec &churn)
{
    JsonNode node = JsonNode::makeObject();
    node.insert(QStringLiteral("group"), str(churn.group));
    node.insert(QStringLiteral("meanInterval"), duration(churn.meanInterval));
    JsonNode actions = JsonNode::makeObject();
    for (const auto &action : churn.actions) {
        actions.insert(action.first, number(action.second));
    }
    node.insert(QStringLiteral("actions"), actions);
    node.insert(QStringLiteral("minConsumers"), JsonNode::makeInteger(churn.minConsumers));
    node.insert(QStringLiteral("maxConsumers"), JsonNode::makeInteger(churn.maxConsumers));
    node.insert(QStringLiteral("recoverAfter"), duration(churn.recoverAfter));
    if (!churn.idPattern.isEmpty()) {
        node.insert(QStringLiteral("idPattern"), str(churn.idPattern));
    }
    return node;
}

} // namespace Rblab
