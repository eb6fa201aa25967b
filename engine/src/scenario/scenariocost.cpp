// SPDX-License-Identifier: Apache-2.0
#include "scenario/scenariocost.h"

#include "settings/clientconfig.h"

#include <QHash>
#include <QPair>

#include <algorithm>
#include <functional>
#include <limits>

namespace Rblab {

namespace {

//! What the file declares, at its largest: queues per (topic, broker), rates, group sizes.
struct Declared
{
    QHash<QPair<QString, QString>, qint64> queues;
    QHash<QString, double> rates;
    QHash<QString, qint64> members; //!< group → consumers (its own and its joins)
    QHash<QString, qint64> topicQueues; //!< topic → its queues on every broker
};

// Queues: the largest count any topic ever has on each broker; rates: the largest.
Declared declared(const Scenario &scenario)
{
    Declared d;
    for (const TopicSpec &topic : scenario.topics) {
        for (const auto &[broker, count] : topic.queues) {
            d.queues[{ topic.name, broker }]
                = std::max<qint64>(d.queues[{ topic.name, broker }], count);
        }
        d.rates[topic.name] = std::max(d.rates.value(topic.name), topic.produceRate);
    }
    for (const GroupSpec &group : scenario.groups) {
        d.members[group.name] += group.consumers.size();
    }
    for (const ScenarioEvent &e : scenario.events) {
        switch (e.action) {
        case ScenarioEvent::Action::SetQueues:
            d.queues[{ e.topic, e.broker }]
                = std::max<qint64>(d.queues[{ e.topic, e.broker }], e.count);
            break;
        case ScenarioEvent::Action::SetProduceRate:
            d.rates[e.topic] = std::max(d.rates.value(e.topic), e.rate);
            break;
        case ScenarioEvent::Action::Join:
            ++d.members[e.group];
            break;
        default:
            break;
        }
    }
    for (auto it = d.queues.cbegin(); it != d.queues.cend(); ++it) {
        d.topicQueues[it.key().first] += it.value();
    }
    return d;
}

void countQueues(const Scenario &scenario, const Declared &d, ScenarioCost &cost)
{
    for (const GroupSpec &group : scenario.groups) {
        // RebalanceImpl: a CLUSTERING group also subscribes %RETRY%<group>, one queue per broker.
        if (group.messageModel == MessageModel::Clustering) {
            cost.queues += scenario.brokers.size();
        }
    }
    for (auto it = d.queues.cbegin(); it != d.queues.cend(); ++it) {
        cost.queues += it.value();
    }
    for (const GroupSpec &group : scenario.groups) {
        for (const QString &topic : group.topics) {
            cost.subscribedQueues += d.topicQueues.value(topic);
        }
        if (group.messageModel == MessageModel::Clustering) {
            cost.subscribedQueues += scenario.brokers.size();
        }
    }
    for (const double rate : std::as_const(d.rates)) {
        cost.messagesPerSecond += rate;
    }
}

/*!
    Each member at its fastest: a member calls its listener at most threads / mean consume time
    a second (the smallest mean any event gives it, the most threads any setting does). The
    failure rate is the largest any member of the group has (as declared, joined or set).
*/
class Members
{
public:
    struct Member
    {
        double meanMs = 0;
        double threads = 0;
    };

    explicit Members(const Scenario &scenario)
    {
        for (const GroupSpec &group : scenario.groups) {
            m_groupSpec.insert(group.name, &group);
        }
        for (const GroupSpec &group : scenario.groups) {
            for (const ConsumerSpec &consumer : group.consumers) {
                add(group.name, consumer);
            }
        }
        for (const ScenarioEvent &e : scenario.events) {
            if (e.action == ScenarioEvent::Action::Join) {
                add(e.group, e.joining);
            }
        }
        applyEvents(scenario);
    }

    //! Listener calls a second at most.
    double capacity(const QString &handle) const
    {
        const Member m = m_memberOf.value(handle);
        return m.meanMs > 0 ? m.threads * 1000.0 / m.meanMs
                            : std::numeric_limits<double>::infinity();
    }
    QList<QString> names(const QString &group) const { return m_names.value(group); }
    double failure(const QString &group) const { return m_failure.value(group); }

private:
    // A member's threads are resolved as the engine resolves them (RocketMQ's default, then its
    // group's setting, then its own); a later setClient can only raise the count here.
    static double threadsSetBy(const QVariantMap &client) // 0: not set
    {
        ClientConfig set;
        set.consumeThreadMin = 0;
        set.apply(client);
        return double(set.consumeThreadMin);
    }

    void add(const QString &group, const ConsumerSpec &consumer)
    {
        const QString handle = consumer.handle();
        m_failure[group] = std::max(m_failure.value(group), consumer.failureRate);
        m_groupOf.insert(handle, group);
        m_names[group].append(handle);
        ClientConfig config;
        if (const GroupSpec *spec = m_groupSpec.value(group)) {
            config.apply(spec->client);
        }
        config.apply(consumer.client);
        m_memberOf.insert(handle, { consumer.consumeTime.meanMs, double(config.consumeThreadMin) });
    }

    void applyEvents(const Scenario &scenario)
    {
        for (const ScenarioEvent &e : scenario.events) {
            const auto member = m_memberOf.find(e.consumer);
            if (member == m_memberOf.end()) {
                continue;
            }
            if (e.action == ScenarioEvent::Action::SetFailureRate) {
                const QString group = m_groupOf.value(e.consumer);
                m_failure[group] = std::max(m_failure.value(group), e.failureRate);
            } else if (e.action == ScenarioEvent::Action::SetConsumeTime) {
                member->meanMs = std::min(member->meanMs, e.consumeTime.meanMs);
            } else if (e.action == ScenarioEvent::Action::SetClient) {
                member->threads = std::max(member->threads, threadsSetBy(e.client));
            }
        }
        QHash<QString, double> groupRaised; // the most threads a group-wide setClient sets
        for (const ScenarioEvent &e : scenario.events) {
            if (e.action == ScenarioEvent::Action::SetClient && e.consumer.isEmpty()) {
                groupRaised[e.group] = std::max(groupRaised.value(e.group), threadsSetBy(e.client));
            }
        }
        for (auto it = m_memberOf.begin(); it != m_memberOf.end(); ++it) {
            it->threads = std::max(it->threads, groupRaised.value(m_groupOf.value(it.key())));
        }
    }

    QHash<QString, const GroupSpec *> m_groupSpec;
    QHash<QString, QList<QString>> m_names; //!< group → handles
    QHash<QString, Member> m_memberOf; //!< handle → its fastest
    QHash<QString, QString> m_groupOf; //!< handle → group
    QHash<QString, double> m_failure;
};

/*!
    A group's deliveries and retries. A member offered more than it can consume is held by flow
    control, and its queues' pulls are retried every 50 ms instead; returns those polls.
*/
double addGroupLoad(
    const GroupSpec &group, const Declared &d, const Members &members, ScenarioCost &cost)
{
    constexpr double kRetries = ScenarioCost::kFlowControlRetriesPerSecond;
    double rate = 0;
    qint64 groupQueues = 0;
    for (const QString &topic : group.topics) {
        rate += d.rates.value(topic);
        groupQueues += d.topicQueues.value(topic);
    }
    const QList<QString> names = members.names(group.name);
    if (group.messageModel == MessageModel::Broadcasting) {
        // Every member consumes every message; a failed call is not sent back.
        double polls = 0;
        for (const QString &name : names) {
            const double most = members.capacity(name);
            cost.deliveriesPerSecond += std::min(rate, most);
            polls += rate > most ? double(groupQueues) * kRetries : 0;
        }
        return polls;
    }
    // A message fails its first call with probability f, its k-th retry with f again: f^k of
    // the messages are sent back a k-th time, until the DLQ takes them.
    const double f = std::clamp(members.failure(group.name), 0.0, 1.0);
    double sentBack = 0;
    double power = 1;
    for (int k = 1; k <= ScenarioCost::kMaxReconsumeTimes + 1; ++k) {
        power *= f;
        sentBack += power;
    }
    const double lastToDlq = power; // sent back a 17th time: dead-lettered, not consumed
    const double offered = rate * (1 + sentBack - lastToDlq);
    // At most one member per queue holds any: the fastest ones, at best.
    QList<double> each;
    for (const QString &name : names) {
        each.append(members.capacity(name));
    }
    std::sort(each.begin(), each.end(), std::greater<>());
    double most = 0;
    for (qsizetype i = 0; i < std::min<qsizetype>(each.size(), groupQueues); ++i) {
        most += each.at(i);
    }
    // (A group that cannot keep up consumes, and fails, only what it can.)
    const double share = offered > most ? most / offered : 1.0;
    cost.deliveriesPerSecond += offered * share;
    cost.retriesPerSecond += rate * sentBack * share;
    return offered > most && !names.isEmpty() ? double(groupQueues) * kRetries : 0;
}

void countConsumers(const Scenario &scenario, const Declared &d, ScenarioCost &cost)
{
    for (auto it = d.members.cbegin(); it != d.members.cend(); ++it) {
        cost.consumers += it.value();
        cost.notifications
            += double(scenario.brokers.size()) * double(it.value()) * double(it.value() + 1) / 2;
        if (it.value() > cost.largestGroup) {
            cost.largestGroup = it.value();
            cost.largestGroupName = it.key();
        }
    }
    cost.channels = cost.consumers * scenario.brokers.size();
}

// ChurnGenerator: one action per exponential wait; a join creates a consumer that stays in every
// later sample.
double joinsPerMinute(const ChurnSpec &churn)
{
    double total = 0;
    double joins = 0;
    for (const auto &[action, weight] : churn.actions) {
        total += weight;
        if (action == QLatin1String("join")) {
            joins += weight;
        }
    }
    return total > 0 && churn.meanInterval > 0
        ? double(kMinute) / double(churn.meanInterval) * joins / total
        : 0.0;
}

// A setChurn event may start churn later or faster: take the fastest.
double fastestChurnJoins(const Scenario &scenario)
{
    double most = scenario.churn ? joinsPerMinute(*scenario.churn) : 0.0;
    for (const ScenarioEvent &e : scenario.events) {
        if (e.action == ScenarioEvent::Action::SetChurn && e.churn) {
            most = std::max(most, joinsPerMinute(*e.churn));
        }
    }
    return most;
}

} // namespace

ScenarioCost ScenarioCost::of(const Scenario &scenario)
{
    ScenarioCost cost;
    const Declared d = declared(scenario);
    countQueues(scenario, d, cost);
    const Members members(scenario);
    double polls = 0; // flow-control retries of pulls a second
    for (const GroupSpec &group : scenario.groups) {
        polls += addGroupLoad(group, d, members, cost);
    }
    cost.flowControlPollsPerSecond = polls;
    countConsumers(scenario, d, cost);
    cost.churnJoinsPerMinute = fastestChurnJoins(scenario);
    cost.samplesPerMinute = double(kMinute) / double(std::max<SimTime>(1, scenario.sampleInterval));
    return cost;
}

double ScenarioCost::bytesPerMinute() const
{
    return samplesPerMinute * double(queues + consumers) * kBytesPerRow
        + retriesPerSecond * 60 * kBytesPerRetry;
}

double ScenarioCost::bytesFor(SimTime duration) const
{
    // Rows grow by churnJoinsPerMinute consumers each minute: the integral over the run.
    const double minutes = double(duration) / double(kMinute);
    return samplesPerMinute * kBytesPerRow
        * (double(queues + consumers) * minutes + churnJoinsPerMinute * minutes * minutes / 2)
        + retriesPerSecond * 60 * minutes * kBytesPerRetry;
}

double ScenarioCost::secondsPerMinute() const
{
    return kSecondsPerNotification * notifications + kSecondsPerMessage * deliveriesPerSecond * 60
        + kSecondsPerRetry * retriesPerSecond * 60
        + kSecondsPerFlowControlPoll * flowControlPollsPerSecond * 60
        + kSecondsPerRow * samplesPerMinute * double(queues + consumers);
}

} // namespace Rblab
