// SPDX-License-Identifier: Apache-2.0
// Clip export (issue 10, point 5): a short range of a bundled scenario as a PNG sequence and,
// when Debian's ffmpeg is installed, an animated GIF: frame count, image size, atomic result,
// cancellation leaving nothing behind.
#include <allocation/strategyregistry.h>
#include <export/clipexporter.h>
#include <scenario/scenarioreader.h>

#include <QDir>
#include <QImage>
#include <QImageReader>
#include <QTemporaryDir>
#include <QTest>

using namespace Rblab;

class tst_ClipExport : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void frameCount_data();
    void frameCount();
    void pngSequence();
    void gif();
    void cancelLeavesNothing();
    void refusesAnExistingTarget();

private:
    ClipExporter::Options options(const QString &path) const;
    StrategyRegistry m_registry;
    Scenario m_scenario;
};

void tst_ClipExport::initTestCase()
{
    StrategyRegistry::Sources sources;
    sources.user = false;
    sources.environment = false;
    m_registry.load(sources);
    QVERIFY(m_registry.find(QStringLiteral("AVG")));
    const ScenarioReadResult read = ScenarioReader::readFile(
        QStringLiteral(RBLAB_SOURCE_DIR "/resources/scenarios/kill-freeze-shutdown.json"),
        &m_registry);
    QVERIFY2(read.ok(), qPrintable(read.errorText()));
    m_scenario = *read.scenario;
}

ClipExporter::Options tst_ClipExport::options(const QString &path) const
{
    ClipExporter::Options o;
    // 1:58 to 2:00: the shutdown at 2:00 and its narration are in the last frame.
    o.from = 118 * kSecond;
    o.to = 120 * kSecond;
    o.fps = 5;
    o.size = QSize(320, 200);
    o.path = path;
    return o;
}

void tst_ClipExport::frameCount_data()
{
    QTest::addColumn<qint64>("range");
    QTest::addColumn<int>("fps");
    QTest::addColumn<double>("speed");
    QTest::addColumn<int>("frames");
    QTest::newRow("2 s at 5 fps") << qint64(2000) << 5 << 1.0 << 11;
    QTest::newRow("2 s at 5 fps, 2x") << qint64(2000) << 5 << 2.0 << 6;
    QTest::newRow("one instant") << qint64(0) << 10 << 1.0 << 1;
    QTest::newRow("60 s at 10 fps, 10x") << qint64(60000) << 10 << 10.0 << 61;
    QTest::newRow("no frame rate") << qint64(2000) << 0 << 1.0 << 0;
}

void tst_ClipExport::frameCount()
{
    QFETCH(qint64, range);
    QFETCH(int, fps);
    QFETCH(double, speed);
    QFETCH(int, frames);
    ClipExporter::Options o;
    o.from = 5000;
    o.to = 5000 + range;
    o.fps = fps;
    o.speed = speed;
    QCOMPARE(ClipExporter::frameCount(o), frames);
}

void tst_ClipExport::pngSequence()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("clip"));
    int calls = 0;
    QString error;
    QVERIFY2(ClipExporter::write(
                 m_scenario, m_registry, options(path),
                 [&](int done, int total) {
                     ++calls;
                     return done <= total;
                 },
                 &error),
        qPrintable(error));
    QCOMPARE(calls, 11);
    const QStringList frames
        = QDir(path).entryList({ QStringLiteral("frame-*.png") }, QDir::Files, QDir::Name);
    QCOMPARE(frames.size(), 11);
    QCOMPARE(frames.first(), QStringLiteral("frame-00000.png"));
    QCOMPARE(frames.last(), QStringLiteral("frame-00010.png"));
    const QImage first(QDir(path).filePath(frames.first()));
    const QImage last(QDir(path).filePath(frames.last()));
    QCOMPARE(first.size(), QSize(320, 200));
    QCOMPARE(last.size(), QSize(320, 200));
    // The shutdown at 2:00 changes the picture (a card greys, its queues move, a callout shows).
    QVERIFY(first != last);
    // Nothing else beside it: the temporary folder became the target.
    QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden),
        QStringList { QStringLiteral("clip") });
}

void tst_ClipExport::gif()
{
    if (ClipExporter::ffmpeg().isEmpty()) {
        QSKIP("ffmpeg is not installed");
    }
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("clip.gif"));
    ClipExporter::Options o = options(path);
    o.format = ClipExporter::Format::Gif;
    QString error;
    QVERIFY2(ClipExporter::write(m_scenario, m_registry, o, {}, &error), qPrintable(error));
    QImageReader reader(path);
    QVERIFY2(reader.canRead(), qPrintable(reader.errorString()));
    QCOMPARE(reader.format(), QByteArray("gif"));
    QCOMPARE(reader.size(), QSize(320, 200));
    QCOMPARE(reader.imageCount(), 11);
    QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden),
        QStringList { QStringLiteral("clip.gif") });
}

void tst_ClipExport::cancelLeavesNothing()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("clip"));
    QString error;
    QVERIFY(!ClipExporter::write(
        m_scenario, m_registry, options(path), [](int done, int) { return done < 3; }, &error));
    QCOMPARE(error, QStringLiteral("cancelled"));
    QVERIFY(QDir(dir.path())
                .entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden)
                .isEmpty());
}

void tst_ClipExport::refusesAnExistingTarget()
{
    QTemporaryDir dir;
    QString error;
    QVERIFY(!ClipExporter::write(m_scenario, m_registry, options(dir.path()), {}, &error));
    QCOMPARE(error, QStringLiteral("%1 exists already; choose a new name").arg(dir.path()));
}

QTEST_MAIN(tst_ClipExport)
#include "tst_clipexport.moc"
