// SPDX-License-Identifier: Apache-2.0
// Turns the text of `mqadmin consumerConnection -g G` and `mqadmin consumerProgress -g G -s true`
// into a scenario's starting world (`rblab import-mqadmin`, docs/import.md).
#pragma once

#include "scenario/scenario.h"

#include <rblab/rblab_global.h>

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace Rblab {

/*!
    One row of ConsumerConnectionSubCommand's table:
    `printf("%-36s %-22s %-10s %s%n", clientId, clientAddr, language, versionDesc)`.
*/
struct RBLAB_ENGINE_EXPORT MqadminConnection
{
    QString clientId; //!< "10.0.0.1@12345" (ClientConfig.buildMQClientId)
    QString clientAddr; //!< the channel's remote address, "10.0.0.1:52814"
    QString language; //!< LanguageCode: JAVA, CPP, GO, …
    QString version; //!< MQVersion.Version name: V4_9_4, V5_1_4, …
    qint64 line = 0;

    friend bool operator==(const MqadminConnection &, const MqadminConnection &) = default;
};

//! ConsumerConnectionSubCommand's subscription table: `printf("%-20s %s%n", topic, subString)`.
struct RBLAB_ENGINE_EXPORT MqadminSubscription
{
    QString topic;
    QString expression;
    qint64 line = 0;

    friend bool operator==(const MqadminSubscription &, const MqadminSubscription &) = default;
};

/*!
    Which of ConsumerProgressSubCommand's tables a progress text holds. 4.9.x prints
    `#Topic #Broker Name #QID #Broker Offset #Consumer Offset [#Client IP] #Diff #LastTime`;
    5.x (develop) adds `#Inflight` (pull offset − consumer offset) after `#Diff`.
*/
enum class MqadminProgressLayout {
    Unknown,
    V49, //!< 4.9.x without -s true
    V49ClientIp, //!< 4.9.x with -s true
    V5, //!< 5.x without -s true
    V5ClientIp, //!< 5.x with -s true
};

//! One row of ConsumerProgressSubCommand's per-queue table.
struct RBLAB_ENGINE_EXPORT MqadminQueueRow
{
    QString topic;
    QString broker;
    int queueId = 0;
    qint64 brokerOffset = 0;
    qint64 consumerOffset = 0;
    QString clientIp; //!< the owner's IP (clientId before '@'); empty: no column or "N/A"
    //! The owner's whole client id when the source knows it (a live cluster's clients say
    //! which queues they hold; mqadmin prints the IP only): it then decides the holder.
    QString clientId;
    qint64 diff = 0;
    std::optional<qint64> inflight; //!< 5.x only
    QString lastTime; //!< "yyyy-MM-dd HH:mm:ss" as printed, or "N/A"
    qint64 line = 0;

    friend bool operator==(const MqadminQueueRow &, const MqadminQueueRow &) = default;
};

/*!
    A line that could not be used: `file:line: field: what was found, what was expected`.
    Errors stop the import (no scenario); warnings are lines skipped or facts the scenario cannot
    carry.
*/
struct RBLAB_ENGINE_EXPORT MqadminDiagnostic
{
    enum class Severity { Warning, Error };
    Severity severity = Severity::Warning;
    QString file;
    qint64 line = 0; //!< 0: about the whole text
    QString field;
    QString message;

    QString toString() const; //!< "progress.txt:7: warning: #Consumer Offset: …"
};

//! What ConsumerConnectionSubCommand printed, parsed.
struct RBLAB_ENGINE_EXPORT MqadminConnectionOutput
{
    QList<MqadminConnection> connections;
    QList<MqadminSubscription> subscriptions;
    QString consumeType; //!< CONSUME_PASSIVELY (push), CONSUME_ACTIVELY (pull), CONSUME_POP
    QString messageModel; //!< CLUSTERING, BROADCASTING
    QString consumeFromWhere; //!< CONSUME_FROM_LAST_OFFSET, …
    qint64 lines = 0;
    qint64 unknownLines = 0; //!< lines of no known kind (a banner, a JVM warning), counted
    QList<qint64> unknownAt; //!< their line numbers
};

//! What ConsumerProgressSubCommand printed for one group, parsed.
struct RBLAB_ENGINE_EXPORT MqadminProgressOutput
{
    MqadminProgressLayout layout = MqadminProgressLayout::Unknown;
    QList<MqadminQueueRow> rows; //!< in the printed order (MessageQueue's sort)
    std::optional<double> consumeTps;
    std::optional<qint64> diffTotal; //!< "Diff Total" (4.9) or "Consume Diff Total" (5.x)
    std::optional<qint64> inflightTotal; //!< "Consume Inflight Total" (5.x)
    qint64 lines = 0;
    qint64 unknownLines = 0;
    //! Reading stopped at more rows than a scenario can hold (an error says where).
    bool tooManyRows = false;
    QList<qint64> unknownAt; //!< their line numbers
};

struct RBLAB_ENGINE_EXPORT MqadminImportOptions
{
    QString group; //!< the group name (mqadmin's -g); neither output prints it
    bool anonymize = false; //!< ip-N, client-N, group-N, topic-N placeholders, as import-logs
    QString connectionName = QStringLiteral("connection"); //!< file names for diagnostics
    QString progressName = QStringLiteral("progress");
    QString scenarioName; //!< empty: "<group> after mqadmin"
    //! Where the outputs came from, for the scenario's description; empty: mqadmin's text.
    QString sourceEn;
    QString sourceZh;
};

struct RBLAB_ENGINE_EXPORT MqadminImport
{
    bool ok = false; //!< a scenario was built (no error diagnostic)
    Scenario scenario;
    QList<MqadminDiagnostic> diagnostics;
    MqadminConnectionOutput connection;
    MqadminProgressOutput progress;
    QStringList skippedTopics; //!< %RETRY% and %DLQ% topics left out of the world
    int assignedQueues = 0; //!< queues whose owner was matched to a consumer
    //! Lines neither parser knew (one text holding both outputs counts each line once).
    qint64 unknownLines = 0;

    QByteArray scenarioJson() const; //!< ScenarioWriter::toJson(scenario)
    int errorCount() const;
    int warningCount() const;
};

/*!
    Parses ConsumerConnectionSubCommand's output (both 4.9.x and 5.x print the same table).
    `file` names the text in diagnostics. Never fails: bad lines become diagnostics.
*/
RBLAB_ENGINE_EXPORT MqadminConnectionOutput parseMqadminConnection(
    const QString &text, const QString &file, QList<MqadminDiagnostic> *diagnostics);

//! Parses ConsumerProgressSubCommand's per-group output, 4.9.x or 5.x, with or without -s true.
RBLAB_ENGINE_EXPORT MqadminProgressOutput parseMqadminProgress(
    const QString &text, const QString &file, QList<MqadminDiagnostic> *diagnostics);

/*!
    Both outputs (either may be empty, not both) → a scenario whose world starts where the group
    stood: topics with their brokers and queue counts, the consumers by client id, each queue's
    stored history and committed offset, and the assignment the progress rows show. Text pasted
    together (both outputs in one) may be given as `connectionText` with `progressText` empty:
    the parser finds each table by its header.
*/
RBLAB_ENGINE_EXPORT MqadminImport importMqadmin(const QString &connectionText,
    const QString &progressText, const MqadminImportOptions &options);

/*!
    importMqadmin() on outputs already parsed, or gathered another way (`rblab snapshot` asks a
    live cluster the same questions over RocketMQ's remoting protocol): the same scenario, holds
    and offsets. Rows with a clientId are held by that client.
*/
RBLAB_ENGINE_EXPORT MqadminImport importMqadminOutputs(const MqadminConnectionOutput &connection,
    const MqadminProgressOutput &progress, const MqadminImportOptions &options);

} // namespace Rblab
