// SPDX-License-Identifier: Apache-2.0
// World::apply: scenario events, churn actions and the GUI's commands, all one path.
#include "model/world.h"

#include "allocation/strategyregistry.h"
#include "model/churngenerator.h"

namespace Rblab {

namespace {

SimEvent::Type lifecycleType(ScenarioEvent::Action action)
{
    using A = ScenarioEvent::Action;
    using T = SimEvent::Type;
    switch (action) {
    case A::Join:
        return T::Join;
    case A::Shutdown:
        return T::Shutdown;
    case A::Kill:
        return T::Kill;
    case A::Freeze:
        return T::Freeze;
    case A::Unfreeze:
        return T::Unfreeze;
    case A::Partition:
        return T::Partition;
    case A::Heal:
        return T::Heal;
    case A::Pause:
        return T::Pause;
    case A::Resume:
        return T::Resume;
    case A::SetConsumeTime:
        return T::SetConsumeTime;
    case A::SetFailureRate:
        return T::SetFailureRate;
    case A::SetProduceRate:
        return T::SetProduceRate;
    case A::SetQueues:
        return T::SetQueues;
    case A::BrokerDown:
        return T::BrokerDown;
    case A::BrokerUp:
        return T::BrokerUp;
    case A::SetStrategy:
        return T::SetStrategy;
    case A::SetClient:
        return T::SetClient;
    case A::SetBroker:
        return T::SetBroker;
    case A::SetChurn:
        return T::SetChurn;
    }
    return T::Start;
}

//! Why a command's settings cannot be applied (an unknown name, a value out of range), or nothing.
template<typename Config>
std::optional<QString> invalidSettings(const QVariantMap &settings, const char *unknown)
{
    for (auto it = settings.cbegin(); it != settings.cend(); ++it) {
        const SettingSpec *spec = Config::spec(it.key());
        if (!spec) {
            return World::tr(unknown).arg(it.key());
        }
        if (!spec->accepts(SettingSpec::valueOf(it.value()))) {
            return World::tr("%1 must be %2").arg(it.key(), spec->rangeText());
        }
    }
    return std::nullopt;
}

} // namespace

bool World::apply(const ScenarioEvent &e, QString *why)
{
    using A = ScenarioEvent::Action;
    Refusal refused;
    switch (e.action) {
    case A::SetProduceRate:
        refused = setProduceRate(e);
        break;
    case A::SetQueues:
        refused = setQueues(e);
        break;
    case A::SetBroker:
        refused = setBroker(e);
        break;
    case A::SetChurn:
        refused = setChurn(e);
        break;
    case A::BrokerDown:
    case A::BrokerUp:
        refused = setBrokerUp(e, e.action == A::BrokerUp);
        break;
    case A::SetStrategy:
    case A::SetClient: {
        qint32 group = -1;
        std::vector<qint32> targets;
        refused = groupTargets(e, &group, &targets);
        if (!refused) {
            refused = e.action == A::SetStrategy ? setStrategy(e, group, targets)
                                                 : setClient(e, group, targets);
        }
        break;
    }
    case A::Join:
        refused = join(e);
        break;
    default:
        refused = onConsumer(e);
        break;
    }
    if (refused && why) {
        *why = *refused;
    }
    return !refused;
}

void World::applyScripted(const ScenarioEvent &e)
{
    QString why;
    if (apply(e, &why)) {
        return;
    }
    // Nothing is dropped silently: the refusal is an event of the run (the log, the report).
    SimEvent ev;
    ev.type = SimEvent::Type::CommandFailed;
    ev.consumer = e.consumer.isEmpty() ? -1 : consumerByName(e.consumer);
    const QString action = ScenarioEvent::actionName(e.action);
    const QString what = !e.consumer.isEmpty()    ? e.consumer
        : e.action == ScenarioEvent::Action::Join ? e.joining.handle()
        : !e.group.isEmpty()                      ? e.group
        : !e.broker.isEmpty()                     ? e.broker
                                                  : e.topic;
    ev.detail = what.isEmpty() ? QStringLiteral("%1: %2").arg(action, why)
                               : QStringLiteral("%1 %2: %3").arg(action, what, why);
    publish(ev);
}

// --- Actions on the world

World::Refusal World::setProduceRate(const ScenarioEvent &e)
{
    const qint32 t = topicIndex(e.topic);
    if (t < 0 || topics[size_t(t)].retry) {
        return tr("unknown topic \"%1\"").arg(e.topic);
    }
    if (e.rate < 0) {
        return tr("a produce rate must be ≥ 0");
    }
    topics[size_t(t)].produceRate = e.rate;
    updateProduction(t);
    SimEvent ev;
    ev.type = SimEvent::Type::SetProduceRate;
    ev.topic = t;
    ev.detail = QString::number(e.rate);
    publish(ev);
    return std::nullopt;
}

World::Refusal World::setQueues(const ScenarioEvent &e)
{
    const qint32 t = topicIndex(e.topic);
    const qint32 b = brokerIndex(e.broker);
    if (t < 0 || topics[size_t(t)].retry) {
        return tr("unknown topic \"%1\"").arg(e.topic);
    }
    if (b < 0) {
        return tr("unknown broker \"%1\"").arg(e.broker);
    }
    if (e.count < 0 || e.count > 1024) {
        return tr("a queue count must be from 0 to 1024");
    }
    // The topic's read queue number changes on the broker and in the name server at once;
    // consumers learn it at their next route poll.
    topics[size_t(t)].readQueueNums[size_t(b)] = e.count;
    for (qint32 id = 0; id < e.count; ++id) {
        addQueue(t, b, id);
    }
    refreshRoute(t);
    updateProduction(t);
    SimEvent ev;
    ev.type = SimEvent::Type::SetQueues;
    ev.topic = t;
    ev.broker = b;
    ev.detail = QString::number(e.count);
    publish(ev);
    return std::nullopt;
}

World::Refusal World::setBroker(const ScenarioEvent &e)
{
    if (const auto invalid = invalidSettings<BrokerConfig>(
            e.settings, QT_TRANSLATE_NOOP("Rblab::World", "unknown broker setting \"%1\""))) {
        return invalid;
    }
    // Every broker of a run shares one BrokerConfig; timers pick the new values up at their
    // next round, held pulls keep the hold they were given.
    brokerConfig.apply(e.settings);
    QStringList parts;
    for (auto it = e.settings.cbegin(); it != e.settings.cend(); ++it) {
        parts.append(QStringLiteral("%1=%2").arg(it.key(), it.value().toString()));
    }
    SimEvent ev;
    ev.type = SimEvent::Type::SetBroker;
    ev.detail = parts.join(QStringLiteral(", "));
    publish(ev);
    return std::nullopt;
}

World::Refusal World::setChurn(const ScenarioEvent &e)
{
    if (e.churn && groupIndex(e.churn->group) < 0) {
        return tr("unknown group \"%1\"").arg(e.churn->group);
    }
    if (churn) {
        churn->stop();
    }
    churn.reset();
    SimEvent ev;
    ev.type = SimEvent::Type::SetChurn;
    if (e.churn) {
        churn = std::make_unique<ChurnGenerator>(this, *e.churn);
        churn->start();
        ev.detail = e.churn->group;
    }
    publish(ev);
    return std::nullopt;
}

World::Refusal World::setBrokerUp(const ScenarioEvent &e, bool up)
{
    const qint32 b = brokerIndex(e.broker);
    if (b < 0) {
        return tr("unknown broker \"%1\"").arg(e.broker);
    }
    Broker &broker = *brokers[size_t(b)];
    if (broker.up == up) {
        return up ? tr("broker %1 is already up").arg(broker.name)
                  : tr("broker %1 is already down").arg(broker.name);
    }
    SimEvent ev;
    ev.type = up ? SimEvent::Type::BrokerUp : SimEvent::Type::BrokerDown;
    ev.broker = b;
    publish(ev);
    if (up) {
        broker.comeUp();
    } else {
        broker.goDown();
    }
    for (size_t t = 0; t < topics.size(); ++t) {
        refreshRoute(qint32(t));
        updateProduction(qint32(t));
    }
    return std::nullopt;
}

// --- Actions on a group (or one of its consumers)

World::Refusal World::groupTargets(
    const ScenarioEvent &e, qint32 *group, std::vector<qint32> *targets) const
{
    const qint32 g = groupIndex(e.group);
    if (g < 0) {
        return tr("unknown group \"%1\"").arg(e.group);
    }
    *group = g;
    if (e.consumer.isEmpty()) {
        *targets = groups[size_t(g)].consumers;
        return std::nullopt;
    }
    const qint32 c = consumerByName(e.consumer);
    if (c < 0 || consumers[size_t(c)]->group != g) {
        return tr("no consumer \"%1\" in group %2").arg(e.consumer, e.group);
    }
    targets->push_back(c);
    return std::nullopt;
}

World::Refusal World::setStrategy(
    const ScenarioEvent &e, qint32 g, const std::vector<qint32> &targets)
{
    // Checked once before any consumer changes: all or nothing.
    const QString defaultTopic = groups[size_t(g)].topics.empty()
        ? QString()
        : topics[size_t(groups[size_t(g)].topics.front())].name;
    const StrategyCreation probe = registry.create(e.strategy, e.strategyParams, defaultTopic);
    if (!probe.ok()) {
        return probe.parameter.isEmpty()
            ? probe.error
            : QStringLiteral("%1: %2").arg(probe.parameter, probe.error);
    }
    if (e.consumer.isEmpty()) {
        groups[size_t(g)].spec.strategy = e.strategy;
        groups[size_t(g)].spec.strategyParams = e.strategyParams;
    }
    for (qint32 c : targets) {
        consumers[size_t(c)]->setStrategy(e.strategy, e.strategyParams, nullptr);
    }
    SimEvent ev;
    ev.type = SimEvent::Type::SetStrategy;
    ev.detail = e.strategy;
    ev.consumer = e.consumer.isEmpty() ? -1 : targets.front();
    publish(ev);
    return std::nullopt;
}

World::Refusal World::setClient(
    const ScenarioEvent &e, qint32 g, const std::vector<qint32> &targets)
{
    if (const auto invalid = invalidSettings<ClientConfig>(
            e.client, QT_TRANSLATE_NOOP("Rblab::World", "unknown client setting \"%1\""))) {
        return invalid;
    }
    if (e.consumer.isEmpty()) {
        for (auto it = e.client.cbegin(); it != e.client.cend(); ++it) {
            groups[size_t(g)].spec.client.insert(it.key(), it.value());
        }
    }
    for (qint32 c : targets) {
        consumers[size_t(c)]->setClient(e.client);
    }
    QStringList parts;
    for (auto it = e.client.cbegin(); it != e.client.cend(); ++it) {
        parts.append(QStringLiteral("%1=%2").arg(it.key(), it.value().toString()));
    }
    SimEvent ev;
    ev.type = SimEvent::Type::SetClient;
    ev.detail = parts.join(QStringLiteral(", "));
    ev.consumer = e.consumer.isEmpty() ? -1 : targets.front();
    publish(ev);
    return std::nullopt;
}

World::Refusal World::join(const ScenarioEvent &e)
{
    const QString name = e.joining.handle();
    qint32 c = consumerByName(name);
    if (c >= 0) {
        if (consumers[size_t(c)]->state != ConsumerState::Absent) {
            return tr("consumer \"%1\" already exists").arg(name);
        }
    } else {
        const qint32 g = groupIndex(e.group);
        if (g < 0) {
            return tr("unknown group \"%1\"").arg(e.group);
        }
        if (e.joining.id.isEmpty()) {
            return tr("a consumer needs a client id");
        }
        const GroupState &group = groups[size_t(g)];
        const QString defaultTopic
            = group.topics.empty() ? QString() : topics[size_t(group.topics.front())].name;
        const QString strategy = e.joining.strategy.value_or(group.spec.strategy);
        const QVariantMap params = e.joining.strategyParams.value_or(group.spec.strategyParams);
        const StrategyCreation probe
            = registry.create(overrideStrategy.isEmpty() ? strategy : overrideStrategy,
                overrideStrategy.isEmpty() ? params : overrideParams, defaultTopic);
        if (!probe.ok()) {
            return probe.error;
        }
        if (const Refusal refused = sharedInstanceTaken(g, e.joining)) {
            return refused;
        }
        c = createConsumer(g, e.joining, false);
    }
    if (const Refusal refused
        = sharedInstanceTaken(consumers[size_t(c)]->group, consumers[size_t(c)]->spec)) {
        return refused;
    }
    SimEvent ev;
    ev.type = SimEvent::Type::Join;
    ev.consumer = c;
    publish(ev);
    consumers[size_t(c)]->start();
    return std::nullopt;
}

World::Refusal World::sharedInstanceTaken(qint32 group, const ConsumerSpec &spec) const
{
    if (spec.instanceName.isEmpty()) {
        return std::nullopt;
    }
    // MQClientInstance.registerConsumer: one consumer per group and instance; start() throws
    // "The consumer group[…] has been created before, specify another name please."
    const QString key = spec.id + QLatin1Char('\n') + spec.instanceName;
    for (qint32 m : instanceMembers.value(key)) {
        const Consumer &member = *consumers[size_t(m)];
        if (member.group == group && member.alive() && member.name != spec.handle()) {
            return tr("The consumer group[%1] has been created before in client instance %2 "
                      "(%3)")
                .arg(groups[size_t(group)].name, spec.id, member.name);
        }
    }
    return std::nullopt;
}

// --- Actions on one consumer

World::Refusal World::brokersNamed(const QStringList &names, std::vector<qint32> *brokersOf) const
{
    if (names.isEmpty()) {
        for (qsizetype b = 0; b < brokerNames.size(); ++b) {
            brokersOf->push_back(qint32(b));
        }
        return std::nullopt;
    }
    for (const QString &name : names) {
        const qint32 b = brokerIndex(name);
        if (b < 0) {
            return tr("unknown broker \"%1\"").arg(name);
        }
        brokersOf->push_back(b);
    }
    return std::nullopt;
}

World::Refusal World::freeze(const ScenarioEvent &e, Consumer &consumer)
{
    consumer.freeze();
    if (e.forDuration) {
        // The thaw is a command of its own, due `for` later.
        ScenarioEvent thaw;
        thaw.action = ScenarioEvent::Action::Unfreeze;
        thaw.consumer = consumer.name;
        commands.push_back(thaw);
        Event due;
        due.kind = quint8(Ev::ScenarioEventDue);
        due.flags = 1;
        due.target = quint32(commands.size() - 1);
        agenda.schedule(now() + std::max<SimTime>(0, *e.forDuration), due);
    }
    return std::nullopt;
}

World::Refusal World::setFailureRate(const ScenarioEvent &e, Consumer &consumer)
{
    if (e.failureRate < 0 || e.failureRate > 1) {
        return tr("a failure rate must be from 0 to 1");
    }
    consumer.failureRate = e.failureRate;
    return std::nullopt;
}

World::Refusal World::onConsumer(const ScenarioEvent &e)
{
    using A = ScenarioEvent::Action;
    const qint32 c = consumerByName(e.consumer);
    if (c < 0) {
        return tr("unknown consumer \"%1\"").arg(e.consumer);
    }
    Consumer &consumer = *consumers[size_t(c)];
    if (!consumer.frozen) {
        consumer.consume.catchUp(now());
    }
    if (!consumer.alive()) {
        return tr("consumer %1 is not running (%2)")
            .arg(consumer.name, consumerStateName(consumer.state));
    }
    SimEvent ev;
    ev.type = lifecycleType(e.action);
    ev.consumer = c;
    std::vector<qint32> brokersOf;
    if (e.action == A::Partition || e.action == A::Heal) {
        if (const Refusal refused = brokersNamed(e.brokers, &brokersOf)) {
            return refused;
        }
        if (!e.brokers.isEmpty()) {
            ev.detail = e.brokers.join(QStringLiteral(", "));
        }
    }
    // Checked before the event is published; the others are published before they act, so the
    // log reads cause before effect.
    if (e.action == A::SetFailureRate) {
        if (const Refusal refused = setFailureRate(e, consumer)) {
            return refused;
        }
        ev.detail = QString::number(e.failureRate);
        publish(ev);
        return std::nullopt;
    }
    if (e.action == A::SetConsumeTime) {
        consumer.consumeTime = e.consumeTime;
        consumer.slowed = e.consumeTime.meanMs > consumer.initialConsumeTime.meanMs * 1.0001;
        ev.detail = formatDurationF(e.consumeTime.meanMs);
        publish(ev);
        return std::nullopt;
    }
    switch (e.action) {
    case A::Shutdown:
    case A::Kill:
    case A::Freeze:
    case A::Unfreeze:
    case A::Partition:
    case A::Heal:
    case A::Pause:
    case A::Resume:
        break;
    default:
        return tr("unsupported action");
    }
    // A shared MQClientInstance is one process: a kill, a hang or a cut network takes every
    // group in it along (rocketmq-pop-spec.md §7.3); shutdown and pause stay one group's.
    std::vector<qint32> companions;
    if (!consumer.instanceKey.isEmpty()
        && (e.action == A::Kill || e.action == A::Freeze || e.action == A::Unfreeze
            || e.action == A::Partition || e.action == A::Heal)) {
        for (qint32 m : processOf(c)) {
            const Consumer &member = *consumers[size_t(m)];
            const bool affected = e.action == A::Unfreeze ? member.frozen : !member.frozen;
            if (m != c && member.alive()
                && (affected || e.action == A::Kill || e.action == A::Partition
                    || e.action == A::Heal)) {
                companions.push_back(m);
            }
        }
    }
    if (!companions.empty()) {
        QStringList names;
        for (qint32 m : companions) {
            names.append(consumers[size_t(m)]->name);
        }
        const QString with = tr("its process %1 also runs %2")
                                 .arg(consumer.clientId, names.join(QStringLiteral(", ")));
        ev.detail = ev.detail.isEmpty() ? with : ev.detail + QStringLiteral("; ") + with;
    }
    publish(ev);
    for (qint32 m : companions) {
        SimEvent companion = ev;
        companion.consumer = m;
        companion.detail = tr("in the process of %1 (%2)").arg(consumer.name, consumer.clientId);
        publish(companion);
    }
    for (qint32 m : companions) {
        Consumer &member = *consumers[size_t(m)];
        if (!member.frozen) {
            member.consume.catchUp(now());
        }
        switch (e.action) {
        case A::Kill:
            member.kill();
            break;
        case A::Freeze:
            member.freeze();
            break;
        case A::Unfreeze:
            member.unfreeze();
            break;
        case A::Partition:
            member.partition(brokersOf);
            break;
        case A::Heal:
            member.heal(brokersOf);
            break;
        default:
            break;
        }
    }
    switch (e.action) {
    case A::Shutdown:
        consumer.shutdown();
        break;
    case A::Kill:
        consumer.kill();
        break;
    case A::Freeze:
        return freeze(e, consumer);
    case A::Unfreeze:
        consumer.unfreeze();
        break;
    case A::Partition:
        consumer.partition(brokersOf);
        break;
    case A::Heal:
        consumer.heal(brokersOf);
        break;
    case A::Pause:
        consumer.pause();
        break;
    case A::Resume:
        consumer.resume();
        break;
    default:
        break;
    }
    return std::nullopt;
}

} // namespace Rblab
