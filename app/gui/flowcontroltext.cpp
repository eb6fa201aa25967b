// SPDX-License-Identifier: Apache-2.0
#include "flowcontroltext.h"

#include "guitext.h"

namespace Rblab {

QString FlowControlText::sentence(SimEvent::FlowCause cause, qint64 cached, qint64 threshold)
{
    using C = SimEvent::FlowCause;
    switch (cause) {
    case C::Count:
    case C::TopicCount:
        return tr("pull delayed %1 ms: %2 cached > pullThresholdForQueue %3")
            .arg(kDelayMs)
            .arg(GuiText::count(cached), GuiText::count(threshold));
    case C::Size:
    case C::TopicSize:
        return tr("pull delayed %1 ms: %2 MiB cached > pullThresholdSizeForQueue %3 MiB")
            .arg(kDelayMs)
            .arg(GuiText::count(cached), GuiText::count(threshold));
    case C::Span:
        return tr("pull delayed %1 ms: span %2 > consumeConcurrentlyMaxSpan %3")
            .arg(kDelayMs)
            .arg(GuiText::count(cached), GuiText::count(threshold));
    case C::SystemBusy:
        // DefaultMQPushConsumerImpl's PullCallback.onException: the broker's answer, not a
        // check of the client's cache.
        return tr("pull answered SYSTEM_BUSY by the broker (its pull thread pool is behind): "
                  "next pull after pullTimeDelayMillsWhenException");
    case C::BrokerFlowControl:
        return tr("pull answered FLOW_CONTROL by the broker: next pull in 20 ms");
    case C::None:
        break;
    }
    return QString();
}

QString FlowControlText::sentence(const SimEvent &e)
{
    if (e.type == SimEvent::Type::FlowControlOn
        && (e.cause == SimEvent::FlowCause::SystemBusy
            || e.cause == SimEvent::FlowCause::BrokerFlowControl)) {
        return sentence(e.cause, 0, 0);
    }
    if (e.type != SimEvent::Type::FlowControlOn || e.flow.threshold < 0) {
        return QString();
    }
    const qint64 cached = e.cause == SimEvent::FlowCause::Size ? e.flow.cachedMiB
        : e.cause == SimEvent::FlowCause::Span                 ? e.flow.maxOffset - e.flow.minOffset
                                                               : e.flow.cachedCount;
    return sentence(e.cause, cached, e.flow.threshold);
}

QString FlowControlText::sentence(const SnapshotHolding &h, const SnapshotConsumer &owner)
{
    switch (h.flowControl) {
    case SimEvent::FlowCause::Count:
    case SimEvent::FlowCause::TopicCount:
        return sentence(h.flowControl, h.cachedCount, owner.pullThresholdForQueue);
    case SimEvent::FlowCause::Size:
    case SimEvent::FlowCause::TopicSize:
        return sentence(
            h.flowControl, h.cachedBytes / (1024 * 1024), owner.pullThresholdSizeForQueue);
    case SimEvent::FlowCause::Span:
        return sentence(h.flowControl, h.maxSpan, owner.consumeConcurrentlyMaxSpan);
    case SimEvent::FlowCause::SystemBusy:
    case SimEvent::FlowCause::BrokerFlowControl:
        return sentence(h.flowControl, 0, 0);
    case SimEvent::FlowCause::None:
        break;
    }
    return QString();
}

QString FlowControlText::rocketmqWarning(const SimEvent &e, const Catalog &catalog)
{
    if (e.type != SimEvent::Type::FlowControlOn || e.flow.threshold < 0 || e.queue < 0
        || e.queue >= catalog.queues.size() || e.consumer < 0
        || e.consumer >= catalog.consumers.size()) {
        return QString();
    }
    const QueueInfo &q = catalog.queues.at(e.queue);
    // PullRequest.toString() around MessageQueue.toString().
    const QString pullRequest
        = QStringLiteral("PullRequest [consumerGroup=%1, messageQueue=MessageQueue [topic=%2, "
                         "brokerName=%3, queueId=%4], nextOffset=%5]")
              .arg(catalog.consumers.at(e.consumer).group, q.topic, q.brokerName)
              .arg(q.queueId)
              .arg(e.flow.nextOffset);
    // DefaultMQPushConsumerImpl.pullMessage's three WARN lines (4.9: :249, :259, :270).
    switch (e.cause) {
    case SimEvent::FlowCause::Count:
    case SimEvent::FlowCause::TopicCount:
        return QStringLiteral("the cached message count exceeds the threshold %1, so do flow "
                              "control, minOffset=%2, maxOffset=%3, count=%4, size=%5 MiB, "
                              "pullRequest=%6, flowControlTimes=%7")
            .arg(e.flow.threshold)
            .arg(e.flow.minOffset)
            .arg(e.flow.maxOffset)
            .arg(e.flow.cachedCount)
            .arg(e.flow.cachedMiB)
            .arg(pullRequest)
            .arg(e.flow.times);
    case SimEvent::FlowCause::Size:
    case SimEvent::FlowCause::TopicSize:
        return QStringLiteral("the cached message size exceeds the threshold %1 MiB, so do flow "
                              "control, minOffset=%2, maxOffset=%3, count=%4, size=%5 MiB, "
                              "pullRequest=%6, flowControlTimes=%7")
            .arg(e.flow.threshold)
            .arg(e.flow.minOffset)
            .arg(e.flow.maxOffset)
            .arg(e.flow.cachedCount)
            .arg(e.flow.cachedMiB)
            .arg(pullRequest)
            .arg(e.flow.times);
    case SimEvent::FlowCause::Span:
        return QStringLiteral("the queue's messages, span too long, so do flow control, "
                              "minOffset=%1, maxOffset=%2, maxSpan=%3, pullRequest=%4, "
                              "flowControlTimes=%5")
            .arg(e.flow.minOffset)
            .arg(e.flow.maxOffset)
            .arg(e.flow.maxOffset - e.flow.minOffset)
            .arg(pullRequest)
            .arg(e.flow.times);
    case SimEvent::FlowCause::SystemBusy: // the broker's answer: no WARN line of the client's
    case SimEvent::FlowCause::BrokerFlowControl:
    case SimEvent::FlowCause::None:
        break;
    }
    return QString();
}

} // namespace Rblab
