// SPDX-License-Identifier: Apache-2.0
#include "scorecard.h"

#include "allocation/movementbound.h"
#include "run/simulation.h"

#include <QCoreApplication>
#include <QHash>
#include <QLocale>
#include <QSet>

#include <algorithm>
#include <cmath>

namespace Rblab {

namespace {

bool live(ConsumerState state)
{
    switch (state) {
    case ConsumerState::Running:
    case ConsumerState::Paused:
    case ConsumerState::Frozen:
    case ConsumerState::Partitioned:
        return true;
    default:
        return false;
    }
}

qint64 percentile(QList<qint64> values, double p)
{
    if (values.isEmpty()) {
        return 0;
    }
    std::sort(values.begin(), values.end());
    // Nearest rank: the smallest value with at least p of the values at or below it.
    const qsizetype rank = qsizetype(std::ceil(p * double(values.size())));
    return values.at(std::clamp<qsizetype>(rank - 1, 0, values.size() - 1));
}

class GroupScorer
{
public:
    GroupScorer(const Simulation &sim, qint32 groupIndex)
        : m_sim(sim), m_spec(sim.scenario().groups.at(groupIndex))
    {
        m_card.group = m_spec.name;
        m_card.strategy = m_spec.strategy;
        for (qint32 q = 0; q < sim.queues().size(); ++q) {
            const QueueInfo &info = sim.queues().at(q);
            if (!info.retry && m_spec.topics.contains(info.topic)) {
                m_queues.append(q);
            }
        }
        for (qint32 c = 0; c < sim.consumers().size(); ++c) {
            if (sim.consumers().at(c).group == m_spec.name) {
                m_members.append(c);
            }
        }
    }

    GroupScorecard run()
    {
        scoreSamples();
        scoreEvents();
        return m_card;
    }

private:
    void scoreSamples()
    {
        const QList<Sample> &samples = m_sim.samples();
        const bool clustering = m_spec.messageModel == MessageModel::Clustering;
        double weight = 0;
        double maxOverMeanSum = 0;
        double spreadSum = 0;
        QList<qint64> lags;
        lags.reserve(samples.size());
        // Charts get at most kSeriesPoints points: each the worst of `stride` samples.
        const qsizetype stride = std::max<qsizetype>(1,
            (samples.size() + GroupScorecard::kSeriesPoints - 1) / GroupScorecard::kSeriesPoints);
        QHash<qint32, qint64> held;
        for (qsizetype i = 0; i < samples.size(); ++i) {
            const Sample &s = samples.at(i);
            // Each sample stands for the interval up to the next one (the last for one interval).
            const double seconds = double((i + 1 < samples.size() ? samples.at(i + 1).t - s.t
                                                                  : m_sim.sampleInterval()))
                / 1000.0;
            held.clear();
            qint64 lag = 0;
            for (qint32 c : m_members) {
                // The catalog grows: a sample has no row for a consumer that joined after it.
                if (c >= s.consumers.size()) {
                    break;
                }
                const Sample::Consumer &row = s.consumers.at(c);
                if (live(row.state)) {
                    held.insert(c, 0);
                    lag += row.lag;
                    m_card.peakCachedMessages
                        = std::max(m_card.peakCachedMessages, row.cachedCount);
                    m_card.peakCachedBytes = std::max(m_card.peakCachedBytes, row.cachedBytes);
                }
            }
            lags.append(lag);
            if (i % stride == 0) {
                m_card.series.append({ s.t, 0, 0, 0, 0 });
            }
            ScorecardPoint &point = m_card.series.last();
            point.lag = std::max(point.lag, lag);
            qint64 cached = 0;
            for (auto it = held.cbegin(); it != held.cend(); ++it) {
                cached += s.consumers.at(it.key()).cachedCount;
            }
            point.cachedMessages = std::max(point.cachedMessages, cached);
            qint32 unowned = 0;
            qint32 doubleOwned = 0;
            for (qint32 q : m_queues) {
                if (q >= s.queues.size()) {
                    break; // a queue created after this sample (setQueues)
                }
                qint32 owners = 0;
                for (qint32 c : s.queues.at(q).owners) {
                    const auto it = held.find(c);
                    if (it != held.end()) {
                        ++*it;
                        ++owners;
                    }
                }
                if (owners == 0) {
                    m_card.unownedQueueSeconds += seconds;
                    ++unowned;
                } else if (owners > 1 && clustering) {
                    m_card.doubleOwnedQueueSeconds += seconds;
                    ++doubleOwned;
                }
            }
            point.unownedQueues = std::max(point.unownedQueues, unowned);
            point.doubleOwnedQueues = std::max(point.doubleOwnedQueues, doubleOwned);
            if (held.isEmpty() || m_queues.isEmpty()) {
                continue;
            }
            qint64 lo = m_queues.size();
            qint64 hi = 0;
            qint64 idle = 0;
            for (qint64 n : std::as_const(held)) {
                lo = std::min(lo, n);
                hi = std::max(hi, n);
                idle += n == 0 ? 1 : 0;
            }
            if (m_queues.size() >= held.size()) {
                m_card.idleConsumerSeconds += seconds * double(idle);
            }
            if (hi == 0) {
                continue; // nothing assigned yet (start-up): no balance to judge
            }
            const double mean = double(m_queues.size()) / double(held.size());
            weight += seconds;
            maxOverMeanSum += seconds * double(hi) / mean;
            spreadSum += seconds * double(hi - lo);
            m_card.maxSpread = std::max(m_card.maxSpread, hi - lo);
        }
        if (weight > 0) {
            m_card.maxOverMean = maxOverMeanSum / weight;
            m_card.meanSpread = spreadSum / weight;
        }
        m_card.lagP50 = percentile(lags, 0.50);
        m_card.lagP99 = percentile(lags, 0.99);
        m_card.lagMax = lags.isEmpty() ? 0 : *std::max_element(lags.cbegin(), lags.cend());
        if (!samples.isEmpty()) {
            for (qint32 c : m_members) {
                if (c >= samples.constLast().consumers.size()) {
                    break;
                }
                for (int k = 0; k < 3; ++k) {
                    m_card.flowControl[k] += samples.constLast().consumers.at(c).flowControl[k];
                }
            }
        }
    }

    void scoreEvents()
    {
        QHash<qint32, qint32> holder; // queue → the consumer that last took it up
        QSet<qint32> liveMembers;
        QSet<qint32> memberSet(m_members.cbegin(), m_members.cend());
        QSet<qint32> queueSet(m_queues.cbegin(), m_queues.cend());
        for (const SimEvent &e : m_sim.events()) {
            if (!memberSet.contains(e.consumer)) {
                continue;
            }
            switch (e.type) {
            case SimEvent::Type::Rebalance:
                for (qint32 q : e.added) {
                    if (!queueSet.contains(q)) {
                        continue;
                    }
                    const auto it = holder.find(q);
                    if (it != holder.end() && *it != e.consumer) {
                        ++m_card.queueMoves;
                    }
                    holder.insert(q, e.consumer);
                }
                break;
            case SimEvent::Type::Started:
            case SimEvent::Type::Shutdown:
            case SimEvent::Type::Kill: {
                const bool wasLive = liveMembers.contains(e.consumer);
                if (e.type == SimEvent::Type::Started) {
                    liveMembers.insert(e.consumer);
                } else {
                    liveMembers.remove(e.consumer);
                }
                if (wasLive == liveMembers.contains(e.consumer) || holder.isEmpty()) {
                    break; // nothing changed, or the group has not assigned anything yet
                }
                ++m_card.membershipChanges;
                m_card.lowerBound += lowerBound(holder, liveMembers);
                break;
            }
            default:
                break;
            }
        }
    }

    qint64 lowerBound(const QHash<qint32, qint32> &holder, const QSet<qint32> &liveMembers) const
    {
        QList<QString> before;
        before.reserve(m_queues.size());
        for (qint32 q : m_queues) {
            const auto it = holder.constFind(q);
            before.append(it == holder.constEnd() ? QString() : m_sim.consumers().at(*it).name);
        }
        QStringList after;
        for (qint32 c : liveMembers) {
            after.append(m_sim.consumers().at(c).name);
        }
        return MovementBound::lowerBound(before, after);
    }

    const Simulation &m_sim;
    const GroupSpec &m_spec;
    QList<qint32> m_queues; //!< the group's topics' queues, retry topics left out
    QList<qint32> m_members;
    GroupScorecard m_card;
};

} // namespace

const QList<ScorecardFigure> &ScorecardFigure::all()
{
    static const QList<ScorecardFigure> figures {
        { "balance.maxOverMean",
            QT_TRANSLATE_NOOP("Rblab::ScorecardFigure", "busiest / mean queues (time-weighted)"),
            3 },
        { "balance.meanSpread",
            QT_TRANSLATE_NOOP("Rblab::ScorecardFigure", "spread max − min (time-weighted)"), 2 },
        { "balance.maxSpread",
            QT_TRANSLATE_NOOP("Rblab::ScorecardFigure", "spread max − min (worst sample)"), 0 },
        { "balance.idleConsumerSeconds",
            QT_TRANSLATE_NOOP("Rblab::ScorecardFigure", "idle consumer-seconds"), 1 },
        { "movement.queueMoves", QT_TRANSLATE_NOOP("Rblab::ScorecardFigure", "queue moves"), 0 },
        { "movement.movesPerChange",
            QT_TRANSLATE_NOOP("Rblab::ScorecardFigure", "moves per membership change"), 2 },
        { "movement.moveRatio", QT_TRANSLATE_NOOP("Rblab::ScorecardFigure", "moves / lower bound"),
            2 },
        { "exposure.unownedQueueSeconds",
            QT_TRANSLATE_NOOP("Rblab::ScorecardFigure", "unowned queue-seconds"), 1 },
        { "exposure.orphanedQueueSeconds",
            QT_TRANSLATE_NOOP(
                "Rblab::ScorecardFigure", "orphaned queue-seconds (until the first pull)"),
            2 },
        { "exposure.doubleOwnedQueueSeconds",
            QT_TRANSLATE_NOOP("Rblab::ScorecardFigure", "double-owned queue-seconds"), 1 },
        { "exposure.duplicates", QT_TRANSLATE_NOOP("Rblab::ScorecardFigure", "duplicates (world)"),
            0 },
        { "exposure.lost", QT_TRANSLATE_NOOP("Rblab::ScorecardFigure", "lost (world, must be 0)"),
            0 },
        { "exposure.redelivered", QT_TRANSLATE_NOOP("Rblab::ScorecardFigure", "redelivered (pop)"),
            0 },
        { "pressure.peakCachedMessages",
            QT_TRANSLATE_NOOP("Rblab::ScorecardFigure", "peak cached messages per consumer"), 0 },
        { "pressure.peakCachedMiB",
            QT_TRANSLATE_NOOP("Rblab::ScorecardFigure", "peak cached MiB per consumer"), 2 },
        { "pressure.flowControlCount",
            QT_TRANSLATE_NOOP("Rblab::ScorecardFigure", "flow-control holds: count"), 0 },
        { "pressure.flowControlSize",
            QT_TRANSLATE_NOOP("Rblab::ScorecardFigure", "flow-control holds: size"), 0 },
        { "pressure.flowControlSpan",
            QT_TRANSLATE_NOOP("Rblab::ScorecardFigure", "flow-control holds: span"), 0 },
        { "pressure.lagP50", QT_TRANSLATE_NOOP("Rblab::ScorecardFigure", "lag p50 (messages)"), 0 },
        { "pressure.lagP99", QT_TRANSLATE_NOOP("Rblab::ScorecardFigure", "lag p99 (messages)"), 0 },
        { "pressure.lagMax", QT_TRANSLATE_NOOP("Rblab::ScorecardFigure", "lag max (messages)"), 0 },
    };
    return figures;
}

QString ScorecardFigure::translatedLabel() const
{
    return QCoreApplication::translate("Rblab::ScorecardFigure", label);
}

QString ScorecardFigure::text(double value) const
{
    if (decimals == 0) {
        return QLocale::c().toString(qint64(std::llround(value)));
    }
    return QString::number(value, 'f', decimals);
}

double ScorecardPoint::value(Measure measure) const
{
    switch (measure) {
    case Measure::Lag:
        return double(lag);
    case Measure::CachedMessages:
        return double(cachedMessages);
    case Measure::ExposedQueues:
        break;
    }
    return double(unownedQueues + doubleOwnedQueues);
}

QList<double> RunScorecard::values(const GroupScorecard &g) const
{
    return { g.maxOverMean, g.meanSpread, double(g.maxSpread), g.idleConsumerSeconds,
        double(g.queueMoves), g.movesPerChange(), g.moveRatio(), g.unownedQueueSeconds,
        g.orphanedQueueSeconds, g.doubleOwnedQueueSeconds, double(totals.duplicates),
        double(totals.lost), double(g.popRedelivered), double(g.peakCachedMessages),
        double(g.peakCachedBytes) / (1024.0 * 1024.0), double(g.flowControl[0]),
        double(g.flowControl[1]), double(g.flowControl[2]), double(g.lagP50), double(g.lagP99),
        double(g.lagMax) };
}

const GroupScorecard *RunScorecard::group(const QString &name) const
{
    for (const GroupScorecard &g : groups) {
        if (g.group == name) {
            return &g;
        }
    }
    return nullptr;
}

RunScorecard RunScorecard::compute(const Simulation &simulation)
{
    RunScorecard card;
    card.seed = simulation.seed();
    card.duration = simulation.now();
    card.totals = simulation.totals();
    for (qint32 g = 0; g < simulation.scenario().groups.size(); ++g) {
        card.groups.append(GroupScorer(simulation, g).run());
        card.groups.last().orphanedQueueSeconds = simulation.orphanedQueueSeconds(g);
        card.groups.last().popRedelivered = simulation.groupTotals(g).popRedelivered;
    }
    return card;
}

} // namespace Rblab
