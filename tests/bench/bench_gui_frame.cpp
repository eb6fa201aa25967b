// SPDX-License-Identifier: Apache-2.0
// Frame time of the assignment view: 1,024 queues × 128 consumers (target ≤ 8 ms) and its largest
// promised size, 10,240 queues × 1,024 consumers (≤ 16 ms), software rendering into a QImage. A
// frame is what the window does per published frame: take the new snapshot (rebuild the tile list,
// start travels) and paint.
#include "benchresults.h"
#include "testworld.h"

#include <assignment/assignmentview.h>

#include <QElapsedTimer>
#include <QImage>
#include <QPainter>
#include <QTest>

#include <algorithm>

using namespace Rblab;

class bench_GuiFrame : public QObject
{
    Q_OBJECT

private slots:
    void frame_data();
    void frame();
};

namespace {

double median(QList<double> values)
{
    std::sort(values.begin(), values.end());
    return values.isEmpty() ? 0 : values.at(values.size() / 2);
}

} // namespace

void bench_GuiFrame::frame_data()
{
    QTest::addColumn<int>("queues");
    QTest::addColumn<int>("consumers");
    QTest::addColumn<double>("target");
    // Issue 12's targets, with the level of detail the view picks at each size.
    QTest::newRow("1024q_128c") << 1024 << 128 << 8.0;
    QTest::newRow("10240q_1024c") << 10240 << 1024 << 16.0;
}

void bench_GuiFrame::frame()
{
    QFETCH(int, queues);
    QFETCH(int, consumers);
    QFETCH(double, target);
    const QString size = QString::fromLatin1(QTest::currentDataTag());
    const TestWorld world(queues, consumers, 4);
    // Two worlds that differ by a rebalance of every eighth queue, so each frame moves tiles.
    QList<QList<qint32>> a;
    QList<QList<qint32>> b;
    for (int q = 0; q < world.queueCount(); ++q) {
        a.append(QList<qint32> { q % consumers });
        b.append(QList<qint32> { q % 8 == 0 ? (q + 1) % consumers : q % consumers });
    }
    const WorldSnapshot snapshots[2] = { world.snapshot(a), world.snapshot(b) };

    AssignmentView view;
    view.resize(1280, 720);
    view.setSpeed(1); // travels on: the costlier case
    QImage image(view.size(), QImage::Format_ARGB32_Premultiplied);
    view.setFrame(world.catalog(), snapshots[0], 1);
    view.render(&image);

    QList<double> frames;
    QList<double> paints;
    QElapsedTimer timer;
    for (int i = 0; i < 120; ++i) {
        timer.start();
        view.setFrame(world.catalog(), snapshots[(i + 1) % 2], 1);
        const qint64 updated = timer.nsecsElapsed();
        QPainter painter(&image);
        view.paintContent(painter);
        painter.end();
        const qint64 done = timer.nsecsElapsed();
        frames.append(double(done) / 1e6);
        paints.append(double(done - updated) / 1e6);
    }
    QVERIFY(view.tileCount() == world.queueCount());
    const double frame = median(frames);
    const double paint = median(paints);
    qInfo("%s: detail level %d; median frame %.2f ms (paint %.2f ms) over %lld frames",
        qPrintable(size), int(view.detail()), frame, paint, qint64(frames.size()));
    BenchResults::record(QStringLiteral("gui.frame.") + size, frame, QStringLiteral("ms"),
        QStringLiteral("1280x720, software, snapshot update + paint, median of 120; target ≤ %1 ms")
            .arg(target));
    BenchResults::record(QStringLiteral("gui.paint.") + size, paint, QStringLiteral("ms"),
        QStringLiteral("paint only"));
    if (qEnvironmentVariableIsSet("RBLAB_BENCH_IMAGE")) {
        image.save(qEnvironmentVariable("RBLAB_BENCH_IMAGE") + QLatin1Char('.') + size
            + QStringLiteral(".png"));
    }
    QVERIFY2(frame <= target,
        qPrintable(QStringLiteral("a frame takes %1 ms, more than %2 ms").arg(frame).arg(target)));
}

QTEST_MAIN(bench_GuiFrame)
#include "bench_gui_frame.moc"
