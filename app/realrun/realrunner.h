// SPDX-License-Identifier: Apache-2.0
// Plays a scenario on a real RocketMQ cluster on loopback, in real time (`rblab real-run`).
#pragma once

#include "realrunplan.h"
#include "rocketmqhome.h"

#include <QElapsedTimer>
#include <QList>
#include <QString>

#include <atomic>
#include <functional>

namespace Rblab {

/*!
    Starts a name server and the plan's brokers on free loopback ports, creates the topics,
    launches the harness's producer and a JVM per consumer (early, each told the epoch time at
    which to call start(), so JVM start-up is outside the experiment's clock), applies each step
    at its time, and at the end, on an error or on requestStop() stops everything it started,
    consumers first, by PID. Blocking: the CLI runs it on its main thread, the app on a worker.

    The run's folder (`outDir`):
    - `real-run.json`: the origin (epoch ms of 0:00), the cluster's addresses, each consumer's
      folder, client id, PID and start, and every action with the time it was applied;
    - `cluster/` (the servers' configs, stores and logs), `producer/`, `consumers/<name>/`
      (the harness's consumed.log, alloc.log, stdout.log and the client's rocketmq_client.log).
*/
class RealRunner
{
public:
    using Progress = std::function<void(const QString &line)>;

    RealRunner(RealRunPlan plan, RocketMqHome home, QString outDir, Progress progress);
    ~RealRunner();

    //! Runs the whole experiment; false with error() set when it could not (everything stopped).
    bool run();
    //! From any thread or a signal handler: stop at the next tick, stopping all that was started.
    void requestStop() { m_stop.store(true); }
    bool interrupted() const { return m_interrupted; }
    //! The processes that ended on their own during the run (a consumer whose start() failed…).
    QStringList died() const { return m_died; }
    QString error() const { return m_error; }

    //! Compiles the harness (kept in the project as resources) against `home`, or reuses an earlier
    //! build; the folder of its classes, or "" with `error` set.
    static QString buildHarness(const RocketMqHome &home, QString *error);
    //! A port P on 127.0.0.1 such that P-2 … P+1 are free too (a broker's fast and HA ports).
    static quint16 freePort(quint16 from, int span = 4);

private:
    struct Process
    {
        QString name; //!< "namesrv", "broker-a", "producer", a consumer's name
        qint64 pid = 0;
        bool server = false;
        bool frozen = false;
        bool ended = false;
        QString folder;
    };

    bool startCluster();
    bool startServer(const QString &name, const QString &mainClass, const QString &conf,
        const QStringList &heap, int waitSeconds);
    bool waitForLine(const QString &file, const QString &text, int seconds, qint64 pid);
    bool mqadmin(const QStringList &args, QString *output = nullptr);
    bool launchProducer(qint64 startAt);
    bool launchConsumer(const RealRunPlan::ConsumerLaunch &c, qint64 startAt);
    qint64 launchJava(const QString &folder, const QStringList &jvm, const QString &mainClass,
        const QStringList &args);
    bool apply(const RealRunPlan::Step &step);
    void stopAll();
    //! Notes every process that ended without being told to, once, as a "died" action.
    void watchForDeaths();
    void stopProcess(Process &p, int graceMs);
    Process *process(const QString &name);
    void record(
        qint64 epochMs, const QString &action, const QString &consumer, const QString &detail);
    bool writeRunFile(bool finished) const;
    bool sleepUntil(qint64 epochMs); //!< false when a stop was requested
    void say(const QString &line) const;
    static qint64 nowMs();

    RealRunPlan m_plan;
    RocketMqHome m_home;
    QString m_out;
    Progress m_progress;
    QString m_classes;
    QString m_namesrv;
    QList<QPair<QString, QString>> m_brokerAddresses; //!< name → 127.0.0.1:port
    QList<Process> m_processes;
    struct Action
    {
        qint64 t = 0; //!< ms after the origin
        QString action;
        QString consumer;
        QString detail;
    };
    QList<Action> m_actions;
    qint64 m_origin = 0;
    std::atomic<bool> m_stop { false };
    bool m_interrupted = false;
    QStringList m_died;
    QString m_error;
};

} // namespace Rblab
