// SPDX-License-Identifier: Apache-2.0
#include "allocationcase.h"

#include "strategyregistry.h"

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

QByteArray compact(const QJsonObject &object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
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
        if (!id.isDouble() || idValue != std::floor(idValue) || std::fabs(idValue) > 2147483647.0) {
            return lineError(tr("queues[%1].queueId must be an integer, got %2")
                                 .arg(i)
                                 .arg(id.isDouble() ? QString::number(idValue) : typeName(id)));
        }
        out->queues.append(MessageQueue { out->topic, broker.toString(), int(idValue) });
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
    out->consumers.reserve(consumerArray.size());
    for (qsizetype i = 0; i < consumerArray.size(); ++i) {
        const QJsonValue c = consumerArray.at(i);
        if (!c.isString()) {
            return lineError(tr("consumers[%1] must be a string, got %2").arg(i).arg(typeName(c)));
        }
        out->consumers.append(c.toString());
    }

    // The shape is right; what follows are errors about values, answered with the case's id.
    if (out->topic.isEmpty()) {
        return caseError(tr("topic must not be empty"));
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
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(line.toByteArray(), &parseError);
    auto lineAnswer = [&](const QString &message) {
        if (outcome) {
            *outcome = Outcome::LineError;
        }
        QJsonObject o;
        o.insert(kLine, lineNumber);
        o.insert(kError, message);
        return compact(o);
    };
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
    return compact(answer(c, outcome));
}

} // namespace Rblab
