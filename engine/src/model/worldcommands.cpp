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
    const auto fail = [why](const QString &message) {
        if (why) {
            *why = message;
        }
        return false;
    };
    SimEvent ev;
    ev.type = lifecycleType(e.action);

    // Actions on the world.
    switch (e.action) {
    case A::SetProduceRate: {
        const qint32 t = topicIndex(e.topic);
        if (t < 0 || topics[size_t(t)].retry) {
            return fail(tr("unknown topic \"%1\"").arg(e.topic));
        }
        if (e.rate < 0) {
            return fail(tr("a produce rate must be ≥ 0"));
        }
        topics[size_t(t)].produceRate = e.rate;
        updateProduction(t);
        ev.topic = t;
        ev.detail = QString::number(e.rate);
        publish(ev);
        return true;
    }
    case A::SetQueues: {
        const qint32 t = topicIndex(e.topic);
        const qint32 b = brokerIndex(e.broker);
        if (t < 0 || topics[size_t(t)].retry) {
            return fail(tr("unknown topic \"%1\"").arg(e.topic));
        }
        if (b < 0) {
            return fail(tr("unknown broker \"%1\"").arg(e.broker));
        }
        if (e.count < 0 || e.count > 1024) {
            return fail(tr("a queue count must be from 0 to 1024"));
        }
        // The topic's read queue number changes on the broker and in the name server at once;
        // consumers learn it at their next route poll.
        topics[size_t(t)].readQueueNums[size_t(b)] = e.count;
        for (qint32 id = 0; id < e.count; ++id) {
            addQueue(t, b, id);
        }
        refreshRoute(t);
        updateProduction(t);
        ev.topic = t;
        ev.broker = b;
        ev.detail = QString::number(e.count);
        publish(ev);
        return true;
    }
    case A::SetBroker: {
        if (const auto invalid = invalidSettings<BrokerConfig>(
                e.settings, QT_TRANSLATE_NOOP("Rblab::World", "unknown broker setting \"%1\""))) {
            return fail(*invalid);
        }
        // Every broker of a run shares one BrokerConfig; timers pick the new values up at their
        // next round, held pulls keep the hold they were given.
        brokerConfig.apply(e.settings);
        QStringList parts;
        for (auto it = e.settings.cbegin(); it != e.settings.cend(); ++it) {
            parts.append(QStringLiteral("%1=%2").arg(it.key(), it.value().toString()));
        }
        ev.detail = parts.join(QStringLiteral(", "));
        publish(ev);
        return true;
    }
    case A::SetChurn: {
        if (e.churn && groupIndex(e.churn->group) < 0) {
            return fail(tr("unknown group \"%1\"").arg(e.churn->group));
        }
        if (churn) {
            churn->stop();
        }
        churn.reset();
        if (e.churn) {
            churn = std::make_unique<ChurnGenerator>(this, *e.churn);
            churn->start();
            ev.detail = e.churn->group;
        }
        publish(ev);
        return true;
    }
    case A::BrokerDown:
    case A::BrokerUp: {
        const qint32 b = brokerIndex(e.broker);
        if (b < 0) {
            return fail(tr("unknown broker \"%1\"").arg(e.broker));
        }
        Broker &broker = *brokers[size_t(b)];
        const bool down = e.action == A::BrokerDown;
        if (broker.up != down) {
            return fail(down ? tr("broker %1 is already down").arg(broker.name)
                             : tr("broker %1 is already up").arg(broker.name));
        }
        ev.broker = b;
        publish(ev);
        if (down) {
            broker.goDown();
        } else {
            broker.comeUp();
        }
        for (size_t t = 0; t < topics.size(); ++t) {
            refreshRoute(qint32(t));
            updateProduction(qint32(t));
        }
        return true;
    }
    case A::SetStrategy:
    case A::SetClient: {
        const qint32 g = groupIndex(e.group);
        if (g < 0) {
            return fail(tr("unknown group \"%1\"").arg(e.group));
        }
        std::vector<qint32> targets;
        if (e.consumer.isEmpty()) {
            targets = groups[size_t(g)].consumers;
        } else {
            const qint32 c = consumerByName(e.consumer);
            if (c < 0 || consumers[size_t(c)]->group != g) {
                return fail(tr("no consumer \"%1\" in group %2").arg(e.consumer, e.group));
            }
            targets.push_back(c);
        }
        if (e.action == A::SetStrategy) {
            // Checked once before any consumer changes: all or nothing.
            const QString defaultTopic = groups[size_t(g)].topics.empty()
                ? QString()
                : topics[size_t(groups[size_t(g)].topics.front())].name;
            const StrategyCreation probe
                = registry.create(e.strategy, e.strategyParams, defaultTopic);
            if (!probe.ok()) {
                return fail(probe.parameter.isEmpty()
                        ? probe.error
                        : QStringLiteral("%1: %2").arg(probe.parameter, probe.error));
            }
            if (e.consumer.isEmpty()) {
                groups[size_t(g)].spec.strategy = e.strategy;
                groups[size_t(g)].spec.strategyParams = e.strategyParams;
            }
            for (qint32 c : targets) {
                consumers[size_t(c)]->setStrategy(e.strategy, e.strategyParams, nullptr);
            }
            ev.detail = e.strategy;
        } else {
            if (const auto invalid = invalidSettings<ClientConfig>(
                    e.client, QT_TRANSLATE_NOOP("Rblab::World", "unknown client setting \"%1\""))) {
                return fail(*invalid);
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
            ev.detail = parts.join(QStringLiteral(", "));
        }
        ev.consumer = e.consumer.isEmpty() ? -1 : targets.front();
        publish(ev);
        return true;
    }
    case A::Join: {
        const QString name = e.joining.handle();
        qint32 c = consumerByName(name);
        if (c >= 0) {
            if (consumers[size_t(c)]->state != ConsumerState::Absent) {
                return fail(tr("consumer \"%1\" already exists").arg(name));
            }
        } else {
            const qint32 g = groupIndex(e.group);
            if (g < 0) {
                return fail(tr("unknown group \"%1\"").arg(e.group));
            }
            if (e.joining.id.isEmpty()) {
                return fail(tr("a consumer needs a client id"));
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
                return fail(probe.error);
            }
            c = createConsumer(g, e.joining, false);
        }
        ev.consumer = c;
        publish(ev);
        consumers[size_t(c)]->start();
        return true;
    }
    default:
        break;
    }

    // Actions on one consumer.
    const qint32 c = consumerByName(e.consumer);
    if (c < 0) {
        return fail(tr("unknown consumer \"%1\"").arg(e.consumer));
    }
    Consumer &consumer = *consumers[size_t(c)];
    if (!consumer.frozen) {
        consumer.consume.catchUp(now());
    }
    if (!consumer.alive()) {
        return fail(tr("consumer %1 is not running (%2)")
                        .arg(consumer.name, consumerStateName(consumer.state)));
    }
    ev.consumer = c;
    std::vector<qint32> brokersOf;
    if (e.action == A::Partition || e.action == A::Heal) {
        if (e.brokers.isEmpty()) {
            for (qsizetype b = 0; b < brokerNames.size(); ++b) {
                brokersOf.push_back(qint32(b));
            }
        } else {
            for (const QString &name : e.brokers) {
                const qint32 b = brokerIndex(name);
                if (b < 0) {
                    return fail(tr("unknown broker \"%1\"").arg(name));
                }
                brokersOf.push_back(b);
            }
            ev.detail = e.brokers.join(QStringLiteral(", "));
        }
    }
    switch (e.action) {
    case A::Shutdown:
        publish(ev);
        consumer.shutdown();
        break;
    case A::Kill:
        publish(ev);
        consumer.kill();
        break;
    case A::Freeze:
        publish(ev);
        consumer.freeze();
        if (e.forDuration) {
            ScenarioEvent thaw;
            thaw.action = A::Unfreeze;
            thaw.consumer = consumer.name;
            commands.push_back(thaw);
            Event due;
            due.kind = quint8(Ev::ScenarioEventDue);
            due.flags = 1;
            due.target = quint32(commands.size() - 1);
            agenda.schedule(now() + std::max<SimTime>(0, *e.forDuration), due);
        }
        break;
    case A::Unfreeze:
        publish(ev);
        consumer.unfreeze();
        break;
    case A::Partition:
        publish(ev);
        consumer.partition(brokersOf);
        break;
    case A::Heal:
        publish(ev);
        consumer.heal(brokersOf);
        break;
    case A::Pause:
        publish(ev);
        consumer.pause();
        break;
    case A::Resume:
        publish(ev);
        consumer.resume();
        break;
    case A::SetConsumeTime:
        consumer.consumeTime = e.consumeTime;
        consumer.slowed = e.consumeTime.meanMs > consumer.initialConsumeTime.meanMs * 1.0001;
        ev.detail = formatDurationF(e.consumeTime.meanMs);
        publish(ev);
        break;
    case A::SetFailureRate:
        if (e.failureRate < 0 || e.failureRate > 1) {
            return fail(tr("a failure rate must be from 0 to 1"));
        }
        consumer.failureRate = e.failureRate;
        ev.detail = QString::number(e.failureRate);
        publish(ev);
        break;
    default:
        return fail(tr("unsupported action"));
    }
    return true;
}

} // namespace Rblab
