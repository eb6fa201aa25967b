// SPDX-License-Identifier: Apache-2.0
#include "scenario/scenariocost.h"

#include "settings/clientconfig.h"

#include <QHash>
#include <QPair>

#include <algorithm>
#include <functional>
#include <limits>

namespace Rblab {

ScenarioCost ScenarioCost::of(const Scenario &scenario)
{
    ScenarioCost cost;
    // Queues: the largest count any topic ever has on each broker.
    QHash<QPair<QString, QString>, qint64> queues;
    QHash<QString, double> rates;
    for (const TopicSpec &topic : scenario.topics) {
        for (const auto &[broker, count] : topic.queues) {
            queues[{ topic.name, broker }]
                = std::max<qint64>(queues[{ topic.name, broker }], count);
        }
        rates[topic.name] = std::max(rates.value(topic.name), topic.produceRate);
    }
    QHash<QString, qint64> members;
    for (const GroupSpec &group : scenario.groups) {
        members[group.name] += group.consumers.size();
        // RebalanceImpl: a CLUSTERING group also subscribes %RETRY%<group>, one queue per broker.
        if (group.messageModel == MessageModel::Clustering) {
            cost.queues += scenario.brokers.size();
        }
    }
    for (const ScenarioEvent &e : scenario.events) {
        switch (e.action) {
        case ScenarioEvent::Action::SetQueues:
            queues[{ e.topic, e.broker }]
                = std::max<qint64>(queues[{ e.topic, e.broker }], e.count);
            break;
        case ScenarioEvent::Action::SetProduceRate:
            rates[e.topic] = std::max(rates.value(e.topic), e.rate);
            break;
        case ScenarioEvent::Action::Join:
            ++members[e.group];
            break;
        default:
            break;
        }
    }
    QHash<QString, qint64> topicQueues;
    for (auto it = queues.cbegin(); it != queues.cend(); ++it) {
        cost.queues += it.value();
        topicQueues[it.key().first] += it.value();
    }
    for (const GroupSpec &group : scenario.groups) {
        for (const QString &topic : group.topics) {
            cost.subscribedQueues += topicQueues.value(topic);
        }
        if (group.messageModel == MessageModel::Clustering) {
            cost.subscribedQueues += scenario.brokers.size();
        }
    }
    for (const double rate : std::as_const(rates)) {
        cost.messagesPerSecond += rate;
    }
    // Deliveries and retries, per group. Each member calls its listener at most threads / mean
    // consume time a second (its fastest: the smallest mean any event gives it, the most
    // threads any setting does); a member offered more is held by flow control, and its
    // queues' pulls are retried every 50 ms instead. The failure rate is the largest any member
    // has (as declared, joined or set by an event).
    struct Member
    {
        double meanMs = 0;
        double threads = 0;
    };
    QHash<QString, QList<QString>> memberNames; //!< group → handles
    QHash<QString, Member> memberOf; //!< handle → its fastest
    QHash<QString, QString> groupOf; //!< handle → group
    QHash<QString, double> failure;
    // A member's threads are resolved as the engine resolves them (RocketMQ's default, then
    // its group's setting, then its own); a later setClient can only raise the count here.
    const auto threadsSetBy = [](const QVariantMap &client) { // 0: not set
        ClientConfig set;
        set.consumeThreadMin = 0;
        set.apply(client);
        return double(set.consumeThreadMin);
    };
    QHash<QString, const GroupSpec *> groupSpec;
    for (const GroupSpec &group : scenario.groups) {
        groupSpec.insert(group.name, &group);
    }
    const auto addMember = [&](const QString &group, const ConsumerSpec &consumer) {
        const QString handle = consumer.handle();
        failure[group] = std::max(failure.value(group), consumer.failureRate);
        groupOf.insert(handle, group);
        memberNames[group].append(handle);
        ClientConfig config;
        if (const GroupSpec *spec = groupSpec.value(group)) {
            config.apply(spec->client);
        }
        config.apply(consumer.client);
        memberOf.insert(handle, { consumer.consumeTime.meanMs, double(config.consumeThreadMin) });
    };
    for (const GroupSpec &group : scenario.groups) {
        for (const ConsumerSpec &consumer : group.consumers) {
            addMember(group.name, consumer);
        }
    }
    for (const ScenarioEvent &e : scenario.events) {
        if (e.action == ScenarioEvent::Action::Join) {
            addMember(e.group, e.joining);
        }
    }
    for (const ScenarioEvent &e : scenario.events) {
        const auto member = memberOf.find(e.consumer);
        if (member == memberOf.end()) {
            continue;
        }
        if (e.action == ScenarioEvent::Action::SetFailureRate) {
            const QString group = groupOf.value(e.consumer);
            failure[group] = std::max(failure.value(group), e.failureRate);
        } else if (e.action == ScenarioEvent::Action::SetConsumeTime) {
            member->meanMs = std::min(member->meanMs, e.consumeTime.meanMs);
        } else if (e.action == ScenarioEvent::Action::SetClient) {
            member->threads = std::max(member->threads, threadsSetBy(e.client));
        }
    }
    QHash<QString, double> groupRaised; // the most threads a setClient for a whole group sets
    for (const ScenarioEvent &e : scenario.events) {
        if (e.action == ScenarioEvent::Action::SetClient && e.consumer.isEmpty()) {
            groupRaised[e.group] = std::max(groupRaised.value(e.group), threadsSetBy(e.client));
        }
    }
    for (auto it = memberOf.begin(); it != memberOf.end(); ++it) {
        it->threads = std::max(it->threads, groupRaised.value(groupOf.value(it.key())));
    }
    const auto capacity = [](const Member &m) { // listener calls a second
        return m.meanMs > 0 ? m.threads * 1000.0 / m.meanMs
                            : std::numeric_limits<double>::infinity();
    };
    double polls = 0; // flow-control retries of pulls a second
    for (const GroupSpec &group : scenario.groups) {
        double rate = 0;
        qint64 groupQueues = 0;
        for (const QString &topic : group.topics) {
            rate += rates.value(topic);
            groupQueues += topicQueues.value(topic);
        }
        const QList<QString> names = memberNames.value(group.name);
        if (group.messageModel == MessageModel::Broadcasting) {
            // Every member consumes every message; a failed call is not sent back.
            for (const QString &name : names) {
                const double most = capacity(memberOf.value(name));
                cost.deliveriesPerSecond += std::min(rate, most);
                polls += rate > most ? double(groupQueues) * kFlowControlRetriesPerSecond : 0;
            }
            continue;
        }
        // A message fails its first call with probability f, its k-th retry with f again: f^k
        // of the messages are sent back a k-th time, until the DLQ takes them.
        const double f = std::clamp(failure.value(group.name), 0.0, 1.0);
        double sentBack = 0;
        double power = 1;
        for (int k = 1; k <= kMaxReconsumeTimes + 1; ++k) {
            power *= f;
            sentBack += power;
        }
        const double lastToDlq = power; // sent back a 17th time: dead-lettered, not consumed
        const double offered = rate * (1 + sentBack - lastToDlq);
        // At most one member per queue holds any: the fastest ones, at best.
        QList<double> each;
        for (const QString &name : names) {
            each.append(capacity(memberOf.value(name)));
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
        polls += offered > most && !names.isEmpty()
            ? double(groupQueues) * kFlowControlRetriesPerSecond
            : 0;
    }
    cost.flowControlPollsPerSecond = polls;
    for (auto it = members.cbegin(); it != members.cend(); ++it) {
        cost.consumers += it.value();
        cost.notifications
            += double(scenario.brokers.size()) * double(it.value()) * double(it.value() + 1) / 2;
        if (it.value() > cost.largestGroup) {
            cost.largestGroup = it.value();
            cost.largestGroupName = it.key();
        }
    }
    // ChurnGenerator: one action per exponential wait; a join creates a consumer that stays in
    // every later sample. A setChurn event may start churn later or faster: take the fastest.
    const auto joinsPerMinute = [](const ChurnSpec &churn) {
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
    };
    if (scenario.churn) {
        cost.churnJoinsPerMinute = joinsPerMinute(*scenario.churn);
    }
    for (const ScenarioEvent &e : scenario.events) {
        if (e.action == ScenarioEvent::Action::SetChurn && e.churn) {
            cost.churnJoinsPerMinute = std::max(cost.churnJoinsPerMinute, joinsPerMinute(*e.churn));
        }
    }
    cost.channels = cost.consumers * scenario.brokers.size();
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
