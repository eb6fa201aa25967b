// SPDX-License-Identifier: Apache-2.0
// The broker's answer to QUERY_ASSIGNMENT for a POP group (QueryAssignmentProcessor).
#pragma once

#include <rblab/allocationstrategy.h>
#include <rblab/messagequeue.h>
#include <rblab/rblab_global.h>

#include <QString>
#include <QStringList>

#include <map>
#include <memory>

namespace Rblab {

class StrategyRegistry;

/*!
    QueryAssignmentProcessor.doLoadBalance and allocate4Pop: the queues a POP client is to pop.
    The broker registers two strategies, AllocateMessageQueueAveragely ("AVG") and
    AllocateMessageQueueAveragelyByCircle ("AVG_BY_CIRCLE"), made here through the strategy
    registry as the clients make theirs; any other name gets no result. With popShareQueueNum
    ≤ 0 or ≥ the clients − 1 every client pops every queue (a queue id of -1 per broker);
    otherwise a client pops its own block and the next popShareQueueNum clients' blocks, and
    with more clients than queues one queue each (mqAll[i mod |mqAll|]).
*/
class RBLAB_ENGINE_EXPORT PopAssignment
{
public:
    struct Result
    {
        enum class Status {
            Assigned,
            NoResult, //!< a strategy the broker does not register: "no result"
            Failed, //!< the strategy could not be made or threw (error says why)
        };
        Status status = Status::NoResult;
        //! The queues to pop; queue id -1 stands for every queue of its topic on its broker.
        MessageQueueList queues;
        QString error;
    };

    explicit PopAssignment(const StrategyRegistry &registry);
    ~PopAssignment();
    Q_DISABLE_COPY_MOVE(PopAssignment)

    //! The strategies QueryAssignmentProcessor registers.
    static bool registers(const QString &strategy);

    /*!
        The assignment of `clientId` in `group`; mqAll and cidAll sorted as the broker sorts
        them (MessageQueue.compareTo, String.compareTo).
    */
    Result allocate4Pop(const QString &strategy, const QString &group, const QString &clientId,
        const MessageQueueList &mqAll, const QStringList &cidAll, int popShareQueueNum);

private:
    //! The broker's strategy of that name, made once; nullptr with `error` set when it cannot be.
    AllocationStrategy *strategy(const QString &name, QString *error);

    const StrategyRegistry &m_registry;
    std::map<QString, std::unique_ptr<AllocationStrategy>> m_strategies;
    std::map<QString, QString> m_errors; //!< names that could not be made, and why
};

} // namespace Rblab
