// SPDX-License-Identifier: Apache-2.0
#include "run/spoolfile.h"

#include <QDir>
#include <QFile>
#include <QTemporaryFile>

#include <algorithm>

namespace Rblab {

SpoolFile::SpoolFile(const QString &fileTemplate, qsizetype sliceBytes, Texts texts)
    : m_file(std::make_unique<QTemporaryFile>(QDir(QDir::tempPath()).filePath(fileTemplate)))
    , m_sliceBytes(sliceBytes)
    , m_texts(std::move(texts))
{
    if (!m_file->open()) {
        m_error = m_texts.cannotCreate.arg(QDir::tempPath(), m_file->errorString());
    }
}

SpoolFile::~SpoolFile() = default;

QString SpoolFile::fileName() const
{
    return m_file->fileName();
}

void SpoolFile::appended()
{
    if (m_buffer.size() >= m_sliceBytes) {
        writeBuffer();
    }
}

bool SpoolFile::writeBuffer() const
{
    if (m_buffer.isEmpty() || !m_error.isEmpty()) {
        return m_error.isEmpty();
    }
    if (m_file->write(m_buffer) != m_buffer.size()) {
        m_error = m_texts.cannotWrite.arg(m_file->fileName(), m_file->errorString());
        return false;
    }
    m_written += m_buffer.size();
    m_buffer.clear();
    return true;
}

bool SpoolFile::flush() const
{
    return writeBuffer() && m_file->flush();
}

bool SpoolFile::truncate(qint64 size)
{
    if (!m_file->resize(size) || !m_file->seek(size)) {
        m_error = m_file->errorString();
        return false;
    }
    m_written = size;
    return true;
}

bool SpoolFile::forEach(const std::function<const char *(const char *, const char *)> &decode) const
{
    if (!flush()) {
        return false;
    }
    // A second handle on the same file reads it from the start without moving the writer.
    QFile reader(m_file->fileName());
    if (!reader.open(QIODevice::ReadOnly)) {
        m_error = reader.errorString();
        return false;
    }
    QByteArray block;
    qint64 left = m_written;
    qsizetype consumed = 0;
    while (left > 0 || consumed < block.size()) {
        if (left > 0 && block.size() - consumed < m_sliceBytes) {
            block.remove(0, consumed);
            consumed = 0;
            const QByteArray more = reader.read(std::min<qint64>(left, m_sliceBytes));
            if (more.isEmpty()) {
                m_error = reader.errorString();
                return false;
            }
            left -= more.size();
            block.append(more);
        }
        const char *begin = block.constData() + consumed;
        const char *next = decode(begin, block.constData() + block.size());
        if (!next) {
            if (left > 0) {
                // The record goes on past this window (larger than a slice): read it all.
                const QByteArray more = reader.read(left);
                if (more.isEmpty()) {
                    m_error = reader.errorString();
                    return false;
                }
                left -= more.size();
                block.append(more);
                continue;
            }
            m_error = m_texts.truncated.arg(m_file->fileName());
            return false;
        }
        consumed += next - begin;
    }
    return true;
}

} // namespace Rblab
