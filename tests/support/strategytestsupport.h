// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <allocation/strategyregistry.h>

#include <rblab/messagequeue.h>

#include <QList>
#include <QSet>
#include <QString>
#include <QStringList>

#include <utility>

/*!
    Helpers for tests that run strategies: the registry of this build tree's plugins, and short
    ways to write queue lists and to print them in failure messages.
*/
namespace TestSupport {

/*!
    Loads the built-in plugins only (found next to the engine library of this build tree), with
    no user folder, RBLAB_PLUGIN_PATH or static plugin, so a developer's own plugins cannot
    change the outcome. Returns an error text when not all six RocketMQ strategies loaded.
*/
QString loadBuiltinRegistry(Rblab::StrategyRegistry &registry);

/*!
    Every consumer's answer through allocate(), in cidAll order, as the members of a group would
    each ask for themselves; the error is that of the first failing call (allocateAll's contract).
*/
Rblab::GroupAllocateResult allocateEach(Rblab::AllocationStrategy &strategy,
    const Rblab::MessageQueueList &mqAll, const QStringList &cidAll);

//! The six RocketMQ strategies' names.
QStringList rocketMqStrategyNames();

//! Queues of one topic: {{"broker-a", 4}} is broker-a:0 … broker-a:3, sorted as RebalanceImpl
//! sorts.
Rblab::MessageQueueList makeQueues(
    const QString &topic, const QList<std::pair<QString, int>> &brokers);

//! "broker-a:0,broker-b:3" (topic left out), in list order, for messages and compact expectations.
QString brief(const Rblab::MessageQueueList &queues);

QSet<Rblab::MessageQueue> toSet(const Rblab::MessageQueueList &queues);

//! Sorted copies, as RebalanceImpl hands the lists to a strategy.
Rblab::MessageQueueList sorted(Rblab::MessageQueueList queues);
QStringList sorted(QStringList clientIds);

} // namespace TestSupport
