// SPDX-License-Identifier: Apache-2.0
// Every published event of a run, kept on disk as it happens, read back in order for reports.
#pragma once

#include "model/simevent.h"

#include "run/spoolfile.h"

#include <rblab/rblab_global.h>

#include <QByteArray>
#include <QString>

#include <functional>
#include <memory>

namespace Rblab {

/*!
    The events of a run for the report writer, as SampleSpool keeps its samples: each event is
    encoded in a compact binary form and appended to a temporary file, so that a day of churn
    (tens of thousands of rebalances, joins and notifications, 168 bytes each in memory plus
    their lists) is not held by the run (issue 12). Reading back decodes one event at a time,
    in the order they were published, every field included, so a report is byte-identical to
    one written from memory.

    The encoding is private to this class and to one process: fixed-width native integers, no
    versioning. Not thread-safe; the thread that runs the Simulation owns it.
*/
class RBLAB_ENGINE_EXPORT EventSpool
{
public:
    EventSpool();
    ~EventSpool();
    Q_DISABLE_COPY_MOVE(EventSpool)

    //! Why the spool cannot be written (no temporary directory, disk full); empty when fine.
    QString error() const { return m_file->error(); }

    void append(const SimEvent &event);
    qsizetype size() const { return m_count; }
    qint64 bytes() const { return m_file->bytes(); }

    /*!
        Calls `visit` with every event in order (the SimEvent is reused between calls). Returns
        false, with error() set, if the file cannot be read back.
    */
    bool forEach(const std::function<void(const SimEvent &)> &visit) const;

    static void encode(const SimEvent &event, QByteArray &out);
    //! Decodes one event from [data, end); returns the byte after it, or nullptr if truncated.
    static const char *decode(const char *data, const char *end, SimEvent &event);

private:
    std::unique_ptr<SpoolFile> m_file;
    qsizetype m_count = 0;
};

} // namespace Rblab
