// SPDX-License-Identifier: Apache-2.0
// A 5.3 client log made only of rebalance results, written in the test (tests/bench/
// make_rebalance_log.py writes the same lines for measuring `rblab import-logs` by hand).
#pragma once

#include <QByteArray>
#include <QIODevice>

#include <algorithm>

namespace Rblab::TestSupport {

/*!
    Writes `rounds` rounds of `client rebalanced result changed` lines (RebalanceImpl:330): in
    each, at one instant, every one of `clients` consumers of GID_ORDER logs its AVG share of the
    40 queues of TopicOrder (20 on broker-a, 20 on broker-b), the assignment turning by one
    queue a round; so every line is a change, and no queue is double-owned or unowned between
    rounds. Each client's share takes 40 / `clients` forms, whatever the number of rounds.
    Returns the lines written (rounds × clients), or -1 when the device refused.
*/
inline qint64 writeRebalanceResultsLog(
    QIODevice *out, int rounds, int clients = 20, qint64 roundMs = 2790)
{
    constexpr int kQueues = 40;
    const int share = kQueues / clients;
    QByteArray block;
    qint64 lines = 0;
    for (int round = 0; round < rounds; ++round) {
        block.clear();
        const qint64 ms = round * roundMs;
        const QByteArray stamp = QByteArray("2024-03-01 ")
            + QByteArray::number(ms / 3'600'000 % 24).rightJustified(2, '0') + ':'
            + QByteArray::number(ms / 60'000 % 60).rightJustified(2, '0') + ':'
            + QByteArray::number(ms / 1000 % 60).rightJustified(2, '0') + '.'
            + QByteArray::number(ms % 1000).rightJustified(3, '0');
        for (int c = 0; c < clients; ++c, ++lines) {
            int ids[kQueues];
            for (int k = 0; k < share; ++k) {
                ids[k] = (c * share + round + k) % kQueues;
            }
            std::sort(ids, ids + share);
            block += stamp
                + " INFO  [1001] [RebalanceService] [o.a.r.c.i.c.RebalanceImpl#?:?] - client "
                  "rebalanced result changed. allocateMessageQueueStrategyName=AVG, "
                  "group=GID_ORDER, topic=TopicOrder, clientId=10.0.0."
                + QByteArray::number(c + 1) + "@1001#1, mqAllSize=" + QByteArray::number(kQueues)
                + ", cidAllSize=" + QByteArray::number(clients)
                + ", rebalanceResultSize=" + QByteArray::number(share) + ", rebalanceResultSet=[";
            for (int k = 0; k < share; ++k) {
                block += (k ? ", " : "")
                    + QByteArray("MessageQueue [topic=TopicOrder, brokerName=broker-")
                    + (ids[k] < kQueues / 2 ? "a" : "b")
                    + ", queueId=" + QByteArray::number(ids[k] % (kQueues / 2)) + "]";
            }
            block += "]\n";
        }
        if (out->write(block) != block.size()) {
            return -1;
        }
    }
    return lines;
}

} // namespace Rblab::TestSupport
