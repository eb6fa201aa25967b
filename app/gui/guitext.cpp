// SPDX-License-Identifier: Apache-2.0
#include "guitext.h"

#include <QAction>
#include <QLocale>

namespace Rblab {

QString GuiText::stateName(ConsumerState state, bool slowed)
{
    switch (state) {
    case ConsumerState::Absent:
        return tr("not started");
    case ConsumerState::Starting:
        return tr("starting");
    case ConsumerState::Running:
        return slowed ? tr("slowed") : tr("running");
    case ConsumerState::Paused:
        return tr("paused");
    case ConsumerState::Frozen:
        return tr("frozen");
    case ConsumerState::Partitioned:
        return tr("partitioned");
    case ConsumerState::Killed:
        return tr("killed");
    case ConsumerState::Shutdown:
        return tr("shut down");
    case ConsumerState::ShuttingDown:
        //: Imported logs: it unregistered from the brokers, its "shutdown OK" is still to come.
        return tr("shutting down");
    }
    return QString();
}

QString GuiText::silentSince(const QString &time)
{
    //: An imported client whose lines stop without "shutdown OK" (the report infers a kill; a
    //: hung client looks the same). %1: its last line's time, HH:MM:SS.
    return tr("silent since %1 (last log line)").arg(time);
}

QString GuiText::unmeasured()
{
    //: A figure the client logs do not record (cache size, lag, duplicates): not a 0.
    return tr("—");
}

QString GuiText::unmeasuredLiveWhy()
{
    return tr("Not measured: a live group's polls see offsets, caches and lag, not each "
              "delivery, so duplicates cannot be counted.");
}

QString GuiText::unmeasuredWhy()
{
    return tr("Not measured: client logs do not record cache sizes (messages or bytes), offsets, "
              "lag or duplicates.");
}

QString GuiText::observedEventName(SimEvent::Type type)
{
    //: The event log of imported logs: a client fell silent (the report infers a kill).
    return type == SimEvent::Type::Kill ? tr("silent") : eventName(type);
}

QString GuiText::eventName(SimEvent::Type type)
{
    using T = SimEvent::Type;
    switch (type) {
    case T::Start:
        return tr("start");
    case T::Join:
        return tr("join");
    case T::Shutdown:
        return tr("shutdown");
    case T::Kill:
        return tr("kill");
    case T::Freeze:
        return tr("freeze");
    case T::Unfreeze:
        return tr("unfreeze");
    case T::Partition:
        return tr("partition");
    case T::Heal:
        return tr("heal");
    case T::Pause:
        return tr("pause");
    case T::Resume:
        return tr("resume");
    case T::SetConsumeTime:
        return tr("consume time changed");
    case T::SetFailureRate:
        return tr("failure rate changed");
    case T::SetStrategy:
        return tr("strategy changed");
    case T::SetClient:
        return tr("client settings changed");
    case T::Started:
        return tr("started");
    case T::ChannelRegistered:
        return tr("connection registered");
    case T::ChannelClosed:
        return tr("connection closed");
    case T::ChannelExpired:
        return tr("connection expired");
    case T::Unregistered:
        return tr("unregistered");
    case T::Notify:
        return tr("notify: ids changed");
    case T::NotifyGroup:
        return tr("notify: ids changed (whole group)");
    case T::BrokerDown:
        return tr("broker down");
    case T::BrokerUp:
        return tr("broker up");
    case T::Rebalance:
        return tr("rebalance");
    case T::RebalanceFailed:
        return tr("rebalance failed");
    case T::StrategyError:
        return tr("strategy error");
    case T::FlowControlOn:
        return tr("flow control on");
    case T::FlowControlOff:
        return tr("flow control off");
    case T::RouteChanged:
        return tr("route changed");
    case T::OffsetIllegal:
        return tr("offset illegal");
    case T::LockFailed:
        return tr("lock failed");
    case T::SetProduceRate:
        return tr("produce rate changed");
    case T::SetQueues:
        return tr("queue count changed");
    case T::SetBroker:
        return tr("broker settings changed");
    case T::SetChurn:
        return tr("random churn changed");
    case T::CommandFailed:
        return tr("command refused");
    case T::ConsumeTimeout:
        return tr("consume timeout: sent back");
    }
    return QString();
}

QString GuiText::flowCauseName(SimEvent::FlowCause cause)
{
    using C = SimEvent::FlowCause;
    switch (cause) {
    case C::None:
        return tr("none");
    case C::Count:
        return tr("cached message count");
    case C::Size:
        return tr("cached size");
    case C::Span:
        return tr("offset span");
    case C::TopicCount:
        return tr("topic message count");
    case C::TopicSize:
        return tr("topic cached size");
    case C::SystemBusy:
        return tr("broker: SYSTEM_BUSY");
    case C::BrokerFlowControl:
        return tr("broker: FLOW_CONTROL");
    }
    return QString();
}

QList<SimEvent::Type> GuiText::eventTypes()
{
    QList<SimEvent::Type> types;
    for (int i = 0; i <= int(SimEvent::Type::ConsumeTimeout); ++i) {
        types.append(SimEvent::Type(i));
    }
    return types;
}

QString GuiText::clock(SimTime t)
{
    const qint64 ms = qMax<qint64>(0, t);
    const qint64 h = ms / 3600000;
    const qint64 m = (ms / 60000) % 60;
    const qint64 s = (ms / 1000) % 60;
    if (h > 0) {
        return QStringLiteral("%1:%2:%3")
            .arg(h)
            .arg(m, 2, 10, QLatin1Char('0'))
            .arg(s, 2, 10, QLatin1Char('0'));
    }
    return QStringLiteral("%1:%2.%3")
        .arg(m)
        .arg(s, 2, 10, QLatin1Char('0'))
        .arg(ms % 1000, 3, 10, QLatin1Char('0'));
}

QString GuiText::span(SimTime t)
{
    if (t < 1000) {
        return tr("%1 ms").arg(t);
    }
    if (t < 60000) {
        return tr("%1 s").arg(QLocale().toString(double(t) / 1000.0, 'g', 3));
    }
    return tr("%1 min %2 s").arg(t / 60000).arg((t / 1000) % 60);
}

QString GuiText::bytes(qint64 bytes)
{
    if (bytes < 1024) {
        return tr("%1 B").arg(bytes);
    }
    if (bytes < 1024 * 1024) {
        return tr("%1 KiB").arg(QLocale().toString(double(bytes) / 1024.0, 'f', 1));
    }
    return tr("%1 MiB").arg(QLocale().toString(double(bytes) / (1024.0 * 1024.0), 'f', 1));
}

QString GuiText::milliseconds(double ms)
{
    if (ms >= 1000.0) {
        return tr("%1 s").arg(QLocale().toString(ms / 1000.0, 'g', 3));
    }
    // Four significant digits never switch to an exponent below 1,000.
    return tr("%1 ms").arg(QLocale().toString(ms, 'g', 4));
}

QString GuiText::consumeTime(const ConsumeTime &time)
{
    switch (time.distribution) {
    case ConsumeTime::Distribution::Fixed:
        return milliseconds(time.meanMs);
    case ConsumeTime::Distribution::Exponential:
        return tr("exponential, mean %1").arg(milliseconds(time.meanMs));
    case ConsumeTime::Distribution::LogNormal:
        return tr("lognormal, mean %1, p99 %2")
            .arg(milliseconds(time.meanMs), milliseconds(time.p99Ms));
    }
    return QString();
}

QString GuiText::consumeTime(const SnapshotConsumer &consumer)
{
    const QString now = tr("%1 per message").arg(consumeTime(consumer.consumeTime));
    // How it is written (shortForm) is no difference a user cares about.
    const ConsumeTime &a = consumer.consumeTime;
    const ConsumeTime &b = consumer.initialConsumeTime;
    if (a.distribution == b.distribution && a.meanMs == b.meanMs && a.p99Ms == b.p99Ms) {
        return now;
    }
    return tr("%1 (declared: %2)").arg(now, consumeTime(consumer.initialConsumeTime));
}

QString GuiText::count(qint64 n)
{
    return QLocale().toString(n);
}

QString GuiText::queuesAndRetry(qint64 queues, qint64 retryQueues)
{
    if (retryQueues == 0) {
        return count(queues);
    }
    return tr("%1 (+%2 retry)").arg(count(queues), count(retryQueues));
}

QString GuiText::unitName(const QString &unit)
{
    if (unit == QLatin1String("messages")) {
        return tr("messages");
    }
    if (unit == QLatin1String("MiB")) {
        return tr("MiB");
    }
    if (unit == QLatin1String("offsets")) {
        return tr("offsets");
    }
    if (unit == QLatin1String("threads")) {
        return tr("threads");
    }
    if (unit == QLatin1String("times")) {
        return tr("times");
    }
    if (unit == QLatin1String("minutes")) {
        return tr("minutes");
    }
    return unit;
}

void GuiText::setActionTexts(QAction *action, const QString &text, const QString &tip)
{
    action->setText(text);
    action->setStatusTip(tip);
    const QString shortcut = action->shortcut().toString(QKeySequence::NativeText);
    action->setToolTip(shortcut.isEmpty() ? tip : QStringLiteral("%1 (%2)").arg(tip, shortcut));
}

QString GuiText::speed(double factor)
{
    const int decimals = factor < 1.0 ? 1 : 0;
    return tr("%1×").arg(QLocale().toString(factor, 'f', decimals));
}

} // namespace Rblab
