// SPDX-License-Identifier: Apache-2.0
#include "scenario/scenariocost.h"

#include <QHash>
#include <QPair>

#include <algorithm>

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
    // Deliveries and retries, per group: the largest failure rate any of its consumers has (as
    // declared, joined or set by an event).
    QHash<QString, double> failure;
    QHash<QString, QString> groupOf; //!< consumer handle → group
    for (const GroupSpec &group : scenario.groups) {
        for (const ConsumerSpec &consumer : group.consumers) {
            failure[group.name] = std::max(failure.value(group.name), consumer.failureRate);
            groupOf.insert(consumer.handle(), group.name);
        }
    }
    for (const ScenarioEvent &e : scenario.events) {
        if (e.action == ScenarioEvent::Action::Join) {
            failure[e.group] = std::max(failure.value(e.group), e.joining.failureRate);
            groupOf.insert(e.joining.handle(), e.group);
        }
    }
    for (const ScenarioEvent &e : scenario.events) {
        if (e.action == ScenarioEvent::Action::SetFailureRate) {
            const QString group = groupOf.value(e.consumer);
            failure[group] = std::max(failure.value(group), e.failureRate);
        }
    }
    for (const GroupSpec &group : scenario.groups) {
        double rate = 0;
        for (const QString &topic : group.topics) {
            rate += rates.value(topic);
        }
        if (group.messageModel == MessageModel::Broadcasting) {
            // Every member consumes every message; a failed call is not sent back.
            cost.deliveriesPerSecond += rate * double(members.value(group.name));
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
        cost.deliveriesPerSecond += rate * (1 + sentBack - lastToDlq);
        cost.retriesPerSecond += rate * sentBack;
    }
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
        + kSecondsPerRow * samplesPerMinute * double(queues + consumers);
}

} // namespace Rblab
