// SPDX-License-Identifier: Apache-2.0
#include "import/clockskewestimator.h"

#include <algorithm>

namespace Rblab {

namespace {

// At most this many offsets are paired per host (a day of notifications on busy hosts).
constexpr qsizetype kMaxOffsetPairs = 4'000'000;

} // namespace

QString ClockSkewEstimator::noteKey(const LoggedLine *line)
{
    return line->record.brokerAddress + QLatin1Char('\n') + line->record.group;
}

int ClockSkewEstimator::referenceHost(const QStringList &hosts, const QList<Notes> &notes)
{
    // The first host, in path order, that logged a notification (so the figures do not depend
    // on the order of the files on the command line); the first host when none did.
    const int n = int(hosts.size());
    int ref = -1;
    for (int h = 0; h < n; ++h) {
        if (!notes[h].isEmpty() && (ref < 0 || hosts[h] < hosts[ref])) {
            ref = h;
        }
    }
    if (ref < 0) {
        ref = 0;
        for (int h = 1; h < n; ++h) {
            ref = hosts[h] < hosts[ref] ? h : ref;
        }
    }
    return ref;
}

bool ClockSkewEstimator::densestOffset(const Notes &notes, const Times &reference, qint64 *offset)
{
    // Sorted lists keep this O(pairs · log), not quadratic in a day's notifications.
    QList<qint64> offsets;
    for (const LoggedLine *a : notes) {
        const QList<qint64> &times = reference.value(noteKey(a));
        auto it = std::lower_bound(times.cbegin(), times.cend(), a->record.time - maxSkew);
        for (; it != times.cend() && *it <= a->record.time + maxSkew
             && offsets.size() < kMaxOffsetPairs;
             ++it) {
            offsets.append(a->record.time - *it);
        }
    }
    std::sort(offsets.begin(), offsets.end());
    qsizetype bestCount = 0;
    qint64 bestOffset = 0;
    for (qsizetype i = 0, j = 0; i < offsets.size(); ++i) {
        j = qMax(j, i);
        while (j < offsets.size() && offsets[j] - offsets[i] <= 2 * matchWindow) {
            ++j;
        }
        const qint64 centre = offsets[(i + j - 1) / 2];
        if (j - i > bestCount || (j - i == bestCount && qAbs(centre) < qAbs(bestOffset))) {
            bestCount = j - i;
            bestOffset = centre;
        }
    }
    *offset = bestOffset;
    return bestCount > 0;
}

QList<qint64> ClockSkewEstimator::matched(const Notes &notes, const Times &reference, qint64 offset)
{
    QList<qint64> diffs;
    for (const LoggedLine *a : notes) {
        const QList<qint64> &times = reference.value(noteKey(a));
        const qint64 want = a->record.time - offset;
        auto it = std::lower_bound(times.cbegin(), times.cend(), want);
        qint64 best = matchWindow + 1;
        qint64 bestDiff = 0;
        for (auto c : { it, it == times.cbegin() ? it : std::prev(it) }) {
            if (c != times.cend() && qAbs(*c - want) < best) {
                best = qAbs(*c - want);
                bestDiff = a->record.time - *c;
            }
        }
        if (best <= matchWindow) {
            diffs.append(bestDiff);
        }
    }
    return diffs;
}

void ClockSkewEstimator::estimate(const QStringList &hosts, const std::vector<LoggedLine> &lines)
{
    const int n = int(hosts.size());
    m_clocks.clear();
    m_skew = QList<qint64>(n, 0);
    m_tolerance = QList<std::optional<qint64>>(n);
    if (n == 0) {
        return;
    }
    QList<Notes> notes(n);
    for (const LoggedLine &r : lines) {
        if (r.record.kind == LogRecord::Kind::Notify) {
            notes[r.host].append(&r);
        }
    }
    const int ref = referenceHost(hosts, notes);
    m_tolerance[ref] = 0; // the reference clock: the others are measured against it
    Times refTimes;
    for (const LoggedLine *r : notes[ref]) {
        refTimes[noteKey(r)].append(r->record.time);
    }
    for (QList<qint64> &times : refTimes) {
        std::sort(times.begin(), times.end());
    }
    for (int h = 0; h < n; ++h) {
        HostClock clock;
        clock.host = hosts[h];
        qint64 offset = 0;
        if (h != ref && densestOffset(notes[h], refTimes, &offset)) {
            QList<qint64> diffs = matched(notes[h], refTimes, offset);
            if (!diffs.isEmpty()) {
                std::sort(diffs.begin(), diffs.end());
                const qint64 lo = diffs.first();
                const qint64 hi = diffs.last();
                m_skew[h] = (lo + hi) / 2;
                // Half the spread, and at least the 1 ms the logs print.
                m_tolerance[h] = qMax<qint64>(1, (hi - lo + 1) / 2);
                clock.matches = int(diffs.size());
            }
        }
        clock.skewMs = m_skew[h];
        clock.reference = h == ref;
        clock.toleranceMs = m_tolerance[h];
        m_clocks.append(clock);
    }
}

void ClockSkewEstimator::correct(std::vector<LoggedLine> &lines) const
{
    for (LoggedLine &r : lines) {
        r.record.time -= m_skew[r.host];
    }
}

std::optional<qint64> ClockSkewEstimator::tolerance(int hostA, int hostB) const
{
    const auto a = m_tolerance.value(hostA);
    const auto b = m_tolerance.value(hostB);
    if (!a || !b) {
        return std::nullopt;
    }
    return hostA == hostB ? 0 : *a + *b;
}

} // namespace Rblab
