// SPDX-License-Identifier: Apache-2.0
// Every sample of a run, kept on disk as it is taken, read back in order for reports.
#pragma once

#include "model/snapshot.h"

#include "run/spoolfile.h"

#include <rblab/rblab_global.h>

#include <QByteArray>
#include <QString>

#include <functional>
#include <memory>

namespace Rblab {

/*!
    The full record of a run's samples for the report writer: each sample is encoded in a compact
    binary form and appended to a temporary file, so that the memory a run holds is its world,
    not its history (a 24 h run of the default world takes 86,400 samples). Reading back decodes
    one sample at a time, in the order they were taken, so a report can be streamed.

    The encoding is private to this class and to one process: fixed-width native integers, no
    versioning. Not thread-safe; the thread that runs the Simulation owns it.
*/
class RBLAB_ENGINE_EXPORT SampleSpool
{
public:
    SampleSpool();
    ~SampleSpool();
    Q_DISABLE_COPY_MOVE(SampleSpool)

    //! Why the spool cannot be written (no temporary directory, disk full); empty when fine.
    QString error() const { return m_file->error(); }

    void append(const Sample &sample);
    qsizetype size() const { return m_count; }
    qint64 bytes() const { return m_file->bytes(); }

    /*!
        Calls `visit` with every sample in order (the Sample is reused between calls). Returns
        false, with error() set, if the file cannot be read back.
    */
    bool forEach(const std::function<void(const Sample &)> &visit) const;

    //! Drops the samples taken after `t` (for a run that goes back in time).
    void truncateAfter(SimTime t);

    static void encode(const Sample &sample, QByteArray &out);
    //! Decodes one sample from [data, end); returns the byte after it, or nullptr if truncated.
    static const char *decode(const char *data, const char *end, Sample &sample);

private:
    std::unique_ptr<SpoolFile> m_file;
    qsizetype m_count = 0;
    SimTime m_lastT = -1;
};

} // namespace Rblab
