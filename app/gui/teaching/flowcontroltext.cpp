// SPDX-License-Identifier: Apache-2.0
#include "teaching/flowcontroltext.h"

#include "guitext.h"

namespace Rblab {

namespace {

/*!
    The check of DefaultMQPushConsumerImpl.pullMessage a cause comes from: the topic-wide limits
    (pullThresholdForTopic, pullThresholdSizeForTopic) are enforced per queue with the queue's
    figures and words, so TopicCount reads as Count and TopicSize as Size; SYSTEM_BUSY and
    FLOW_CONTROL are the broker's answers, no check of the client's. The one switch over the
    causes that the sentences and the WARN lines share.
*/
enum class Check { None, Count, Size, Span, Broker };

Check checkOf(SimEvent::FlowCause cause)
{
    using C = SimEvent::FlowCause;
    switch (cause) {
    case C::Count:
    case C::TopicCount:
        return Check::Count;
    case C::Size:
    case C::TopicSize:
        return Check::Size;
    case C::Span:
        return Check::Span;
    case C::SystemBusy:
    case C::BrokerFlowControl:
        return Check::Broker;
    case C::None:
        break;
    }
    return Check::None;
}

} // namespace

QString FlowControlText::sentence(SimEvent::FlowCause cause, qint64 cached, qint64 threshold)
{
    switch (checkOf(cause)) {
    case Check::Count:
        return tr("pull delayed %1 ms: %2 cached > pullThresholdForQueue %3")
            .arg(kDelayMs)
            .arg(GuiText::count(cached), GuiText::count(threshold));
    case Check::Size:
        return tr("pull delayed %1 ms: %2 MiB cached > pullThresholdSizeForQueue %3 MiB")
            .arg(kDelayMs)
            .arg(GuiText::count(cached), GuiText::count(threshold));
    case Check::Span:
        return tr("pull delayed %1 ms: span %2 > consumeConcurrentlyMaxSpan %3")
            .arg(kDelayMs)
            .arg(GuiText::count(cached), GuiText::count(threshold));
    case Check::Broker:
        // DefaultMQPushConsumerImpl's PullCallback.onException: the broker's answer, not a
        // check of the client's cache.
        return cause == SimEvent::FlowCause::SystemBusy
            ? tr("pull answered SYSTEM_BUSY by the broker (its pull thread pool is behind): "
                 "next pull after pullTimeDelayMillsWhenException")
            : tr("pull answered FLOW_CONTROL by the broker: next pull in 20 ms");
    case Check::None:
        break;
    }
    return QString();
}

QString FlowControlText::sentence(const SimEvent &e)
{
    if (e.type != SimEvent::Type::FlowControlOn) {
        return QString();
    }
    const Check check = checkOf(e.cause);
    if (check == Check::Broker) {
        return sentence(e.cause, 0, 0);
    }
    if (e.flow.threshold < 0) {
        return QString();
    }
    const qint64 cached = check == Check::Size ? e.flow.cachedMiB
        : check == Check::Span                 ? e.flow.maxOffset - e.flow.minOffset
                                               : e.flow.cachedCount;
    return sentence(e.cause, cached, e.flow.threshold);
}

QString FlowControlText::sentence(const SnapshotHolding &h, const SnapshotConsumer &owner)
{
    switch (checkOf(h.flowControl)) {
    case Check::Count:
        return sentence(h.flowControl, h.cachedCount, owner.pullThresholdForQueue);
    case Check::Size:
        return sentence(
            h.flowControl, h.cachedBytes / (1024 * 1024), owner.pullThresholdSizeForQueue);
    case Check::Span:
        return sentence(h.flowControl, h.maxSpan, owner.consumeConcurrentlyMaxSpan);
    case Check::Broker:
        return sentence(h.flowControl, 0, 0);
    case Check::None:
        break;
    }
    return QString();
}

QString FlowControlText::rocketmqWarning(const SimEvent &e, const Catalog &catalog)
{
    const Check check = checkOf(e.cause);
    if (e.type != SimEvent::Type::FlowControlOn || e.flow.threshold < 0 || e.queue < 0
        || e.queue >= catalog.queues.size() || e.consumer < 0
        || e.consumer >= catalog.consumers.size() || check == Check::None
        || check == Check::Broker) {
        return QString(); // the broker's answer: no WARN line of the client's
    }
    const QueueInfo &q = catalog.queues.at(e.queue);
    // PullRequest.toString() around MessageQueue.toString(). Names go in with one multi-arg
    // call and by concatenation below, so a "%1" in a group or topic name stays text.
    const QString pullRequest
        = QStringLiteral("PullRequest [consumerGroup=%1, messageQueue=MessageQueue [topic=%2, "
                         "brokerName=%3, queueId=%4], nextOffset=%5]")
              .arg(catalog.consumers.at(e.consumer).group, q.topic, q.brokerName,
                  QString::number(q.queueId), QString::number(e.flow.nextOffset));
    const QString tail = QStringLiteral(", pullRequest=") + pullRequest
        + QStringLiteral(", flowControlTimes=") + QString::number(e.flow.times);
    // DefaultMQPushConsumerImpl.pullMessage's three WARN lines (4.9: :249, :259, :270); the
    // count and size lines differ only in what exceeds the threshold.
    if (check == Check::Span) {
        return QStringLiteral("the queue's messages, span too long, so do flow control, "
                              "minOffset=%1, maxOffset=%2, maxSpan=%3")
                   .arg(e.flow.minOffset)
                   .arg(e.flow.maxOffset)
                   .arg(e.flow.maxOffset - e.flow.minOffset)
            + tail;
    }
    return (check == Check::Count
                   ? QStringLiteral("the cached message count exceeds the threshold %1")
                   : QStringLiteral("the cached message size exceeds the threshold %1 MiB"))
               .arg(e.flow.threshold)
        + QStringLiteral(", so do flow control, minOffset=%1, maxOffset=%2, count=%3, size=%4 MiB")
              .arg(e.flow.minOffset)
              .arg(e.flow.maxOffset)
              .arg(e.flow.cachedCount)
              .arg(e.flow.cachedMiB)
        + tail;
}

} // namespace Rblab
