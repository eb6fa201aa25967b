// SPDX-License-Identifier: Apache-2.0
#include "sim/random.h"
#include "model/simevent.h"
#include "model/snapshot.h"

namespace Rblab {

const Random::Ziggurat Random::s_ziggurat;

QString SimEvent::typeName(Type type)
{
    switch (type) {
    case Type::Start:
        return QStringLiteral("start");
    case Type::Join:
        return QStringLiteral("join");
    case Type::Shutdown:
        return QStringLiteral("shutdown");
    case Type::Kill:
        return QStringLiteral("kill");
    case Type::Freeze:
        return QStringLiteral("freeze");
    case Type::Unfreeze:
        return QStringLiteral("unfreeze");
    case Type::Partition:
        return QStringLiteral("partition");
    case Type::Heal:
        return QStringLiteral("heal");
    case Type::Pause:
        return QStringLiteral("pause");
    case Type::Resume:
        return QStringLiteral("resume");
    case Type::SetConsumeTime:
        return QStringLiteral("setConsumeTime");
    case Type::SetFailureRate:
        return QStringLiteral("setFailureRate");
    case Type::SetStrategy:
        return QStringLiteral("setStrategy");
    case Type::SetClient:
        return QStringLiteral("setClient");
    case Type::Started:
        return QStringLiteral("started");
    case Type::ChannelRegistered:
        return QStringLiteral("channelRegistered");
    case Type::ChannelClosed:
        return QStringLiteral("channelClosed");
    case Type::ChannelExpired:
        return QStringLiteral("channelExpired");
    case Type::Unregistered:
        return QStringLiteral("unregistered");
    case Type::Notify:
        return QStringLiteral("notify");
    case Type::NotifyGroup:
        return QStringLiteral("notifyGroup");
    case Type::BrokerDown:
        return QStringLiteral("brokerDown");
    case Type::BrokerUp:
        return QStringLiteral("brokerUp");
    case Type::Rebalance:
        return QStringLiteral("rebalance");
    case Type::RebalanceFailed:
        return QStringLiteral("rebalanceFailed");
    case Type::StrategyError:
        return QStringLiteral("strategyError");
    case Type::FlowControlOn:
        return QStringLiteral("flowControlOn");
    case Type::FlowControlOff:
        return QStringLiteral("flowControlOff");
    case Type::RouteChanged:
        return QStringLiteral("routeChanged");
    case Type::OffsetIllegal:
        return QStringLiteral("offsetIllegal");
    case Type::LockFailed:
        return QStringLiteral("lockFailed");
    case Type::SetProduceRate:
        return QStringLiteral("setProduceRate");
    case Type::SetQueues:
        return QStringLiteral("setQueues");
    case Type::SetBroker:
        return QStringLiteral("setBroker");
    case Type::SetChurn:
        return QStringLiteral("setChurn");
    case Type::CommandFailed:
        return QStringLiteral("commandFailed");
    case Type::ConsumeTimeout:
        return QStringLiteral("consumeTimeout");
    }
    return QString();
}

QString consumerStateName(ConsumerState state)
{
    switch (state) {
    case ConsumerState::Absent:
        return QStringLiteral("absent");
    case ConsumerState::Starting:
        return QStringLiteral("starting");
    case ConsumerState::Running:
        return QStringLiteral("running");
    case ConsumerState::Paused:
        return QStringLiteral("paused");
    case ConsumerState::Frozen:
        return QStringLiteral("frozen");
    case ConsumerState::Partitioned:
        return QStringLiteral("partitioned");
    case ConsumerState::Killed:
        return QStringLiteral("killed");
    case ConsumerState::Shutdown:
        return QStringLiteral("shutdown");
    case ConsumerState::ShuttingDown:
        return QStringLiteral("shutting-down");
    }
    return QString();
}

} // namespace Rblab
