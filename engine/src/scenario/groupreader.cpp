// SPDX-License-Identifier: Apache-2.0
#include "scenario/groupreader.h"

#include "scenario/topicnames.h"
#include "allocation/strategyregistry.h"
#include "settings/clientconfig.h"
#include "scenario/consumerreader.h"
#include "json/diagnosticlist.h"
#include "json/jsonnode.h"
#include "scenario/objectreader.h"
#include "scenario/scenariolimits.h"
#include "scenario/scenarioreadcontext.h"

#include <QHash>

namespace Rblab {

namespace {

using Need = ObjectReader::Need;

const QStringList &groupFields()
{
    static const QStringList fields = {
        QStringLiteral("name"),
        QStringLiteral("topics"),
        QStringLiteral("messageModel"),
        QStringLiteral("consumeMode"),
        QStringLiteral("consumeFromWhere"),
        QStringLiteral("consumeTimestamp"),
        QStringLiteral("strategy"),
        QStringLiteral("strategyParams"),
        QStringLiteral("client"),
        QStringLiteral("notifyConsumerIdsChangedEnable"),
        QStringLiteral("messageRequestMode"),
        QStringLiteral("popShareQueueNum"),
        QStringLiteral("consumerType"),
        QStringLiteral("awaitDuration"),
        QStringLiteral("invisibleDuration"),
        QStringLiteral("maxMessageNum"),
        QStringLiteral("consumers"),
        QStringLiteral("offsets"),
    };
    return fields;
}

} // namespace

bool GroupReader::isValidResourceName(const QString &name, int maxLength)
{
    if (name.isEmpty() || name.size() > maxLength) {
        return false;
    }
    for (const QChar c : name) {
        const char16_t u = c.unicode();
        const bool ok = (u >= u'a' && u <= u'z') || (u >= u'A' && u <= u'Z')
            || (u >= u'0' && u <= u'9') || u == u'%' || u == u'|' || u == u'_' || u == u'-';
        if (!ok) {
            return false;
        }
    }
    return true;
}

QList<GroupSpec> GroupReader::read(const JsonNode &node, const QString &path)
{
    QList<GroupSpec> groups;
    if (!node.isArray() || node.size() == 0) {
        m_context.diagnostics.error(node, path,
            tr("expected a non-empty array of consumer groups, got %1").arg(node.describe()));
        m_context.groups.complete = false;
        m_context.consumersComplete = false;
        return groups;
    }
    if (node.size() > ScenarioLimits::maxGroups) {
        m_context.diagnostics.error(node, path,
            tr("%1 groups; the ceiling is %2 (scenario-format.md, \"Limits\")")
                .arg(node.size())
                .arg(ScenarioLimits::maxGroups));
        m_context.groups.complete = false;
        m_context.consumersComplete = false;
        return groups;
    }
    for (qsizetype i = 0; i < node.size(); ++i) {
        groups.append(readGroup(node.items()[size_t(i)], JsonNode::indexPath(path, i)));
    }
    return groups;
}

GroupSpec GroupReader::readGroup(const JsonNode &node, const QString &path)
{
    GroupSpec group;
    if (!node.isObject()) {
        m_context.diagnostics.error(
            node, path, tr("expected a group object, got %1").arg(node.describe()));
        m_context.groups.complete = false;
        m_context.consumersComplete = false;
        return group;
    }
    const ObjectReader object(m_context.values, node, path, tr("a group"), groupFields());
    readName(object, group);
    if (const JsonNode *topics
        = object.field(QStringLiteral("topics"), Need::Required, tr("an array of topic names"))) {
        readTopics(*topics, object.pathOf(QStringLiteral("topics")), group);
    }
    if (!group.name.isEmpty()) {
        m_context.groupFirstTopic.insert(group.name, group.topics.value(0));
    }
    readModes(object, group);
    readSimpleConsumer(object, group);
    checkModes(object, group);
    const bool strategyUsable = readStrategy(object, node, group);
    if (const JsonNode *offsets = object.field(QStringLiteral("offsets"))) {
        readOffsets(*offsets, object.pathOf(QStringLiteral("offsets")), group);
    }
    if (const JsonNode *client = object.field(QStringLiteral("client"))) {
        group.client = m_context.values
                           .settings(*client, object.pathOf(QStringLiteral("client")),
                               ClientConfig::specs(), tr("client settings"))
                           .value_or(QVariantMap());
    }
    readConsumers(object, group, strategyUsable);
    object.finish();
    return group;
}

void GroupReader::readName(const ObjectReader &object, GroupSpec &group)
{
    const auto name = object.string(QStringLiteral("name"), Need::Required);
    if (!name) {
        m_context.groups.complete = false;
        return;
    }
    const JsonNode &nameNode = *object.field(QStringLiteral("name"));
    if (!isValidResourceName(*name, ScenarioLimits::maxGroupNameLength)) {
        m_context.diagnostics.error(nameNode, object.pathOf(QStringLiteral("name")),
            tr("expected a group name of letters, digits, '%', '|', '_' or '-' "
               "(at most %1 characters), got %2")
                .arg(ScenarioLimits::maxGroupNameLength)
                .arg(nameNode.describe()));
    }
    group.name = *name;
    m_context.addName(
        m_context.groups, *name, nameNode, object.pathOf(QStringLiteral("name")), tr("group"));
}

// How the group consumes: model, mode, start position, notifications, PULL or POP, client type.
void GroupReader::readModes(const ObjectReader &object, GroupSpec &group)
{
    static const QStringList models
        = { QStringLiteral("CLUSTERING"), QStringLiteral("BROADCASTING") };
    static const QStringList modes = { QStringLiteral("CONCURRENTLY"), QStringLiteral("ORDERLY") };
    static const QStringList positions = { QStringLiteral("CONSUME_FROM_LAST_OFFSET"),
        QStringLiteral("CONSUME_FROM_FIRST_OFFSET"), QStringLiteral("CONSUME_FROM_TIMESTAMP") };
    static const QStringList requestModes = { QStringLiteral("PULL"), QStringLiteral("POP") };
    static const QStringList consumerTypes = { QStringLiteral("push"), QStringLiteral("simple") };
    if (const auto model = object.choice(QStringLiteral("messageModel"), models)) {
        group.messageModel = MessageModel(*model);
    }
    if (const auto mode = object.choice(QStringLiteral("consumeMode"), modes)) {
        group.consumeMode = ConsumeMode(*mode);
    }
    if (const auto where = object.choice(QStringLiteral("consumeFromWhere"), positions)) {
        group.consumeFromWhere = ConsumeFromWhere(*where);
    }
    if (const auto notify = object.boolean(QStringLiteral("notifyConsumerIdsChangedEnable"))) {
        group.notifyConsumerIdsChangedEnable = *notify;
    }
    if (const auto mode = object.choice(QStringLiteral("messageRequestMode"), requestModes)) {
        group.messageRequestMode = MessageRequestMode(*mode);
    }
    // SetConsumeModeSubCommand's -q; ScenarioLimits::maxConsumersPerGroup bounds a useful share.
    if (const auto share = object.integer(
            QStringLiteral("popShareQueueNum"), -1, ScenarioLimits::maxConsumersPerGroup)) {
        group.popShareQueueNum = qint32(*share);
        if (!group.pop()) {
            m_context.diagnostics.warning(*object.field(QStringLiteral("popShareQueueNum")),
                object.pathOf(QStringLiteral("popShareQueueNum")),
                tr("popShareQueueNum is only used with messageRequestMode POP"));
        }
    }
    if (const auto type = object.choice(QStringLiteral("consumerType"), consumerTypes)) {
        group.consumerType = ConsumerType(*type);
    }
}

// The SimpleConsumer's receive loop: warned about in other groups.
void GroupReader::readSimpleConsumer(const ObjectReader &object, GroupSpec &group)
{
    // ProxyConfig: long polling 5–20 s is the proxy's clamp (awaitDuration may ask for more);
    // invisibleDuration minInvisibleTimeMillsForRecv 10 s … maxInvisibleTimeMills 12 h;
    // maxMessageNum is capped at 32 by the proxy (MAX_MSG_NUMS_FOR_POP_REQUEST).
    if (const auto await = object.duration(QStringLiteral("awaitDuration"), 0, 12 * kHour)) {
        group.awaitDuration = *await;
    }
    if (const auto invisible
        = object.duration(QStringLiteral("invisibleDuration"), 10 * kSecond, 12 * kHour)) {
        group.invisibleDuration = *invisible;
    }
    if (const auto n = object.integer(QStringLiteral("maxMessageNum"), 1, 32)) {
        group.maxMessageNum = qint32(*n);
    }
    for (const char *field : { "awaitDuration", "invisibleDuration", "maxMessageNum" }) {
        const QString key = QString::fromLatin1(field);
        if (!group.simple() && object.field(key)) {
            m_context.diagnostics.warning(*object.field(key), object.pathOf(key),
                tr("%1 is only used with consumerType simple").arg(key));
        }
    }
}

// Modes that do not go together, and the start timestamp of CONSUME_FROM_TIMESTAMP.
void GroupReader::checkModes(const ObjectReader &object, GroupSpec &group)
{
    DiagnosticList &diagnostics = m_context.diagnostics;
    if (group.simple() && group.messageModel == MessageModel::Broadcasting) {
        diagnostics.error(*object.field(QStringLiteral("consumerType")),
            object.pathOf(QStringLiteral("consumerType")),
            tr("a SimpleConsumer group is CLUSTERING (gRPC clients have no BROADCASTING)"));
    }
    if (group.pop() && group.messageModel == MessageModel::Broadcasting) {
        // RebalancePushImpl.clientRebalance: BROADCASTING always rebalances on the client.
        diagnostics.warning(*object.field(QStringLiteral("messageRequestMode")),
            object.pathOf(QStringLiteral("messageRequestMode")),
            tr("POP is ignored for a BROADCASTING group (RocketMQ rebalances it on the client)"));
    }
    if (group.pop() && group.consumeMode == ConsumeMode::Orderly) {
        diagnostics.warning(*object.field(QStringLiteral("messageRequestMode")),
            object.pathOf(QStringLiteral("messageRequestMode")),
            tr("POP is ignored for an ORDERLY group (RocketMQ rebalances it on the client)"));
    }
    if (const auto timestamp = object.duration(
            QStringLiteral("consumeTimestamp"), 0, ScenarioLimits::maxConsumeTimestamp)) {
        group.consumeTimestamp = *timestamp;
        if (group.consumeFromWhere != ConsumeFromWhere::Timestamp) {
            diagnostics.warning(*object.field(QStringLiteral("consumeTimestamp")),
                object.pathOf(QStringLiteral("consumeTimestamp")),
                tr("consumeTimestamp is only used with CONSUME_FROM_TIMESTAMP"));
        }
    }
}

// The strategy: its name, its parameters, and whether consumers may rely on it.
bool GroupReader::readStrategy(const ObjectReader &object, const JsonNode &node, GroupSpec &group)
{
    const JsonNode *strategyNode = object.field(QStringLiteral("strategy"));
    bool strategyUsable = true;
    if (strategyNode) {
        const auto strategy
            = m_context.values.string(*strategyNode, object.pathOf(QStringLiteral("strategy")));
        strategyUsable = strategy.has_value();
        group.strategy = strategy.value_or(group.strategy);
    }
    const JsonNode *paramsNode = object.field(QStringLiteral("strategyParams"));
    if (paramsNode && paramsNode->isObject()) {
        group.strategyParams = paramsNode->toVariant().toMap();
    } else if (paramsNode) {
        m_context.diagnostics.error(*paramsNode, object.pathOf(QStringLiteral("strategyParams")),
            tr("expected an object of strategy parameters, got %1").arg(paramsNode->describe()));
        strategyUsable = false;
    }
    if (strategyUsable) {
        m_context.checkStrategy(group.strategy, group.strategyParams, group.topics.value(0),
            strategyNode ? *strategyNode : node, object.pathOf(QStringLiteral("strategy")),
            paramsNode, object.pathOf(QStringLiteral("strategyParams")));
    }
    // A strategy the registry does not know would make every consumer's parameters an error too.
    return strategyUsable && (!m_context.registry || m_context.registry->find(group.strategy));
}

void GroupReader::readConsumers(const ObjectReader &object, GroupSpec &group, bool strategyUsable)
{
    const JsonNode *consumers = object.field(
        QStringLiteral("consumers"), Need::Required, tr("an array of consumers, possibly empty"));
    if (!consumers) {
        m_context.consumersComplete = false;
        return;
    }
    const QString consumersPath = object.pathOf(QStringLiteral("consumers"));
    if (!consumers->isArray()) {
        m_context.diagnostics.error(*consumers, consumersPath,
            tr("expected an array of consumers, got %1").arg(consumers->describe()));
        m_context.consumersComplete = false;
        return;
    }
    if (consumers->size() > ScenarioLimits::maxConsumersPerGroup) {
        // Not read one by one: a file of 100,000 consumers would only give more errors.
        m_context.diagnostics.error(*consumers, consumersPath,
            tr("%1 consumers; the ceiling is %2 per group (scenario-format.md, \"Limits\")")
                .arg(consumers->size())
                .arg(ScenarioLimits::maxConsumersPerGroup));
        m_context.consumersComplete = false;
        return;
    }
    ConsumerReader reader(m_context);
    const ConsumerReader::GroupContext context { group.name,
        strategyUsable ? std::optional<QString>(group.strategy) : std::nullopt,
        group.topics.value(0), group.topics };
    for (qsizetype i = 0; i < consumers->size(); ++i) {
        if (auto consumer = reader.read(
                consumers->items()[size_t(i)], JsonNode::indexPath(consumersPath, i), context)) {
            group.consumers.append(*consumer);
        }
    }
}

void GroupReader::readTopics(const JsonNode &node, const QString &path, GroupSpec &group)
{
    if (!node.isArray() || node.size() == 0) {
        m_context.diagnostics.error(node, path,
            tr("expected a non-empty array of topic names, got %1").arg(node.describe()));
        return;
    }
    QHash<QString, const JsonNode *> seen;
    for (qsizetype i = 0; i < node.size(); ++i) {
        const JsonNode &item = node.items()[size_t(i)];
        const QString itemPath = JsonNode::indexPath(path, i);
        const auto topic = m_context.values.string(item, itemPath);
        if (!topic) {
            continue;
        }
        if (const JsonNode *first = seen.value(*topic)) {
            m_context.diagnostics.error(item, itemPath,
                tr("topic \"%1\" is listed twice (first at line %2, column %3)")
                    .arg(*topic)
                    .arg(first->line())
                    .arg(first->column()));
            continue;
        }
        seen.insert(*topic, &item);
        if (m_context.checkName(m_context.topics, *topic, item, itemPath, tr("topic"))) {
            group.topics.append(*topic);
        }
    }
}

// Group field `offsets` (scenario-format.md, "Starting offsets"): "topic/broker/queueId" →
// committed offset. The topic must be one the group reads, the queue one of its route (the
// reader reads the topics before the groups, whatever order the file lists them in).
void GroupReader::readOffsets(const JsonNode &node, const QString &path, GroupSpec &group)
{
    DiagnosticList &diagnostics = m_context.diagnostics;
    if (!node.isObject()) {
        diagnostics.error(node, path,
            tr("expected an object of \"topic/broker/queueId\" → committed offset, got %1")
                .arg(node.describe()));
        return;
    }
    const QString retry = TopicNames::retryTopicOf(group.name);
    for (qsizetype i = 0; i < node.size(); ++i) {
        const QString key = node.keys()[i].name;
        const JsonNode &value = node.items()[size_t(i)];
        const QString memberPath = JsonNode::memberPath(path, key);
        const QStringList parts = key.split(QLatin1Char('/'));
        bool idOk = false;
        const int queueId = parts.size() == 3 ? parts[2].toInt(&idOk) : -1;
        if (!idOk || queueId < 0 || parts[1].isEmpty()
            || (!group.topics.contains(parts[0]) && parts[0] != retry)) {
            diagnostics.error(value, memberPath,
                tr("expected a queue of the group's topics as \"topic/broker/queueId\" (topics: "
                   "%1), got \"%2\"")
                    .arg(QStringList(group.topics + QStringList { retry })
                             .join(QStringLiteral(", ")),
                        key));
            continue;
        }
        if (!m_context.checkQueue(parts[0], parts[1], queueId, retry, value, memberPath)) {
            continue;
        }
        if (const auto offset
            = m_context.values.integer(value, memberPath, 0, ScenarioLimits::maxStoredMessages)) {
            group.offsets.append({ key, *offset });
        }
    }
}

} // namespace Rblab
