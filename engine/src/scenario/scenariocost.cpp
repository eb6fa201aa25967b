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
    return samplesPerMinute * double(queues + consumers) * kBytesPerRow;
}

double ScenarioCost::bytesFor(SimTime duration) const
{
    // Rows grow by churnJoinsPerMinute consumers each minute: the integral over the run.
    const double minutes = double(duration) / double(kMinute);
    return samplesPerMinute * kBytesPerRow
        * (double(queues + consumers) * minutes + churnJoinsPerMinute * minutes * minutes / 2);
}

double ScenarioCost::secondsPerMinute() const
{
    return kSecondsPerNotification * notifications + kSecondsPerMessage * messagesPerSecond * 60
        + kSecondsPerRow * samplesPerMinute * double(queues + consumers);
}

} // namespace Rblab
