// SPDX-License-Identifier: Apache-2.0
// The file side of a spool: records appended to a temporary file in slices, read back in order.
#pragma once

#include <rblab/rblab_global.h>

#include <QByteArray>
#include <QString>

#include <cstring>
#include <functional>
#include <memory>

class QTemporaryFile;

namespace Rblab {

/*!
    A temporary file that SampleSpool and EventSpool append their encoded records to and read
    back from; the record formats are theirs. Records are gathered in memory and written in
    slices of `sliceBytes`; reading back hands the decoder a window of at least one slice (the
    whole rest of the file when a record is larger), so a decoder sees each record whole.

    Errors (no temporary directory, a full disk, a truncated file) are kept in error() with the
    owner's wording: `texts` are translated by the owner, with %1 the folder or file and %2 the
    system's reason. Not thread-safe.
*/
class RBLAB_ENGINE_EXPORT SpoolFile
{
public:
    struct Texts
    {
        QString cannotCreate; //!< %1 the temporary folder, %2 the reason
        QString cannotWrite; //!< %1 the file, %2 the reason
        QString truncated; //!< %1 the file
    };

    SpoolFile(const QString &fileTemplate, qsizetype sliceBytes, Texts texts);
    ~SpoolFile();
    Q_DISABLE_COPY_MOVE(SpoolFile)

    QString error() const { return m_error; }
    void setError(const QString &error) const { m_error = error; }

    //! Where a record is encoded; call appended() after each.
    QByteArray &buffer() { return m_buffer; }
    //! Writes a slice once the buffer holds one.
    void appended();
    qint64 bytes() const { return m_written + m_buffer.size(); }
    //! Bytes already in the file (flush() first to count them all).
    qint64 written() const { return m_written; }
    QString fileName() const;

    //! Writes what the buffer holds to the file, and the file to the system. False on error.
    bool flush() const;
    //! Cuts the file at `size` bytes (a record boundary) and appends from there.
    bool truncate(qint64 size);

    /*!
        Reads the records back in order: `decode(begin, end)` decodes and visits the record at
        `begin` and returns the byte after it, or nullptr when the record goes on past `end`.
        False with error() set when the file cannot be read or ends inside a record.
    */
    bool forEach(const std::function<const char *(const char *, const char *)> &decode) const;

private:
    bool writeBuffer() const;

    std::unique_ptr<QTemporaryFile> m_file;
    qsizetype m_sliceBytes;
    Texts m_texts;
    mutable QByteArray m_buffer; //!< encoded records not yet written
    mutable qint64 m_written = 0;
    mutable QString m_error;
};

//! Fixed-width native encoding shared by the spools' record codecs (private to one process).
namespace SpoolCodec {

template<typename T> void put(QByteArray &out, T value)
{
    out.append(reinterpret_cast<const char *>(&value), qsizetype(sizeof(T)));
}

template<typename T> bool take(const char *&p, const char *end, T &value)
{
    if (end - p < qsizetype(sizeof(T))) {
        return false;
    }
    std::memcpy(&value, p, sizeof(T));
    p += sizeof(T);
    return true;
}

} // namespace SpoolCodec

} // namespace Rblab
