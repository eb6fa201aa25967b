// SPDX-License-Identifier: Apache-2.0
#include <rblab/messagequeue.h>

#include <rblab/javastring.h>

#include <algorithm>

namespace Rblab {

QString MessageQueue::toString() const
{
    return QStringLiteral("MessageQueue [topic=%1, brokerName=%2, queueId=%3]")
        .arg(topic, brokerName, QString::number(queueId));
}

std::strong_ordering operator<=>(const MessageQueue &a, const MessageQueue &b) noexcept
{
    if (const int c = javaCompare(a.topic, b.topic); c != 0) {
        return c < 0 ? std::strong_ordering::less : std::strong_ordering::greater;
    }
    if (const int c = javaCompare(a.brokerName, b.brokerName); c != 0) {
        return c < 0 ? std::strong_ordering::less : std::strong_ordering::greater;
    }
    return a.queueId <=> b.queueId;
}

size_t qHash(const MessageQueue &mq, size_t seed) noexcept
{
    return qHashMulti(seed, mq.topic, mq.brokerName, mq.queueId);
}

void sortRocketMq(MessageQueueList &queues)
{
    std::sort(queues.begin(), queues.end());
}

void sortRocketMq(QStringList &clientIds)
{
    std::sort(clientIds.begin(), clientIds.end(),
        [](const QString &a, const QString &b) { return javaCompare(a, b) < 0; });
}

} // namespace Rblab
