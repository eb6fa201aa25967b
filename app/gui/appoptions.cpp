// SPDX-License-Identifier: Apache-2.0
#include "appoptions.h"

#include <settings/scenarioduration.h>

#include <QCommandLineParser>
#include <QRegularExpression>

namespace Rblab {

namespace {

//! A duration as scenario files write it ("6m", "1.5s", "6m30s"), in whole milliseconds, not
//! negative ("-0s" included).
std::optional<SimTime> wholeDuration(QStringView text)
{
    if (text.startsWith(QLatin1Char('-'))) {
        return std::nullopt;
    }
    const auto value = ScenarioDuration::parse(text);
    if (!value || !value->wholeMilliseconds || *value->wholeMilliseconds < 0) {
        return std::nullopt;
    }
    return *value->wholeMilliseconds;
}

//! "2:10" (m:ss) and "1:02:03" (h:mm:ss); seconds may have a fraction ("2:10.5").
std::optional<SimTime> clockTime(const QString &text)
{
    static const QRegularExpression pattern(
        QStringLiteral("^(?:(\\d+):)?(\\d+):([0-5]\\d(?:\\.\\d{1,3})?)$"));
    const auto match = pattern.match(text);
    if (!match.hasMatch()) {
        return std::nullopt;
    }
    const bool hasHours = match.hasCaptured(1);
    const qint64 hours = hasHours ? match.captured(1).toLongLong() : 0;
    const qint64 minutes = match.captured(2).toLongLong();
    if ((hasHours && minutes > 59) || hours > 100000 || minutes > 6000000) {
        return std::nullopt;
    }
    const auto seconds = wholeDuration(QString(match.captured(3) + QLatin1Char('s')));
    if (!seconds) {
        return std::nullopt;
    }
    return hours * kHour + minutes * kMinute + *seconds;
}

} // namespace

std::optional<SimTime> AppOptions::parseTime(const QString &input)
{
    const QString text = input.trimmed();
    bool isNumber = false;
    const qint64 ms = text.toLongLong(&isNumber);
    if (isNumber) {
        return ms >= 0 ? std::optional<SimTime>(ms) : std::nullopt;
    }
    if (text.contains(QLatin1Char(':'))) {
        return clockTime(text);
    }
    return wholeDuration(text); // compound included: "6m30s", "1h2m", "2s500ms"
}

std::optional<QSize> AppOptions::parseSize(const QString &text)
{
    static const QRegularExpression pattern(QStringLiteral("^(\\d{2,5})[xX×](\\d{2,5})$"));
    const auto match = pattern.match(text.trimmed());
    if (!match.hasMatch()) {
        return std::nullopt;
    }
    const QSize size(match.captured(1).toInt(), match.captured(2).toInt());
    if (size.width() < 320 || size.height() < 240 || size.width() > 8192 || size.height() > 8192) {
        return std::nullopt;
    }
    return size;
}

AppOptions::Outcome AppOptions::parse(
    const QStringList &arguments, AppOptions *options, QString *message)
{
    QCommandLineParser parser;
    addOptions(parser);
    if (!parser.parse(arguments)) {
        *message = parser.errorText();
        return Outcome::Error;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        *message = parser.helpText();
        return Outcome::Exit;
    }
    if (parser.isSet(QStringLiteral("version"))) {
        *message = QCoreApplication::applicationName() + QLatin1Char(' ')
            + QCoreApplication::applicationVersion();
        return Outcome::Exit;
    }
    AppOptions o;
    if (!o.readPlayback(parser, message) || !o.readModes(parser, message)
        || !o.readSession(parser, message) || !o.readScreenshot(parser, message)) {
        return Outcome::Error;
    }
    *options = o;
    return Outcome::Run;
}

void AppOptions::addOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(
        tr("Rebalance Lab: watch how Apache RocketMQ consumer groups share a topic's queues."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption lang(QStringLiteral("lang"),
        tr("Interface language: en or zh_CN (default: the system's)."), QStringLiteral("LANG"));
    const QCommandLineOption speed(QStringLiteral("speed"),
        tr("Playback speed, from 0.1 to 1000 (default 1)."), QStringLiteral("X"));
    const QCommandLineOption strategy(QStringLiteral("strategy"),
        tr("Run every group with this strategy instead of the scenario's."),
        QStringLiteral("NAME"));
    const QCommandLineOption pluginDir(QStringLiteral("plugin-dir"),
        tr("Also load strategy plugins from DIR (repeatable)."), QStringLiteral("DIR"));
    const QCommandLineOption screenshot(QStringLiteral("screenshot"),
        tr("Run to --at as fast as possible, save the window as FILE (PNG), exit."),
        QStringLiteral("FILE"));
    const QCommandLineOption at(QStringLiteral("at"),
        tr("Virtual time of the screenshot: \"90s\", \"2m\" or ms."), QStringLiteral("TIME"));
    const QCommandLineOption size(QStringLiteral("size"),
        tr("Window size of the screenshot (default 1600x1000)."), QStringLiteral("WxH"));
    const QCommandLineOption paused(
        QStringLiteral("paused"), tr("Open paused instead of playing."));
    const QCommandLineOption restore(QStringLiteral("restore-session"),
        tr("Restore the session a crash left behind without asking (instead of SCENARIO)."));
    const QCommandLineOption noRestore(QStringLiteral("no-restore"),
        tr("Do not offer to restore a session a crash left behind; keep it for later."));
    const QCommandLineOption autosaveDir(QStringLiteral("autosave-dir"),
        tr("Autosave the session in DIR (default: $RBLAB_AUTOSAVE_DIR, else the app's data "
           "folder)."),
        QStringLiteral("DIR"));
    const QCommandLineOption compare(QStringLiteral("compare"),
        tr("Open compare mode with this variant, NAME[:k=v,…][;clientSetting=value…], as rblab "
           "compare writes it (2 to 4 of them)."),
        QStringLiteral("SPEC"));
    const QCommandLineOption compareGroup(QStringLiteral("group"),
        tr("Compare mode: the group the variants change (default: every group)."),
        QStringLiteral("G"));
    const QCommandLineOption zoom(QStringLiteral("zoom"),
        tr("Presenter zoom of the window's text, 100 to 200 (percent)."),
        QStringLiteral("PERCENT"));
    parser.addOptions({ lang, speed, strategy, pluginDir, screenshot, at, size, paused, restore,
        noRestore, autosaveDir });
    parser.addOptions({ compare, compareGroup });
    parser.addOption(zoom);
    const QCommandLineOption importLogs(QStringLiteral("import-logs"),
        tr("Show this RocketMQ client log (repeat for each file), or the client logs below this "
           "folder, as a read-only run."),
        QStringLiteral("FILE|FOLDER"));
    parser.addOption(importLogs);
    const QCommandLineOption openRealRun(QStringLiteral("open-real-run"),
        tr("Open this real run (a folder rblab real-run wrote) beside the engine, as File › "
           "Open a real run… does; with --screenshot, shoot that window (at --at, else at the "
           "run's end)."),
        QStringLiteral("DIR"));
    parser.addOption(openRealRun);
    const QCommandLineOption connectTo(QStringLiteral("connect"),
        tr("Watch a live consumer group through this name server, read-only, as File › Connect "
           "to a cluster… does (with --group)."),
        QStringLiteral("HOST:PORT"));
    const QCommandLineOption polls(QStringLiteral("polls"),
        tr("With --connect and --screenshot: shoot once this many polls came back (default 3)."),
        QStringLiteral("N"));
    const QCommandLineOption fork(QStringLiteral("fork"),
        tr("With --connect and --screenshot: shoot Fork into the engine from now, the group as "
           "it runs beside this variant (as rblab compare's --variant; repeat for more)."),
        QStringLiteral("SPEC"));
    const QCommandLineOption openRecording(QStringLiteral("open-recording"),
        tr("Open a watch recorded by rblab watch --record, as File › Open a recording… does; "
           "with --screenshot, shoot it at --at (else its last poll), or with --fork the fork "
           "from that poll."),
        QStringLiteral("FILE"));
    parser.addOptions({ connectTo, polls, fork, openRecording });
    const QCommandLineOption select(QStringLiteral("select"),
        tr("With --screenshot: select this consumer (name or client id), so that the Inspector "
           "shows it and explains its assignment."),
        QStringLiteral("CONSUMER"));
    parser.addOption(select);
    const QCommandLineOption isolate(QStringLiteral("isolate-plugins"),
        tr("Which strategy plugins run in a helper process that may crash without taking the app "
           "along: all, user (plugins outside the built-in folder) or none (default: the "
           "setting, else user)."),
        QStringLiteral("MODE"));
    parser.addOption(isolate);
    const QCommandLineOption jsTimeout(QStringLiteral("js-timeout"),
        tr("How long one call into a JavaScript strategy may run before it is interrupted and the "
           "round skipped, 1 to 3600000 ms (default: the setting, else 1000)."),
        QStringLiteral("MS"));
    parser.addOption(jsTimeout);
    parser.addPositionalArgument(QStringLiteral("scenario"),
        tr("A scenario file to open (default: the bundled training world)."),
        QStringLiteral("[SCENARIO]"));
}

bool AppOptions::readPlayback(const QCommandLineParser &parser, QString *message)
{
    const QStringList positional = parser.positionalArguments();
    if (positional.size() > 1) {
        *message = tr("Only one scenario can be opened; got %1.")
                       .arg(positional.join(QStringLiteral(", ")));
        return false;
    }
    scenario = positional.value(0);
    language = parser.value(QStringLiteral("lang"));
    if (parser.isSet(QStringLiteral("speed"))) {
        const QString text = parser.value(QStringLiteral("speed"));
        bool ok = false;
        const double x = text.toDouble(&ok);
        if (!ok || x < 0.1 || x > 1000) {
            *message = tr("--speed must be a number from 0.1 to 1000, got \"%1\".").arg(text);
            return false;
        }
        speed = x;
    }
    if (parser.isSet(QStringLiteral("zoom"))) {
        const QString text = parser.value(QStringLiteral("zoom"));
        bool ok = false;
        const int percent = text.toInt(&ok);
        if (!ok || percent < 100 || percent > 200) {
            *message = tr("--zoom must be a whole number from 100 to 200, got \"%1\".").arg(text);
            return false;
        }
        zoom = percent;
    }
    strategy = parser.value(QStringLiteral("strategy"));
    pluginDirs = parser.values(QStringLiteral("plugin-dir"));
    paused = parser.isSet(QStringLiteral("paused"));
    return true;
}

bool AppOptions::readModes(const QCommandLineParser &parser, QString *message)
{
    compare = parser.values(QStringLiteral("compare"));
    compareGroup = parser.value(QStringLiteral("group"));
    importLogs = parser.values(QStringLiteral("import-logs"));
    openRealRun = parser.value(QStringLiteral("open-real-run"));
    if (!openRealRun.isEmpty() && (!compare.isEmpty() || !importLogs.isEmpty())) {
        *message = tr("--open-real-run goes without --compare and --import-logs");
        return false;
    }
    if (!compare.isEmpty() && (compare.size() < 2 || compare.size() > 4)) {
        *message = tr("--compare: give 2 to 4 variants, not %1").arg(compare.size());
        return false;
    }
    connectTo = parser.value(QStringLiteral("connect"));
    openRecording = parser.value(QStringLiteral("open-recording"));
    forkVariants = parser.values(QStringLiteral("fork"));
    if (!openRecording.isEmpty()
        && (!connectTo.isEmpty() || !compare.isEmpty() || !openRealRun.isEmpty()
            || !importLogs.isEmpty())) {
        *message = tr("--open-recording goes without --connect, --compare, --open-real-run and "
                      "--import-logs");
        return false;
    }
    if (parser.isSet(QStringLiteral("polls"))) {
        bool ok = false;
        polls = parser.value(QStringLiteral("polls")).toInt(&ok);
        if (!ok || polls < 1 || polls > 1000) {
            *message = tr("--polls must be a whole number from 1 to 1000, got \"%1\".")
                           .arg(parser.value(QStringLiteral("polls")));
            return false;
        }
    }
    if (!connectTo.isEmpty()
        && (compareGroup.isEmpty() || !compare.isEmpty() || !openRealRun.isEmpty())) {
        *message = tr("--connect needs --group and goes without --compare and --open-real-run");
        return false;
    }
    if (connectTo.isEmpty() && parser.isSet(QStringLiteral("polls"))) {
        *message = tr("--polls only goes with --connect");
        return false;
    }
    if (connectTo.isEmpty() && openRecording.isEmpty() && !forkVariants.isEmpty()) {
        *message = tr("--fork only goes with --connect or --open-recording");
        return false;
    }
    if (!compareGroup.isEmpty() && compare.isEmpty() && connectTo.isEmpty()) {
        *message = tr("--group only goes with --compare or --connect");
        return false;
    }
    screenshot = parser.value(QStringLiteral("screenshot"));
    select = parser.value(QStringLiteral("select"));
    if (!select.isEmpty() && screenshot.isEmpty()) {
        *message = tr("--select only goes with --screenshot");
        return false;
    }
    autosaveDir = parser.value(QStringLiteral("autosave-dir"));
    if (parser.isSet(QStringLiteral("js-timeout"))) {
        const QString text = parser.value(QStringLiteral("js-timeout"));
        bool ok = false;
        jsTimeoutMs = text.toLongLong(&ok);
        if (!ok || jsTimeoutMs < 1 || jsTimeoutMs > 3600000) {
            *message = tr("--js-timeout must be 1 to 3600000 milliseconds, got \"%1\".").arg(text);
            return false;
        }
    }
    isolatePlugins = parser.value(QStringLiteral("isolate-plugins"));
    if (parser.isSet(QStringLiteral("isolate-plugins")) && isolatePlugins != QLatin1String("all")
        && isolatePlugins != QLatin1String("user") && isolatePlugins != QLatin1String("none")) {
        *message
            = tr("--isolate-plugins must be all, user or none, got \"%1\".").arg(isolatePlugins);
        return false;
    }
    return true;
}

bool AppOptions::readSession(const QCommandLineParser &parser, QString *message)
{
    const bool always = parser.isSet(QStringLiteral("restore-session"));
    const bool never = parser.isSet(QStringLiteral("no-restore"));
    if (always && never) {
        *message = tr("--restore-session and --no-restore contradict each other.");
        return false;
    }
    if (always && (!scenario.isEmpty() || !screenshot.isEmpty())) {
        *message = tr("--restore-session opens the session a crash left behind: it takes no "
                      "SCENARIO and no --screenshot.");
        return false;
    }
    restore = always ? Restore::Always : never ? Restore::Never : Restore::Ask;
    return true;
}

bool AppOptions::readScreenshot(const QCommandLineParser &parser, QString *message)
{
    if (parser.isSet(QStringLiteral("at"))) {
        at = parseTime(parser.value(QStringLiteral("at")));
        if (!at) {
            *message = tr("--at must be a time such as \"90s\", \"6m30s\", \"1h2m\", \"2:10\", "
                          "\"1:02:03\" or a number of ms, got \"%1\".")
                           .arg(parser.value(QStringLiteral("at")));
            return false;
        }
    }
    if (!screenshot.isEmpty() && !at && openRealRun.isEmpty() && connectTo.isEmpty()
        && openRecording.isEmpty()) {
        *message = tr("--screenshot needs --at TIME.");
        return false;
    }
    size = QSize(1600, 1000);
    if (parser.isSet(QStringLiteral("size"))) {
        const auto s = parseSize(parser.value(QStringLiteral("size")));
        if (!s) {
            *message = tr("--size must be WIDTHxHEIGHT from 320x240 to 8192x8192, got \"%1\".")
                           .arg(parser.value(QStringLiteral("size")));
            return false;
        }
        size = *s;
    }
    return true;
}

bool AppOptions::lacksDisplay(
    const QByteArray &display, const QByteArray &waylandDisplay, const QByteArray &platform)
{
#if defined(Q_OS_UNIX) && !defined(Q_OS_DARWIN) && !defined(Q_OS_ANDROID)
    return display.isEmpty() && waylandDisplay.isEmpty() && platform.isEmpty();
#else
    Q_UNUSED(display);
    Q_UNUSED(waylandDisplay);
    Q_UNUSED(platform);
    return false; // Windows and macOS always have their own platform
#endif
}

QString AppOptions::noDisplayMessage()
{
    return tr("no display to open the window on: DISPLAY and WAYLAND_DISPLAY are not set.\n"
              "Start it in a desktop session (or under xvfb-run). Without a display, --screenshot "
              "FILE draws the window into a PNG, and rblab runs the same engine and plugins.");
}

} // namespace Rblab
