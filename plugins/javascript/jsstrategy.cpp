// SPDX-License-Identifier: Apache-2.0
#include "jsstrategy.h"

#include "jscontext.h"

#include <QThread>

JsStrategy::JsStrategy(std::shared_ptr<const JsProgram> program, QVariantMap params)
    : m_program(std::move(program)), m_params(std::move(params))
{
}

JsStrategy::~JsStrategy() = default;

QString JsStrategy::name() const
{
    return m_program->name;
}

JsContext &JsStrategy::context()
{
    // A QJSEngine must be used on the thread that made it: a strategy moved to another thread
    // (a world run on a worker) takes that thread's context.
    if (!m_context || m_thread != QThread::currentThread()) {
        m_context = JsContext::forCurrentThread(m_program);
        m_thread = QThread::currentThread();
    }
    return *m_context;
}

Rblab::AllocateResult JsStrategy::allocate(const QString &consumerGroup, const QString &currentCid,
    const Rblab::MessageQueueList &mqAll, const QStringList &cidAll)
{
    return context().allocate(consumerGroup, currentCid, mqAll, cidAll, m_params);
}

Rblab::GroupAllocateResult JsStrategy::allocateAll(
    const QString &consumerGroup, const Rblab::MessageQueueList &mqAll, const QStringList &cidAll)
{
    return context().allocateAll(consumerGroup, mqAll, cidAll, m_params);
}
