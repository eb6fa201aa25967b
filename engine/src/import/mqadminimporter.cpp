// SPDX-License-Identifier: Apache-2.0
// mqadmin outputs → a scenario whose world starts where the group stood (docs/import.md,
// "After an incident"; scenario-format.md, "Starting offsets and assignment").
#include "import/mqadminimporter.h"

#include "scenario/topicnames.h"
#include "scenario/scenariolimits.h"
#include "scenario/scenariowriter.h"

#include <QMap>
#include <QSet>

namespace Rblab {

namespace {

using Severity = MqadminDiagnostic::Severity;

// ip-N, client-N, group-N, topic-N numbered in the sorted order of the names (as import-logs).
class Anonymizer
{
public:
    explicit Anonymizer(bool enabled) : m_enabled(enabled) { }
    void add(const QString &kind, const QString &name)
    {
        if (!name.isEmpty()) {
            m_names[kind].insert(name);
        }
    }
    void build()
    {
        for (auto it = m_names.cbegin(); it != m_names.cend(); ++it) {
            QStringList sorted(it.value().cbegin(), it.value().cend());
            std::sort(sorted.begin(), sorted.end());
            for (qsizetype i = 0; i < sorted.size(); ++i) {
                m_map[it.key()].insert(sorted[i], QStringLiteral("%1-%2").arg(it.key()).arg(i + 1));
            }
        }
    }
    QString operator()(const QString &kind, const QString &name) const
    {
        if (!m_enabled) {
            return name;
        }
        if (kind == QLatin1String("topic") && TopicNames::isRetryTopic(name)) {
            return TopicNames::retryTopicOf(
                (*this)(QStringLiteral("group"), TopicNames::groupOfRetryTopic(name)));
        }
        return m_map.value(kind).value(name, name);
    }

private:
    bool m_enabled = false;
    QMap<QString, QSet<QString>> m_names;
    QMap<QString, QMap<QString, QString>> m_map;
};

QString ipOf(const QString &clientId)
{
    return clientId.left(clientId.indexOf(QLatin1Char('@')));
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
    QList<MqadminDiagnostic> &diag = result.diagnostics;
    const auto note = [&diag](Severity severity, const QString &file, qint64 line,
                          const QString &field, const QString &message) {
        diag.append(MqadminDiagnostic { severity, file, line, field, message });
    };
    // One text holding both outputs (a paste): both parsers read it, each its own tables.
    const bool combined = progressText.isEmpty() && !connectionText.isEmpty();
    result.connection = parseMqadminConnection(connectionText, options.connectionName, &diag);
    result.progress = parseMqadminProgress(combined ? connectionText : progressText,
        combined ? options.connectionName : options.progressName, &diag);
    const MqadminConnectionOutput &cc = result.connection;
    const MqadminProgressOutput &cp = result.progress;
    if (combined) {
        const QSet<qint64> progressUnknown(cp.unknownAt.cbegin(), cp.unknownAt.cend());
        result.unknownLines = std::count_if(cc.unknownAt.cbegin(), cc.unknownAt.cend(),
            [&](qint64 line) { return progressUnknown.contains(line); });
    } else {
        result.unknownLines = cc.unknownLines + cp.unknownLines;
    }

    if (cc.connections.isEmpty() && cp.rows.isEmpty()) {
        note(Severity::Error, combined ? options.connectionName : options.progressName, 0,
            QString(),
            QStringLiteral("no consumer connection and no queue row: give the output of mqadmin "
                           "consumerConnection -g GROUP and of mqadmin consumerProgress -g GROUP "
                           "-s true"));
        return result;
    }
    if (cp.rows.isEmpty()) {
        note(Severity::Error, options.progressName, 0, QString(),
            QStringLiteral("no queue row: the brokers and queues come from mqadmin "
                           "consumerProgress -g GROUP -s true, which is needed"));
        return result;
    }

    // The group: neither output prints it, but its retry topic names it.
    QString group = options.group;
    QString retryGroup;
    for (const MqadminSubscription &s : cc.subscriptions) {
        if (TopicNames::isRetryTopic(s.topic)) {
            retryGroup = s.topic.mid(7);
        }
    }
    for (const MqadminQueueRow &r : cp.rows) {
        if (retryGroup.isEmpty() && TopicNames::isRetryTopic(r.topic)) {
            retryGroup = r.topic.mid(7);
        }
    }
    if (group.isEmpty()) {
        group = retryGroup;
    } else if (!retryGroup.isEmpty() && retryGroup != group) {
        note(Severity::Warning, options.connectionName, 0, QStringLiteral("--group"),
            QStringLiteral("\"%1\", but the retry topic names group \"%2\"")
                .arg(group, retryGroup));
    }
    if (group.isEmpty()) {
        group = QStringLiteral("imported_group");
        note(Severity::Warning, options.connectionName, 0, QStringLiteral("--group"),
            QStringLiteral("no group name given and no %RETRY% topic to read it from: "
                           "\"imported_group\""));
    }

    // Topics, brokers and queue counts from the progress rows (the group's ConsumeStats covers
    // every queue of every subscribed topic's route).
    QMap<QString, QMap<QString, int>> queues; // topic → broker → count
    QMap<QString, QList<const MqadminQueueRow *>> rowsOf; // topic → rows
    QSet<QString> skipped;
    for (const MqadminQueueRow &r : cp.rows) {
        if (TopicNames::isRetryOrDlqTopic(r.topic)) {
            skipped.insert(r.topic);
            continue;
        }
        int &count = queues[r.topic][r.broker];
        count = std::max(count, r.queueId + 1);
        rowsOf[r.topic].append(&r);
    }
    result.skippedTopics = QStringList(skipped.cbegin(), skipped.cend());
    std::sort(result.skippedTopics.begin(), result.skippedTopics.end());
    for (auto t = queues.cbegin(); t != queues.cend(); ++t) {
        for (auto b = t.value().cbegin(); b != t.value().cend(); ++b) {
            const int rows = int(std::count_if(rowsOf[t.key()].cbegin(), rowsOf[t.key()].cend(),
                [&](const MqadminQueueRow *r) { return r->broker == b.key(); }));
            if (rows != b.value()) {
                note(Severity::Warning, options.progressName, 0, QStringLiteral("#QID"),
                    QStringLiteral("%1 on %2: %3 rows for queue ids up to %4; the missing ids "
                                   "get no history")
                        .arg(t.key(), b.key())
                        .arg(rows)
                        .arg(b.value() - 1));
            }
        }
    }
    if (queues.isEmpty()) {
        note(Severity::Error, options.progressName, 0, QStringLiteral("#Topic"),
            QStringLiteral("only %RETRY%/%DLQ% rows: no topic to build"));
        return result;
    }

    Anonymizer anon(options.anonymize);
    if (options.anonymize) {
        anon.add(QStringLiteral("group"), group);
        for (const QString &topic : queues.keys()) {
            anon.add(QStringLiteral("topic"), topic);
        }
        for (const MqadminSubscription &s : cc.subscriptions) {
            if (!TopicNames::isRetryOrDlqTopic(s.topic)) {
                anon.add(QStringLiteral("topic"), s.topic);
            }
        }
        for (const MqadminConnection &c : cc.connections) {
            anon.add(QStringLiteral("client"), c.clientId);
            anon.add(QStringLiteral("ip"), ipOf(c.clientId));
        }
        for (const MqadminQueueRow &r : cp.rows) {
            anon.add(QStringLiteral("ip"), r.clientIp);
        }
        anon.build();
    }

    Scenario &s = result.scenario;
    const QString groupName = anon(QStringLiteral("group"), group);
    s.name = options.scenarioName.isEmpty() ? QStringLiteral("%1 after mqadmin").arg(groupName)
                                            : options.scenarioName;

    // Profile from the clients' versions (MQVersion names); the progress layout only says which
    // mqadmin printed it.
    bool v4 = false;
    bool v5 = false;
    for (const MqadminConnection &c : cc.connections) {
        v4 = v4 || c.version.startsWith(QLatin1String("V4_"));
        v5 = v5 || c.version.startsWith(QLatin1String("V5_"));
        if (c.language != QLatin1String("JAVA")) {
            note(Severity::Warning, options.connectionName, c.line, QStringLiteral("#Language"),
                QStringLiteral("%1 client %2: modelled as the Java push consumer")
                    .arg(c.language, c.clientId));
        }
    }
    if (v4 && v5) {
        note(Severity::Warning, options.connectionName, 0, QStringLiteral("#Version"),
            QStringLiteral("4.x and 5.x clients in one group: the scenario uses profile 5.x"));
    }
    s.profile = v4 && !v5 ? Profile::V49 : Profile::V5;

    QSet<QString> brokers;
    for (auto t = queues.cbegin(); t != queues.cend(); ++t) {
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

    GroupSpec g;
    g.name = groupName;
    QStringList subscribed;
    for (const MqadminSubscription &sub : cc.subscriptions) {
        if (TopicNames::isRetryOrDlqTopic(sub.topic)) {
            continue;
        }
        if (!queues.contains(sub.topic)) {
            note(Severity::Warning, options.connectionName, sub.line, QStringLiteral("#Topic"),
                QStringLiteral("%1 is subscribed but has no progress row: left out (no queues "
                               "known)")
                    .arg(sub.topic));
            continue;
        }
        subscribed.append(sub.topic);
        if (sub.expression != QLatin1String("*")) {
            note(Severity::Warning, options.connectionName, sub.line,
                QStringLiteral("#SubExpression"),
                QStringLiteral("\"%1\": tag filtering is not modelled; every message counts")
                    .arg(sub.expression));
        }
    }
    if (subscribed.isEmpty()) {
        subscribed = queues.keys(); // progress alone: the topics of its rows
    }
    for (const QString &topic : std::as_const(subscribed)) {
        g.topics.append(anon(QStringLiteral("topic"), topic));
    }
    if (cc.messageModel == QLatin1String("BROADCASTING")) {
        g.messageModel = MessageModel::Broadcasting;
    }
    if (cc.consumeType == QLatin1String("CONSUME_ACTIVELY")
        || cc.consumeType == QLatin1String("CONSUME_POP")) {
        note(Severity::Warning, options.connectionName, 0, QStringLiteral("ConsumeType"),
            QStringLiteral("%1: the engine models the push consumer (CONSUME_PASSIVELY); the "
                           "scenario runs the group as push consumers")
                .arg(cc.consumeType));
    }
    if (cc.consumeFromWhere == QLatin1String("CONSUME_FROM_FIRST_OFFSET")) {
        g.consumeFromWhere = ConsumeFromWhere::FirstOffset;
    } else if (cc.consumeFromWhere == QLatin1String("CONSUME_FROM_TIMESTAMP")) {
        g.consumeFromWhere = ConsumeFromWhere::Timestamp;
        note(Severity::Warning, options.connectionName, 0, QStringLiteral("ConsumeFromWhere"),
            QStringLiteral("CONSUME_FROM_TIMESTAMP: consumeTimestamp is not printed; the "
                           "scenario keeps 30 minutes before the start"));
    } else if (!cc.consumeFromWhere.isEmpty()
        && cc.consumeFromWhere != QLatin1String("CONSUME_FROM_LAST_OFFSET")) {
        // RebalancePushImpl.computePullFromWhereWithException treats the three deprecated
        // values as CONSUME_FROM_LAST_OFFSET.
        note(Severity::Warning, options.connectionName, 0, QStringLiteral("ConsumeFromWhere"),
            QStringLiteral("%1 is deprecated; RocketMQ treats it as CONSUME_FROM_LAST_OFFSET")
                .arg(cc.consumeFromWhere));
    }

    // History and committed offsets, per queue. A broker offset above the scenario's ceiling is
    // rebased: the queue keeps its backlog (#Diff) and starts at offset 0.
    const QStringList originals = queues.keys(); // s.topics was built in this order
    for (qsizetype t = 0; t < s.topics.size(); ++t) {
        TopicSpec &topic = s.topics[t];
        const QString &original = originals[t];
        for (const MqadminQueueRow *r : rowsOf.value(original)) {
            const QString label = r->broker + QLatin1Char('/') + QString::number(r->queueId);
            qint64 stored = r->brokerOffset;
            qint64 committed = r->consumerOffset;
            if (stored > ScenarioLimits::maxStoredMessages) {
                const qint64 backlog = committed >= 0 ? stored - committed : stored;
                stored = std::min<qint64>(backlog, ScenarioLimits::maxStoredMessages);
                committed = committed >= 0 ? 0 : -1;
                note(Severity::Warning, options.progressName, r->line,
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
            if (committed >= 0 && g.messageModel == MessageModel::Clustering
                && subscribed.contains(original)) {
                g.offsets.append({ topic.name + QLatin1Char('/') + label, committed });
            }
        }
    }

    // Consumers: every connection, by client id. The progress rows name an owner by IP only
    // (clientId.split("@")[0]), so two clients on one host cannot be told apart.
    QMap<QString, QStringList> clientsOfIp;
    for (const MqadminConnection &c : cc.connections) {
        clientsOfIp[ipOf(c.clientId)].append(c.clientId);
    }
    if (cc.connections.isEmpty()) {
        // Progress alone: one consumer per owner IP, with a made-up instance name.
        QSet<QString> ips;
        for (const MqadminQueueRow &r : cp.rows) {
            if (!r.clientIp.isEmpty()) {
                ips.insert(r.clientIp);
            }
        }
        QStringList sorted(ips.cbegin(), ips.cend());
        std::sort(sorted.begin(), sorted.end());
        for (const QString &ip : std::as_const(sorted)) {
            clientsOfIp[ip].append(ip + QStringLiteral("@0"));
        }
        note(Severity::Warning, options.progressName, 0, QStringLiteral("#Client IP"),
            QStringLiteral("no consumerConnection output: %1 consumers made up from the owner "
                           "IPs, as <ip>@0")
                .arg(sorted.size()));
    }
    QMap<QString, QStringList> holds; // clientId → queue labels
    QStringList orphaned;
    const QString retryTopic = TopicNames::retryTopicOf(group);
    for (const MqadminQueueRow &r : cp.rows) {
        // The group's own retry queues are held too (the engine makes %RETRY%<group> with one
        // queue per broker); other %RETRY%/%DLQ% topics are not the group's.
        const bool retry = r.topic == retryTopic && r.queueId == 0 && brokers.contains(r.broker);
        if ((!retry && (TopicNames::isRetryOrDlqTopic(r.topic) || !subscribed.contains(r.topic)))
            || g.messageModel == MessageModel::Broadcasting) {
            continue;
        }
        const QString label = anon(QStringLiteral("topic"), r.topic) + QLatin1Char('/') + r.broker
            + QLatin1Char('/') + QString::number(r.queueId);
        if (r.clientIp.isEmpty()) {
            if (cp.layout == MqadminProgressLayout::V49ClientIp
                || cp.layout == MqadminProgressLayout::V5ClientIp) {
                orphaned.append(label);
            }
            continue;
        }
        const QStringList owners = clientsOfIp.value(r.clientIp);
        if (owners.isEmpty()) {
            note(Severity::Warning, options.progressName, r.line, QStringLiteral("#Client IP"),
                QStringLiteral("%1 holds %2 but has no connection: a client that left between "
                               "the two commands? Left unassigned")
                    .arg(anon(QStringLiteral("ip"), r.clientIp), label));
            continue;
        }
        if (owners.size() > 1) {
            note(Severity::Warning, options.progressName, r.line, QStringLiteral("#Client IP"),
                QStringLiteral("%1 runs %2 clients; %3 is given to %4 (mqadmin shows the IP "
                               "only)")
                    .arg(anon(QStringLiteral("ip"), r.clientIp))
                    .arg(owners.size())
                    .arg(label, anon(QStringLiteral("client"), owners.first())));
        }
        holds[owners.first()].append(label);
        result.assignedQueues += retry ? 0 : 1;
    }
    if (cp.layout == MqadminProgressLayout::V49 || cp.layout == MqadminProgressLayout::V5) {
        note(Severity::Warning, options.progressName, 0, QStringLiteral("#Client IP"),
            QStringLiteral("no #Client IP column (consumerProgress without -s true): the "
                           "consumers start without an assignment and rebalance at once"));
    }
    for (auto it = clientsOfIp.cbegin(); it != clientsOfIp.cend(); ++it) {
        for (const QString &clientId : it.value()) {
            ConsumerSpec c;
            c.id = anon(QStringLiteral("client"), clientId);
            c.holds = holds.value(clientId);
            g.consumers.append(c);
        }
    }
    std::sort(g.consumers.begin(), g.consumers.end(),
        [](const ConsumerSpec &a, const ConsumerSpec &b) { return a.id < b.id; });
    s.groups.append(g);

    qint64 backlog = 0;
    for (const MqadminQueueRow &r : cp.rows) {
        if (!TopicNames::isRetryOrDlqTopic(r.topic)) {
            backlog += std::max<qint64>(0, r.diff);
        }
    }
    const QString orphanText = orphaned.isEmpty()
        ? QString()
        : QStringLiteral(" %1 queues had no owner (N/A): %2.")
              .arg(orphaned.size())
              .arg(orphaned.mid(0, 8).join(QStringLiteral(", "))
                  + (orphaned.size() > 8 ? QStringLiteral(", …") : QString()));
    const QString orphanTextZh = orphaned.isEmpty()
        ? QString()
        : QStringLiteral("其中 %1 个队列无人持有（N/A）：%2。")
              .arg(orphaned.size())
              .arg(orphaned.mid(0, 8).join(QStringLiteral(", "))
                  + (orphaned.size() > 8 ? QStringLiteral(", …") : QString()));
    s.description.insert(QStringLiteral("en"),
        QStringLiteral("Starting world imported from mqadmin consumerConnection and "
                       "consumerProgress by rblab import-mqadmin: %1 consumers holding %2 queues "
                       "as mqadmin showed them, each queue's stored messages (#Broker Offset) "
                       "and committed offset (#Consumer Offset), a backlog of %3 messages.%4 "
                       "mqadmin does not show the allocation strategy: AVG is assumed. "
                       "Production rates, message sizes and consume times are not shown either: "
                       "defaults; %RETRY% and %DLQ% queues are left out.")
            .arg(g.consumers.size())
            .arg(result.assignedQueues)
            .arg(backlog)
            .arg(orphanText));
    s.description.insert(QStringLiteral("zh_CN"),
        QStringLiteral("由 rblab import-mqadmin 从 mqadmin consumerConnection 与 consumerProgress "
                       "的输出导入的初始状态：%1 个消费者按 mqadmin 所示持有 %2 个队列，"
                       "每个队列的已存消息数（#Broker Offset）与已提交位点（#Consumer Offset），"
                       "积压共 %3 条消息。%4mqadmin 不显示分配策略：假定为 AVG。"
                       "生产速率、消息大小与消费耗时也不显示：使用默认值；"
                       "%RETRY% 与 %DLQ% 队列未导入。")
            .arg(g.consumers.size())
            .arg(result.assignedQueues)
            .arg(backlog)
            .arg(orphanTextZh));
    result.ok = result.errorCount() == 0;
    return result;
}

} // namespace Rblab
