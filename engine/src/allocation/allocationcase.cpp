// SPDX-License-Identifier: Apache-2.0
#include "allocation/allocationcase.h"

#include "allocation/strategyregistry.h"

#include <json/jsonnode.h>
#include <json/jsonparser.h>
#include <json/jsonwriter.h>

#include <QHash>
#include <QJsonArray>
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

// The kind of a value as the messages name it ("field \"id\" must be a string, got a number").
QString typeName(const JsonNode &v)
{
    switch (v.type()) {
    case JsonNode::Type::Null:
        return QStringLiteral("null");
    case JsonNode::Type::Bool:
        return QStringLiteral("a boolean");
    case JsonNode::Type::Number:
        return QStringLiteral("a number");
    case JsonNode::Type::String:
        return QStringLiteral("a string");
    case JsonNode::Type::Array:
        return QStringLiteral("an array");
    case JsonNode::Type::Object:
        return QStringLiteral("an object");
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

/*!
    Reads one case object: a line error (the shape is wrong: a field missing or of the wrong type)
    ends the reading at once; errors about values (too long, out of range) wait until the whole
    shape is known to be right, so that a line error wins.
*/
class AllocationCaseReader
{
    Q_DECLARE_TR_FUNCTIONS(Rblab::AllocationCaseRunner)

public:
    using Outcome = AllocationCaseRunner::Outcome;

    AllocationCaseReader(const JsonNode &object, AllocationCase *out, QString *error, Outcome *kind)
        : m_object(object), m_out(out), m_error(error), m_kind(kind)
    {
    }

    bool read()
    {
        return readNames() && readParams() && readQueues() && readConsumers() && checkValues();
    }

private:
    bool lineError(const QString &message)
    {
        *m_error = message;
        *m_kind = Outcome::LineError;
        return false;
    }

    bool caseError(const QString &message)
    {
        *m_error = message;
        *m_kind = Outcome::CaseError;
        return false;
    }

    void tooLong(const QString &field, const QString &value, qsizetype ceiling)
    {
        if (m_valueError.isEmpty() && value.size() > ceiling) {
            m_valueError = tr("%1 is %2 characters long; the ceiling is %3")
                               .arg(field)
                               .arg(value.size())
                               .arg(ceiling);
        }
    }

    bool requireString(const QString &key, QString *target)
    {
        const JsonNode *v = m_object.value(key);
        if (!v) {
            return lineError(tr("missing required field \"%1\" (a string)").arg(key));
        }
        if (!v->isString()) {
            return lineError(tr("field \"%1\" must be a string, got %2").arg(key, typeName(*v)));
        }
        *target = v->text();
        return true;
    }

    bool readNames()
    {
        if (!requireString(kId, &m_out->id)
            || !requireString(QStringLiteral("strategy"), &m_out->strategy)
            || !requireString(kTopic, &m_out->topic)) {
            return false;
        }
        tooLong(kId, m_out->id, AllocationCaseLimits::maxNameLength);
        tooLong(QStringLiteral("strategy"), m_out->strategy, AllocationCaseLimits::maxNameLength);
        tooLong(kTopic, m_out->topic, AllocationCaseLimits::maxTopicLength);
        return true;
    }

    bool readParams()
    {
        const JsonNode *params = m_object.value(u"params");
        if (params && !params->isNull() && !params->isObject()) {
            return lineError(
                tr("field \"params\" must be an object, got %1").arg(typeName(*params)));
        }
        m_out->params = params && params->isObject() ? params->toVariant().toMap() : QVariantMap();
        return true;
    }

    bool readQueue(qsizetype i, const JsonNode &q)
    {
        if (!q.isObject()) {
            return lineError(tr("queues[%1] must be an object, got %2").arg(i).arg(typeName(q)));
        }
        const JsonNode *broker = q.value(kBrokerName);
        if (!broker) {
            return lineError(tr("queues[%1] lacks \"brokerName\"").arg(i));
        }
        if (!broker->isString()) {
            return lineError(
                tr("queues[%1].brokerName must be a string, got %2").arg(i).arg(typeName(*broker)));
        }
        const JsonNode *id = q.value(kQueueId);
        if (!id) {
            return lineError(tr("queues[%1] lacks \"queueId\"").arg(i));
        }
        const double idValue = id->toDouble();
        if (!id->isNumber() || idValue != std::floor(idValue) || !std::isfinite(idValue)) {
            return lineError(tr("queues[%1].queueId must be an integer, got %2")
                                 .arg(i)
                                 .arg(id->isNumber() ? QString::number(idValue) : typeName(*id)));
        }
        // An integer out of int's range is a value error, like a negative one: the shape is right.
        const bool inRange = idValue >= 0 && idValue <= 2147483647.0;
        if (m_valueError.isEmpty() && !inRange) {
            m_valueError = tr("queues[%1].queueId must be an integer from 0 to 2147483647, got %2")
                               .arg(i)
                               .arg(QString::number(idValue, 'f', 0));
        }
        tooLong(tr("queues[%1].brokerName").arg(i), broker->text(),
            AllocationCaseLimits::maxNameLength);
        m_out->queues.append(
            MessageQueue { m_out->topic, broker->text(), inRange ? int(idValue) : 0 });
        return true;
    }

    bool readQueues()
    {
        const JsonNode *queues = m_object.value(u"queues");
        if (!queues) {
            return lineError(tr(
                "missing required field \"queues\" (an array of {\"brokerName\", \"queueId\"})"));
        }
        if (!queues->isArray()) {
            return lineError(
                tr("field \"queues\" must be an array, got %1").arg(typeName(*queues)));
        }
        if (queues->size() > AllocationCaseLimits::maxQueues) {
            return caseError(tr("queues has %1 entries; the ceiling is %2")
                                 .arg(queues->size())
                                 .arg(AllocationCaseLimits::maxQueues));
        }
        m_out->queues.reserve(queues->size());
        for (qsizetype i = 0; i < queues->size(); ++i) {
            if (!readQueue(i, queues->items()[size_t(i)])) {
                return false;
            }
        }
        return true;
    }

    bool readConsumers()
    {
        const JsonNode *consumers = m_object.value(u"consumers");
        if (!consumers) {
            return lineError(tr("missing required field \"consumers\" (an array of client ids)"));
        }
        if (!consumers->isArray()) {
            return lineError(
                tr("field \"consumers\" must be an array, got %1").arg(typeName(*consumers)));
        }
        if (consumers->size() > AllocationCaseLimits::maxConsumers) {
            return caseError(tr("consumers has %1 entries; the ceiling is %2")
                                 .arg(consumers->size())
                                 .arg(AllocationCaseLimits::maxConsumers));
        }
        m_out->consumers.reserve(consumers->size());
        for (qsizetype i = 0; i < consumers->size(); ++i) {
            const JsonNode &c = consumers->items()[size_t(i)];
            if (!c.isString()) {
                return lineError(
                    tr("consumers[%1] must be a string, got %2").arg(i).arg(typeName(c)));
            }
            m_out->consumers.append(c.text());
            tooLong(tr("consumers[%1]").arg(i), c.text(), AllocationCaseLimits::maxNameLength);
        }
        return true;
    }

    // The shape is right; what follows are errors about values, answered with the case's id.
    bool checkValues()
    {
        if (!m_valueError.isEmpty()) {
            return caseError(m_valueError);
        }
        if (m_out->topic.isEmpty()) {
            return caseError(tr("topic must not be empty"));
        }
        return checkRing() && checkQueues() && checkConsumers();
    }

    // CONSISTENT_HASH (alone or inside MACHINE_ROOM_NEARBY) hashes every virtual node of the
    // ring: its cost grows with consumers × virtualNodeCount, not with the line's length.
    bool checkRing()
    {
        const QVariant nodes = m_out->params.value(QStringLiteral("virtualNodeCount"));
        const qint64 ringNodes = qint64(m_out->consumers.size())
            * (nodes.canConvert<qint64>() && nodes.toLongLong() > 0 ? nodes.toLongLong() : 10);
        if (ringNodes > AllocationCaseLimits::maxRingNodes
            && (m_out->strategy == QLatin1String("CONSISTENT_HASH")
                || m_out->params.value(QStringLiteral("inner")).toString()
                    == QLatin1String("CONSISTENT_HASH"))) {
            return caseError(tr("consumers × virtualNodeCount is %1 × %2 = %3 ring nodes; the "
                                "ceiling is %4")
                                 .arg(m_out->consumers.size())
                                 .arg(ringNodes / qMax<qsizetype>(1, m_out->consumers.size()))
                                 .arg(ringNodes)
                                 .arg(AllocationCaseLimits::maxRingNodes));
        }
        return true;
    }

    bool checkQueues()
    {
        QSet<MessageQueue> seen;
        seen.reserve(m_out->queues.size());
        for (qsizetype i = 0; i < m_out->queues.size(); ++i) {
            const MessageQueue &mq = m_out->queues.at(i);
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
        return true;
    }

    bool checkConsumers()
    {
        for (qsizetype i = 0; i < m_out->consumers.size(); ++i) {
            if (m_out->consumers.at(i).isEmpty()) {
                return caseError(tr("consumers[%1] must not be empty").arg(i));
            }
        }
        return true;
    }

    const JsonNode &m_object;
    AllocationCase *m_out;
    QString *m_error;
    Outcome *m_kind;
    QString m_valueError;
};

} // namespace

AllocationCaseRunner::AllocationCaseRunner(const StrategyRegistry &registry) : m_registry(registry)
{
}

bool AllocationCaseRunner::parse(
    const JsonNode &object, AllocationCase *out, QString *error, Outcome *kind)
{
    return AllocationCaseReader(object, out, error, kind).read();
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
    // RFC 8259 JSON through the project's reader: raw control characters in strings are
    // errors and duplicate keys are refused (a case must not mean one thing to rblab and
    // another to the tool that wrote it); a line is one row, so a position is its column.
    const JsonParser::Result parsed = JsonParser::parse(line.toByteArray());
    const auto where = [](const JsonProblem &problem) {
        return tr("at character %1%2: %3")
            .arg(problem.column)
            .arg(problem.path.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(problem.path))
            .arg(problem.message);
    };
    if (!parsed.root) {
        return lineAnswer(tr("not valid JSON %1").arg(where(parsed.problems.constFirst())));
    }
    if (!parsed.root->isObject()) {
        return lineAnswer(tr("a case must be a JSON object, got %1").arg(typeName(*parsed.root)));
    }
    if (!parsed.problems.isEmpty()) {
        return lineAnswer(where(parsed.problems.constFirst()));
    }
    AllocationCase c;
    QString error;
    Outcome kind = Outcome::Answered;
    if (!parse(*parsed.root, &c, &error, &kind)) {
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
