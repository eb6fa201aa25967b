// SPDX-License-Identifier: Apache-2.0
#include "chartseries.h"

#include <algorithm>
#include <limits>

namespace Rblab {

void ChartSeries::clear()
{
    clearSamples();
    m_rebalances.clear();
    m_following = false;
}

void ChartSeries::clearSamples()
{
    m_t.clear();
    m_perConsumer.clear();
    m_tooManyConsumers = false;
    for (int k = 0; k < FlowCauses; ++k) {
        m_flow[k].clear();
        m_lastFlowTotal[k] = 0;
    }
    for (int m = 0; m < MetricCount; ++m) {
        m_highest[m].clear();
        m_mean[m].clear();
    }
    m_orphaned.clear();
    m_doubleOwned.clear();
    m_countThreshold = 0;
    m_sizeThreshold = 0;
}

void ChartSeries::update(const QList<SamplePtr> &samples, quint64 revision)
{
    if (!m_following || revision != m_revision) {
        clearSamples();
        m_revision = revision;
        m_following = true;
    }
    // Only the end of the window is new: find the first sample after the last one derived.
    qsizetype from = samples.size();
    const double last = m_t.isEmpty() ? -1.0 : m_t.last();
    while (from > 0 && double(samples.at(from - 1)->t) / 1000.0 > last) {
        --from;
    }
    for (qsizetype i = from; i < samples.size(); ++i) {
        appendOne(*samples.at(i));
    }
}

void ChartSeries::append(const QList<SamplePtr> &samples)
{
    for (const SamplePtr &s : samples) {
        appendOne(*s);
    }
}

void ChartSeries::append(const QList<Sample> &samples)
{
    for (const Sample &s : samples) {
        appendOne(s);
    }
}

void ChartSeries::appendOne(const Sample &s)
{
    const double t = double(s.t) / 1000.0;
    const double dt = m_t.isEmpty() ? 0 : t - m_t.last();
    const qsizetype before = m_t.size();
    m_t.append(t);
    const int consumers = int(SampleHistory::consumerCount(s));
    if (consumers > kMaxConsumerColumns && !m_tooManyConsumers) {
        // A line each is drawn only up to kMaxConsumerColumns consumers (ChartPanel): beyond,
        // columns per consumer would cost memory for every consumer the run ever created.
        m_tooManyConsumers = true;
        m_perConsumer.clear();
    }
    if (!m_tooManyConsumers) {
        while (m_perConsumer.size() < consumers) {
            // A consumer that joins later has no values before it existed: zeros keep columns
            // aligned.
            QList<QList<float>> columns(MetricCount, QList<float>(before, 0.0f));
            m_perConsumer.append(columns);
        }
    }
    // A sample's rows (whole, or folded: the departed consumers' rows left out) and whose
    // they are. A departed consumer caches nothing and owns no queue: its columns read 0.
    const qsizetype rows = s.consumers.size();
    const auto idOf = [&s](qsizetype row) {
        return s.consumerIds.isEmpty() ? qint32(row) : s.consumerIds.at(row);
    };
    // The largest cache of one queue, per owner: what flow control compares with its threshold.
    m_largestCount.fill(0.0f, consumers);
    m_largestBytes.fill(0.0f, consumers);
    for (const Sample::Queue &q : s.queues) {
        for (qint32 owner : q.owners) {
            if (owner >= 0 && owner < consumers) {
                m_largestCount[owner] = qMax(m_largestCount[owner], float(q.cachedCount));
                m_largestBytes[owner] = qMax(m_largestBytes[owner], float(q.cachedBytes));
            }
        }
    }
    // A POP consumer caches nothing: what its popThresholdForQueue compares is the messages it
    // popped and has not acked (in flight), which the cache chart shows instead.
    for (qsizetype row = 0; row < rows; ++row) {
        const Sample::Consumer &sc = s.consumers.at(row);
        const qint32 c = idOf(row);
        if (sc.popInFlight >= 0 && c < consumers) {
            m_largestCount[c] = float(sc.popInFlight);
        }
    }
    // Flow-control holds per second: the cumulative counts of every consumer, departed ones
    // (their summary row) included, against the previous sample's.
    qint64 flowTotal[FlowCauses]
        = { s.departed.flowControl[0], s.departed.flowControl[1], s.departed.flowControl[2],
              s.departed.brokerFlowControl[0], s.departed.brokerFlowControl[1] };
    double countThreshold = 0;
    double sizeThreshold = 0;
    float highest[MetricCount] = { 0, 0, 0 };
    double sum[MetricCount] = { 0, 0, 0 };
    int live = 0;
    for (qsizetype row = 0; row < rows; ++row) {
        const Sample::Consumer &sc = s.consumers.at(row);
        const qint32 c = idOf(row);
        for (int k = 0; k < FlowCauses; ++k) {
            // The client's own holds, then the brokers' push-backs (SYSTEM_BUSY, FLOW_CONTROL).
            flowTotal[k] += k < FlowSystemBusy ? sc.flowControl[k]
                                               : sc.brokerFlowControl[k - FlowSystemBusy];
        }
        const float values[MetricCount]
            = { m_largestCount.at(c), m_largestBytes.at(c) / float(1024 * 1024), float(sc.lag) };
        const bool isLive = sc.state != ConsumerState::Absent && sc.state != ConsumerState::Killed
            && sc.state != ConsumerState::Shutdown;
        if (isLive) {
            ++live;
            for (int m = 0; m < MetricCount; ++m) {
                highest[m] = qMax(highest[m], values[m]);
                sum[m] += values[m];
            }
            countThreshold = qMax(countThreshold, double(sc.pullThresholdForQueue));
            sizeThreshold = qMax(sizeThreshold, double(sc.pullThresholdSizeForQueue));
        }
    }
    for (int c = 0; c < m_perConsumer.size(); ++c) {
        auto &columns = m_perConsumer[c];
        if (c >= consumers) {
            for (auto &column : columns) {
                column.append(0.0f);
            }
            continue;
        }
        columns[CacheMessages].append(m_largestCount.at(c));
        columns[CacheMiB].append(m_largestBytes.at(c) / float(1024 * 1024));
        columns[Lag].append(0.0f); // set below from the consumer's row, if it has one
    }
    if (!m_perConsumer.isEmpty()) {
        for (qsizetype row = 0; row < rows; ++row) {
            const qint32 c = idOf(row);
            if (c < m_perConsumer.size()) {
                m_perConsumer[c][Lag].last() = float(s.consumers.at(row).lag);
            }
        }
    }
    for (int k = 0; k < FlowCauses; ++k) {
        const qint64 added = before == 0 ? flowTotal[k] : flowTotal[k] - m_lastFlowTotal[k];
        m_flow[k].append(dt > 0 ? float(double(added) / dt) : 0.0f);
        m_lastFlowTotal[k] = flowTotal[k];
    }
    for (int m = 0; m < MetricCount; ++m) {
        m_highest[m].append(highest[m]);
        m_mean[m].append(live > 0 ? float(sum[m] / live) : 0.0f);
    }
    m_orphaned.append(float(s.orphanedQueues));
    m_doubleOwned.append(float(s.doubleOwnedQueues));
    if (countThreshold > 0) {
        m_countThreshold = countThreshold;
    }
    if (sizeThreshold > 0) {
        m_sizeThreshold = sizeThreshold;
    }
}

void ChartSeries::appendEvents(const QList<SimEvent> &events)
{
    for (const SimEvent &e : events) {
        if (e.type == SimEvent::Type::Rebalance) {
            m_rebalances.append(double(e.t) / 1000.0);
        }
    }
}

QList<QPointF> ChartSeries::decimate(
    const QList<float> &column, double x0, double x1, int pixels, double *maxY) const
{
    QList<QPointF> points;
    const qsizetype n = qMin(column.size(), m_t.size());
    if (n == 0 || x1 <= x0) {
        return points;
    }
    // One sample either side of the window, so lines reach the edges.
    qsizetype first = std::lower_bound(m_t.begin(), m_t.begin() + n, x0) - m_t.begin();
    qsizetype last = std::upper_bound(m_t.begin(), m_t.begin() + n, x1) - m_t.begin();
    first = qMax<qsizetype>(0, first - 1);
    last = qMin(n, last + 1);
    const qsizetype count = last - first;
    pixels = qMax(1, pixels);
    double top = 0;
    if (count <= 2 * pixels) {
        points.reserve(count);
        for (qsizetype i = first; i < last; ++i) {
            points.append(QPointF(m_t.at(i), column.at(i)));
            top = qMax(top, double(column.at(i)));
        }
    } else {
        points.reserve(2 * pixels + 2);
        const double width = (x1 - x0) / pixels;
        qsizetype i = first;
        while (i < last) {
            const int bucket = int((m_t.at(i) - x0) / width);
            float lo = std::numeric_limits<float>::max();
            float hi = std::numeric_limits<float>::lowest();
            qsizetype loAt = i;
            qsizetype hiAt = i;
            while (i < last && int((m_t.at(i) - x0) / width) == bucket) {
                if (column.at(i) < lo) {
                    lo = column.at(i);
                    loAt = i;
                }
                if (column.at(i) > hi) {
                    hi = column.at(i);
                    hiAt = i;
                }
                ++i;
            }
            const qsizetype a = qMin(loAt, hiAt);
            const qsizetype b = qMax(loAt, hiAt);
            points.append(QPointF(m_t.at(a), column.at(a)));
            if (b != a) {
                points.append(QPointF(m_t.at(b), column.at(b)));
            }
            top = qMax(top, double(hi));
        }
    }
    if (maxY) {
        *maxY = qMax(*maxY, top);
    }
    return points;
}

} // namespace Rblab
