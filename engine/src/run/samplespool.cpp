// SPDX-License-Identifier: Apache-2.0
#include "run/samplespool.h"

#include <QCoreApplication>
#include <QFile>

#include <cstring>

namespace Rblab {

namespace {

constexpr qsizetype kSliceBytes = 1 << 20; // written to the file in slices of about 1 MiB

using SpoolCodec::put;
using SpoolCodec::take;

} // namespace

SampleSpool::SampleSpool()
    : m_file(std::make_unique<SpoolFile>(QStringLiteral("rblab-samples-XXXXXX"), kSliceBytes,
        SpoolFile::Texts {
            QCoreApplication::translate(
                "Rblab::SampleSpool", "cannot create a temporary file for the samples in %1: %2"),
            QCoreApplication::translate("Rblab::SampleSpool", "cannot write the samples to %1: %2"),
            QCoreApplication::translate("Rblab::SampleSpool", "the samples in %1 are truncated"),
        }))
{
}

SampleSpool::~SampleSpool() = default;

void SampleSpool::encode(const Sample &s, QByteArray &out)
{
    // A length prefix lets a reader skip a sample without decoding it (truncateAfter).
    const qsizetype start = out.size();
    put<quint32>(out, 0);
    put<qint64>(out, s.t);
    put<qint32>(out, s.orphanedQueues);
    put<qint32>(out, s.doubleOwnedQueues);
    put<qint32>(out, qint32(s.queues.size()));
    put<qint32>(out, qint32(s.consumers.size()));
    for (const Sample::Queue &q : s.queues) {
        put<qint64>(out, q.cachedCount);
        put<qint64>(out, q.cachedBytes);
        put<qint64>(out, q.maxSpan);
        put<qint64>(out, q.brokerOffset);
        put<qint64>(out, q.committedOffset);
        put<qint64>(out, q.lag);
        put<qint32>(out, qint32(q.owners.size()));
        for (qint32 owner : q.owners) {
            put<qint32>(out, owner);
        }
    }
    for (const Sample::Consumer &c : s.consumers) {
        put<qint32>(out, qint32(c.state));
        put<qint64>(out, c.cachedCount);
        put<qint64>(out, c.cachedBytes);
        put<qint64>(out, c.delivered);
        put<qint64>(out, c.flowControl[0]);
        put<qint64>(out, c.flowControl[1]);
        put<qint64>(out, c.flowControl[2]);
        put<qint64>(out, c.brokerFlowControl[0]);
        put<qint64>(out, c.brokerFlowControl[1]);
        put<qint64>(out, c.lag);
        put<qint64>(out, c.pullThresholdForQueue);
        put<qint64>(out, c.pullThresholdSizeForQueue);
        // POP figures only for POP consumers (popInFlight -1 otherwise): a flag, then five.
        put<quint8>(out, c.popInFlight >= 0 ? 1 : 0);
        if (c.popInFlight >= 0) {
            put<qint64>(out, c.popInFlight);
            put<qint64>(out, c.popInvisible);
            put<qint64>(out, c.popAcked);
            put<qint64>(out, c.popRevived);
            put<qint64>(out, c.popRedelivered);
        }
    }
    // Per-group ownership health (worlds of several groups).
    put<qint32>(out, qint32(s.groupOrphaned.size()));
    for (qsizetype g = 0; g < s.groupOrphaned.size(); ++g) {
        put<qint32>(out, s.groupOrphaned.at(g));
        put<qint32>(out, g < s.groupDoubleOwned.size() ? s.groupDoubleOwned.at(g) : 0);
    }
    const quint32 length = quint32(out.size() - start);
    std::memcpy(out.data() + start, &length, sizeof(length));
}

const char *SampleSpool::decode(const char *p, const char *end, Sample &s)
{
    quint32 length = 0;
    const char *begin = p;
    if (!take(p, end, length) || end - begin < qsizetype(length)) {
        return nullptr;
    }
    end = begin + length;
    qint32 queues = 0;
    qint32 consumers = 0;
    if (!take(p, end, s.t) || !take(p, end, s.orphanedQueues) || !take(p, end, s.doubleOwnedQueues)
        || !take(p, end, queues) || !take(p, end, consumers) || queues < 0 || consumers < 0) {
        return nullptr;
    }
    s.queues.resize(queues);
    for (Sample::Queue &q : s.queues) {
        qint32 owners = 0;
        if (!take(p, end, q.cachedCount) || !take(p, end, q.cachedBytes) || !take(p, end, q.maxSpan)
            || !take(p, end, q.brokerOffset) || !take(p, end, q.committedOffset)
            || !take(p, end, q.lag) || !take(p, end, owners) || owners < 0) {
            return nullptr;
        }
        q.owners.resize(owners);
        for (qint32 &owner : q.owners) {
            if (!take(p, end, owner)) {
                return nullptr;
            }
        }
    }
    s.consumers.resize(consumers);
    for (Sample::Consumer &c : s.consumers) {
        qint32 state = 0;
        if (!take(p, end, state) || !take(p, end, c.cachedCount) || !take(p, end, c.cachedBytes)
            || !take(p, end, c.delivered) || !take(p, end, c.flowControl[0])
            || !take(p, end, c.flowControl[1]) || !take(p, end, c.flowControl[2])
            || !take(p, end, c.brokerFlowControl[0]) || !take(p, end, c.brokerFlowControl[1])
            || !take(p, end, c.lag) || !take(p, end, c.pullThresholdForQueue)
            || !take(p, end, c.pullThresholdSizeForQueue)) {
            return nullptr;
        }
        c.state = ConsumerState(state);
        quint8 pop = 0;
        if (!take(p, end, pop)) {
            return nullptr;
        }
        if (pop
            && (!take(p, end, c.popInFlight) || !take(p, end, c.popInvisible)
                || !take(p, end, c.popAcked) || !take(p, end, c.popRevived)
                || !take(p, end, c.popRedelivered))) {
            return nullptr;
        }
    }
    qint32 groups = 0;
    if (!take(p, end, groups) || groups < 0) {
        return nullptr;
    }
    s.groupOrphaned.resize(groups);
    s.groupDoubleOwned.resize(groups);
    for (qint32 g = 0; g < groups; ++g) {
        if (!take(p, end, s.groupOrphaned[g]) || !take(p, end, s.groupDoubleOwned[g])) {
            return nullptr;
        }
    }
    return p == end ? end : nullptr;
}

void SampleSpool::append(const Sample &sample)
{
    encode(sample, m_file->buffer());
    ++m_count;
    m_lastT = sample.t;
    m_file->appended();
}

bool SampleSpool::forEach(const std::function<void(const Sample &)> &visit) const
{
    Sample sample;
    return m_file->forEach([&](const char *begin, const char *end) {
        const char *next = decode(begin, end, sample);
        if (next) {
            visit(sample);
        }
        return next;
    });
}

void SampleSpool::truncateAfter(SimTime t)
{
    if (m_lastT <= t || !m_file->flush()) {
        return;
    }
    // Walks the length prefixes to the first sample after t, then cuts the file there.
    QFile reader(m_file->fileName());
    if (!reader.open(QIODevice::ReadOnly)) {
        m_file->setError(reader.errorString());
        return;
    }
    qint64 offset = 0;
    qsizetype kept = 0;
    SimTime lastKept = -1;
    while (offset < m_file->written()) {
        char head[sizeof(quint32) + sizeof(qint64)];
        if (!reader.seek(offset) || reader.read(head, sizeof(head)) != qint64(sizeof(head))) {
            break;
        }
        quint32 length = 0;
        qint64 at = 0;
        std::memcpy(&length, head, sizeof(length));
        std::memcpy(&at, head + sizeof(length), sizeof(at));
        if (at > t) {
            break;
        }
        offset += length;
        ++kept;
        lastKept = at;
    }
    reader.close();
    if (!m_file->truncate(offset)) {
        return;
    }
    m_count = kept;
    m_lastT = lastKept;
}

} // namespace Rblab
