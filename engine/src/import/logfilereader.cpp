// SPDX-License-Identifier: Apache-2.0
#include "import/logfilereader.h"

#include <QCoreApplication>
#include <QFileInfo>

#include <zlib.h>

namespace Rblab {

namespace {
constexpr qint64 kChunk = 1 << 20;
constexpr qint64 kBinaryProbe = 64 * 1024;
} // namespace

struct LogFileReader::Inflater
{
    z_stream stream {};
    bool initialised = false;
    bool memberEnded = false; //!< the last inflate() reached a gzip member's end
    ~Inflater()
    {
        if (initialised) {
            inflateEnd(&stream);
        }
    }
};

LogFileReader::LogFileReader() = default;
LogFileReader::~LogFileReader() = default;

bool LogFileReader::open(const QString &path)
{
    const QFileInfo info(path);
    if (info.isDir()) {
        m_error = QStringLiteral("%1: is a directory, not a log file").arg(path);
        return false;
    }
    if (!info.exists()) {
        m_error = QStringLiteral("%1: no such file").arg(path);
        return false;
    }
    m_file.setFileName(path);
    if (!m_file.open(QIODevice::ReadOnly)) {
        m_error = QStringLiteral("%1: cannot open: %2").arg(path, m_file.errorString());
        return false;
    }
    m_fileSize = m_file.size();
    // A FIFO or another stream has no size until read (`<(zcat …)`): what it gives decides,
    // below; only a regular file of size 0 is known empty now.
    if (m_fileSize == 0 && !m_file.isSequential()) {
        m_error = QStringLiteral("%1: empty file").arg(path);
        return false;
    }
    const QByteArray magic = m_file.peek(2);
    m_gzip = magic.size() == 2 && quint8(magic[0]) == 0x1f && quint8(magic[1]) == 0x8b;
    if (m_gzip) {
        m_inflater = std::make_unique<Inflater>();
        // 16 + MAX_WBITS: a gzip wrapper, as logback's GZIPOutputStream writes it.
        if (inflateInit2(&m_inflater->stream, 16 + MAX_WBITS) != Z_OK) {
            m_error = QStringLiteral("%1: zlib could not start").arg(path);
            return false;
        }
        m_inflater->initialised = true;
    }
    // Binary junk: a log is text; a NUL byte near the start means it is something else.
    while (m_buffer.size() < kBinaryProbe && fill()) { }
    if (m_buffer.left(kBinaryProbe).contains('\0')) {
        m_error = QStringLiteral("%1: binary data (a NUL byte at offset %2), not a RocketMQ client "
                                 "log")
                      .arg(path)
                      .arg(m_buffer.indexOf('\0'));
        return false;
    }
    if (m_buffer.isEmpty() && m_error.isEmpty()) {
        m_error = QStringLiteral("%1: empty file").arg(path);
        return false;
    }
    return true;
}

// Appends the next chunk of text to m_buffer; false at the end of the data or on an error.
bool LogFileReader::fill()
{
    if (m_eof) {
        return false;
    }
    if (m_pos > 0) {
        m_buffer.remove(0, m_pos);
        m_pos = 0;
    }
    if (!m_gzip) {
        const qsizetype old = m_buffer.size();
        m_buffer.resize(old + kChunk);
        const qint64 n = m_file.read(m_buffer.data() + old, kChunk);
        m_buffer.resize(old + qMax<qint64>(n, 0));
        if (n <= 0) {
            m_eof = true;
            if (n < 0) {
                m_error = m_file.errorString();
            }
            return false;
        }
        m_fileBytesRead += n;
        return true;
    }
    z_stream &z = m_inflater->stream;
    for (;;) {
        if (z.avail_in == 0) {
            m_raw.resize(kChunk);
            const qint64 n = m_file.read(m_raw.data(), kChunk);
            if (n <= 0) {
                m_eof = true;
                if (!m_inflater->memberEnded) {
                    m_error = QStringLiteral("truncated gzip stream after %1 compressed bytes")
                                  .arg(m_fileBytesRead);
                }
                return false;
            }
            m_fileBytesRead += n;
            z.next_in = reinterpret_cast<Bytef *>(m_raw.data());
            z.avail_in = uInt(n);
        }
        if (m_inflater->memberEnded) {
            // Another gzip member follows (concatenated files are valid gzip).
            inflateReset(&z);
            m_inflater->memberEnded = false;
        }
        const qsizetype old = m_buffer.size();
        m_buffer.resize(old + 4 * kChunk);
        z.next_out = reinterpret_cast<Bytef *>(m_buffer.data() + old);
        z.avail_out = uInt(4 * kChunk);
        const int rc = inflate(&z, Z_NO_FLUSH);
        const qsizetype produced = 4 * kChunk - z.avail_out;
        m_buffer.resize(old + produced);
        if (rc == Z_STREAM_END) {
            m_inflater->memberEnded = true;
        } else if (rc != Z_OK && rc != Z_BUF_ERROR) {
            m_eof = true;
            m_error = QStringLiteral("corrupt gzip data after %1 compressed bytes (%2)")
                          .arg(m_fileBytesRead - z.avail_in)
                          .arg(QString::fromLatin1(z.msg ? z.msg : "?"));
            return produced > 0;
        }
        if (produced > 0) {
            return true;
        }
    }
}

bool LogFileReader::readLine(QByteArray *line)
{
    m_lastLineCut = false;
    for (;;) {
        const qsizetype nl = m_buffer.indexOf('\n', m_pos);
        if (nl < 0 && m_buffer.size() - m_pos > kMaxLineBytes) {
            // A line past the ceiling (a gzip of a few MiB can hold a 2.5 GiB line, which took
            // 7.9 GB): its first kMaxLineBytes are returned, the rest is read past in constant
            // memory.
            *line = m_buffer.mid(m_pos, kMaxLineBytes);
            m_buffer.clear();
            m_pos = 0;
            ++m_lineNumber;
            m_lastLineCut = true;
            while (fill()) {
                const qsizetype end = m_buffer.indexOf('\n');
                if (end >= 0) {
                    m_pos = end + 1;
                    break;
                }
                m_buffer.clear();
            }
            return true;
        }
        if (nl >= 0) {
            qsizetype end = nl;
            if (end > m_pos && m_buffer.at(end - 1) == '\r') {
                --end;
            }
            *line = m_buffer.mid(m_pos, end - m_pos);
            m_pos = nl + 1;
            ++m_lineNumber;
            return true;
        }
        if (!fill()) {
            if (m_pos < m_buffer.size()) {
                // The last line without a line end (a file cut while being written).
                qsizetype end = m_buffer.size();
                if (m_buffer.at(end - 1) == '\r') {
                    --end;
                }
                *line = m_buffer.mid(m_pos, end - m_pos);
                m_pos = m_buffer.size();
                ++m_lineNumber;
                return true;
            }
            return false;
        }
    }
}

} // namespace Rblab
