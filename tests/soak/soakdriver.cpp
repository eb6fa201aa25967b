// SPDX-License-Identifier: Apache-2.0
// rblab-soak: runs every bundled scenario and the churn-heavy world of tests/data/soak over many
// seeds, spread over threads, and checks each run's report (report-format.md):
//   - totals.lost is 0 (RocketMQ promises at-least-once delivery);
//   - no queue is owned by two running consumers of one CLUSTERING PULL group (POP groups share
//     queues by design; distinct client ids)
//     for longer than the model allows: the group's rebalance period (RebalanceService's
//     waitInterval) plus a route refresh (MQClientInstance's pollNameServerInterval, the time a
//     consumer may work from an old route) plus two samples;
//   - a committed offset never passes the broker's, in the final queues and in every sample;
//   - the same seed gives the same bytes (the run is repeated on every seed that is a multiple
//     of --repeat-every).
// Exit status 0 when every run passed, 1 otherwise (each failure says how to reproduce it with
// `rblab simulate`), 2 on a usage or set-up error. `make soak` runs 1,000 seeds; ctest runs 12
// (tst_soak, label soak).
#include "allocation/strategyregistry.h"
#include "report/reportwriter.h"
#include "scenario/scenarioreader.h"
#include "run/simulation.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMutex>
#include <QStringList>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <thread>
#include <vector>

#include <time.h>

using namespace Rblab;

namespace {

struct SoakWorld
{
    QString path;
    Scenario scenario;
    //! Group name → checked for double ownership: CLUSTERING, and all its consumers on one
    //! strategy (a rolling deploy that mixes strategies allocates inconsistently on purpose).
    QHash<QString, bool> clustering;
    SimTime allowance = 0; //!< the longest double ownership the model allows
};

struct Outcome
{
    QStringList failures;
    SimTime longestDoubleOwned = 0;
    bool repeated = false;
};

// A client setting (milliseconds) as the group, its consumers and setClient events may set it.
SimTime longestSetting(const Scenario &scenario, const QString &name, SimTime fallback)
{
    SimTime longest = fallback;
    auto consider = [&](const QVariantMap &map) {
        bool ok = false;
        const qint64 v = map.value(name).toLongLong(&ok);
        if (ok) {
            longest = std::max<SimTime>(longest, v);
        }
    };
    for (const GroupSpec &group : scenario.groups) {
        consider(group.client);
        for (const ConsumerSpec &consumer : group.consumers) {
            consider(consumer.client);
        }
    }
    for (const ScenarioEvent &event : scenario.events) {
        consider(event.client);
        consider(event.joining.client);
    }
    return longest;
}

// CPU seconds of the calling thread: where a run's time goes, whatever else the machine does.
double threadCpuSeconds()
{
    timespec ts {};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) / 1e9;
}

// CPU seconds spent simulating, writing reports and checking them, over all threads.
struct Phases
{
    std::atomic<qint64> simulateUs { 0 };
    std::atomic<qint64> reportUs { 0 };
    std::atomic<qint64> checkUs { 0 };
};
Phases g_phases;

void account(std::atomic<qint64> &phase, double *since)
{
    const double now = threadCpuSeconds();
    phase += qint64((now - *since) * 1e6);
    *since = now;
}

QByteArray runOnce(
    const SoakWorld &world, const StrategyRegistry &registry, quint64 seed, QString *error)
{
    double since = threadCpuSeconds();
    Simulation::Options options;
    options.seed = seed;
    Simulation simulation(world.scenario, registry, options);
    if (!simulation.isValid()) {
        *error = simulation.error();
        return {};
    }
    simulation.runUntil(world.scenario.duration);
    account(g_phases.simulateUs, &since);
    ReportWriter::Options reportOptions;
    reportOptions.duration = world.scenario.duration;
    reportOptions.processedEvents = simulation.processedEventCount();
    QByteArray report = ReportWriter::toJson(simulation, reportOptions);
    account(g_phases.reportUs, &since);
    return report;
}

QString queueLabel(const QJsonObject &queue)
{
    return QStringLiteral("%1/%2/%3")
        .arg(queue.value(QLatin1String("topic")).toString(),
            queue.value(QLatin1String("brokerName")).toString())
        .arg(queue.value(QLatin1String("queueId")).toInt());
}

void checkOffsets(const QJsonObject &queue, const QString &where, QStringList *failures)
{
    const qint64 broker = qint64(queue.value(QLatin1String("brokerOffset")).toDouble());
    const qint64 committed = qint64(queue.value(QLatin1String("committedOffset")).toDouble());
    if (committed > broker) {
        failures->append(QStringLiteral("%1: committed offset %2 passes the broker's %3")
                             .arg(where)
                             .arg(committed)
                             .arg(broker));
    }
}

Outcome checkReport(const SoakWorld &world, const QByteArray &report)
{
    Outcome outcome;
    QStringList &failures = outcome.failures;
    QJsonParseError parseError;
    const QJsonObject root = QJsonDocument::fromJson(report, &parseError).object();
    if (parseError.error != QJsonParseError::NoError) {
        failures.append(QStringLiteral("the report is not JSON: %1").arg(parseError.errorString()));
        return outcome;
    }
    const qint64 lost = qint64(
        root.value(QLatin1String("totals")).toObject().value(QLatin1String("lost")).toDouble(-1));
    if (lost != 0) {
        failures.append(QStringLiteral("totals.lost is %1").arg(lost));
    }

    const QJsonArray queues = root.value(QLatin1String("queues")).toArray();
    for (const QJsonValue &q : queues) {
        checkOffsets(
            q.toObject(), QStringLiteral("final %1").arg(queueLabel(q.toObject())), &failures);
    }

    // Consumers by name: group and client id (two consumers may share an id, issue #1547: they
    // then compute the same allocation and own the same queues for as long as both live).
    const QJsonArray consumers = root.value(QLatin1String("consumers")).toArray();
    QHash<QString, qsizetype> indexOf;
    QStringList groupOf;
    QStringList idOf;
    for (qsizetype i = 0; i < consumers.size(); ++i) {
        const QJsonObject c = consumers.at(i).toObject();
        indexOf.insert(c.value(QLatin1String("name")).toString(), i);
        groupOf.append(c.value(QLatin1String("group")).toString());
        idOf.append(c.value(QLatin1String("id")).toString());
    }

    const SimTime interval = SimTime(root.value(QLatin1String("sampleInterval")).toDouble(1000));
    const QJsonArray samples = root.value(QLatin1String("samples")).toArray();
    // Per queue and group: since when two running consumers have owned it (-1: not now).
    QHash<QPair<qsizetype, QString>, SimTime> since;
    for (const QJsonValue &sampleValue : samples) {
        const QJsonObject sample = sampleValue.toObject();
        const SimTime t = SimTime(sample.value(QLatin1String("t")).toDouble());
        const QJsonArray states = sample.value(QLatin1String("consumers")).toArray();
        const QJsonArray sampleQueues = sample.value(QLatin1String("queues")).toArray();
        for (qsizetype qi = 0; qi < sampleQueues.size(); ++qi) {
            const QJsonObject q = sampleQueues.at(qi).toObject();
            const QString label = queueLabel(queues.at(qi).toObject());
            checkOffsets(q, QStringLiteral("t=%1 %2").arg(t).arg(label), &failures);
            QHash<QString, QStringList> runningIds; // group → distinct ids of running owners
            for (const QJsonValue &owner : q.value(QLatin1String("owners")).toArray()) {
                const qsizetype ci = indexOf.value(owner.toString(), -1);
                if (ci < 0 || ci >= states.size()) {
                    failures.append(QStringLiteral("t=%1 %2: unknown owner %3")
                                        .arg(t)
                                        .arg(label, owner.toString()));
                    continue;
                }
                const QString state
                    = states.at(ci).toObject().value(QLatin1String("state")).toString();
                QStringList &ids = runningIds[groupOf.at(ci)];
                if (state == QLatin1String("running") && !ids.contains(idOf.at(ci))) {
                    ids.append(idOf.at(ci));
                }
            }
            for (auto it = world.clustering.cbegin(); it != world.clustering.cend(); ++it) {
                if (!it.value()) {
                    continue;
                }
                const auto key = qMakePair(qi, it.key());
                const bool doubled = runningIds.value(it.key()).size() >= 2;
                if (!doubled) {
                    since.remove(key);
                    continue;
                }
                const SimTime start = since.value(key, -1);
                if (start < 0) {
                    since.insert(key, t);
                    continue;
                }
                // Owned twice at every sample from `start` to t: at least that long.
                const SimTime length = t - start + interval;
                outcome.longestDoubleOwned = std::max(outcome.longestDoubleOwned, length);
                if (length > world.allowance && length - interval <= world.allowance) {
                    failures.append(
                        QStringLiteral("%1 owned by two running consumers of %2 (%3) from t=%4 "
                                       "for more than %5 ms")
                            .arg(label, it.key(),
                                runningIds.value(it.key()).join(QLatin1String(", ")))
                            .arg(start)
                            .arg(world.allowance));
                }
            }
        }
    }
    return outcome;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("rblab-soak"));
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Runs scenarios over many seeds and checks every report's invariants."));
    parser.addHelpOption();
    const QCommandLineOption seedsOption(QStringLiteral("seeds"),
        QStringLiteral("Seeds 1…<n> (default 1000)."), QStringLiteral("n"), QStringLiteral("1000"));
    const QCommandLineOption jobsOption(QStringLiteral("jobs"),
        QStringLiteral("Threads (default: the cores)."), QStringLiteral("n"));
    const QCommandLineOption repeatOption(QStringLiteral("repeat-every"),
        QStringLiteral("Run seeds that are multiples of <k> twice and compare (default 10)."),
        QStringLiteral("k"), QStringLiteral("10"));
    const QCommandLineOption scenarioOption(QStringLiteral("scenario"),
        QStringLiteral("A scenario file or folder (repeatable; default: the bundled scenarios "
                       "and tests/data/soak)."),
        QStringLiteral("path"));
    parser.addOptions({ seedsOption, jobsOption, repeatOption, scenarioOption });
    parser.process(app);

    const int seeds = parser.value(seedsOption).toInt();
    const int repeatEvery = std::max(1, parser.value(repeatOption).toInt());
    const int jobs = parser.isSet(jobsOption)
        ? std::max(1, parser.value(jobsOption).toInt())
        : std::max(1, int(std::thread::hardware_concurrency()));
    QStringList paths = parser.values(scenarioOption);
    if (paths.isEmpty()) {
        paths = { QStringLiteral(RBLAB_SOURCE_DIR "/resources/scenarios"),
            QStringLiteral(RBLAB_SOURCE_DIR "/tests/data/soak") };
    }

    StrategyRegistry registry;
    StrategyRegistry::Sources sources;
    sources.builtin = false;
    sources.user = false;
    sources.environment = false;
    sources.extraDirectories = { QStringLiteral(RBLAB_PLUGIN_BUILD_DIR) };
    registry.load(sources);

    std::vector<SoakWorld> worlds;
    for (const QString &path : paths) {
        QStringList files;
        if (QFileInfo(path).isDir()) {
            for (const QString &name :
                QDir(path).entryList({ QStringLiteral("*.json") }, QDir::Files, QDir::Name)) {
                files.append(QDir(path).filePath(name));
            }
        } else {
            files.append(path);
        }
        for (const QString &file : files) {
            const ScenarioReadResult read = ScenarioReader::readFile(file, &registry);
            if (!read.ok()) {
                std::fprintf(stderr, "rblab-soak: %s\n", qPrintable(read.errorText()));
                return 2;
            }
            SoakWorld world { file, *read.scenario, {}, 0 };
            for (const GroupSpec &group : world.scenario.groups) {
                bool oneStrategy = true;
                for (const ConsumerSpec &consumer : group.consumers) {
                    oneStrategy = oneStrategy && !consumer.strategy.has_value();
                }
                for (const ScenarioEvent &event : world.scenario.events) {
                    const bool perConsumer = event.action == ScenarioEvent::Action::SetStrategy
                        && !event.consumer.isEmpty();
                    const bool joinsOwn = event.action == ScenarioEvent::Action::Join
                        && event.joining.strategy.has_value();
                    if (event.group == group.name && (perConsumer || joinsOwn)) {
                        oneStrategy = false;
                    }
                }
                // POP and SimpleConsumer groups share queues between their consumers by design
                // (QueryAssignment gives every consumer every queue): no exclusive owner to check.
                world.clustering.insert(group.name,
                    group.messageModel == MessageModel::Clustering && oneStrategy && !group.pop()
                        && !group.simple());
            }
            world.allowance
                = longestSetting(world.scenario, QStringLiteral("rebalanceWaitInterval"), 20000)
                + longestSetting(world.scenario, QStringLiteral("pollNameServerInterval"), 30000)
                + 2 * world.scenario.sampleInterval;
            worlds.push_back(world);
        }
    }
    if (worlds.empty() || seeds < 1) {
        std::fprintf(stderr, "rblab-soak: nothing to run\n");
        return 2;
    }

    // Work items: world-major within each seed, so that a short run still covers every world.
    const qsizetype total = qsizetype(worlds.size()) * seeds;
    std::atomic<qsizetype> next { 0 };
    std::atomic<int> failedRuns { 0 };
    std::atomic<int> repeatedRuns { 0 };
    std::vector<SimTime> longest(worlds.size(), 0);
    QMutex mutex;
    QElapsedTimer timer;
    timer.start();
    auto work = [&] {
        for (qsizetype item = next++; item < total; item = next++) {
            const size_t w = size_t(item % qsizetype(worlds.size()));
            const quint64 seed = quint64(item / qsizetype(worlds.size())) + 1;
            const SoakWorld &world = worlds[w];
            QString error;
            const QByteArray report = runOnce(world, registry, seed, &error);
            Outcome outcome;
            if (report.isEmpty()) {
                outcome.failures.append(QStringLiteral("cannot run: %1").arg(error));
            } else {
                double since = threadCpuSeconds();
                outcome = checkReport(world, report);
                account(g_phases.checkUs, &since);
                if (seed % quint64(repeatEvery) == 0) {
                    outcome.repeated = true;
                    const QByteArray again = runOnce(world, registry, seed, &error);
                    if (again != report) {
                        outcome.failures.append(
                            QStringLiteral("the same seed gave another report (%1 vs %2 bytes, "
                                           "sha1 %3 vs %4)")
                                .arg(report.size())
                                .arg(again.size())
                                .arg(QString::fromLatin1(
                                    QCryptographicHash::hash(report, QCryptographicHash::Sha1)
                                        .toHex()
                                        .left(12)))
                                .arg(QString::fromLatin1(
                                    QCryptographicHash::hash(again, QCryptographicHash::Sha1)
                                        .toHex()
                                        .left(12))));
                    }
                }
            }
            QMutexLocker lock(&mutex);
            longest[w] = std::max(longest[w], outcome.longestDoubleOwned);
            repeatedRuns += outcome.repeated ? 1 : 0;
            if (!outcome.failures.isEmpty()) {
                ++failedRuns;
                std::fprintf(stderr, "FAIL %s seed %llu (rblab simulate %s --seed %llu):\n",
                    qPrintable(QFileInfo(world.path).fileName()), seed, qPrintable(world.path),
                    seed);
                for (const QString &f : outcome.failures.mid(0, 10)) {
                    std::fprintf(stderr, "  %s\n", qPrintable(f));
                }
                if (outcome.failures.size() > 10) {
                    std::fprintf(
                        stderr, "  … and %lld more\n", qlonglong(outcome.failures.size() - 10));
                }
            }
        }
    };
    std::vector<std::thread> threads;
    for (int j = 0; j < jobs; ++j) {
        threads.emplace_back(work);
    }
    for (std::thread &t : threads) {
        t.join();
    }

    std::printf("rblab-soak: %lld runs (%zu worlds × %d seeds, %d repeated for determinism) on "
                "%d threads in %.1f s; %d failed\n",
        qlonglong(total), worlds.size(), seeds, repeatedRuns.load(), jobs,
        double(timer.elapsed()) / 1000.0, failedRuns.load());
    std::printf("  CPU: %.1f s simulating, %.1f s writing reports, %.1f s checking them\n",
        double(g_phases.simulateUs) / 1e6, double(g_phases.reportUs) / 1e6,
        double(g_phases.checkUs) / 1e6);
    std::printf("  %-40s %14s %12s\n", "world", "longest 2-own", "allowed");
    for (size_t w = 0; w < worlds.size(); ++w) {
        const QString name = QFileInfo(worlds[w].path).fileName();
        if (std::none_of(worlds[w].clustering.cbegin(), worlds[w].clustering.cend(),
                [](bool checked) { return checked; })) {
            std::printf("  %-40s    not checked (no CLUSTERING PULL group on one strategy)\n",
                qPrintable(name));
            continue;
        }
        std::printf("  %-40s %12lld ms %9lld ms\n", qPrintable(name), qlonglong(longest[w]),
            qlonglong(worlds[w].allowance));
    }
    return failedRuns.load() == 0 ? 0 : 1;
}
