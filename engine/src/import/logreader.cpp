// SPDX-License-Identifier: Apache-2.0
#include "import/logreader.h"

#include "import/logfilereader.h"
#include "import/loginterner.h"
#include "scenario/scenariolimits.h"

#include <QDir>
#include <QFileInfo>
#include <QHash>

#include <algorithm>
#include <limits>
#include <new>

namespace Rblab {

namespace {

// The times a used line may have (UTC epoch milliseconds): 1970-01-01 to 9999-12-31.
constexpr qint64 kEarliest = 0;
constexpr qint64 kLatest = 253'402'300'799'999;

int highestQueueId(const LogRecord &r)
{
    int most = -1;
    for (const LoggedQueue &q : r.queues) {
        most = qMax(most, q.queueId);
    }
    return most;
}

//! Two result lines that say the same: client, group, topic, strategy, views and queues.
bool sameResult(const LogRecord &a, const LogRecord &b)
{
    return a.kind == b.kind && a.mqAllSize == b.mqAllSize && a.cidAllSize == b.cidAllSize
        && a.clientId == b.clientId && a.group == b.group && a.topic == b.topic
        && a.strategy == b.strategy && a.queues == b.queues && a.pop == b.pop
        && a.brokerAssigned == b.brokerAssigned;
}

} // namespace

LogReader::LogReader(Options options, LogInterner *interner)
    : m_options(std::move(options)), m_interner(interner)
{
}

QString LogReader::hostOf(const QString &path)
{
    QFileInfo info(path);
    QString dir = info.absolutePath();
    // 5.3 rotates into <root>/other_days/ (rmq.client.logback.xml:31-37): same process.
    if (QFileInfo(dir).fileName() == QLatin1String("other_days")) {
        dir = QFileInfo(dir).absolutePath();
    }
    return dir;
}

int LogReader::hostIndex(const QString &host)
{
    int index = int(m_hosts.indexOf(host));
    if (index < 0) {
        index = int(m_hosts.size());
        m_hosts.append(host);
    }
    return index;
}

bool LogReader::addFile(const QString &path, qint64 totalBytes)
{
    LogFileReader reader;
    if (!reader.open(path)) {
        m_error = reader.error();
        return false;
    }
    ++m_files;
    try {
        return readLines(reader, path, totalBytes);
    } catch (const std::bad_alloc &) {
        // What kMostUsedLines does not foresee (a machine with little memory): an error with
        // the place reached, never an abort.
        m_records.clear();
        m_records.shrink_to_fit();
        m_error = QStringLiteral("%1:%2: out of memory after %L3 used lines; import fewer hosts "
                                 "or days")
                      .arg(path)
                      .arg(reader.lineNumber())
                      .arg(m_seq);
        return false;
    }
}

bool LogReader::readLines(LogFileReader &reader, const QString &path, qint64 totalBytes)
{
    const QString host = hostOf(path);
    const int hostIndex = this->hostIndex(host);
    const QString name = QFileInfo(path).fileName();
    // Shown with the folder that names the machine: "hostA/other_days/rocketmq_client-1.log.gz".
    const QString shownPath
        = QDir(QFileInfo(host).absolutePath()).relativeFilePath(QFileInfo(path).absoluteFilePath());
    QByteArray line;
    LogHeader header;
    // Per client, group and topic in this file: its last result line kept, until a start or
    // shutdown line (a restart's first result is kept).
    QHash<QString, size_t> lastResult;
    // Per process, the client it announced last, as attributeClients() attributes lines; and the
    // m_lastSeen entry of the process whose lines come now (fetched again when the process or
    // its client changes, the only times m_lastSeen grows).
    QHash<int, QString> announced;
    int seenPid = std::numeric_limits<int>::min();
    qint64 *seen = nullptr;
    qint64 lastProgress = 0;
    qint64 lastCancelCheck = 0;
    while (reader.readLine(&line)) {
        ++m_lines;
        if (reader.lastLineCut()) {
            m_warnings.append({ path, reader.lineNumber(),
                QStringLiteral("a line longer than %1 MiB: only its first MiB is read")
                    .arg(LogFileReader::kMaxLineBytes >> 20) });
        }
        if (m_options.cancelled && reader.bytesRead() - lastCancelCheck > (1 << 20)) {
            lastCancelCheck = reader.bytesRead();
            if (m_options.cancelled()) {
                m_error = QStringLiteral("cancelled");
                return false;
            }
        }
        if (m_options.progress && reader.bytesRead() - lastProgress > (8 << 20)) {
            lastProgress = reader.bytesRead();
            m_options.progress(m_bytesDone + lastProgress, totalBytes);
        }
        if (!LogLineParser::parseHeader(line, m_options.zoneMinutes, &header)) {
            // Stack traces and 5.3 messages with newlines continue the previous record.
            ++m_continuation;
            continue;
        }
        (header.layout == LogLayout::V49 ? m_sawV49 : m_sawV53) = true;
        LoggedLine used;
        QString why;
        const LogLineParser::Outcome outcome
            = LogLineParser::parseMessage(header.message, &used.record, &why);
        if (header.time >= kEarliest && header.time <= kLatest) {
            // Every line is a sign of life of the client its process announced last.
            if (outcome == LogLineParser::Outcome::Parsed && !used.record.clientId.isEmpty()
                && announced.value(header.pid) != used.record.clientId) {
                announced.insert(header.pid, used.record.clientId);
                seenPid = std::numeric_limits<int>::min();
            }
            if (header.pid != seenPid) {
                seenPid = header.pid;
                const auto client = announced.constFind(header.pid);
                seen = client == announced.cend() ? nullptr
                                                  : &m_lastSeen[seenKey(hostIndex, *client)];
            }
            if (seen) {
                *seen = qMax(*seen, header.time);
            }
        }
        switch (outcome) {
        case LogLineParser::Outcome::Parsed:
            if (const int id = highestQueueId(used.record);
                id >= ScenarioLimits::maxQueuesPerBroker) {
                // Each queue id up to the highest is a queue of the report and the replay: an id
                // of 4,100,000 was four million of them (fuzz_importlogs, issue 39).
                m_warnings.append({ path, reader.lineNumber(),
                    QStringLiteral("queueId=%1 is past the %2 queues a broker has at most here; "
                                   "skipped")
                        .arg(id)
                        .arg(ScenarioLimits::maxQueuesPerBroker) });
                break;
            }
            if (header.time < kEarliest || header.time > kLatest) {
                // Year 1 in +08:00 is year 0 in UTC; 9999-12-31 at -12:00 is year 10000: no
                // date to print and a span of ten thousand years (issue 39).
                m_warnings.append({ path, reader.lineNumber(),
                    QStringLiteral("%1 is not a time from 1970 to 9999 in UTC (read at %2 "
                                   "minutes from UTC); skipped")
                        .arg(QString::fromLatin1(line.left(23)))
                        .arg(m_options.zoneMinutes) });
                break;
            }
            used.record.time = header.time;
            m_interner->intern(&used.record);
            if (used.record.kind == LogRecord::Kind::StartOk
                || used.record.kind == LogRecord::Kind::ShutdownOk) {
                lastResult.clear();
            } else if (used.record.kind == LogRecord::Kind::Result) {
                const QString key = used.record.clientId + QLatin1Char('\n') + used.record.group
                    + QLatin1Char('\n') + used.record.topic;
                const auto kept = lastResult.constFind(key);
                if (kept != lastResult.cend() && sameResult(m_records[*kept].record, used.record)) {
                    // RocketMQ logs a result only when it changed: a repeat says nothing new
                    // but that the client still lived. 10 million of them were 2 GB (issue 39).
                    LoggedLine &first = m_records[*kept];
                    first.lastRepeat = qMax(first.lastRepeat, header.time);
                    ++m_repeatedResults;
                    break;
                }
                lastResult.insert(key, m_records.size());
            }
            if (qint64(m_records.size()) >= m_options.mostUsedLines) {
                m_error = QStringLiteral("%1:%2: more than %L3 used lines (rebalance, "
                                         "start, shutdown, notification and flow-control "
                                         "lines) in the logs given; import fewer hosts or days")
                              .arg(path)
                              .arg(reader.lineNumber())
                              .arg(m_options.mostUsedLines);
                return false;
            }
            used.host = hostIndex;
            used.pid = header.pid;
            used.seq = m_seq++;
            used.file = name;
            used.line = reader.lineNumber();
            used.shownPath = shownPath;
            m_records.push_back(std::move(used));
            break;
        case LogLineParser::Outcome::Malformed:
            m_warnings.append({ path, reader.lineNumber(),
                QStringLiteral("looks like a RocketMQ client line but does not parse (%1); "
                               "skipped")
                    .arg(why) });
            break;
        default:
            ++m_unknown;
            if (header.message.startsWith("the topic[")) {
                if (const auto route = LogLineParser::parseRoute(header.message)) {
                    QHash<QString, int> &brokers = m_routeQueues[route->topic];
                    for (const auto &[broker, reads] : route->readQueueNums) {
                        int &most = brokers[broker];
                        most = qBound(most, reads, ScenarioLimits::maxQueuesPerBroker);
                    }
                }
            }
            break;
        }
    }
    if (!reader.error().isEmpty()) {
        m_warnings.append({ path, reader.lineNumber(),
            QStringLiteral("%1; imported the %2 lines before it")
                .arg(reader.error())
                .arg(reader.lineNumber()) });
    }
    m_bytesDone += reader.fileSize();
    if (m_options.progress) {
        m_options.progress(m_bytesDone, totalBytes);
    }
    return true;
}

void LogReader::sortByPlace()
{
    QStringList sorted = m_hosts;
    std::sort(sorted.begin(), sorted.end());
    QList<int> rank(m_hosts.size());
    for (int h = 0; h < int(m_hosts.size()); ++h) {
        rank[h] = int(sorted.indexOf(m_hosts[h]));
    }
    m_hosts = sorted;
    for (LoggedLine &r : m_records) {
        r.host = rank[r.host];
    }
    std::stable_sort(
        m_records.begin(), m_records.end(), [](const LoggedLine &a, const LoggedLine &b) {
            if (a.host != b.host) {
                return a.host < b.host;
            }
            return a.file != b.file ? a.file < b.file : a.line < b.line;
        });
    for (qsizetype i = 0; i < qsizetype(m_records.size()); ++i) {
        m_records[i].seq = i;
    }
    m_records.shrink_to_fit(); // the room push_back left: up to as much again
}

void LogReader::attributeClients()
{
    std::vector<LoggedLine> &lines = m_records;
    std::stable_sort(lines.begin(), lines.end(), [](const LoggedLine &a, const LoggedLine &b) {
        if (a.host != b.host) {
            return a.host < b.host;
        }
        if (a.pid != b.pid) {
            return a.pid < b.pid;
        }
        return a.record.time != b.record.time ? a.record.time < b.record.time : a.seq < b.seq;
    });
    qsizetype i = 0;
    while (i < qsizetype(lines.size())) {
        qsizetype j = i;
        while (j < qsizetype(lines.size()) && lines[j].host == lines[i].host
            && lines[j].pid == lines[i].pid) {
            ++j;
        }
        QString current;
        QList<qsizetype> pending;
        for (qsizetype k = i; k < j; ++k) {
            LogRecord &r = lines[k].record;
            if (!r.clientId.isEmpty()) {
                current = r.clientId;
                for (qsizetype p : pending) {
                    lines[p].record.clientId = current;
                }
                pending.clear();
            } else if (current.isEmpty()) {
                pending.append(k);
            } else {
                r.clientId = current;
            }
        }
        if (current.isEmpty() && !pending.isEmpty()) {
            // An excerpt (pasted into a bug report: notifications, pull exceptions) may never
            // name its client. What it shows is still said, under the machine's name.
            const int pid = lines[i].pid;
            current = QStringLiteral("unknown@")
                + QFileInfo(m_hosts.value(lines[i].host)).fileName()
                + (pid >= 0 ? QStringLiteral("#%1").arg(pid) : QString());
            for (qsizetype p : pending) {
                lines[p].record.clientId = current;
            }
            m_unnamedProcesses += 1;
            pending.clear();
        }
        m_unattributed += pending.size();
        i = j;
    }
}

void LogReader::sortByTime()
{
    std::stable_sort(
        m_records.begin(), m_records.end(), [](const LoggedLine &a, const LoggedLine &b) {
            return a.record.time != b.record.time ? a.record.time < b.record.time : a.seq < b.seq;
        });
}

} // namespace Rblab
