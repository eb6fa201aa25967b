// SPDX-License-Identifier: Apache-2.0
// One line of `rblab allocate` (docs: allocate-jsonl.md): a case, its checks and its answer.
#pragma once

#include <rblab/messagequeue.h>
#include <rblab/rblab_global.h>

#include <QByteArray>
#include <QCoreApplication>
#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <QVariantMap>

namespace Rblab {

class StrategyRegistry;

/*!
    An allocation case as the allocate-jsonl contract describes it.
*/
struct RBLAB_ENGINE_EXPORT AllocationCase
{
    QString id;
    QString strategy;
    QVariantMap params;
    QString topic;
    MessageQueueList queues; //!< as given (the runner sorts them as RebalanceImpl does)
    QStringList consumers; //!< as given
};

/*!
    Reads, checks and answers allocation cases. Stateless apart from the registry it uses.
*/
class RBLAB_ENGINE_EXPORT AllocationCaseRunner
{
    Q_DECLARE_TR_FUNCTIONS(Rblab::AllocationCaseRunner)

public:
    enum class Outcome {
        Answered, //!< an allocation, or the error RocketMQ's strategy gives (the line was
                  //!< understood)
        CaseError, //!< {"id", "error"}: unknown strategy, invalid params, bad values
        LineError, //!< {"line", "error"}: not an object, a field missing or of the wrong type
    };

    explicit AllocationCaseRunner(const StrategyRegistry &registry);

    /*!
        Answers one line (lineNumber counts from 1). The answer is one compact JSON object
        without the trailing newline.
    */
    QByteArray answerLine(QByteArrayView line, int lineNumber, Outcome *outcome = nullptr) const;

    //! Parses a case object; on failure returns the error and whether it is a line or a case error.
    static bool parse(
        const QJsonObject &object, AllocationCase *out, QString *error, Outcome *kind);
    //! The answer object for a parsed case.
    QJsonObject answer(const AllocationCase &allocationCase, Outcome *outcome = nullptr) const;

private:
    const StrategyRegistry &m_registry;
};

} // namespace Rblab
