// SPDX-License-Identifier: Apache-2.0
// The real-run harness's consumer on a real RocketMQ 5.3.3 whose first start fails (issue 38):
// the 5.3.3 client shuts itself down when its first route query to the name server fails
// (SHUTDOWN_ALREADY), which two corpus recordings lost a consumer to. The harness builds the
// consumer again and starts it (Consumer.rebuildAndStart). Here the name server is not up when
// the consumer starts; it is started once the harness has logged the failure, and the consumer
// must then start, register and report STARTED.
//
// It needs Java and a RocketMQ 5.3.3: ROCKETMQ5_HOME, or ../shared/rocketmq/5.3.3 beside
// this source tree or beside the repository it was cloned from. Without them it says why and
// ends with status 77, which ctest reports as skipped, never as passed.
#include <rocketmqfinder.h>
#include <realrunner.h>

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <cstdio>

using namespace Rblab;

namespace {

RocketMqHome g_home;

//! The first line of `file` that contains `text`, waiting up to `ms` while `alive` is running.
QString waitForLine(
    const QString &file, const QString &text, int ms, const QProcess *alive = nullptr)
{
    const QDeadlineTimer deadline(ms);
    for (;;) {
        QFile f(file);
        if (f.open(QIODevice::ReadOnly)) {
            for (const QByteArray &line : f.readAll().split('\n')) {
                if (line.contains(text.toUtf8())) {
                    return QString::fromUtf8(line);
                }
            }
        }
        if (deadline.hasExpired() || (alive && alive->state() == QProcess::NotRunning)) {
            return {};
        }
        QThread::msleep(100);
    }
}

//! Stops `p` and waits for it (a JVM's shutdown hooks get their chance first).
void stop(QProcess &p)
{
    if (p.state() == QProcess::NotRunning) {
        return;
    }
    p.terminate();
    if (!p.waitForFinished(15000)) {
        p.kill();
        p.waitForFinished(5000);
    }
}

QString tail(const QString &file)
{
    QFile f(file);
    f.open(QIODevice::ReadOnly);
    return QString::fromUtf8(f.readAll()).right(1500);
}

} // namespace

class tst_HarnessStart : public QObject
{
    Q_OBJECT

private slots:
    void aClientThatShutItselfDownIsBuiltAgain();
};

void tst_HarnessStart::aClientThatShutItselfDownIsBuiltAgain()
{
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    QString error;
    qputenv("XDG_CACHE_HOME", (tmp.path() + QStringLiteral("/cache")).toUtf8());
    const QString classes = RealRunner::buildHarness(g_home, &error);
    QVERIFY2(!classes.isEmpty(), qPrintable(error));
    const quint16 port
        = RealRunner::freePort(quint16(21000 + QRandomGenerator::global()->bounded(20000)), 1);
    QVERIFY(port != 0);
    const QString namesrv = QStringLiteral("127.0.0.1:%1").arg(port);

    // The consumer first, with no name server at its address.
    const QString out = tmp.path() + QStringLiteral("/c1");
    QProcess consumer;
    consumer.setProcessChannelMode(QProcess::MergedChannels);
    consumer.setStandardOutputFile(tmp.path() + QStringLiteral("/c1.jvm.out"));
    consumer.start(g_home.java,
        g_home.javaOptions
            + QStringList { QStringLiteral("-Dlogback.configurationFile=") + classes
                    + QStringLiteral("/logback-quiet.xml"),
                QStringLiteral("-cp"), g_home.classpath + u':' + classes,
                QStringLiteral("rblab.harness.Consumer"), QStringLiteral("--out=") + out,
                QStringLiteral("--group=harness_start_group"),
                QStringLiteral("--namesrv=") + namesrv,
                QStringLiteral("--subscribe=HarnessStartTopic"), QStringLiteral("--name=c1"),
                QStringLiteral("--exitAfter=2s") });
    QVERIFY2(consumer.waitForStarted(10000), qPrintable(consumer.errorString()));
    const QString log = out + QStringLiteral("/stdout.log");
    const QString failed = waitForLine(log, QStringLiteral(" START_REBUILD "), 90000, &consumer);
    QVERIFY2(!failed.isEmpty(),
        qPrintable(QStringLiteral("no START_REBUILD: ") + tail(log)
            + tail(tmp.path() + QStringLiteral("/c1.jvm.out"))));
    QVERIFY2(waitForLine(log, QStringLiteral(" STARTED "), 0).isEmpty(),
        "started without a name server");

    // Now the name server.
    const QString nsFolder = tmp.path() + QStringLiteral("/namesrv");
    QDir().mkpath(nsFolder);
    {
        QFile conf(nsFolder + QStringLiteral("/namesrv.conf"));
        QVERIFY(conf.open(QIODevice::WriteOnly));
        conf.write(QStringLiteral("listenPort=%1\nbindAddress=127.0.0.1\n").arg(port).toUtf8());
    }
    QProcess ns;
    ns.setProcessChannelMode(QProcess::MergedChannels);
    ns.setStandardOutputFile(nsFolder + QStringLiteral("/jvm.out"));
    QStringList nsJvm = g_home.javaOptions;
    nsJvm << QStringLiteral("-Xms128m") << QStringLiteral("-Xmx128m")
          << QStringLiteral("-Duser.home=") + nsFolder
          << QStringLiteral("-Drocketmq.home.dir=") + g_home.dir;
    if (const QString lb = g_home.logbackFor(QStringLiteral("namesrv")); !lb.isEmpty()) {
        nsJvm << QStringLiteral("-Dlogback.configurationFile=") + lb;
    }
    ns.start(g_home.java,
        nsJvm
            + QStringList { QStringLiteral("-cp"), g_home.classpath,
                QStringLiteral("org.apache.rocketmq.namesrv.NamesrvStartup"), QStringLiteral("-c"),
                nsFolder + QStringLiteral("/namesrv.conf") });
    QVERIFY2(ns.waitForStarted(10000), qPrintable(ns.errorString()));
    const QString boot = waitForLine(
        nsFolder + QStringLiteral("/jvm.out"), QStringLiteral("boot success"), 90000, &ns);
    if (boot.isEmpty()) {
        stop(consumer);
        stop(ns);
        QFAIL(qPrintable(QStringLiteral("the name server did not start: ")
            + tail(nsFolder + QStringLiteral("/jvm.out"))));
    }

    // The harness builds the consumer again, and it starts.
    const QString rebuilt = waitForLine(log, QStringLiteral(" START_REBUILT "), 60000, &consumer);
    const QString started = waitForLine(log, QStringLiteral(" STARTED "), 5000, &consumer);
    const bool exited = consumer.waitForFinished(30000);
    const QString failedAgain = waitForLine(log, QStringLiteral(" START_FAILED "), 0);
    stop(consumer);
    stop(ns);
    QVERIFY2(!rebuilt.isEmpty() && !started.isEmpty(),
        qPrintable(QStringLiteral("not built again: ") + tail(log)));
    QVERIFY2(failedAgain.isEmpty(), qPrintable(failedAgain));
    QVERIFY(started.contains(QStringLiteral("clientId=127.0.0.1@c1")));
    QVERIFY(started.contains(QStringLiteral("version=V5_")));
    // It ran until its exitAfter and left as a consumer does, on its own.
    QVERIFY2(exited, "the consumer did not end after --exitAfter=2s");
    QCOMPARE(consumer.exitStatus(), QProcess::NormalExit);
    QCOMPARE(consumer.exitCode(), 0);
    QVERIFY(!waitForLine(log, QStringLiteral(" SHUTDOWN_END "), 0).isEmpty());
}

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QString why;
    g_home = TestSupport::findRocketMq(&why, QStringLiteral("5.3.3"));
    if (g_home.dir.isEmpty()) {
        std::fprintf(
            stderr, "tst_harnessstart: SKIPPED, no RocketMQ 5 to start: %s\n", qPrintable(why));
        return 77;
    }
    tst_HarnessStart test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_harnessstart.moc"
