// SPDX-License-Identifier: Apache-2.0
// Committing a QSaveFile only when every byte reached the disk.
#pragma once

#include <rblab/rblab_global.h>

#include <QByteArrayView>
#include <QSaveFile>
#include <QString>

#include <functional>
#include <initializer_list>

namespace Rblab {

/*!
    QSaveFile::commit(), once every byte written reached the file. QFileDevice buffers writes;
    Qt 6.4's commit() flushes that buffer in close() without noticing that the flush failed, so
    on a full disk it replaced the old file with an empty or cut one and returned true (seen:
    `import-logs --report` left 0 bytes, `compare --output` 4096 of an HTML page, exit 0). The
    buffer is flushed first; when that fails nothing is committed, the old file stays, and
    errorString() says why ("No space left on device"). When it returns false, call nothing but
    errorString(): the temporary file goes with the QSaveFile.
*/
RBLAB_ENGINE_EXPORT bool commitFully(QSaveFile &file);

/*!
    Commits several files as one set: all of them when every one was written in full, none
    otherwise (a CSV set is never half old, half new). Returns the first file that failed, or
    nullptr. A rename can still fail part-way (another process, a vanished folder): rare, and
    named in the error.
*/
RBLAB_ENGINE_EXPORT QSaveFile *commitAll(std::initializer_list<QSaveFile *> files);

/*!
    Writes `bytes` to `path` whole or not at all, and says why not: a regular file (or a new
    one) through a QSaveFile and commitFully(); a device or a FIFO in place, unbuffered, so that
    a refused write is seen at once (/dev/full: "No space left on device"), since QSaveFile's
    rename would replace the node itself. Returns an empty string on success, else the reason
    (never "Unknown error": a write that stopped short without a reason says so).
*/
RBLAB_ENGINE_EXPORT QString writeWholeFile(const QString &path, const QByteArray &bytes);

/*!
    The same, for output too large to hold at once: `write` writes it to the device piece by
    piece and returns false when a write failed (writeAll()). A report of 10,000 clients is
    tens of MiB that never need to be in memory whole (issue 39).
*/
RBLAB_ENGINE_EXPORT QString writeWholeFile(
    const QString &path, const std::function<bool(QIODevice &)> &write);

//! Writes every byte, going on after short writes; false when a write fails.
RBLAB_ENGINE_EXPORT bool writeAll(QIODevice &out, QByteArrayView bytes);

} // namespace Rblab
