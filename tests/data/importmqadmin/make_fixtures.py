#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Writes the mqadmin fixtures of tst_mqadminparser and tst_rblabimportmqadmin with the printf
# formats of RocketMQ's tools module (README.md names the file and line of each). Java's
# String.format and Python's % agree on %-Ns, %-Nd, %03d and %.2f; %n is "\n" on Linux.
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))


def write(name, text):
    path = os.path.join(HERE, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", newline="") as f:
        f.write(text)


def front(s, n):  # UtilAll.frontStringAtLeast: cuts at n characters
    return s[:n]


# ConsumerConnectionSubCommand.execute, 4.9.x and develop, lines 73-98 (identical).
def connection(conns, subs, consume_type, model, where):
    out = "%-36s %-22s %-10s %s\n" % ("#ClientId", "#ClientAddr", "#Language", "#Version")
    for c in conns:
        out += "%-36s %-22s %-10s %s\n" % c
    out += "\nBelow is subscription:\n"
    out += "%-20s %s\n" % ("#Topic", "#SubExpression")
    for s in subs:
        out += "%-20s %s\n" % s
    out += "\n"
    out += "ConsumeType: %s\n" % consume_type
    out += "MessageModel: %s\n" % model
    out += "ConsumeFromWhere: %s\n" % where
    return out


# ConsumerProgressSubCommand.execute, 4.9.x lines 114-179: header, rows, footer.
def progress49(rows, show_ip, tps):
    if show_ip:
        out = "%-64s  %-32s  %-4s  %-20s  %-20s  %-20s %-20s  %s\n" % (
            "#Topic", "#Broker Name", "#QID", "#Broker Offset", "#Consumer Offset", "#Client IP",
            "#Diff", "#LastTime")
    else:
        out = "%-64s  %-32s  %-4s  %-20s  %-20s  %-20s  %s\n" % (
            "#Topic", "#Broker Name", "#QID", "#Broker Offset", "#Consumer Offset", "#Diff",
            "#LastTime")
    total = 0
    for (topic, broker, qid, bo, co, ip, last) in rows:
        diff = bo - co
        total += diff
        if show_ip:
            out += "%-64s  %-32s  %-4d  %-20d  %-20d  %-20s %-20d  %s\n" % (
                front(topic, 64), front(broker, 32), qid, bo, co, ip or "N/A", diff, last)
        else:
            out += "%-64s  %-32s  %-4d  %-20d  %-20d  %-20d  %s\n" % (
                front(topic, 64), front(broker, 32), qid, bo, co, diff, last)
    out += "\n"
    out += "Consume TPS: %.2f\n" % tps
    out += "Diff Total: %d\n" % total
    return out


# ConsumerProgressSubCommand.execute, develop (5.x) lines 133-208: #Inflight after #Diff.
def progress5(rows, show_ip, tps):
    if show_ip:
        out = "%-64s  %-32s  %-4s  %-20s  %-20s  %-20s %-20s %-20s%s\n" % (
            "#Topic", "#Broker Name", "#QID", "#Broker Offset", "#Consumer Offset", "#Client IP",
            "#Diff", "#Inflight", "#LastTime")
    else:
        out = "%-64s  %-32s  %-4s  %-20s  %-20s  %-20s %-20s%s\n" % (
            "#Topic", "#Broker Name", "#QID", "#Broker Offset", "#Consumer Offset", "#Diff",
            "#Inflight", "#LastTime")
    total = 0
    inflight_total = 0
    for (topic, broker, qid, bo, co, ip, last, pull) in rows:
        diff = bo - co
        inflight = pull - co
        total += diff
        inflight_total += inflight
        if show_ip:
            out += "%-64s  %-32s  %-4d  %-20d  %-20d  %-20s %-20d %-20d %s\n" % (
                front(topic, 64), front(broker, 32), qid, bo, co, ip or "N/A", diff, inflight,
                last)
        else:
            out += "%-64s  %-32s  %-4d  %-20d  %-20d  %-20d %-20d %s\n" % (
                front(topic, 64), front(broker, 32), qid, bo, co, diff, inflight, last)
    out += "\n"
    out += "Consume TPS: %.2f\n" % tps
    out += "Consume Diff Total: %d\n" % total
    out += "Consume Inflight Total: %d\n" % inflight_total
    return out


# --- 4.9: three 4.9.4 clients, AVG over broker-a/0-3 and broker-b/0-3, a steady backlog.
C49 = [("10.0.1.11@4801", "10.0.1.11:50122", "JAVA", "V4_9_4"),
       ("10.0.1.12@5120", "10.0.1.12:41870", "JAVA", "V4_9_4"),
       ("10.0.1.13@6022", "10.0.1.13:38514", "JAVA", "V4_9_4")]
SUBS = [("%RETRY%GID_ORDER", "*"), ("TopicOrder", "*")]
write("v49/connection.txt", connection(C49, SUBS, "CONSUME_PASSIVELY", "CLUSTERING",
                                       "CONSUME_FROM_LAST_OFFSET"))
owner49 = {("broker-a", 0): "10.0.1.11", ("broker-a", 1): "10.0.1.11", ("broker-a", 2): "10.0.1.11",
           ("broker-a", 3): "10.0.1.12", ("broker-b", 0): "10.0.1.12", ("broker-b", 1): "10.0.1.12",
           ("broker-b", 2): "10.0.1.13", ("broker-b", 3): "10.0.1.13"}
rows49 = [("%RETRY%GID_ORDER", "broker-a", 0, 12, 12, "10.0.1.11", "2024-03-18 10:41:07"),
          ("%RETRY%GID_ORDER", "broker-b", 0, 0, 0, "10.0.1.12", "N/A")]
for b in ("broker-a", "broker-b"):
    for q in range(4):
        bo = 120000 + 1000 * q + (500 if b == "broker-b" else 0)
        co = bo - (40 + 10 * q)
        rows49.append(("TopicOrder", b, q, bo, co, owner49[(b, q)], "2024-03-18 10:42:%02d" % (q + 10)))
rows49.sort(key=lambda r: (r[0], r[1], r[2]))  # MessageQueue.compareTo: topic, broker, id
write("v49/progress.txt", progress49(rows49, True, 812.5))
write("v49/progress-noip.txt", progress49(rows49, False, 812.5))

# --- 5.x: 5.1.4 clients (instance name pid#nanoTime), broker-b/2 and /3 orphaned after a kill.
C5 = [("10.0.2.21@7301#1710745123456789", "10.0.2.21:60314", "JAVA", "V5_1_4"),
      ("10.0.2.22@7442#1710745234567890", "10.0.2.22:60990", "JAVA", "V5_1_4")]
write("v5/connection.txt", connection(C5, SUBS, "CONSUME_PASSIVELY", "CLUSTERING",
                                      "CONSUME_FROM_LAST_OFFSET"))
owner5 = {("broker-a", 0): "10.0.2.21", ("broker-a", 1): "10.0.2.21", ("broker-a", 2): "10.0.2.21",
          ("broker-a", 3): "10.0.2.22", ("broker-b", 0): "10.0.2.22", ("broker-b", 1): "10.0.2.22"}
rows5 = [("%RETRY%GID_ORDER", "broker-a", 0, 3, 3, "10.0.2.21", "2024-03-18 10:41:07", 3),
         ("%RETRY%GID_ORDER", "broker-b", 0, 0, 0, "10.0.2.22", "N/A", 0)]
for b in ("broker-a", "broker-b"):
    for q in range(4):
        bo = 250000 + 700 * q + (300 if b == "broker-b" else 0)
        lag = 60 + 5 * q if (b, q) in owner5 else 9000 + 100 * q
        co = bo - lag
        pull = co + (32 if (b, q) in owner5 else 0)
        rows5.append(("TopicOrder", b, q, bo, co, owner5.get((b, q)),
                      "2024-03-18 10:42:%02d" % (q + 20), pull))
rows5.sort(key=lambda r: (r[0], r[1], r[2]))
write("v5/progress.txt", progress5(rows5, True, 640.25))
write("v5/progress-noip.txt", progress5(rows5, False, 640.25))

# --- Before 4.9.3 (rocketmq-all-4.8.0 ConsumerConnectionSubCommand lines 69-94): numbered rows
# without a header, and the first subscription on the "Below is subscription:" line.
def connection48(conns, subs, consume_type, model, where):
    out = ""
    for i, c in enumerate(conns, 1):
        out += "%03d  %-32s %-22s %-8s %s\n" % ((i,) + c)
    out += "\nBelow is subscription:"
    for i, s in enumerate(subs, 1):
        out += "%03d  Topic: %-40s SubExpression: %s\n" % (i, s[0], s[1])
    out += ""
    out += "ConsumeType: %s\n" % consume_type
    out += "MessageModel: %s\n" % model
    out += "ConsumeFromWhere: %s\n" % where
    return out


C48 = [(c[0], c[1], c[2], "V4_8_0") for c in C49]
write("v48/connection.txt", connection48(C48, SUBS, "CONSUME_PASSIVELY", "CLUSTERING",
                                         "CONSUME_FROM_LAST_OFFSET"))

# --- A terminal paste of both commands, with the prompt and a JVM warning around them.
write("paste/both.txt",
      "$ sh bin/mqadmin consumerConnection -n 127.0.0.1:9876 -g GID_ORDER\n"
      "OpenJDK 64-Bit Server VM warning: Options -Xverify:none and -noverify were deprecated\n"
      + connection(C49, SUBS, "CONSUME_PASSIVELY", "CLUSTERING", "CONSUME_FROM_LAST_OFFSET")
      + "$ sh bin/mqadmin consumerProgress -n 127.0.0.1:9876 -g GID_ORDER -s true\n"
      + progress49(rows49, True, 812.5).replace("\n", "\r\n"))

# --- Malformed: each bad line is one kind of mistake (README.md lists them).
bad_conn = connection(C49, SUBS, "CONSUME_PASSIVELY", "CLUSTERING", "CONSUME_FROM_LAST_OFFSET")
lines = bad_conn.split("\n")
lines.insert(2, "%-36s %-22s %-10s %s" % ("10.0.1.14", "10.0.1.14:40000", "JAVA", "V4_9_4"))  # no '@'
lines.insert(3, "%-36s %-22s %-10s %s" % ("10.0.1.15@77", "10.0.1.15", "JAVA", "V4_9_4"))  # no port
lines.insert(4, "10.0.1.16@78 10.0.1.16:4000 JAVA")  # 3 columns
bad_conn = "\n".join(lines).replace("MessageModel: CLUSTERING", "MessageModel: CLUSTER")
write("malformed/connection.txt", bad_conn)
bad_prog = progress49(rows49, True, 812.5).split("\n")
bad_prog[3] = re.sub(r"(broker-a\s+)0 ", r"\1x ", bad_prog[3], count=1)  # #QID not a number
bad_prog[5] = bad_prog[5][:150]  # cut after #Consumer Offset
bad_prog.insert(7, "Exception in thread \"main\" java.lang.NullPointerException")
write("malformed/progress.txt", "\n".join(bad_prog))
