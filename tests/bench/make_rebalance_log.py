#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Writes a 5.3 rocketmq_client.log made only of `client rebalanced result changed` lines
(RebalanceImpl:330): CLIENTS consumers of one group on a 40-queue topic, one round of CLIENTS
lines (one instant) every 2.79 s in which every client logs its new AVG share, the assignment
turning by one queue each round, so that every line is a change and no queue is double-owned or
unowned between rounds. The same lines as tests/support/rebalanceresultslog.h (bench
import.logs_rebalance_results, tst_logimportermemory): for measuring `rblab import-logs` on a log
of rebalance results by hand (/usr/bin/time -v).

usage: make_rebalance_log.py OUT [LINES] [CLIENTS]
"""
import sys

out = sys.argv[1]
lines = int(sys.argv[2]) if len(sys.argv) > 2 else 309_595
clients = int(sys.argv[3]) if len(sys.argv) > 3 else 20
queues = 40
step = 2790  # ms a round: 309,595 lines of 20 clients span 12 h
with open(out, "w", newline="\n") as f:
    for i in range(lines):
        rnd, c = divmod(i, clients)
        ms = int(rnd * step)
        share = queues // clients
        ids = sorted((c * share + rnd + k) % queues for k in range(share))
        mqs = ", ".join(
            "MessageQueue [topic=TopicOrder, brokerName=broker-%s, queueId=%d]"
            % ("a" if q < queues // 2 else "b", q % (queues // 2))
            for q in ids)
        h, rem = divmod(ms, 3_600_000)
        m, rem = divmod(rem, 60_000)
        s, milli = divmod(rem, 1000)
        f.write("2024-03-01 %02d:%02d:%02d.%03d INFO  [1001] [RebalanceService] "
                "[o.a.r.c.i.c.RebalanceImpl#?:?] - client rebalanced result changed. "
                "allocateMessageQueueStrategyName=AVG, group=GID_ORDER, topic=TopicOrder, "
                "clientId=10.0.0.%d@1001#1, mqAllSize=%d, cidAllSize=%d, "
                "rebalanceResultSize=%d, rebalanceResultSet=[%s]\n"
                % (h % 24, m, s, milli, c + 1, queues, clients, len(ids), mqs))
