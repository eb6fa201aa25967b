// SPDX-License-Identifier: Apache-2.0
#include "allocation/allocationcase.h"

#include "allocation/strategyregistry.h"

#include <json/jsonnode.h>
#include <json/jsonparser.h>
#include <json/jsonwriter.h>

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QSet>

#include <cmath>

namespace Rblab {

namespace {

const QString kId = QStringLiteral("id");
const QString kError = QStringLiteral("error");
const QString kLine = QStringLiteral("line");
const QString kBrokerName = QStringLiteral("brokerName");
const QString kQueueId = QStringLiteral("queueId");
const QString kTopic = QStringLiteral("topic");

QString typeName(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Null:
        return QStringLiteral("null");
    case QJsonValue::Bool:
        return QStringLiteral("a boolean");
    case QJsonValue::Double:
        return QStringLiteral("a number");
    case QJsonValue::String:
        return QStringLiteral("a string");
    case QJsonValue::Array:
        return QStringLiteral("an array");
    case QJsonValue::Object:
        return QStringLiteral("an object");
    case QJsonValue::Undefined:
        return QStringLiteral("nothing");
    }
    return QString();
}

// Answers go through the engine's one JSON writer, members in allocate-jsonl.md's order:
// {"id": "case-17", "allocation": {…}}, {"line": 3, "error": "…"}, queues as
// {"topic", "brokerName", "queueId"}; consumers in key order.
QByteArray compact(const QJsonObject &object)
{
    static const QStringList order { QStringLiteral("id"), QStringLiteral("line"),
        QStringLiteral("topic"), QStringLiteral("brokerName"), QStringLiteral("queueId") };
    return JsonWriter::compactUtf8(JsonNode::fromJson(object, order));
}

} // namespace

AllocationCaseRunner::AllocationCaseRunner(const StrategyRegistry &registry) : m_registry(registry)
{
}

bool AllocationCaseRunner::parse(
    const QJsonObject &o, AllocationCase *out, QString *error, Outcome *kind)
{
    auto lineError = [&](const QString &message) {
        *error = message;
        *kind = Outcome::LineError;
        return false;
    };
    auto caseError = [&](const QString &message) {
        *error = message;
        *kind = Outcome::CaseError;
        return false;
    };
    auto requireString = [&](const QString &key, QString *target) {
        const QJsonValue v = o.value(key);
        if (v.isUndefined()) {
            return lineError(tr("missing required field \"%1\" (a string)").arg(key));
        }
        if (!v.isString()) {
            return lineError(tr("field \"%1\" must be a string, got %2").arg(key, typeName(v)));
        }
        *target = v.toString();
        return true;
    };
    if (!requireString(kId, &out->id) || !requireString(QStringLiteral("strategy"), &out->strategy)
        || !requireString(kTopic, &out->topic)) {
        return false;
    }
    // Errors about values wait until the whole shape is known to be right (a line error wins).
    QString valueError;
    auto tooLong = [&](const QString &field, const QString &value, qsizetype ceiling) {
        if (valueError.isEmpty() && value.size() > ceiling) {
            valueError = tr("%1 is %2 characters long; the ceiling is %3")
                             .arg(field)
                             .arg(value.size())
                             .arg(ceiling);
        }
    };
    tooLong(kId, out->id, AllocationCaseLimits::maxNameLength);
    tooLong(QStringLiteral("strategy"), out->strategy, AllocationCaseLimits::maxNameLength);
    tooLong(kTopic, out->topic, AllocationCaseLimits::maxTopicLength);
    const QJsonValue params = o.value(QStringLiteral("params"));
    if (!params.isUndefined() && !params.isNull() && !params.isObject()) {
        return lineError(tr("field \"params\" must be an object, got %1").arg(typeName(params)));
    }
    out->params = params.toObject().toVariantMap();

    const QJsonValue queues = o.value(QStringLiteral("queues"));
    if (queues.isUndefined()) {
        return lineError(
            tr("missing required field \"queues\" (an array of {\"brokerName\", \"queueId\"})"));
    }
    if (!queues.isArray()) {
        return lineError(tr("field \"queues\" must be an array, got %1").arg(typeName(queues)));
    }
    const QJsonArray queueArray = queues.toArray();
    if (queueArray.size() > AllocationCaseLimits::maxQueues) {
        return caseError(tr("queues has %1 entries; the ceiling is %2")
                             .arg(queueArray.size())
                             .arg(AllocationCaseLimits::maxQueues));
    }
    out->queues.reserve(queueArray.size());
    for (qsizetype i = 0; i < queueArray.size(); ++i) {
        const QJsonValue q = queueArray.at(i);
        if (!q.isObject()) {
            return lineError(tr("queues[%1] must be an object, got %2").arg(i).arg(typeName(q)));
        }
        const QJsonObject qo = q.toObject();
        const QJsonValue broker = qo.value(kBrokerName);
        if (broker.isUndefined()) {
            return lineError(tr("queues[%1] lacks \"brokerName\"").arg(i));
        }
        if (!broker.isString()) {
            return lineError(
                tr("queues[%1].brokerName must be a string, got %2").arg(i).arg(typeName(broker)));
        }
        const QJsonValue id = qo.value(kQueueId);
        if (id.isUndefined()) {
            return lineError(tr("queues[%1] lacks \"queueId\"").arg(i));
        }
        const double idValue = id.toDouble();
        if (!id.isDouble() || idValue != std::floor(idValue) || !std::isfinite(idValue)) {
            return lineError(tr("queues[%1].queueId must be an integer, got %2")
                                 .arg(i)
                                 .arg(id.isDouble() ? QString::number(idValue) : typeName(id)));
        }
        // An integer out of int's range is a value error, like a negative one: the shape is right.
        if (valueError.isEmpty() && (idValue < 0 || idValue > 2147483647.0)) {
            valueError = tr("queues[%1].queueId must be an integer from 0 to 2147483647, got %2")
                             .arg(i)
                             .arg(QString::number(idValue, 'f', 0));
        }
        tooLong(tr("queues[%1].brokerName").arg(i), broker.toString(),
            AllocationCaseLimits::maxNameLength);
        out->queues.append(MessageQueue { out->topic, broker.toString(),
            idValue >= 0 && idValue <= 2147483647.0 ? int(idValue) : 0 });
    }

    const QJsonValue consumers = o.value(QStringLiteral("consumers"));
    if (consumers.isUndefined()) {
        return lineError(tr("missing required field \"consumers\" (an array of client ids)"));
    }
    if (!consumers.isArray()) {
        return lineError(
            tr("field \"consumers\" must be an array, got %1").arg(typeName(consumers)));
    }
    const QJsonArray consumerArray = consumers.toArray();
    if (consumerArray.size() > AllocationCaseLimits::maxConsumers) {
        return caseError(tr("consumers has %1 entries; the ceiling is %2")
                             .arg(consumerArray.size())
                             .arg(AllocationCaseLimits::maxConsumers));
    }
    out->consumers.reserve(consumerArray.size());
    for (qsizetype i = 0; i < consumerArray.size(); ++i) {
        const QJsonValue c = consumerArray.at(i);
        if (!c.isString()) {
            return lineError(tr("consumers[%1] must be a string, got %2").arg(i).arg(typeName(c)));
        }
        out->consumers.append(c.toString());
        tooLong(tr("consumers[%1]").arg(i), out->consumers.constLast(),
            AllocationCaseLimits::maxNameLength);
    }

    // The shape is right; what follows are errors about values, answered with the case's id.
    if (!valueError.isEmpty()) {
        return caseError(valueError);
    }
    if (out->topic.isEmpty()) {
        return caseError(tr("topic must not be empty"));
    }
    // CONSISTENT_HASH (alone or inside MACHINE_ROOM_NEARBY) hashes every virtual node of the
    // ring: its cost grows with consumers × virtualNodeCount, not with the line's length.
    const QVariant nodes = out->params.value(QStringLiteral("virtualNodeCount"));
    const qint64 ringNodes = qint64(out->consumers.size())
        * (nodes.canConvert<qint64>() && nodes.toLongLong() > 0 ? nodes.toLongLong() : 10);
    if (ringNodes > AllocationCaseLimits::maxRingNodes
        && (out->strategy == QLatin1String("CONSISTENT_HASH")
            || out->params.value(QStringLiteral("inner")).toString()
                == QLatin1String("CONSISTENT_HASH"))) {
        return caseError(tr("consumers × virtualNodeCount is %1 × %2 = %3 ring nodes; the "
                            "ceiling is %4")
                             .arg(out->consumers.size())
                             .arg(ringNodes / qMax<qsizetype>(1, out->consumers.size()))
                             .arg(ringNodes)
                             .arg(AllocationCaseLimits::maxRingNodes));
    }
    QSet<MessageQueue> seen;
    seen.reserve(out->queues.size());
    for (qsizetype i = 0; i < out->queues.size(); ++i) {
        const MessageQueue &mq = out->queues.at(i);
        if (mq.brokerName.isEmpty()) {
            return caseError(tr("queues[%1].brokerName must not be empty").arg(i));
        }
        if (mq.queueId < 0) {
            return caseError(
                tr("queues[%1].queueId must be an integer ≥ 0, got %2").arg(i).arg(mq.queueId));
        }
        if (seen.contains(mq)) {
            return caseError(
                tr("queues[%1] repeats %2 (queues must not repeat)").arg(i).arg(mq.toString()));
        }
        seen.insert(mq);
    }
    for (qsizetype i = 0; i < out->consumers.size(); ++i) {
        if (out->consumers.at(i).isEmpty()) {
            return caseError(tr("consumers[%1] must not be empty").arg(i));
        }
    }
    return true;
}

QJsonObject AllocationCaseRunner::answer(const AllocationCase &c, Outcome *outcome) const
{
    QJsonObject result;
    result.insert(kId, c.id);
    auto fail = [&](const QString &message, Outcome kind) {
        result.insert(kError, message);
        if (outcome) {
            *outcome = kind;
        }
        return result;
    };

    // Parameters are checked even when there is nobody to allocate for.
    StrategyCreation creation = m_registry.create(c.strategy, c.params, c.topic);
    if (!creation.ok()) {
        const QString message = creation.parameter.isEmpty()
            ? creation.error
            : tr("params.%1: %2").arg(creation.parameter, creation.error);
        // A plugin that failed while constructing is RocketMQ's "strategy threw" too, but an
        // unknown name or a parameter out of range is the case's own fault.
        return fail(message, Outcome::CaseError);
    }
    if (outcome) {
        *outcome = Outcome::Answered;
    }
    QJsonObject allocation;
    if (c.consumers.isEmpty()) {
        result.insert(QStringLiteral("allocation"), allocation);
        return result;
    }
    MessageQueueList mqAll = c.queues;
    QStringList cidAll = c.consumers;
    sortRocketMq(mqAll);
    sortRocketMq(cidAll);

    const GroupAllocateResult all
        = guardedAllocateAll(*creation.strategy, QStringLiteral("rblab"), mqAll, cidAll);
    if (!all.ok()) {
        return fail(all.error, Outcome::Answered);
    }
    qint64 listed = 0;
    for (const MessageQueueList &queues : all.perConsumer) {
        listed += queues.size();
    }
    if (listed > AllocationCaseLimits::maxAnswerQueues) {
        return fail(tr("the answer would list %1 queues over %2 consumers; the ceiling is %3")
                        .arg(listed)
                        .arg(cidAll.size())
                        .arg(AllocationCaseLimits::maxAnswerQueues),
            Outcome::CaseError);
    }
    for (qsizetype i = 0; i < cidAll.size(); ++i) {
        if (allocation.contains(cidAll.at(i))) {
            continue;
        }
        QJsonArray queues;
        for (const MessageQueue &mq : all.perConsumer.at(i)) {
            QJsonObject q;
            if (mq.topic != c.topic) {
                q.insert(kTopic, mq.topic);
            }
            q.insert(kBrokerName, mq.brokerName);
            q.insert(kQueueId, mq.queueId);
            queues.append(q);
        }
        allocation.insert(cidAll.at(i), queues);
    }
    result.insert(QStringLiteral("allocation"), allocation);
    return result;
}

QByteArray AllocationCaseRunner::answerLine(
    QByteArrayView line, int lineNumber, Outcome *outcome) const
{
    return answerLine(line, lineNumber, outcome, BeforeStrategy());
}

QByteArray AllocationCaseRunner::answerLine(QByteArrayView line, int lineNumber, Outcome *outcome,
    const BeforeStrategy &beforeStrategy) const
{
    auto lineAnswer = [&](const QString &message) {
        if (outcome) {
            *outcome = Outcome::LineError;
        }
        QJsonObject o;
        o.insert(kLine, lineNumber);
        o.insert(kError, message);
        return compact(o);
    };
    if (line.size() > AllocationCaseLimits::maxLineBytes) {
        return lineAnswer(tr("the line is %1 bytes long; the ceiling is %2")
                              .arg(line.size())
                              .arg(AllocationCaseLimits::maxLineBytes));
    }
    const QByteArray bytes = line.toByteArray();
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        // Qt 6.4 parses only an object or an array at the top level (RFC 4627), so a line that
        // holds a lone string, number, boolean or null, valid JSON since RFC 8259, fails here;
        // say what it is rather than call it invalid.
        QJsonParseError wrappedError;
        const QJsonDocument wrapped
            = QJsonDocument::fromJson('[' + line.toByteArray() + ']', &wrappedError);
        if (wrappedError.error == QJsonParseError::NoError && wrapped.array().size() == 1) {
            return lineAnswer(
                tr("a case must be a JSON object, got %1").arg(typeName(wrapped.array().at(0))));
        }
        return lineAnswer(tr("not valid JSON at character %1: %2")
                              .arg(parseError.offset + 1)
                              .arg(parseError.errorString()));
    }
    if (!doc.isObject()) {
        return lineAnswer(tr("a case must be a JSON object, got an array"));
    }
    // Qt takes raw control characters in strings and the last of duplicate keys; the scenario
    // reader's parser rejects both (RFC 8259 forbids the first, leaves the second undefined), and
    // a case must not mean one thing to rblab and another to the tool that wrote it.
    const JsonParser::Result strict = JsonParser::parse(bytes);
    if (!strict.problems.isEmpty()) {
        const JsonProblem &problem = strict.problems.constFirst();
        return lineAnswer(
            tr("at character %1%2: %3")
                .arg(problem.column)
                .arg(problem.path.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(problem.path))
                .arg(problem.message));
    }
    AllocationCase c;
    QString error;
    Outcome kind = Outcome::Answered;
    if (!parse(doc.object(), &c, &error, &kind)) {
        if (kind == Outcome::LineError) {
            return lineAnswer(error);
        }
        if (outcome) {
            *outcome = Outcome::CaseError;
        }
        QJsonObject o;
        o.insert(kId, c.id);
        o.insert(kError, error);
        return compact(o);
    }
    if (beforeStrategy) {
        beforeStrategy(c);
    }
    return compact(answer(c, outcome));
}

} // namespace Rblab
