// SPDX-License-Identifier: Apache-2.0
// The observed report of `rblab import-logs` (report-format.md, "Observed reports").
#pragma once

#include "import/observedincident.h"

#include <QByteArray>
#include <QIODevice>
#include <QString>

namespace Rblab {

class Anonymizer;
class ClockSkewEstimator;
class JsonNode;
class LogReader;

/*!
    Writes an incident rebuilt from client logs as a report: the report's own arrays (queues,
    consumers, events) with only what the logs show, no engine figure invented, and an
    "observed" object with what was read, each host's clock, and per group and topic the
    double-owned and unowned queues, the disagreeing views and the flow-control episodes. Times
    are ms after the first used line; names go through the anonymiser.
*/
class ObservedReportWriter
{
public:
    ObservedReportWriter(const LogReader &reader, const ClockSkewEstimator &clocks,
        const ObservedIncident &incident, const Anonymizer &anonymizer);

    QByteArray write() const;
    //! Writes the report to `out`, the events one at a time; false when a write failed.
    bool write(QIODevice &out) const;

private:
    using Interval = ObservedIncident::Interval;

    JsonNode observed() const;
    JsonNode clocks() const;
    JsonNode topics() const;
    JsonNode flowControl() const;
    JsonNode queues() const;
    JsonNode consumers() const;
    JsonNode event(const ObservedIncident::Event &e) const;
    JsonNode interval(const Interval &iv) const;
    JsonNode perQueue(const QMap<LoggedQueue, QList<Interval>> &intervals) const;
    JsonNode queue(const LoggedQueue &q, bool withTopic) const;
    //! `t` as ms after the first used line.
    JsonNode relative(qint64 t) const;
    QString client(const QString &clientId) const;
    //! A host folder as the report names it: relative to the working folder, or anonymised.
    QString host(const QString &path) const;

    const LogReader &m_reader;
    const ClockSkewEstimator &m_clocks;
    const ObservedIncident &m_incident;
    const Anonymizer &m_anon;
};

} // namespace Rblab
