// SPDX-License-Identifier: Apache-2.0
// Renders a time range of a run as a clip for slides: a PNG sequence, an animated GIF or WebM.
#pragma once

#include <scenario/scenario.h>

#include <QCoreApplication>
#include <QSize>
#include <QString>

#include <functional>

namespace Rblab {

class StrategyRegistry;

/*!
    Runs the scenario afresh (the engine is deterministic: the same file and seed give the same
    run as on screen) over [from, to] offscreen, paints the assignment view and its narration
    callout into a frame every 1/fps s of clip time (`speed` virtual ms per clip ms), and writes
    the frames: numbered PNGs (frame-00000.png…) into a folder, or through Debian's ffmpeg
    (QProcess, frames piped as PNG) into a GIF or WebM. The result appears whole or not at all:
    frames go to a temporary name beside the target, renamed at the end.

    GUI thread only (it paints widgets); progress(done, total) is called after each frame and
    returning false cancels.
*/
class ClipExporter
{
    Q_DECLARE_TR_FUNCTIONS(Rblab::ClipExporter)

public:
    enum class Format { PngSequence, Gif, WebM };

    struct Options
    {
        SimTime from = 0;
        SimTime to = 10 * kSecond;
        int fps = 10;
        double speed = 1.0; //!< virtual time per clip time
        QSize size = QSize(1280, 720);
        Format format = Format::PngSequence;
        QString path; //!< a folder (PNG sequence) or a file
    };

    //! The number of frames the options make (both ends included).
    static int frameCount(const Options &options);
    //! Debian's ffmpeg, when installed: its path, else empty.
    static QString ffmpeg();

    /*!
        Writes the clip; false with `error` set when it failed or was cancelled (then nothing
        is left at options.path or beside it).
    */
    static bool write(const Scenario &scenario, const StrategyRegistry &registry,
        const Options &options, const std::function<bool(int done, int total)> &progress,
        QString *error);
};

} // namespace Rblab
