// SPDX-License-Identifier: Apache-2.0
// What the engine's behaviour tests share: a small world built in C++, the built-in strategies,
// and questions about a run asked through the public face only (snapshots and events).
#pragma once

#include <allocation/strategyregistry.h>
#include <scenario/scenario.h>
#include <run/simulation.h>

#include <QList>
#include <QString>
#include <QStringList>

#include <functional>

namespace SimTest {

inline const QString kTopic = QStringLiteral("TopicTest");
inline const QString kGroup = QStringLiteral("demo_group");

/*!
    The registry of this build tree's six RocketMQ strategies, loaded once per test program.
    Empty error text when they all loaded; the registry is usable either way.
*/
const Rblab::StrategyRegistry &registry();
QString registryError();

//! What makeScenario builds: one topic on some brokers, one group, n consumers.
struct WorldSpec
{
    QStringList brokers = { QStringLiteral("broker-a"), QStringLiteral("broker-b") };
    int queuesPerBroker = 4;
    double produceRate = 1000; //!< messages per second for the topic
    int messageSize = 1024;
    Rblab::Profile profile = Rblab::Profile::V5;
    Rblab::SimTime latency = 1;
    int consumers = 3;
    double consumeMs = 1.0;
    /*!
        Consumer k starts at k × stagger. Real consumers never start in the same millisecond;
        starting them apart also spreads their 20 s periodic rebalances and 30 s route polls.
    */
    Rblab::SimTime stagger = 0;
    QString strategy = QStringLiteral("AVG");
    Rblab::MessageModel model = Rblab::MessageModel::Clustering;
    Rblab::ConsumeMode mode = Rblab::ConsumeMode::Concurrently;
    QVariantMap client; //!< the group's client settings
    QVariantMap broker; //!< BrokerConfig overrides
    quint64 seed = 1;
};

//! Client ids as RocketMQ builds them: "10.0.0.<k+1>@<1001+k>".
QString clientId(int k);
Rblab::ConsumerSpec consumerSpec(
    const QString &id, double consumeMs = 1.0, Rblab::SimTime start = 0);
Rblab::Scenario makeScenario(const WorldSpec &spec);

//! A command on one consumer (kill, shutdown, freeze, pause, …).
Rblab::ScenarioEvent command(Rblab::ScenarioEvent::Action action, const QString &consumer);
//! Applies a command now; the error text is empty when it was accepted.
QString apply(Rblab::Simulation &sim, const Rblab::ScenarioEvent &command);

// --- The catalog

//! Catalog indices of a topic's queues, in RocketMQ's order.
QList<qint32> topicQueues(const Rblab::Simulation &sim, const QString &topic = kTopic);
QString retryTopic(const QString &group = kGroup);
//! "broker-a:3" (with the topic when it is not kTopic), for messages.
QString queueName(const Rblab::Simulation &sim, qint32 queue);
QString queueNames(const Rblab::Simulation &sim, const QList<qint32> &queues);

// --- Snapshots

//! Consumers holding a live (not dropped) process queue for the queue.
QList<qint32> owners(const Rblab::WorldSnapshot &snap, qint32 queue);
//! The live holding of a consumer on a queue, or nullptr.
const Rblab::SnapshotHolding *holding(
    const Rblab::WorldSnapshot &snap, qint32 queue, qint32 consumer);
//! The queues among `among` a consumer holds (live process queues), sorted.
QList<qint32> heldBy(const Rblab::WorldSnapshot &snap, qint32 consumer, const QList<qint32> &among);
//! The consumer's view of a topic (when it last rebalanced it, with which list), or nullptr.
const Rblab::ConsumerView *view(
    const Rblab::WorldSnapshot &snap, qint32 consumer, qint32 topicIndex);

// --- Events

QList<Rblab::SimEvent> events(const Rblab::Simulation &sim, Rblab::SimEvent::Type type,
    Rblab::SimTime from = 0, Rblab::SimTime to = Rblab::kNever);
//! The first Rebalance event at or after `from` in which `consumer` (any when -1) added `queue`.
const Rblab::SimEvent *firstAdded(const Rblab::Simulation &sim, qint32 queue, Rblab::SimTime from,
    qint32 consumer = -1, qint32 except = -1);
const Rblab::SimEvent *firstRemoved(
    const Rblab::Simulation &sim, qint32 queue, Rblab::SimTime from, qint32 consumer = -1);
//! The events of [from, to] as report lines, for failure messages (flow control left out).
QString eventLog(
    const Rblab::Simulation &sim, Rblab::SimTime from = 0, Rblab::SimTime to = Rblab::kNever);

/*!
    Runs in steps of `step` until `done(snapshot)` holds or `limit` is reached; returns the time
    it first held, or -1.
*/
Rblab::SimTime runUntil(Rblab::Simulation &sim, Rblab::SimTime limit, Rblab::SimTime step,
    const std::function<bool(const Rblab::WorldSnapshot &)> &done);
/*!
    Runs in steps of `step` up to `limit`, calling `check(snapshot)` at every step; stops early
    and returns false as soon as it returns false.
*/
bool runChecking(Rblab::Simulation &sim, Rblab::SimTime limit, Rblab::SimTime step,
    const std::function<bool(const Rblab::WorldSnapshot &)> &check);

} // namespace SimTest
