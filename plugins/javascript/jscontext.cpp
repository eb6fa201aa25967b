// SPDX-License-Identifier: Apache-2.0
#include "jscontext.h"

#include "jswatchdog.h"

#include <QHash>

#include <cmath>

using Rblab::AllocateResult;
using Rblab::GroupAllocateResult;
using Rblab::MessageQueue;
using Rblab::MessageQueueList;

namespace {

constexpr int kMaxTimeouts = 3;

// A call's errors are recorded in English, not through tr(): they go into reports, and an
// event outlives a language switch. The interface translates them when it shows them, from
// the same source texts (app/gui/simulation/strategyerrortext.cpp, issue 37 item 7).

// Keyed by program: the weak pointer lets a context die with the last strategy that used it.
thread_local QHash<const JsProgram *, std::weak_ptr<JsContext>> t_contexts;

} // namespace

std::shared_ptr<JsContext> JsContext::forCurrentThread(
    const std::shared_ptr<const JsProgram> &program)
{
    std::shared_ptr<JsContext> context = t_contexts.value(program.get()).lock();
    if (!context) {
        context.reset(new JsContext(program));
        t_contexts.insert(program.get(), context);
    }
    return context;
}

JsContext::JsContext(std::shared_ptr<const JsProgram> program) : m_program(std::move(program))
{
    // The host's own functions first, taken before the program can change the built-ins. An
    // object literal defines its properties (a setter on Object.prototype is not called);
    // QJSValue::setProperty assigns them, and an accessor "topic" on Object.prototype without
    // a setter made every queue given inherit the program's topic (issue 39: "EVIL").
    m_freeze = m_engine.evaluate(QStringLiteral("Object.freeze"));
    m_makeQueue = m_engine.evaluate(QStringLiteral(
        "(function (freeze) { return function (t, b, i) { "
        "return freeze({ topic: t, brokerName: b, queueId: i }); }; })(Object.freeze)"));
    // QJSValue::call returns a thrown value as if it were the answer (a thrown string looks like
    // a returned one), so calls go through try/catch in the engine.
    m_guard = m_engine.evaluate(
        QStringLiteral("(function (apply) { return function (f, args) { try { "
                       "return { ok: true, value: apply(f, undefined, args) }; } "
                       "catch (e) { return { ok: false, error: e }; } }; })(Reflect.apply)"));
    m_loadError = m_program->evaluateInto(m_engine);
    if (m_loadError.isNull()) {
        m_allocate = m_engine.evaluate(QStringLiteral("allocate"));
        const QJSValue all = m_engine.evaluate(QStringLiteral("typeof allocateAll === 'function' ? "
                                                              "allocateAll : undefined"));
        if (all.isCallable()) {
            m_allocateAll = all;
        }
        if (!m_allocate.isCallable()) {
            m_loadError = tr("%1: has no function allocate").arg(m_program->where(1));
        }
    }
}

QJSValue JsContext::queueValue(const MessageQueue &queue)
{
    return m_makeQueue.call(
        { QJSValue(queue.topic), QJSValue(queue.brokerName), QJSValue(queue.queueId) });
}

QJSValue JsContext::queueArray(const MessageQueueList &mqAll)
{
    if (m_lastQueuesValue.isUndefined() || mqAll != m_lastQueues) {
        QJSValue array = m_engine.newArray(quint32(mqAll.size()));
        for (qsizetype i = 0; i < mqAll.size(); ++i) {
            array.setProperty(quint32(i), queueValue(mqAll.at(i)));
        }
        m_lastQueues = mqAll;
        m_lastQueuesValue = array;
    }
    // A copy per call: a strategy may sort or splice its list; the queues themselves are frozen.
    return m_lastQueuesValue.property(QStringLiteral("slice")).callWithInstance(m_lastQueuesValue);
}

QJSValue JsContext::idArray(const QStringList &cidAll)
{
    if (m_lastIdsValue.isUndefined() || cidAll != m_lastIds) {
        m_lastIds = cidAll;
        m_lastIdsValue = m_engine.toScriptValue(cidAll);
    }
    return m_lastIdsValue.property(QStringLiteral("slice")).callWithInstance(m_lastIdsValue);
}

QJSValue JsContext::paramsObject(const QVariantMap &params)
{
    QJSValue object = m_engine.newObject();
    for (auto it = params.cbegin(); it != params.cend(); ++it) {
        const QVariant &v = it.value();
        if (v.metaType() == QMetaType::fromType<MessageQueueList>()) {
            const MessageQueueList list = v.value<MessageQueueList>();
            QJSValue array = m_engine.newArray(quint32(list.size()));
            for (qsizetype i = 0; i < list.size(); ++i) {
                array.setProperty(quint32(i), queueValue(list.at(i)));
            }
            object.setProperty(it.key(), array);
        } else {
            object.setProperty(it.key(), m_engine.toScriptValue(v));
        }
    }
    return m_freeze.call({ object });
}

bool JsContext::call(QJSValue &function, const QJSValueList &args, int line,
    const AnswerReader &read, QString *error)
{
    if (m_timeouts >= kMaxTimeouts) {
        *error = QStringLiteral(
            "not run: its last %1 calls ran longer than the time limit of %2 ms; it "
            "runs again when the file is loaded again (%3)")
                     .arg(kMaxTimeouts)
                     .arg(m_program->timeLimit.count())
                     .arg(m_program->where(line));
        return false;
    }
    JsWatchdog &watchdog = JsWatchdog::instance();
    const quint64 ticket = watchdog.arm(&m_engine, m_program->timeLimit);
    QJSValue array = m_engine.newArray(quint32(args.size()));
    for (qsizetype i = 0; i < args.size(); ++i) {
        array.setProperty(quint32(i), args.at(i));
    }
    const QJSValue outcome = m_guard.call({ function, array });
    QString failure;
    if (outcome.isError() || m_engine.hasError()) {
        const QJSValue thrown = m_engine.hasError() ? m_engine.catchError() : outcome;
        failure = JsProgram::errorText(thrown, m_program->path);
    } else if (!outcome.property(QStringLiteral("ok")).toBool()) {
        failure = JsProgram::errorText(outcome.property(QStringLiteral("error")), m_program->path);
    } else if (!m_engine.isInterrupted()) {
        // Still under the limit: the answer's getters and proxies are the program's code too.
        read(outcome.property(QStringLiteral("value")), &failure);
    }
    const bool interrupted = watchdog.disarm(ticket);
    if (interrupted) {
        ++m_timeouts;
        // As RocketMQ reports a strategy that throws: the round is skipped.
        // The engine unwinds an interrupted call without a line: the loop is found in the source.
        *error
            = QStringLiteral("interrupted: the call ran longer than the time limit of %1 ms (%2)")
                  .arg(m_program->timeLimit.count())
                  .arg(m_program->where(m_program->stuckLine(line)));
        m_engine.catchError();
        return false;
    }
    m_timeouts = 0;
    if (!failure.isNull()) {
        *error = failure;
        return false;
    }
    return true;
}

bool JsContext::readQueues(const QJSValue &answer, int line, qsizetype most,
    MessageQueueList *queues, QString *error) const
{
    if (!answer.isArray()) {
        *error = QStringLiteral(
            "bad answer: allocate must return an array of queues, it returned %1 (%2)")
                     .arg(answer.isUndefined() ? QStringLiteral("undefined") : answer.toString(),
                         m_program->where(line));
        return false;
    }
    const quint32 n = answer.property(QStringLiteral("length")).toUInt();
    if (qsizetype(n) > most) {
        // More queues than were given cannot be an assignment (and a length of 2³² − 1 would
        // keep the host reading holes for minutes).
        *error = QStringLiteral("bad answer: %1 queues, more than the %2 given (%3)")
                     .arg(n)
                     .arg(most)
                     .arg(m_program->where(line));
        return false;
    }
    const QString topicKey = QStringLiteral("topic");
    const QString brokerKey = QStringLiteral("brokerName");
    const QString idKey = QStringLiteral("queueId");
    queues->reserve(n);
    for (quint32 i = 0; i < n && !m_engine.isInterrupted(); ++i) {
        const QJSValue q = answer.property(i);
        // Own properties only: what a program put on Object.prototype is not the queue's.
        const bool own = q.isObject() && q.hasOwnProperty(topicKey) && q.hasOwnProperty(brokerKey)
            && q.hasOwnProperty(idKey);
        const QJSValue topic = own ? q.property(topicKey) : QJSValue();
        const QJSValue broker = own ? q.property(brokerKey) : QJSValue();
        const QJSValue id = own ? q.property(idKey) : QJSValue();
        const double number = id.toNumber();
        if (!own || !topic.isString() || !broker.isString() || !id.isNumber()
            || number != std::floor(number) || number < 0 || number > 2147483647.0) {
            *error = QStringLiteral(
                "bad answer: element %1 is not a queue {topic, brokerName, queueId} (%2)")
                         .arg(i)
                         .arg(m_program->where(line));
            return false;
        }
        queues->append(MessageQueue { topic.toString(), broker.toString(), int(number) });
    }
    return true;
}

AllocateResult JsContext::allocate(const QString &consumerGroup, const QString &currentCid,
    const MessageQueueList &mqAll, const QStringList &cidAll, const QVariantMap &params)
{
    if (!m_loadError.isNull()) {
        return AllocateResult::failure(m_loadError);
    }
    QString error;
    AllocateResult result;
    const auto read = [&](const QJSValue &answer, QString *why) {
        return readQueues(answer, m_program->allocateLine, mqAll.size(), &result.queues, why);
    };
    if (!call(m_allocate,
            { QJSValue(consumerGroup), QJSValue(currentCid), queueArray(mqAll), idArray(cidAll),
                paramsObject(params) },
            m_program->allocateLine, read, &error)) {
        result.queues.clear();
        return AllocateResult::failure(
            QStringLiteral("strategy %1 threw an exception: %2").arg(m_program->name, error));
    }
    return result;
}

GroupAllocateResult JsContext::allocateAll(const QString &consumerGroup,
    const MessageQueueList &mqAll, const QStringList &cidAll, const QVariantMap &params)
{
    GroupAllocateResult result;
    if (!m_loadError.isNull()) {
        result.error = m_loadError;
        return result;
    }
    if (m_allocateAll.isUndefined()) {
        // No allocateAll in the file: each member's own call, converting the lists once.
        const QJSValue paramsValue = paramsObject(params);
        result.perConsumer.resize(cidAll.size());
        QHash<QString, qsizetype> first;
        for (qsizetype i = 0; i < cidAll.size(); ++i) {
            const auto seen = first.constFind(cidAll.at(i));
            if (seen != first.cend()) {
                result.perConsumer[i] = result.perConsumer.at(*seen);
                continue;
            }
            first.insert(cidAll.at(i), i);
            QString error;
            const auto read = [&](const QJSValue &answer, QString *why) {
                return readQueues(
                    answer, m_program->allocateLine, mqAll.size(), &result.perConsumer[i], why);
            };
            if (!call(m_allocate,
                    { QJSValue(consumerGroup), QJSValue(cidAll.at(i)), queueArray(mqAll),
                        idArray(cidAll), paramsValue },
                    m_program->allocateLine, read, &error)) {
                result.perConsumer.clear();
                result.error = QStringLiteral("strategy %1 threw an exception: %2")
                                   .arg(m_program->name, error);
                return result;
            }
        }
        return result;
    }
    QString error;
    const int line = m_program->allocateAllLine;
    const auto read = [&](const QJSValue &answer, QString *why) {
        if (!answer.isArray()) {
            *why = QStringLiteral(
                "bad answer: allocateAll must return one array of queues per consumer (%1)")
                       .arg(m_program->where(line));
            return false;
        }
        const quint32 n = answer.property(QStringLiteral("length")).toUInt();
        if (n != quint32(cidAll.size())) {
            *why = QStringLiteral("bad answer: allocateAll returned %1 lists for %2 consumers (%3)")
                       .arg(n)
                       .arg(cidAll.size())
                       .arg(m_program->where(line));
            return false;
        }
        result.perConsumer.resize(cidAll.size());
        for (quint32 i = 0; i < n; ++i) {
            if (!readQueues(answer.property(i), line, mqAll.size(), &result.perConsumer[i], why)) {
                return false;
            }
        }
        return true;
    };
    call(m_allocateAll,
        { QJSValue(consumerGroup), queueArray(mqAll), idArray(cidAll), paramsObject(params) }, line,
        read, &error);
    if (!error.isNull()) {
        result.perConsumer.clear();
        result.error
            = QStringLiteral("strategy %1 threw an exception: %2").arg(m_program->name, error);
    }
    return result;
}
