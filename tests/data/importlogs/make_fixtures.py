#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Writes the fixture logs of tests/app/cli/tst_rblabimportlogs.cpp from RocketMQ's own format
# strings (apache/rocketmq at rocketmq-all-4.9.8 and rocketmq-all-5.3.3; line numbers as in
# /work/shared/docs/rocketmq-client-logs.md). Run it from this folder; the output is committed.
import datetime
import gzip
import os

BASE = datetime.datetime(2024, 3, 1, 12, 0, 0)  # printed GMT+8 wall time of true time 0


def stamp(true_ms, skew_ms, sep):
    t = BASE + datetime.timedelta(milliseconds=true_ms + skew_ms)
    return t.strftime('%Y-%m-%d %H:%M:%S') + sep + '%03d' % (t.microsecond // 1000)


def mq(topic, broker, qid):
    # MessageQueue.toString(): MessageQueue:96-98 (4.9), :102-104 (5.3)
    return 'MessageQueue [topic=%s, brokerName=%s, queueId=%d]' % (topic, broker, qid)


def result(v5, strategy, group, topic, cid, mq_all, cid_all, queues):
    # RebalanceImpl:301 (4.9) / RebalanceImpl:330 (5.3); the set is a HashSet: printed in hash
    # order, so the fixtures print it reversed.
    text = ('client rebalanced result changed. ' if v5 else 'rebalanced result changed. ')
    text += ('allocateMessageQueueStrategyName={}, group={}, topic={}, clientId={}, mqAllSize={}, '
             'cidAllSize={}, rebalanceResultSize={}, rebalanceResultSet={}').format(
        strategy, group, topic, cid, mq_all, cid_all, len(queues),
        '[' + ', '.join(mq(topic, b, q) for b, q in reversed(queues)) + ']')
    return text


def add(group, topic, b, q):  # RebalanceImpl:392 (4.9) / :485 (5.3)
    return 'doRebalance, {}, add a new mq, {}'.format(group, mq(topic, b, q))


def remove(group, topic, b, q):  # RebalanceImpl:345 (4.9) / :461 (5.3)
    return 'doRebalance, {}, remove unnecessary mq, {}'.format(group, mq(topic, b, q))


def notify(addr, group):  # ClientRemotingProcessor:140 (4.9) / :139 (5.3)
    return "receive broker's notification[{}], the consumer group: {} changed, rebalance immediately".format(addr, group)


def created(cid, version):  # MQClientInstance:154 (4.9) / :219 (5.3)
    return ('Created a new client Instance, InstanceIndex:0, ClientID:{}, ClientConfig:ClientConfig '
            '[namesrvAddr=10.0.0.8:9876, clientIP={}, instanceName={}], ClientVersion:{}, '
            'SerializerType:JSON').format(cid, cid.split('@')[0], cid.split('@')[1], version)


def start_ok(group):  # PushImpl:650 (4.9) / :998 (5.3)
    return 'the consumer [{}] start OK.'.format(group)


def shutdown_ok(group):  # PushImpl:573 (4.9) / :912 (5.3)
    return 'the consumer [{}] shutdown OK'.format(group)


def pull_request(group, topic, b, q, offset):  # PullRequest:92-95 (4.9) / :93-96 (5.3)
    return 'PullRequest [consumerGroup={}, messageQueue={}, nextOffset={}]'.format(group, mq(topic, b, q), offset)


def flow_count(group, topic, b, q, times):  # PushImpl:249 (4.9) / :276 (5.3)
    return ('the cached message count exceeds the threshold {}, so do flow control, minOffset={}, '
            'maxOffset={}, count={}, size={} MiB, pullRequest={}, flowControlTimes={}').format(
        1000, 5000, 6000, 1001, 1, pull_request(group, topic, b, q, 6001), times)


def dropped(group, topic, b, q):  # PushImpl:222 (4.9) / :249 (5.3)
    return 'the pull request[{}] is dropped.'.format(pull_request(group, topic, b, q, 1200))


class Log:
    """One process's lines; 4.9: LoggingBuilder.DefaultLayout (LoggingBuilder:1199-1229), CRLF;
    5.3: rmq.client.logback.xml:42 '%d{yyy-MM-dd HH:mm:ss.SSS,GMT+8} %-5p [%pid] [%t]
    [%logger{12}#%M:%L] - %m%n', LF."""

    def __init__(self, v5, skew_ms=0, pid=0):
        self.v5, self.skew, self.pid, self.lines = v5, skew_ms, pid, []

    def log(self, true_ms, level, text, thread='RebalanceService', logger='o.a.r.c.i.c.RebalanceImpl'):
        if self.v5:
            line = '%s %-5s [%d] [%s] [%s#?:?] - %s' % (stamp(true_ms, self.skew, '.'), level, self.pid, thread, logger, text)
        else:
            line = '%s %s RocketmqClient - %s' % (stamp(true_ms, self.skew, ','), level, text)
        self.lines.append(line)

    def text(self, lines):
        end = '\n' if self.v5 else '\r\n'
        return ''.join(l + end for l in lines)


def write(path, data, gz=False):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    raw = data.encode()
    if gz:
        # mtime 0: the same bytes on every run
        with open(path, 'wb') as f:
            with gzip.GzipFile(fileobj=f, mode='wb', mtime=0, filename='') as g:
                g.write(raw)
    else:
        with open(path, 'wb') as f:
            f.write(raw)


# ---- kill53: 5.3 layout, a kill whose notification came late, a stale view ------------------
G, T = 'GID_ORDER', 'TopicOrder'
BA, BB = '10.0.0.9:10911', '10.0.0.10:10911'
ALL = [('broker-a', 0), ('broker-a', 1), ('broker-a', 2), ('broker-a', 3),
       ('broker-b', 0), ('broker-b', 1), ('broker-b', 2), ('broker-b', 3)]
A_ID, B_ID = '10.0.0.1@1001#1000000001', '10.0.0.2@2002#2000000002'
a = Log(True, 0, 1001)
a.log(0, 'INFO', 'the consumer [GID_ORDER] start beginning. messageModel=CLUSTERING, isUnitMode=false', 'main', 'o.a.r.c.i.c.DefaultMQPushConsumerImpl')
a.log(0, 'INFO', created(A_ID, 'V5_3_3'), 'main', 'o.a.r.c.i.f.MQClientInstance')
a.log(100, 'INFO', start_ok(G), 'main', 'o.a.r.c.i.c.DefaultMQPushConsumerImpl')
for b, q in ALL:
    a.log(120, 'INFO', add(G, T, b, q))
a.log(120, 'INFO', result(True, 'AVG', G, T, A_ID, 8, 1, ALL))
rotated = len(a.lines)
a.log(10000, 'INFO', notify(BA, G), 'NettyClientPublicExecutor_1', 'o.a.r.c.i.ClientRemotingProcessor')
a.log(10001, 'INFO', notify(BB, G), 'NettyClientPublicExecutor_2', 'o.a.r.c.i.ClientRemotingProcessor')
for b, q in ALL[4:]:
    a.log(10050, 'INFO', remove(G, T, b, q))
a.log(10050, 'INFO', result(True, 'AVG', G, T, A_ID, 8, 2, ALL[:4]))
a.log(30000, 'WARN', flow_count(G, T, 'broker-a', 1, 1), 'PullMessageService', 'o.a.r.c.i.c.DefaultMQPushConsumerImpl')
a.log(45000, 'WARN', flow_count(G, T, 'broker-a', 1, 1001), 'PullMessageService', 'o.a.r.c.i.c.DefaultMQPushConsumerImpl')
a.log(60000, 'WARN', flow_count(G, T, 'broker-a', 1, 2001), 'PullMessageService', 'o.a.r.c.i.c.DefaultMQPushConsumerImpl')
# a stack-trace-like continuation line and a line of another logger: counted, not errors
a.lines.append('\tat org.apache.rocketmq.client.impl.consumer.PullMessageService.run(PullMessageService.java:131)')
write('kill53/hostA/other_days/rocketmq_client-1.log.gz', a.text(a.lines[:rotated]), gz=True)
write('kill53/hostA/rocketmq_client.log', a.text(a.lines[rotated:]))

b = Log(True, 1500, 2002)  # this machine's clock is 1.5 s ahead
b.log(9900, 'INFO', created(B_ID, 'V5_3_3'), 'main', 'o.a.r.c.i.f.MQClientInstance')
b.log(9950, 'INFO', start_ok(G), 'main', 'o.a.r.c.i.c.DefaultMQPushConsumerImpl')
b.log(10000, 'INFO', notify(BA, G), 'NettyClientPublicExecutor_1', 'o.a.r.c.i.ClientRemotingProcessor')
b.log(10001, 'INFO', notify(BB, G), 'NettyClientPublicExecutor_2', 'o.a.r.c.i.ClientRemotingProcessor')
# stale view: the broker B asked had not registered A yet (cidAllSize=1): B claims everything
for bq in ALL:
    b.log(10020, 'INFO', add(G, T, *bq))
b.log(10020, 'INFO', result(True, 'AVG', G, T, B_ID, 8, 1, ALL))
for bq in ALL[:4]:
    b.log(11020, 'INFO', remove(G, T, *bq))
b.log(11020, 'INFO', result(True, 'AVG', G, T, B_ID, 8, 2, ALL[4:]))
for bq in ALL[:4]:
    b.log(11021, 'INFO', dropped(G, T, *bq), 'PullMessageService', 'o.a.r.c.i.c.DefaultMQPushConsumerImpl')
# A dies at 60 s (after its last line); the brokers notice only at 62 s
b.log(62000, 'INFO', notify(BA, G), 'NettyClientPublicExecutor_3', 'o.a.r.c.i.ClientRemotingProcessor')
b.log(62001, 'INFO', notify(BB, G), 'NettyClientPublicExecutor_4', 'o.a.r.c.i.ClientRemotingProcessor')
for bq in ALL[:4]:
    b.log(62010, 'INFO', add(G, T, *bq))
b.log(62010, 'INFO', result(True, 'AVG', G, T, B_ID, 8, 1, ALL))
b.log(120000, 'INFO', shutdown_ok(G), 'main', 'o.a.r.c.i.c.DefaultMQPushConsumerImpl')
write('kill53/hostB/rocketmq_client.log', b.text(b.lines))

# ---- rolling49: 4.9 layout, CRLF, a rolling deploy (double-owned windows) -------------------
G, T = 'GID_PAY', 'TopicPay'
BA, BB = '10.0.1.9:10911', '10.0.1.10:10911'
Q = [('broker-a', 0), ('broker-a', 1), ('broker-b', 0), ('broker-b', 1)]
C1, C2, N1 = '10.0.1.1@3001', '10.0.1.2@3002', '10.0.1.3@4001'
h1 = Log(False)
h2 = Log(False)
h3 = Log(False, -250)  # this machine's clock is 250 ms behind
h1.log(-10, 'INFO', created(C1, 'V4_9_8'))
h1.log(0, 'INFO', start_ok(G))
for bq in Q:
    h1.log(10, 'INFO', add(G, T, *bq))
    h1.log(10, 'INFO', 'doRebalance, {}, add a new pull request {}'.format(G, pull_request(G, T, bq[0], bq[1], 0)))
h1.log(10, 'INFO', result(False, 'AVG', G, T, C1, 4, 1, Q))
h2.log(4990, 'INFO', created(C2, 'V4_9_8'))
h2.log(5000, 'INFO', start_ok(G))
for h in (h1, h2):
    h.log(5100, 'INFO', notify(BA, G))
    h.log(5101, 'INFO', notify(BB, G))
for bq in Q[2:]:
    h2.log(5110, 'INFO', add(G, T, *bq))
h2.log(5110, 'INFO', result(False, 'AVG', G, T, C2, 4, 2, Q[2:]))
for bq in Q[2:]:
    h1.log(5120, 'INFO', remove(G, T, *bq))
h1.log(5120, 'INFO', result(False, 'AVG', G, T, C1, 4, 2, Q[:2]))
rotated2 = len(h2.lines)
# the deploy: N1 starts at 30 s
h3.log(29990, 'INFO', created(N1, 'V4_9_8'))
h3.log(30000, 'INFO', start_ok(G))
for h in (h1, h2, h3):
    h.log(30100, 'INFO', notify(BA, G))
    h.log(30101, 'INFO', notify(BB, G))
h3.log(30105, 'INFO', add(G, T, 'broker-b', 1))
h3.log(30105, 'INFO', result(False, 'AVG', G, T, N1, 4, 3, Q[3:]))
h2.log(30400, 'INFO', remove(G, T, 'broker-b', 1))
h2.log(30400, 'INFO', result(False, 'AVG', G, T, C2, 4, 3, Q[2:3]))
# C1 is stopped at 40 s: the brokers notify at once (UNREGISTER_CLIENT)
for h in (h2, h3):
    h.log(40000, 'INFO', notify(BA, G))
    h.log(40001, 'INFO', notify(BB, G))
h1.log(40050, 'INFO', shutdown_ok(G))
h3.log(40060, 'INFO', add(G, T, 'broker-b', 0))
h3.log(40060, 'INFO', result(False, 'AVG', G, T, N1, 4, 2, Q[2:]))
h2.log(40300, 'INFO', remove(G, T, 'broker-b', 0))
h2.log(40300, 'INFO', add(G, T, 'broker-a', 0))
h2.log(40300, 'INFO', add(G, T, 'broker-a', 1))
h2.log(40300, 'INFO', result(False, 'AVG', G, T, C2, 4, 2, Q[:2]))
h2.log(40301, 'INFO', 'a line this importer does not know')
write('rolling49/host1/rocketmq_client.log', h1.text(h1.lines))
write('rolling49/host2/rocketmq_client.log.1', h2.text(h2.lines[:rotated2]))
write('rolling49/host2/rocketmq_client.log', h2.text(h2.lines[rotated2:]))
write('rolling49/host3/rocketmq_client.log', h3.text(h3.lines))

# ---- malformed: a result line whose set does not match its size ----------------------------
m = Log(True, 0, 7)
m.log(0, 'INFO', created('10.0.2.1@7#1', 'V5_3_3'), 'main', 'o.a.r.c.i.f.MQClientInstance')
m.log(10, 'INFO', start_ok('GID_X'), 'main', 'o.a.r.c.i.c.DefaultMQPushConsumerImpl')
m.log(20, 'INFO', result(True, 'AVG', 'GID_X', 'TopicX', '10.0.2.1@7#1', 2, 1, [('broker-a', 0)]).replace('rebalanceResultSize=1', 'rebalanceResultSize=2'))
m.log(30, 'INFO', result(True, 'AVG', 'GID_X', 'TopicX', '10.0.2.1@7#1', 2, 1, [('broker-a', 0), ('broker-a', 1)]))
# RebalanceImpl:323 (4.9) / :411 (5.3): a queue of a topic no longer subscribed is dropped
m.log(35, 'INFO', 'doRebalance, {}, truncateMessageQueueNotMyTopic remove unnecessary mq, {}'.format('GID_X', mq('TopicX', 'broker-a', 1)))
m.log(40, 'INFO', 'receive broker\'s notification[10.0.2.9:10911], the consumer group: GID_X')
write('malformed/host/rocketmq_client.log', m.text(m.lines))
