// SPDX-License-Identifier: Apache-2.0
// rebalance-lab --screenshot: the real program, run as a user runs it.
#include <QImage>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

class tst_Screenshot : public QObject
{
    Q_OBJECT

private slots:
    void writesPngOfRequestedSize_data();
    void writesPngOfRequestedSize();
    void refusesBadArguments();

private:
    int run(const QStringList &arguments, QString *output);
};

int tst_Screenshot::run(const QStringList &arguments, QString *output)
{
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
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
    QTest::newRow("en, 90s, 1280x800")
        << QStringLiteral("en") << QStringLiteral("90s") << QSize(1280, 800);
    QTest::newRow("zh_CN, 2m, 1024x700")
        << QStringLiteral("zh_CN") << QStringLiteral("2m") << QSize(1024, 700);
}

void tst_Screenshot::writesPngOfRequestedSize()
{
    QFETCH(QString, language);
    QFETCH(QString, at);
    QFETCH(QSize, size);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("shot.png"));
    QString output;
    const int code = run({ QStringLiteral("--lang"), language, QStringLiteral("--screenshot"), path,
                             QStringLiteral("--at"), at, QStringLiteral("--size"),
                             QStringLiteral("%1x%2").arg(size.width()).arg(size.height()) },
        &output);
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
}

QTEST_MAIN(tst_Screenshot)
#include "tst_screenshot.moc"
