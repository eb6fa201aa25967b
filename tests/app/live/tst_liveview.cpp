// SPDX-License-Identifier: Apache-2.0
// The live view (issue 36): a LiveSession fed by a fake source of snapshots, shown in the window
// through the LivePlayer: the newest poll while live, an earlier one after a seek, back to live,
// a poll skipped while one is running, a client that stops answering shown as such, and a fork.
#include <assignment/assignmentview.h>
#include <compare/comparesession.h>
#include <charts/chartpanel.h>
#include <compare/comparewindow.h>
#include <languagemanager.h>
#include <live/connectdialog.h>
#include <live/livecontroller.h>
#include <live/liveplayer.h>
#include <live/livesession.h>
#include <mainwindow.h>
#include <simulation/inspectorview.h>
#include <simulation/timelinetrack.h>
#include <simulation/timelinebar.h>
#include <simulation/eventlogmodel.h>
#include <simulation/eventlogview.h>
#include <simulation/simulationcontroller.h>

#include <allocation/strategyregistry.h>
#include <liveworld.h>

#include <QAction>
#include <QFile>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

using namespace Rblab;
using namespace Rblab::Remoting;

namespace {

const QString kTopic = QStringLiteral("LiveTopic");
const QString kGroup = QStringLiteral("live_group");
const QString kNameServer = QStringLiteral("127.0.0.1:9876");

//! Polls are answered when the test says so (deliver); busy in between.
class FakeSource : public LiveSource
{
public:
    bool poll() override
    {
        if (m_busy) {
            return false;
        }
        m_busy = true;
        ++asked;
        return true;
    }
    bool busy() const override { return m_busy; }
    void deliver(const GroupSnapshot &s)
    {
        m_busy = false;
        emit snapshotReady(s);
    }
    int asked = 0;

private:
    bool m_busy = false;
};

struct Client
{
    QString id;
    QList<int> queues; //!< queue ids it holds
    bool answers = true;
    int cached = 10; //!< per queue
};

//! A group of 4 queues on broker-a as GroupWatcher assembles it: offsets 1000 + 100 × id,
//! consumer offsets 10 × id behind (lag = 10 × id … plus `extraLag`).
GroupSnapshot snapshot(qint64 takenAtMs, const QList<Client> &clients, qint64 extraLag = 0)
{
    GroupSnapshot s;
    s.takenAtMs = takenAtMs;
    s.nameServer = kNameServer;
    s.group = kGroup;
    s.online = true;
    s.connection.subscriptions.insert(kTopic, QStringLiteral("*"));
    s.connection.messageModel = QStringLiteral("CLUSTERING");
    TopicRoute route;
    BrokerData broker;
    broker.brokerName = QStringLiteral("broker-a");
    broker.addresses.insert(0, QStringLiteral("127.0.0.1:10911"));
    route.brokers.append(broker);
    route.queues.append({ QStringLiteral("broker-a"), 4, 4, 6 });
    s.routes.insert(kTopic, route);
    for (const Client &c : clients) {
        s.connection.connections.append(
            { c.id, QStringLiteral("127.0.0.1:4000"), QStringLiteral("JAVA"), 409 });
        ClientView v;
        v.clientId = c.id;
        v.clientAddr = QStringLiteral("127.0.0.1:4000");
        v.language = QStringLiteral("JAVA");
        v.version = 409;
        v.answered = c.answers;
        if (!c.answers) {
            v.timedOut = true;
            v.error = QStringLiteral("timed out after 3000 ms");
        }
        for (int id : c.queues) {
            if (!c.answers) {
                break;
            }
            ConsumerRunningInfo::ProcessQueue pq;
            pq.queue = { kTopic, QStringLiteral("broker-a"), id };
            pq.cachedMsgCount = c.cached;
            pq.cachedMsgSizeInMiB = 1;
            pq.commitOffset = 1000 + 100 * id - 10 * id;
            v.info.processQueues.append(pq);
        }
        if (c.answers) {
            v.info.status[kTopic].consumeRT = 200; // ms per message, as ConsumeStatus says
        }
        s.clients.append(v);
    }
    ConsumeStats stats;
    for (int id = 0; id < 4; ++id) {
        ConsumeStats::Offset o;
        o.queue = { kTopic, QStringLiteral("broker-a"), id };
        o.brokerOffset = 1000 + 100 * id + extraLag;
        o.consumerOffset = 1000 + 100 * id - 10 * id;
        stats.offsets.append(o);
    }
    s.assemble({ stats });
    return s;
}

const QList<Client> kTwo { { QStringLiteral("127.0.0.1@c1"), { 0, 1 } },
    { QStringLiteral("127.0.0.1@c2"), { 2, 3 } } };

qint32 consumerIndex(const Catalog &catalog, const QString &id)
{
    for (qsizetype c = 0; c < catalog.consumers.size(); ++c) {
        if (catalog.consumers.at(c).id == id) {
            return qint32(c);
        }
    }
    return -1;
}

} // namespace

class tst_LiveView : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void followsThePolls();
    void seekBackAndBackToLive();
    void skipsAPollWhileBusy();
    void notAnsweringIsShownAsSuch();
    void forkOpensCompareMode();
    void forkFromAScrubbedPoll();
    void pauseOnStopsAtAChange();
    void aSavedRecordingOpensAsItWasWatched();
    void aBadRecordingSaysWhereAndKeepsTheView();
    void intervalIsASetting();
    void connectDialogSaysWhenTheNameServerDoesNotAnswer();

private:
    //! A window watching a fake source; the first poll (kTwo at t0) delivered.
    struct Fixture
    {
        std::unique_ptr<MainWindow> window;
        FakeSource *source = nullptr;
        LiveSession *session = nullptr;
    };
    Fixture open();

    StrategyRegistry m_registry;
    LanguageManager m_languages;
};

void tst_LiveView::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QSettings().clear();
    StrategyRegistry::Sources sources;
    sources.user = false;
    sources.environment = false;
    m_registry.load(sources);
    QVERIFY(m_registry.find(QStringLiteral("AVG")));
    QVERIFY(m_languages.setLanguage(QStringLiteral("en")));
}

tst_LiveView::Fixture tst_LiveView::open()
{
    Fixture f;
    f.window = std::make_unique<MainWindow>(m_registry, m_languages);
    f.window->setQuiet(true);
    f.window->openScenario(MainWindow::defaultScenarioPath());
    f.source = new FakeSource;
    f.session = f.window->liveController()->connectTo(kNameServer, kGroup, f.source);
    f.session->stop(); // the test ticks by hand
    f.source->deliver(snapshot(1'000'000, kTwo));
    f.window->controller()->processPendingFrame();
    return f;
}

void tst_LiveView::followsThePolls()
{
    Fixture f = open();
    SimulationController *controller = f.window->controller();
    QVERIFY(controller->isLive());
    QVERIFY(controller->isReadOnly());
    QVERIFY(controller->isPlaying());
    QCOMPARE(f.window->windowTitle(),
        QStringLiteral("Live from 127.0.0.1:9876 · live_group — Rebalance Lab"));
    QVERIFY2(f.window->liveBannerText().contains(QStringLiteral("last poll")),
        qPrintable(f.window->liveBannerText()));
    QCOMPARE(controller->catalog()->consumers.size(), 2);
    QCOMPARE(controller->catalog()->queues.size(), 4);
    QCOMPARE(controller->snapshot().holdings.size(), 4);
    QCOMPARE(controller->snapshot().consumers[0].cachedCount, 20);
    QCOMPARE(controller->snapshot().queues[3].lag, 30);
    QCOMPARE(controller->events().size(), 2); // the two clients, present at the first poll

    // A second poll 2 s later: c3 joins and takes queue 3 from c2; lag grows by 50.
    QVERIFY(f.session->tick());
    QList<Client> three = kTwo;
    three[1].queues = { 2 };
    three.append({ QStringLiteral("127.0.0.1@c3"), { 3 } });
    f.source->deliver(snapshot(1'002'000, three, 50));
    controller->processPendingFrame();
    QCOMPARE(controller->now(), 2000);
    QCOMPARE(controller->catalog()->consumers.size(), 3);
    QCOMPARE(controller->snapshot().queues[3].lag, 80);
    QCOMPARE(controller->knownSamples().size(), 2);
    QCOMPARE(controller->samples().size(), 2);
    QCOMPARE(controller->samples().last()->queues[3].owners, QList<qint32> { 2 });
    // Joined, then one rebalance each for c2 (lost 3) and c3 (gained 3).
    QCOMPARE(controller->events().size(), 5);
    EventLogModel *log = f.window->eventLog()->model();
    QStringList kinds;
    for (int row = 0; row < log->rowCount(); ++row) {
        kinds.append(log->index(row, EventLogModel::KindColumn).data().toString());
    }
    QCOMPARE(kinds.count(QStringLiteral("client joined")), 3);
    QCOMPARE(kinds.count(QStringLiteral("queues moved")), 2);
    // Polls see caches and offsets, not deliveries nor held pulls: duplicates read "—", never
    // 0, and there is no flow-control holds chart (a line at 0 would be a false figure).
    f.window->show();
    QVERIFY(QTest::qWaitForWindowExposed(f.window.get()));
    f.window->assignmentView()->repaint(); // the status bar follows what the view painted
    const QString summary = f.window->statusSummary();
    QVERIFY2(summary.contains(QStringLiteral("duplicates —")), qPrintable(summary));
    QVERIFY(!f.window->chartPanel()->isMeasured(ChartPanel::FlowHolds));
    QVERIFY(!f.window->chartPanel()->isChartAvailable(ChartPanel::FlowHolds));
    QVERIFY(f.window->chartPanel()->isMeasured(ChartPanel::CacheMessages));
    QVERIFY(f.window->chartPanel()->isMeasured(ChartPanel::Ownership));
    // The Kinds menu names the live kinds.
    const QStringList menu = f.window->eventLog()->kindNames();
    QVERIFY(menu.contains(QStringLiteral("left the group")));
    QVERIFY(menu.contains(QStringLiteral("not answering")));
    QVERIFY(!menu.contains(QStringLiteral("kill")));
    // Commands are refused, with the reason.
    QSignalSpy refused(controller, &SimulationController::commandFailed);
    ScenarioEvent kill;
    kill.action = ScenarioEvent::Action::Kill;
    kill.consumer = QStringLiteral("127.0.0.1@c1");
    controller->apply(kill);
    QCOMPARE(refused.size(), 1);
    QCOMPARE(refused[0][1].toString(), QStringLiteral("Watching a live group: read-only"));
}

void tst_LiveView::seekBackAndBackToLive()
{
    Fixture f = open();
    SimulationController *controller = f.window->controller();
    for (int i = 1; i <= 3; ++i) {
        QVERIFY(f.session->tick());
        QList<Client> clients = kTwo;
        clients[0].cached = 10 * (i + 1);
        f.source->deliver(snapshot(1'000'000 + 2000 * i, clients));
        controller->processPendingFrame();
    }
    QCOMPARE(controller->now(), 6000);
    QCOMPARE(controller->snapshot().consumers[0].cachedCount, 80);

    // Back to the second poll (a moment between polls shows the earlier one).
    QSignalSpy rewound(controller, &SimulationController::rewound);
    controller->seek(3100);
    controller->processPendingFrame();
    QCOMPARE(rewound.size(), 1);
    QVERIFY(!controller->isPlaying());
    QCOMPARE(controller->now(), 2000);
    QCOMPARE(controller->snapshot().consumers[0].cachedCount, 40);
    QCOMPARE(controller->samples().size(), 2);
    QVERIFY(f.window->liveController()->backToLiveAction()->isVisible());
    QVERIFY2(f.window->liveBannerText().contains(QStringLiteral("showing the poll of")),
        qPrintable(f.window->liveBannerText()));
    QVERIFY(f.window->liveBannerText().contains(QStringLiteral("2 newer poll(s)")));

    // A poll arriving meanwhile does not move the picture; the timeline's end moves on.
    QVERIFY(f.session->tick());
    QList<Client> moved = kTwo;
    moved[0].queues = { 0 };
    moved[1].queues = { 1, 2, 3 };
    f.source->deliver(snapshot(1'008'000, moved));
    controller->processPendingFrame();
    QCOMPARE(controller->now(), 2000);
    QCOMPARE(controller->reached(), 8000);
    QCOMPARE(controller->eventsAhead().size(), 2); // the move, waiting ahead

    // Back to live: the newest poll, its events in the log.
    f.window->liveController()->backToLiveAction()->trigger();
    controller->processPendingFrame();
    QVERIFY(controller->isPlaying());
    QCOMPARE(controller->now(), 8000);
    QCOMPARE(controller->snapshot().queues[1].holdingCount, 1);
    QCOMPARE(
        controller->snapshot().holdings[controller->snapshot().queues[1].firstHolding].consumer, 1);
    QCOMPARE(controller->events().size(), 4);
    QCOMPARE(controller->eventsAhead().size(), 0);
    QVERIFY(!f.window->liveController()->backToLiveAction()->isVisible());
}

void tst_LiveView::skipsAPollWhileBusy()
{
    Fixture f = open();
    QSignalSpy skipped(f.session, &LiveSession::pollSkipped);
    QVERIFY(f.session->tick());
    QCOMPARE(f.source->asked, 2);
    // The timer fires twice while the poll is still out: skipped, not queued.
    QVERIFY(!f.session->tick());
    QVERIFY(!f.session->tick());
    QCOMPARE(skipped.size(), 2);
    QCOMPARE(f.session->skippedPolls(), 2);
    QCOMPARE(f.source->asked, 2);
    f.source->deliver(snapshot(1'002'000, kTwo));
    QCOMPARE(f.session->world()->pollCount(), 2);
    QVERIFY(f.session->tick());
    QCOMPARE(f.source->asked, 3);
    QCOMPARE(f.session->pollsStarted(), 3);
    // The real timer does the same: a 200 ms interval against a poll that never comes back.
    f.session->setInterval(200);
    f.session->start(); // busy: skipped at once
    QTRY_VERIFY_WITH_TIMEOUT(f.session->skippedPolls() >= 5, 5000);
    QCOMPARE(f.source->asked, 3);
    f.session->stop();
}

void tst_LiveView::notAnsweringIsShownAsSuch()
{
    Fixture f = open();
    SimulationController *controller = f.window->controller();
    QVERIFY(f.session->tick());
    QList<Client> silent = kTwo;
    silent[1].answers = false;
    f.source->deliver(snapshot(1'002'000, silent));
    controller->processPendingFrame();
    const qint32 c2 = consumerIndex(*controller->catalog(), QStringLiteral("127.0.0.1@c2"));
    QCOMPARE(c2, 1);
    // Shown hung, with the tiles it last reported, in words that say what was seen, never
    // "killed" or "frozen".
    QCOMPARE(controller->snapshot().consumers[c2].state, ConsumerState::Frozen);
    QCOMPARE(controller->snapshot().consumers[c2].queueCount, 2);
    const QString state = f.window->assignmentView()->cardStateText(c2);
    QVERIFY2(state.startsWith(QStringLiteral("no answer since ")), qPrintable(state));
    QVERIFY(!state.contains(QStringLiteral("kill"), Qt::CaseInsensitive));
    QVERIFY(!state.contains(QStringLiteral("frozen"), Qt::CaseInsensitive));
    const QString banner = f.window->liveBannerText();
    QVERIFY2(banner.contains(QStringLiteral("not answering: 127.0.0.1@c2")), qPrintable(banner));
    EventLogModel *log = f.window->eventLog()->model();
    const int last = log->rowCount() - 1;
    QCOMPARE(log->index(last, EventLogModel::KindColumn).data().toString(),
        QStringLiteral("not answering"));
    QCOMPARE(log->index(last, EventLogModel::DetailColumn).data().toString(),
        QStringLiteral("127.0.0.1@c2 did not answer: timed out after 3000 ms"));
    // In Chinese too: the line is worded from the change, not `rblab watch`'s English (the
    // client's own error text stays as it came).
    QVERIFY(m_languages.setLanguage(QStringLiteral("zh_CN")));
    QCOMPARE(log->index(last, EventLogModel::DetailColumn).data().toString(),
        QStringLiteral("127.0.0.1@c2 未应答：timed out after 3000 ms"));
    QVERIFY(m_languages.setLanguage(QStringLiteral("en")));

    // Then it leaves the group; c1 takes its queues.
    QVERIFY(f.session->tick());
    QList<Client> gone { { QStringLiteral("127.0.0.1@c1"), { 0, 1, 2, 3 } } };
    f.source->deliver(snapshot(1'004'000, gone));
    controller->processPendingFrame();
    const QString left = f.window->assignmentView()->cardStateText(c2);
    QVERIFY2(left.startsWith(QStringLiteral("last seen ")), qPrintable(left));
    QCOMPARE(controller->snapshot().consumers[0].queueCount, 4);
    QStringList kinds;
    for (int row = 0; row < log->rowCount(); ++row) {
        kinds.append(log->index(row, EventLogModel::KindColumn).data().toString());
    }
    QVERIFY2(kinds.contains(QStringLiteral("left the group")), qPrintable(kinds.join(u',')));
    QVERIFY(!kinds.contains(QStringLiteral("kill")));
    // On the timeline "not answering" and "left the group" are marked with the hangs (violet),
    // never in the kills' red: the brokers cannot tell a kill from a shutdown or a cut.
    int violet = 0;
    for (const TimelineTrack::Marker &m : f.window->timelineBar()->track()->markers()) {
        QVERIFY2(m.lane != TimelineTrack::Killed, qPrintable(QString::number(m.t)));
        violet += m.lane == TimelineTrack::Frozen ? 1 : 0;
    }
    QCOMPARE(violet, 2);
    // A poll in which nothing answers at all still ends the wait: the banner says what did not.
    QVERIFY(f.session->tick());
    GroupSnapshot down = snapshot(1'006'000, gone);
    down.problems.append(QStringLiteral("name server 127.0.0.1:9876: timed out after 3000 ms"));
    f.source->deliver(down);
    controller->processPendingFrame();
    QVERIFY2(f.window->liveBannerText().contains(QStringLiteral("name server 127.0.0.1:9876")),
        qPrintable(f.window->liveBannerText()));
}

void tst_LiveView::forkOpensCompareMode()
{
    Fixture f = open();
    // A second poll 2 s later, 100 more messages in each of the 4 queues: 200 a second.
    QVERIFY(f.session->tick());
    f.source->deliver(snapshot(1'002'000, kTwo, 100));
    f.window->controller()->processPendingFrame();
    f.window->liveController()->setQuiet(true);
    const std::unique_ptr<CompareWindow> fork(
        f.window->liveController()->fork(false, { QStringLiteral("CONSISTENT_HASH") }));
    QVERIFY2(fork, qPrintable(f.window->liveController()->lastError()));
    QCOMPARE(fork->session()->paneCount(), 2);
    const Scenario &base = fork->session()->baseScenario();
    QCOMPARE(base.groups.size(), 1);
    QCOMPARE(base.groups.first().name, kGroup);
    QCOMPARE(base.groups.first().consumers.size(), 2);
    // The fork consumes and produces as the group did: consumeRT, the offsets' growth.
    for (const ConsumerSpec &c : base.groups.first().consumers) {
        QCOMPARE(c.consumeTime.meanMs, 200.0);
    }
    bool found = false;
    for (const TopicSpec &t : base.topics) {
        if (t.name == kTopic) {
            QCOMPARE(t.produceRate, 200.0);
            found = true;
        }
    }
    QVERIFY(found);
    // Each queue starts where the group's offsets were (holds and offsets, as import-mqadmin).
    QCOMPARE(base.groups.first().offsets.size(), 4);
    QVERIFY(fork->paneTitle(1).contains(QStringLiteral("CONSISTENT_HASH")));
}

namespace {

//! The holds of `id` in a fork's scenario.
QStringList holdsOf(const Scenario &scenario, const QString &id)
{
    for (const ConsumerSpec &c : scenario.groups.first().consumers) {
        if (c.id == id) {
            QStringList holds = c.holds;
            holds.sort();
            return holds;
        }
    }
    return { QStringLiteral("<no consumer %1>").arg(id) };
}

} // namespace

void tst_LiveView::forkFromAScrubbedPoll()
{
    Fixture f = open();
    SimulationController *controller = f.window->controller();
    // Poll 2 at 2 s: c1 gave queue 1 to c2, 100 more messages a queue; poll 3 at 4 s: c3
    // joined with queue 3, 400 more a queue since poll 2.
    QList<Client> moved = kTwo;
    moved[0].queues = { 0 };
    moved[1].queues = { 1, 2, 3 };
    QVERIFY(f.session->tick());
    f.source->deliver(snapshot(1'002'000, moved, 100));
    QList<Client> three = moved;
    three[1].queues = { 1, 2 };
    three.append({ QStringLiteral("127.0.0.1@c3"), { 3 } });
    QVERIFY(f.session->tick());
    f.source->deliver(snapshot(1'004'000, three, 500));
    controller->processPendingFrame();
    QCOMPARE(controller->now(), 4000);

    // Scrubbed back to poll 2: the fork starts from that poll, not from the newest.
    controller->seek(2500);
    controller->processPendingFrame();
    QCOMPARE(controller->now(), 2000);
    f.window->liveController()->setQuiet(true);
    std::unique_ptr<CompareWindow> fork(
        f.window->liveController()->fork(false, { QStringLiteral("CONSISTENT_HASH") }));
    QVERIFY2(fork, qPrintable(f.window->liveController()->lastError()));
    const Scenario &base = fork->session()->baseScenario();
    QCOMPARE(base.groups.first().consumers.size(), 2);
    QCOMPARE(holdsOf(base, QStringLiteral("127.0.0.1@c1")),
        QStringList { QStringLiteral("LiveTopic/broker-a/0") });
    QCOMPARE(holdsOf(base, QStringLiteral("127.0.0.1@c2")),
        (QStringList { QStringLiteral("LiveTopic/broker-a/1"),
            QStringLiteral("LiveTopic/broker-a/2"), QStringLiteral("LiveTopic/broker-a/3") }));
    // The producers as they were up to that poll: 100 a queue in 2 s, 4 queues.
    for (const TopicSpec &t : base.topics) {
        if (t.name == kTopic) {
            QCOMPARE(t.produceRate, 200.0);
        }
    }

    // Following again: the newest poll, c3 with queue 3; the producers over the polls up to it
    // (500 a queue in 4 s, 4 queues).
    controller->setPlaying(true);
    controller->processPendingFrame();
    fork.reset(f.window->liveController()->fork(false, { QStringLiteral("CONSISTENT_HASH") }));
    QVERIFY2(fork, qPrintable(f.window->liveController()->lastError()));
    const Scenario &newest = fork->session()->baseScenario();
    QCOMPARE(newest.groups.first().consumers.size(), 3);
    QCOMPARE(holdsOf(newest, QStringLiteral("127.0.0.1@c3")),
        QStringList { QStringLiteral("LiveTopic/broker-a/3") });
    for (const TopicSpec &t : newest.topics) {
        if (t.name == kTopic) {
            QCOMPARE(t.produceRate, 500.0);
        }
    }
}

void tst_LiveView::pauseOnStopsAtAChange()
{
    Fixture f = open();
    SimulationController *controller = f.window->controller();
    controller->setPauseOn({ PauseKind::Rebalance });
    QSignalSpy paused(controller, &SimulationController::pausedOn);
    // A poll with only new cache figures: still following.
    QList<Client> busier = kTwo;
    busier[0].cached = 50;
    QVERIFY(f.session->tick());
    f.source->deliver(snapshot(1'002'000, busier));
    controller->processPendingFrame();
    QVERIFY(controller->isPlaying());
    QCOMPARE(controller->now(), 2000);
    QCOMPARE(paused.size(), 0);
    // A poll where queue 1 moved: shown, and held there.
    QList<Client> moved = kTwo;
    moved[0].queues = { 0 };
    moved[1].queues = { 1, 2, 3 };
    QVERIFY(f.session->tick());
    f.source->deliver(snapshot(1'004'000, moved));
    controller->processPendingFrame();
    QCOMPARE(controller->now(), 4000);
    QVERIFY(!controller->isPlaying());
    QCOMPARE(paused.size(), 1);
    QCOMPARE(paused.first().first().value<PauseKind>(), PauseKind::Rebalance);
    QVERIFY(f.window->liveController()->backToLiveAction()->isVisible());
    // The next poll waits ahead; the picture stays on the move.
    QVERIFY(f.session->tick());
    f.source->deliver(snapshot(1'006'000, kTwo));
    controller->processPendingFrame();
    QCOMPARE(controller->now(), 4000);
    QCOMPARE(controller->reached(), 6000);
    // Pausing on flow control only: a move is followed past.
    controller->setPauseOn({ PauseKind::FlowControl });
    controller->setPlaying(true);
    controller->processPendingFrame();
    QVERIFY(f.session->tick());
    f.source->deliver(snapshot(1'008'000, moved));
    controller->processPendingFrame();
    QVERIFY(controller->isPlaying());
    QCOMPARE(controller->now(), 8000);
    QCOMPARE(LivePlayer::watchedKind(f.session->world()->events(), { PauseKind::ConsumerState }),
        std::optional<PauseKind>(PauseKind::ConsumerState)); // the first poll's joins
}

void tst_LiveView::aSavedRecordingOpensAsItWasWatched()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("live_group.json"));
    QList<SimEvent> watchedEvents;
    {
        Fixture f = open();
        LiveController *live = f.window->liveController();
        QVERIFY(live->saveRecordingAction()->isEnabled());
        QList<Client> moved = kTwo;
        moved[0].queues = { 0 };
        moved[1].queues = { 1, 2, 3 };
        QVERIFY(f.session->tick());
        f.source->deliver(snapshot(1'002'000, moved, 100));
        QList<Client> silent = moved;
        silent[1].answers = false;
        QVERIFY(f.session->tick());
        f.source->deliver(snapshot(1'004'000, silent, 300));
        QVERIFY2(live->saveRecording(path), qPrintable(live->lastError()));
        watchedEvents = f.session->world()->events();
        QVERIFY(live->openRecordingAction()->isEnabled());
    }
    QVERIFY(watchedEvents.size() >= 3);

    Fixture f = open(); // a window that watches something else: the recording replaces it
    LiveController *live = f.window->liveController();
    SimulationController *controller = f.window->controller();
    QSignalSpy opened(live, &LiveController::liveOpened);
    LiveSession *session = live->openRecording(path);
    QVERIFY2(session, qPrintable(live->lastError()));
    QCOMPARE(opened.size(), 1);
    QVERIFY(session->isRecording());
    QVERIFY(!session->isRunning());
    QVERIFY(!session->tick()); // it never polls
    QCOMPARE(session->world()->pollCount(), 3);
    QCOMPARE(session->interval(), 2000);
    const QList<SimEvent> &events = session->world()->events();
    QCOMPARE(events.size(), watchedEvents.size());
    for (qsizetype i = 0; i < events.size(); ++i) {
        QCOMPARE(events.at(i).t, watchedEvents.at(i).t);
        QCOMPARE(events.at(i).type, watchedEvents.at(i).type);
        QCOMPARE(events.at(i).consumer, watchedEvents.at(i).consumer);
        QCOMPARE(events.at(i).added, watchedEvents.at(i).added);
        QCOMPARE(events.at(i).removed, watchedEvents.at(i).removed);
    }
    controller->processPendingFrame();
    QVERIFY(controller->isLive());
    // It opens at its first poll, paused, following nothing: no "Back to live", nothing to save.
    QCOMPARE(controller->now(), 0);
    QVERIFY(!controller->isPlaying());
    // Play goes through the polls at the chosen speed (not straight to the last one) and stops
    // at the last.
    controller->setSpeed(4);
    controller->setPlaying(true);
    controller->processPendingFrame();
    QVERIFY(controller->isPlaying());
    QCOMPARE(controller->now(), 0); // not straight to the newest, as a live view would go
    QTRY_VERIFY_WITH_TIMEOUT(!controller->isPlaying(), 10000);
    QCOMPARE(controller->now(), 4000);
    controller->setPlaying(true); // at the end: nothing to play
    QVERIFY(!controller->isPlaying());
    QVERIFY(!live->backToLiveAction()->isVisible());
    QVERIFY(!live->saveRecordingAction()->isEnabled());
    QVERIFY(live->forkAction()->isEnabled());
    QCOMPARE(live->title(),
        QStringLiteral("Recording live_group.json · %1 · %2").arg(kNameServer, kGroup));
    QVERIFY2(f.window->liveBannerText().contains(QStringLiteral("recorded")),
        qPrintable(f.window->liveBannerText()));
    // c2 did not answer the last poll: the banner says so, as it did live.
    QVERIFY2(f.window->liveBannerText().contains(QStringLiteral("not answering: 127.0.0.1@c2")),
        qPrintable(f.window->liveBannerText()));
    // The Inspector says what the client reported of itself, nothing a poll cannot see.
    InspectorView *inspector = f.window->inspector();
    inspector->setSelection(Selection::consumer(1)); // c2
    inspector->refresh();
    QVERIFY2(inspector->value(QStringLiteral("State")).startsWith(QStringLiteral("not answering")),
        qPrintable(inspector->value(QStringLiteral("State"))));
    QCOMPARE(inspector->value(QStringLiteral("Why")), QStringLiteral("timed out after 3000 ms"));
    QVERIFY(inspector->value(QStringLiteral("Delivered")).isEmpty());
    QVERIFY(inspector->value(QStringLiteral("Busy consume threads")).isEmpty());
    controller->seek(2000);
    controller->processPendingFrame();
    inspector->refresh();
    QVERIFY2(inspector->value(QStringLiteral("State")).startsWith(QStringLiteral("running")),
        qPrintable(inspector->value(QStringLiteral("State"))));
    // It gained queues 1 and 3 at the second poll.
    QCOMPARE(inspector->value(QStringLiteral("Last change of its queues")),
        QStringLiteral("0:02.000 (1 change(s) seen)"));
    QCOMPARE(inspector->value(QStringLiteral("Queues held")), QStringLiteral("3"));

    // Scrub to the first poll: c1 holds 0 and 1 again.
    controller->seek(0);
    controller->processPendingFrame();
    QCOMPARE(controller->now(), 0);
    QCOMPARE(controller->snapshot().consumers[0].queueCount, 2);
    live->setQuiet(true);
    const std::unique_ptr<CompareWindow> fork(live->fork(false, { QStringLiteral("AVG") }));
    QVERIFY2(fork, qPrintable(live->lastError()));
    QCOMPARE(holdsOf(fork->session()->baseScenario(), QStringLiteral("127.0.0.1@c1")),
        (QStringList {
            QStringLiteral("LiveTopic/broker-a/0"), QStringLiteral("LiveTopic/broker-a/1") }));
}

void tst_LiveView::aBadRecordingSaysWhereAndKeepsTheView()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("bad.json"));
    {
        Fixture f = open();
        QVERIFY(f.window->liveController()->saveRecording(path));
    }
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QByteArray bytes = file.readAll();
    file.close();
    const qsizetype at = bytes.indexOf("\"answered\": true");
    QVERIFY(at > 0);
    bytes.replace(at, 16, "\"answered\": 1   ");
    const int line = int(bytes.left(at).count('\n')) + 1;
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(bytes);
    file.close();

    Fixture f = open();
    LiveController *live = f.window->liveController();
    LiveSession *watching = live->session();
    QVERIFY(!live->openRecording(path));
    QCOMPARE(live->lastError(),
        QStringLiteral("%1:%2: polls[0].clients[0].answered: expected true or false, got 1")
            .arg(path)
            .arg(line));
    // The live view it had stays.
    QCOMPARE(live->session(), watching);
    QVERIFY(f.window->controller()->isLive());
}

void tst_LiveView::intervalIsASetting()
{
    QCOMPARE(LiveSession::savedInterval(), 2000);
    LiveSession::saveInterval(5000);
    QCOMPARE(LiveSession::savedInterval(), 5000);
    Fixture f = open();
    QCOMPARE(f.session->interval(), 5000);
    LiveSession::saveInterval(2000);
}

void tst_LiveView::connectDialogSaysWhenTheNameServerDoesNotAnswer()
{
    // A port nothing listens on (bound, then closed): refused at once, one red line.
    quint16 port = 0;
    {
        QTcpServer server;
        QVERIFY(server.listen(QHostAddress::LocalHost));
        port = server.serverPort();
    }
    ConnectDialog dialog;
    dialog.setNameServer(QStringLiteral("127.0.0.1:%1").arg(port));
    QSignalSpy listed(&dialog, &ConnectDialog::groupsListed);
    dialog.listGroups();
    QVERIFY(dialog.statusText().startsWith(QStringLiteral("Asking 127.0.0.1:")));
    QVERIFY(listed.wait(10000));
    QVERIFY2(dialog.statusText().startsWith(
                 QStringLiteral("The name server 127.0.0.1:%1 does not answer: ").arg(port)),
        qPrintable(dialog.statusText()));
    QVERIFY(dialog.groups().isEmpty());
    dialog.setNameServer(QStringLiteral("no-port"));
    dialog.listGroups();
    QCOMPARE(dialog.statusText(), QStringLiteral("Not a name server address (host:port): no-port"));

    // Against a real name server when one is given (RBLAB_LIVE_NAMESRV=127.0.0.1:9876 and
    // RBLAB_LIVE_GROUP): its brokers' subscription groups, the broker's own left out.
    const QString real = qEnvironmentVariable("RBLAB_LIVE_NAMESRV");
    if (real.isEmpty()) {
        return;
    }
    dialog.setNameServer(real);
    dialog.listGroups();
    QVERIFY(listed.wait(15000));
    QVERIFY2(dialog.groups().contains(qEnvironmentVariable("RBLAB_LIVE_GROUP")),
        qPrintable(dialog.statusText() + u' ' + dialog.groups().join(u',')));
    QVERIFY(!dialog.groups().contains(QStringLiteral("TOOLS_CONSUMER")));
    QVERIFY2(dialog.statusText().contains(QStringLiteral("group(s) found")),
        qPrintable(dialog.statusText()));
}

QTEST_MAIN(tst_LiveView)
#include "tst_liveview.moc"
