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

#include <functional>

namespace Rblab {

class JsonNode;
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
    What one allocate line may ask for (allocate-jsonl.md, "Ceilings"): chosen so that an accepted
    line is answered in about a second and well under 1 GiB with every built-in strategy.
*/
struct AllocationCaseLimits
{
    static constexpr qsizetype maxLineBytes = 4 * 1024 * 1024;
    static constexpr qsizetype maxQueues = 16384;
    static constexpr qsizetype maxConsumers = 10000;
    static constexpr qsizetype maxNameLength = 255; //!< Validators.CHARACTER_MAX_LENGTH
    static constexpr qsizetype maxTopicLength = 127; //!< Validators.TOPIC_MAX_LENGTH
    //! CONSISTENT_HASH hashes consumers × virtualNodeCount ring nodes (MD5 each, ~7 µs).
    static constexpr qint64 maxRingNodes = 100000;
    //! Queues listed in one answer, all consumers together: CONFIG gives every consumer its whole
    //! configured list, so its answer grows with consumers × configured queues.
    static constexpr qint64 maxAnswerQueues = 200000;
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

    //! Called with a checked case just before plugin code runs for it (the CLI names it in
    //! crashes).
    using BeforeStrategy = std::function<void(const AllocationCase &)>;
    QByteArray answerLine(QByteArrayView line, int lineNumber, Outcome *outcome,
        const BeforeStrategy &beforeStrategy) const;

    //! Reads a case object; on failure returns the error and whether it is a line or a case error.
    static bool parse(const JsonNode &object, AllocationCase *out, QString *error, Outcome *kind);
    //! The answer object for a parsed case.
    QJsonObject answer(const AllocationCase &allocationCase, Outcome *outcome = nullptr) const;

private:
    const StrategyRegistry &m_registry;
};

} // namespace Rblab
