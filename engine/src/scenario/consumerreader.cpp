// SPDX-License-Identifier: Apache-2.0
#include "scenario/consumerreader.h"

#include "scenario/topicnames.h"
#include "settings/clientconfig.h"
#include "json/diagnosticlist.h"
#include "json/jsonnode.h"
#include "scenario/objectreader.h"
#include "settings/scenarioduration.h"
#include "scenario/scenariolimits.h"
#include "scenario/scenarioreadcontext.h"

#include <QSet>

namespace Rblab {

namespace {

using Need = ObjectReader::Need;

const QStringList &distributionNames()
{
    static const QStringList names
        = { QStringLiteral("fixed"), QStringLiteral("exponential"), QStringLiteral("lognormal") };
    return names;
}

} // namespace

std::optional<ConsumerSpec> ConsumerReader::read(const JsonNode &node, const QString &path,
    const GroupContext &group, std::optional<SimTime> joinAt, const QString &joinPath)
{
    DiagnosticList &diagnostics = m_context.diagnostics;
    if (!node.isObject()) {
        diagnostics.error(node, path,
            tr("expected a consumer object such as {\"id\": \"10.0.0.1@1001\"}, got %1")
                .arg(node.describe()));
        m_context.consumersComplete = false;
        return std::nullopt;
    }
    QStringList known = { QStringLiteral("id"), QStringLiteral("name"),
        QStringLiteral("consumeTime"), QStringLiteral("stall"), QStringLiteral("failureRate"),
        QStringLiteral("strategy"), QStringLiteral("strategyParams"), QStringLiteral("client"),
        QStringLiteral("instanceName"), QStringLiteral("startupTime"),
        QStringLiteral("startHeartbeatLockFailed") };
    if (!joinAt) {
        known.append(QStringLiteral("start"));
        known.append(QStringLiteral("holds"));
    }
    const ObjectReader object(m_context.values, node, path, tr("a consumer"), known);
    const int errorsBefore = diagnostics.errorCount();

    ConsumerSpec consumer;
    const std::optional<QString> id = object.string(QStringLiteral("id"), Need::Required);
    const std::optional<QString> name = object.string(QStringLiteral("name"));
    const JsonNode *nameNode = object.field(QStringLiteral("name"));
    if (id) {
        consumer.id = *id;
    }
    if (name) {
        consumer.name = *name;
    }
    if ((id && !nameNode) || name) {
        const JsonNode &handleNode = name ? *nameNode : *object.field(QStringLiteral("id"));
        const QString handlePath
            = object.pathOf(name ? QStringLiteral("name") : QStringLiteral("id"));
        m_context.addConsumer(
            consumer.handle(), handleNode, handlePath, group.name, joinAt, joinPath);
    } else {
        // Its handle is unknown: events that name it cannot be checked.
        m_context.consumersComplete = false;
    }

    if (const JsonNode *value = object.field(QStringLiteral("consumeTime"))) {
        if (const auto consumeTime
            = readConsumeTime(*value, object.pathOf(QStringLiteral("consumeTime")))) {
            consumer.consumeTime = *consumeTime;
        }
    }
    if (const JsonNode *value = object.field(QStringLiteral("stall"))) {
        if (const auto stall = readStall(*value, object.pathOf(QStringLiteral("stall")))) {
            consumer.stall = *stall;
        }
    }
    consumer.failureRate = object.number(QStringLiteral("failureRate"), 0.0, 1.0).value_or(0.0);
    if (!joinAt) {
        consumer.start
            = object.duration(QStringLiteral("start"), 0, ScenarioLimits::maxTime).value_or(0);
    }
    consumer.startupTime
        = object.duration(QStringLiteral("startupTime"), 0, ScenarioLimits::maxStartupTime)
              .value_or(0);
    consumer.startHeartbeatLockFailed
        = object.boolean(QStringLiteral("startHeartbeatLockFailed")).value_or(false);

    if (const JsonNode *holds = joinAt ? nullptr : object.field(QStringLiteral("holds"))) {
        readHolds(*holds, object.pathOf(QStringLiteral("holds")), group, consumer);
    }

    const JsonNode *strategyNode = object.field(QStringLiteral("strategy"));
    if (strategyNode) {
        consumer.strategy
            = m_context.values.string(*strategyNode, object.pathOf(QStringLiteral("strategy")));
    }
    const JsonNode *paramsNode = object.field(QStringLiteral("strategyParams"));
    if (paramsNode) {
        if (paramsNode->isObject()) {
            consumer.strategyParams = paramsNode->toVariant().toMap();
        } else {
            diagnostics.error(*paramsNode, object.pathOf(QStringLiteral("strategyParams")),
                tr("expected an object of strategy parameters, got %1")
                    .arg(paramsNode->describe()));
        }
    }
    // Parameters without a strategy of their own are for the group's strategy.
    const std::optional<QString> effective = strategyNode ? consumer.strategy : group.strategy;
    const bool paramsReadable = !paramsNode || consumer.strategyParams;
    if (paramsReadable
        && ((strategyNode && consumer.strategy) || (consumer.strategyParams && effective))) {
        m_context.checkStrategy(*effective, consumer.strategyParams.value_or(QVariantMap()),
            group.defaultTopic, strategyNode ? *strategyNode : node,
            object.pathOf(QStringLiteral("strategy")), paramsNode,
            object.pathOf(QStringLiteral("strategyParams")));
    }
    if (const JsonNode *client = object.field(QStringLiteral("client"))) {
        consumer.client = m_context.values
                              .settings(*client, object.pathOf(QStringLiteral("client")),
                                  ClientConfig::specs(), tr("client settings"))
                              .value_or(QVariantMap());
    }
    if (const std::optional<QString> instance = object.string(QStringLiteral("instanceName"))) {
        consumer.instanceName = *instance;
        // MQClientInstance.registerConsumer refuses a second consumer of one group, and start()
        // throws "The consumer group[…] has been created before". Joins are checked when they
        // come due (the first one may have left by then).
        const QString key = group.name + QLatin1Char('\n') + consumer.id + QLatin1Char('\n')
            + consumer.instanceName;
        const QString instancePath = object.pathOf(QStringLiteral("instanceName"));
        if (!joinAt && id) {
            if (const auto first = m_context.instanceMembers.constFind(key);
                first != m_context.instanceMembers.cend()) {
                diagnostics.error(*object.field(QStringLiteral("instanceName")), instancePath,
                    tr("consumer group %1 already has a consumer in client instance %2 "
                       "(instanceName \"%3\", at %4): RocketMQ refuses it, \"The consumer "
                       "group[%1] has been created before\"")
                        .arg(group.name, consumer.id, consumer.instanceName, *first));
            } else {
                m_context.instanceMembers.insert(key, instancePath);
            }
        }
    }
    object.finish([&](const QString &key) {
        return joinAt && key == QLatin1String("start")
            ? tr("\"start\" is not used in a join: the consumer starts at the event's time "
                 "(ignored)")
            : QString();
    });
    if (diagnostics.errorCount() != errorsBefore) {
        return std::nullopt;
    }
    return consumer;
}

// Consumer field `holds` (scenario-format.md, "Starting offsets and assignment"): queue labels of
// the group's topics, each a queue of the topic's route (the reader has read the topics).
void ConsumerReader::readHolds(
    const JsonNode &node, const QString &path, const GroupContext &group, ConsumerSpec &consumer)
{
    DiagnosticList &diagnostics = m_context.diagnostics;
    if (!node.isArray()) {
        diagnostics.error(node, path,
            tr("expected an array of queues as \"topic/broker/queueId\", got %1")
                .arg(node.describe()));
        return;
    }
    if (consumer.start != 0) {
        diagnostics.error(node, path,
            tr("a consumer that holds queues is running when the run starts: its start must be "
               "0s"));
        return;
    }
    // A set beside the list: QStringList::contains made 100,000 holds take minutes.
    QSet<QString> seen;
    seen.reserve(node.size());
    for (qsizetype i = 0; i < node.size(); ++i) {
        const JsonNode &item = node.items()[size_t(i)];
        const QString itemPath = JsonNode::indexPath(path, i);
        const auto label = m_context.values.string(item, itemPath);
        if (!label) {
            continue;
        }
        const QStringList parts = label->split(QLatin1Char('/'));
        bool idOk = false;
        const int queueId = parts.size() == 3 ? parts[2].toInt(&idOk) : -1;
        const QString retry = TopicNames::retryTopicOf(group.name);
        if (!idOk || queueId < 0 || parts[1].isEmpty()
            || (!group.topics.contains(parts[0]) && parts[0] != retry)) {
            diagnostics.error(item, itemPath,
                tr("expected a queue of the group's topics as \"topic/broker/queueId\" "
                   "(topics: %1), got \"%2\"")
                    .arg(QStringList(group.topics + QStringList { retry })
                             .join(QStringLiteral(", ")),
                        *label));
            continue;
        }
        if (seen.contains(*label)) {
            diagnostics.error(item, itemPath, tr("\"%1\" is listed twice").arg(*label));
            continue;
        }
        if (!m_context.checkQueue(parts[0], parts[1], queueId, retry, item, itemPath)) {
            continue;
        }
        seen.insert(*label);
        consumer.holds.append(*label);
    }
}

std::optional<ConsumeTime> ConsumerReader::readConsumeTime(
    const JsonNode &node, const QString &path)
{
    const double maximum = ScenarioLimits::maxConsumeTimeMs;
    ConsumeTime time;
    if (!node.isObject()) {
        const std::optional<double> mean = m_context.values.durationF(node, path, 0.0, maximum);
        if (!mean) {
            return std::nullopt;
        }
        time.meanMs = *mean;
        time.shortForm = true;
        return time;
    }
    const ObjectReader object(m_context.values, node, path, tr("a consume time"),
        { QStringLiteral("distribution"), QStringLiteral("mean"), QStringLiteral("p99") });
    const int errorsBefore = m_context.diagnostics.errorCount();
    time.shortForm = false;
    const std::optional<int> distribution
        = object.choice(QStringLiteral("distribution"), distributionNames());
    if (distribution) {
        time.distribution = ConsumeTime::Distribution(*distribution);
    }
    const std::optional<double> mean
        = object.durationF(QStringLiteral("mean"), 0.0, maximum, Need::Required);
    const bool logNormal = time.distribution == ConsumeTime::Distribution::LogNormal;
    const std::optional<double> p99 = object.durationF(
        QStringLiteral("p99"), 0.0, maximum, logNormal ? Need::Required : Need::Optional);
    if (mean) {
        time.meanMs = *mean;
    }
    if (p99) {
        time.p99Ms = *p99;
    }
    if (logNormal && mean && *mean <= 0.0) {
        m_context.diagnostics.error(*object.field(QStringLiteral("mean")),
            object.pathOf(QStringLiteral("mean")),
            tr("a lognormal consume time needs a mean above 0ms"));
    } else if (logNormal && mean && p99 && *p99 <= *mean) {
        m_context.diagnostics.error(*object.field(QStringLiteral("p99")),
            object.pathOf(QStringLiteral("p99")),
            tr("expected a p99 above the mean (%1) for a lognormal consume time, got %2")
                .arg(formatDurationF(*mean), object.field(QStringLiteral("p99"))->describe()));
    }
    if (!logNormal && p99) {
        m_context.diagnostics.warning(*object.field(QStringLiteral("p99")),
            object.pathOf(QStringLiteral("p99")),
            tr("p99 is only used by the lognormal distribution"));
    }
    object.finish();
    if (m_context.diagnostics.errorCount() != errorsBefore) {
        return std::nullopt;
    }
    return time;
}

std::optional<StallSpec> ConsumerReader::readStall(const JsonNode &node, const QString &path)
{
    if (!node.isObject()) {
        m_context.diagnostics.error(node, path,
            tr("expected {\"probability\": p, \"time\": duration}, got %1").arg(node.describe()));
        return std::nullopt;
    }
    const ObjectReader object(m_context.values, node, path, tr("a stall"),
        { QStringLiteral("probability"), QStringLiteral("time") });
    const auto probability = object.number(QStringLiteral("probability"), 0.0, 1.0, Need::Required);
    const auto time = object.durationF(
        QStringLiteral("time"), 0.0, ScenarioLimits::maxConsumeTimeMs, Need::Required);
    object.finish();
    if (!probability || !time) {
        return std::nullopt;
    }
    return StallSpec { *probability, *time };
}

} // namespace Rblab
