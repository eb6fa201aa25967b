// SPDX-License-Identifier: Apache-2.0
// mqadmin outputs → a scenario whose world starts where the group stood (docs/import.md,
// "After an incident"; scenario-format.md, "Starting offsets and assignment").
#include "import/mqadminimporter.h"

#include "import/anonymizer.h"
#include "scenario/topicnames.h"
#include "scenario/scenariolimits.h"
#include "scenario/scenariowriter.h"

#include <QHash>
#include <QMap>
#include <QSet>

#include <limits>

namespace Rblab {

namespace {

using Severity = MqadminDiagnostic::Severity;
using Kind = Anonymizer::Kind;

QString ipOf(const QString &clientId)
{
    return clientId.left(clientId.indexOf(QLatin1Char('@')));
}

/*!
    One import: the parsed outputs, what is known of the group so far, and the scenario being
    built, one responsibility a step (importMqadmin() calls them in order; diagnostics come in
    that order).
*/
class ScenarioBuilder
{
public:
    ScenarioBuilder(const MqadminImportOptions &options, MqadminImport *result)
        : m_options(options)
        , m_result(*result)
        , m_anon(options.anonymize)
        , m_cc(result->connection)
        , m_cp(result->progress)
    {
    }

    //! Both outputs parsed (one text may hold both); false when there is nothing to build from.
    bool parse(const QString &connectionText, const QString &progressText);
    //! The outputs in the result are enough to build from.
    bool check();
    //! The group: given, or read from its retry topic.
    void findGroup();
    //! Topics, brokers and queue counts from the progress rows; false when there is no topic.
    bool collectQueues();
    //! The names the anonymiser numbers.
    void gatherNames();
    //! The profile from the clients' versions; the topics and brokers.
    void world();
    //! The group's subscriptions, message model, consume type and where it starts.
    void group();
    //! Each queue's stored messages and the group's committed offsets.
    void history();
    //! The consumers, by client id, holding what the progress rows show.
    void consumers();
    void describe();
    //! Every step after the outputs are checked, in order.
    void build()
    {
        findGroup();
        if (!collectQueues()) {
            return;
        }
        gatherNames();
        world();
        group();
        history();
        consumers();
        describe();
        m_result.ok = m_result.errorCount() == 0;
    }

private:
    //! An error at the row that passed a scenario limit; false, for collectQueues() to return.
    bool overLimit(const MqadminQueueRow &r, const QString &field, const QString &message)
    {
        note(Severity::Error, m_options.progressName, r.line, field,
            message + QStringLiteral("; import one group's output, or fewer topics"));
        return false;
    }
    void note(Severity severity, const QString &file, qint64 line, const QString &field,
        const QString &message)
    {
        m_result.diagnostics.append(MqadminDiagnostic { severity, file, line, field, message });
    }
    //! clientId → the labels of the queues it holds; the labels of queues nobody held (N/A).
    QMap<QString, QStringList> holds(const QMap<QString, QStringList> &clientsOfIp);

    const MqadminImportOptions &m_options;
    MqadminImport &m_result;
    Anonymizer m_anon;
    const MqadminConnectionOutput &m_cc;
    const MqadminProgressOutput &m_cp;
    bool m_combined = false; //!< one text held both outputs
    QString m_group;
    QMap<QString, QMap<QString, int>> m_queues; //!< topic → broker → count
    QMap<QString, QList<const MqadminQueueRow *>> m_rowsOf; //!< topic → rows
    QSet<QString> m_brokers;
    GroupSpec m_spec;
    QStringList m_subscribed; //!< original topic names
    QStringList m_orphaned; //!< labels of queues without an owner (N/A)
};

bool ScenarioBuilder::parse(const QString &connectionText, const QString &progressText)
{
    // One text holding both outputs (a paste): both parsers read it, each its own tables.
    m_combined = progressText.isEmpty() && !connectionText.isEmpty();
    QList<MqadminDiagnostic> &diag = m_result.diagnostics;
    m_result.connection = parseMqadminConnection(connectionText, m_options.connectionName, &diag);
    m_result.progress = parseMqadminProgress(m_combined ? connectionText : progressText,
        m_combined ? m_options.connectionName : m_options.progressName, &diag);
    if (m_combined) {
        const QSet<qint64> progressUnknown(m_cp.unknownAt.cbegin(), m_cp.unknownAt.cend());
        m_result.unknownLines = std::count_if(m_cc.unknownAt.cbegin(), m_cc.unknownAt.cend(),
            [&](qint64 line) { return progressUnknown.contains(line); });
    } else {
        m_result.unknownLines = m_cc.unknownLines + m_cp.unknownLines;
    }
    return check();
}

bool ScenarioBuilder::check()
{
    if (m_cc.connections.isEmpty() && m_cp.rows.isEmpty()) {
        note(Severity::Error, m_combined ? m_options.connectionName : m_options.progressName, 0,
            QString(),
            QStringLiteral("no consumer connection and no queue row: give the output of mqadmin "
                           "consumerConnection -g GROUP and of mqadmin consumerProgress -g GROUP "
                           "-s true"));
        return false;
    }
    if (m_cp.tooManyRows) {
        return false; // the parser said where
    }
    if (m_cp.rows.isEmpty()) {
        note(Severity::Error, m_options.progressName, 0, QString(),
            QStringLiteral("no queue row: the brokers and queues come from mqadmin "
                           "consumerProgress -g GROUP -s true, which is needed"));
        return false;
    }
    return true;
}

void ScenarioBuilder::findGroup()
{
    // Neither output prints the group, but its retry topic names it.
    m_group = m_options.group;
    QString retryGroup;
    for (const MqadminSubscription &s : m_cc.subscriptions) {
        if (TopicNames::isRetryTopic(s.topic)) {
            retryGroup = TopicNames::groupOfRetryTopic(s.topic);
        }
    }
    for (const MqadminQueueRow &r : m_cp.rows) {
        if (retryGroup.isEmpty() && TopicNames::isRetryTopic(r.topic)) {
            retryGroup = TopicNames::groupOfRetryTopic(r.topic);
        }
    }
    if (m_group.isEmpty()) {
        m_group = retryGroup;
    } else if (!retryGroup.isEmpty() && retryGroup != m_group) {
        note(Severity::Warning, m_options.connectionName, 0, QStringLiteral("--group"),
            QStringLiteral("\"%1\", but the retry topic names group \"%2\"")
                .arg(m_group, retryGroup));
    }
    if (m_group.isEmpty()) {
        m_group = QStringLiteral("imported_group");
        note(Severity::Warning, m_options.connectionName, 0, QStringLiteral("--group"),
            QStringLiteral("no group name given and no %RETRY% topic to read it from: "
                           "\"imported_group\""));
    }
}

bool ScenarioBuilder::collectQueues()
{
    // The group's ConsumeStats covers every queue of every subscribed topic's route.
    // The scenario's limits are checked row by row, before anything is built from them: 600,000
    // rows took 124 s and 1.4 GB before the scenario reader refused them (issue 39).
    QSet<QString> skipped;
    QSet<QString> brokers;
    qint64 queuesInWorld = 0;
    for (const MqadminQueueRow &r : m_cp.rows) {
        if (TopicNames::isRetryOrDlqTopic(r.topic)) {
            skipped.insert(r.topic);
            continue;
        }
        const bool newTopic = !m_queues.contains(r.topic);
        const bool newBroker = !brokers.contains(r.broker);
        if (newTopic && m_queues.size() == ScenarioLimits::maxTopics) {
            return overLimit(r, QStringLiteral("#Topic"),
                QStringLiteral("a topic past the %1 a scenario holds (%2 is the %3th)")
                    .arg(ScenarioLimits::maxTopics)
                    .arg(r.topic)
                    .arg(ScenarioLimits::maxTopics + 1));
        }
        if (newBroker && brokers.size() == ScenarioLimits::maxBrokers) {
            return overLimit(r, QStringLiteral("#Broker Name"),
                QStringLiteral("a broker past the %1 a scenario holds")
                    .arg(ScenarioLimits::maxBrokers));
        }
        if (r.queueId >= ScenarioLimits::maxQueuesPerBroker) {
            return overLimit(r, QStringLiteral("#QID"),
                QStringLiteral("%1 is past the %2 queues a broker holds in a scenario")
                    .arg(r.queueId)
                    .arg(ScenarioLimits::maxQueuesPerBroker));
        }
        brokers.insert(r.broker);
        int &count = m_queues[r.topic][r.broker];
        queuesInWorld += std::max(0, r.queueId + 1 - count);
        if (queuesInWorld > ScenarioLimits::maxQueuesInWorld) {
            return overLimit(r, QStringLiteral("#QID"),
                QStringLiteral("more than the %1 queues a scenario holds in all")
                    .arg(ScenarioLimits::maxQueuesInWorld));
        }
        count = std::max(count, r.queueId + 1);
        m_rowsOf[r.topic].append(&r);
    }
    m_result.skippedTopics = QStringList(skipped.cbegin(), skipped.cend());
    std::sort(m_result.skippedTopics.begin(), m_result.skippedTopics.end());
    for (auto t = m_queues.cbegin(); t != m_queues.cend(); ++t) {
        QHash<QString, int> rowsOn; // broker → rows of this topic
        for (const MqadminQueueRow *r : std::as_const(m_rowsOf[t.key()])) {
            ++rowsOn[r->broker];
        }
        for (auto b = t.value().cbegin(); b != t.value().cend(); ++b) {
            const int rows = rowsOn.value(b.key());
            if (rows != b.value()) {
                note(Severity::Warning, m_options.progressName, 0, QStringLiteral("#QID"),
                    QStringLiteral("%1 on %2: %3 rows for queue ids up to %4; the missing ids "
                                   "get no history")
                        .arg(t.key(), b.key())
                        .arg(rows)
                        .arg(b.value() - 1));
            }
        }
    }
    if (m_queues.isEmpty()) {
        note(Severity::Error, m_options.progressName, 0, QStringLiteral("#Topic"),
            QStringLiteral("only %RETRY%/%DLQ% rows: no topic to build"));
        return false;
    }
    return true;
}

void ScenarioBuilder::gatherNames()
{
    if (!m_options.anonymize) {
        return;
    }
    m_anon.add(Kind::Group, m_group);
    for (const QString &topic : m_queues.keys()) {
        m_anon.add(Kind::Topic, topic);
    }
    for (const MqadminSubscription &s : m_cc.subscriptions) {
        if (!TopicNames::isRetryOrDlqTopic(s.topic)) {
            m_anon.add(Kind::Topic, s.topic);
        }
    }
    for (const MqadminConnection &c : m_cc.connections) {
        m_anon.add(Kind::Client, c.clientId);
        m_anon.add(Kind::Ip, ipOf(c.clientId));
    }
    for (const MqadminQueueRow &r : m_cp.rows) {
        m_anon.add(Kind::Ip, r.clientIp);
    }
    m_anon.build();
}

void ScenarioBuilder::world()
{
    Scenario &s = m_result.scenario;
    s.name = m_options.scenarioName.isEmpty()
        ? QStringLiteral("%1 after mqadmin").arg(m_anon(Kind::Group, m_group))
        : m_options.scenarioName;
    // Profile from the clients' versions (MQVersion names); the progress layout only says which
    // mqadmin printed it.
    bool v4 = false;
    bool v5 = false;
    for (const MqadminConnection &c : m_cc.connections) {
        v4 = v4 || c.version.startsWith(QLatin1String("V4_"));
        v5 = v5 || c.version.startsWith(QLatin1String("V5_"));
        if (c.language != QLatin1String("JAVA")) {
            note(Severity::Warning, m_options.connectionName, c.line, QStringLiteral("#Language"),
                QStringLiteral("%1 client %2: modelled as the Java push consumer")
                    .arg(c.language, c.clientId));
        }
    }
    if (v4 && v5) {
        note(Severity::Warning, m_options.connectionName, 0, QStringLiteral("#Version"),
            QStringLiteral("4.x and 5.x clients in one group: the scenario uses profile 5.x"));
    }
    s.profile = v4 && !v5 ? Profile::V49 : Profile::V5;
    for (auto t = m_queues.cbegin(); t != m_queues.cend(); ++t) {
        TopicSpec topic;
        topic.name = m_anon(Kind::Topic, t.key());
        for (auto b = t.value().cbegin(); b != t.value().cend(); ++b) {
            topic.queues.append({ b.key(), b.value() });
            m_brokers.insert(b.key());
        }
        s.topics.append(topic);
    }
    s.brokers = QStringList(m_brokers.cbegin(), m_brokers.cend());
    std::sort(s.brokers.begin(), s.brokers.end());
}

void ScenarioBuilder::group()
{
    GroupSpec &g = m_spec;
    g.name = m_anon(Kind::Group, m_group);
    for (const MqadminSubscription &sub : m_cc.subscriptions) {
        if (TopicNames::isRetryOrDlqTopic(sub.topic)) {
            continue;
        }
        if (!m_queues.contains(sub.topic)) {
            note(Severity::Warning, m_options.connectionName, sub.line, QStringLiteral("#Topic"),
                QStringLiteral("%1 is subscribed but has no progress row: left out (no queues "
                               "known)")
                    .arg(sub.topic));
            continue;
        }
        m_subscribed.append(sub.topic);
        if (sub.expression != QLatin1String("*")) {
            note(Severity::Warning, m_options.connectionName, sub.line,
                QStringLiteral("#SubExpression"),
                QStringLiteral("\"%1\": tag filtering is not modelled; every message counts")
                    .arg(sub.expression));
        }
    }
    if (m_subscribed.isEmpty()) {
        m_subscribed = m_queues.keys(); // progress alone: the topics of its rows
    }
    for (const QString &topic : std::as_const(m_subscribed)) {
        g.topics.append(m_anon(Kind::Topic, topic));
    }
    if (m_cc.messageModel == QLatin1String("BROADCASTING")) {
        g.messageModel = MessageModel::Broadcasting;
    }
    if (m_cc.consumeType == QLatin1String("CONSUME_ACTIVELY")
        || m_cc.consumeType == QLatin1String("CONSUME_POP")) {
        note(Severity::Warning, m_options.connectionName, 0, QStringLiteral("ConsumeType"),
            QStringLiteral("%1: the engine models the push consumer (CONSUME_PASSIVELY); the "
                           "scenario runs the group as push consumers")
                .arg(m_cc.consumeType));
    }
    const QString &from = m_cc.consumeFromWhere;
    if (from == QLatin1String("CONSUME_FROM_FIRST_OFFSET")) {
        g.consumeFromWhere = ConsumeFromWhere::FirstOffset;
    } else if (from == QLatin1String("CONSUME_FROM_TIMESTAMP")) {
        g.consumeFromWhere = ConsumeFromWhere::Timestamp;
        note(Severity::Warning, m_options.connectionName, 0, QStringLiteral("ConsumeFromWhere"),
            QStringLiteral("CONSUME_FROM_TIMESTAMP: consumeTimestamp is not printed; the "
                           "scenario keeps 30 minutes before the start"));
    } else if (!from.isEmpty() && from != QLatin1String("CONSUME_FROM_LAST_OFFSET")) {
        // RebalancePushImpl.computePullFromWhereWithException treats the three deprecated
        // values as CONSUME_FROM_LAST_OFFSET.
        note(Severity::Warning, m_options.connectionName, 0, QStringLiteral("ConsumeFromWhere"),
            QStringLiteral("%1 is deprecated; RocketMQ treats it as CONSUME_FROM_LAST_OFFSET")
                .arg(from));
    }
}

void ScenarioBuilder::history()
{
    // A broker offset above the scenario's ceiling is rebased: the queue keeps its backlog
    // (#Diff) and starts at offset 0.
    Scenario &s = m_result.scenario;
    const QStringList originals = m_queues.keys(); // s.topics was built in this order
    for (qsizetype t = 0; t < s.topics.size(); ++t) {
        TopicSpec &topic = s.topics[t];
        const QString &original = originals[t];
        for (const MqadminQueueRow *r : m_rowsOf.value(original)) {
            const QString label = r->broker + QLatin1Char('/') + QString::number(r->queueId);
            qint64 stored = r->brokerOffset;
            qint64 committed = r->consumerOffset;
            if (stored > ScenarioLimits::maxStoredMessages) {
                const qint64 backlog = committed >= 0 ? stored - committed : stored;
                stored = std::min<qint64>(backlog, ScenarioLimits::maxStoredMessages);
                committed = committed >= 0 ? 0 : -1;
                note(Severity::Warning, m_options.progressName, r->line,
                    QStringLiteral("#Broker Offset"),
                    QStringLiteral("%1 is above %2: %3 starts at offset 0 with its backlog of %4")
                        .arg(r->brokerOffset)
                        .arg(ScenarioLimits::maxStoredMessages)
                        .arg(label)
                        .arg(stored));
            }
            if (stored > 0) {
                topic.storedPerQueue.append({ label, stored });
            }
            if (committed >= 0 && m_spec.messageModel == MessageModel::Clustering
                && m_subscribed.contains(original)) {
                m_spec.offsets.append({ topic.name + QLatin1Char('/') + label, committed });
            }
        }
    }
}

QMap<QString, QStringList> ScenarioBuilder::holds(const QMap<QString, QStringList> &clientsOfIp)
{
    QMap<QString, QStringList> holds; // clientId → queue labels
    const QString retryTopic = TopicNames::retryTopicOf(m_group);
    for (const MqadminQueueRow &r : m_cp.rows) {
        // The group's own retry queues are held too (the engine makes %RETRY%<group> with one
        // queue per broker); other %RETRY%/%DLQ% topics are not the group's.
        const bool retry = r.topic == retryTopic && r.queueId == 0 && m_brokers.contains(r.broker);
        if ((!retry && (TopicNames::isRetryOrDlqTopic(r.topic) || !m_subscribed.contains(r.topic)))
            || m_spec.messageModel == MessageModel::Broadcasting) {
            continue;
        }
        const QString label = m_anon(Kind::Topic, r.topic) + QLatin1Char('/') + r.broker
            + QLatin1Char('/') + QString::number(r.queueId);
        if (r.clientIp.isEmpty()) {
            if (m_cp.layout == MqadminProgressLayout::V49ClientIp
                || m_cp.layout == MqadminProgressLayout::V5ClientIp) {
                m_orphaned.append(label);
            }
            continue;
        }
        const QStringList sameIp = clientsOfIp.value(r.clientIp);
        if (!r.clientId.isEmpty() && sameIp.contains(r.clientId)) {
            holds[r.clientId].append(label); // the client said so: no guess by IP
            m_result.assignedQueues += retry ? 0 : 1;
            continue;
        }
        const QStringList owners = sameIp;
        if (owners.isEmpty()) {
            note(Severity::Warning, m_options.progressName, r.line, QStringLiteral("#Client IP"),
                QStringLiteral("%1 holds %2 but has no connection: a client that left between "
                               "the two commands? Left unassigned")
                    .arg(m_anon(Kind::Ip, r.clientIp), label));
            continue;
        }
        if (owners.size() > 1) {
            note(Severity::Warning, m_options.progressName, r.line, QStringLiteral("#Client IP"),
                QStringLiteral("%1 runs %2 clients; %3 is given to %4 (mqadmin shows the IP "
                               "only)")
                    .arg(m_anon(Kind::Ip, r.clientIp))
                    .arg(owners.size())
                    .arg(label, m_anon(Kind::Client, owners.first())));
        }
        holds[owners.first()].append(label);
        m_result.assignedQueues += retry ? 0 : 1;
    }
    return holds;
}

void ScenarioBuilder::consumers()
{
    // Every connection, by client id. The progress rows name an owner by IP only
    // (clientId.split("@")[0]), so two clients on one host cannot be told apart.
    QMap<QString, QStringList> clientsOfIp;
    for (const MqadminConnection &c : m_cc.connections) {
        clientsOfIp[ipOf(c.clientId)].append(c.clientId);
    }
    if (m_cc.connections.isEmpty()) {
        // Progress alone: one consumer per owner IP, with a made-up instance name.
        QSet<QString> ips;
        for (const MqadminQueueRow &r : m_cp.rows) {
            if (!r.clientIp.isEmpty()) {
                ips.insert(r.clientIp);
            }
        }
        QStringList sorted(ips.cbegin(), ips.cend());
        std::sort(sorted.begin(), sorted.end());
        for (const QString &ip : std::as_const(sorted)) {
            clientsOfIp[ip].append(ip + QStringLiteral("@0"));
        }
        note(Severity::Warning, m_options.progressName, 0, QStringLiteral("#Client IP"),
            QStringLiteral("no consumerConnection output: %1 consumers made up from the owner "
                           "IPs, as <ip>@0")
                .arg(sorted.size()));
    }
    const QMap<QString, QStringList> held = holds(clientsOfIp);
    if (m_cp.layout == MqadminProgressLayout::V49 || m_cp.layout == MqadminProgressLayout::V5) {
        note(Severity::Warning, m_options.progressName, 0, QStringLiteral("#Client IP"),
            QStringLiteral("no #Client IP column (consumerProgress without -s true): the "
                           "consumers start without an assignment and rebalance at once"));
    }
    for (auto it = clientsOfIp.cbegin(); it != clientsOfIp.cend(); ++it) {
        for (const QString &clientId : it.value()) {
            ConsumerSpec c;
            c.id = m_anon(Kind::Client, clientId);
            c.holds = held.value(clientId);
            m_spec.consumers.append(c);
        }
    }
    std::sort(m_spec.consumers.begin(), m_spec.consumers.end(),
        [](const ConsumerSpec &a, const ConsumerSpec &b) { return a.id < b.id; });
    m_result.scenario.groups.append(m_spec);
}

void ScenarioBuilder::describe()
{
    qint64 backlog = 0;
    for (const MqadminQueueRow &r : m_cp.rows) {
        if (!TopicNames::isRetryOrDlqTopic(r.topic)) {
            // Saturated: #Diff is whatever was pasted (four rows of 9·10¹⁸ overflowed).
            if (__builtin_add_overflow(backlog, std::max<qint64>(0, r.diff), &backlog)) {
                backlog = std::numeric_limits<qint64>::max();
            }
        }
    }
    const QString orphans = m_orphaned.mid(0, 8).join(QStringLiteral(", "))
        + (m_orphaned.size() > 8 ? QStringLiteral(", …") : QString());
    const QString orphanText = m_orphaned.isEmpty()
        ? QString()
        : QStringLiteral(" %1 queues had no owner (N/A): %2.").arg(m_orphaned.size()).arg(orphans);
    const QString orphanTextZh = m_orphaned.isEmpty()
        ? QString()
        : QStringLiteral("其中 %1 个队列无人持有（N/A）：%2。").arg(m_orphaned.size()).arg(orphans);
    const qsizetype consumers = m_spec.consumers.size();
    // From a live cluster (rblab snapshot) the holds are what the clients said.
    const bool live = !m_options.sourceEn.isEmpty();
    const QString shownBy
        = live ? QStringLiteral("the clients reported") : QStringLiteral("mqadmin showed");
    const QString shownByZh = live ? QStringLiteral("客户端上报") : QStringLiteral(" mqadmin 所示");
    m_result.scenario.description.insert(QStringLiteral("en"),
        (m_options.sourceEn.isEmpty()
                ? QStringLiteral("Starting world imported from mqadmin consumerConnection and "
                                 "consumerProgress by rblab import-mqadmin")
                : m_options.sourceEn)
            + QStringLiteral(
                ": %1 consumers holding %2 queues "
                "as %5 them, each queue's stored messages (#Broker Offset) "
                "and committed offset (#Consumer Offset), a backlog of %3 messages.%4 "
                "mqadmin does not show the allocation strategy: AVG is assumed. "
                "Production rates, message sizes and consume times are not shown either: "
                "defaults; %RETRY% and %DLQ% queues are left out.")
                  .arg(consumers)
                  .arg(m_result.assignedQueues)
                  .arg(backlog)
                  .arg(orphanText, shownBy));
    m_result.scenario.description.insert(QStringLiteral("zh_CN"),
        (m_options.sourceZh.isEmpty()
                ? QStringLiteral("由 rblab import-mqadmin 从 mqadmin consumerConnection 与 "
                                 "consumerProgress 的输出导入的初始状态")
                : m_options.sourceZh)
            + QStringLiteral(
                "：%1 个消费者按%5持有 %2 个队列，"
                "每个队列的已存消息数（#Broker Offset）与已提交位点（#Consumer Offset），"
                "积压共 %3 条消息。%4mqadmin 不显示分配策略：假定为 AVG。"
                "生产速率、消息大小与消费耗时也不显示：使用默认值；"
                "%RETRY% 与 %DLQ% 队列未导入。")
                  .arg(consumers)
                  .arg(m_result.assignedQueues)
                  .arg(backlog)
                  .arg(orphanTextZh, shownByZh));
}

} // namespace

QByteArray MqadminImport::scenarioJson() const
{
    return ScenarioWriter::toJson(scenario);
}

int MqadminImport::errorCount() const
{
    return int(std::count_if(diagnostics.cbegin(), diagnostics.cend(),
        [](const MqadminDiagnostic &d) { return d.severity == Severity::Error; }));
}

int MqadminImport::warningCount() const
{
    return int(diagnostics.size()) - errorCount();
}

MqadminImport importMqadmin(
    const QString &connectionText, const QString &progressText, const MqadminImportOptions &options)
{
    MqadminImport result;
    ScenarioBuilder builder(options, &result);
    if (!builder.parse(connectionText, progressText)) {
        return result;
    }
    builder.build();
    return result;
}

MqadminImport importMqadminOutputs(const MqadminConnectionOutput &connection,
    const MqadminProgressOutput &progress, const MqadminImportOptions &options)
{
    MqadminImport result;
    result.connection = connection;
    result.progress = progress;
    result.unknownLines = connection.unknownLines + progress.unknownLines;
    ScenarioBuilder builder(options, &result);
    if (!builder.check()) {
        return result;
    }
    builder.build();
    return result;
}

} // namespace Rblab
