// SPDX-License-Identifier: Apache-2.0
// Compare mode (issue 9): panes in lockstep, a command applied in every pane, a pane's figures
// equal to a headless run of its variant (what rblab compare runs), a fork at t equal to the
// scenario with the strategy switched at t, and the window's table, charts and context commands.
#include <assignment/assignmentview.h>
#include <compare/comparecharts.h>
#include <compare/comparedialog.h>
#include <compare/comparescoretable.h>
#include <compare/comparesession.h>
#include <compare/comparewindow.h>
#include <simulation/consumeractions.h>
#include <guitext.h>
#include <languagemanager.h>
#include <mainwindow.h>
#include <document/scenariodocument.h>
#include <simulation/simulationcontroller.h>

#include <allocation/strategyregistry.h>
#include <report/scorecard.h>
#include <report/variant.h>
#include <scenario/scenarioreader.h>
#include <run/simulation.h>

#include <QComboBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QRegularExpression>
#include <QTest>

#include <cmath>
#include <memory>

using namespace Rblab;

namespace {

const QString kGroup = QStringLiteral("demo_group");
const QString kVictim = QStringLiteral("10.0.0.3@1003");

QStringList names(std::initializer_list<const char *> list)
{
    QStringList out;
    for (const char *s : list) {
        out.append(QString::fromLatin1(s));
    }
    return out;
}

Variant variant(const QString &spec)
{
    QString error;
    const std::optional<Variant> v = Variant::parse(spec, &error);
    return v.value_or(Variant { error, error, {}, {} });
}

QList<Variant> variants(const QStringList &specs)
{
    QList<Variant> list;
    for (const QString &s : specs) {
        list.append(variant(s));
    }
    return list;
}

// Who holds each queue, as consumer names: the assignment to compare between two runs.
QStringList owners(const Simulation &sim, const WorldSnapshot &snapshot)
{
    QStringList list;
    for (qsizetype q = 0; q < snapshot.queues.size(); ++q) {
        const SnapshotQueue &row = snapshot.queues.at(q);
        QStringList names;
        for (qint32 h = row.firstHolding; h < row.firstHolding + row.holdingCount; ++h) {
            names.append(sim.consumers().at(snapshot.holdings.at(h).consumer).name);
        }
        names.sort();
        list.append(names.join(QLatin1Char('+')));
    }
    return list;
}

} // namespace

class tst_CompareMode : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void lockstep_data();
    void lockstep();
    void commandAppliesInEveryPane();
    void paneFiguresEqualHeadlessRun_data();
    void paneFiguresEqualHeadlessRun();
    void tableEqualsRblabCompare();
    void forkEqualsSwitchAtT_data();
    void forkEqualsSwitchAtT();
    void forkFromMainWindow();
    void windowShowsEveryPane();
    void legendKeepsVariantNamesWhole_data();
    void legendKeepsVariantNamesWhole();
    void dialogAsksForVariants();
    void refusesWhatCannotRun_data();
    void refusesWhatCannotRun();

private:
    Scenario defaultScenario();

    StrategyRegistry m_registry;
    LanguageManager m_languages;
};

void tst_CompareMode::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    StrategyRegistry::Sources sources;
    sources.user = false;
    sources.environment = false;
    m_registry.load(sources);
    QVERIFY(m_registry.find(QStringLiteral("AVG")));
    QVERIFY(m_registry.find(QStringLiteral("CONSISTENT_HASH")));
    QVERIFY(m_registry.find(QStringLiteral("BOUNDED_RENDEZVOUS")));
    QVERIFY(m_languages.setLanguage(QStringLiteral("en")));
}

Scenario tst_CompareMode::defaultScenario()
{
    const ScenarioReadResult read
        = ScenarioReader::readFile(MainWindow::defaultScenarioPath(), &m_registry);
    if (!read.ok() || !read.scenario) {
        qFatal("%s", qPrintable(read.errorText()));
    }
    return *read.scenario;
}

void tst_CompareMode::lockstep_data()
{
    QTest::addColumn<QStringList>("specs");
    QTest::addColumn<SimTime>("from");
    QTest::newRow("2 panes from 0") << names({ "AVG", "CONSISTENT_HASH" }) << SimTime(0);
    QTest::newRow("3 panes from 0")
        << names({ "AVG", "CONSISTENT_HASH", "AVG_BY_CIRCLE" }) << SimTime(0);
    QTest::newRow("4 panes forked at 17.5 s")
        << names({ "AVG", "CONSISTENT_HASH", "AVG_BY_CIRCLE", "BOUNDED_RENDEZVOUS" })
        << SimTime(17500);
}

void tst_CompareMode::lockstep()
{
    QFETCH(QStringList, specs);
    QFETCH(SimTime, from);
    CompareSession session(m_registry);
    QString error;
    QVERIFY2(
        session.start(defaultScenario(), variants(specs), kGroup, from, &error), qPrintable(error));
    QCOMPARE(session.paneCount(), specs.size());
    QCOMPARE(session.now(), from);
    QSignalSpy advanced(&session, &CompareSession::advanced);
    // N uneven steps: after each, every pane is at the same virtual time.
    SimTime t = from;
    for (int step = 1; step <= 7; ++step) {
        t += step * 3001;
        session.advanceTo(t);
        QCOMPARE(session.now(), t);
        for (int p = 0; p < session.paneCount(); ++p) {
            QCOMPARE(session.simulation(p).now(), t);
            QCOMPARE(session.snapshot(p).now, t);
        }
    }
    QCOMPARE(advanced.count(), 7);
    QCOMPARE(session.now(), from + 3001 * (1 + 2 + 3 + 4 + 5 + 6 + 7));
    // Never past the end of the scenario, never backwards.
    session.advanceTo(session.duration() + 5 * kSecond);
    QCOMPARE(session.now(), session.duration());
    session.advanceTo(10);
    QCOMPARE(session.now(), session.duration());
}

void tst_CompareMode::commandAppliesInEveryPane()
{
    CompareSession session(m_registry);
    QString error;
    QVERIFY2(
        session.start(defaultScenario(),
            variants(names({ "AVG", "CONSISTENT_HASH", "BOUNDED_RENDEZVOUS" })), kGroup, 0, &error),
        qPrintable(error));
    session.advanceTo(20 * kSecond);
    const qint32 victim = session.simulation(0).consumerIndex(kVictim);
    QVERIFY(victim >= 0);
    for (int p = 0; p < session.paneCount(); ++p) {
        QCOMPARE(session.snapshot(p).consumers.at(victim).state, ConsumerState::Running);
        QVERIFY(session.snapshot(p).consumers.at(victim).queueCount > 0);
    }
    ScenarioEvent kill;
    kill.action = ScenarioEvent::Action::Kill;
    kill.consumer = kVictim;
    QVERIFY(session.apply(kill).isEmpty());
    QCOMPARE(session.commands().size(), 1);
    QCOMPARE(session.commands().first().at, 20 * kSecond);
    session.advanceTo(25 * kSecond);
    for (int p = 0; p < session.paneCount(); ++p) {
        QCOMPARE(session.snapshot(p).consumers.at(victim).state, ConsumerState::Killed);
        QCOMPARE(session.snapshot(p).consumers.at(victim).queueCount, 0);
        // The kill is in each pane's event log at 20 s.
        int kills = 0;
        for (const SimEvent &e : session.simulation(p).events()) {
            if (e.type == SimEvent::Type::Kill && e.consumer == victim) {
                QCOMPARE(e.t, 20 * kSecond);
                ++kills;
            }
        }
        QCOMPARE(kills, 1);
    }
    // A kill of a consumer already dead is refused by every pane, with the reason.
    const QStringList refusals = session.apply(kill);
    QCOMPARE(refusals.size(), session.paneCount());
    QVERIFY2(refusals.first().startsWith(QStringLiteral("AVG: ")), qPrintable(refusals.first()));
}

void tst_CompareMode::paneFiguresEqualHeadlessRun_data()
{
    QTest::addColumn<QStringList>("specs");
    QTest::addColumn<QString>("group");
    QTest::newRow("strategies, demo_group")
        << names({ "AVG", "CONSISTENT_HASH:virtualNodeCount=50", "BOUNDED_RENDEZVOUS" }) << kGroup;
    QTest::newRow("client settings, every group")
        << names({ "AVG;pullThresholdForQueue=200", "AVG_BY_CIRCLE;pullInterval=50ms" })
        << QString();
}

void tst_CompareMode::paneFiguresEqualHeadlessRun()
{
    QFETCH(QStringList, specs);
    QFETCH(QString, group);
    const Scenario scenario = defaultScenario();
    CompareSession session(m_registry);
    QString error;
    QVERIFY2(session.start(scenario, variants(specs), group, 0, &error), qPrintable(error));
    // In steps, as playback advances it; the figures do not depend on the steps.
    for (SimTime t = 10 * kSecond; t <= 150 * kSecond; t += 35 * kSecond) {
        session.advanceTo(t);
        (void)session.scorecard(0); // a scorecard part-way must not disturb the run
    }
    session.advanceTo(150 * kSecond);
    for (int p = 0; p < session.paneCount(); ++p) {
        // rblab compare's run of this variant: Variant::apply, the scenario's seed, run to the end.
        Simulation::Options options;
        options.seed = scenario.seed;
        Simulation headless(variant(specs.at(p)).apply(scenario, group), m_registry, options);
        QVERIFY2(headless.isValid(), qPrintable(headless.error()));
        headless.runUntil(150 * kSecond);
        const RunScorecard expected = RunScorecard::compute(headless);
        const RunScorecard &actual = session.scorecard(p);
        QCOMPARE(actual.groups.size(), expected.groups.size());
        for (const GroupScorecard &g : expected.groups) {
            QVERIFY(actual.group(g.group));
            QCOMPARE(actual.values(*actual.group(g.group)), expected.values(g));
            QCOMPARE(actual.group(g.group)->series, g.series);
        }
        QCOMPARE(actual.totals.duplicates, expected.totals.duplicates);
        QCOMPARE(actual.totals.delivered, expected.totals.delivered);
        // The figures are real: something was assigned and consumed.
        QVERIFY(expected.totals.delivered > 100000);
        QVERIFY(expected.groups.first().maxOverMean >= 1.0);
    }
    // Different strategies give different figures (the panes are not one run shown twice).
    QVERIFY(session.scorecard(0).values(session.scorecard(0).groups.first())
        != session.scorecard(1).values(session.scorecard(1).groups.first()));
}

void tst_CompareMode::tableEqualsRblabCompare()
{
    // The window's table at 4 min is rblab compare's for the same scenario, variants and time:
    // the same values (exactly: JSON keeps doubles whole) and the same best marks.
    const QStringList specs = names({ "AVG", "CONSISTENT_HASH", "BOUNDED_RENDEZVOUS" });
    const QString path = QStringLiteral(RBLAB_SOURCE_DIR "/resources/scenarios/default.json");
    const auto run = [&](const QString &format) {
        QProcess process;
        QStringList arguments { QStringLiteral("compare"), path, QStringLiteral("--until"),
            QStringLiteral("4m"), QStringLiteral("--quiet"), QStringLiteral("--format"), format };
        for (const QString &spec : specs) {
            arguments << QStringLiteral("--variant") << spec;
        }
        process.start(QStringLiteral(RBLAB_BIN_DIR "/rblab"), arguments);
        if (!process.waitForFinished(120000) || process.exitCode() != 0) {
            qWarning() << process.readAllStandardError();
            return QByteArray();
        }
        return process.readAllStandardOutput();
    };
    const QJsonObject json = QJsonDocument::fromJson(run(QStringLiteral("json"))).object();
    const QJsonArray runs = json.value(QStringLiteral("runs")).toArray();
    QCOMPARE(runs.size(), 3);
    const QList<QByteArray> table = run(QStringLiteral("table")).split('\n');

    QString error;
    std::unique_ptr<CompareWindow> window
        = CompareWindow::open(m_registry, path, specs, QString(), &error);
    QVERIFY2(window, qPrintable(error));
    window->session()->advanceTo(4 * kMinute);
    window->refreshFigures();
    const QList<ScorecardFigure> &figures = ScorecardFigure::all();
    qsizetype header = -1;
    for (qsizetype i = 0; i < table.size(); ++i) {
        if (table.at(i).trimmed().startsWith("AVG")) {
            header = i;
        }
    }
    QVERIFY(header >= 0);
    int stars = 0;
    for (int p = 0; p < 3; ++p) {
        const QJsonObject cli = runs.at(p)
                                    .toObject()
                                    .value(QStringLiteral("groups"))
                                    .toObject()
                                    .value(kGroup)
                                    .toObject();
        const RunScorecard &card = window->session()->scorecard(p);
        const QList<double> values = card.values(*card.group(kGroup));
        for (int f = 0; f < int(figures.size()); ++f) {
            const QString key = QString::fromLatin1(figures.at(f).key);
            QVERIFY2(cli.contains(key), qPrintable(key));
            QCOMPARE(values.at(f), cli.value(key).toDouble());
            // The table's row: the label, then one cell per variant, "*" on the best.
            const QList<QByteArray> cells = table.at(header + 1 + f).simplified().split(' ');
            const bool cliBest = cells.at(cells.size() - 3 + p).endsWith('*');
            QCOMPARE(window->scoreTable()->isBest(f, p), cliBest);
            stars += cliBest ? 1 : 0;
        }
    }
    QVERIFY(stars >= 5); // the comparison has winners, not only ties
}

void tst_CompareMode::forkEqualsSwitchAtT_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<SimTime>("t");
    QTest::addColumn<SimTime>("t2");
    QTest::newRow("CONSISTENT_HASH at 40 s")
        << QStringLiteral("CONSISTENT_HASH") << 40 * kSecond << 110 * kSecond;
    QTest::newRow("BOUNDED_RENDEZVOUS at 12.345 s")
        << QStringLiteral("BOUNDED_RENDEZVOUS") << SimTime(12345) << 70 * kSecond;
}

void tst_CompareMode::forkEqualsSwitchAtT()
{
    QFETCH(QString, strategy);
    QFETCH(SimTime, t);
    QFETCH(SimTime, t2);
    // The world as the main window has it: the scenario with a user's kill at 10 s recorded.
    Scenario base = defaultScenario();
    ScenarioEvent kill;
    kill.at = 10 * kSecond;
    kill.action = ScenarioEvent::Action::Kill;
    kill.consumer = kVictim;
    base.events.prepend(kill); // the default world scripts nothing before 10 s
    CompareSession session(m_registry);
    QString error;
    QVERIFY2(session.start(base,
                 { Variant { QStringLiteral("as it runs"), {}, {}, {} },
                     Variant { strategy, strategy, {}, {} } },
                 kGroup, t, &error),
        qPrintable(error));
    QCOMPARE(session.now(), t);
    session.advanceTo(t2);

    // By hand: the same world with a setStrategy of the whole group scripted at t.
    Scenario switched = base;
    ScenarioEvent deploy;
    deploy.at = t;
    deploy.action = ScenarioEvent::Action::SetStrategy;
    deploy.group = kGroup;
    deploy.strategy = strategy;
    qsizetype at = 0;
    while (at < switched.events.size() && switched.events.at(at).at <= t) {
        ++at;
    }
    switched.events.insert(at, deploy);
    Simulation expected(switched, m_registry);
    expected.runUntil(t2);
    Simulation reference(base, m_registry);
    reference.runUntil(t2);

    const RunScorecard forked = session.scorecard(1);
    QCOMPARE(forked.values(forked.groups.first()),
        RunScorecard::compute(expected).values(RunScorecard::compute(expected).groups.first()));
    QCOMPARE(owners(session.simulation(1), session.snapshot(1)),
        owners(expected, const_cast<Simulation &>(expected).snapshot()));
    // The first pane is the world as it runs.
    QCOMPARE(owners(session.simulation(0), session.snapshot(0)),
        owners(reference, reference.snapshot()));
    // The switch took effect: every live member of the group runs the strategy after t, and the
    // assignments diverged from the reference.
    const WorldSnapshot &s = session.snapshot(1);
    for (qsizetype c = 0; c < s.consumers.size(); ++c) {
        if (s.consumers.at(c).state == ConsumerState::Running) {
            QCOMPARE(s.consumers.at(c).strategy, strategy);
        }
    }
    QCOMPARE(session.snapshot(0).consumers.first().strategy, QStringLiteral("AVG"));
    QVERIFY(owners(session.simulation(0), session.snapshot(0))
        != owners(session.simulation(1), session.snapshot(1)));
    // And the recorded kill replayed in both panes.
    const qint32 victim = session.simulation(0).consumerIndex(kVictim);
    QCOMPARE(session.snapshot(0).consumers.at(victim).state, ConsumerState::Killed);
    QCOMPARE(session.snapshot(1).consumers.at(victim).state, ConsumerState::Killed);
}

void tst_CompareMode::forkFromMainWindow()
{
    MainWindow window(m_registry, m_languages);
    window.setQuiet(true);
    QVERIFY2(
        window.openScenario(MainWindow::defaultScenarioPath()), qPrintable(window.lastError()));
    SimulationController *controller = window.controller();
    controller->runTo(20 * kSecond);
    QSignalSpy recorded(window.document(), &ScenarioDocument::changed);
    ScenarioEvent kill;
    kill.action = ScenarioEvent::Action::Kill;
    kill.consumer = kVictim;
    controller->apply(kill);
    QVERIFY(recorded.wait(5000));
    QCOMPARE(window.document()->recordedCommands().size(), 1);
    const SimTime killedAt = window.document()->recordedCommands().first().at;
    QVERIFY(killedAt >= 20 * kSecond);
    controller->runTo(45 * kSecond);
    QCOMPARE(controller->now(), 45 * kSecond);

    std::unique_ptr<CompareWindow> compare(
        window.compareFromHere({ Variant { QStringLiteral("As it runs"), {}, {}, {} },
                                   variant(QStringLiteral("AVG_BY_CIRCLE")) },
            kGroup, false));
    QVERIFY2(compare, qPrintable(window.lastError()));
    CompareSession *session = compare->session();
    QCOMPARE(session->paneCount(), 2);
    QCOMPARE(session->from(), 45 * kSecond);
    QCOMPARE(session->now(), 45 * kSecond);
    // Each pane replayed the main window's world (seed and the kill) to now: the same owners.
    QStringList mainOwners;
    const WorldSnapshot &main = controller->snapshot();
    for (qsizetype q = 0; q < main.queues.size(); ++q) {
        QStringList names;
        const SnapshotQueue &row = main.queues.at(q);
        for (qint32 h = row.firstHolding; h < row.firstHolding + row.holdingCount; ++h) {
            names.append(controller->catalog()->consumers.at(main.holdings.at(h).consumer).name);
        }
        names.sort();
        mainOwners.append(names.join(QLatin1Char('+')));
    }
    QCOMPARE(owners(session->simulation(0), session->snapshot(0)), mainOwners);
    QCOMPARE(owners(session->simulation(1), session->snapshot(1)), mainOwners);
    const qint32 victim = session->simulation(0).consumerIndex(kVictim);
    QCOMPARE(session->snapshot(1).consumers.at(victim).state, ConsumerState::Killed);
    // Then they diverge: the second pane's group runs AVG_BY_CIRCLE from 45 s.
    session->advanceTo(80 * kSecond);
    QCOMPARE(session->snapshot(1).consumers.first().strategy, QStringLiteral("AVG_BY_CIRCLE"));
    QCOMPARE(session->snapshot(0).consumers.first().strategy, QStringLiteral("AVG"));
    QVERIFY(compare->paneTitle(1).contains(QStringLiteral("AVG_BY_CIRCLE")));
    QVERIFY2(compare->paneTitle(1).contains(GuiText::clock(45 * kSecond)),
        qPrintable(compare->paneTitle(1)));
    // The menu entry is there.
    QAction *action = window.findChild<QAction *>(QStringLiteral("compareFromHere"));
    QVERIFY(action);
    QCOMPARE(action->text(), QStringLiteral("&Compare from here…"));
}

void tst_CompareMode::windowShowsEveryPane()
{
    QString error;
    std::unique_ptr<CompareWindow> window
        = CompareWindow::open(m_registry, MainWindow::defaultScenarioPath(),
            { QStringLiteral("AVG"), QStringLiteral("CONSISTENT_HASH"),
                QStringLiteral("BOUNDED_RENDEZVOUS") },
            kGroup, &error);
    QVERIFY2(window, qPrintable(error));
    window->resize(1400, 900);
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    CompareSession *session = window->session();
    session->advanceTo(60 * kSecond);
    window->refreshFigures();
    CompareScoreTable *table = window->scoreTable();
    QCOMPARE(table->columnCount(), 3);
    QCOMPARE(table->rowCount(), int(ScorecardFigure::all().size()));
    QCOMPARE(table->horizontalHeaderItem(1)->text(), QStringLiteral("CONSISTENT_HASH"));
    for (int p = 0; p < 3; ++p) {
        const RunScorecard &card = session->scorecard(p);
        const QList<double> values = card.values(*card.group(kGroup));
        for (int f = 0; f < int(values.size()); ++f) {
            const int decimals = ScorecardFigure::all().at(f).decimals;
            const QString expected = decimals == 0
                ? QLocale::c().toString(qint64(std::llround(values.at(f))))
                : QString::number(values.at(f), 'f', decimals);
            QCOMPARE(table->cellText(f, p), expected);
            QCOMPARE(table->item(f, p)->text().endsWith(expected), true);
        }
        QCOMPARE(
            window->charts()->pointCount(CompareCharts::Lag, p), card.group(kGroup)->series.size());
        QVERIFY(card.group(kGroup)->series.size() >= 60);
    }
    for (int c = 0; c < CompareCharts::ChartCount; ++c) {
        QCOMPARE(window->charts()->lineCount(CompareCharts::Chart(c)), 3);
    }
    // The time axes read the clock on round steps, as the main charts do (issue 37 item 2: raw
    // seconds with ticks at 130, 260, 390 before): over one minute, "0:00" … "1:00".
    QCoreApplication::processEvents();
    window->refreshFigures();
    static const QRegularExpression clock(QStringLiteral("^\\d+:\\d\\d$"));
    for (int c = 0; c < CompareCharts::ChartCount; ++c) {
        const QStringList labels = window->charts()->timeLabels(CompareCharts::Chart(c));
        QVERIFY2(labels.size() >= 2, qPrintable(labels.join(QLatin1Char(' '))));
        for (const QString &label : labels) {
            QVERIFY2(clock.match(label).hasMatch(), qPrintable(labels.join(QLatin1Char(' '))));
            const int seconds = label.section(QLatin1Char(':'), 1).toInt();
            QVERIFY2(seconds % 5 == 0, qPrintable(label)); // a round step
        }
    }
    // The best of a row is marked; a row where all tie (lost: 0 everywhere) marks nobody.
    int lostRow = -1;
    for (int f = 0; f < int(ScorecardFigure::all().size()); ++f) {
        if (qstrcmp(ScorecardFigure::all().at(f).key, "exposure.lost") == 0) {
            lostRow = f;
        }
    }
    for (int p = 0; p < 3; ++p) {
        QVERIFY(!table->isBest(lostRow, p));
        QCOMPARE(table->cellText(lostRow, p), QStringLiteral("0"));
    }

    // A kill from the window reaches every pane, and every pane's card says so.
    const qint32 victim = session->simulation(0).consumerIndex(kVictim);
    ScenarioEvent kill;
    kill.action = ScenarioEvent::Action::Kill;
    kill.consumer = kVictim;
    QVERIFY(window->sendCommand(kill));
    session->advanceTo(61 * kSecond);
    for (int p = 0; p < 3; ++p) {
        QCOMPARE(
            window->paneView(p)->cardStateText(victim), GuiText::stateName(ConsumerState::Killed));
    }
    // The toolbar's Add consumer joins one consumer in every pane; a card's Slow down slows it
    // in every pane (the main window's ConsumerActions, the command sent to each pane).
    const qsizetype before = session->catalog(0)->consumers.size();
    ConsumerActions *actions = window->consumerActions();
    QVERIFY(actions->action(ConsumerActions::Add)->isEnabled());
    actions->action(ConsumerActions::Add)->trigger();
    session->advanceTo(62 * kSecond);
    const qint32 slowed = session->simulation(0).consumerIndex(QStringLiteral("10.0.0.1@1001"));
    actions->setState(session->catalog(1), session->snapshot(1));
    actions->setSelectedConsumer(slowed);
    QVERIFY(actions->action(ConsumerActions::Slow)->isEnabled());
    actions->action(ConsumerActions::Slow)->trigger();
    session->advanceTo(63 * kSecond);
    for (int p = 0; p < 3; ++p) {
        QCOMPARE(session->catalog(p)->consumers.size(), before + 1);
        QCOMPARE(
            session->catalog(p)->consumers.last().name, session->catalog(0)->consumers.last().name);
        QCOMPARE(session->snapshot(p).consumers.last().state, ConsumerState::Running);
        QVERIFY(session->snapshot(p).consumers.at(slowed).slowed);
        QCOMPARE(session->snapshot(p).consumers.at(slowed).consumeTime.meanMs,
            10 * session->snapshot(p).consumers.at(slowed).initialConsumeTime.meanMs);
    }
    QCOMPARE(session->commands().size(), 3); // kill, join, slow

    // Playback: one clock for every pane.
    session->setSpeed(50);
    session->setPlaying(true);
    QTRY_VERIFY_WITH_TIMEOUT(session->now() >= 70 * kSecond, 10000);
    session->setPlaying(false);
    for (int p = 0; p < 3; ++p) {
        QCOMPARE(session->simulation(p).now(), session->now());
    }
}

void tst_CompareMode::legendKeepsVariantNamesWhole_data()
{
    QTest::addColumn<QSize>("size");
    QTest::newRow("1280x720") << QSize(1280, 720);
    QTest::newRow("1600x1000") << QSize(1600, 1000);
}

void tst_CompareMode::legendKeepsVariantNamesWhole()
{
    // Each chart's own legend had a third of the window: at 1280×720 three variants read
    // "AVG", "CONSISTEN…", "AVG_BY_CI…". One legend under the three charts keeps them whole.
    QFETCH(QSize, size);
    const QStringList variants { QStringLiteral("AVG"), QStringLiteral("CONSISTENT_HASH"),
        QStringLiteral("AVG_BY_CIRCLE"), QStringLiteral("BOUNDED_RENDEZVOUS") };
    QString error;
    std::unique_ptr<CompareWindow> window = CompareWindow::open(
        m_registry, MainWindow::defaultScenarioPath(), variants, kGroup, &error);
    QVERIFY2(window, qPrintable(error));
    window->resize(size);
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    window->session()->advanceTo(10 * kSecond);
    window->refreshFigures();
    QCoreApplication::processEvents();
    for (const QString &variant : variants) {
        QVERIFY2(window->charts()->legendShowsWhole(variant), qPrintable(variant));
    }
    QVERIFY(!window->charts()->legendShowsWhole(QStringLiteral("MACHINE_ROOM")));
}

void tst_CompareMode::dialogAsksForVariants()
{
    CompareDialog dialog(m_registry, defaultScenario(), 90 * kSecond);
    const QList<QComboBox *> boxes = dialog.findChildren<QComboBox *>();
    QCOMPARE(boxes.size(), 4); // the group, then three strategies
    QCOMPARE(boxes.at(0)->currentText(), kGroup);
    QCOMPARE(dialog.group(), kGroup);
    boxes.at(1)->setCurrentIndex(boxes.at(1)->findData(QStringLiteral("CONSISTENT_HASH")));
    boxes.at(3)->setCurrentIndex(boxes.at(3)->findData(QStringLiteral("BOUNDED_RENDEZVOUS")));
    const QList<Variant> list = dialog.variants();
    // The world as it runs first (no strategy), then the chosen ones; "(none)" is left out.
    QCOMPARE(list.size(), 3);
    QVERIFY(list.at(0).strategy.isEmpty());
    QCOMPARE(list.at(1).strategy, QStringLiteral("CONSISTENT_HASH"));
    QCOMPARE(list.at(2).strategy, QStringLiteral("BOUNDED_RENDEZVOUS"));
}

void tst_CompareMode::refusesWhatCannotRun_data()
{
    QTest::addColumn<QStringList>("specs");
    QTest::addColumn<QString>("group");
    QTest::addColumn<QString>("message");
    QTest::newRow("one variant") << names({ "AVG" }) << QString()
                                 << QStringLiteral("2 to 4 variants, not 1");
    QTest::newRow("five variants") << names({ "AVG", "AVG", "AVG", "AVG", "AVG" }) << QString()
                                   << QStringLiteral("2 to 4 variants, not 5");
    QTest::newRow("unknown strategy")
        << names({ "AVG", "NO_SUCH" }) << QString() << QStringLiteral("NO_SUCH");
    QTest::newRow("bad client setting") << names({ "AVG", "AVG;pullInterval=-5" }) << QString()
                                        << QStringLiteral("pullInterval must be");
    QTest::newRow("unknown group") << names({ "AVG", "CONSISTENT_HASH" }) << QStringLiteral("nope")
                                   << QStringLiteral("no group \"nope\"");
}

void tst_CompareMode::refusesWhatCannotRun()
{
    QFETCH(QStringList, specs);
    QFETCH(QString, group);
    QFETCH(QString, message);
    QString error;
    const std::unique_ptr<CompareWindow> window
        = CompareWindow::open(m_registry, MainWindow::defaultScenarioPath(), specs, group, &error);
    QVERIFY(!window);
    QVERIFY2(error.contains(message), qPrintable(error));
}

QTEST_MAIN(tst_CompareMode)
#include "tst_comparemode.moc"
