// SPDX-License-Identifier: Apache-2.0
#include "export/clipexporter.h"

#include "assignment/assignmentview.h"
#include "teaching/narrationoverlay.h"
#include "simulation/simulationcontroller.h"

#include <QBuffer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QPainter>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <cmath>

namespace Rblab {

int ClipExporter::frameCount(const Options &options)
{
    if (options.to < options.from || options.fps <= 0 || options.speed <= 0) {
        return 0;
    }
    const double clipMs = double(options.to - options.from) / options.speed;
    return int(std::floor(clipMs * options.fps / 1000.0)) + 1;
}

QString ClipExporter::ffmpeg()
{
    return QStandardPaths::findExecutable(QStringLiteral("ffmpeg"));
}

bool ClipExporter::write(const Scenario &scenario, const StrategyRegistry &registry,
    const Options &options, const std::function<bool(int, int)> &progress, QString *error)
{
    const auto fail = [error](const QString &message) {
        if (error) {
            *error = message;
        }
        return false;
    };
    const int total = frameCount(options);
    if (total <= 0 || options.size.isEmpty()) {
        return fail(tr("nothing to export: the range, frame rate, speed or size is empty"));
    }
    const QFileInfo target(options.path);
    if (options.path.isEmpty() || target.exists()) {
        return fail(tr("%1 exists already; choose a new name").arg(options.path));
    }
    const QString program = options.format == Format::PngSequence ? QString() : ffmpeg();
    if (options.format != Format::PngSequence && program.isEmpty()) {
        return fail(tr("ffmpeg is not installed: export a PNG sequence instead"));
    }

    // Frames and the encoder's output stay beside the target until the end (one rename).
    QTemporaryDir work(target.absolutePath() + QStringLiteral("/.rblab-clip-XXXXXX"));
    if (!work.isValid()) {
        return fail(tr("cannot write in %1: %2").arg(target.absolutePath(), work.errorString()));
    }

    SimulationController controller(registry);
    controller.load(scenario);
    AssignmentView view;
    view.setAttribute(Qt::WA_DontShowOnScreen);
    view.resize(options.size);
    NarrationOverlay narration(&view);
    narration.setNarration(scenario.narration);

    QProcess encoder;
    const QString encoded = work.filePath(
        options.format == Format::Gif ? QStringLiteral("clip.gif") : QStringLiteral("clip.webm"));
    if (!program.isEmpty()) {
        QStringList args = { QStringLiteral("-hide_banner"), QStringLiteral("-loglevel"),
            QStringLiteral("error"), QStringLiteral("-f"), QStringLiteral("image2pipe"),
            QStringLiteral("-framerate"), QString::number(options.fps), QStringLiteral("-i"),
            QStringLiteral("-") };
        if (options.format == Format::Gif) {
            // One palette for the whole clip: the view's few flat colours stay exact.
            args << QStringLiteral("-filter_complex")
                 << QStringLiteral("split[a][b];[a]palettegen=stats_mode=full[p];[b][p]paletteuse");
        } else {
            args << QStringLiteral("-c:v") << QStringLiteral("libvpx-vp9") << QStringLiteral("-b:v")
                 << QStringLiteral("0") << QStringLiteral("-crf") << QStringLiteral("32")
                 << QStringLiteral("-pix_fmt") << QStringLiteral("yuv420p");
        }
        args << encoded;
        encoder.start(program, args);
        if (!encoder.waitForStarted()) {
            return fail(tr("ffmpeg did not start: %1").arg(encoder.errorString()));
        }
    }

    for (int i = 0; i < total; ++i) {
        const SimTime t
            = options.from + SimTime(std::llround(i * 1000.0 * options.speed / options.fps));
        controller.runTo(std::min(t, options.to));
        if (!controller.hasRun()) {
            return fail(tr("the run stopped: %1").arg(controller.lastError()));
        }
        view.setFrame(controller.catalog(), controller.snapshot(), controller.generation());
        view.settle();
        narration.setTime(controller.catalog(), controller.now(), controller.generation());
        QImage frame(options.size, QImage::Format_RGB32);
        {
            QPainter painter(&frame);
            view.paintContent(painter);
            narration.paintCallout(painter);
        }
        QByteArray png;
        QBuffer buffer(&png);
        buffer.open(QIODevice::WriteOnly);
        frame.save(&buffer, "PNG");
        if (program.isEmpty()) {
            QFile file(
                work.filePath(QStringLiteral("frame-%1.png").arg(i, 5, 10, QLatin1Char('0'))));
            if (!file.open(QIODevice::WriteOnly) || file.write(png) != png.size()) {
                return fail(tr("cannot write %1: %2").arg(file.fileName(), file.errorString()));
            }
        } else {
            encoder.write(png);
            while (encoder.bytesToWrite() > 0 && encoder.state() == QProcess::Running) {
                encoder.waitForBytesWritten(1000);
            }
            if (encoder.state() != QProcess::Running) {
                return fail(tr("ffmpeg stopped: %1")
                                .arg(QString::fromLocal8Bit(encoder.readAllStandardError())));
            }
        }
        if (progress && !progress(i + 1, total)) {
            if (encoder.state() == QProcess::Running) {
                encoder.kill();
                encoder.waitForFinished();
            }
            return fail(tr("cancelled"));
        }
    }

    if (!program.isEmpty()) {
        encoder.closeWriteChannel();
        encoder.waitForFinished(-1);
        if (encoder.exitStatus() != QProcess::NormalExit || encoder.exitCode() != 0) {
            return fail(tr("ffmpeg failed: %1")
                            .arg(QString::fromLocal8Bit(encoder.readAllStandardError())));
        }
        if (!QFile::rename(encoded, options.path)) {
            return fail(tr("cannot rename the clip to %1").arg(options.path));
        }
        return true;
    }
    // The whole folder of frames becomes the target at once.
    work.setAutoRemove(false);
    if (!QDir().rename(work.path(), options.path)) {
        QDir(work.path()).removeRecursively();
        return fail(tr("cannot rename the frames' folder to %1").arg(options.path));
    }
    return true;
}

} // namespace Rblab
