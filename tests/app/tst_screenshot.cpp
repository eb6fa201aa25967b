// SPDX-License-Identifier: Apache-2.0
// rebalance-lab --screenshot: the real program, run as a user runs it.
#include <QImage>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

class tst_Screenshot : public QObject
{
    Q_OBJECT

private slots:
    void writesPngOfRequestedSize_data();
    void writesPngOfRequestedSize();
    void refusesBadArguments();
    void withoutDisplay();

private:
    //! Runs the program; `display` false: as on a machine without one (ssh, CI).
    int run(const QStringList &arguments, QString *output, bool display = true);
};

int tst_Screenshot::run(const QStringList &arguments, QString *output, bool display)
{
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    if (display) {
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    } else {
        env.remove(QStringLiteral("QT_QPA_PLATFORM"));
        env.remove(QStringLiteral("DISPLAY"));
        env.remove(QStringLiteral("WAYLAND_DISPLAY"));
    }
    env.insert(QStringLiteral("XDG_CONFIG_HOME"),
        QDir::temp().filePath(QStringLiteral("rblab-screenshot-test")));
    process.setProcessEnvironment(env);
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(QStringLiteral(RBLAB_BIN_DIR "/rebalance-lab"), arguments);
    if (!process.waitForFinished(120000)) {
        process.kill();
        return -1;
    }
    *output = QString::fromLocal8Bit(process.readAll());
    return process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
}

void tst_Screenshot::writesPngOfRequestedSize_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("at");
    QTest::addColumn<QSize>("size");
    QTest::addColumn<QStringList>("extra");
    QTest::newRow("en, 90s, 1280x800")
        << QStringLiteral("en") << QStringLiteral("90s") << QSize(1280, 800) << QStringList();
    QTest::newRow("zh_CN, 2m, 1024x700")
        << QStringLiteral("zh_CN") << QStringLiteral("2m") << QSize(1024, 700) << QStringList();
    // Compare mode from the command line (issue 9's screenshots are taken this way).
    QTest::newRow("compare, en, 2m, 1600x1000")
        << QStringLiteral("en") << QStringLiteral("2m") << QSize(1600, 1000)
        << QStringList { QStringLiteral("--compare"), QStringLiteral("AVG"),
               QStringLiteral("--compare"), QStringLiteral("CONSISTENT_HASH") };
    QTest::newRow("compare, zh_CN, 4 panes, 1280x720")
        << QStringLiteral("zh_CN") << QStringLiteral("70s") << QSize(1280, 720)
        << QStringList { QStringLiteral("--compare"), QStringLiteral("AVG"),
               QStringLiteral("--compare"), QStringLiteral("CONSISTENT_HASH"),
               QStringLiteral("--compare"), QStringLiteral("AVG_BY_CIRCLE"),
               QStringLiteral("--compare"), QStringLiteral("BOUNDED_RENDEZVOUS") };
}

void tst_Screenshot::writesPngOfRequestedSize()
{
    QFETCH(QString, language);
    QFETCH(QString, at);
    QFETCH(QSize, size);
    QFETCH(QStringList, extra);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("shot.png"));
    QString output;
    const QStringList arguments = QStringList { QStringLiteral("--lang"), language,
        QStringLiteral("--screenshot"), path, QStringLiteral("--at"), at, QStringLiteral("--size"),
        QStringLiteral("%1x%2").arg(size.width()).arg(size.height()) }
        + extra;
    const int code = run(arguments, &output);
    QVERIFY2(code == 0, qPrintable(output));
    QImage image(path);
    QVERIFY2(!image.isNull(), "no PNG written");
    QCOMPARE(image.size(), size);
    // A real picture, not a blank window: many distinct colours.
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 5) {
        for (int x = 0; x < image.width(); x += 5) {
            colours.insert(image.pixel(x, y));
        }
    }
    QVERIFY2(colours.size() > 50, qPrintable(QString::number(colours.size())));
}

void tst_Screenshot::refusesBadArguments()
{
    QString output;
    QCOMPARE(run({ QStringLiteral("--screenshot"), QStringLiteral("/tmp/x.png") }, &output), 2);
    QVERIFY2(output.contains(QStringLiteral("--at")), qPrintable(output));
    QCOMPARE(run({ QStringLiteral("--screenshot"), QStringLiteral("/tmp/x.png"),
                     QStringLiteral("--at"), QStringLiteral("soon") },
                 &output),
        2);
    QCOMPARE(run({ QStringLiteral("--speed"), QStringLiteral("5000") }, &output), 2);
    QVERIFY(output.contains(QStringLiteral("1000")));
    // Compare mode needs 2 to 4 variants that can run.
    QCOMPARE(run({ QStringLiteral("--compare"), QStringLiteral("AVG") }, &output), 2);
    QVERIFY2(output.contains(QStringLiteral("2 to 4 variants, not 1")), qPrintable(output));
    QCOMPARE(run({ QStringLiteral("--compare"), QStringLiteral("AVG"), QStringLiteral("--compare"),
                     QStringLiteral("NO_SUCH_STRATEGY") },
                 &output),
        2);
    QVERIFY2(output.contains(QStringLiteral("NO_SUCH_STRATEGY")), qPrintable(output));
    QCOMPARE(run({ QStringLiteral("--group"), QStringLiteral("g") }, &output), 2);
    QVERIFY2(output.contains(QStringLiteral("--compare")), qPrintable(output));
}

void tst_Screenshot::withoutDisplay()
{
    // Over ssh or on a build machine Qt used to abort in QApplication's constructor (exit 134,
    // "Reinstalling the application may fix this problem"), even for --version.
    QString output;
    QCOMPARE(run({ QStringLiteral("--version") }, &output, false), 0);
    QVERIFY2(output.contains(QRegularExpression(QStringLiteral("^rebalance-lab \\d+\\.\\d+"),
                 QRegularExpression::MultilineOption)),
        qPrintable(output));
    QCOMPARE(run({ QStringLiteral("--help") }, &output, false), 0);
    QVERIFY2(output.contains(QStringLiteral("--screenshot <FILE>")), qPrintable(output));
    QCOMPARE(run({ QStringLiteral("--speed"), QStringLiteral("5000") }, &output, false), 2);
    QVERIFY2(output.contains(QStringLiteral("1000")), qPrintable(output));
    // Opening the window says what is missing and what works without it, in the user's
    // language.
    QCOMPARE(run({ QStringLiteral("--lang"), QStringLiteral("en") }, &output, false), 1);
    QVERIFY2(output.contains(QStringLiteral("DISPLAY and WAYLAND_DISPLAY are not set")),
        qPrintable(output));
    QVERIFY2(
        output.contains(QStringLiteral("--screenshot")) && output.contains(QStringLiteral("rblab")),
        qPrintable(output));
    QVERIFY2(!output.contains(QStringLiteral("Reinstalling")), qPrintable(output));
    QCOMPARE(run({ QStringLiteral("--lang"), QStringLiteral("zh_CN") }, &output, false), 1);
    QVERIFY2(output.contains(QStringLiteral("xvfb-run")), qPrintable(output));
    QVERIFY2(!output.contains(QStringLiteral("Start it in a desktop session")), qPrintable(output));
    // A screenshot draws the window without one.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("shot.png"));
    QCOMPARE(run({ QStringLiteral("--lang"), QStringLiteral("en"), QStringLiteral("--screenshot"),
                     path, QStringLiteral("--at"), QStringLiteral("20s"), QStringLiteral("--size"),
                     QStringLiteral("800x600") },
                 &output, false),
        0);
    QCOMPARE(QImage(path).size(), QSize(800, 600));
}

QTEST_MAIN(tst_Screenshot)
#include "tst_screenshot.moc"
