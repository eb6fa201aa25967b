// SPDX-License-Identifier: Apache-2.0
// What a run is made of, by index: queues, consumers, brokers, topics and groups with their modes.
#pragma once

#include "scenario/scenario.h"
#include "model/snapshot.h"

#include <rblab/rblab_global.h>

#include <QList>
#include <QString>
#include <QStringList>

namespace Rblab {

/*!
    A consumer group of a run: how it consumes and which queues are its.
*/
struct RBLAB_ENGINE_EXPORT GroupInfo
{
    QString name;
    QStringList topics; //!< the topics it subscribes to, in the scenario's order
    //! TopicNames::retryTopicOf(name) when the run has that topic (CLUSTERING groups), else empty.
    QString retryTopic;
    MessageModel messageModel = MessageModel::Clustering;
    ConsumeMode consumeMode = ConsumeMode::Concurrently;
    //! GroupSpec::pops(): every member pops every queue of its topics, none is double-owned.
    bool pops = false;
    //! Its queues (subscribed topics and retry topic), indices into Catalog::queues, in
    //! RocketMQ's order.
    QList<qint32> queues;

    bool broadcasting() const { return messageModel == MessageModel::Broadcasting; }
    bool orderly() const { return consumeMode == ConsumeMode::Orderly; }

    friend bool operator==(const GroupInfo &, const GroupInfo &) = default;
};

/*!
    The catalog of a run: every queue (retry topics included), consumer, broker, topic and group,
    by the indices that snapshots, samples and events use. A run only appends to it, so an index
    keeps its meaning for the whole run. Simulation::catalog() publishes it; the app's views, the
    report (RunRecord) and the observed world of imported logs read this one type.
*/
struct RBLAB_ENGINE_EXPORT Catalog
{
    QList<QueueInfo> queues;
    QList<ConsumerInfo> consumers;
    QStringList brokers;
    QStringList topics;
    QList<GroupInfo> groups; //!< in the scenario's order: ConsumerInfo::groupIndex
    QList<qint32> sortedQueueOrder; //!< indices of `queues` in RocketMQ's order

    //! The group at `index`, or an empty one (no queues, PULL, CLUSTERING) when out of range.
    const GroupInfo &group(qint32 index) const;
    //! The index of the group named `name`, or -1.
    qint32 groupIndex(const QString &name) const;
    QStringList groupNames() const;
    //! Some group consumes ORDERLY (its queues are locked on the broker).
    bool anyGroupOrderly() const;
    //! Some group pops (GroupInfo::pops).
    bool anyGroupPops() const;
    //! There are groups and every one of them pops.
    bool everyGroupPops() const;

    /*!
        Fills each group's `queues` from its topics and retry topic: the queues of those topics,
        in sortedQueueOrder.
    */
    void assignGroupQueues();

    //! "broker-a/3" or "%RETRY%group/broker-a/0": short and unambiguous for logs.
    QString queueLabel(qint32 queue) const;
    QString consumerLabel(qint32 consumer) const;
    /*!
        The other consumers in the same client instance as `consumer` (same client id and
        instanceName: one MQClientInstance, MQClientManager's key), any group, catalog order;
        empty for a consumer in a process of its own.
    */
    QList<qint32> instanceMates(qint32 consumer) const;
};

} // namespace Rblab
