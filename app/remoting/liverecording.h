// SPDX-License-Identifier: Apache-2.0
// A watched group kept as a file: `rblab watch --record`, File › Save the recording…, and the
// polls it opens again (report-format.md, "Recordings of a live group").
#pragma once

#include "groupsnapshot.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace Rblab {
class JsonNode;
}

namespace Rblab::Remoting {

/*!
    One poll as a recording keeps it: a line of compact JSON with what the poll read (the
    connection, the routes' queue counts, the brokers' offsets, each client's process queues,
    status and the properties the lab reads, the stale-view checks). decodePoll() assembles it
    again as GroupWatcher did, so a recording opened later shows the very owners, figures and
    changes the live view showed. Left out: the cluster table, the brokers' addresses, and the
    clients' other properties (recordedProperties()).
*/
QByteArray encodePoll(const GroupSnapshot &snapshot);
//! The properties of a client's running info a recording keeps, the ones the lab reads.
const QStringList &recordedProperties();

/*!
    Records a watch: each poll as encodePoll() makes it (qCompress'd, so that hours of polls fit
    in memory), the changes between polls, and the figures an observed report gives.
    toReport() writes all of it as an observed report, `"source": "rblab watch"`; save() writes
    that atomically, so a recording re-saved every few polls is always whole on disk.
*/
class LiveRecorder
{
public:
    LiveRecorder(const QString &nameServer, const QString &group, qint64 intervalMs);

    void append(const GroupSnapshot &snapshot);
    qsizetype pollCount() const { return m_polls.size(); }
    qint64 intervalMs() const { return m_intervalMs; }
    void setIntervalMs(qint64 ms) { m_intervalMs = ms; }
    //! Poll `i` decoded again (what a fork from a scrubbed poll starts from).
    std::optional<GroupSnapshot> poll(qsizetype i, QString *error = nullptr) const;
    //! Bytes the kept polls take.
    qint64 memoryBytes() const;

    //! The report; `finished` says the watch ended on its own, not by a crash or a kill.
    QByteArray toReport(bool finished) const;
    //! Writes toReport() to `path` whole or not at all; an empty string, or why not.
    QString save(const QString &path, bool finished) const;

private:
    struct Change
    {
        qint64 t = 0; //!< ms after the first poll
        GroupChange change;
    };
    struct Kept
    {
        qint64 takenAtMs = 0;
        QByteArray compressed;
    };

    QString m_nameServer;
    QString m_group;
    qint64 m_intervalMs = 0;
    QList<Kept> m_polls;
    QList<Change> m_changes;
    std::optional<GroupSnapshot> m_baseline; //!< the last poll with owners known before
    GroupSnapshot m_last;
    double m_doubleOwnedSeconds = 0;
    double m_orphanedSeconds = 0;
    qint64 m_queueMoves = 0;
    qint64 m_pollsWithProblems = 0;
    QStringList m_clientsSeen; //!< every client id, in the order first polled
};

/*!
    A recording read back: its polls as GroupSnapshots, in order. read() checks the whole file;
    an error names the file, the line and the member ("rec.json:12: polls[3].clients[0].version:
    expected an integer from 0 to 100000, got \"x\"").
*/
struct LiveRecording
{
    QString nameServer;
    QString group;
    qint64 intervalMs = 0;
    bool finished = false;
    QList<GroupSnapshot> polls;

    static std::optional<LiveRecording> read(
        const QByteArray &bytes, const QString &fileName, QString *error);
    static std::optional<LiveRecording> readFile(const QString &path, QString *error);
};

} // namespace Rblab::Remoting
