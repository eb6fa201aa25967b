#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Writes the client logs of the bundled example incidents (README.md here) from RocketMQ's own
# format strings, 4.9 layout (LoggingBuilder.DefaultLayout, LoggingBuilder:1199-1229, CRLF), as
# tests/data/importlogs/make_fixtures.py does; line numbers of apache/rocketmq at
# rocketmq-all-4.9.8. Names are anonymised: addresses of TEST-NET-1 (192.0.2.0/24, RFC 5737),
# a demo group and topic. Run it here; the output is committed byte for byte.
import datetime
import os

BASE = datetime.datetime(2024, 6, 12, 21, 40, 0)  # printed wall time of true time 0 (GMT+8)


def stamp(true_ms, skew_ms):
    t = BASE + datetime.timedelta(milliseconds=true_ms + skew_ms)
    return t.strftime('%Y-%m-%d %H:%M:%S') + ',' + '%03d' % (t.microsecond // 1000)


def mq(topic, broker, qid):  # MessageQueue.toString(), MessageQueue:96-98
    return 'MessageQueue [topic=%s, brokerName=%s, queueId=%d]' % (topic, broker, qid)


def result(group, topic, cid, mq_all, cid_all, queues):
    # RebalanceImpl:301; the set is a HashSet, printed in hash order (here: reversed)
    return ('rebalanced result changed. allocateMessageQueueStrategyName={}, group={}, topic={}, '
            'clientId={}, mqAllSize={}, cidAllSize={}, rebalanceResultSize={}, '
            'rebalanceResultSet={}').format(
        'AVG', group, topic, cid, mq_all, cid_all, len(queues),
        '[' + ', '.join(mq(topic, b, q) for b, q in reversed(queues)) + ']')


def add(group, topic, b, q):  # RebalanceImpl:392
    return 'doRebalance, {}, add a new mq, {}'.format(group, mq(topic, b, q))


def remove(group, topic, b, q):  # RebalanceImpl:345
    return 'doRebalance, {}, remove unnecessary mq, {}'.format(group, mq(topic, b, q))


def pull_request(group, topic, b, q, offset):  # PullRequest:92-95
    return 'PullRequest [consumerGroup={}, messageQueue={}, nextOffset={}]'.format(
        group, mq(topic, b, q), offset)


def new_pull_request(group, topic, b, q, offset):  # RebalancePushImpl:233
    return 'doRebalance, {}, add a new pull request {}'.format(
        group, pull_request(group, topic, b, q, offset))


def notify(addr, group):  # ClientRemotingProcessor:140
    return ("receive broker's notification[{}], the consumer group: {} changed, rebalance "
            "immediately").format(addr, group)


def created(cid):  # MQClientInstance:154
    return ('Created a new client Instance, InstanceIndex:0, ClientID:{}, ClientConfig:ClientConfig '
            '[namesrvAddr=192.0.2.8:9876, clientIP={}, instanceName={}], ClientVersion:V4_9_8, '
            'SerializerType:JSON').format(cid, cid.split('@')[0], cid.split('@')[1])


def start_ok(group):  # DefaultMQPushConsumerImpl:650
    return 'the consumer [{}] start OK.'.format(group)


def shutdown_ok(group):  # DefaultMQPushConsumerImpl:573
    return 'the consumer [{}] shutdown OK'.format(group)


def flow_count(group, topic, b, q, times, cached):  # DefaultMQPushConsumerImpl:249
    return ('the cached message count exceeds the threshold {}, so do flow control, minOffset={}, '
            'maxOffset={}, count={}, size={} MiB, pullRequest={}, flowControlTimes={}').format(
        1000, 88200, 89201, cached, 1, pull_request(group, topic, b, q, 89202), times)


class Log:
    def __init__(self, skew_ms):
        self.skew, self.lines = skew_ms, []

    def log(self, true_ms, level, text):
        self.lines.append('%s %s RocketmqClient - %s' % (stamp(true_ms, self.skew), level, text))

    def write(self, path):
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, 'wb') as f:
            f.write(''.join(l + '\r\n' for l in self.lines).encode())


def rebalance(log, t, group, topic, cid, cid_all, added, removed, held):
    for bq in removed:
        log.log(t, 'INFO', remove(group, topic, *bq))
    for bq in added:
        log.log(t, 'INFO', add(group, topic, *bq))
        log.log(t, 'INFO', new_pull_request(group, topic, bq[0], bq[1], 88000 + 100 * bq[1]))
    log.log(t, 'INFO', result(group, topic, cid, 8, cid_all, held))


# ---- late-notification: a frozen host's queues wait for the broker's channel expiry ---------
# True times in ms. host-2's clock is 1,800 ms ahead, host-3's 400 ms behind.
G, T = 'GID_DEMO', 'TopicDemo'
BA, BB = '192.0.2.9:10911', '192.0.2.10:10911'
A = [('broker-a', q) for q in range(4)]
B = [('broker-b', q) for q in range(4)]
C1, C2, C3 = '192.0.2.11@2101', '192.0.2.12@2202', '192.0.2.13@2303'
C2R = '192.0.2.12@2290'  # host-2's new process after the restart: a new pid
h1, h2, h3 = Log(0), Log(1800), Log(-400)
OUT = 'late-notification'

h1.log(0, 'INFO', created(C1))
h1.log(100, 'INFO', start_ok(G))
rebalance(h1, 120, G, T, C1, 1, A + B, [], A + B)
# c2 joins at 30 s: both brokers notify the two members
h2.log(29990, 'INFO', created(C2))
h2.log(30000, 'INFO', start_ok(G))
for h in (h1, h2):
    h.log(30100, 'INFO', notify(BA, G))
    h.log(30101, 'INFO', notify(BB, G))
rebalance(h2, 30110, G, T, C2, 2, B, [], B)
rebalance(h1, 30120, G, T, C1, 2, [], B, A)
# c3 joins at 60 s
h3.log(59990, 'INFO', created(C3))
h3.log(60000, 'INFO', start_ok(G))
for h in (h1, h2, h3):
    h.log(60100, 'INFO', notify(BA, G))
    h.log(60101, 'INFO', notify(BB, G))
rebalance(h3, 60105, G, T, C3, 3, B[2:], [], B[2:])
rebalance(h2, 60110, G, T, C2, 3, A[3:], B[2:], A[3:] + B[:2])
rebalance(h1, 60120, G, T, C1, 3, [], A[3:], A[:3])
# host-2 hangs at 120 s (a stalled disk, then a hard reset): its last lines are flow control
h2.log(100000, 'WARN', flow_count(G, T, 'broker-b', 1, 1, 1001))
h2.log(119500, 'WARN', flow_count(G, T, 'broker-b', 1, 1001, 1203))
# No FIN reaches the brokers: ClientHousekeepingService closes the channel after
# channelExpiredTimeout (120 s) at its next 10 s scan, and only then notifies the group.
for h in (h1, h3):
    h.log(250000, 'INFO', notify(BA, G))
    h.log(250001, 'INFO', notify(BB, G))
rebalance(h3, 250012, G, T, C3, 2, B[:2], [], B)
rebalance(h1, 250020, G, T, C1, 2, A[3:], [], A)
# the operators restart the service on host-2 at 330 s
h2.log(329990, 'INFO', created(C2R))
h2.log(330000, 'INFO', start_ok(G))
for h in (h1, h2, h3):
    h.log(330100, 'INFO', notify(BA, G))
    h.log(330101, 'INFO', notify(BB, G))
rebalance(h2, 330110, G, T, C2R, 3, A[3:] + B[:2], [], A[3:] + B[:2])
rebalance(h3, 330115, G, T, C3, 3, [], B[:2], B[2:])
rebalance(h1, 330120, G, T, C1, 3, [], A[3:], A[:3])
h1.log(420000, 'INFO', flow_count(G, T, 'broker-a', 0, 1, 1001))
h1.write(OUT + '/host-1/rocketmq_client.log')
h2.write(OUT + '/host-2/rocketmq_client.log')
h3.write(OUT + '/host-3/rocketmq_client.log')
