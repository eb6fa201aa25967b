// SPDX-License-Identifier: Apache-2.0
// RocketMQ's MessageQueue (common/message/MessageQueue): a topic's queue on one broker.
#pragma once

#include <rblab/rblab_global.h>

#include <QHashFunctions>
#include <QList>
#include <QMetaType>
#include <QString>

#include <compare>

namespace Rblab {

/*!
    A value type with RocketMQ's identity (topic, brokerName, queueId), its ordering
    (MessageQueue.compareTo: topic, then brokerName, both as Java strings, then queueId) and its
    text form, which CONSISTENT_HASH hashes. Cheap to copy (two implicitly shared strings).
*/
struct RBLAB_SDK_EXPORT MessageQueue
{
    QString topic;
    QString brokerName;
    int queueId = 0;

    //! "MessageQueue [topic=T, brokerName=broker-a, queueId=0]", exactly as RocketMQ prints it.
    QString toString() const;

    friend bool operator==(const MessageQueue &a, const MessageQueue &b) noexcept
    {
        return a.queueId == b.queueId && a.brokerName == b.brokerName && a.topic == b.topic;
    }
    //! MessageQueue.compareTo, strings by UTF-16 code unit (see javaCompare).
    friend RBLAB_SDK_EXPORT std::strong_ordering operator<=>(
        const MessageQueue &a, const MessageQueue &b) noexcept;
};

RBLAB_SDK_EXPORT size_t qHash(const MessageQueue &mq, size_t seed = 0) noexcept;

using MessageQueueList = QList<MessageQueue>;

/*!
    Sorts queues as RebalanceImpl.rebalanceByTopic does before calling a strategy (and consumer
    ids by Java's String order). Every caller of a strategy must hand it sorted lists.
*/
RBLAB_SDK_EXPORT void sortRocketMq(MessageQueueList &queues);
RBLAB_SDK_EXPORT void sortRocketMq(QStringList &clientIds);

} // namespace Rblab

Q_DECLARE_METATYPE(Rblab::MessageQueue)
Q_DECLARE_METATYPE(Rblab::MessageQueueList)
