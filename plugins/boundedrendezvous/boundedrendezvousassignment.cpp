// SPDX-License-Identifier: Apache-2.0
#include "boundedrendezvousassignment.h"

#include <QByteArray>

#include <algorithm>
#include <optional>
#include <queue>
#include <vector>

namespace {

std::uint64_t fmix64(std::uint64_t k) noexcept
{
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdULL;
    k ^= k >> 33;
    k *= 0xc4ceb9fe1a85ec53ULL;
    k ^= k >> 33;
    return k;
}

struct Candidate
{
    std::uint64_t weight;
    qsizetype queue;
    qsizetype consumer;
};

// The heap's order: the highest weight first; equal weights by queue, then consumer, in list order.
struct LowerPriority
{
    bool operator()(const Candidate &a, const Candidate &b) const noexcept
    {
        if (a.weight != b.weight) {
            return a.weight < b.weight;
        }
        if (a.queue != b.queue) {
            return a.queue > b.queue;
        }
        return a.consumer > b.consumer;
    }
};

class Matcher
{
public:
    Matcher(const QList<std::uint64_t> &queueKeys, const QList<std::uint64_t> &consumerKeys)
        : m_queueKeys(queueKeys), m_consumerKeys(consumerKeys)
    {
    }

    /*!
        The greedy stable matching with `places[c]` places per consumer. Fills `owners` and, in
        fillOrder, the consumers in the order their last place was taken.
    */
    void run(
        std::vector<qsizetype> places, QList<qsizetype> *owners, std::vector<qsizetype> *fillOrder)
    {
        const qsizetype q = m_queueKeys.size();
        owners->fill(-1, q);
        fillOrder->clear();
        std::vector<Candidate> start;
        start.reserve(size_t(q));
        for (qsizetype j = 0; j < q; ++j) {
            if (auto best = bestWithRoom(j, places)) {
                start.push_back(*best);
            }
        }
        std::priority_queue<Candidate, std::vector<Candidate>, LowerPriority> heap(
            LowerPriority(), std::move(start));
        while (!heap.empty()) {
            const Candidate top = heap.top();
            heap.pop();
            qsizetype &room = places[size_t(top.consumer)];
            if (room > 0) {
                (*owners)[top.queue] = top.consumer;
                if (--room == 0) {
                    fillOrder->push_back(top.consumer);
                }
            } else if (auto next = bestWithRoom(top.queue, places)) {
                // Every consumer this queue weighs higher is full already (the heap gave their
                // pairs first), so its next best with room is its next candidate.
                heap.push(*next);
            }
        }
    }

private:
    std::optional<Candidate> bestWithRoom(qsizetype j, const std::vector<qsizetype> &places) const
    {
        const std::uint64_t qk = m_queueKeys.at(j);
        std::optional<Candidate> best;
        for (qsizetype c = 0; c < m_consumerKeys.size(); ++c) {
            if (places[size_t(c)] == 0) {
                continue;
            }
            const std::uint64_t w = BoundedRendezvousAssignment::weight(qk, m_consumerKeys.at(c));
            if (!best || w > best->weight) {
                best = Candidate { w, j, c };
            }
        }
        return best;
    }

    const QList<std::uint64_t> &m_queueKeys;
    const QList<std::uint64_t> &m_consumerKeys;
};

} // namespace

std::uint64_t BoundedRendezvousAssignment::weight(
    std::uint64_t queueKey, std::uint64_t consumerKey) noexcept
{
    return fmix64(queueKey ^ (consumerKey * 0x9e3779b97f4a7c15ULL));
}

std::uint64_t BoundedRendezvousAssignment::nameKey(const QString &name)
{
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (const char byte : name.toUtf8()) {
        h ^= std::uint8_t(byte);
        h *= 0x100000001b3ULL;
    }
    return fmix64(h);
}

QList<qsizetype> BoundedRendezvousAssignment::assign(
    const QList<std::uint64_t> &queueKeys, const QList<std::uint64_t> &consumerKeys)
{
    const qsizetype q = queueKeys.size();
    const qsizetype n = consumerKeys.size();
    QList<qsizetype> owners;
    if (n == 0) {
        owners.fill(-1, q);
        return owners;
    }
    const qsizetype floor = q / n;
    const qsizetype extra = q % n;
    Matcher matcher(queueKeys, consumerKeys);
    std::vector<qsizetype> fillOrder;
    if (extra == 0) {
        matcher.run(std::vector<qsizetype>(size_t(n), floor), &owners, &fillOrder);
        return owners;
    }
    // Pass 1: ⌈Q/N⌉ places for everyone; the first `extra` consumers to fill keep the extra one.
    // At least `extra` fill: the counts sum to n·floor + extra and none exceeds floor + 1.
    matcher.run(std::vector<qsizetype>(size_t(n), floor + 1), &owners, &fillOrder);
    std::vector<qsizetype> places(size_t(n), floor);
    for (qsizetype i = 0; i < extra; ++i) {
        ++places[size_t(fillOrder.at(size_t(i)))];
    }
    matcher.run(std::move(places), &owners, &fillOrder);
    return owners;
}

QList<qsizetype> BoundedRendezvousAssignment::assign(
    const Rblab::MessageQueueList &mqAll, const QStringList &cidAll)
{
    QList<std::uint64_t> queueKeys;
    queueKeys.reserve(mqAll.size());
    for (const Rblab::MessageQueue &mq : mqAll) {
        queueKeys.append(nameKey(mq.toString()));
    }
    QList<std::uint64_t> consumerKeys;
    consumerKeys.reserve(cidAll.size());
    for (const QString &cid : cidAll) {
        consumerKeys.append(nameKey(cid));
    }
    return assign(queueKeys, consumerKeys);
}
