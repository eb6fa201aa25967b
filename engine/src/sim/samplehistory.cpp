// SPDX-License-Identifier: Apache-2.0
#include "sim/samplehistory.h"

#include <algorithm>

namespace Rblab {

SampleHistory::SampleHistory() : SampleHistory(Limits())
{
}

SampleHistory::SampleHistory(const Limits &limits) : m_limits(limits)
{
    // A recent window as large as the capacity would leave nothing to thin.
    m_limits.recent = std::max<qsizetype>(1, m_limits.recent);
    m_limits.capacity = std::max<qsizetype>(m_limits.recent + 4, m_limits.capacity);
}

qint64 SampleHistory::bytesOf(const Sample &sample)
{
    qint64 bytes = qint64(sizeof(Sample))
        + qint64(sample.queues.size()) * qint64(sizeof(Sample::Queue))
        + qint64(sample.consumers.size()) * qint64(sizeof(Sample::Consumer));
    for (const Sample::Queue &q : sample.queues) {
        bytes += qint64(q.owners.size()) * qint64(sizeof(qint32));
    }
    return bytes;
}

void SampleHistory::append(Sample sample)
{
    m_bytes += bytesOf(sample);
    m_samples.append(std::make_shared<const Sample>(std::move(sample)));
    m_stride.append(1);
    ++m_appended;
    if (m_samples.size() > m_limits.capacity) {
        thin();
    }
}

void SampleHistory::thin()
{
    // Down to halfway between the recent window and the capacity, so that thinning runs once
    // every (capacity - recent) / 2 samples, not on every one.
    const qsizetype target = m_limits.recent + (m_limits.capacity - m_limits.recent) / 2;
    while (m_samples.size() > target) {
        thinFinest();
    }
    ++m_revision;
}

void SampleHistory::thinFinest()
{
    // Older than the recent window, find the finest stride and drop every second sample of that
    // stride; the sample kept before a dropped one then stands for both. The first sample of the
    // run is kept, so the start of the run stays on the chart.
    const qsizetype older = m_samples.size() - m_limits.recent;
    quint32 finest = UINT32_MAX;
    for (qsizetype i = 1; i < older; ++i) {
        finest = std::min(finest, m_stride.at(i));
    }
    QList<SamplePtr> samples;
    QList<quint32> strides;
    samples.reserve(m_samples.size());
    strides.reserve(m_samples.size());
    // A lone finest sample merges into the one before it.
    bool dropNext = std::count(m_stride.cbegin() + 1, m_stride.cbegin() + older, finest) == 1;
    for (qsizetype i = 0; i < m_samples.size(); ++i) {
        if (i > 0 && i < older && m_stride.at(i) == finest) {
            if (dropNext) {
                strides.last() += m_stride.at(i);
                m_bytes -= bytesOf(*m_samples.at(i));
                dropNext = false;
                continue;
            }
            dropNext = true;
        }
        samples.append(m_samples.at(i));
        strides.append(m_stride.at(i));
    }
    m_samples = std::move(samples);
    m_stride = std::move(strides);
}

void SampleHistory::truncateAfter(SimTime t)
{
    const auto first = std::upper_bound(m_samples.cbegin(), m_samples.cend(), t,
        [](SimTime at, const SamplePtr &s) { return at < s->t; });
    const qsizetype keep = first - m_samples.cbegin();
    if (keep == m_samples.size()) {
        return;
    }
    for (qsizetype i = keep; i < m_samples.size(); ++i) {
        m_bytes -= bytesOf(*m_samples.at(i));
    }
    m_samples.resize(keep);
    m_stride.resize(keep);
    ++m_revision;
}

void SampleHistory::clear()
{
    m_samples.clear();
    m_stride.clear();
    m_appended = 0;
    m_bytes = 0;
    ++m_revision;
}

} // namespace Rblab
