// SPDX-License-Identifier: Apache-2.0
// Frame time of the assignment view at its largest promised size: 1,024 queues × 128 consumers,
// software rendering into a QImage. A frame is what the window does per published frame: take
// the new snapshot (rebuild the tile list, start travels) and paint.
#include "benchresults.h"
#include "testworld.h"

#include <assignmentview.h>

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
    void frame1024x128();
};

namespace {

double median(QList<double> values)
{
    std::sort(values.begin(), values.end());
    return values.isEmpty() ? 0 : values.at(values.size() / 2);
}

} // namespace

void bench_GuiFrame::frame1024x128()
{
    const TestWorld world(1024, 128, 4);
    // Two worlds that differ by a rebalance of every eighth queue, so each frame moves tiles.
    QList<QList<qint32>> a;
    QList<QList<qint32>> b;
    for (int q = 0; q < world.queueCount(); ++q) {
        a.append(QList<qint32> { q % 128 });
        b.append(QList<qint32> { q % 8 == 0 ? (q + 1) % 128 : q % 128 });
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
    qInfo("detail level %d; median frame %.2f ms (paint %.2f ms) over %lld frames",
        int(view.detail()), frame, paint, qint64(frames.size()));
    BenchResults::record(QStringLiteral("gui.frame.1024q_128c"), frame, QStringLiteral("ms"),
        QStringLiteral("1280x720, software, snapshot update + paint, median of 120"));
    BenchResults::record(QStringLiteral("gui.paint.1024q_128c"), paint, QStringLiteral("ms"),
        QStringLiteral("paint only"));
    if (qEnvironmentVariableIsSet("RBLAB_BENCH_IMAGE")) {
        image.save(qEnvironmentVariable("RBLAB_BENCH_IMAGE"));
    }
    QVERIFY2(frame <= 16.0,
        qPrintable(QStringLiteral("a frame takes %1 ms, more than 16 ms").arg(frame)));
}

QTEST_MAIN(bench_GuiFrame)
#include "bench_gui_frame.moc"
