// SPDX-License-Identifier: Apache-2.0
#include "assignment/assignmenttooltip.h"

#include "assignment/assignmentrenderer.h"
#include "teaching/flowcontroltext.h"
#include "guitext.h"

namespace Rblab {

QString AssignmentToolTip::consumer(const Catalog &cat, const WorldSnapshot &snapshot,
    qint32 consumer, bool measured, const QStringList &stateTexts)
{
    if (consumer < 0 || consumer >= snapshot.consumers.size()) {
        return QString();
    }
    const ConsumerInfo &info = cat.consumers.at(consumer);
    const SnapshotConsumer &sc = snapshot.consumers.at(consumer);
    QString html = QStringLiteral("<b>%1</b>").arg(info.name.toHtmlEscaped());
    if (info.id != info.name) {
        html += QStringLiteral(" (%1)").arg(info.id.toHtmlEscaped());
    }
    html += QStringLiteral("<br>") + tr("Group: %1").arg(info.group.toHtmlEscaped());
    if (!info.instanceName.isEmpty()) {
        QStringList mates;
        for (qint32 mate : cat.instanceMates(consumer)) {
            mates.append(cat.consumers.at(mate).name.toHtmlEscaped());
        }
        html += QStringLiteral("<br>")
            + (mates.isEmpty() ? tr("Client instance: %1").arg(info.instanceName.toHtmlEscaped())
                               : tr("Client instance: %1, shared with %2")
                                     .arg(info.instanceName.toHtmlEscaped(),
                                         mates.join(QStringLiteral(", "))));
    }
    html += QStringLiteral("<br>")
        + tr("State: %1")
              .arg(AssignmentRenderer::stateWords(sc, stateTexts.value(consumer)).toHtmlEscaped());
    html += QStringLiteral("<br>") + tr("Strategy: %1").arg(sc.strategy.toHtmlEscaped());
    if (!measured) {
        // An observed world: the logs name no consume time, cache, holds count or lag; a 0
        // here would read as measured.
        html += QStringLiteral("<br>")
            + tr("Queues: %1, cached %2").arg(sc.queueCount).arg(GuiText::unmeasured())
            + QStringLiteral("<br><i>") + GuiText::unmeasuredWhy().toHtmlEscaped()
            + QStringLiteral("</i>");
    } else {
        html += QStringLiteral("<br>")
            + tr("Consume time: %1").arg(GuiText::consumeTime(sc).toHtmlEscaped());
        html += QStringLiteral("<br>")
            + tr("Queues: %1, cached %2 messages (%3)")
                  .arg(sc.queueCount)
                  .arg(GuiText::count(sc.cachedCount), GuiText::bytes(sc.cachedBytes));
    }
    if (sc.pop) {
        html += QStringLiteral("<br>")
            + tr("POP: %1 in flight, %2 invisible on the brokers, %3 acked, %4 revived, %5 "
                 "redelivered")
                  .arg(GuiText::count(sc.popInFlight), GuiText::count(sc.popInvisible),
                      GuiText::count(sc.popAcked), GuiText::count(sc.popRevived),
                      GuiText::count(sc.popRedelivered));
    }
    if (measured) {
        html += QStringLiteral("<br>")
            + tr("Flow-control holds: count %1, size %2, span %3")
                  .arg(sc.flowControl[0])
                  .arg(sc.flowControl[1])
                  .arg(sc.flowControl[2]);
    }
    html += QStringLiteral("<br>")
        + (sc.lastRebalanceAt >= 0 ? tr("Last rebalance: %1 (%2 rounds changed something)")
                                         .arg(GuiText::clock(sc.lastRebalanceAt))
                                         .arg(sc.rebalanceCount)
                                   : tr("No rebalance yet"));
    for (const ConsumerView &view : sc.views) {
        const QString topic = cat.topics.value(view.topic);
        html += QStringLiteral("<hr><b>") + tr("Its own view of %1").arg(topic.toHtmlEscaped())
            + QStringLiteral("</b>");
        if (view.at < 0) {
            html += QStringLiteral("<br>") + tr("not computed yet");
            continue;
        }
        html += QStringLiteral("<br>")
            + tr("computed at %1 with %2 from %3")
                  .arg(GuiText::clock(view.at), view.strategy.toHtmlEscaped(),
                      cat.brokers.value(view.fromBroker, tr("no broker")).toHtmlEscaped());
        html += QStringLiteral("<br>")
            + tr("%1 queues, %2 consumers:").arg(view.queueCount).arg(view.cidAll.size());
        QStringList ids;
        for (const QString &id : view.cidAll.mid(0, 12)) {
            ids.append(id.toHtmlEscaped());
        }
        if (view.cidAll.size() > 12) {
            ids.append(tr("… and %1 more").arg(view.cidAll.size() - 12));
        }
        html += QStringLiteral("<br>&nbsp;&nbsp;") + ids.join(QStringLiteral("<br>&nbsp;&nbsp;"));
    }
    return html;
}

QString AssignmentToolTip::queue(const Catalog &cat, const WorldSnapshot &snapshot, qint32 queue,
    bool measured, const QStringList &stateTexts)
{
    if (queue < 0 || queue >= snapshot.queues.size()) {
        return QString();
    }
    const QueueInfo &info = cat.queues.at(queue);
    const SnapshotQueue &sq = snapshot.queues.at(queue);
    QString html = QStringLiteral("<b>%1</b>")
                       .arg(tr("%1 on %2, queue %3")
                                .arg(info.topic.toHtmlEscaped(), info.brokerName.toHtmlEscaped())
                                .arg(info.queueId));
    if (info.retry) {
        html += QStringLiteral("<br>") + tr("Retry topic: redelivered messages");
    }
    if (measured) {
        html += QStringLiteral("<br>")
            + tr("Broker offset %1, committed %2, lag %3")
                  .arg(GuiText::count(sq.brokerOffset), GuiText::count(sq.committedOffset),
                      GuiText::count(sq.lag));
    } else {
        html += QStringLiteral("<br>") + tr("Offsets, lag and cache: %1").arg(GuiText::unmeasured())
            + QStringLiteral("<br><i>") + GuiText::unmeasuredWhy().toHtmlEscaped()
            + QStringLiteral("</i>");
    }
    if (!sq.brokerUp) {
        html += QStringLiteral("<br><b>") + tr("Broker down") + QStringLiteral("</b>");
    }
    if (sq.holdingCount == 0) {
        html += QStringLiteral("<br><b>") + tr("No consumer holds it") + QStringLiteral("</b>");
    }
    for (qint32 h = sq.firstHolding;
         h < sq.firstHolding + sq.holdingCount && h < snapshot.holdings.size(); ++h) {
        const SnapshotHolding &hold = snapshot.holdings.at(h);
        if (hold.consumer < 0 || hold.consumer >= snapshot.consumers.size()) {
            continue;
        }
        const SnapshotConsumer &owner = snapshot.consumers.at(hold.consumer);
        html += QStringLiteral("<hr>")
            + tr("Held by <b>%1</b> (%2)")
                  .arg(cat.consumers.at(hold.consumer).name.toHtmlEscaped(),
                      AssignmentRenderer::stateWords(owner, stateTexts.value(hold.consumer))
                          .toHtmlEscaped());
        if (!measured) {
            if (hold.flowControl != SimEvent::FlowCause::None) {
                html += QStringLiteral("<br><b>")
                    + tr("Flow control logged: %1").arg(GuiText::flowCauseName(hold.flowControl))
                    + QStringLiteral("</b>");
            }
            continue;
        }
        html += QStringLiteral("<br>")
            + tr("Cache: %1 of %2 messages, %3 of %4 MiB, span %5 of %6")
                  .arg(GuiText::count(hold.cachedCount),
                      GuiText::count(owner.pullThresholdForQueue), GuiText::bytes(hold.cachedBytes),
                      QString::number(owner.pullThresholdSizeForQueue),
                      GuiText::count(hold.maxSpan),
                      GuiText::count(owner.consumeConcurrentlyMaxSpan));
        html += QStringLiteral("<br>")
            + tr("Next pull offset %1, consumed up to %2")
                  .arg(GuiText::count(hold.nextOffset), GuiText::count(hold.consumedOffset));
        if (hold.flowControl != SimEvent::FlowCause::None) {
            html += QStringLiteral("<br><b>")
                + tr("Pulls held back: %1").arg(GuiText::flowCauseName(hold.flowControl))
                + QStringLiteral("</b><br>")
                + FlowControlText::sentence(hold, owner).toHtmlEscaped();
        }
        // Only ConsumeMessageOrderlyService locks queues on the broker (RebalanceImpl.lock);
        // a concurrent group's ProcessQueue may carry the flag, but it means nothing there.
        if (hold.locked && cat.group(cat.consumers.at(hold.consumer).groupIndex).orderly()) {
            html += QStringLiteral("<br>") + tr("Holds the broker lock (orderly)");
        }
        if (hold.dropped) {
            html += QStringLiteral("<br>") + tr("Dropped, waiting to be removed");
        }
    }
    return html;
}

} // namespace Rblab
