// SPDX-License-Identifier: Apache-2.0
// GroupChange and diffSnapshots (declared in groupsnapshot.h beside the snapshots they compare).
#include "groupsnapshot.h"

#include <algorithm>

namespace Rblab::Remoting {

QString GroupChange::kindName(Kind kind)
{
    switch (kind) {
    case Kind::ClientJoined:
        return QStringLiteral("client-joined");
    case Kind::ClientLeft:
        return QStringLiteral("client-left");
    case Kind::QueueMoved:
        return QStringLiteral("queue-moved");
    case Kind::DoubleOwned:
        return QStringLiteral("double-owned");
    case Kind::Orphaned:
        return QStringLiteral("orphaned");
    case Kind::ClientNotAnswering:
        return QStringLiteral("client-not-answering");
    case Kind::ClientAnswering:
        return QStringLiteral("client-answering");
    case Kind::Problem:
        return QStringLiteral("problem");
    case Kind::ProblemGone:
        return QStringLiteral("problem-gone");
    case Kind::FlowControlOn:
        return QStringLiteral("flow-control-on");
    case Kind::FlowControlOff:
        return QStringLiteral("flow-control-off");
    case Kind::StaleView:
        return QStringLiteral("stale-view");
    case Kind::StaleViewGone:
        return QStringLiteral("stale-view-gone");
    }
    return QString();
}

namespace {

QString staleText(const GroupChange &change)
{
    if (!change.view) {
        return GroupChange::kindName(change.kind) + QStringLiteral(": ") + change.subject;
    }
    const ViewCheck &v = *change.view;
    if (change.kind == GroupChange::Kind::StaleViewGone) {
        return QStringLiteral("stale view gone: %1 holds %2 queues, as %3 gives")
            .arg(change.subject)
            .arg(v.held)
            .arg(v.strategy);
    }
    QString text = QStringLiteral("stale view: %1 holds %2 queues, %3 over %4 gives %5")
                       .arg(change.subject)
                       .arg(v.held)
                       .arg(v.strategy, change.detail)
                       .arg(v.expected);
    auto some = [](const QStringList &labels) {
        const int shown = 4;
        QString list = labels.mid(0, shown).join(QStringLiteral(", "));
        if (labels.size() > shown) {
            list += QStringLiteral(" and %1 more").arg(labels.size() - shown);
        }
        return list;
    };
    if (!v.missing.isEmpty()) {
        text += QStringLiteral("; missing %1").arg(some(v.missing));
    }
    if (!v.extra.isEmpty()) {
        text += QStringLiteral("; not its own %1").arg(some(v.extra));
    }
    return text;
}

} // namespace

QString GroupChange::toText() const
{
    auto owners = [](const QStringList &list) {
        return list.isEmpty() ? QStringLiteral("nobody") : list.join(QStringLiteral(" + "));
    };
    switch (kind) {
    case Kind::ClientJoined:
        return QStringLiteral("client joined: %1%2")
            .arg(subject,
                detail.isEmpty() ? QString() : QStringLiteral(" (") + detail + QLatin1Char(')'));
    case Kind::ClientLeft:
        return QStringLiteral("client left: %1").arg(subject);
    case Kind::QueueMoved:
        return QStringLiteral("queue moved: %1 from %2 to %3")
            .arg(subject, owners(from), owners(to));
    case Kind::DoubleOwned:
        return QStringLiteral("double-owned: %1 by %2").arg(subject, owners(to));
    case Kind::Orphaned:
        return QStringLiteral("orphaned: %1 (was %2)").arg(subject, owners(from));
    case Kind::ClientNotAnswering:
        return QStringLiteral("client not answering: %1: %2").arg(subject, detail);
    case Kind::ClientAnswering:
        return QStringLiteral("client answering again: %1").arg(subject);
    case Kind::Problem:
        return QStringLiteral("problem: %1").arg(subject);
    case Kind::ProblemGone:
        return QStringLiteral("problem gone: %1").arg(subject);
    case Kind::FlowControlOn:
        return QStringLiteral("flow control on: %1 at %2: %3")
            .arg(subject, client, flowControl ? flowControl->describe() : detail);
    case Kind::FlowControlOff:
        return QStringLiteral("flow control off: %1 at %2%3 (was %4)")
            .arg(subject, client, detail.isEmpty() ? QString() : QStringLiteral(": ") + detail,
                flowControl ? flowControl->describe() : QString());
    case Kind::StaleView:
    case Kind::StaleViewGone:
        return staleText(*this);
    }
    return QString();
}

QVariantMap GroupChange::toVariant() const
{
    QVariantMap map;
    map.insert(QStringLiteral("change"), kindName(kind));
    map.insert(QStringLiteral("subject"), subject);
    if (kind == Kind::QueueMoved || kind == Kind::DoubleOwned || kind == Kind::Orphaned) {
        map.insert(QStringLiteral("from"), from);
        map.insert(QStringLiteral("to"), to);
    }
    if (!detail.isEmpty()) {
        map.insert(QStringLiteral("detail"), detail);
    }
    if (!client.isEmpty()) {
        map.insert(QStringLiteral("client"), client);
    }
    if (flowControl) {
        map.insert(QStringLiteral("cause"), FlowControl::causeName(flowControl->cause));
        map.insert(QStringLiteral("value"), flowControl->value);
        map.insert(QStringLiteral("threshold"), flowControl->threshold);
        map.insert(QStringLiteral("setting"), flowControl->setting);
    }
    if (view) {
        map.insert(QStringLiteral("strategy"), view->strategy);
        map.insert(QStringLiteral("held"), view->held);
        map.insert(QStringLiteral("expected"), view->expected);
        map.insert(QStringLiteral("missing"), view->missing);
        map.insert(QStringLiteral("extra"), view->extra);
    }
    return map;
}

namespace {

const ConsumerRunningInfo::ProcessQueue *processQueueOf(const ClientView &c, const MessageQueue &mq)
{
    const QList<ConsumerRunningInfo::ProcessQueue> &list = c.info.processQueues; // sorted
    const auto it = std::lower_bound(list.cbegin(), list.cend(), mq,
        [](const ConsumerRunningInfo::ProcessQueue &pq, const MessageQueue &q) {
            return pq.queue < q;
        });
    return it != list.cend() && it->queue == mq && !it->dropped ? &*it : nullptr;
}

/*!
    Per client and queue, over clients that answered in both polls (a client that did not
    answer says nothing of its queues): on when its process queue is held back now and was not
    (or was not held), off when it was and is not, or the queue is no longer held.
*/
void appendFlowControlChanges(
    const GroupSnapshot &before, const GroupSnapshot &after, QList<GroupChange> *changes)
{
    using Kind = GroupChange::Kind;
    for (const ClientView &c : after.clients) {
        if (!c.answered) {
            continue;
        }
        const ClientView *old = before.client(c.clientId);
        if (old != nullptr && !old->answered) {
            old = nullptr; // nothing known of its queues before
        }
        const FlowLimits limitsNow = FlowLimits::of(c.info);
        const FlowLimits limitsThen = old != nullptr ? FlowLimits::of(old->info) : FlowLimits();
        for (const ConsumerRunningInfo::ProcessQueue &pq : c.info.processQueues) {
            const std::optional<FlowControl> now = limitsNow.check(pq);
            if (!now) {
                continue;
            }
            const ConsumerRunningInfo::ProcessQueue *was
                = old != nullptr ? processQueueOf(*old, pq.queue) : nullptr;
            if (was == nullptr || !limitsThen.check(*was)) {
                GroupChange change { Kind::FlowControlOn, pq.queue.label(), {}, {},
                    FlowControl::causeName(now->cause) };
                change.client = c.clientId;
                change.flowControl = now;
                changes->append(change);
            }
        }
        if (old == nullptr) {
            continue;
        }
        for (const ConsumerRunningInfo::ProcessQueue &pq : old->info.processQueues) {
            const std::optional<FlowControl> then = limitsThen.check(pq);
            if (!then) {
                continue;
            }
            const ConsumerRunningInfo::ProcessQueue *is = processQueueOf(c, pq.queue);
            if (is == nullptr || !limitsNow.check(*is)) {
                GroupChange change { Kind::FlowControlOff, pq.queue.label(), {}, {},
                    is == nullptr ? QStringLiteral("no longer held")
                                  : QStringLiteral("%1 cached messages, %2 MiB")
                                        .arg(is->cachedMsgCount)
                                        .arg(is->cachedMsgSizeInMiB) };
                change.client = c.clientId;
                change.flowControl = then;
                changes->append(change);
            }
        }
    }
}

/*!
    One poll can catch a rebalance half done (a client has dropped its old queues and not yet
    taken its new ones), so a stale view is reported on its second poll running, and its end
    only if it was reported.
*/
void appendStaleViewChanges(
    const GroupSnapshot &before, const GroupSnapshot &after, QList<GroupChange> *changes)
{
    using Kind = GroupChange::Kind;
    const QString over = QStringLiteral("%1 clients").arg(after.clients.size());
    for (const ViewCheck &v : after.views) {
        const ViewCheck *old = before.view(v.clientId);
        const int streakBefore = old != nullptr && old->stale() ? old->staleStreak : 0;
        if (v.stale() && streakBefore == 1) {
            GroupChange change { Kind::StaleView, v.clientId, {}, {}, over };
            change.view = v;
            changes->append(change);
        } else if (!v.stale() && streakBefore >= 2) {
            GroupChange change { Kind::StaleViewGone, v.clientId, {}, {}, over };
            change.view = v;
            changes->append(change);
        }
    }
}

} // namespace

QList<GroupChange> diffSnapshots(const GroupSnapshot &before, const GroupSnapshot &after)
{
    using Kind = GroupChange::Kind;
    using Ownership = QueueView::Ownership;
    QList<GroupChange> changes;
    for (const ClientView &c : after.clients) {
        const ClientView *old = before.client(c.clientId);
        if (old == nullptr) {
            changes.append({ Kind::ClientJoined, c.clientId, {}, {},
                c.clientAddr + QLatin1Char(' ') + ClientView::versionName(c.version) });
        } else if (old->answered && !c.answered) {
            changes.append({ Kind::ClientNotAnswering, c.clientId, {}, {}, c.error });
        } else if (!old->answered && c.answered) {
            changes.append({ Kind::ClientAnswering, c.clientId, {}, {}, QString() });
        }
    }
    for (const ClientView &c : before.clients) {
        if (after.client(c.clientId) == nullptr) {
            changes.append({ Kind::ClientLeft, c.clientId, {}, {}, QString() });
        }
    }
    for (const QueueView &q : after.queues) {
        const QueueView *old = before.queue(q.queue);
        if (old == nullptr || q.ownership == Ownership::Unknown
            || old->ownership == Ownership::Unknown || q.ownership == Ownership::Pop) {
            continue; // a claim not known on one side is no change
        }
        const QString label = q.queue.label();
        if (q.ownership == Ownership::DoubleOwned && old->owners != q.owners) {
            changes.append({ Kind::DoubleOwned, label, old->owners, q.owners, QString() });
        } else if (q.ownership == Ownership::Orphaned && old->ownership != Ownership::Orphaned) {
            changes.append({ Kind::Orphaned, label, old->owners, {}, QString() });
        } else if (q.ownership == Ownership::Owned && old->owners != q.owners) {
            changes.append({ Kind::QueueMoved, label, old->owners, q.owners, QString() });
        }
    }
    appendFlowControlChanges(before, after, &changes);
    appendStaleViewChanges(before, after, &changes);
    for (const QString &p : after.problems) {
        if (!before.problems.contains(p)) {
            changes.append({ Kind::Problem, p, {}, {}, QString() });
        }
    }
    for (const QString &p : before.problems) {
        if (!after.problems.contains(p)) {
            changes.append({ Kind::ProblemGone, p, {}, {}, QString() });
        }
    }
    return changes;
}

} // namespace Rblab::Remoting
