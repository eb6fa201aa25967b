// SPDX-License-Identifier: Apache-2.0
// The strategy interface of RocketMQ's client (client/consumer/AllocateMessageQueueStrategy).
#pragma once

#include <rblab/messagequeue.h>
#include <rblab/rblab_global.h>

#include <QString>
#include <QStringList>

#include <optional>

namespace Rblab {

/*!
    What one allocate call gives: this consumer's queues, or the reason RocketMQ's strategy would
    have thrown (RebalanceImpl then logs it and skips the round). Errors cross the plugin boundary
    as values: a plugin must not let an exception escape (the host catches them anyway).
*/
struct AllocateResult
{
    MessageQueueList queues;
    QString error; //!< null when the call succeeded, else e.g. "IllegalArgumentException: …"

    bool ok() const noexcept { return error.isNull(); }
    static AllocateResult failure(const QString &message) { return { {}, message }; }
};

/*!
    Every consumer's answer for one membership: perConsumer[i] answers for cidAll[i].
*/
struct GroupAllocateResult
{
    QList<MessageQueueList> perConsumer;
    QString error; //!< the first failing call's error, null when all succeeded

    bool ok() const noexcept { return error.isNull(); }
};

/*!
    An allocation strategy: RocketMQ's AllocateMessageQueueStrategy with its signature and meaning.

    The caller hands allocate() both lists sorted as RebalanceImpl sorts them (sortRocketMq). A
    strategy object belongs to one consumer (or one `rblab allocate` run) and is used from one
    thread at a time; it may cache what it computed for the last membership, which is how
    CONSISTENT_HASH avoids rebuilding its ring for every call.

    ABI: this class may only grow through the extension hooks at the end (Qt's
    QAbstractFileEngine::extension pattern). A later API version defines new Extension values; a
    strategy built against this one answers false, and the host falls back.
*/
class RBLAB_SDK_EXPORT AllocationStrategy
{
public:
    AllocationStrategy();
    virtual ~AllocationStrategy();
    Q_DISABLE_COPY_MOVE(AllocationStrategy)

    //! AllocateMessageQueueStrategy.getName(): "AVG", "MACHINE_ROOM_NEARBY-AVG", …
    virtual QString name() const = 0;

    //! The queues of mqAll that currentCid consumes; both lists sorted by the caller.
    virtual AllocateResult allocate(const QString &consumerGroup, const QString &currentCid,
        const MessageQueueList &mqAll, const QStringList &cidAll)
        = 0;

    /*!
        Every consumer's answer at once (perConsumer[i] for cidAll[i]): what the whole group would
        compute, each member for itself, when all share one view. The default calls allocate()
        once per distinct id; strategies with per-call set-up cost override it.
    */
    virtual GroupAllocateResult allocateAll(
        const QString &consumerGroup, const MessageQueueList &mqAll, const QStringList &cidAll);

    enum class Extension : int {};
    virtual bool supportsExtension(Extension extension) const;
    virtual bool extension(Extension extension, const void *option, void *output);

protected:
    /*!
        AbstractAllocateMessageQueueStrategy.check (RocketMQ 4.9.4+): an empty currentCid, mqAll or
        cidAll is an IllegalArgumentException (returned as an error result); a currentCid that is
        not in cidAll gets nothing (an empty result). Returns nullopt when allocation may proceed.
    */
    static std::optional<AllocateResult> checkArguments(
        const QString &currentCid, const MessageQueueList &mqAll, const QStringList &cidAll);

    /*!
        For allocateAll overrides: the checks each member's own call would make, in the order the
        calls come (so the first failing call's error is the answer), and each member's slot as
        cidAll.indexOf(its id) gives it — a duplicated id takes the first of its slots, as two
        clients sharing an id do (RocketMQ issue #1547). Returns false with `error` set when a
        call would throw; cidAll must not be empty.
    */
    static bool memberSlots(const MessageQueueList &mqAll, const QStringList &cidAll,
        QList<qsizetype> *slotOf, QString *error);
};

} // namespace Rblab
