// SPDX-License-Identifier: Apache-2.0
#include "chartseries.h"

#include <algorithm>
#include <limits>

namespace Rblab {

void ChartSeries::clear()
{
    m_t.clear();
    m_perConsumer.clear();
    for (int k = 0; k < FlowCauses; ++k) {
        m_flow[k].clear();
        m_lastFlow[k].clear();
    }
    for (int m = 0; m < MetricCount; ++m) {
        m_highest[m].clear();
        m_mean[m].clear();
    }
    m_orphaned.clear();
    m_doubleOwned.clear();
    m_rebalances.clear();
    m_countThreshold = 0;
    m_sizeThreshold = 0;
}

void ChartSeries::append(const QList<Sample> &samples)
{
    QList<float> largestCount;
    QList<float> largestBytes;
    for (const Sample &s : samples) {
        const double t = double(s.t) / 1000.0;
        const double dt = m_t.isEmpty() ? 0 : t - m_t.last();
        const qsizetype before = m_t.size();
        m_t.append(t);
        const int consumers = int(s.consumers.size());
        while (m_perConsumer.size() < consumers) {
            // A consumer that joins later has no values before it existed: zeros keep columns
            // aligned.
            QList<QList<float>> columns(MetricCount, QList<float>(before, 0.0f));
            m_perConsumer.append(columns);
        }
        for (int k = 0; k < FlowCauses; ++k) {
            m_lastFlow[k].resize(qMax<qsizetype>(m_lastFlow[k].size(), consumers), 0);
        }
        // The largest cache of one queue, per owner: what flow control compares with its threshold.
        largestCount.fill(0.0f, consumers);
        largestBytes.fill(0.0f, consumers);
        for (const Sample::Queue &q : s.queues) {
            for (qint32 owner : q.owners) {
                if (owner >= 0 && owner < consumers) {
                    largestCount[owner] = qMax(largestCount[owner], float(q.cachedCount));
                    largestBytes[owner] = qMax(largestBytes[owner], float(q.cachedBytes));
                }
            }
        }
        double flow[FlowCauses] = { 0, 0, 0 };
        double countThreshold = 0;
        double sizeThreshold = 0;
        float highest[MetricCount] = { 0, 0, 0 };
        double sum[MetricCount] = { 0, 0, 0 };
        int live = 0;
        for (int c = 0; c < m_perConsumer.size(); ++c) {
            auto &columns = m_perConsumer[c];
            if (c >= consumers) {
                for (auto &column : columns) {
                    column.append(0.0f);
                }
                continue;
            }
            const Sample::Consumer &sc = s.consumers.at(c);
            // A POP consumer caches nothing: what its popThresholdForQueue compares is the
            // messages it popped and has not acked (in flight), which the chart shows instead.
            columns[CacheMessages].append(
                sc.popInFlight >= 0 ? float(sc.popInFlight) : largestCount.at(c));
            columns[CacheMiB].append(largestBytes.at(c) / float(1024 * 1024));
            columns[Lag].append(float(sc.lag));
            for (int k = 0; k < FlowCauses; ++k) {
                flow[k] += double(sc.flowControl[k] - m_lastFlow[k][c]);
                m_lastFlow[k][c] = sc.flowControl[k];
            }
            const bool isLive = sc.state != ConsumerState::Absent
                && sc.state != ConsumerState::Killed && sc.state != ConsumerState::Shutdown;
            if (isLive) {
                ++live;
                for (int m = 0; m < MetricCount; ++m) {
                    highest[m] = qMax(highest[m], columns[m].last());
                    sum[m] += columns[m].last();
                }
                countThreshold = qMax(countThreshold, double(sc.pullThresholdForQueue));
                sizeThreshold = qMax(sizeThreshold, double(sc.pullThresholdSizeForQueue));
            }
        }
        for (int k = 0; k < FlowCauses; ++k) {
            m_flow[k].append(dt > 0 ? float(flow[k] / dt) : 0.0f);
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
