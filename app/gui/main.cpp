// SPDX-License-Identifier: Apache-2.0
// rebalance-lab: the desktop app. Parse, construct, run; the window and its parts do the rest.
#include "appoptions.h"
#include "compare/comparesession.h"
#include "compare/comparewindow.h"
#include "observed/importcontroller.h"
#include "languagemanager.h"
#include "mainwindow.h"
#include "document/sessionautosave.h"
#include "simulation/simulationcontroller.h"
#include "windowactions.h"

#include <allocation/strategyregistry.h>
#include <pluginisolation.h>

#include <QApplication>
#include <QDir>
#include <QSettings>
#include <QTimer>

#include <cstdio>

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
    const QString saved = QSettings().value(QStringLiteral("language")).toString();
    QString language = options.language;
    if (language.isEmpty()) {
        language = saved.isEmpty() || saved == QLatin1String("system")
            ? Rblab::LanguageManager::systemLanguage()
            : saved;
    }
    if (!languages.setLanguage(language)) {
        std::fprintf(stderr, "rebalance-lab: no translation for \"%s\"; available: %s\n",
            qPrintable(language),
            qPrintable(Rblab::LanguageManager::availableLanguages().join(QStringLiteral(", "))));
        if (!options.language.isEmpty()) {
            return 2;
        }
        languages.setLanguage(QStringLiteral("en"));
    }
    // Said in the user's language, hence after it is chosen.
    if (noDisplay && options.screenshot.isEmpty()) {
        std::fprintf(
            stderr, "rebalance-lab: %s\n", qPrintable(Rblab::AppOptions::noDisplayMessage()));
        return 1;
    }

    // Plugin isolation (issue 11): the flag, else the setting "plugins/isolate", else user
    // plugins only. An unknown saved value falls back to the default.
    Rblab::PluginIsolation::Settings isolationSettings;
    const QString isolateText = options.isolatePlugins.isEmpty()
        ? QSettings().value(QStringLiteral("plugins/isolate")).toString()
        : options.isolatePlugins;
    isolationSettings.mode = Rblab::PluginIsolation::parseMode(isolateText)
                                 .value_or(Rblab::PluginIsolation::Mode::User);
    isolationSettings.pluginDirectories = options.pluginDirs;
    // Declared before the registry and the window: it outlives every strategy they make.
    Rblab::PluginIsolation isolation(isolationSettings);
    Rblab::StrategyRegistry registry;
    if (isolationSettings.mode != Rblab::PluginIsolation::Mode::None) {
        registry.setIsolation(&isolation);
    }
    // A JavaScript strategy's time limit: the flag, else the setting "plugins/jsTimeoutMs"; the
    // JavaScript plugin reads it from RBLAB_JS_TIMEOUT_MS when it opens a file.
    const qint64 jsTimeoutMs = options.jsTimeoutMs > 0
        ? options.jsTimeoutMs
        : QSettings().value(QStringLiteral("plugins/jsTimeoutMs")).toLongLong();
    if (jsTimeoutMs >= 1 && jsTimeoutMs <= 3600000) {
        qputenv("RBLAB_JS_TIMEOUT_MS", QByteArray::number(jsTimeoutMs));
    }
    Rblab::StrategyRegistry::Sources sources;
    sources.extraDirectories = options.pluginDirs;
    registry.load(sources);
    if (!options.strategy.isEmpty() && !registry.find(options.strategy)) {
        std::fprintf(stderr, "rebalance-lab: unknown strategy \"%s\"; loaded: %s\n",
            qPrintable(options.strategy),
            qPrintable(registry.strategyNames().join(QStringLiteral(", "))));
        return 2;
    }

    if (!options.compare.isEmpty()) {
        // Compare mode on its own (screenshots, a class comparing strategies side by side).
        QString error;
        const std::unique_ptr<Rblab::CompareWindow> compare = Rblab::CompareWindow::open(registry,
            options.scenario.isEmpty() ? Rblab::MainWindow::defaultScenarioPath()
                                       : options.scenario,
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

    Rblab::MainWindow window(registry, languages);
    window.setStrategyOverride(options.strategy);
    const bool screenshot = !options.screenshot.isEmpty();
    window.setQuiet(screenshot);
    bool restored = false;
    if (!screenshot) {
        window.restoreSession();
        // A screenshot is a batch job: it neither autosaves nor restores. An offscreen run has
        // nobody to answer the dialog: it keeps a crashed session for a later start.
        const QString autosaveDir = options.autosaveDir.isEmpty()
            ? Rblab::SessionAutosave::defaultDirectory()
            : options.autosaveDir;
        using RestoreMode = Rblab::MainWindow::RestoreMode;
        RestoreMode mode = RestoreMode::Ask;
        if (options.restore == Rblab::AppOptions::Restore::Always) {
            mode = RestoreMode::Always;
        } else if (options.restore == Rblab::AppOptions::Restore::Never
            || QGuiApplication::platformName() == QLatin1String("offscreen")) {
            mode = RestoreMode::Never;
        }
        // Autosave first: a restored session is saved under this run's name at once.
        window.startAutosave(autosaveDir);
        restored = window.restoreLeftBehind(autosaveDir, mode);
        if (!restored && mode == RestoreMode::Always) {
            std::fprintf(stderr, "rebalance-lab: no session to restore in %s\n",
                qPrintable(QDir::toNativeSeparators(autosaveDir)));
        }
    }
    if (options.zoom) {
        window.windowActions()->setZoom(*options.zoom);
    }
    if (options.speed) {
        window.controller()->setSpeed(*options.speed);
    }
    const QString scenario
        = options.scenario.isEmpty() ? Rblab::MainWindow::defaultScenarioPath() : options.scenario;
    if (!restored && !window.openScenario(scenario)) {
        if (screenshot) {
            std::fprintf(stderr, "rebalance-lab: %s\n", qPrintable(window.lastError()));
            return 1;
        }
    }
    if (!options.importLogs.isEmpty() && !window.importController()->importFiles(options.importLogs)
        && screenshot) {
        std::fprintf(
            stderr, "rebalance-lab: %s\n", qPrintable(window.importController()->lastError()));
        return 1;
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
