// SPDX-License-Identifier: Apache-2.0
// A sandboxed engine running one program, on one thread.
#pragma once

#include "jsprogram.h"

#include <rblab/allocationstrategy.h>

#include <QJSEngine>
#include <QJSValue>
#include <QVariantMap>

#include <functional>
#include <memory>

/*!
    A QJSEngine (without extensions: no file, network or process access) that has evaluated one
    program, with its functions at hand. A QJSEngine belongs to the thread that made it, so every
    thread gets its own; the strategies one program makes on one thread share it (an engine costs
    about 380 KiB and 1.6 ms, too much for each of a thousand consumers), which is why a script
    must keep no state between calls, as RocketMQ's strategies keep none.
*/
class JsContext
{
    Q_DECLARE_TR_FUNCTIONS(JsContext)

public:
    //! The context of this program on the calling thread, made on first use.
    static std::shared_ptr<JsContext> forCurrentThread(
        const std::shared_ptr<const JsProgram> &program);

    Rblab::AllocateResult allocate(const QString &consumerGroup, const QString &currentCid,
        const Rblab::MessageQueueList &mqAll, const QStringList &cidAll, const QVariantMap &params);
    Rblab::GroupAllocateResult allocateAll(const QString &consumerGroup,
        const Rblab::MessageQueueList &mqAll, const QStringList &cidAll, const QVariantMap &params);

private:
    explicit JsContext(std::shared_ptr<const JsProgram> program);

    QJSValue queueArray(const Rblab::MessageQueueList &mqAll);
    QJSValue idArray(const QStringList &cidAll);
    QJSValue paramsObject(const QVariantMap &params);
    QJSValue queueValue(const Rblab::MessageQueue &queue);
    //! Reads an answer while the time limit still runs: false with *error when it is bad.
    using AnswerReader = std::function<bool(const QJSValue &answer, QString *error)>;
    /*!
        Calls a function and reads its answer (`read`), both under the time limit: a getter
        that never returns, met while the answer is read, is interrupted like a loop in the
        function (issue 39). False on failure, *error saying why with file:line.
    */
    bool call(QJSValue &function, const QJSValueList &args, int line, const AnswerReader &read,
        QString *error);
    /*!
        Reads an answer: an array of at most `most` objects with own data properties topic,
        brokerName and queueId. Properties a strategy put on Object.prototype are not read.
    */
    bool readQueues(const QJSValue &answer, int line, qsizetype most,
        Rblab::MessageQueueList *queues, QString *error) const;

    std::shared_ptr<const JsProgram> m_program;
    QJSEngine m_engine;
    QString m_loadError;
    QJSValue m_allocate;
    QJSValue m_allocateAll;
    // The last lists converted, frozen, and copied (slice) for each call: RebalanceImpl calls
    // with the same lists round after round.
    Rblab::MessageQueueList m_lastQueues;
    QJSValue m_lastQueuesValue;
    QStringList m_lastIds;
    QJSValue m_lastIdsValue;
    // Made before the program runs, so that a program replacing Object.freeze or putting
    // accessors on Object.prototype cannot change what the host gives or reads.
    QJSValue m_freeze;
    QJSValue m_makeQueue; //!< (topic, brokerName, queueId) → a frozen object literal
    // Consecutive calls that ran past the time limit: after kMaxTimeouts the program is taken
    // for one that hangs and is refused at once (a check or a world would otherwise wait out
    // every call), until the file is saved again (a new program).
    int m_timeouts = 0;
    QJSValue m_guard; //!< calls a function inside try/catch: a thrown value is told from an answer
};
