// SPDX-License-Identifier: Apache-2.0
#include "scenario/scenarioreader.h"

#include "settings/clientconfig.h"
#include "scenario/churnreader.h"
#include "json/diagnosticlist.h"
#include "scenario/eventreader.h"
#include "scenario/groupreader.h"
#include "json/jsonparser.h"
#include "scenario/narrationreader.h"
#include "scenario/objectreader.h"
#include "scenario/scenariocost.h"
#include "scenario/scenariolimits.h"
#include "scenario/scenarioreadcontext.h"

#include <QFile>
#include <QRegularExpression>

#include <cmath>
#include <limits>

namespace Rblab {

namespace {

using Need = ObjectReader::Need;

// A scenario is a few kilobytes; anything this large is not one, and is not read into memory.
constexpr qint64 kMaxFileSize = 16 * 1024 * 1024;

const QStringList &topLevelFields()
{
    static const QStringList fields = {
        QStringLiteral("format"),
        QStringLiteral("name"),
        QStringLiteral("localizedName"),
        QStringLiteral("description"),
        QStringLiteral("seed"),
        QStringLiteral("duration"),
        QStringLiteral("sampleInterval"),
        QStringLiteral("profile"),
        QStringLiteral("network"),
        QStringLiteral("broker"),
        QStringLiteral("brokers"),
        QStringLiteral("topics"),
        QStringLiteral("groups"),
        QStringLiteral("events"),
        QStringLiteral("churn"),
        QStringLiteral("narration"),
    };
    return fields;
}

// A key has a position but is not a value; references are reported at it through this stand-in.
JsonNode at(const JsonKey &key)
{
    JsonNode node = JsonNode::makeString(key.name);
    node.setPosition(key.line, key.column);
    return node;
}

} // namespace

bool ScenarioReadResult::ok() const
{
    if (!scenario) {
        return false;
    }
    for (const Diagnostic &d : diagnostics) {
        if (d.isError()) {
            return false;
        }
    }
    return true;
}

bool ScenarioReadResult::hasWarnings() const
{
    for (const Diagnostic &d : diagnostics) {
        if (!d.isError()) {
            return true;
        }
    }
    return false;
}

QString ScenarioReadResult::errorText() const
{
    return Diagnostic::toText(diagnostics);
}

ScenarioReadResult ScenarioReader::readFile(const QString &path, const StrategyRegistry *registry)
{
    QFile file(path);
    const auto failure = [&](const QString &message) {
        ScenarioReadResult result;
        Diagnostic d;
        d.file = path;
        d.message = message;
        result.diagnostics.append(d);
        return result;
    };
    if (!file.open(QIODevice::ReadOnly)) {
        return failure(tr("cannot open the file: %1").arg(file.errorString()));
    }
    if (file.size() > kMaxFileSize) {
        return failure(tr("the file is %1 bytes long; a scenario file is at most %2 bytes")
                           .arg(file.size())
                           .arg(kMaxFileSize));
    }
    // A device or a FIFO reports size 0 (/dev/zero never ends): read at most one byte past the
    // limit, so that the limit holds for what is read, not for what the file system says.
    // A FIFO may hand over less than asked for: read until the end or past the limit.
    QByteArray data;
    while (data.size() <= kMaxFileSize) {
        const QByteArray chunk = file.read(kMaxFileSize + 1 - data.size());
        if (chunk.isEmpty()) {
            break;
        }
        data += chunk;
    }
    if (file.error() != QFileDevice::NoError) {
        return failure(tr("cannot read the file: %1").arg(file.errorString()));
    }
    if (data.size() > kMaxFileSize) {
        return failure(tr("the file is longer than %1 bytes; a scenario file is at most %1 bytes")
                           .arg(kMaxFileSize));
    }
    return read(data, path, registry);
}

ScenarioReadResult ScenarioReader::read(
    const QByteArray &data, const QString &fileName, const StrategyRegistry *registry)
{
    DiagnosticList diagnostics(fileName);
    ScenarioReadResult result;

    const JsonParser::Result parsed = JsonParser::parse(data);
    for (const JsonProblem &problem : parsed.problems) {
        diagnostics.errorAt(problem.line, problem.column, problem.path, problem.message);
    }
    if (parsed.root) {
        const JsonNode &root = *parsed.root;
        ScenarioReadContext context(diagnostics, registry);
        if (!root.isObject()) {
            diagnostics.error(root, QString(),
                tr("expected a scenario object {…} at the top level, got %1").arg(root.describe()));
        } else if (readFormat(context, root)) {
            Scenario scenario;
            readTopLevel(context, root, scenario);
            if (diagnostics.errorCount() == 0) {
                result.scenario = std::move(scenario);
            }
        }
    }
    result.diagnostics = diagnostics.sorted();
    return result;
}

bool ScenarioReader::readFormat(ScenarioReadContext &context, const JsonNode &root)
{
    const QString expected = QString::fromLatin1(kScenarioFormat);
    const JsonNode *format = root.value(u"format");
    const QString path = QStringLiteral("format");
    if (!format) {
        // Perhaps only forgotten: the rest is still worth checking.
        context.diagnostics.error(
            root, path, tr("missing required field \"format\" (expected \"%1\")").arg(expected));
        return true;
    }
    if (!format->isString()) {
        context.diagnostics.error(
            *format, path, tr("expected \"%1\", got %2").arg(expected, format->describe()));
        return true;
    }
    if (format->text() == expected) {
        return true;
    }
    // Another format's fields mean other things: reading on would only produce noise.
    static const QRegularExpression versioned(QStringLiteral("^rebalance-lab/scenario@([0-9]+)$"));
    const QRegularExpressionMatch match = versioned.match(format->text());
    if (match.hasMatch() && match.captured(1).toLongLong() > 1) {
        context.diagnostics.error(*format, path,
            tr("this file was made by a newer version of Rebalance Lab (format \"%1\"); "
               "this version reads \"%2\"")
                .arg(format->text(), expected));
    } else {
        context.diagnostics.error(*format, path,
            tr("expected \"%1\", got %2; this is not a scenario file "
               "of a known version")
                .arg(expected, format->describe()));
    }
    return false;
}

void ScenarioReader::readTopLevel(
    ScenarioReadContext &context, const JsonNode &root, Scenario &scenario)
{
    const ObjectReader object(
        context.values, root, QString(), tr("the scenario"), topLevelFields());
    scenario.name = object.string(QStringLiteral("name"), Need::Required).value_or(QString());
    if (const JsonNode *localized = object.field(QStringLiteral("localizedName"))) {
        readLocalizedName(context, *localized, scenario);
    }
    if (const JsonNode *description = object.field(QStringLiteral("description"))) {
        readDescription(context, *description, scenario);
    }
    if (const JsonNode *seed = object.field(QStringLiteral("seed"))) {
        if (const auto value = seed->toUInt64()) {
            scenario.seed = *value;
        } else {
            context.diagnostics.error(*seed, QStringLiteral("seed"),
                tr("expected an integer from 0 to %1, got %2")
                    .arg(std::numeric_limits<quint64>::max())
                    .arg(seed->describe()));
        }
    }
    scenario.duration = object
                            .duration(QStringLiteral("duration"), ScenarioLimits::minDuration,
                                ScenarioLimits::maxTime)
                            .value_or(scenario.duration);
    scenario.sampleInterval
        = object
              .duration(QStringLiteral("sampleInterval"), ScenarioLimits::minSampleInterval,
                  ScenarioLimits::maxSampleInterval)
              .value_or(scenario.sampleInterval);
    static const QStringList profiles = { QStringLiteral("5.x"), QStringLiteral("4.9") };
    if (const auto profile = object.choice(QStringLiteral("profile"), profiles)) {
        scenario.profile = Profile(*profile);
    }
    if (const JsonNode *network = object.field(QStringLiteral("network"))) {
        if (!network->isObject()) {
            context.diagnostics.error(*network, QStringLiteral("network"),
                tr("expected an object such as {\"latency\": \"1ms\"}, got %1")
                    .arg(network->describe()));
        } else {
            const ObjectReader networkObject(context.values, *network, QStringLiteral("network"),
                tr("the network settings"),
                { QStringLiteral("latency"), QStringLiteral("jitter") });
            scenario.networkLatency
                = networkObject
                      .duration(QStringLiteral("latency"), 0, ScenarioLimits::maxNetworkLatency)
                      .value_or(scenario.networkLatency);
            scenario.networkJitter
                = networkObject
                      .duration(QStringLiteral("jitter"), 0, ScenarioLimits::maxNetworkLatency)
                      .value_or(scenario.networkJitter);
            networkObject.finish();
        }
    }
    if (const JsonNode *broker = object.field(QStringLiteral("broker"))) {
        scenario.broker = context.values
                              .settings(*broker, QStringLiteral("broker"), BrokerConfig::specs(),
                                  tr("broker settings"))
                              .value_or(QVariantMap());
    }

    // Declarations before the references to them: brokers, topics, groups, then events and churn.
    if (const JsonNode *brokers
        = object.field(QStringLiteral("brokers"), Need::Required, tr("an array of broker names"))) {
        readBrokers(context, *brokers, scenario);
    } else {
        context.brokers.complete = false;
    }
    if (const JsonNode *topics
        = object.field(QStringLiteral("topics"), Need::Required, tr("an array of topics"))) {
        readTopics(context, *topics, scenario);
    } else {
        context.topics.complete = false;
    }
    if (const JsonNode *groups = object.field(
            QStringLiteral("groups"), Need::Required, tr("an array of consumer groups"))) {
        scenario.groups = GroupReader(context).read(*groups, QStringLiteral("groups"));
    } else {
        context.groups.complete = false;
        context.consumersComplete = false;
    }
    if (const JsonNode *events = object.field(QStringLiteral("events"))) {
        scenario.events
            = EventReader(context, scenario.groups).read(*events, QStringLiteral("events"));
    }
    if (const JsonNode *churn = object.field(QStringLiteral("churn"))) {
        scenario.churn = ChurnReader(context).read(*churn, QStringLiteral("churn"));
    }
    if (const JsonNode *narration = object.field(QStringLiteral("narration"))) {
        scenario.narration = NarrationReader(context).read(*narration, QStringLiteral("narration"));
    }
    if (context.diagnostics.errorCount() == 0) {
        // Totals over the whole file mean something only when every part of it was read.
        checkLimits(context, root, scenario);
    }
    object.finish();
}

void ScenarioReader::checkLimits(
    ScenarioReadContext &context, const JsonNode &root, const Scenario &scenario)
{
    DiagnosticList &diagnostics = context.diagnostics;
    const ScenarioCost cost = ScenarioCost::of(scenario);
    const auto node = [&](const char *field) {
        const JsonNode *found = root.value(QString::fromLatin1(field));
        return found ? found : &root;
    };
    const QString limits = tr(" (scenario-format.md, \"Limits\")");
    if (cost.queues > ScenarioLimits::maxQueuesInWorld) {
        diagnostics.error(*node("topics"), QStringLiteral("topics"),
            tr("%1 queues in all (%RETRY% queues and the largest setQueues counts included); "
               "the ceiling is %2")
                    .arg(cost.queues)
                    .arg(ScenarioLimits::maxQueuesInWorld)
                + limits);
    }
    if (cost.subscribedQueues > ScenarioLimits::maxSubscribedQueues) {
        diagnostics.error(*node("groups"), QStringLiteral("groups"),
            tr("the groups subscribe %1 queues in all (a topic's queues count once for each "
               "group subscribing it, %RETRY% queues included); the ceiling is %2")
                    .arg(cost.subscribedQueues)
                    .arg(ScenarioLimits::maxSubscribedQueues)
                + limits);
    }
    if (cost.messagesPerSecond > ScenarioLimits::maxWorldProduceRate) {
        diagnostics.error(*node("topics"), QStringLiteral("topics"),
            tr("%1 messages per second produced in all (the largest setProduceRate rates "
               "included); the ceiling is %2")
                    .arg(cost.messagesPerSecond, 0, 'f', 0)
                    .arg(ScenarioLimits::maxWorldProduceRate, 0, 'f', 0)
                + limits);
    }
    if (cost.largestGroup > ScenarioLimits::maxConsumersPerGroup) {
        // The group's own list was checked as it was read: its joins took it over the ceiling.
        diagnostics.error(*node("events"), QStringLiteral("events"),
            tr("group \"%1\" reaches %2 consumers with its joins; the ceiling is %3 per group")
                    .arg(cost.largestGroupName)
                    .arg(cost.largestGroup)
                    .arg(ScenarioLimits::maxConsumersPerGroup)
                + limits);
    }
    if (cost.consumers > ScenarioLimits::maxConsumersInWorld) {
        diagnostics.error(*node("groups"), QStringLiteral("groups"),
            tr("%1 consumers in all groups and joins; the ceiling is %2")
                    .arg(cost.consumers)
                    .arg(ScenarioLimits::maxConsumersInWorld)
                + limits);
    }
    if (cost.consumers <= ScenarioLimits::maxConsumersInWorld
        && cost.channels > ScenarioLimits::maxChannels) {
        diagnostics.error(*node("groups"), QStringLiteral("groups"),
            tr("%1 consumers registering with %2 brokers make %3 connections; the ceiling is %4")
                    .arg(cost.consumers)
                    .arg(scenario.brokers.size())
                    .arg(cost.channels)
                    .arg(ScenarioLimits::maxChannels)
                + limits);
    }
    const double rows = cost.samplesPerMinute * double(cost.queues + cost.consumers);
    if (rows > ScenarioLimits::maxSampleRowsPerMinute) {
        const double fewest = double(cost.queues + cost.consumers) * double(kMinute)
            / ScenarioLimits::maxSampleRowsPerMinute;
        diagnostics.error(*node("sampleInterval"), QStringLiteral("sampleInterval"),
            tr("%1 queues and %2 consumers sampled every %3 ms make %4 sample rows per virtual "
               "minute; the ceiling is %5: sample every %6 ms or less often")
                    .arg(cost.queues)
                    .arg(cost.consumers)
                    .arg(scenario.sampleInterval)
                    .arg(rows, 0, 'f', 0)
                    .arg(ScenarioLimits::maxSampleRowsPerMinute, 0, 'f', 0)
                    .arg(qint64(std::ceil(fewest)))
                + limits);
    }
}

void ScenarioReader::readLocalizedName(
    ScenarioReadContext &context, const JsonNode &node, Scenario &scenario)
{
    const QString path = QStringLiteral("localizedName");
    if (!node.isObject()) {
        context.diagnostics.error(node, path,
            tr("expected an object of language → name such as {\"zh_CN\": …}, got %1")
                .arg(node.describe()));
        return;
    }
    for (qsizetype i = 0; i < node.size(); ++i) {
        const QString &language = node.keys().at(i).name;
        if (const auto text = context.values.string(
                node.items()[size_t(i)], JsonNode::memberPath(path, language), false)) {
            scenario.localizedName.insert(language, *text);
        }
    }
}

void ScenarioReader::readDescription(
    ScenarioReadContext &context, const JsonNode &node, Scenario &scenario)
{
    const QString path = QStringLiteral("description");
    if (node.isString()) {
        scenario.description.insert(QString(), node.text());
        return;
    }
    if (!node.isObject()) {
        context.diagnostics.error(node, path,
            tr("expected a string or an object of language → text such as "
               "{\"en\": …, \"zh_CN\": …}, got %1")
                .arg(node.describe()));
        return;
    }
    for (qsizetype i = 0; i < node.size(); ++i) {
        const QString &language = node.keys().at(i).name;
        if (const auto text = context.values.string(
                node.items()[size_t(i)], JsonNode::memberPath(path, language), true)) {
            scenario.description.insert(language, *text);
        }
    }
}

void ScenarioReader::readBrokers(
    ScenarioReadContext &context, const JsonNode &node, Scenario &scenario)
{
    const QString path = QStringLiteral("brokers");
    if (!node.isArray() || node.size() == 0) {
        context.diagnostics.error(node, path,
            tr("expected a non-empty array of broker names, got %1").arg(node.describe()));
        context.brokers.complete = false;
        return;
    }
    if (node.size() > ScenarioLimits::maxBrokers) {
        context.diagnostics.error(node, path,
            tr("%1 brokers; the ceiling is %2 (scenario-format.md, \"Limits\")")
                .arg(node.size())
                .arg(ScenarioLimits::maxBrokers));
        context.brokers.complete = false;
        return;
    }
    for (qsizetype i = 0; i < node.size(); ++i) {
        const JsonNode &item = node.items()[size_t(i)];
        const QString itemPath = JsonNode::indexPath(path, i);
        const auto name = context.values.string(item, itemPath);
        if (!name) {
            context.brokers.complete = false;
            continue;
        }
        if (context.addName(context.brokers, *name, item, itemPath, tr("broker"))) {
            scenario.brokers.append(*name);
        }
    }
}

void ScenarioReader::readTopics(
    ScenarioReadContext &context, const JsonNode &node, Scenario &scenario)
{
    const QString path = QStringLiteral("topics");
    if (!node.isArray() || node.size() == 0) {
        context.diagnostics.error(
            node, path, tr("expected a non-empty array of topics, got %1").arg(node.describe()));
        context.topics.complete = false;
        return;
    }
    if (node.size() > ScenarioLimits::maxTopics) {
        context.diagnostics.error(node, path,
            tr("%1 topics; the ceiling is %2 (scenario-format.md, \"Limits\")")
                .arg(node.size())
                .arg(ScenarioLimits::maxTopics));
        context.topics.complete = false;
        return;
    }
    for (qsizetype i = 0; i < node.size(); ++i) {
        scenario.topics.append(
            readTopic(context, node.items()[size_t(i)], JsonNode::indexPath(path, i)));
    }
}

TopicSpec ScenarioReader::readTopic(
    ScenarioReadContext &context, const JsonNode &node, const QString &path)
{
    TopicSpec topic;
    DiagnosticList &diagnostics = context.diagnostics;
    if (!node.isObject()) {
        diagnostics.error(node, path, tr("expected a topic object, got %1").arg(node.describe()));
        context.topics.complete = false;
        return topic;
    }
    const ObjectReader object(context.values, node, path, tr("a topic"),
        { QStringLiteral("name"), QStringLiteral("queues"), QStringLiteral("produceRate"),
            QStringLiteral("skew"), QStringLiteral("messageSize"), QStringLiteral("history") });
    if (const auto name = object.string(QStringLiteral("name"), Need::Required)) {
        const JsonNode &nameNode = *object.field(QStringLiteral("name"));
        if (!GroupReader::isValidResourceName(*name, ScenarioLimits::maxTopicNameLength)) {
            diagnostics.error(nameNode, object.pathOf(QStringLiteral("name")),
                tr("expected a topic name of letters, digits, '%', '|', '_' or '-' "
                   "(at most %1 characters), got %2")
                    .arg(ScenarioLimits::maxTopicNameLength)
                    .arg(nameNode.describe()));
        }
        topic.name = *name;
        context.addName(
            context.topics, *name, nameNode, object.pathOf(QStringLiteral("name")), tr("topic"));
    } else {
        context.topics.complete = false;
    }

    if (const JsonNode *queues = object.field(QStringLiteral("queues"), Need::Required,
            tr("an object of broker name → queue count"))) {
        const QString queuesPath = object.pathOf(QStringLiteral("queues"));
        if (!queues->isObject() || queues->size() == 0) {
            diagnostics.error(*queues, queuesPath,
                tr("expected an object of broker name → queue count such as "
                   "{\"broker-a\": 8}, got %1")
                    .arg(queues->describe()));
        } else {
            bool whole = true;
            for (qsizetype i = 0; i < queues->size(); ++i) {
                const JsonKey &key = queues->keys().at(i);
                const QString keyPath = JsonNode::memberPath(queuesPath, key.name);
                whole = context.checkName(context.brokers, key.name, at(key), keyPath, tr("broker"))
                    && whole;
                if (const auto count = context.values.integer(queues->items()[size_t(i)], keyPath,
                        0, ScenarioLimits::maxQueuesPerBroker)) {
                    topic.queues.append({ key.name, int(*count) });
                } else {
                    whole = false;
                }
            }
            // The groups' `holds` and `offsets` are checked against it.
            if (whole && !topic.name.isEmpty() && !context.routes.contains(topic.name)) {
                context.routes.insert(topic.name, topic.queues);
            }
        }
    }
    topic.produceRate
        = object.number(QStringLiteral("produceRate"), 0.0, ScenarioLimits::maxProduceRate)
              .value_or(topic.produceRate);
    topic.skew
        = object.number(QStringLiteral("skew"), 0.0, ScenarioLimits::maxSkew).value_or(topic.skew);

    if (const JsonNode *size = object.field(QStringLiteral("messageSize"))) {
        const QString sizePath = object.pathOf(QStringLiteral("messageSize"));
        const qint64 maximum = ScenarioLimits::maxMessageSize;
        if (size->isObject()) {
            const ObjectReader range(context.values, *size, sizePath, tr("a message size range"),
                { QStringLiteral("min"), QStringLiteral("max") });
            const auto min = range.integer(QStringLiteral("min"), 1, maximum, Need::Required);
            const auto max = range.integer(QStringLiteral("max"), 1, maximum, Need::Required);
            if (min && max && *min > *max) {
                diagnostics.error(*range.field(QStringLiteral("max")),
                    range.pathOf(QStringLiteral("max")),
                    tr("expected max to be at least min (%1), got %2").arg(*min).arg(*max));
            } else if (min && max) {
                topic.messageSizeMin = int(*min);
                topic.messageSizeMax = int(*max);
            }
            range.finish();
        } else if (size->isNumber()) {
            if (const auto bytes = context.values.integer(*size, sizePath, 1, maximum)) {
                topic.messageSizeMin = topic.messageSizeMax = int(*bytes);
            }
        } else {
            diagnostics.error(*size, sizePath,
                tr("expected a number of bytes from 1 to %1 or "
                   "{\"min\": …, \"max\": …}, got %2")
                    .arg(maximum)
                    .arg(size->describe()));
        }
    }
    if (const JsonNode *history = object.field(QStringLiteral("history"))) {
        const QString historyPath = object.pathOf(QStringLiteral("history"));
        if (history->isObject()) {
            const ObjectReader stored(context.values, *history, historyPath, tr("a topic history"),
                { QStringLiteral("messages"), QStringLiteral("inMemory"),
                    QStringLiteral("queues") });
            // `messages` may be left out when `queues` names every queue's own count.
            const bool perQueue = history->value(QStringLiteral("queues")) != nullptr;
            topic.storedMessages
                = stored
                      .integer(QStringLiteral("messages"), 0, ScenarioLimits::maxStoredMessages,
                          perQueue ? Need::Optional : Need::Required)
                      .value_or(0);
            topic.storedInMemory
                = stored.boolean(QStringLiteral("inMemory")).value_or(topic.storedInMemory);
            if (const JsonNode *queues = stored.field(QStringLiteral("queues"))) {
                const QString queuesPath = stored.pathOf(QStringLiteral("queues"));
                if (!queues->isObject()) {
                    diagnostics.error(*queues, queuesPath,
                        tr("expected an object of \"broker/queueId\" → messages, got %1")
                            .arg(queues->describe()));
                }
                for (qsizetype i = 0; queues->isObject() && i < queues->size(); ++i) {
                    const QString key = queues->keys()[i].name;
                    const JsonNode &value = queues->items()[size_t(i)];
                    const QString path = JsonNode::memberPath(queuesPath, key);
                    const int slash = int(key.lastIndexOf(QLatin1Char('/')));
                    bool idOk = false;
                    const int queueId = slash > 0 ? key.mid(slash + 1).toInt(&idOk) : -1;
                    const QString broker = key.left(slash);
                    const int count = idOk ? topic.queueCount(broker) : 0;
                    if (!idOk || queueId < 0 || queueId >= count) {
                        diagnostics.error(value, path,
                            tr("expected a queue of this topic as \"broker/queueId\" (a broker of "
                               "its queues and an id below its count), got \"%1\"")
                                .arg(key));
                        continue;
                    }
                    if (const auto n = context.values.integer(
                            value, path, 0, ScenarioLimits::maxStoredMessages)) {
                        topic.storedPerQueue.append({ key, *n });
                    }
                }
            }
            stored.finish();
        } else {
            diagnostics.error(*history, historyPath,
                tr("expected {\"messages\": …, \"inMemory\": true|false}, got %1")
                    .arg(history->describe()));
        }
    }
    object.finish();
    return topic;
}

} // namespace Rblab
