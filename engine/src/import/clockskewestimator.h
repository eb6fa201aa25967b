// SPDX-License-Identifier: Apache-2.0
// Each machine's clock skew, from the broker notifications several machines logged.
#pragma once

#include "import/logreader.h"

#include <rblab/rblab_global.h>

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace Rblab {

/*!
    The notification lines of one broker change, on every host that logged it, are the only
    events the logs share across machines (ClientRemotingProcessor:140 / :139: one
    NOTIFY_CONSUMER_IDS_CHANGED per member, sent in one loop, arriving within milliseconds).
    The offset that lines up most of two hosts' notifications is the difference of their clocks,
    and the spread of the matched pairs around it its tolerance. Each host is measured against
    the reference host along the path of pairs whose tolerances add up least, a pair with a
    single match only when nothing else reaches it: a host that shares no notification with the
    reference (it started after the reference died) is measured through those it shares some
    with.
*/
class RBLAB_ENGINE_EXPORT ClockSkewEstimator
{
public:
    struct HostClock
    {
        QString host;
        qint64 skewMs = 0; //!< this host's clock minus the reference host's
        std::optional<qint64> toleranceMs; //!< nullopt: no notification to match
        int matches = 0;
        bool reference = false; //!< the clock the others are measured against
    };

    //! Two hosts' lines for one notification are this close once the skew is taken out (ms).
    static constexpr qint64 matchWindow = 50;
    //! No skew larger than this is looked for (ms).
    static constexpr qint64 maxSkew = 10 * 60'000;

    //! Estimates the skew of each of `hosts` (indexes of LoggedLine::host) from `lines`.
    void estimate(const QStringList &hosts, const std::vector<LoggedLine> &lines);
    //! Takes each line's host skew out of its time.
    void correct(std::vector<LoggedLine> &lines) const;

    //! One per host, in the order of the hosts estimate() was given.
    const QList<HostClock> &clocks() const { return m_clocks; }
    qint64 skew(int host) const { return m_skew.value(host); }
    //! The uncertainty of a host's corrected times (0 for the reference, nullopt: unknown).
    std::optional<qint64> tolerance(int host) const { return m_tolerance.value(host); }
    //! The uncertainty of the time between two hosts' lines (0 on one host).
    std::optional<qint64> tolerance(int hostA, int hostB) const;

    //! Past this many hosts, each is measured against the reference only.
    static constexpr int kMostHostsPaired = 256;

private:
    //! What two hosts' notifications say about their clocks.
    struct Pair
    {
        int matches = 0;
        qint64 skew = 0; //!< the first host's clock minus the second's
        qint64 tolerance = 0;
    };
    using Notes = QList<const LoggedLine *>;
    //! One host's notification times per (broker, group), sorted.
    using Times = QHash<QString, QList<qint64>>;

    static QString noteKey(const LoggedLine *line);
    static int referenceHost(const QStringList &hosts, const QList<Notes> &notes);
    /*!
        The offset of the densest 2 × matchWindow stretch of the offsets that pair a note of
        this host with one of the reference's (same broker, same group, within maxSkew); false
        when no note pairs.
    */
    static bool densestOffset(const Notes &notes, const Times &reference, qint64 *offset);
    //! Each note's difference to its nearest reference partner within matchWindow of `offset`.
    static QList<qint64> matched(const Notes &notes, const Times &reference, qint64 offset);

    QList<HostClock> m_clocks;
    QList<qint64> m_skew;
    QList<std::optional<qint64>> m_tolerance;
};

} // namespace Rblab
