// SPDX-License-Identifier: Apache-2.0
// The desktop app's command line.
#include <appoptions.h>

#include <QTest>

using namespace Rblab;

class tst_AppOptions : public QObject
{
    Q_OBJECT

private slots:
    void parseTime_data();
    void parseTime();
    void parseSize_data();
    void parseSize();
    void parsesEveryOption();
    void restoreOptions_data();
    void restoreOptions();
    void lacksDisplay();
    void liveOptions();
};

void tst_AppOptions::parseTime_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("ms"); // -1: refused
    QTest::newRow("seconds") << QStringLiteral("90s") << qint64(90000);
    QTest::newRow("minutes") << QStringLiteral("2m") << qint64(120000);
    QTest::newRow("ms number") << QStringLiteral("1500") << qint64(1500);
    QTest::newRow("fraction") << QStringLiteral("1.5s") << qint64(1500);
    QTest::newRow("hour") << QStringLiteral("1h") << qint64(3600000);
    QTest::newRow("word") << QStringLiteral("soon") << qint64(-1);
    QTest::newRow("negative") << QStringLiteral("-5s") << qint64(-1);
    QTest::newRow("half ms") << QStringLiteral("0.5ms") << qint64(-1);
    // Compound durations and clock times (issue 10: "--at 6m30s is refused").
    QTest::newRow("6m30s") << QStringLiteral("6m30s") << qint64(390000);
    QTest::newRow("1h2m") << QStringLiteral("1h2m") << qint64(3720000);
    QTest::newRow("130s") << QStringLiteral("130s") << qint64(130000);
    QTest::newRow("1h2m3s") << QStringLiteral("1h2m3s") << qint64(3723000);
    QTest::newRow("1m30.5s") << QStringLiteral("1m30.5s") << qint64(90500);
    QTest::newRow("2s500ms") << QStringLiteral("2s500ms") << qint64(2500);
    QTest::newRow("spaces around") << QStringLiteral(" 6m30s ") << qint64(390000);
    QTest::newRow("m:ss") << QStringLiteral("2:10") << qint64(130000);
    QTest::newRow("h:mm:ss") << QStringLiteral("1:02:03") << qint64(3723000);
    QTest::newRow("m:ss.f") << QStringLiteral("2:10.5") << qint64(130500);
    QTest::newRow("long m:ss") << QStringLiteral("75:00") << qint64(4500000);
    QTest::newRow("units out of order") << QStringLiteral("30s6m") << qint64(-1);
    QTest::newRow("unit twice") << QStringLiteral("1m1m") << qint64(-1);
    QTest::newRow("junk between") << QStringLiteral("6m 30s") << qint64(-1);
    QTest::newRow("trailing junk") << QStringLiteral("6m30") << qint64(-1);
    QTest::newRow("seconds past 59") << QStringLiteral("2:60") << qint64(-1);
    QTest::newRow("minutes past 59 with hours") << QStringLiteral("1:60:00") << qint64(-1);
    QTest::newRow("colon alone") << QStringLiteral(":") << qint64(-1);
    QTest::newRow("negative clock") << QStringLiteral("-2:10") << qint64(-1);
    QTest::newRow("empty") << QString() << qint64(-1);
}

void tst_AppOptions::parseTime()
{
    QFETCH(QString, text);
    QFETCH(qint64, ms);
    const auto t = AppOptions::parseTime(text);
    if (ms < 0) {
        QVERIFY(!t);
    } else {
        QVERIFY(t);
        QCOMPARE(*t, ms);
    }
}

void tst_AppOptions::parseSize_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QSize>("size"); // invalid: refused
    QTest::newRow("plain") << QStringLiteral("1600x1000") << QSize(1600, 1000);
    QTest::newRow("capital X") << QStringLiteral("800X600") << QSize(800, 600);
    QTest::newRow("too small") << QStringLiteral("100x100") << QSize();
    QTest::newRow("junk") << QStringLiteral("big") << QSize();
}

void tst_AppOptions::parseSize()
{
    QFETCH(QString, text);
    QFETCH(QSize, size);
    const auto s = AppOptions::parseSize(text);
    QCOMPARE(s.has_value(), size.isValid());
    if (s) {
        QCOMPARE(*s, size);
    }
}

void tst_AppOptions::parsesEveryOption()
{
    AppOptions o;
    QString message;
    const QStringList args = { QStringLiteral("rebalance-lab"), QStringLiteral("world.json"),
        QStringLiteral("--lang"), QStringLiteral("zh_CN"), QStringLiteral("--speed"),
        QStringLiteral("50"), QStringLiteral("--strategy"), QStringLiteral("CONSISTENT_HASH"),
        QStringLiteral("--plugin-dir"), QStringLiteral("/a"), QStringLiteral("--plugin-dir"),
        QStringLiteral("/b"), QStringLiteral("--screenshot"), QStringLiteral("x.png"),
        QStringLiteral("--at"), QStringLiteral("90s"), QStringLiteral("--size"),
        QStringLiteral("1024x768") };
    QCOMPARE(AppOptions::parse(args, &o, &message), AppOptions::Outcome::Run);
    QCOMPARE(o.scenario, QStringLiteral("world.json"));
    QCOMPARE(o.language, QStringLiteral("zh_CN"));
    QCOMPARE(*o.speed, 50.0);
    QCOMPARE(o.strategy, QStringLiteral("CONSISTENT_HASH"));
    QCOMPARE(o.pluginDirs, QStringList({ QStringLiteral("/a"), QStringLiteral("/b") }));
    QCOMPARE(o.screenshot, QStringLiteral("x.png"));
    QCOMPARE(*o.at, qint64(90000));
    QCOMPARE(o.size, QSize(1024, 768));

    QCOMPARE(AppOptions::parse({ QStringLiteral("rebalance-lab"), QStringLiteral("--speed"),
                                   QStringLiteral("0.01") },
                 &o, &message),
        AppOptions::Outcome::Error);
    QVERIFY(message.contains(QStringLiteral("0.1")));
    QCOMPARE(AppOptions::parse({ QStringLiteral("rebalance-lab"), QStringLiteral("a.json"),
                                   QStringLiteral("b.json") },
                 &o, &message),
        AppOptions::Outcome::Error);

    // A JavaScript strategy's time limit per call: 1 to 3,600,000 ms.
    AppOptions js;
    QCOMPARE(AppOptions::parse({ QStringLiteral("rebalance-lab"), QStringLiteral("--js-timeout"),
                                   QStringLiteral("250") },
                 &js, &message),
        AppOptions::Outcome::Run);
    QCOMPARE(js.jsTimeoutMs, qint64(250));
    QCOMPARE(AppOptions::parse({ QStringLiteral("rebalance-lab") }, &js, &message),
        AppOptions::Outcome::Run);
    QCOMPARE(js.jsTimeoutMs, qint64(0)); // the setting, else the plugin's default
    for (const char *bad : { "0", "3600001", "1s" }) {
        QCOMPARE(AppOptions::parse({ QStringLiteral("rebalance-lab"),
                                       QStringLiteral("--js-timeout"), QString::fromLatin1(bad) },
                     &js, &message),
            AppOptions::Outcome::Error);
        QVERIFY2(message.contains(QStringLiteral("--js-timeout")), qPrintable(message));
    }
}

void tst_AppOptions::restoreOptions_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("restore"); // AppOptions::Restore; -1: refused
    QTest::addColumn<QString>("autosaveDir");
    QTest::newRow("default asks") << QStringList() << int(AppOptions::Restore::Ask) << QString();
    QTest::newRow("restore") << QStringList { QStringLiteral("--restore-session") }
                             << int(AppOptions::Restore::Always) << QString();
    QTest::newRow("no restore, own folder") << QStringList {
        QStringLiteral("--no-restore"), QStringLiteral("--autosave-dir"), QStringLiteral("/tmp/a")
    } << int(AppOptions::Restore::Never) << QStringLiteral("/tmp/a");
    QTest::newRow("both") << QStringList { QStringLiteral("--restore-session"),
        QStringLiteral("--no-restore") }
                          << -1 << QString();
    QTest::newRow("restore and a scenario") << QStringList { QStringLiteral("--restore-session"),
        QStringLiteral("world.json") } << -1 << QString();
    QTest::newRow("restore and a screenshot") << QStringList { QStringLiteral("--restore-session"),
        QStringLiteral("--screenshot"), QStringLiteral("x.png"), QStringLiteral("--at"),
        QStringLiteral("1s") } << -1 << QString();
}

void tst_AppOptions::restoreOptions()
{
    QFETCH(QStringList, args);
    QFETCH(int, restore);
    QFETCH(QString, autosaveDir);
    AppOptions o;
    QString message;
    const auto outcome
        = AppOptions::parse(QStringList { QStringLiteral("rebalance-lab") } + args, &o, &message);
    if (restore < 0) {
        QCOMPARE(outcome, AppOptions::Outcome::Error);
        QVERIFY2(message.contains(QStringLiteral("--restore-session")), qPrintable(message));
        return;
    }
    QCOMPARE(outcome, AppOptions::Outcome::Run);
    QCOMPARE(int(o.restore), restore);
    QCOMPARE(o.autosaveDir, autosaveDir);
}

void tst_AppOptions::lacksDisplay()
{
    using Rblab::AppOptions;
#if defined(Q_OS_UNIX) && !defined(Q_OS_DARWIN)
    QVERIFY(AppOptions::lacksDisplay({}, {}, {}));
    QVERIFY(!AppOptions::lacksDisplay(":0", {}, {}));
    QVERIFY(!AppOptions::lacksDisplay({}, "wayland-0", {}));
    // A platform the user chose is theirs to keep (offscreen, vnc, eglfs…).
    QVERIFY(!AppOptions::lacksDisplay({}, {}, "vnc"));
#else
    QVERIFY(!AppOptions::lacksDisplay({}, {}, {}));
#endif
}

void tst_AppOptions::liveOptions()
{
    // --connect with --group watches a live group; --screenshot needs no --at then.
    AppOptions o;
    QString message;
    QCOMPARE(
        AppOptions::parse({ QStringLiteral("rebalance-lab"), QStringLiteral("--connect"),
                              QStringLiteral("127.0.0.1:9876"), QStringLiteral("--group"),
                              QStringLiteral("G"), QStringLiteral("--polls"), QStringLiteral("14"),
                              QStringLiteral("--fork"), QStringLiteral("CONSISTENT_HASH"),
                              QStringLiteral("--screenshot"), QStringLiteral("x.png") },
            &o, &message),
        AppOptions::Outcome::Run);
    QCOMPARE(o.connectTo, QStringLiteral("127.0.0.1:9876"));
    QCOMPARE(o.compareGroup, QStringLiteral("G"));
    QCOMPARE(o.polls, 14);
    QCOMPARE(o.forkVariants, QStringList { QStringLiteral("CONSISTENT_HASH") });
    AppOptions noGroup;
    QCOMPARE(AppOptions::parse({ QStringLiteral("rebalance-lab"), QStringLiteral("--connect"),
                                   QStringLiteral("127.0.0.1:9876") },
                 &noGroup, &message),
        AppOptions::Outcome::Error);
    QVERIFY2(message.contains(QStringLiteral("--connect needs --group")), qPrintable(message));
    AppOptions badPolls;
    QCOMPARE(
        AppOptions::parse({ QStringLiteral("rebalance-lab"), QStringLiteral("--connect"),
                              QStringLiteral("h:1"), QStringLiteral("--group"), QStringLiteral("G"),
                              QStringLiteral("--polls"), QStringLiteral("0") },
            &badPolls, &message),
        AppOptions::Outcome::Error);
    QVERIFY(message.contains(QStringLiteral("--polls")));
    AppOptions forkAlone;
    QCOMPARE(AppOptions::parse({ QStringLiteral("rebalance-lab"), QStringLiteral("--fork"),
                                   QStringLiteral("AVG") },
                 &forkAlone, &message),
        AppOptions::Outcome::Error);
    QCOMPARE(message, QStringLiteral("--fork only goes with --connect or --open-recording"));
    AppOptions pollsAlone;
    QCOMPARE(AppOptions::parse({ QStringLiteral("rebalance-lab"), QStringLiteral("--polls"),
                                   QStringLiteral("3") },
                 &pollsAlone, &message),
        AppOptions::Outcome::Error);
    QCOMPARE(message, QStringLiteral("--polls only goes with --connect"));
    // A recording: --screenshot needs no --at (its last poll), --fork shoots the fork.
    AppOptions recording;
    QCOMPARE(AppOptions::parse(
                 { QStringLiteral("rebalance-lab"), QStringLiteral("--open-recording"),
                     QStringLiteral("w.json"), QStringLiteral("--fork"), QStringLiteral("AVG"),
                     QStringLiteral("--screenshot"), QStringLiteral("x.png") },
                 &recording, &message),
        AppOptions::Outcome::Run);
    QCOMPARE(recording.openRecording, QStringLiteral("w.json"));
    QCOMPARE(recording.forkVariants, QStringList { QStringLiteral("AVG") });
    AppOptions both;
    QCOMPARE(AppOptions::parse(
                 { QStringLiteral("rebalance-lab"), QStringLiteral("--open-recording"),
                     QStringLiteral("w.json"), QStringLiteral("--connect"), QStringLiteral("h:1"),
                     QStringLiteral("--group"), QStringLiteral("G") },
                 &both, &message),
        AppOptions::Outcome::Error);
    QVERIFY2(message.startsWith(QStringLiteral("--open-recording goes without --connect")),
        qPrintable(message));
}

QTEST_MAIN(tst_AppOptions)
#include "tst_appoptions.moc"
