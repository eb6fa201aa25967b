// SPDX-License-Identifier: Apache-2.0
// rebalance-lab: the desktop app. Parse, construct, run; the window and its parts do the rest.
#include "appoptions.h"
#include "compare/comparesession.h"
#include "compare/comparewindow.h"
#include "real/realfigurestable.h"
#include "real/realruncontroller.h"
#include "observed/importcontroller.h"
#include "languagemanager.h"
#include "live/livecontroller.h"
#include "live/livesession.h"
#include "mainwindow.h"
#include "document/sessionautosave.h"
#include "simulation/simulationcontroller.h"
#include "windowactions.h"

#include <allocation/strategyregistry.h>
#include <liveworld.h>
#include <pluginisolation.h>

#include <QApplication>
#include <QDeadlineTimer>
#include <QEventLoop>
#include <QDir>
#include <QSettings>
#include <QTimer>

#include <cstdio>
#include <memory>
#include <optional>

namespace {

using namespace Rblab;

/*!
    The interface's language: --lang, else the saved choice, else the system's. Returns the exit
    code when the app cannot go on (a language asked for that is not there, or no display).
*/
std::optional<int> chooseLanguage(
    const AppOptions &options, LanguageManager &languages, bool noDisplay)
{
    const QString saved = QSettings().value(QStringLiteral("language")).toString();
    QString language = options.language;
    if (language.isEmpty()) {
        language = saved.isEmpty() || saved == QLatin1String("system")
            ? LanguageManager::systemLanguage()
            : saved;
    }
    if (!languages.setLanguage(language)) {
        std::fprintf(stderr, "rebalance-lab: no translation for \"%s\"; available: %s\n",
            qPrintable(language),
            qPrintable(LanguageManager::availableLanguages().join(QStringLiteral(", "))));
        if (!options.language.isEmpty()) {
            return 2;
        }
        languages.setLanguage(QStringLiteral("en"));
    }
    // Said in the user's language, hence after it is chosen.
    if (noDisplay && options.screenshot.isEmpty()) {
        std::fprintf(stderr, "rebalance-lab: %s\n", qPrintable(AppOptions::noDisplayMessage()));
        return 1;
    }
    return std::nullopt;
}

//! Plugin isolation (issue 11): the flag, else the setting "plugins/isolate", else user plugins
//! only. An unknown saved value falls back to the default.
PluginIsolation::Settings isolationOf(const AppOptions &options)
{
    PluginIsolation::Settings settings;
    const QString isolateText = options.isolatePlugins.isEmpty()
        ? QSettings().value(QStringLiteral("plugins/isolate")).toString()
        : options.isolatePlugins;
    settings.mode = PluginIsolation::parseMode(isolateText).value_or(PluginIsolation::Mode::User);
    settings.pluginDirectories = options.pluginDirs;
    return settings;
}

//! Loads the strategy plugins; returns the exit code when --strategy names none of them.
std::optional<int> loadStrategies(const AppOptions &options, StrategyRegistry &registry)
{
    // A JavaScript strategy's time limit: the flag, else the setting "plugins/jsTimeoutMs"; the
    // JavaScript plugin reads it from RBLAB_JS_TIMEOUT_MS when it opens a file.
    const qint64 jsTimeoutMs = options.jsTimeoutMs > 0
        ? options.jsTimeoutMs
        : QSettings().value(QStringLiteral("plugins/jsTimeoutMs")).toLongLong();
    if (jsTimeoutMs >= 1 && jsTimeoutMs <= 3600000) {
        qputenv("RBLAB_JS_TIMEOUT_MS", QByteArray::number(jsTimeoutMs));
    }
    StrategyRegistry::Sources sources;
    sources.extraDirectories = options.pluginDirs;
    registry.load(sources);
    if (!options.strategy.isEmpty() && !registry.find(options.strategy)) {
        std::fprintf(stderr, "rebalance-lab: unknown strategy \"%s\"; loaded: %s\n",
            qPrintable(options.strategy),
            qPrintable(registry.strategyNames().join(QStringLiteral(", "))));
        return 2;
    }
    return std::nullopt;
}

//! Compare mode on its own (screenshots, a class comparing strategies side by side).
int runCompare(const AppOptions &options, const StrategyRegistry &registry, QApplication &app)
{
    QString error;
    const std::unique_ptr<CompareWindow> compare = CompareWindow::open(registry,
        options.scenario.isEmpty() ? MainWindow::defaultScenarioPath() : options.scenario,
        options.compare, options.compareGroup, &error);
    if (!compare) {
        std::fprintf(stderr, "rebalance-lab: %s\n", qPrintable(error));
        return 2;
    }
    if (options.speed) {
        compare->session()->setSpeed(*options.speed);
    }
    if (!options.screenshot.isEmpty()) {
        if (!compare->takeScreenshot(options.screenshot, *options.at, options.size)) {
            std::fprintf(stderr, "rebalance-lab: %s\n", qPrintable(compare->lastError()));
            return 1;
        }
        return 0;
    }
    compare->show();
    if (!options.paused) {
        compare->session()->setPlaying(true);
    }
    return app.exec();
}

//! Autosaves the session and offers the one a crash left behind; whether it was restored.
bool restoreSession(const AppOptions &options, MainWindow &window)
{
    window.restoreSession();
    // An offscreen run has nobody to answer the dialog: it keeps a crashed session for a later
    // start.
    const QString autosaveDir
        = options.autosaveDir.isEmpty() ? SessionAutosave::defaultDirectory() : options.autosaveDir;
    using RestoreMode = MainWindow::RestoreMode;
    RestoreMode mode = RestoreMode::Ask;
    if (options.restore == AppOptions::Restore::Always) {
        mode = RestoreMode::Always;
    } else if (options.restore == AppOptions::Restore::Never
        || QGuiApplication::platformName() == QLatin1String("offscreen")) {
        mode = RestoreMode::Never;
    }
    // Autosave first: a restored session is saved under this run's name at once.
    window.startAutosave(autosaveDir);
    const bool restored = window.restoreLeftBehind(autosaveDir, mode);
    if (!restored && mode == RestoreMode::Always) {
        std::fprintf(stderr, "rebalance-lab: no session to restore in %s\n",
            qPrintable(QDir::toNativeSeparators(autosaveDir)));
    }
    return restored;
}

//! A real run beside the engine (--open-real-run): the window shows its logs, compare mode the
//! run and the engine; a screenshot shoots compare mode once its figures are in.
int runRealRun(const AppOptions &options, MainWindow &window, QApplication &app)
{
    const bool screenshot = !options.screenshot.isEmpty();
    RealRunController *real = window.realRunController();
    CompareWindow *compare = real->open(options.openRealRun, !screenshot);
    if (!compare) {
        std::fprintf(stderr, "rebalance-lab: %s\n", qPrintable(real->lastError()));
        return screenshot ? 1 : app.exec();
    }
    if (screenshot) {
        const std::unique_ptr<CompareWindow> owned(compare);
        if (!real->figuresTable()->waitUntilReady(10 * 60 * 1000)) {
            std::fprintf(stderr, "rebalance-lab: the engine's figures took too long\n");
            return 1;
        }
        const SimTime at = options.at.value_or(compare->session()->duration());
        if (!compare->takeScreenshot(options.screenshot, at, options.size)) {
            std::fprintf(stderr, "rebalance-lab: %s\n", qPrintable(compare->lastError()));
            return 1;
        }
        return 0;
    }
    window.show();
    compare->raise();
    return app.exec();
}

//! Shoots `live`'s fork from the poll on screen beside --fork's variants, at `at` (else 30 s in).
int shootFork(const AppOptions &options, LiveController *live, std::optional<SimTime> at)
{
    CompareWindow *fork = live->fork(false, options.forkVariants);
    if (!fork) {
        std::fprintf(stderr, "rebalance-lab: %s\n", qPrintable(live->lastError()));
        return 1;
    }
    const std::unique_ptr<CompareWindow> owned(fork);
    const SimTime shot = at.value_or(qMin<SimTime>(30000, fork->session()->duration()));
    if (!fork->takeScreenshot(options.screenshot, shot, options.size)) {
        std::fprintf(stderr, "rebalance-lab: %s\n", qPrintable(fork->lastError()));
        return 1;
    }
    return 0;
}

//! A live group (--connect, --group): the window watches it; a screenshot once --polls polls
//! came back, of the window or (--fork) of the fork in compare mode.
int runLive(const AppOptions &options, MainWindow &window, QApplication &app)
{
    const bool screenshot = !options.screenshot.isEmpty();
    LiveController *live = window.liveController();
    live->setQuiet(screenshot);
    LiveSession *session = live->connectTo(options.connectTo, options.compareGroup);
    if (!screenshot) {
        window.show();
        return app.exec();
    }
    // Each poll ends within its requests' timeout; a name server that never answers still gives
    // snapshots (with a problem line), so this wait is bounded.
    QDeadlineTimer deadline(qint64(options.polls) * (session->interval() + 4000) + 10000);
    while (session->world()->pollCount() < options.polls && !deadline.hasExpired()) {
        QApplication::processEvents(QEventLoop::WaitForMoreEvents, 100);
    }
    if (session->world()->pollCount() < options.polls) {
        std::fprintf(stderr, "rebalance-lab: %lld of %d polls came back in time\n",
            qlonglong(session->world()->pollCount()), options.polls);
        return 1;
    }
    session->stop();
    if (!options.forkVariants.isEmpty()) {
        return shootFork(options, live, options.at);
    }
    window.setScreenshotSelection(options.select);
    const SimTime at = session->world()->duration();
    if (!window.takeScreenshot(options.screenshot, at, options.size)) {
        std::fprintf(stderr, "rebalance-lab: %s\n", qPrintable(window.lastError()));
        return 1;
    }
    return 0;
}

//! A recorded watch (--open-recording): the window shows its polls; a screenshot of the poll at
//! --at (else the last), of the window or (--fork) of the fork from that poll.
int runRecording(const AppOptions &options, MainWindow &window, QApplication &app)
{
    const bool screenshot = !options.screenshot.isEmpty();
    LiveController *live = window.liveController();
    live->setQuiet(screenshot);
    LiveSession *session = live->openRecording(options.openRecording);
    if (!session) {
        std::fprintf(stderr, "rebalance-lab: %s\n", qPrintable(live->lastError()));
        if (screenshot) {
            return 1;
        }
        window.show();
        return app.exec();
    }
    if (!screenshot) {
        window.show();
        return app.exec();
    }
    // A recording is shown at its polls: --at goes to the last poll at or before it.
    const std::shared_ptr<const Remoting::LiveWorld> world = session->world();
    const SimTime at = world->pollTime(
        qMax<qsizetype>(0, world->pollAt(options.at.value_or(world->duration()))));
    window.controller()->seek(at);
    if (!options.forkVariants.isEmpty()) {
        return shootFork(options, live, std::nullopt); // --at chose the poll
    }
    window.setScreenshotSelection(options.select);
    if (!window.takeScreenshot(options.screenshot, at, options.size)) {
        std::fprintf(stderr, "rebalance-lab: %s\n", qPrintable(window.lastError()));
        return 1;
    }
    return 0;
}

//! The window: a session, a scenario or imported logs; a screenshot of it, or the app.
int runWindow(const AppOptions &options, StrategyRegistry &registry, LanguageManager &languages,
    QApplication &app)
{
    MainWindow window(registry, languages);
    window.setStrategyOverride(options.strategy);
    const bool screenshot = !options.screenshot.isEmpty();
    window.setQuiet(screenshot);
    // A screenshot is a batch job: it neither autosaves nor restores.
    const bool restored = !screenshot && restoreSession(options, window);
    if (options.zoom) {
        window.windowActions()->setZoom(*options.zoom);
    }
    if (options.speed) {
        window.controller()->setSpeed(*options.speed);
    }
    const QString scenario
        = options.scenario.isEmpty() ? MainWindow::defaultScenarioPath() : options.scenario;
    if (!restored && !window.openScenario(scenario) && screenshot) {
        std::fprintf(stderr, "rebalance-lab: %s\n", qPrintable(window.lastError()));
        return 1;
    }
    if (!options.importLogs.isEmpty() && !window.importController()->importFiles(options.importLogs)
        && screenshot) {
        std::fprintf(
            stderr, "rebalance-lab: %s\n", qPrintable(window.importController()->lastError()));
        return 1;
    }
    if (!options.openRealRun.isEmpty()) {
        return runRealRun(options, window, app);
    }
    if (!options.connectTo.isEmpty()) {
        return runLive(options, window, app);
    }
    if (!options.openRecording.isEmpty()) {
        return runRecording(options, window, app);
    }
    if (screenshot) {
        window.setScreenshotSelection(options.select);
        if (!window.takeScreenshot(options.screenshot, *options.at, options.size)) {
            std::fprintf(stderr, "rebalance-lab: %s\n", qPrintable(window.lastError()));
            return 1;
        }
        return 0;
    }
    window.show();
    // Start playing once the window is up, so a newcomer sees queues move within seconds.
    if (!options.paused) {
        QTimer::singleShot(
            0, window.controller(), [&window] { window.controller()->setPlaying(true); });
    }
    return app.exec();
}

} // namespace

int main(int argc, char *argv[])
{
    // Without a display Qt would abort in QApplication's constructor, before --help is read.
    // The offscreen platform needs none: the options are read, and a run that opens the window
    // says what is missing (a --screenshot run needs no window on screen).
    const bool noDisplay = Rblab::AppOptions::lacksDisplay(
        qgetenv("DISPLAY"), qgetenv("WAYLAND_DISPLAY"), qgetenv("QT_QPA_PLATFORM"));
    if (noDisplay) {
        qputenv("QT_QPA_PLATFORM", "offscreen");
    }
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("rebalance-lab"));
    QApplication::setApplicationDisplayName(QStringLiteral("Rebalance Lab"));
    QApplication::setOrganizationName(QStringLiteral("rebalance-lab"));
    QApplication::setApplicationVersion(QStringLiteral(RBLAB_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("rebalance-lab"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/rebalance-lab.svg")));

    Rblab::AppOptions options;
    QString message;
    switch (Rblab::AppOptions::parse(QApplication::arguments(), &options, &message)) {
    case Rblab::AppOptions::Outcome::Exit:
        std::fputs(qPrintable(message + QLatin1Char('\n')), stdout);
        return 0;
    case Rblab::AppOptions::Outcome::Error:
        std::fprintf(stderr, "rebalance-lab: %s\nRun 'rebalance-lab --help' for the options.\n",
            qPrintable(message));
        return 2;
    case Rblab::AppOptions::Outcome::Run:
        break;
    }
    Rblab::LanguageManager languages;
    if (const auto exit = chooseLanguage(options, languages, noDisplay)) {
        return *exit;
    }
    // Declared before the registry and the window: it outlives every strategy they make.
    const Rblab::PluginIsolation::Settings isolationSettings = isolationOf(options);
    Rblab::PluginIsolation isolation(isolationSettings);
    Rblab::StrategyRegistry registry;
    if (isolationSettings.mode != Rblab::PluginIsolation::Mode::None) {
        registry.setIsolation(&isolation);
    }
    if (const auto exit = loadStrategies(options, registry)) {
        return *exit;
    }
    if (!options.compare.isEmpty()) {
        return runCompare(options, registry, app);
    }
    return runWindow(options, registry, languages, app);
}
