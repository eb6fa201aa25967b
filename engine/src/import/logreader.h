// SPDX-License-Identifier: Apache-2.0
// Reads RocketMQ client log files into the lines the log importer uses.
#pragma once

#include "import/logrecord.h"

#include <rblab/rblab_global.h>

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

#include <functional>
#include <vector>

namespace Rblab {

class LogFileReader;
class LogInterner;

//! A used line of a client log, parsed, and where it was read.
struct RBLAB_ENGINE_EXPORT LoggedLine
{
    LogRecord record;
    int host = 0; //!< index in LogReader::hosts()
    int pid = -1; //!< 5.3's header; -1 for 4.9
    qint64 seq = 0; //!< reading order, then (after sortByPlace()) host, file and line order
    QString file; //!< the file's name
    qint64 line = 0; //!< 1-based
    //! The time of the last identical result line of the client merged into this one (-1: none).
    qint64 lastRepeat = -1;
    QString
        shownPath; //!< below the host folder's parent: "hostA/other_days/rocketmq_client-1.log.gz"
};

/*!
    Reads RocketMQ 4.9 and 5.3 client logs (rocketmq-client-logs.md) and keeps only the sparse
    lines whose text RocketMQ fixes in its source (LogRecord::Kind), so memory does not grow with
    the logs' size; the rest is counted. A host is a log directory (`other_days/` counts as its
    parent): one machine, one clock.
*/
class RBLAB_ENGINE_EXPORT LogReader
{
public:
    struct FileProblem
    {
        QString file;
        qint64 line = 0;
        QString text;
    };
    /*!
        The most used lines kept (~1 KiB each, with what the importer builds from them): past
        it, addFile() fails naming the file and line reached, rather than the machine running
        out of memory.
    */
    static constexpr qint64 kMostUsedLines = 2'000'000;

    struct Options
    {
        int zoneMinutes = 8 * 60; //!< the zone printed times are read in, minutes east of UTC
        //! Called now and then with bytes read and bytes in all files.
        std::function<void(qint64, qint64)> progress;
        //! Asked every 1 MiB read; true stops the import (addFile() fails with "cancelled").
        std::function<bool()> cancelled;
        qint64 mostUsedLines = kMostUsedLines;
    };

    //! Names and queue lists are kept once, through `interner`.
    LogReader(Options options, LogInterner *interner);

    //! Reads one file; false (error()) for a directory, an empty file, binary data. A truncated
    //! gzip stream keeps what came before and adds a warning naming the place.
    bool addFile(const QString &path, qint64 totalBytes = 0);
    QString error() const { return m_error; }
    //! Lines that look like a known message but do not parse, and truncated files.
    const QList<FileProblem> &warnings() const { return m_warnings; }

    /*!
        Hosts in path order, lines in the order of host, file name and line: the same logs give
        the same report whatever the order of the files.
    */
    void sortByPlace();
    /*!
        Lines without a clientId (add/remove, notifications, flow control, start/shutdown)
        belong to the client instance that the same process announced last: MQClientInstance:154
        / :219 ("Created a new client Instance … ClientID:…") or a result line's clientId.
    */
    void attributeClients();
    //! Lines in (corrected) time order, reading order within an instant.
    void sortByTime();

    std::vector<LoggedLine> &records() { return m_records; }
    const std::vector<LoggedLine> &records() const { return m_records; }
    const QStringList &hosts() const { return m_hosts; }
    int zoneMinutes() const { return m_options.zoneMinutes; }
    //! Every line read came from RocketMQ 4.9 (no 5.x line).
    bool onlyV49() const { return m_sawV49 && !m_sawV53; }

    int files() const { return m_files; }
    qint64 lineCount() const { return m_lines; }
    qint64 unknownLines() const { return m_unknown; }
    qint64 continuationLines() const { return m_continuation; }
    //! Result lines identical to the client's previous one, merged into it
    //! (LoggedLine::lastRepeat).
    qint64 repeatedResultLines() const { return m_repeatedResults; }
    /*!
        The time of a client's last line of any kind, known to the importer or not (persistAll,
        heartbeats, pull exceptions): a client whose process logs lives. A line belongs to the
        client its process (host and pid) last named, in the file's order, as attributeClients()
        has it; -1 when no line was its. As printed, not corrected.
    */
    qint64 lastSeen(int host, const QString &clientId) const
    {
        return m_lastSeen.value(seenKey(host, clientId), -1);
    }
    /*!
        The read queues per topic and broker, the most any "route info changed" line gave
        (LogLineParser::parseRoute): how many queues a POP assignment of queueId -1 covers.
        These lines are not used lines: a route says nothing of who holds what.
    */
    const QHash<QString, QHash<QString, int>> &routeQueues() const { return m_routeQueues; }
    //! Lines no client instance could be found for (attributeClients()).
    qint64 unattributedLines() const { return m_unattributed; }
    //! Processes whose lines never name their client (an excerpt): their lines are given to
    //! "unknown@<host folder>[#pid]" (attributeClients()).
    int unnamedProcesses() const { return m_unnamedProcesses; }

private:
    static QString hostOf(const QString &path);
    bool readLines(LogFileReader &reader, const QString &path, qint64 totalBytes);
    int hostIndex(const QString &host);

    Options m_options;
    LogInterner *m_interner;
    QString m_error;
    QList<FileProblem> m_warnings;
    std::vector<LoggedLine> m_records;
    QStringList m_hosts;
    qint64 m_lines = 0;
    qint64 m_unknown = 0;
    qint64 m_continuation = 0;
    qint64 m_repeatedResults = 0;
    static QString seenKey(int host, const QString &clientId)
    {
        return QString::number(host) + QLatin1Char('\n') + clientId;
    }
    QHash<QString, qint64> m_lastSeen; //!< host and client id → its last line's time
    QHash<QString, QHash<QString, int>> m_routeQueues; //!< topic → broker → readQueueNums
    qint64 m_unattributed = 0;
    int m_unnamedProcesses = 0;
    qint64 m_bytesDone = 0;
    qint64 m_seq = 0;
    int m_files = 0;
    bool m_sawV49 = false;
    bool m_sawV53 = false;
};

} // namespace Rblab
