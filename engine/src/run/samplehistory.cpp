// SPDX-License-Identifier: Apache-2.0
#include "run/samplehistory.h"

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
        + qint64(sample.consumers.size()) * qint64(sizeof(Sample::Consumer))
        + qint64(sample.consumerIds.size()) * qint64(sizeof(qint32))
        + qint64(sample.groupOrphaned.size() + sample.groupDoubleOwned.size())
            * qint64(sizeof(qint32));
    for (const Sample::Queue &q : sample.queues) {
        bytes += qint64(q.owners.size()) * qint64(sizeof(qint32));
    }
    return bytes;
}

namespace {

bool departed(ConsumerState state)
{
    return state == ConsumerState::Killed || state == ConsumerState::Shutdown;
}

} // namespace

void SampleHistory::fold(Sample &sample)
{
    if (isFolded(sample)) {
        return;
    }
    qsizetype departedRows = 0;
    for (const Sample::Consumer &row : std::as_const(sample.consumers)) {
        departedRows += departed(row.state) ? 1 : 0;
    }
    if (departedRows == 0) {
        m_openDeparture.clear(); // everyone is back (or never left)
        return;
    }
    QList<Sample::Consumer> kept;
    QList<qint32> ids;
    kept.reserve(sample.consumers.size() - departedRows);
    ids.reserve(sample.consumers.size() - departedRows);
    Sample::Consumer summary;
    summary.state = ConsumerState::Killed;
    for (qint32 c = 0; c < qint32(sample.consumers.size()); ++c) {
        const Sample::Consumer &row = sample.consumers.at(c);
        if (!departed(row.state)) {
            kept.append(row);
            ids.append(c);
            m_openDeparture.remove(c);
            continue;
        }
        summary.delivered += row.delivered;
        for (int k = 0; k < 3; ++k) {
            summary.flowControl[k] += row.flowControl[k];
        }
        for (int k = 0; k < 2; ++k) {
            summary.brokerFlowControl[k] += row.brokerFlowControl[k];
        }
        // POP consumers' cumulative figures (a departed consumer has nothing in flight).
        summary.popAcked += row.popAcked;
        summary.popRevived += row.popRevived;
        summary.popRedelivered += row.popRedelivered;
        if (row.popInFlight >= 0) {
            // Its pops still invisible on the brokers until PopReviveService revives them.
            summary.popInFlight = std::max<qint64>(0, summary.popInFlight) + row.popInFlight;
            summary.popInvisible = std::max<qint64>(0, summary.popInvisible) + row.popInvisible;
        }
        // Still away and unchanged: the departure already noted stands for this sample too.
        const auto open = m_openDeparture.constFind(c);
        if (open != m_openDeparture.cend() && m_departures.at(*open).row == row) {
            continue;
        }
        m_openDeparture.insert(c, m_departures.size());
        m_departures.append({ c, sample.t, row });
    }
    sample.consumers = std::move(kept);
    sample.consumerIds = std::move(ids);
    sample.departed = summary;
    sample.departedCount = qint32(departedRows);
}

Sample SampleHistory::expand(const Sample &sample, const QList<Departure> &departures)
{
    if (!isFolded(sample)) {
        return sample;
    }
    Sample whole = sample;
    whole.consumers = QList<Sample::Consumer>(consumerCount(sample));
    QList<bool> present(consumerCount(sample), false);
    for (qsizetype i = 0; i < sample.consumerIds.size(); ++i) {
        whole.consumers[sample.consumerIds.at(i)] = sample.consumers.at(i);
        present[sample.consumerIds.at(i)] = true;
    }
    // The latest departure of each absent consumer at or before the sample is its row then.
    for (const Departure &d : departures) {
        if (d.from > sample.t) {
            break;
        }
        if (d.consumer < whole.consumers.size() && !present.at(d.consumer)) {
            whole.consumers[d.consumer] = d.row;
        }
    }
    whole.consumerIds.clear();
    whole.departed = Sample::Consumer();
    whole.departedCount = 0;
    return whole;
}

void SampleHistory::append(Sample sample)
{
    fold(sample);
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
        m_appended -= m_stride.at(i); // those it stood for were not taken on this branch
    }
    m_samples.resize(keep);
    m_stride.resize(keep);
    // Departures noted after `t` did not happen on the run that goes on from there.
    while (!m_departures.isEmpty() && m_departures.constLast().from > t) {
        m_departures.removeLast();
    }
    m_openDeparture.clear();
    ++m_revision;
}

void SampleHistory::clear()
{
    m_samples.clear();
    m_stride.clear();
    m_departures.clear();
    m_openDeparture.clear();
    m_appended = 0;
    m_bytes = 0;
    ++m_revision;
}

} // namespace Rblab
