// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "jsprogram.h"

#include <rblab/allocationstrategy.h>

#include <QVariantMap>

#include <memory>

class JsContext;
class QThread;

/*!
    A strategy written in JavaScript: allocate(consumerGroup, currentCid, mqAll, cidAll, params)
    called in the program's sandboxed context on the calling thread. mqAll and cidAll arrive
    sorted as RebalanceImpl sorts them; queues are plain frozen objects {topic, brokerName,
    queueId}. A throw, a bad answer or a call past the time limit becomes an error result, which
    RebalanceImpl logs and answers by skipping the round.
*/
class JsStrategy final : public Rblab::AllocationStrategy
{
public:
    JsStrategy(std::shared_ptr<const JsProgram> program, QVariantMap params);
    ~JsStrategy() override;

    QString name() const override;
    Rblab::AllocateResult allocate(const QString &consumerGroup, const QString &currentCid,
        const Rblab::MessageQueueList &mqAll, const QStringList &cidAll) override;
    Rblab::GroupAllocateResult allocateAll(const QString &consumerGroup,
        const Rblab::MessageQueueList &mqAll, const QStringList &cidAll) override;

private:
    JsContext &context();

    std::shared_ptr<const JsProgram> m_program;
    QVariantMap m_params;
    std::shared_ptr<JsContext> m_context;
    QThread *m_thread = nullptr;
};
