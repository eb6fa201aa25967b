// SPDX-License-Identifier: Apache-2.0
// Writes a run's report (report-format.md, version 1) and its time series as CSV.
#pragma once

#include "report/runrecord.h"
#include "sim/simtime.h"

#include <rblab/rblab_global.h>

#include <QByteArray>
#include <QCoreApplication>
#include <QString>

class QIODevice;

#include <optional>

namespace Rblab {

class Simulation;

/*!
    The report of a run: totals, the final state of every queue and consumer, the samples and the
    published events, as JSON whose keys come in the order of report-format.md. The same run gives
    the same bytes: nothing in it depends on the wall clock unless `timing` is asked for.
*/
class RBLAB_ENGINE_EXPORT ReportWriter
{
    Q_DECLARE_TR_FUNCTIONS(Rblab::ReportWriter)

public:
    struct Options
    {
        SimTime duration = 0; //!< how long the run was (the report's "duration")
        std::optional<double> wallSeconds; //!< --timing: adds {"timing": {"wallSeconds", …}}
        quint64 processedEvents = 0;
    };

    /*!
        Writes the report of `record` to `device` as it goes (in slices of about 1 MiB), so that
        its samples are never all in memory. False with a reason if the device refuses bytes or
        the samples cannot be read back.
    */
    static bool writeJson(
        const RunRecord &record, const Options &options, QIODevice *device, QString *error);
    static QByteArray toJson(const RunRecord &record, const Options &options);
    //! The report of `simulation` as it is now (RunRecord::of).
    static QByteArray toJson(Simulation &simulation, const Options &options);
    /*!
        Writes the time series as CSV files in `directory` (created if needed): samples of every
        consumer (consumers.csv), every queue (queues.csv) and ownership health (health.csv), one
        row per sample and subject. Files are saved atomically.
    */
    static bool writeCsv(const RunRecord &record, const QString &directory, QString *error);
    static bool writeCsv(Simulation &simulation, const QString &directory, QString *error);
};

} // namespace Rblab
