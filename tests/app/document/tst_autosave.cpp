// SPDX-License-Identifier: Apache-2.0
// Nothing lost in the app: the session is autosaved and comes back after a crash, a file that
// cannot be opened leaves the running world alone, and every file the app writes is replaced
// atomically (QSaveFile).
#include <assignment/assignmentview.h>
#include <charts/chartpanel.h>
#include <simulation/consumeractions.h>
#include <export/exportcontroller.h>
#include <languagemanager.h>
#include <mainwindow.h>
#include <document/scenariodocument.h>
#include <document/sessionautosave.h>
#include <simulation/simulationcontroller.h>

#include <allocation/strategyregistry.h>
#include <scenario/scenarioreader.h>
#include <scenario/scenariowriter.h>

#include <QAction>
#include <QDir>
#include <QMenu>
#include <QMimeData>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

#include <unistd.h>

using namespace Rblab;

class tst_Autosave : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanup();
    void commandIsAutosavedAsAReplayableScenario();
    void commandsInABurstAreSavedOnce();
    void timeReachedIsSavedPeriodically();
    void savedOrCleanlyClosedSessionLeavesNothing();
    void runningSessionIsNotLeftBehind();
    void crashedSessionIsRestored();
    void crashedProcessIsRestoredByTheNextStart();
    void unreadableAutosaveIsSetAside();
    void unreadableStateSaysWhere();
    void badScenarioLeavesTheWorldRunning_data();
    void badScenarioLeavesTheWorldRunning();
    void everyWriterReplacesTheFile_data();
    void everyWriterReplacesTheFile();

private:
    //! A window on the default scenario at 30 s, autosaving into `dir` if given.
    std::unique_ptr<MainWindow> makeWindow(const QString &autosaveDir);
    //! Kills the first running consumer through the UI and waits until the engine applied it.
    ScenarioEvent killOne(MainWindow *window);
    //! What the run did so far, one line per event, to compare two runs.
    static QStringList eventLines(const MainWindow &window);

    StrategyRegistry m_registry;
    LanguageManager m_languages;
};

void tst_Autosave::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("rebalance-lab-tests"));
    StrategyRegistry::Sources sources;
    sources.user = false;
    sources.environment = false;
    // A strategy whose schema accepts everything and whose create() throws: a file that names
    // it reads well and cannot run.
    sources.extraDirectories = { QStringLiteral(RBLAB_FIXTURE_PLUGIN_DIR "/throwingcreate") };
    m_registry.load(sources);
    QVERIFY(m_registry.find(QStringLiteral("FIXTURE_THROWING_CREATE")));
    QVERIFY(m_registry.find(QStringLiteral("AVG")));
    QVERIFY(m_languages.setLanguage(QStringLiteral("en")));
}

void tst_Autosave::cleanup()
{
    QCoreApplication::processEvents();
}

std::unique_ptr<MainWindow> tst_Autosave::makeWindow(const QString &autosaveDir)
{
    auto window = std::make_unique<MainWindow>(m_registry, m_languages);
    window->setQuiet(true);
    window->resize(1200, 800);
    window->show();
    if (!autosaveDir.isEmpty() && !window->startAutosave(autosaveDir)) {
        qWarning("autosave: %s", qPrintable(window->lastError()));
        return nullptr;
    }
    if (!window->openScenario(MainWindow::defaultScenarioPath())) {
        return nullptr;
    }
    window->controller()->runTo(30 * kSecond);
    return window;
}

ScenarioEvent tst_Autosave::killOne(MainWindow *window)
{
    SimulationController *controller = window->controller();
    const WorldSnapshot &snapshot = controller->snapshot();
    qint32 victim = -1;
    for (qint32 c = 0; c < snapshot.consumers.size() && victim < 0; ++c) {
        if (snapshot.consumers.at(c).state == ConsumerState::Running) {
            victim = c;
        }
    }
    if (victim < 0) {
        return ScenarioEvent();
    }
    window->assignmentView()->setSelection(Selection::consumer(victim));
    QSignalSpy applied(controller, &SimulationController::commandApplied);
    window->consumerActions()->action(ConsumerActions::Kill)->trigger();
    if (!QTest::qWaitFor([&] { return applied.count() > 0; }, 5000)) {
        return ScenarioEvent();
    }
    return applied.first().first().value<ScenarioEvent>();
}

QStringList tst_Autosave::eventLines(const MainWindow &window)
{
    QStringList lines;
    for (const SimEvent &e : window.controller()->events()) {
        lines.append(QStringLiteral("%1 %2 %3 %4")
                         .arg(e.t)
                         .arg(SimEvent::typeName(e.type))
                         .arg(e.consumer)
                         .arg(e.detail));
    }
    return lines;
}

void tst_Autosave::commandIsAutosavedAsAReplayableScenario()
{
    QTemporaryDir dir;
    auto window = makeWindow(dir.path());
    QVERIFY(window);
    SessionAutosave *autosave = window->autosave();
    QVERIFY(autosave->isActive());
    // Nothing unsaved yet: nothing on disk but the lock.
    QVERIFY(!QFileInfo::exists(autosave->scenarioPath()));

    QSignalSpy saved(autosave, &SessionAutosave::saved);
    const ScenarioEvent kill = killOne(window.get());
    QCOMPARE(kill.action, ScenarioEvent::Action::Kill);
    QCOMPARE(kill.at, 30 * kSecond);
    QVERIFY(QTest::qWaitFor([&] { return saved.count() > 0; }, 5000));
    QVERIFY(QFileInfo::exists(autosave->scenarioPath()));

    // The autosave is a scenario file, the one File › Save would write…
    const ScenarioReadResult read = ScenarioReader::readFile(autosave->scenarioPath(), &m_registry);
    QVERIFY2(read.ok(), qPrintable(read.errorText()));
    QVERIFY(*read.scenario == window->document()->scenario());
    QVERIFY(read.scenario->events.contains(kill));

    // …and opened in another window it replays the session: the same run, event for event.
    window->controller()->runTo(60 * kSecond);
    auto replay = makeWindow(QString());
    QVERIFY(replay);
    QVERIFY2(replay->openScenario(autosave->scenarioPath()), qPrintable(replay->lastError()));
    replay->controller()->runTo(60 * kSecond);
    QCOMPARE(replay->controller()->now(), 60 * kSecond);
    QCOMPARE(eventLines(*replay), eventLines(*window));
    QCOMPARE(replay->controller()->snapshot().totals.orphanedQueues,
        window->controller()->snapshot().totals.orphanedQueues);
    qint32 victim = -1;
    const CatalogPtr catalog = window->controller()->catalog();
    for (qint32 c = 0; c < catalog->consumers.size(); ++c) {
        if (catalog->consumers.at(c).name == kill.consumer) {
            victim = c;
        }
    }
    QVERIFY(victim >= 0);
    QCOMPARE(replay->controller()->snapshot().consumers.at(victim).state, ConsumerState::Killed);
}

void tst_Autosave::commandsInABurstAreSavedOnce()
{
    QTemporaryDir dir;
    auto window = makeWindow(dir.path());
    QVERIFY(window);
    QSignalSpy saved(window->autosave(), &SessionAutosave::saved);
    // Three commands given at once (three consumers killed): one save, holding all three.
    const WorldSnapshot &snapshot = window->controller()->snapshot();
    QList<qint32> running;
    for (qint32 c = 0; c < snapshot.consumers.size() && running.size() < 3; ++c) {
        if (snapshot.consumers.at(c).state == ConsumerState::Running) {
            running.append(c);
        }
    }
    QCOMPARE(running.size(), 3);
    QSignalSpy applied(window->controller(), &SimulationController::commandApplied);
    for (qint32 c : running) {
        window->assignmentView()->setSelection(Selection::consumer(c));
        window->consumerActions()->action(ConsumerActions::Kill)->trigger();
    }
    QVERIFY(QTest::qWaitFor([&] { return applied.count() == 3; }, 5000));
    QCOMPARE(window->document()->recordedCommands().size(), 3);
    QVERIFY(QTest::qWaitFor([&] { return saved.count() > 0; }, 5000));
    QTest::qWait(SessionAutosave::kCoalesceMs + 300);
    QCOMPARE(saved.count(), 1);
    const ScenarioReadResult read
        = ScenarioReader::readFile(window->autosave()->scenarioPath(), &m_registry);
    QVERIFY2(read.ok(), qPrintable(read.errorText()));
    QVERIFY(*read.scenario == window->document()->scenario());
}

void tst_Autosave::timeReachedIsSavedPeriodically()
{
    QTemporaryDir dir;
    QString statePath;
    {
        auto window = makeWindow(dir.path());
        QVERIFY(window);
        window->autosave()->setPeriod(100);
        killOne(window.get());
        QVERIFY(window->autosave()->saveNow());
        statePath = window->autosave()->statePath();
        const QDateTime first = QFileInfo(statePath).lastModified();
        // The run goes on with no command: only the time reached changes, and is saved.
        window->controller()->runTo(75 * kSecond);
        QVERIFY(QTest::qWaitFor(
            [&] {
                QFile state(statePath);
                return state.open(QIODevice::ReadOnly)
                    && state.readAll().contains("\"reached\": 75000");
            },
            3000));
        QVERIFY(QFileInfo(statePath).lastModified() >= first);
    }
    const QList<AutosavedSession> left = SessionAutosave::leftBehind(dir.path());
    QCOMPARE(left.size(), 1);
    QCOMPARE(left.first().reached, 75 * kSecond);
}

void tst_Autosave::savedOrCleanlyClosedSessionLeavesNothing()
{
    QTemporaryDir dir;
    auto window = makeWindow(dir.path());
    QVERIFY(window);
    SessionAutosave *autosave = window->autosave();
    killOne(window.get());
    QVERIFY(autosave->saveNow());
    QVERIFY(QFileInfo::exists(autosave->scenarioPath()));
    QVERIFY(QFileInfo::exists(autosave->statePath()));

    // Saved by the user: nothing is left to lose, the autosave goes.
    QVERIFY(window->saveScenario(dir.filePath(QStringLiteral("mine.json"))));
    QVERIFY(!QFileInfo::exists(autosave->scenarioPath()));
    QVERIFY(!QFileInfo::exists(autosave->statePath()));

    // Modified again, then closed cleanly (quiet: the unsaved prompt is skipped).
    killOne(window.get());
    QVERIFY(autosave->saveNow());
    QVERIFY(QFileInfo::exists(autosave->scenarioPath()));
    QVERIFY(window->close());
    QVERIFY(!autosave->isActive());
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList { QStringLiteral("mine.json") });
    QVERIFY(SessionAutosave::leftBehind(dir.path()).isEmpty());
}

void tst_Autosave::runningSessionIsNotLeftBehind()
{
    QTemporaryDir dir;
    auto window = makeWindow(dir.path());
    QVERIFY(window);
    killOne(window.get());
    QVERIFY(window->autosave()->saveNow());
    // Its lock is held: another start must not offer to restore a session still running.
    QVERIFY(SessionAutosave::leftBehind(dir.path()).isEmpty());
    auto second = makeWindow(dir.path());
    QVERIFY(second);
    QVERIFY(!second->restoreLeftBehind(dir.path(), MainWindow::RestoreMode::Always));
    QVERIFY(QFileInfo::exists(window->autosave()->scenarioPath()));
}

void tst_Autosave::crashedSessionIsRestored()
{
    QTemporaryDir dir;
    auto lost = makeWindow(dir.path());
    QVERIFY(lost);
    const ScenarioEvent kill = killOne(lost.get());
    QCOMPARE(kill.action, ScenarioEvent::Action::Kill);
    lost->controller()->runTo(45 * kSecond);
    QVERIFY(lost->autosave()->saveNow());
    const Scenario scenario = lost->document()->scenario();
    const QStringList events = eventLines(*lost);
    const QString name = lost->windowTitle();
    // A crash: the window goes without closing (its lock goes with the process).
    lost.reset();

    const QList<AutosavedSession> left = SessionAutosave::leftBehind(dir.path());
    QCOMPARE(left.size(), 1);
    QCOMPARE(left.first().reached, 45 * kSecond);
    QCOMPARE(left.first().source, MainWindow::defaultScenarioPath());

    // Never keeps it for later; Always restores it.
    auto next = makeWindow(dir.path());
    QVERIFY(next);
    QVERIFY(!next->restoreLeftBehind(dir.path(), MainWindow::RestoreMode::Never));
    QCOMPARE(SessionAutosave::leftBehind(dir.path()).size(), 1);
    QVERIFY(next->restoreLeftBehind(dir.path(), MainWindow::RestoreMode::Always));
    QVERIFY(next->document()->scenario() == scenario);
    QVERIFY(next->document()->isModified()); // still unsaved, as it was
    QCOMPARE(next->document()->filePath(), MainWindow::defaultScenarioPath());
    QCOMPARE(next->windowTitle(), name);
    QCOMPARE(next->controller()->now(), 45 * kSecond);
    QCOMPARE(eventLines(*next), events);
    // The old files are gone; the restored session is autosaved under its own name.
    QVERIFY(!QFileInfo::exists(left.first().scenarioPath));
    QVERIFY(!QFileInfo::exists(left.first().statePath));
    QVERIFY(QFileInfo::exists(next->autosave()->scenarioPath()));
    QVERIFY(SessionAutosave::leftBehind(dir.path()).isEmpty());
}

void tst_Autosave::crashedProcessIsRestoredByTheNextStart()
{
    // The real program, killed with SIGKILL: its lock file stays, with a dead process in it.
    QTemporaryDir dir;
    Scenario scenario;
    QStringList events;
    {
        auto lost = makeWindow(dir.path());
        QVERIFY(lost);
        killOne(lost.get());
        lost->controller()->runTo(40 * kSecond);
        QVERIFY(lost->autosave()->saveNow());
        scenario = lost->document()->scenario();
        events = eventLines(*lost);
    }
    QCOMPARE(SessionAutosave::leftBehind(dir.path()).size(), 1);

    QProcess app;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    env.insert(QStringLiteral("RBLAB_PLUGIN_PATH"), QString());
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), dir.filePath(QStringLiteral("config")));
    app.setProcessEnvironment(env);
    app.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    app.start(QStringLiteral(RBLAB_BIN_DIR "/rebalance-lab"),
        { QStringLiteral("--restore-session"), QStringLiteral("--paused"),
            QStringLiteral("--autosave-dir"), dir.path() });
    QVERIFY(app.waitForStarted(10000));
    // It restores the session and saves it under its own name at once…
    const QString own = QStringLiteral("-%1-1.session").arg(app.processId());
    QVERIFY2(QTest::qWaitFor(
                 [&] {
                     const QStringList files = QDir(dir.path()).entryList(QDir::Files);
                     return files.size() == 3 && files.filter(own).size() == 1;
                 },
                 20000),
        qPrintable(QDir(dir.path()).entryList(QDir::Files).join(u' ')));
    // …and crashes.
    app.kill();
    QVERIFY(app.waitForFinished(10000));
    QVERIFY(QDir(dir.path()).entryList({ QStringLiteral("*.lock") }, QDir::Files).size() == 1);

    // A crash with nothing unsaved leaves a lock only: the next look at the folder removes it.
    QFile stale(
        dir.filePath(QStringLiteral("session-20260101-000000-%1-1.lock")).arg(app.processId()));
    QVERIFY(QFile::copy(QDir(dir.path())
                            .entryInfoList({ QStringLiteral("*.lock") }, QDir::Files)
                            .first()
                            .absoluteFilePath(),
        stale.fileName()));

    const QList<AutosavedSession> left = SessionAutosave::leftBehind(dir.path());
    QCOMPARE(left.size(), 1);
    QVERIFY(left.first().statePath.endsWith(own));
    QVERIFY(!stale.exists());
    QCOMPARE(left.first().reached, 40 * kSecond);
    auto next = makeWindow(dir.path());
    QVERIFY(next);
    QVERIFY(next->restoreLeftBehind(dir.path(), MainWindow::RestoreMode::Always));
    QVERIFY(next->document()->scenario() == scenario);
    QCOMPARE(next->controller()->now(), 40 * kSecond);
    QCOMPARE(eventLines(*next), events);
}

void tst_Autosave::unreadableAutosaveIsSetAside()
{
    QTemporaryDir dir;
    {
        auto lost = makeWindow(dir.path());
        QVERIFY(lost);
        killOne(lost.get());
        QVERIFY(lost->autosave()->saveNow());
    }
    const QList<AutosavedSession> left = SessionAutosave::leftBehind(dir.path());
    QCOMPARE(left.size(), 1);
    QFile file(left.first().scenarioPath);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write("{\n  \"format\": \"rebalance-lab/scenario@1\",\n  \"name\": 42\n}\n");
    file.close();

    auto next = makeWindow(dir.path());
    QVERIFY(next);
    const QString title = next->windowTitle();
    QVERIFY(!next->restoreLeftBehind(dir.path(), MainWindow::RestoreMode::Always));
    QVERIFY2(next->lastError().contains(QRegularExpression(QStringLiteral("\\.json:3:\\d+:"))),
        qPrintable(next->lastError()));
    QCOMPARE(next->windowTitle(), title);
    QCOMPARE(next->controller()->now(), 30 * kSecond);
    // Kept for a person to read, not offered again.
    QVERIFY(QFileInfo::exists(left.first().scenarioPath + QStringLiteral(".unreadable")));
    QVERIFY(SessionAutosave::leftBehind(dir.path()).isEmpty());
}

void tst_Autosave::unreadableStateSaysWhere()
{
    // The state file goes through the project's JSON reader: a broken one is said with its
    // line and column, and the session is still offered with the scenario beside it.
    QTemporaryDir dir;
    {
        auto lost = makeWindow(dir.path());
        QVERIFY(lost);
        killOne(lost.get());
        QVERIFY(lost->autosave()->saveNow());
    }
    QList<AutosavedSession> left = SessionAutosave::leftBehind(dir.path());
    QCOMPARE(left.size(), 1);
    QVERIFY2(left.first().stateError.isEmpty(), qPrintable(left.first().stateError));
    QCOMPARE(left.first().reached, 30 * kSecond);
    QFile file(left.first().statePath);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write("{\n  \"reached\": 5000\n  \"source\": \"x.json\"\n}\n");
    file.close();
    left = SessionAutosave::leftBehind(dir.path());
    QCOMPARE(left.size(), 1);
    QVERIFY2(left.first().stateError.startsWith(left.first().statePath + QStringLiteral(":3:3: ")),
        qPrintable(left.first().stateError));
    QCOMPARE(left.first().reached, 0);
    SessionAutosave::discard(left.first());
}

void tst_Autosave::badScenarioLeavesTheWorldRunning_data()
{
    QTest::addColumn<QString>("how");
    QTest::addColumn<QString>("error"); // a pattern the error must match
    const QString located = QStringLiteral("bad\\.json:3:\\d+: error");
    QTest::newRow("File › Open") << QStringLiteral("open") << located;
    QTest::newRow("drop") << QStringLiteral("drop") << located;
    QTest::newRow("Open Recent, file broken since") << QStringLiteral("recent") << located;
    QTest::newRow("plugin refuses to create the strategy")
        << QStringLiteral("refused")
        << QStringLiteral(
               "refused\\.json: groups\\[0\\]\\.consumers\\[0\\] .*FIXTURE_THROWING_CREATE");
    QTest::newRow("missing file") << QStringLiteral("missing")
                                  << QStringLiteral("gone\\.json: .*cannot open the file");
}

void tst_Autosave::badScenarioLeavesTheWorldRunning()
{
    QFETCH(QString, how);
    QFETCH(QString, error);
    QTemporaryDir dir;
    auto window = makeWindow(QString());
    QVERIFY(window);
    const QString bad = dir.filePath(QStringLiteral("bad.json"));
    if (how == QLatin1String("recent")) {
        // Opened once (so it is in Open Recent), then broken on disk.
        QVERIFY(QFile::copy(QStringLiteral(":/scenarios/orderly.json"), bad));
        QFile::setPermissions(bad, QFile::ReadOwner | QFile::WriteOwner);
        QVERIFY2(window->openScenario(bad), qPrintable(window->lastError()));
        window->controller()->runTo(30 * kSecond);
    }
    QFile file(bad);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write("{\n  \"format\": \"rebalance-lab/scenario@1\",\n  \"name\": 42\n}\n");
    file.close();

    QCOMPARE(killOne(window.get()).action, ScenarioEvent::Action::Kill);
    window->controller()->runTo(40 * kSecond);
    const QString title = window->windowTitle();
    const Scenario scenario = window->document()->scenario();
    const QString path = window->document()->filePath();
    const quint64 generation = window->controller()->generation();
    const QStringList events = eventLines(*window);

    if (how == QLatin1String("open")) {
        QVERIFY(!window->openScenario(bad));
    } else if (how == QLatin1String("refused")) {
        // Valid to the reader: every group runs the strategy whose create() throws.
        ScenarioReadResult read
            = ScenarioReader::readFile(MainWindow::defaultScenarioPath(), &m_registry);
        QVERIFY(read.ok());
        for (GroupSpec &group : read.scenario->groups) {
            group.strategy = QStringLiteral("FIXTURE_THROWING_CREATE");
            group.strategyParams.clear();
        }
        const QString refused = dir.filePath(QStringLiteral("refused.json"));
        QVERIFY(ScenarioWriter::save(*read.scenario, refused));
        QVERIFY(ScenarioReader::readFile(refused, &m_registry).ok());
        QVERIFY(!window->openScenario(refused));
    } else if (how == QLatin1String("missing")) {
        QVERIFY(!window->openScenario(dir.filePath(QStringLiteral("gone.json"))));
    } else if (how == QLatin1String("drop")) {
        QMimeData mime;
        mime.setUrls({ QUrl::fromLocalFile(bad) });
        const QPoint centre = window->rect().center();
        QDragEnterEvent enter(centre, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(window.get(), &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(centre), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(window.get(), &drop);
    } else {
        QAction *recent = nullptr;
        for (const QMenu *menu : window->findChildren<QMenu *>()) {
            for (QAction *action : menu->actions()) {
                if (action->text() == QLatin1String("&1 bad.json")) { // newest first
                    recent = action;
                }
            }
        }
        QVERIFY(recent);
        recent->trigger();
    }
    QCoreApplication::processEvents();
    QVERIFY2(
        window->lastError().contains(QRegularExpression(error)), qPrintable(window->lastError()));
    // The world that was running goes on untouched: same scenario, name, time, run, session.
    QCOMPARE(window->windowTitle(), title);
    QVERIFY(window->document()->scenario() == scenario);
    QCOMPARE(window->document()->filePath(), path);
    QVERIFY(window->document()->isModified());
    QCOMPARE(window->document()->recordedCommands().size(), 1);
    QCOMPARE(window->controller()->generation(), generation);
    QCOMPARE(window->controller()->now(), 40 * kSecond);
    window->controller()->runTo(50 * kSecond);
    QCOMPARE(window->controller()->now(), 50 * kSecond);
    QCOMPARE(eventLines(*window).mid(0, events.size()), events);
}

void tst_Autosave::everyWriterReplacesTheFile_data()
{
    QTest::addColumn<QString>("writer");
    QTest::addColumn<QByteArray>("magic"); // how the new file starts
    QTest::newRow("File › Save") << QStringLiteral("save") << QByteArray("{");
    QTest::newRow("autosave") << QStringLiteral("autosave") << QByteArray("{");
    QTest::newRow("view PNG") << QStringLiteral("viewPng") << QByteArray("\x89PNG");
    QTest::newRow("view SVG") << QStringLiteral("viewSvg") << QByteArray("<?xml");
    QTest::newRow("charts PNG") << QStringLiteral("chartsPng") << QByteArray("\x89PNG");
    QTest::newRow("metrics CSV") << QStringLiteral("csv") << QByteArray("t,consumer,id,group,");
    QTest::newRow("screenshot") << QStringLiteral("screenshot") << QByteArray("\x89PNG");
}

void tst_Autosave::everyWriterReplacesTheFile()
{
    // QSaveFile writes a new file and renames it over the old one, so a second name (a hard
    // link) of the old file keeps the old bytes; a plain QFile would have rewritten them in
    // place, and a crash half-way would have left half a file.
    QFETCH(QString, writer);
    QFETCH(QByteArray, magic);
    QTemporaryDir dir;
    auto window = makeWindow(writer == QLatin1String("autosave") ? dir.path() : QString());
    QVERIFY(window);
    // The CSV export writes a folder (rblab simulate --csv's files): its consumers.csv is checked.
    QString path = dir.filePath(writer == QLatin1String("csv") ? QStringLiteral("consumers.csv")
                                                               : QStringLiteral("out.file"));
    if (writer == QLatin1String("autosave")) {
        killOne(window.get());
        QVERIFY(window->autosave()->saveNow());
        path = window->autosave()->scenarioPath();
        killOne(window.get()); // the next save has something new to write
    }
    const QByteArray old("the old contents\n");
    QFile oldFile(path);
    QVERIFY(oldFile.open(QIODevice::WriteOnly | QIODevice::Truncate));
    oldFile.write(old);
    oldFile.close();
    const QString link = dir.filePath(QStringLiteral("second-name"));
    QCOMPARE(::link(QFile::encodeName(path).constData(), QFile::encodeName(link).constData()), 0);

    QString error;
    bool ok = false;
    if (writer == QLatin1String("save")) {
        ok = window->saveScenario(path);
    } else if (writer == QLatin1String("autosave")) {
        ok = window->autosave()->saveNow(&error);
    } else if (writer == QLatin1String("viewPng")) {
        ok = ExportController::writePng(window->assignmentView()->exportImage(1), path, &error);
    } else if (writer == QLatin1String("viewSvg")) {
        ok = window->assignmentView()->exportSvg(path, &error);
    } else if (writer == QLatin1String("chartsPng")) {
        ok = ExportController::writePng(window->chartPanel()->grabImage(), path, &error);
    } else if (writer == QLatin1String("csv")) {
        ok = ExportController::writeCsv(dir.path(), *window->controller()->catalog(),
            window->controller()->samples(), window->controller()->lastFrame().departures, &error);
    } else if (writer == QLatin1String("screenshot")) {
        ok = window->takeScreenshot(path, 35 * kSecond, QSize(800, 500));
        error = window->lastError();
    }
    QVERIFY2(ok, qPrintable(error + window->lastError()));
    QFile written(path);
    QVERIFY(written.open(QIODevice::ReadOnly));
    const QByteArray data = written.readAll();
    QVERIFY2(data.startsWith(magic), data.left(16).constData());
    QVERIFY(data.size() > 100);
    QFile second(link);
    QVERIFY(second.open(QIODevice::ReadOnly));
    QCOMPARE(second.readAll(), old);
}

QTEST_MAIN(tst_Autosave)
#include "tst_autosave.moc"
