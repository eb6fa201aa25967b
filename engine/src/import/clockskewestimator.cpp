// SPDX-License-Identifier: Apache-2.0
#include "import/clockskewestimator.h"

#include <QHash>

#include <algorithm>
#include <cmath>

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
    // The first host, in path order, that logged two notifications or more (so the figures do
    // not depend on the order of the files on the command line); else the first that logged
    // one; the first host when none did. A reference with one note measures every other host
    // by that note alone (a real 5.3.3 run: p1, its start failed and retried, logged one
    // notification, 0.4 s after p2 and p3 logged theirs, and they were given -0.4 s).
    const int n = int(hosts.size());
    int ref = -1;
    for (const qsizetype least : { 2, 1 }) {
        for (int h = 0; h < n; ++h) {
            if (notes[h].size() >= least && (ref < 0 || hosts[h] < hosts[ref])) {
                ref = h;
            }
        }
        if (ref >= 0) {
            break;
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
    // Sorted lists keep this O(pairs · log), not quadratic in a day's notifications. A
    // stretch counts the pairs it could match one to one: the fewer of the distinct notes of
    // either side in it. A host that logged one change twice within a millisecond (a real
    // 5.3.3 run, p1 at 12.653 and 12.654) pairs both with the other's one note: those two
    // offsets outweighed the one true pair, and p2 was given a skew of -364 ms.
    struct Offset
    {
        qint64 offset;
        qsizetype note; //!< index in `notes`
        const qint64 *partner; //!< the reference's note
        bool operator<(const Offset &o) const { return offset < o.offset; }
    };
    std::vector<Offset> offsets;
    for (qsizetype n = 0; n < notes.size(); ++n) {
        const LoggedLine *a = notes[n];
        const QList<qint64> &times = reference.value(noteKey(a));
        auto it = std::lower_bound(times.cbegin(), times.cend(), a->record.time - maxSkew);
        for (; it != times.cend() && *it <= a->record.time + maxSkew
             && qsizetype(offsets.size()) < kMaxOffsetPairs;
             ++it) {
            offsets.push_back({ a->record.time - *it, n, &*it });
        }
    }
    std::stable_sort(offsets.begin(), offsets.end());
    std::vector<int> noteIn(size_t(notes.size()), 0);
    QHash<const qint64 *, int> partnerIn;
    qsizetype notesInStretch = 0;
    qsizetype partnersInStretch = 0;
    qsizetype bestCount = 0;
    qint64 bestOffset = 0;
    const size_t size = offsets.size();
    for (size_t i = 0, j = 0; i < size; ++i) {
        while (j < size && offsets[j].offset - offsets[i].offset <= 2 * matchWindow) {
            notesInStretch += noteIn[size_t(offsets[j].note)]++ == 0 ? 1 : 0;
            partnersInStretch += partnerIn[offsets[j].partner]++ == 0 ? 1 : 0;
            ++j;
        }
        const qsizetype count = qMin(notesInStretch, partnersInStretch);
        // The middle of the stretch, not its median offset: every offset of a stretch of
        // 2 × matchWindow lies within matchWindow of it, so matched() finds them all (the
        // lower of two offsets 86 ms apart kept only one of them).
        const qint64 centre = (offsets[i].offset + offsets[j - 1].offset) / 2;
        if (count > bestCount || (count == bestCount && qAbs(centre) < qAbs(bestOffset))) {
            bestCount = count;
            bestOffset = centre;
        }
        notesInStretch -= --noteIn[size_t(offsets[i].note)] == 0 ? 1 : 0;
        partnersInStretch -= --partnerIn[offsets[i].partner] == 0 ? 1 : 0;
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
    QList<Times> times(n);
    for (int h = 0; h < n; ++h) {
        for (const LoggedLine *r : notes[h]) {
            times[h][noteKey(r)].append(r->record.time);
        }
        for (QList<qint64> &list : times[h]) {
            std::sort(list.begin(), list.end());
        }
    }

    // What two hosts' notifications say about their clocks: the offset most of their notes
    // agree on. A host need not share a notification with the reference (a consumer that
    // joined after the reference died shares none): it is measured through the hosts it does
    // share some with (below).
    const auto pairOf = [&](int a, int b) {
        Pair pair;
        qint64 offset = 0;
        if (notes[a].isEmpty() || notes[b].isEmpty()
            || !densestOffset(notes[a], times[b], &offset)) {
            return pair;
        }
        QList<qint64> diffs = matched(notes[a], times[b], offset);
        if (diffs.isEmpty()) {
            return pair;
        }
        std::sort(diffs.begin(), diffs.end());
        pair.matches = int(diffs.size());
        // The median: on a loaded machine one host logs a notification 70-100 ms late now and
        // then (a real 5.3.3 run: c2 42, 36 and 101 ms after c1), which the middle of the
        // range followed half way (68 ms).
        const qsizetype mid = diffs.size() / 2;
        pair.skew = diffs.size() % 2 ? diffs.at(mid) : (diffs.at(mid - 1) + diffs.at(mid)) / 2;
        // (a's clock minus b's)
        // Half the spread, and at least the 1 ms the logs print.
        pair.tolerance = qMax<qint64>(1, (diffs.last() - diffs.first() + 1) / 2);
        return pair;
    };
    // Every pair when the hosts are few enough; past that, each host against the reference
    // only (the pairs grow with the square of the hosts).
    const bool allPairs = n <= kMostHostsPaired;
    std::vector<std::vector<Pair>> pairs { size_t(n), std::vector<Pair>(size_t(n)) };
    for (int a = 0; a < n; ++a) {
        for (int b = a + 1; b < n; ++b) {
            if (!allPairs && a != ref && b != ref) {
                continue;
            }
            Pair pair = pairOf(a, b);
            pairs[size_t(a)][size_t(b)] = pair;
            pair.skew = -pair.skew;
            pairs[size_t(b)][size_t(a)] = pair;
        }
    }
    // Each host along the path of least tolerance (Dijkstra from the reference). A pair that
    // matched one note only is weak evidence (a lone note paired with one minutes away): it is
    // taken only when no path of pairs with two matches or more reaches the host. Two matches
    // that put the clocks more than a second apart are weak too, if less so: membership changes
    // come in rhythms (consumers started a second apart, shut down two seconds apart), and two
    // notes two seconds apart on one host pair with two on another minutes away as tightly as
    // true pairs do. A real 5.3.3 run (the orderly lesson of the corpus) gave c5 and c3 +190 s
    // that way, c5's two end-of-run notes against c1's two start-up ones, where pairs of three
    // notes put every clock within 35 ms of 0. Clocks a second apart or less need no more.
    constexpr qint64 kWeak = qint64(1) << 48;
    constexpr qint64 kTwoFarNotes = qint64(1) << 36;
    constexpr qint64 kFar = 1000;
    // A pair's tolerance counts for less the more notes it matched (as a mean's error shrinks
    // with the square root of the count): two notes 28 and 95 ms apart are not better evidence
    // than three that agree within 5 ms but one (a real 4.9.8 run: c3 +61 ms through its two
    // notes shared with c1, +26 ms through c2, the truth 0).
    const auto cost = [](const Pair &pair) {
        return qint64(std::llround(
                   1000.0 * double(pair.tolerance) / std::sqrt(double(std::max(pair.matches, 1)))))
            + (pair.matches < 2                                  ? kWeak
                    : pair.matches < 3 && qAbs(pair.skew) > kFar ? kTwoFarNotes
                                                                 : 0);
    };
    std::vector<qint64> distance(size_t(n), -1);
    std::vector<int> via(size_t(n), -1);
    std::vector<bool> placed(size_t(n), false);
    std::vector<int> matches(size_t(n), 0);
    distance[size_t(ref)] = 0;
    for (;;) {
        int next = -1;
        for (int h = 0; h < n; ++h) {
            if (placed[size_t(h)] || distance[size_t(h)] < 0) {
                continue;
            }
            if (next < 0 || distance[size_t(h)] < distance[size_t(next)]) {
                next = h;
            }
        }
        if (next < 0) {
            break;
        }
        placed[size_t(next)] = true;
        if (next != ref) {
            const int from = via[size_t(next)];
            const Pair &edge = pairs[size_t(next)][size_t(from)];
            m_skew[next] = m_skew[from] + edge.skew;
            m_tolerance[next] = *m_tolerance[from] + edge.tolerance;
            matches[size_t(next)] = edge.matches;
        }
        for (int to = 0; to < n; ++to) {
            const Pair &edge = pairs[size_t(to)][size_t(next)];
            if (placed[size_t(to)] || edge.matches == 0) {
                continue;
            }
            const qint64 d = distance[size_t(next)] + cost(edge);
            const int current = via[size_t(to)];
            const bool better = distance[size_t(to)] < 0 || d < distance[size_t(to)]
                || (d == distance[size_t(to)]
                    && edge.matches > pairs[size_t(to)][size_t(current)].matches);
            if (better) {
                distance[size_t(to)] = d;
                via[size_t(to)] = next;
            }
        }
    }
    for (int h = 0; h < n; ++h) {
        HostClock clock;
        clock.host = hosts[h];
        clock.skewMs = m_skew[h];
        clock.reference = h == ref;
        clock.toleranceMs = m_tolerance[h];
        clock.matches = matches[size_t(h)];
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
