// SPDX-License-Identifier: Apache-2.0
#include "realrunner.h"

#include <json/savefile.h>

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRandomGenerator>
#include <QSaveFile>
#include <QStandardPaths>
#include <QThread>
#include <QTimeZone>

#include <arpa/inet.h>
#include <cerrno>
#include <csignal>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

namespace Rblab {

namespace {

//! Launched this long before a consumer's start, so that its JVM is up when start() is due.
constexpr qint64 kJvmLead = 6000;
//! Launches at least this far apart: a 2-core machine starting JVMs at once makes the first
//! route query time out (and 5.x's start() then fails).
constexpr qint64 kLaunchSpacing = 1200;

bool alive(qint64 pid)
{
    return pid > 0 && ::kill(pid_t(pid), 0) == 0;
}

bool portFree(quint16 port)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) {
        return false;
    }
    sockaddr_in addr {};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(port);
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    const bool ok = ::bind(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) == 0;
    ::close(fd);
    return ok;
}

QString clock(qint64 ms)
{
    const qint64 s = ms / 1000;
    return QStringLiteral("%1:%2.%3")
        .arg(s / 60)
        .arg(s % 60, 2, 10, QChar(u'0'))
        .arg(ms % 1000, 3, 10, QChar(u'0'));
}

} // namespace

RealRunner::RealRunner(RealRunPlan plan, RocketMqHome home, QString outDir, Progress progress)
    : m_plan(std::move(plan))
    , m_home(std::move(home))
    , m_out(std::move(outDir))
    , m_progress(std::move(progress))
{
}

RealRunner::~RealRunner()
{
    stopAll();
}

qint64 RealRunner::nowMs()
{
    return QDateTime::currentMSecsSinceEpoch();
}

void RealRunner::say(const QString &line) const
{
    if (m_progress) {
        m_progress(line);
    }
}

quint16 RealRunner::freePort(quint16 from, int span)
{
    for (quint32 p = from; p + span < 65000; p += 10) {
        bool free = true;
        for (int k = -2; k < span - 2 && free; ++k) {
            free = portFree(quint16(int(p) + k));
        }
        if (free) {
            return quint16(p);
        }
    }
    return 0;
}

QString RealRunner::buildHarness(const RocketMqHome &home, QString *error)
{
    QDirIterator it(QStringLiteral(":/realrun/harness"), QDir::Files, QDirIterator::Subdirectories);
    QStringList files;
    while (it.hasNext()) {
        files << it.next();
    }
    files.sort();
    QCryptographicHash hash(QCryptographicHash::Sha1);
    hash.addData(home.classpath.toUtf8());
    hash.addData(home.version.toUtf8());
    for (const QString &f : std::as_const(files)) {
        QFile in(f);
        if (in.open(QIODevice::ReadOnly)) {
            hash.addData(f.toUtf8());
            hash.addData(in.readAll());
        }
    }
    const QString key = QString::fromLatin1(hash.result().toHex().left(16));
    QString cache = QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation);
    if (cache.isEmpty()) {
        cache = QDir::tempPath();
    }
    const QString root
        = cache + QStringLiteral("/rebalance-lab/harness/") + home.version + u'-' + key;
    const QString classes = root + QStringLiteral("/classes");
    if (QFileInfo::exists(root + QStringLiteral("/built"))) {
        return classes;
    }
    if (home.javac.isEmpty()) {
        *error
            = QStringLiteral("no javac: the harness is compiled against your RocketMQ; install a "
                             "Java 17 compiler (apt-get install default-jdk-headless)");
        return {};
    }
    QDir().mkpath(root + QStringLiteral("/src"));
    QDir().mkpath(classes);
    QStringList sources;
    for (const QString &f : std::as_const(files)) {
        const QString rel = f.mid(QStringLiteral(":/realrun/harness/").size());
        const QString target = root + QStringLiteral("/src/") + rel;
        QDir().mkpath(QFileInfo(target).path());
        QFile::remove(target);
        if (!QFile::copy(f, target)) {
            *error = QStringLiteral("%1: cannot write").arg(target);
            return {};
        }
        QFile::setPermissions(target, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup);
        if (rel.endsWith(QStringLiteral(".java"))) {
            sources << target;
        } else {
            QFile::remove(classes + u'/' + QFileInfo(rel).fileName());
            QFile::copy(f, classes + u'/' + QFileInfo(rel).fileName());
        }
    }
    QProcess javac;
    javac.setProcessChannelMode(QProcess::MergedChannels);
    javac.start(home.javac,
        QStringList { QStringLiteral("-nowarn"), QStringLiteral("-encoding"),
            QStringLiteral("UTF-8"), QStringLiteral("--release"), QStringLiteral("17"),
            QStringLiteral("-cp"), home.classpath, QStringLiteral("-d"), classes }
            + sources);
    if (!javac.waitForFinished(300000) || javac.exitCode() != 0) {
        const QString out = QString::fromUtf8(javac.readAll()).trimmed();
        *error = QStringLiteral("javac could not compile the harness against %1: %2")
                     .arg(home.dir, out.section(u'\n', 0, 2));
        return {};
    }
    QFile built(root + QStringLiteral("/built"));
    built.open(QIODevice::WriteOnly);
    return classes;
}

bool RealRunner::sleepUntil(qint64 epochMs)
{
    for (;;) {
        if (m_stop.load()) {
            m_interrupted = true;
            return false;
        }
        const qint64 left = epochMs - nowMs();
        if (left <= 0) {
            return true;
        }
        QThread::msleep(ulong(std::min<qint64>(left, 20)));
    }
}

RealRunner::Process *RealRunner::process(const QString &name)
{
    for (Process &p : m_processes) {
        if (p.name == name && !p.server) {
            return &p;
        }
    }
    return nullptr;
}

void RealRunner::record(
    qint64 epochMs, const QString &action, const QString &consumer, const QString &detail)
{
    m_actions.append({ epochMs - m_origin, action, consumer, detail });
    say(QStringLiteral("  %1  %2%3%4")
            .arg(clock(epochMs - m_origin), action,
                consumer.isEmpty() ? QString() : u' ' + consumer,
                detail.isEmpty() ? QString() : QStringLiteral(" (") + detail + u')'));
}

qint64 RealRunner::launchJava(const QString &folder, const QStringList &jvm,
    const QString &mainClass, const QStringList &args)
{
    QDir().mkpath(folder);
    QProcess p;
    p.setProgram(m_home.java);
    p.setArguments(jvm + QStringList { mainClass } + args);
    p.setWorkingDirectory(folder);
    p.setStandardOutputFile(folder + QStringLiteral("/jvm.out"));
    p.setStandardErrorFile(folder + QStringLiteral("/jvm.out"), QIODevice::Append);
    p.setStandardInputFile(QProcess::nullDevice());
    qint64 pid = 0;
    if (!p.startDetached(&pid)) {
        return 0;
    }
    return pid;
}

bool RealRunner::waitForLine(const QString &file, const QString &text, int seconds, qint64 pid)
{
    const qint64 until = nowMs() + qint64(seconds) * 1000;
    while (nowMs() < until) {
        QFile f(file);
        if (f.open(QIODevice::ReadOnly) && f.readAll().contains(text.toUtf8())) {
            return true;
        }
        if (!alive(pid)) {
            return false;
        }
        if (!sleepUntil(nowMs() + 250)) {
            return false;
        }
    }
    return false;
}

bool RealRunner::startServer(const QString &name, const QString &mainClass, const QString &conf,
    const QStringList &heap, int waitSeconds)
{
    const QString folder = m_out + QStringLiteral("/cluster/") + name;
    QStringList jvm = m_home.javaOptions + heap;
    jvm << QStringLiteral("-Duser.home=") + folder
        << QStringLiteral("-Drocketmq.home.dir=") + m_home.dir;
    if (const QString lb
        = m_home.logbackFor(name == QStringLiteral("namesrv") ? QStringLiteral("namesrv")
                                                              : QStringLiteral("broker"));
        !lb.isEmpty()) {
        jvm << QStringLiteral("-Dlogback.configurationFile=") + lb;
    }
    jvm << QStringLiteral("-cp") << m_home.classpath;
    const qint64 pid = launchJava(folder, jvm, mainClass, { QStringLiteral("-c"), conf });
    if (pid <= 0) {
        m_error = QStringLiteral("could not start %1 (%2)").arg(name, m_home.java);
        return false;
    }
    m_processes.append({ name, pid, true, false, false, folder });
    if (!waitForLine(folder + QStringLiteral("/jvm.out"), QStringLiteral("boot success"),
            waitSeconds, pid)) {
        if (!m_interrupted) {
            QFile f(folder + QStringLiteral("/jvm.out"));
            f.open(QIODevice::ReadOnly);
            const QString tail = QString::fromUtf8(f.readAll()).trimmed().section(u'\n', -1);
            m_error = QStringLiteral("%1 did not start within %2 s (%3/jvm.out: %4)")
                          .arg(name)
                          .arg(waitSeconds)
                          .arg(folder, tail);
        }
        return false;
    }
    return true;
}

bool RealRunner::startCluster()
{
    const quint16 base = quint16(20000 + QRandomGenerator::global()->bounded(20000));
    const quint16 nsPort = freePort(base, 1);
    if (nsPort == 0) {
        m_error = QStringLiteral("no free port on 127.0.0.1 from %1").arg(base);
        return false;
    }
    m_namesrv = QStringLiteral("127.0.0.1:%1").arg(nsPort);
    const QString nsFolder = m_out + QStringLiteral("/cluster/namesrv");
    QDir().mkpath(nsFolder);
    {
        QSaveFile conf(nsFolder + QStringLiteral("/namesrv.conf"));
        conf.open(QIODevice::WriteOnly);
        conf.write(QStringLiteral("listenPort=%1\nbindAddress=127.0.0.1\n").arg(nsPort).toUtf8());
        conf.commit();
    }
    say(QStringLiteral("Starting a name server on %1 (RocketMQ %2)…")
            .arg(m_namesrv, m_home.version));
    if (!startServer(QStringLiteral("namesrv"),
            QStringLiteral("org.apache.rocketmq.namesrv.NamesrvStartup"),
            nsFolder + QStringLiteral("/namesrv.conf"),
            { QStringLiteral("-Xms128m"), QStringLiteral("-Xmx128m") }, 60)) {
        return false;
    }
    const bool v5 = m_home.family == RealRunPlan::Version::V5;
    quint16 next = quint16(nsPort + 20);
    for (const QString &broker : std::as_const(m_plan.brokers)) {
        const quint16 port = freePort(next, 4);
        if (port == 0) {
            m_error = QStringLiteral("no free ports on 127.0.0.1 for %1").arg(broker);
            return false;
        }
        next = quint16(port + 10);
        const QString folder = m_out + QStringLiteral("/cluster/") + broker;
        QDir().mkpath(folder + QStringLiteral("/store"));
        QStringList lines { QStringLiteral("brokerClusterName=DefaultCluster"),
            QStringLiteral("brokerName=") + broker, QStringLiteral("brokerId=0"),
            QStringLiteral("namesrvAddr=") + m_namesrv, QStringLiteral("brokerIP1=127.0.0.1"),
            QStringLiteral("brokerIP2=127.0.0.1"), QStringLiteral("bindAddress=127.0.0.1"),
            QStringLiteral("listenPort=%1").arg(port),
            QStringLiteral("storePathRootDir=") + folder + QStringLiteral("/store"),
            QStringLiteral("storePathCommitLog=") + folder + QStringLiteral("/store/commitlog"),
            QStringLiteral("mappedFileSizeCommitLog=67108864"),
            QStringLiteral("diskMaxUsedSpaceRatio=95"), QStringLiteral("brokerRole=ASYNC_MASTER"),
            QStringLiteral("flushDiskType=ASYNC_FLUSH"),
            QStringLiteral("autoCreateTopicEnable=true"),
            QStringLiteral("autoCreateSubscriptionGroup=true") };
        lines += m_plan.brokerSettings;
        QSaveFile conf(folder + QStringLiteral("/broker.conf"));
        conf.open(QIODevice::WriteOnly);
        conf.write((lines.join(u'\n') + u'\n').toUtf8());
        conf.commit();
        say(QStringLiteral("Starting %1 on 127.0.0.1:%2…").arg(broker).arg(port));
        const QStringList heap = v5
            ? QStringList { QStringLiteral("-Xms512m"), QStringLiteral("-Xmx512m"),
                  QStringLiteral("-Xmn256m"), QStringLiteral("-XX:MaxDirectMemorySize=512m") }
            : QStringList { QStringLiteral("-Xms256m"), QStringLiteral("-Xmx256m"),
                  QStringLiteral("-Xmn128m"), QStringLiteral("-XX:MaxDirectMemorySize=256m") };
        if (!startServer(broker, QStringLiteral("org.apache.rocketmq.broker.BrokerStartup"),
                folder + QStringLiteral("/broker.conf"), heap, 120)) {
            return false;
        }
        m_brokerAddresses.append({ broker, QStringLiteral("127.0.0.1:%1").arg(port) });
    }
    return true;
}

bool RealRunner::mqadmin(const QStringList &args, QString *output)
{
    const QString folder = m_out + QStringLiteral("/cluster/mqadmin");
    QDir().mkpath(folder);
    QStringList jvm = m_home.javaOptions;
    jvm << QStringLiteral("-Xms64m") << QStringLiteral("-Xmx128m")
        << QStringLiteral("-XX:TieredStopAtLevel=1") << QStringLiteral("-Duser.home=") + folder
        << QStringLiteral("-Drocketmq.home.dir=") + m_home.dir;
    const QString tools = m_home.logbackFor(QStringLiteral("tools"));
    const QString tools49 = m_home.dir + QStringLiteral("/conf/logback_tools.xml");
    if (!tools.isEmpty()) {
        jvm << QStringLiteral("-Dlogback.configurationFile=") + tools;
    } else if (QFileInfo::exists(tools49)) {
        jvm << QStringLiteral("-Dlogback.configurationFile=") + tools49;
    }
    jvm << QStringLiteral("-cp") << m_home.classpath
        << QStringLiteral("org.apache.rocketmq.tools.command.MQAdminStartup");
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.setWorkingDirectory(folder);
    p.start(m_home.java, jvm + args);
    const bool done = p.waitForFinished(90000);
    const QString out = QString::fromUtf8(p.readAll());
    {
        QFile log(folder + QStringLiteral("/mqadmin.log"));
        log.open(QIODevice::Append);
        log.write((QStringLiteral("$ mqadmin ") + args.join(u' ') + u'\n' + out).toUtf8());
    }
    if (output) {
        *output = out;
    }
    if (!done || p.exitCode() != 0 || out.contains(QStringLiteral("Exception"))) {
        if (!done) {
            p.kill();
            p.waitForFinished(2000);
        }
        m_error = QStringLiteral("mqadmin %1 failed: %2")
                      .arg(args.value(0), out.trimmed().section(u'\n', 0, 0));
        return false;
    }
    return true;
}

bool RealRunner::launchProducer(qint64 startAt)
{
    if (m_plan.producerOptions.isEmpty()) {
        return true;
    }
    const QString folder = m_out + QStringLiteral("/producer");
    QStringList jvm = m_home.javaOptions;
    if (!jvm.join(u' ').contains(QStringLiteral("logback.configurationFile"))) {
        jvm << QStringLiteral("-Dlogback.configurationFile=") + m_classes
                + QStringLiteral("/logback-quiet.xml");
    }
    jvm << QStringLiteral("-Xms64m") << QStringLiteral("-Xmx256m") << QStringLiteral("-cp")
        << m_home.classpath + u':' + m_classes;
    QStringList args { QStringLiteral("--out=") + folder, QStringLiteral("--namesrv=") + m_namesrv,
        QStringLiteral("--name=producer"), QStringLiteral("--startAtMs=%1").arg(startAt) };
    args += m_plan.producerOptions;
    const qint64 pid = launchJava(folder, jvm, QStringLiteral("rblab.harness.Producer"), args);
    if (pid <= 0) {
        m_error = QStringLiteral("could not start the producer (%1)").arg(m_home.java);
        return false;
    }
    m_processes.append({ QStringLiteral("producer"), pid, false, false, false, folder });
    return true;
}

bool RealRunner::launchConsumer(const RealRunPlan::ConsumerLaunch &c, qint64 startAt)
{
    const QString folder = m_out + QStringLiteral("/consumers/") + c.folder;
    QStringList jvm = m_home.javaOptions;
    if (!jvm.join(u' ').contains(QStringLiteral("logback.configurationFile"))) {
        jvm << QStringLiteral("-Dlogback.configurationFile=") + m_classes
                + QStringLiteral("/logback-quiet.xml");
    }
    jvm << QStringLiteral("-Xms64m") << QStringLiteral("-Xmx256m") << QStringLiteral("-cp")
        << m_home.classpath + u':' + m_classes;
    QStringList args { QStringLiteral("--out=") + folder, QStringLiteral("--namesrv=") + m_namesrv,
        QStringLiteral("--startAtMs=%1").arg(startAt), QStringLiteral("--allocPollMs=20") };
    args += c.options;
    const qint64 pid = launchJava(folder, jvm, QStringLiteral("rblab.harness.Consumer"), args);
    if (pid <= 0) {
        m_error = QStringLiteral("could not start consumer %1 (%2)").arg(c.name, m_home.java);
        return false;
    }
    m_processes.append({ c.name, pid, false, false, false, folder });
    return true;
}

bool RealRunner::apply(const RealRunPlan::Step &step)
{
    using Kind = RealRunPlan::Kind;
    Process *p = step.consumer.isEmpty() ? nullptr : process(step.consumer);
    const qint64 t = nowMs();
    switch (step.kind) {
    case Kind::StartConsumer:
        record(t, QStringLiteral("start"), step.consumer, {});
        return true;
    case Kind::Kill:
    case Kind::Shutdown:
    case Kind::Freeze:
    case Kind::Thaw: {
        if (!p || p->ended || !alive(p->pid)) {
            record(t, QStringLiteral("skipped"), step.consumer,
                step.describe + QStringLiteral(": not running"));
            return true;
        }
        const int sig = step.kind == Kind::Kill ? SIGKILL
            : step.kind == Kind::Shutdown       ? SIGTERM
            : step.kind == Kind::Freeze         ? SIGSTOP
                                                : SIGCONT;
        ::kill(pid_t(p->pid), sig);
        p->frozen = step.kind == Kind::Freeze;
        p->ended = step.kind == Kind::Kill || step.kind == Kind::Shutdown;
        static const char *const names[] = { "", "kill", "shutdown", "freeze", "thaw" };
        record(t, QString::fromLatin1(names[int(step.kind)]), step.consumer, {});
        return true;
    }
    case Kind::Control: {
        if (!p) {
            return true;
        }
        QFile control(p->folder + QStringLiteral("/control"));
        control.open(QIODevice::Append);
        control.write((step.text + u'\n').toUtf8());
        control.close();
        record(t, QStringLiteral("control"), step.consumer, step.text);
        return true;
    }
    case Kind::UpdateTopic:
        for (const auto &[name, address] : std::as_const(m_brokerAddresses)) {
            if (name == step.broker) {
                const bool ok = mqadmin({ QStringLiteral("updateTopic"), QStringLiteral("-n"),
                    m_namesrv, QStringLiteral("-b"), address, QStringLiteral("-t"), step.topic,
                    QStringLiteral("-r"), QString::number(step.queues), QStringLiteral("-w"),
                    QString::number(step.queues) });
                record(nowMs(), QStringLiteral("setQueues"), {}, step.describe);
                return ok;
            }
        }
        return true;
    case Kind::BrokerConfig:
        for (const auto &[name, address] : std::as_const(m_brokerAddresses)) {
            if (!mqadmin({ QStringLiteral("updateBrokerConfig"), QStringLiteral("-n"), m_namesrv,
                    QStringLiteral("-b"), address, QStringLiteral("-k"), step.key,
                    QStringLiteral("-v"), step.value })) {
                return false;
            }
        }
        record(nowMs(), QStringLiteral("setBroker"), {}, step.describe);
        return true;
    }
    return true;
}

void RealRunner::watchForDeaths()
{
    for (Process &p : m_processes) {
        if (p.ended || p.pid <= 0 || alive(p.pid)) {
            continue;
        }
        // A JVM that ended on its own: the harness says why in its stdout.log (START_FAILED when
        // start() threw, e.g. a first route query that timed out on a loaded machine).
        p.ended = true;
        QString why = QStringLiteral("its JVM exited");
        QFile log(p.folder + QStringLiteral("/stdout.log"));
        if (log.open(QIODevice::ReadOnly)) {
            for (const QByteArray &line : log.readAll().split('\n')) {
                if (line.contains(" START_FAILED ")) {
                    why = QString::fromUtf8(line.mid(line.indexOf(" START_FAILED ") + 1)).left(300);
                }
            }
        }
        m_died.append(p.name);
        record(nowMs(), QStringLiteral("died"), p.server ? QString() : p.name,
            (p.server ? p.name + QStringLiteral(": ") : QString()) + why);
    }
}

void RealRunner::stopProcess(Process &p, int graceMs)
{
    if (p.pid <= 0 || !alive(p.pid)) {
        return;
    }
    if (p.frozen) {
        ::kill(pid_t(p.pid), SIGCONT);
        p.frozen = false;
    }
    ::kill(pid_t(p.pid), SIGTERM);
    const qint64 until = nowMs() + graceMs;
    while (alive(p.pid) && nowMs() < until) {
        QThread::msleep(50);
    }
    if (alive(p.pid)) {
        ::kill(pid_t(p.pid), SIGKILL);
        for (int i = 0; i < 40 && alive(p.pid); ++i) {
            QThread::msleep(50);
        }
    }
}

void RealRunner::stopAll()
{
    // Clients first (a broker stopping under them would fill their logs with errors), then the
    // brokers, then the name server.
    for (int pass = 0; pass < 3; ++pass) {
        for (Process &p : m_processes) {
            const bool namesrv = p.server && p.name == QStringLiteral("namesrv");
            if ((pass == 0 && !p.server) || (pass == 1 && p.server && !namesrv)
                || (pass == 2 && namesrv)) {
                stopProcess(p, p.server ? 20000 : 8000);
            }
        }
    }
    m_processes.clear();
}

bool RealRunner::writeRunFile(bool finished) const
{
    QJsonObject root;
    root.insert(QStringLiteral("format"), QStringLiteral("rebalance-lab/real-run@1"));
    root.insert(QStringLiteral("rocketmq"), m_home.version);
    root.insert(QStringLiteral("origin"), double(m_origin));
    root.insert(QStringLiteral("originText"),
        QDateTime::fromMSecsSinceEpoch(m_origin, Qt::UTC).toString(Qt::ISODateWithMs));
    root.insert(QStringLiteral("duration"), double(m_plan.duration));
    root.insert(QStringLiteral("namesrv"), m_namesrv);
    root.insert(QStringLiteral("finished"), finished);
    root.insert(QStringLiteral("interrupted"), m_interrupted);
    root.insert(QStringLiteral("died"), QJsonArray::fromStringList(m_died));
    QJsonArray brokers;
    for (const auto &[name, address] : m_brokerAddresses) {
        brokers.append(QJsonObject {
            { QStringLiteral("name"), name }, { QStringLiteral("address"), address } });
    }
    root.insert(QStringLiteral("brokers"), brokers);
    QJsonArray consumers;
    for (const RealRunPlan::ConsumerLaunch &c : m_plan.consumers) {
        consumers.append(QJsonObject { { QStringLiteral("name"), c.name },
            { QStringLiteral("id"), c.id }, { QStringLiteral("group"), c.group },
            { QStringLiteral("folder"), QStringLiteral("consumers/") + c.folder },
            { QStringLiteral("start"), double(c.start) } });
    }
    root.insert(QStringLiteral("consumers"), consumers);
    QJsonArray actions;
    for (const Action &a : m_actions) {
        QJsonObject o { { QStringLiteral("t"), double(a.t) },
            { QStringLiteral("action"), a.action } };
        if (!a.consumer.isEmpty()) {
            o.insert(QStringLiteral("consumer"), a.consumer);
        }
        if (!a.detail.isEmpty()) {
            o.insert(QStringLiteral("detail"), a.detail);
        }
        actions.append(o);
    }
    root.insert(QStringLiteral("actions"), actions);
    QSaveFile f(m_out + QStringLiteral("/real-run.json"));
    if (!f.open(QIODevice::WriteOnly)) {
        return false;
    }
    f.write(QJsonDocument(root).toJson(QJsonDocument::Indented));
    return f.commit();
}

bool RealRunner::run()
{
    if (!QDir().mkpath(m_out)) {
        m_error = QStringLiteral("%1: cannot create the folder").arg(m_out);
        return false;
    }
    say(QStringLiteral("Compiling the harness against RocketMQ %1…").arg(m_home.version));
    m_classes = buildHarness(m_home, &m_error);
    if (m_classes.isEmpty()) {
        return false;
    }
    const auto fail = [this]() {
        stopAll();
        writeRunFile(false);
        if (m_interrupted && m_error.isEmpty()) {
            m_error = QStringLiteral("interrupted: everything the run started was stopped");
        }
        return false;
    };
    if (!startCluster()) {
        return fail();
    }
    for (const RealRunPlan::TopicCreate &t : std::as_const(m_plan.topics)) {
        for (const auto &[name, address] : std::as_const(m_brokerAddresses)) {
            if (name != t.broker) {
                continue;
            }
            say(QStringLiteral("Creating %1 on %2: %3 queues…")
                    .arg(t.topic, t.broker)
                    .arg(t.queues));
            if (!mqadmin({ QStringLiteral("updateTopic"), QStringLiteral("-n"), m_namesrv,
                    QStringLiteral("-b"), address, QStringLiteral("-t"), t.topic,
                    QStringLiteral("-r"), QString::number(t.queues), QStringLiteral("-w"),
                    QString::number(t.queues) })) {
                return fail();
            }
        }
    }
    for (const RealRunPlan::PopGroup &g : std::as_const(m_plan.popGroups)) {
        say(QStringLiteral("Setting %1 on %2 to POP…").arg(g.group, g.topic));
        if (!mqadmin({ QStringLiteral("updateSubGroup"), QStringLiteral("-n"), m_namesrv,
                QStringLiteral("-c"), QStringLiteral("DefaultCluster"), QStringLiteral("-g"),
                g.group })
            || !mqadmin({ QStringLiteral("setConsumeMode"), QStringLiteral("-n"), m_namesrv,
                QStringLiteral("-c"), QStringLiteral("DefaultCluster"), QStringLiteral("-g"),
                g.group, QStringLiteral("-t"), g.topic, QStringLiteral("-m"), QStringLiteral("POP"),
                QStringLiteral("-q"),
                QString::number(g.popShareQueueNum < 0 ? 8 : g.popShareQueueNum) })) {
            return fail();
        }
    }

    // The origin: late enough that every JVM due in the first seconds is up, launched apart.
    int early = 0;
    for (const RealRunPlan::ConsumerLaunch &c : std::as_const(m_plan.consumers)) {
        early += c.start < kJvmLead ? 1 : 0;
    }
    m_origin = nowMs() + kJvmLead + (early + 1) * kLaunchSpacing;
    say(QStringLiteral("Launching the producer and %1 consumer JVMs; the scenario starts at %2")
            .arg(m_plan.consumers.size())
            .arg(QDateTime::fromMSecsSinceEpoch(m_origin).toString(QStringLiteral("HH:mm:ss"))));
    if (!launchProducer(m_origin)) {
        return fail();
    }
    QList<int> order(m_plan.consumers.size());
    for (int i = 0; i < order.size(); ++i) {
        order[i] = i;
    }
    std::stable_sort(order.begin(), order.end(), [this](int a, int b) {
        return m_plan.consumers.at(a).start < m_plan.consumers.at(b).start;
    });
    int nextLaunch = 0;
    qint64 lastLaunch = nowMs();
    int nextStep = 0;
    qint64 lastStatus = nowMs();
    writeRunFile(false);
    const qint64 end = m_origin + m_plan.duration;
    for (;;) {
        const qint64 now = nowMs();
        watchForDeaths();
        // Launch JVMs ahead of their start.
        while (nextLaunch < order.size()) {
            const RealRunPlan::ConsumerLaunch &c = m_plan.consumers.at(order.at(nextLaunch));
            const bool due = now >= m_origin + c.start - kJvmLead;
            const bool spaced = now - lastLaunch >= kLaunchSpacing;
            const bool late = now >= m_origin + c.start - 2000;
            if (!(due && spaced) && !late) {
                break;
            }
            if (!launchConsumer(c, m_origin + c.start)) {
                return fail();
            }
            lastLaunch = nowMs();
            ++nextLaunch;
        }
        while (nextStep < m_plan.steps.size() && m_plan.steps.at(nextStep).at + m_origin <= now) {
            if (!apply(m_plan.steps.at(nextStep))) {
                return fail();
            }
            ++nextStep;
        }
        if (now >= end) {
            break;
        }
        if (now - lastStatus >= 10000 && now > m_origin) {
            lastStatus = now;
            int running = 0;
            for (const Process &p : std::as_const(m_processes)) {
                running += !p.server && !p.ended && alive(p.pid) ? 1 : 0;
            }
            say(QStringLiteral("  %1 / %2  %3 client JVMs running")
                    .arg(clock(now - m_origin), clock(m_plan.duration))
                    .arg(running));
        }
        qint64 wake = end;
        if (nextStep < m_plan.steps.size()) {
            wake = std::min(wake, m_origin + m_plan.steps.at(nextStep).at);
        }
        if (nextLaunch < order.size()) {
            wake = std::min(wake, now + 50);
        }
        wake = std::min(wake, now + 200);
        if (!sleepUntil(wake)) {
            return fail();
        }
    }
    watchForDeaths();
    record(nowMs(), QStringLiteral("end"), {}, {});
    say(QStringLiteral("Stopping the clients and the cluster…"));
    stopAll();
    if (!writeRunFile(true)) {
        m_error = QStringLiteral("%1/real-run.json: cannot write").arg(m_out);
        return false;
    }
    return true;
}

} // namespace Rblab
