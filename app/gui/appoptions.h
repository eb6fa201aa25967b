// SPDX-License-Identifier: Apache-2.0
// The desktop app's command line.
#pragma once

#include <sim/simtime.h>

#include <QCoreApplication>
#include <QSize>
#include <QStringList>

#include <optional>

class QCommandLineParser;

namespace Rblab {

/*!
    rebalance-lab [SCENARIO] [--lang LANG] [--speed X] [--strategy NAME] [--plugin-dir DIR]…
                  [--screenshot FILE --at TIME [--size WxH]] [--paused]
                  [--restore-session | --no-restore] [--autosave-dir DIR]
                  [--compare SPEC --compare SPEC… [--group G]] [--open-real-run DIR]
                  [--isolate-plugins all|user|none] [--js-timeout MS]
    TIME is a duration as scenario files write it ("90s", "2m", "1500ms") or a number of ms.
*/
struct AppOptions
{
    Q_DECLARE_TR_FUNCTIONS(Rblab::AppOptions)

public:
    enum class Outcome { Run, Exit, Error };

    QString scenario;
    QString language;
    std::optional<double> speed;
    QString strategy;
    QStringList pluginDirs;
    QString screenshot;
    QString select; //!< --select: the consumer a screenshot shows in the Inspector
    std::optional<SimTime> at;
    QSize size;
    bool paused = false;
    std::optional<int> zoom; //!< presenter zoom, percent (100–200)
    //! A session left behind by a crash: Ask (a dialog), Always (--restore-session), Never.
    enum class Restore { Ask, Always, Never };
    Restore restore = Restore::Ask;
    //! Where the session is autosaved (--autosave-dir; empty: SessionAutosave's default).
    QString autosaveDir;
    //! Compare mode's variants (--compare, 2 to 4, as rblab compare's --variant) and group.
    QStringList compare;
    QString compareGroup;
    //! --import-logs: RocketMQ client logs shown as a read-only run (File › Import client logs…).
    QStringList importLogs;
    /*!
        --open-real-run: a folder rblab real-run wrote, opened beside the engine (File › Open a
        real run…); with --screenshot the compare window is shot, at --at or at the run's end.
    */
    QString openRealRun;
    //! --connect: a name server whose group (--group) the window watches live.
    QString connectTo;
    //! --open-recording: a watch recorded by rblab watch --record (File › Open a recording…).
    QString openRecording;
    //! --polls: with --connect and --screenshot, the polls to wait for.
    int polls = 3;
    //! --fork: with --connect and --screenshot, shoot the fork with these variants.
    QStringList forkVariants;
    //! --isolate-plugins: which plugins run in a helper process; empty: the setting
    //! ("plugins/isolate", default "user").
    QString isolatePlugins;
    //! --js-timeout: a JavaScript strategy's time limit per call in ms (0: the setting
    //! "plugins/jsTimeoutMs", else RBLAB_JS_TIMEOUT_MS, else 1000).
    qint64 jsTimeoutMs = 0;

    /*!
        Parses the arguments. Exit means --help or --version was handled (text in `message`);
        Error means the arguments are wrong (`message` says how).
    */
    static Outcome parse(const QStringList &arguments, AppOptions *options, QString *message);
    /*!
        A moment of a run as a person types it: "130s", "6m30s", "1h2m", "1m30.5s", "2:10" (m:ss),
        "1:02:03" (h:mm:ss) or a number of milliseconds. nullopt for anything else.
    */
    static std::optional<SimTime> parseTime(const QString &text);
    static std::optional<QSize> parseSize(const QString &text);
    /*!
        True when Qt would find no display to open a window on: on X11/Wayland systems, with
        DISPLAY and WAYLAND_DISPLAY empty and no QT_QPA_PLATFORM chosen (ssh, a build machine,
        CI). Qt then aborts in QApplication's constructor ("could not connect to display",
        "Reinstalling the application may fix this problem"), before --help or --version are
        read. main() then runs on the offscreen platform: --help, --version, argument errors and
        --screenshot need no display, and opening the window says what is missing instead.
    */
    static bool lacksDisplay(
        const QByteArray &display, const QByteArray &waylandDisplay, const QByteArray &platform);
    //! What a run that opens the window says when lacksDisplay().
    static QString noDisplayMessage();

private:
    static void addOptions(QCommandLineParser &parser);
    // The parsed arguments, read in the order their mistakes are reported; false (and what is
    // wrong in `message`) at the first.
    //! The scenario, the language, the speed, the zoom and the strategies.
    bool readPlayback(const QCommandLineParser &parser, QString *message);
    //! Compare mode, imported logs, the screenshot's selection, autosave and plugins.
    bool readModes(const QCommandLineParser &parser, QString *message);
    //! Whether a session a crash left behind is restored.
    bool readSession(const QCommandLineParser &parser, QString *message);
    //! The screenshot's time and size.
    bool readScreenshot(const QCommandLineParser &parser, QString *message);
};

} // namespace Rblab
