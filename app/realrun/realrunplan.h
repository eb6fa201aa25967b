// SPDX-License-Identifier: Apache-2.0
// What `rblab real-run` does on a real cluster, decided from a scenario before anything starts.
#pragma once

#include <scenario/scenario.h>

#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

namespace Rblab {

/*!
    A scenario turned into what a real cluster on loopback can be made to do: the brokers and
    topics to create, the producer's rates over time, a JVM of the harness per consumer with its
    options (RocketMQ's setting names), and the timed actions (start a client, a signal, a line
    to a consumer's control file, an mqadmin command). What a real cluster cannot do here (a
    network partition, random churn, a plugin strategy the Java client does not have, …) is a
    refusal naming the event's line in the file, decided before anything starts.

    Pure: no process is started and no file is read, so every mapping is tested without Java.
*/
struct RealRunPlan
{
    //! The real client's version family, which decides what a scenario may ask for (POP: 5.x).
    enum class Version { V49, V5 };

    struct ConsumerLaunch
    {
        QString name; //!< the scenario's handle
        QString id; //!< the scenario's client id (clientIP@instanceName[@unitName])
        QString group;
        QString folder; //!< under the run's consumers/ folder, unique and file-safe
        SimTime start = 0; //!< when consumer.start() is called (ms after the origin)
        QStringList options; //!< harness Consumer options, "--key=value"
    };

    struct TopicCreate
    {
        QString topic;
        QString broker;
        int queues = 0;
    };

    //! What a step does at its time.
    enum class Kind {
        StartConsumer, //!< consumer.start() in its already launched JVM
        Kill, //!< SIGKILL
        Shutdown, //!< SIGTERM: the harness's hook calls consumer.shutdown()
        Freeze, //!< SIGSTOP
        Thaw, //!< SIGCONT
        Control, //!< a line appended to the consumer's control file (`text`)
        UpdateTopic, //!< mqadmin updateTopic: `topic`, `broker`, `queues`
        BrokerConfig, //!< mqadmin updateBrokerConfig on every broker: `key`, `value`
    };

    struct Step
    {
        SimTime at = 0;
        Kind kind = Kind::Control;
        QString consumer; //!< a ConsumerLaunch name
        QString text; //!< Control: the line
        QString topic;
        QString broker;
        int queues = 0;
        QString key;
        QString value;
        QString describe; //!< for progress and the run's action list: "kill 127.0.0.1@c1"
    };

    struct Refusal
    {
        int line = 0; //!< of the event (or the object) in the file; 0 when unknown
        QString what; //!< "events[3] (partition at 2m)"
        QString why;
        QString toString(const QString &file) const;
    };

    Version version = Version::V49;
    SimTime duration = 0;
    QStringList brokers;
    QList<TopicCreate> topics;
    //! Producer options ("--topic.T.rate=300", "--topic.T.schedule=…"); empty: no producer.
    QStringList producerOptions;
    //! POP groups: `mqadmin setConsumeMode` per group and topic, with popShareQueueNum.
    struct PopGroup
    {
        QString group;
        QString topic;
        int popShareQueueNum = -1;
    };
    QList<PopGroup> popGroups;
    //! Broker settings every broker starts with (broker.conf syntax), from the scenario's broker.
    QStringList brokerSettings;
    QList<ConsumerLaunch> consumers;
    QList<Step> steps; //!< by time; equal times in the file's order
    QList<Refusal> refusals;

    bool ok() const { return refusals.isEmpty(); }
    const ConsumerLaunch *consumer(const QString &name) const;

    /*!
        The plan for `scenario`. `eventLines[i]` is the line of the file's events[i] (see
        eventLines()); `groupLines` the line of each group by name, for refusals.
    */
    static RealRunPlan make(const Scenario &scenario, Version version,
        const QList<int> &eventLines = {}, const QMap<QString, int> &groupLines = {});
    //! The line of each element of the scenario file's "events" array, and of each group.
    static void lines(
        const QByteArray &file, QList<int> *eventLines, QMap<QString, int> *groupLines);
    //! RocketMQ's strategies the harness names; anything else is a refusal.
    static QStringList javaStrategies();
    //! "2ms", "exp:2ms", "lognormal:2ms,p99=20ms": the harness's form of a consume time.
    static QString consumeTimeSpec(const ConsumeTime &time);
    //! A duration in ms as the harness reads it ("1500ms").
    static QString millis(double ms);
};

} // namespace Rblab
