// SPDX-License-Identifier: Apache-2.0
#include "livecommands.h"

#include "clicontext.h"
#include "interruptguard.h"

#include <groupwatcher.h>
#include <liverecording.h>
#include <remotingclient.h>

#include <json/jsonnode.h>
#include <json/jsonwriter.h>
#include <scenario/scenarioreader.h>
#include <settings/scenarioduration.h>

#include <QDateTime>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QTimer>

#include <cmath>
#include <csignal>

using namespace Rblab;
using namespace Rblab::Remoting;

namespace {

volatile std::sig_atomic_t g_interrupted = 0;

extern "C" void onWatchInterrupt(int)
{
    g_interrupted = 1;
}

struct LiveOptions
{
    QCommandLineOption nameServer { QStringLiteral("namesrv"),
        QStringLiteral("The name server, HOST:PORT."), QStringLiteral("HOST:PORT") };
    QCommandLineOption group { QStringLiteral("group"), QStringLiteral("The consumer group."),
        QStringLiteral("G") };
    QCommandLineOption timeout { QStringLiteral("timeout"),
        QStringLiteral("How long each request may take (default 3s)."), QStringLiteral("D"),
        QStringLiteral("3s") };
};

//! A duration option in milliseconds, or nullopt after a message.
std::optional<qint64> durationMs(CliContext &context, const char *command, const QString &name,
    const QString &text, qint64 minimum)
{
    const std::optional<ScenarioDuration::Value> v = ScenarioDuration::parse(text);
    if (!v || v->milliseconds < double(minimum) || v->milliseconds > 1e12) {
        context.err << command << ": --" << name << " \"" << text
                    << "\": " << ScenarioDuration::expectation() << ", at least " << minimum
                    << " ms\n";
        return std::nullopt;
    }
    return qint64(std::llround(v->milliseconds));
}

bool checkAddress(CliContext &context, const char *command, const QString &address)
{
    const qsizetype colon = address.lastIndexOf(QLatin1Char(':'));
    bool ok = false;
    const uint port = colon > 0 ? address.mid(colon + 1).toUInt(&ok) : 0;
    if (!ok || port == 0 || port > 65535) {
        context.err << command << ": --namesrv \"" << address << "\" is not HOST:PORT\n";
        return false;
    }
    return true;
}

QString summary(const GroupSnapshot &s)
{
    QMap<QueueView::Ownership, int> count;
    for (const QueueView &q : s.queues) {
        ++count[q.ownership];
    }
    int answered = 0;
    for (const ClientView &c : s.clients) {
        answered += c.answered ? 1 : 0;
    }
    QString text = QStringLiteral("%1 clients (%2 answered), %3 queues: %4 owned")
                       .arg(s.clients.size())
                       .arg(answered)
                       .arg(s.queues.size())
                       .arg(count.value(QueueView::Ownership::Owned));
    for (const auto o : { QueueView::Ownership::DoubleOwned, QueueView::Ownership::Orphaned,
             QueueView::Ownership::Unknown, QueueView::Ownership::Pop }) {
        if (count.value(o) > 0) {
            text += QStringLiteral(", %1 %2").arg(count.value(o)).arg(QueueView::ownershipName(o));
        }
    }
    qint64 lag = 0;
    for (const QueueView &q : s.queues) {
        lag += q.lag;
    }
    return text + QStringLiteral(", lag %1").arg(lag);
}

QString isoTime(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms).toUTC().toString(Qt::ISODateWithMs);
}

} // namespace

int runSnapshotCommand(CliContext &context)
{
    const char *const kCommand = "rblab snapshot";
    QCommandLineParser &parser = context.parser;
    LiveOptions live;
    const QCommandLineOption scenarioOption(QStringLiteral("scenario"),
        QStringLiteral("Write the scenario here (- for standard output)."), QStringLiteral("FILE"));
    const QCommandLineOption nameOption(QStringLiteral("name"),
        QStringLiteral("The scenario's name (default: \"G live from HOST:PORT\")."),
        QStringLiteral("NAME"));
    parser.addOptions({ live.nameServer, live.group, live.timeout, scenarioOption, nameOption });
    parser.clearPositionalArguments();
    parser.addPositionalArgument(QStringLiteral("snapshot"),
        QStringLiteral("Start a scenario where a live consumer group stands (read-only)."),
        QStringLiteral("snapshot --namesrv HOST:PORT --group G --scenario FILE"));
    parser.process(QCoreApplication::arguments());
    if (!parser.isSet(live.nameServer) || !parser.isSet(live.group)
        || !parser.isSet(scenarioOption)) {
        context.err << kCommand << ": give --namesrv HOST:PORT, --group G and --scenario FILE\n";
        return 2;
    }
    const QString address = parser.value(live.nameServer);
    const std::optional<qint64> timeout
        = durationMs(context, kCommand, QStringLiteral("timeout"), parser.value(live.timeout), 1);
    if (!checkAddress(context, kCommand, address) || !timeout) {
        return 2;
    }
    RemotingClient client;
    GroupWatcher watcher(&client, address, parser.value(live.group));
    watcher.setTimeoutMs(int(std::min<qint64>(*timeout, 600000)));
    const GroupSnapshot snapshot = watcher.pollAndWait();
    for (const QString &p : snapshot.problems) {
        context.err << kCommand << ": " << p << "\n";
    }
    for (const ClientView &c : snapshot.clients) {
        if (!c.answered) {
            context.err << kCommand << ": client " << c.clientId << " did not answer: " << c.error
                        << "\n";
        }
    }
    if (!snapshot.online) {
        context.err << kCommand << ": no broker lists a connection of group \"" << snapshot.group
                    << "\": no scenario written\n";
        context.err.flush();
        return 1;
    }
    const MqadminImport result = snapshot.toScenario(parser.value(nameOption));
    for (const MqadminDiagnostic &d : result.diagnostics) {
        context.err << d.toString() << "\n";
    }
    if (!result.ok) {
        context.err << kCommand << ": no scenario written (" << result.errorCount() << " errors)\n";
        context.err.flush();
        return 1;
    }
    const QByteArray json = result.scenarioJson();
    const ScenarioReadResult check
        = ScenarioReader::read(json, QStringLiteral("<snapshot scenario>"), &context.registry());
    if (!check.ok()) {
        context.err << kCommand << ": no scenario written: the group makes a scenario that "
                    << "would not load:\n"
                    << check.errorText();
        context.err.flush();
        return 1;
    }
    if (!context.writeFile(kCommand, parser.value(scenarioOption), json)) {
        return 2;
    }
    context.err << kCommand << ": " << summary(snapshot) << "; " << result.assignedQueues
                << " queues held in the scenario, " << result.warningCount() << " warnings\n";
    context.err.flush();
    return context.finishOut() ? 0 : 2;
}

int runWatchCommand(CliContext &context)
{
    const char *const kCommand = "rblab watch";
    QCommandLineParser &parser = context.parser;
    LiveOptions live;
    const QCommandLineOption intervalOption(QStringLiteral("interval"),
        QStringLiteral("Time between two polls (default 2s)."), QStringLiteral("D"),
        QStringLiteral("2s"));
    const QCommandLineOption durationOption(QStringLiteral("duration"),
        QStringLiteral("Stop after this long (default: until interrupted)."), QStringLiteral("D"));
    const QCommandLineOption jsonOption(
        QStringLiteral("json"), QStringLiteral("JSON Lines: one object per change."));
    const QCommandLineOption recordOption(QStringLiteral("record"),
        QStringLiteral("Record the watch as an observed report the app opens (File › Open a "
                       "recording…), saved whole every 30 s and at the end."),
        QStringLiteral("FILE"));
    parser.addOptions({ live.nameServer, live.group, live.timeout, intervalOption, durationOption,
        jsonOption, recordOption });
    parser.clearPositionalArguments();
    parser.addPositionalArgument(QStringLiteral("watch"),
        QStringLiteral("Print each change of a live consumer group between two polls "
                       "(read-only)."),
        QStringLiteral("watch --namesrv HOST:PORT --group G [--interval 2s] [--duration D] "
                       "[--json] [--record FILE]"));
    parser.process(QCoreApplication::arguments());
    if (!parser.isSet(live.nameServer) || !parser.isSet(live.group)) {
        context.err << kCommand << ": give --namesrv HOST:PORT and --group G\n";
        return 2;
    }
    const QString address = parser.value(live.nameServer);
    const std::optional<qint64> timeout
        = durationMs(context, kCommand, QStringLiteral("timeout"), parser.value(live.timeout), 1);
    const std::optional<qint64> interval = durationMs(
        context, kCommand, QStringLiteral("interval"), parser.value(intervalOption), 100);
    std::optional<qint64> duration = -1;
    if (parser.isSet(durationOption)) {
        duration = durationMs(
            context, kCommand, QStringLiteral("duration"), parser.value(durationOption), 0);
    }
    if (!checkAddress(context, kCommand, address) || !timeout || !interval || !duration) {
        return 2;
    }
    const bool json = parser.isSet(jsonOption);
    const QString recordPath = parser.value(recordOption);
    std::optional<LiveRecorder> recorder;
    if (!recordPath.isEmpty()) {
        recorder.emplace(address, parser.value(live.group), *interval);
        // Refuse a place it cannot write before watching, not after ten minutes.
        const QString refusal = recorder->save(recordPath, false);
        if (!refusal.isEmpty()) {
            context.err << kCommand << ": --record " << recordPath << ": " << refusal << "\n";
            return 2;
        }
    }
    QElapsedTimer sinceSave;
    sinceSave.start();
    QString saveError;
    auto saveRecording = [&](bool finished) {
        if (!recorder) {
            return;
        }
        const QString error = recorder->save(recordPath, finished);
        if (!error.isEmpty() && error != saveError) {
            context.err << kCommand << ": --record " << recordPath << ": " << error << "\n";
            context.err.flush();
        }
        saveError = error;
        sinceSave.restart();
    };
    RemotingClient client;
    GroupWatcher watcher(&client, address, parser.value(live.group));
    // Stale views are judged with the built-in Java-exact strategies (AVG, AVG_BY_CIRCLE).
    watcher.setStrategyRegistry(&context.registry());
    // A poll must end before the next one is due, or polls would be skipped.
    watcher.setTimeoutMs(int(std::min<qint64>(*timeout, 600000)));

    auto print = [&](const QVariantMap &fields, const QString &text, qint64 at) {
        if (json) {
            QVariantMap line = fields;
            line.insert(QStringLiteral("time"), isoTime(at));
            context.out << JsonWriter::compact(JsonNode::fromVariant(line)) << "\n";
        } else {
            context.out << isoTime(at) << "  " << text << "\n";
        }
        context.out.flush();
    };
    std::optional<GroupSnapshot> previous;
    QElapsedTimer clock;
    clock.start();
    QEventLoop loop;
    QTimer tick;
    tick.setInterval(int(std::min<qint64>(*interval, 24 * 3600 * 1000)));
    QObject::connect(&tick, &QTimer::timeout, &loop, [&]() {
        if (*duration >= 0 && clock.elapsed() >= *duration) {
            loop.quit();
            return;
        }
        watcher.poll(); // false while the last poll still runs: that one is waited for
    });
    // Ctrl-C (or a TERM) ends the watch as --duration does: the recording is saved whole.
    QTimer interruptCheck;
    interruptCheck.setInterval(100);
    QObject::connect(&interruptCheck, &QTimer::timeout, &loop, [&]() {
        if (g_interrupted) {
            loop.quit();
        }
    });
    QObject::connect(&watcher, &GroupWatcher::snapshotReady, &loop, [&](const GroupSnapshot &s) {
        if (!previous) {
            QVariantMap fields { { QStringLiteral("change"), QStringLiteral("watching") },
                { QStringLiteral("group"), s.group },
                { QStringLiteral("nameServer"), s.nameServer },
                { QStringLiteral("online"), s.online },
                { QStringLiteral("clients"), qlonglong(s.clients.size()) },
                { QStringLiteral("queues"), qlonglong(s.queues.size()) },
                { QStringLiteral("summary"), summary(s) } };
            print(fields,
                QStringLiteral("watching %1 at %2: %3%4")
                    .arg(s.group, s.nameServer, summary(s),
                        s.online ? QString() : QStringLiteral(" (not online)")),
                s.takenAtMs);
            for (const QString &p : s.problems) {
                print({ { QStringLiteral("change"), QStringLiteral("problem") },
                          { QStringLiteral("subject"), p } },
                    QStringLiteral("problem: ") + p, s.takenAtMs);
            }
            for (const ClientView &c : s.clients) {
                if (!c.answered) {
                    const GroupChange change { GroupChange::Kind::ClientNotAnswering, c.clientId,
                        {}, {}, c.error };
                    print(change.toVariant(), change.toText(), s.takenAtMs);
                }
            }
            for (const QueueView &q : s.queues) {
                if (q.ownership == QueueView::Ownership::DoubleOwned
                    || q.ownership == QueueView::Ownership::Orphaned) {
                    const GroupChange change { q.ownership == QueueView::Ownership::DoubleOwned
                            ? GroupChange::Kind::DoubleOwned
                            : GroupChange::Kind::Orphaned,
                        q.queue.label(), {}, q.owners, QString() };
                    print(change.toVariant(), change.toText(), s.takenAtMs);
                }
            }
            // Flow control already on: the same lines as a diff from an empty group gives.
            GroupSnapshot none;
            none.clients = s.clients;
            for (ClientView &c : none.clients) {
                c.info.processQueues.clear();
            }
            for (const GroupChange &change : diffSnapshots(none, s)) {
                if (change.kind == GroupChange::Kind::FlowControlOn) {
                    print(change.toVariant(), change.toText(), s.takenAtMs);
                }
            }
        } else {
            for (const GroupChange &change : diffSnapshots(*previous, s)) {
                print(change.toVariant(), change.toText(), s.takenAtMs);
            }
        }
        previous = previous ? s.withKnownOwners(*previous) : s;
        if (recorder) {
            recorder->append(s);
            if (sinceSave.elapsed() >= 30000) {
                saveRecording(false);
            }
        }
        if (*duration >= 0 && clock.elapsed() >= *duration) {
            loop.quit();
        }
    });
    g_interrupted = 0;
    {
        const InterruptGuard interrupts(onWatchInterrupt);
        watcher.poll();
        tick.start();
        interruptCheck.start();
        loop.exec();
    }
    // A poll still under way ends when its connections close: it is not one the group gave
    // (its clients would read "closed"), so nothing hears of it.
    QObject::disconnect(&watcher, nullptr, &loop, nullptr);
    client.closeAll();
    if (recorder) {
        saveRecording(true);
        if (saveError.isEmpty()) {
            context.err << kCommand << ": recorded " << recorder->pollCount() << " polls in "
                        << recordPath << "\n";
        }
    }
    context.err.flush();
    if (!saveError.isEmpty()) {
        return 2;
    }
    return context.finishOut() ? 0 : 2;
}
