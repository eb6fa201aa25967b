// SPDX-License-Identifier: Apache-2.0
// The time series the charts draw, derived once from the run's samples.
#pragma once

#include "simulation/frame.h"

#include <QList>
#include <QPointF>

namespace Rblab {

/*!
    Columns derived from the engine's samples as they arrive (recomputed only when the engine's
    window changed more than its end): per consumer (for a run of a few consumers)
    the largest queue cache in messages and MiB and the lag; per sample the flow-control holds
    per second by cause, unassigned and double-owned queues, and the thresholds; plus the times
    of rebalances. Chart refreshes only decimate slices of these columns to the visible pixels,
    so a refresh costs the same after an hour as after a minute.
*/
class ChartSeries
{
public:
    enum Metric { CacheMessages, CacheMiB, Lag, MetricCount };
    //! The client's own holds (count, size, span), then the broker's push-backs.
    enum Flow { FlowCount, FlowSize, FlowSpan, FlowSystemBusy, FlowBrokerFlowControl, FlowCauses };
    /*!
        POP figures over the POP consumers in scope: messages in flight (popped, not acked) and
        invisible on the brokers now, then acks sent, checkpoints revived and redeliveries per
        second.
    */
    enum Pop { PopInFlight, PopInvisible, PopAcked, PopRevived, PopRedelivered, PopSeries };

    /*!
        Columns per consumer are kept while at most this many consumers of the scope are alive
        at once (the charts draw a line each for the consumers alive in their visible range up
        to there, the highest and the mean beyond).
    */
    static constexpr int kMaxConsumerColumns = 10;

    void clear();
    /*!
        The consumers the columns cover: one group's members (`group` its index, `members` its
        consumers in catalog order), or the whole world (group -1). Takes effect for the samples
        derived after it: callers clear() and derive again.
    */
    void setScope(qint32 group, const QList<qint32> &members);
    qint32 scopeGroup() const { return m_group; }
    //! The catalog index of the consumer of consumerColumn(i, …).
    qint32 consumerAt(int i) const { return m_perConsumer.at(i).id; }
    //! The place in consumerColumn(…) of catalog consumer `id`'s columns (-1: it has none).
    int columnsOf(qint32 id) const
    {
        return id >= 0 && id < m_columnsOf.size() ? m_columnsOf.at(id) : -1;
    }
    //! Derives the columns of these samples (folded or whole) after the ones already derived.
    void append(const QList<SamplePtr> &samples);
    void append(const QList<Sample> &samples);
    /*!
        Follows the engine's window of samples: appends those after the last one derived, or,
        when more than the end changed (a new `revision`: thinning, a rewind), derives every
        column again from it. Either way the columns are as long as the window, not as the run.
    */
    void update(const QList<SamplePtr> &samples, quint64 revision,
        const QList<SampleHistory::Departure> &departures = {});
    void appendEvents(const QList<SimEvent> &events);

    qsizetype size() const { return m_t.size(); }
    const QList<double> &times() const { return m_t; } //!< seconds
    /*!
        Consumers with columns of their own: each one alive (started, not killed or shut down)
        in a sample of the window, in the order they first were; none once more than
        kMaxConsumerColumns were alive in one sample (tooManyConsumers()). A consumer's columns
        cover only the samples it was alive in: they start at consumerFirst() in times().
    */
    int consumerCount() const { return int(m_perConsumer.size()); }
    const QList<float> &consumerColumn(int consumer, Metric metric) const
    {
        return m_perConsumer.at(consumer).columns[metric];
    }
    qsizetype consumerFirst(int consumer) const { return m_perConsumer.at(consumer).first; }
    bool tooManyConsumers() const { return m_tooManyConsumers; }
    //! The consumers (places in consumerColumn) alive at some sample in [x0, x1] seconds.
    QList<int> consumersIn(double x0, double x1) const;
    //! Over the consumers alive at each sample: the highest value and the mean.
    const QList<float> &highest(Metric metric) const { return m_highest[metric]; }
    const QList<float> &mean(Metric metric) const { return m_mean[metric]; }
    const QList<float> &flowColumn(Flow cause) const { return m_flow[cause]; }
    const QList<float> &popColumn(Pop series) const { return m_pop[series]; }
    //! A POP consumer was in scope in a sample derived so far.
    bool hasPop() const { return m_hasPop; }
    const QList<float> &orphaned() const { return m_orphaned; }
    const QList<float> &doubleOwned() const { return m_doubleOwned; }
    //! The highest threshold among live consumers at the last sample (messages, MiB).
    double countThreshold() const { return m_countThreshold; }
    double sizeThreshold() const { return m_sizeThreshold; }
    const QList<double> &rebalanceTimes() const { return m_rebalances; } //!< seconds

    /*!
        The points of `column` over [x0, x1] (seconds), at most two per pixel of `pixels`: the
        minimum and maximum of each pixel's bucket, in time order, so spikes survive. The
        column's value i is at times()[first + i] (a consumer's column: consumerFirst()).
    */
    QList<QPointF> decimate(const QList<float> &column, double x0, double x1, int pixels,
        double *maxY = nullptr, qsizetype first = 0) const;

private:
    //! What one sample adds up over its consumers.
    struct Totals
    {
        qint64 flow[FlowCauses] = {}; //!< cumulative holds and push-backs
        qint64 pop[PopSeries] = {}; //!< levels, and cumulative acked, revived, redelivered
        bool anyPop = false;
        float highest[MetricCount] = {}; //!< over the live consumers
        double sum[MetricCount] = {};
        int live = 0;
        double countThreshold = 0;
        double sizeThreshold = 0;
        void addCumulative(const Sample::Consumer &sc);
    };
    void clearSamples();
    void appendOne(const Sample &s);
    //! Consumer `c`'s place among the `consumers` scratch slots (-1: not in scope).
    qint32 slotOf(qint32 c, int consumers) const;
    void measureLargestCaches(const Sample &s, int consumers);
    //! The departed consumers' cumulative figures (the world's summary row, or a group's
    //! members' last rows).
    void addDeparted(const Sample &s, int consumers, Totals &totals);
    //! The sample's rows: their figures, and the columns of the live ones at sample `at`.
    void addConsumers(const Sample &s, int consumers, qsizetype at, Totals &totals);
    //! The sample's aggregate columns: rates, POP levels, highest and mean, ownership.
    void appendTotals(const Sample &s, const Totals &totals, qsizetype before, double dt);
    //! Consumer `id`'s values (messages, MiB, lag) at sample `at`, alive there.
    void appendColumns(qint32 id, qsizetype at, const float (&values)[MetricCount]);

    quint64 m_revision = 0;
    bool m_following = false; //!< update() has been called since the last clear
    bool m_tooManyConsumers = false; //!< per-consumer columns dropped for this window
    struct ConsumerColumns
    {
        qint32 id = -1; //!< catalog index
        qsizetype first = 0; //!< index in m_t of its first value
        QList<float> columns[MetricCount];
    };
    QList<float> m_largestCount; //!< scratch, per consumer
    QList<float> m_largestBytes;
    qint64 m_lastFlowTotal[FlowCauses] = { 0, 0, 0 }; //!< cumulative, at the previous sample
    qint64 m_lastPopTotal[PopSeries] = { 0, 0, 0, 0, 0 }; //!< acked, revived, redelivered
    qint32 m_group = -1; //!< the group in scope (-1: the world)
    QList<qint32> m_members; //!< its consumers
    QList<qint32> m_slotOf; //!< catalog index → position in m_members (-1: not in scope)
    //! Per member: its last row seen; a member that departed (folded out of the samples) keeps
    //! counting with its last cumulative figures.
    QList<Sample::Consumer> m_lastRow;
    //! The history's departures (the rows folded out of its samples), and how many of them
    //! the derived samples have passed (they come in time order).
    QList<SampleHistory::Departure> m_departures;
    qsizetype m_departureCursor = 0;
    bool m_hasPop = false;
    QList<float> m_pop[PopSeries];
    QList<double> m_t;
    QList<ConsumerColumns> m_perConsumer;
    QList<qint32> m_columnsOf; //!< catalog index → place in m_perConsumer (-1: none)
    QList<float> m_highest[MetricCount];
    QList<float> m_mean[MetricCount];
    QList<float> m_flow[FlowCauses];
    QList<float> m_orphaned;
    QList<float> m_doubleOwned;
    QList<double> m_rebalances;
    double m_countThreshold = 0;
    double m_sizeThreshold = 0;
};

} // namespace Rblab
