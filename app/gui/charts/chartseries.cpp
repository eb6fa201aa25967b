// SPDX-License-Identifier: Apache-2.0
#include "charts/chartseries.h"

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
    m_columnsOf.clear();
    m_tooManyConsumers = false;
    for (int k = 0; k < FlowCauses; ++k) {
        m_flow[k].clear();
        m_lastFlowTotal[k] = 0;
    }
    for (int m = 0; m < MetricCount; ++m) {
        m_highest[m].clear();
        m_mean[m].clear();
    }
    for (int k = 0; k < PopSeries; ++k) {
        m_pop[k].clear();
        m_lastPopTotal[k] = 0;
    }
    m_hasPop = false;
    m_lastRow.fill(Sample::Consumer(), m_members.size());
    m_departureCursor = 0;
    m_orphaned.clear();
    m_doubleOwned.clear();
    m_countThreshold = 0;
    m_sizeThreshold = 0;
}

void ChartSeries::setScope(qint32 group, const QList<qint32> &members)
{
    m_group = group < 0 ? -1 : group;
    m_members = m_group < 0 ? QList<qint32>() : members;
    m_slotOf.clear();
    for (qsizetype i = 0; i < m_members.size(); ++i) {
        const qint32 c = m_members.at(i);
        if (c >= 0) {
            if (m_slotOf.size() <= c) {
                m_slotOf.resize(c + 1, -1);
            }
            m_slotOf[c] = qint32(i);
        }
    }
    m_lastRow.fill(Sample::Consumer(), m_members.size());
}

void ChartSeries::update(const QList<SamplePtr> &samples, quint64 revision,
    const QList<SampleHistory::Departure> &departures)
{
    m_departures = departures;
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

namespace {

//! Whose row `row` of a sample is (whole, or folded: the departed consumers' rows left out).
qint32 idOf(const Sample &s, qsizetype row)
{
    return s.consumerIds.isEmpty() ? qint32(row) : s.consumerIds.at(row);
}

} // namespace

void ChartSeries::Totals::addCumulative(const Sample::Consumer &sc)
{
    // The client's own holds, then the brokers' push-backs (SYSTEM_BUSY, FLOW_CONTROL).
    for (int k = 0; k < FlowSystemBusy; ++k) {
        flow[k] += sc.flowControl[k];
    }
    for (int k = FlowSystemBusy; k < FlowCauses; ++k) {
        flow[k] += sc.brokerFlowControl[k - FlowSystemBusy];
    }
    pop[PopAcked] += sc.popAcked;
    pop[PopRevived] += sc.popRevived;
    pop[PopRedelivered] += sc.popRedelivered;
}

qint32 ChartSeries::slotOf(qint32 c, int consumers) const
{
    if (m_group < 0) {
        return c < consumers ? c : -1;
    }
    return c >= 0 && c < m_slotOf.size() ? m_slotOf.at(c) : -1;
}

void ChartSeries::appendOne(const Sample &s)
{
    const double t = double(s.t) / 1000.0;
    const double dt = m_t.isEmpty() ? 0 : t - m_t.last();
    const qsizetype before = m_t.size();
    m_t.append(t);
    // Scratch slots per consumer: the world's consumers by catalog index, or the group's
    // members by their place in the group. A departed consumer caches nothing and owns no
    // queue: its columns end.
    const int consumers
        = m_group >= 0 ? int(m_members.size()) : int(SampleHistory::consumerCount(s));
    measureLargestCaches(s, consumers);
    // Flow-control holds per second: the cumulative counts of every consumer, departed ones
    // (their summary row) included, against the previous sample's.
    Totals totals;
    addDeparted(s, consumers, totals);
    addConsumers(s, consumers, before, totals);
    // Columns of their own for the consumers alive, while few are at once: past that the charts
    // draw the highest and the mean (the columns of this sample are dropped with the rest).
    if (totals.live > kMaxConsumerColumns && !m_tooManyConsumers) {
        m_tooManyConsumers = true;
        m_perConsumer.clear();
        m_columnsOf.clear();
    }
    appendTotals(s, totals, before, dt);
}

void ChartSeries::measureLargestCaches(const Sample &s, int consumers)
{
    // The largest cache of one queue, per owner: what flow control compares with its threshold.
    m_largestCount.fill(0.0f, consumers);
    m_largestBytes.fill(0.0f, consumers);
    for (const Sample::Queue &q : s.queues) {
        for (qint32 owner : q.owners) {
            const qint32 slot = slotOf(owner, consumers);
            if (slot >= 0) {
                m_largestCount[slot] = qMax(m_largestCount[slot], float(q.cachedCount));
                m_largestBytes[slot] = qMax(m_largestBytes[slot], float(q.cachedBytes));
            }
        }
    }
    // A POP consumer caches nothing: what its popThresholdForQueue compares is the messages it
    // popped and has not acked (in flight), which the cache chart shows instead.
    for (qsizetype row = 0; row < s.consumers.size(); ++row) {
        const Sample::Consumer &sc = s.consumers.at(row);
        const qint32 slot = slotOf(idOf(s, row), consumers);
        if (sc.popInFlight >= 0 && slot >= 0) {
            m_largestCount[slot] = float(sc.popInFlight);
        }
    }
}

void ChartSeries::addDeparted(const Sample &s, int consumers, Totals &totals)
{
    if (m_group < 0) {
        totals.addCumulative(s.departed);
        if (s.departed.popInFlight >= 0) {
            totals.anyPop = true;
            totals.pop[PopInvisible] += s.departed.popInvisible;
        }
        return;
    }
    // A group's departed members are not told apart in the summary: each counts with the last
    // row it had. A member folded out of the sample has the row of its latest departure (the
    // history notes one each time a departed consumer's row changes: a dead POP consumer's
    // checkpoints being revived).
    while (
        m_departureCursor < m_departures.size() && m_departures.at(m_departureCursor).from <= s.t) {
        const SampleHistory::Departure &d = m_departures.at(m_departureCursor++);
        const qint32 slot = slotOf(d.consumer, consumers);
        if (slot >= 0) {
            m_lastRow[slot] = d.row;
        }
    }
    QList<bool> present(m_members.size(), false);
    for (qsizetype row = 0; row < s.consumers.size(); ++row) {
        const qint32 slot = slotOf(idOf(s, row), consumers);
        if (slot >= 0) {
            m_lastRow[slot] = s.consumers.at(row);
            present[slot] = true;
        }
    }
    for (qsizetype slot = 0; slot < m_lastRow.size(); ++slot) {
        const Sample::Consumer &last = m_lastRow.at(slot);
        totals.addCumulative(last);
        if (!present.at(slot) && last.popInFlight >= 0) {
            // Departed: what it popped stays invisible on the brokers until revived.
            totals.anyPop = true;
            totals.pop[PopInvisible] += last.popInvisible;
        }
    }
}

void ChartSeries::addConsumers(const Sample &s, int consumers, qsizetype at, Totals &totals)
{
    for (qsizetype row = 0; row < s.consumers.size(); ++row) {
        const Sample::Consumer &sc = s.consumers.at(row);
        const qint32 slot = slotOf(idOf(s, row), consumers);
        if (slot < 0) {
            continue;
        }
        if (m_group < 0) {
            totals.addCumulative(sc);
        }
        if (sc.popInFlight >= 0) {
            totals.anyPop = true;
            totals.pop[PopInFlight] += sc.popInFlight;
            totals.pop[PopInvisible] += sc.popInvisible;
        }
        if (!isAlive(sc.state)) {
            continue;
        }
        const float values[MetricCount] = { m_largestCount.at(slot),
            m_largestBytes.at(slot) / float(1024 * 1024), float(sc.lag) };
        ++totals.live;
        for (int m = 0; m < MetricCount; ++m) {
            totals.highest[m] = qMax(totals.highest[m], values[m]);
            totals.sum[m] += values[m];
        }
        totals.countThreshold = qMax(totals.countThreshold, double(sc.pullThresholdForQueue));
        totals.sizeThreshold = qMax(totals.sizeThreshold, double(sc.pullThresholdSizeForQueue));
        if (!m_tooManyConsumers) {
            appendColumns(idOf(s, row), at, values);
        }
    }
}

void ChartSeries::appendTotals(const Sample &s, const Totals &totals, qsizetype before, double dt)
{
    for (int k = 0; k < FlowCauses; ++k) {
        const qint64 added = before == 0 ? totals.flow[k] : totals.flow[k] - m_lastFlowTotal[k];
        m_flow[k].append(dt > 0 ? float(double(added) / dt) : 0.0f);
        m_lastFlowTotal[k] = totals.flow[k];
    }
    m_hasPop = m_hasPop || totals.anyPop;
    m_pop[PopInFlight].append(float(totals.pop[PopInFlight]));
    m_pop[PopInvisible].append(float(totals.pop[PopInvisible]));
    for (int k = PopAcked; k < PopSeries; ++k) {
        const qint64 added = before == 0 ? totals.pop[k] : totals.pop[k] - m_lastPopTotal[k];
        m_pop[k].append(dt > 0 ? float(double(added) / dt) : 0.0f);
        m_lastPopTotal[k] = totals.pop[k];
    }
    for (int m = 0; m < MetricCount; ++m) {
        m_highest[m].append(totals.highest[m]);
        m_mean[m].append(totals.live > 0 ? float(totals.sum[m] / totals.live) : 0.0f);
    }
    // The group's own ownership health when the samples keep it per group (several groups).
    const bool perGroup = m_group >= 0 && m_group < s.groupOrphaned.size();
    m_orphaned.append(float(perGroup ? s.groupOrphaned.at(m_group) : s.orphanedQueues));
    m_doubleOwned.append(
        float(perGroup && m_group < s.groupDoubleOwned.size() ? s.groupDoubleOwned.at(m_group)
                                                              : s.doubleOwnedQueues));
    if (totals.countThreshold > 0) {
        m_countThreshold = totals.countThreshold;
    }
    if (totals.sizeThreshold > 0) {
        m_sizeThreshold = totals.sizeThreshold;
    }
}

void ChartSeries::appendColumns(qint32 id, qsizetype at, const float (&values)[MetricCount])
{
    // A consumer's columns start when it does and end when it leaves: after hours of churn the
    // charts draw the consumers of their range, not every one the run ever created.
    if (m_columnsOf.size() <= id) {
        m_columnsOf.resize(id + 1, -1);
    }
    if (m_columnsOf.at(id) < 0) {
        m_columnsOf[id] = qint32(m_perConsumer.size());
        ConsumerColumns added;
        added.id = id;
        added.first = at;
        m_perConsumer.append(added);
    }
    ConsumerColumns &mine = m_perConsumer[m_columnsOf.at(id)];
    for (int m = 0; m < MetricCount; ++m) {
        QList<float> &column = mine.columns[m];
        // Not alive for a while (never in RocketMQ: a name does not start twice): zeros keep
        // the column's samples aligned with the times.
        while (mine.first + column.size() < at) {
            column.append(0.0f);
        }
        column.append(values[m]);
    }
}

void ChartSeries::appendEvents(const QList<SimEvent> &events)
{
    for (const SimEvent &e : events) {
        // A group's charts mark its members' rebalances only.
        const bool inScope = m_group < 0
            || (e.consumer >= 0 && e.consumer < m_slotOf.size() && m_slotOf.at(e.consumer) >= 0);
        if (e.type == SimEvent::Type::Rebalance && inScope) {
            m_rebalances.append(double(e.t) / 1000.0);
        }
    }
}

QList<QPointF> ChartSeries::decimate(const QList<float> &column, double x0, double x1, int pixels,
    double *maxY, qsizetype from) const
{
    QList<QPointF> points;
    from = qBound<qsizetype>(0, from, m_t.size());
    const qsizetype n = qMin(from + column.size(), m_t.size());
    if (n <= from || x1 <= x0) {
        return points;
    }
    const auto value = [&column, from](qsizetype i) { return column.at(i - from); };
    // One sample either side of the window, so lines reach the edges.
    qsizetype first = std::lower_bound(m_t.begin() + from, m_t.begin() + n, x0) - m_t.begin();
    qsizetype last = std::upper_bound(m_t.begin() + from, m_t.begin() + n, x1) - m_t.begin();
    first = qMax(from, first - 1);
    last = qMin(n, last + 1);
    const qsizetype count = last - first;
    pixels = qMax(1, pixels);
    double top = 0;
    if (count <= 2 * pixels) {
        points.reserve(count);
        for (qsizetype i = first; i < last; ++i) {
            points.append(QPointF(m_t.at(i), value(i)));
            top = qMax(top, double(value(i)));
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
                if (value(i) < lo) {
                    lo = value(i);
                    loAt = i;
                }
                if (value(i) > hi) {
                    hi = value(i);
                    hiAt = i;
                }
                ++i;
            }
            const qsizetype a = qMin(loAt, hiAt);
            const qsizetype b = qMax(loAt, hiAt);
            points.append(QPointF(m_t.at(a), value(a)));
            if (b != a) {
                points.append(QPointF(m_t.at(b), value(b)));
            }
            top = qMax(top, double(hi));
        }
    }
    if (maxY) {
        *maxY = qMax(*maxY, top);
    }
    return points;
}

QList<int> ChartSeries::consumersIn(double x0, double x1) const
{
    QList<int> found;
    for (int i = 0; i < m_perConsumer.size(); ++i) {
        const ConsumerColumns &c = m_perConsumer.at(i);
        const qsizetype last = qMin(c.first + c.columns[0].size(), m_t.size()) - 1;
        if (last >= c.first && m_t.at(c.first) <= x1 && m_t.at(last) >= x0) {
            found.append(i);
        }
    }
    return found;
}

} // namespace Rblab
