// SPDX-License-Identifier: Apache-2.0
// Reads a RocketMQ client log file line by line, plain or gzip, in fixed memory.
#pragma once

#include <rblab/rblab_global.h>

#include <QByteArray>
#include <QFile>
#include <QString>

#include <memory>

namespace Rblab {

/*!
    One log file as a stream of physical lines. 4.9's rotations (`rocketmq_client.log.N`) are
    plain; 5.3's (`other_days/rocketmq_client-N.log.gz`, logback FixedWindowRollingPolicy) are
    gzip: the first two bytes decide, not the name. Line ends may be CRLF (4.9's DefaultLayout
    writes "\r\n" on every OS, LoggingBuilder:1215-1221) or LF (5.3's %n); the "\r" is removed.
    Memory stays at one read buffer plus the longest line (at most kMaxLineBytes), whatever the
    file's size.
*/
class RBLAB_ENGINE_EXPORT LogFileReader
{
public:
    LogFileReader();
    ~LogFileReader();
    LogFileReader(const LogFileReader &) = delete;
    LogFileReader &operator=(const LogFileReader &) = delete;

    //! Opens the file; false with error() for a directory, a missing or empty file, or binary
    //! data (a NUL byte in the first 64 KiB of text).
    bool open(const QString &path);
    //! The next physical line without its line end; false at the end or on a stream error.
    //! A line longer than kMaxLineBytes comes cut to them (lastLineCut()).
    bool readLine(QByteArray *line);
    //! Whether the line readLine() returned last was cut at kMaxLineBytes.
    bool lastLineCut() const { return m_lastLineCut; }
    //! RocketMQ's client lines are short (a stack trace is one line a frame); 1 MiB is garbage.
    static constexpr qsizetype kMaxLineBytes = 1 << 20;

    bool isGzip() const { return m_gzip; }
    //! After readLine() returned false: why it stopped early ("truncated gzip stream after …"),
    //! or empty at a clean end.
    QString error() const { return m_error; }
    qint64 lineNumber() const { return m_lineNumber; }
    //! Bytes read from the file so far (compressed bytes for gzip): for a progress bar.
    qint64 bytesRead() const { return m_fileBytesRead; }
    qint64 fileSize() const { return m_fileSize; }

private:
    bool fill();

    struct Inflater;
    QFile m_file;
    std::unique_ptr<Inflater> m_inflater;
    QByteArray m_raw; //!< compressed input buffer
    QByteArray m_buffer; //!< text not yet returned
    qsizetype m_pos = 0;
    bool m_gzip = false;
    bool m_eof = false;
    QString m_error;
    qint64 m_lineNumber = 0;
    bool m_lastLineCut = false;
    qint64 m_fileBytesRead = 0;
    qint64 m_fileSize = 0;
};

} // namespace Rblab
