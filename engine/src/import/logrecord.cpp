// SPDX-License-Identifier: Apache-2.0
#include "import/logrecord.h"

#include <algorithm>
#include <limits>

namespace Rblab {

namespace {

bool digits(const char *p, int n, int *value)
{
    int v = 0;
    for (int i = 0; i < n; ++i) {
        if (p[i] < '0' || p[i] > '9') {
            return false;
        }
        v = v * 10 + (p[i] - '0');
    }
    *value = v;
    return true;
}

// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil).
qint64 daysFromCivil(int y, int m, int d)
{
    y -= m <= 2 ? 1 : 0;
    const int era = (y >= 0 ? y : y - 399) / 400;
    const int yoe = y - era * 400;
    const int doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const int doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return qint64(era) * 146097 + doe - 719468;
}

bool isLevel(QByteArrayView word)
{
    return word == "INFO" || word == "WARN" || word == "ERROR" || word == "DEBUG"
        || word == "TRACE";
}

QString text(QByteArrayView v)
{
    return QString::fromUtf8(v.data(), v.size()).trimmed();
}

// The value after `key` up to the next ", " (or the end): "group=G, topic=T" → "G".
std::optional<QByteArrayView> field(QByteArrayView msg, QByteArrayView key, qsizetype *from)
{
    const qsizetype at = msg.indexOf(key, *from);
    if (at < 0) {
        return std::nullopt;
    }
    const qsizetype start = at + key.size();
    qsizetype end = msg.indexOf(QByteArrayView(", "), start);
    if (end < 0) {
        end = msg.size();
    }
    *from = end;
    return msg.sliced(start, end - start);
}

std::optional<qint64> longField(QByteArrayView msg, QByteArrayView key, qsizetype *from)
{
    const auto v = field(msg, key, from);
    if (!v) {
        return std::nullopt;
    }
    bool ok = false;
    const qint64 n = QByteArray(v->data(), v->size()).toLongLong(&ok);
    return ok && n >= 0 ? std::optional<qint64>(n) : std::nullopt;
}

// Sizes of lists and sets: Java ints.
std::optional<int> intField(QByteArrayView msg, QByteArrayView key, qsizetype *from)
{
    const auto n = longField(msg, key, from);
    return n && *n <= std::numeric_limits<int>::max() ? std::optional<int>(int(*n)) : std::nullopt;
}

// "PullRequest [consumerGroup=G, messageQueue=MessageQueue [...], nextOffset=N]"
// (PullRequest:92-95 / :93-96) → group and queue.
bool parsePullRequest(QByteArrayView msg, LogRecord *r)
{
    qsizetype from = msg.indexOf(QByteArrayView("PullRequest [consumerGroup="));
    if (from < 0) {
        return false;
    }
    const auto g = field(msg, "consumerGroup=", &from);
    const auto qs = LogLineParser::parseQueues(msg.sliced(from));
    if (!g || !qs || qs->size() != 1) {
        return false;
    }
    r->group = text(*g);
    r->topic = qs->first().topic;
    r->queues = *qs;
    return !r->group.isEmpty();
}

} // namespace

bool LogLineParser::parseHeader(const QByteArray &line, int zoneMinutes, LogHeader *header)
{
    // "2024-03-01 12:00:00,123 " (4.9, SimpleDateFormat yyyy-MM-dd HH:mm:ss,SSS) or
    // "2024-03-01 12:00:00.123 " (5.3, %d{yyy-MM-dd HH:mm:ss.SSS,GMT+8}).
    if (line.size() < 30) {
        return false;
    }
    const char *p = line.constData();
    int y, mo, d, h, mi, s, ms;
    if (!digits(p, 4, &y) || p[4] != '-' || !digits(p + 5, 2, &mo) || p[7] != '-'
        || !digits(p + 8, 2, &d) || (p[10] != ' ' && p[10] != 'T') || !digits(p + 11, 2, &h)
        || p[13] != ':' || !digits(p + 14, 2, &mi) || p[16] != ':' || !digits(p + 17, 2, &s)
        || (p[19] != ',' && p[19] != '.') || !digits(p + 20, 3, &ms)) {
        return false;
    }
    if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 60) {
        return false;
    }
    if (p[10] == 'T') {
        return parseSpringBootHeader(line, zoneMinutes, header);
    }
    if (p[23] != ' ') {
        return false;
    }
    if (parseClientHeader(line, zoneMinutes, header)) {
        return true;
    }
    // Spring Boot before 3.0: the same time as 5.3's, then "%5p <pid> --- ".
    return p[19] == '.' && parseSpringBootHeader(line, zoneMinutes, header);
}

bool LogLineParser::parseClientHeader(const QByteArray &line, int zoneMinutes, LogHeader *header)
{
    // The client's own layouts, the time checked by parseHeader().
    const char *p = line.constData();
    int y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0, ms = 0;
    digits(p, 4, &y), digits(p + 5, 2, &mo), digits(p + 8, 2, &d), digits(p + 11, 2, &h);
    digits(p + 14, 2, &mi), digits(p + 17, 2, &s), digits(p + 20, 3, &ms);
    const QByteArrayView rest = QByteArrayView(line).sliced(24);
    const qsizetype levelEnd = rest.indexOf(' ');
    if (levelEnd < 0 || !isLevel(rest.first(levelEnd))) {
        return false;
    }
    const qint64 local = ((daysFromCivil(y, mo, d) * 24 + h) * 60 + mi) * 60'000 + s * 1000 + ms;
    header->time = local - qint64(zoneMinutes) * 60'000;
    if (p[19] == ',') {
        // 4.9: "<level> <loggerName> - <message>"
        const qsizetype sep = rest.indexOf(QByteArrayView(" - "), levelEnd + 1);
        if (sep < 0 || rest.sliced(levelEnd + 1, sep - levelEnd - 1).contains(' ')) {
            return false;
        }
        header->layout = LogLayout::V49;
        header->pid = -1;
        header->message = rest.sliced(sep + 3).toByteArray();
        return true;
    }
    // 5.3: "%-5p [%pid] [%t] [%logger{12}#%M:%L] - %m"
    qsizetype i = levelEnd;
    while (i < rest.size() && rest[i] == ' ') {
        ++i;
    }
    if (i >= rest.size() || rest[i] != '[') {
        return false;
    }
    const qsizetype pidEnd = rest.indexOf(']', i);
    bool ok = false;
    const int pid
        = pidEnd > i ? QByteArray(rest.sliced(i + 1, pidEnd - i - 1).toByteArray()).toInt(&ok) : 0;
    if (!ok) {
        return false;
    }
    const qsizetype sep = rest.indexOf(QByteArrayView("] - "), pidEnd + 1);
    if (sep < 0 || !rest.sliced(pidEnd + 1, sep - pidEnd).contains('#')) {
        return false;
    }
    header->layout = LogLayout::V53;
    header->pid = pid;
    header->message = rest.sliced(sep + 4).toByteArray();
    return true;
}

bool LogLineParser::parseSpringBootHeader(
    const QByteArray &line, int zoneMinutes, LogHeader *header)
{
    // The client logging through slf4j into a Spring Boot service's log (4.9:
    // rocketmq.client.logUseSlf4j=true; 5.x: its loggers are the classes'). Spring Boot's
    // default pattern: "%d %5p <pid> --- [app] [thread] <logger, padded to 40> : <message>", with
    // the time "yyyy-MM-dd'T'HH:mm:ss.SSSXXX" from 3.0 ("...T12:00:00.123+08:00", "...Z") and
    // "yyyy-MM-dd HH:mm:ss.SSS" before (no zone: read in the caller's); [app] from 3.2.
    const QByteArrayView v(line);
    const char *p = line.constData();
    int y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0, ms = 0;
    digits(p, 4, &y), digits(p + 5, 2, &mo), digits(p + 8, 2, &d), digits(p + 11, 2, &h);
    digits(p + 14, 2, &mi), digits(p + 17, 2, &s), digits(p + 20, 3, &ms);
    if (p[19] != '.') {
        return false;
    }
    qsizetype i = 23;
    qint64 offsetMinutes = zoneMinutes;
    if (p[10] == 'T') {
        if (p[i] == 'Z') {
            offsetMinutes = 0;
            ++i;
        } else if (p[i] == '+' || p[i] == '-') {
            int oh = 0, om = 0;
            const bool colon = p[i + 3] == ':';
            if (!digits(p + i + 1, 2, &oh) || !digits(p + i + (colon ? 4 : 3), 2, &om) || oh > 18
                || om > 59) {
                return false;
            }
            offsetMinutes = (p[i] == '-' ? -1 : 1) * (oh * 60 + om);
            i += colon ? 6 : 5;
        } else {
            return false;
        }
    }
    const auto skipSpaces = [&] {
        const qsizetype from = i;
        while (i < v.size() && v[i] == ' ') {
            ++i;
        }
        return i > from;
    };
    if (!skipSpaces()) {
        return false;
    }
    const qsizetype levelEnd = v.indexOf(' ', i);
    if (levelEnd < 0 || !isLevel(v.sliced(i, levelEnd - i))) {
        return false;
    }
    i = levelEnd;
    skipSpaces();
    const qsizetype pidEnd = v.indexOf(' ', i);
    bool ok = false;
    const int pid = pidEnd > i ? v.sliced(i, pidEnd - i).toByteArray().toInt(&ok) : 0;
    if (!ok || !v.sliced(pidEnd).startsWith(QByteArrayView(" --- "))) {
        return false;
    }
    // The logger is the last word before " : " (thread names may hold spaces, not " : ").
    const qsizetype sep = v.indexOf(QByteArrayView(" : "), pidEnd + 5);
    if (sep < 0) {
        return false;
    }
    qsizetype loggerEnd = sep;
    while (loggerEnd > pidEnd && v[loggerEnd - 1] == ' ') {
        --loggerEnd;
    }
    qsizetype loggerStart = loggerEnd;
    while (loggerStart > pidEnd && v[loggerStart - 1] != ' ' && v[loggerStart - 1] != ']') {
        --loggerStart;
    }
    const QByteArrayView logger = v.sliced(loggerStart, loggerEnd - loggerStart);
    if (logger.startsWith(QByteArrayView("Rocketmq"))) {
        // 4.9's ClientLogger names: RocketmqClient, RocketmqRemoting, RocketmqCommon.
        header->layout = LogLayout::V49;
        header->pid = -1;
    } else if (logger.startsWith(QByteArrayView("o.a.r."))
        || logger.startsWith(QByteArrayView("org.apache.rocketmq."))) {
        header->layout = LogLayout::V53;
        header->pid = pid;
    } else {
        return false; // the application's own line: not the client's
    }
    const qint64 local = ((daysFromCivil(y, mo, d) * 24 + h) * 60 + mi) * 60'000 + s * 1000 + ms;
    header->time = local - offsetMinutes * 60'000;
    header->message = v.sliced(sep + 3).toByteArray();
    return true;
}

std::optional<QList<LoggedQueue>> LogLineParser::parseQueues(QByteArrayView t, bool wholeBroker)
{
    // MessageQueue [topic=T, brokerName=B, queueId=N]; names use [%|a-zA-Z0-9_-] only
    // (TopicValidator:67-80), so ", " and "]" cannot occur inside them.
    QList<LoggedQueue> out;
    qsizetype from = 0;
    const QByteArrayView open("MessageQueue [topic=");
    for (;;) {
        const qsizetype at = t.indexOf(open, from);
        if (at < 0) {
            break;
        }
        const qsizetype close = t.indexOf(']', at + open.size());
        if (close < 0) {
            return std::nullopt;
        }
        const QByteArrayView body = t.sliced(at + open.size(), close - at - open.size());
        const qsizetype b = body.indexOf(QByteArrayView(", brokerName="));
        const qsizetype q = body.indexOf(QByteArrayView(", queueId="));
        if (b < 0 || q < b) {
            return std::nullopt;
        }
        LoggedQueue mq;
        mq.topic = text(body.first(b));
        mq.brokerName = text(body.sliced(b + 13, q - b - 13));
        bool ok = false;
        mq.queueId = QByteArray(body.sliced(q + 10).toByteArray()).toInt(&ok);
        // queueId -1: a POP assignment of the whole broker (MessageQueueAssignment, 5.x).
        if (!ok || mq.queueId < (wholeBroker ? -1 : 0) || mq.topic.isEmpty()
            || mq.brokerName.isEmpty()) {
            return std::nullopt;
        }
        out.append(mq);
        from = close + 1;
    }
    return out;
}

LogLineParser::Outcome LogLineParser::parseMessage(
    const QByteArray &message, LogRecord *r, QString *why)
{
    const QByteArrayView msg(message);
    const auto malformed = [why](const char *what) {
        *why = QString::fromLatin1(what);
        return Outcome::Malformed;
    };
    if (msg.startsWith("rebalanced result changed. ")
        || msg.startsWith("client rebalanced result changed. ")) {
        // RebalanceImpl:301 (4.9) / :330 (5.3): allocateMessageQueueStrategyName={}, group={},
        // topic={}, clientId={}, mqAllSize={}, cidAllSize={}, rebalanceResultSize={},
        // rebalanceResultSet={}
        r->kind = LogRecord::Kind::Result;
        qsizetype from = 0;
        const auto strategy = field(msg, "allocateMessageQueueStrategyName=", &from);
        const auto group = field(msg, "group=", &from);
        const auto topic = field(msg, "topic=", &from);
        const auto client = field(msg, "clientId=", &from);
        const auto mqAll = intField(msg, "mqAllSize=", &from);
        const auto cidAll = intField(msg, "cidAllSize=", &from);
        const auto size = intField(msg, "rebalanceResultSize=", &from);
        const qsizetype set = msg.indexOf(QByteArrayView("rebalanceResultSet=["), from);
        if (!strategy || !group || !topic || !client || !mqAll || !cidAll || !size || set < 0
            || !msg.endsWith("]")) {
            return malformed("a field of the rebalance result is missing or not a number");
        }
        auto queues = parseQueues(msg.sliced(set));
        if (!queues || queues->size() != *size) {
            return malformed("rebalanceResultSet does not hold rebalanceResultSize queues");
        }
        std::sort(queues->begin(), queues->end()); // a HashSet: hash order (RebalanceImpl:293)
        r->strategy = text(*strategy);
        r->group = text(*group);
        r->topic = text(*topic);
        r->clientId = text(*client);
        r->mqAllSize = *mqAll;
        r->cidAllSize = *cidAll;
        r->queues = *queues;
        if (r->group.isEmpty() || r->topic.isEmpty() || r->clientId.isEmpty()) {
            return malformed("empty group, topic or clientId");
        }
        return Outcome::Parsed;
    }
    if (msg.startsWith("broker rebalanced result changed. ")) {
        // RebalanceImpl.rebalanceByTopic (5.x): allocateMessageQueueStrategyName={}, group={},
        // topic={}, clientId={}, assignmentSet=[MessageQueueAssignment [MessageQueue=
        // MessageQueue [topic=T, brokerName=B, queueId=N], Mode=POP|PULL], …]
        r->kind = LogRecord::Kind::Result;
        r->brokerAssigned = true;
        qsizetype from = 0;
        const auto strategy = field(msg, "allocateMessageQueueStrategyName=", &from);
        const auto group = field(msg, "group=", &from);
        const auto topic = field(msg, "topic=", &from);
        const auto client = field(msg, "clientId=", &from);
        const qsizetype set = msg.indexOf(QByteArrayView("assignmentSet=["), from);
        if (!strategy || !group || !topic || !client || set < 0 || !msg.endsWith("]")) {
            return malformed("a field of the broker's assignment is missing");
        }
        const QByteArrayView assignments = msg.sliced(set);
        auto queues = parseQueues(assignments, true);
        if (!queues) {
            return malformed("assignmentSet does not hold MessageQueue [topic=…, brokerName=…, "
                             "queueId=…] entries");
        }
        std::sort(queues->begin(), queues->end()); // a HashSet: hash order
        queues->erase(std::unique(queues->begin(), queues->end()), queues->end());
        r->strategy = text(*strategy);
        r->group = text(*group);
        r->topic = text(*topic);
        r->clientId = text(*client);
        r->queues = *queues;
        r->pop = assignments.contains(QByteArrayView("Mode=POP"));
        r->mqAllSize = int(queues->size());
        if (r->group.isEmpty() || r->topic.isEmpty() || r->clientId.isEmpty()) {
            return malformed("empty group, topic or clientId");
        }
        return Outcome::Parsed;
    }
    const bool bug49 = msg.startsWith("[BUG]doRebalance, ")
        && msg.contains(QByteArrayView(", remove unnecessary mq, "));
    if (msg.startsWith("doRebalance, ") || bug49) {
        // doRebalance, {group}, add a new mq, {mq} / remove unnecessary mq, {mq}; 4.9's pull-pause
        // removal logs "[BUG]doRebalance, …, remove unnecessary mq, …" instead (RebalanceImpl:356).
        const qsizetype g0 = msg.indexOf(' ') + 1;
        const qsizetype g1 = msg.indexOf(QByteArrayView(", "), g0);
        if (g1 < 0) {
            return Outcome::Unknown;
        }
        const QByteArrayView after = msg.sliced(g1 + 2);
        if (after.startsWith("add a new mq, ")) {
            r->kind = LogRecord::Kind::AddQueue;
        } else if (after.startsWith("add a new mq failed, ")) {
            r->kind = LogRecord::Kind::LockFailed; // "…, because lock failed" (orderly)
        } else if (after.startsWith("remove unnecessary mq, ")
            || after.startsWith("truncateMessageQueueNotMyTopic remove unnecessary mq, ")) {
            // The second: a queue of a topic no longer subscribed (RebalanceImpl:323 / :411).
            r->kind = LogRecord::Kind::RemoveQueue;
        } else if (after.startsWith("add a new pop mq, ")) {
            // RebalanceImpl.updateMessageQueueAssignment (5.x): a PopProcessQueue.
            r->kind = LogRecord::Kind::AddQueue;
            r->pop = true;
        } else if (after.startsWith("remove unnecessary pop mq, ")
            || after.startsWith("truncateMessageQueueNotMyTopic remove unnecessary pop mq, ")) {
            r->kind = LogRecord::Kind::RemoveQueue;
            r->pop = true;
        } else {
            return Outcome::Unknown;
        }
        const auto queues = parseQueues(after, r->pop);
        if (!queues || queues->size() != 1) {
            return malformed("expected one MessageQueue [topic=…, brokerName=…, queueId=…]");
        }
        r->group = text(msg.sliced(g0, g1 - g0));
        r->queues = *queues;
        r->topic = queues->first().topic;
        return Outcome::Parsed;
    }
    if (msg.startsWith("receive broker's notification[")) {
        // ClientRemotingProcessor:140 / :139
        const QByteArrayView head("receive broker's notification[");
        const qsizetype close = msg.indexOf(QByteArrayView("], the consumer group: "));
        const qsizetype changed = msg.indexOf(QByteArrayView(" changed, rebalance immediately"));
        if (close < 0 || changed < close) {
            return malformed("expected \"…[ADDR], the consumer group: G changed, rebalance "
                             "immediately\"");
        }
        r->kind = LogRecord::Kind::Notify;
        r->brokerAddress = text(msg.sliced(head.size(), close - head.size()));
        r->group = text(msg.sliced(close + 23, changed - close - 23));
        return r->group.isEmpty() ? malformed("empty group") : Outcome::Parsed;
    }
    const bool count = msg.startsWith("the cached message count exceeds the threshold ");
    const bool size = msg.startsWith("the cached message size exceeds the threshold ");
    const bool span = msg.startsWith("the queue's messages, span too long, so do flow control");
    if (count || size || span) {
        // PushImpl:249, 259, 270 (4.9) / :276, 286, 297 (5.3); sampled 1 in 1000 per consumer.
        r->kind = count ? LogRecord::Kind::FlowCount
                        : (size ? LogRecord::Kind::FlowSize : LogRecord::Kind::FlowSpan);
        qsizetype from = msg.indexOf(QByteArrayView("flowControlTimes="));
        // queueFlowControlTimes is a long (DefaultMQPushConsumerImpl:118-119 / :132-133).
        const auto times = from >= 0 ? longField(msg, "flowControlTimes=", &from) : std::nullopt;
        if (!parsePullRequest(msg, r) || !times) {
            return malformed("expected pullRequest=PullRequest […] and flowControlTimes=N");
        }
        r->flowControlTimes = *times;
        return Outcome::Parsed;
    }
    if (msg.startsWith("the pull request[")) {
        if (!msg.endsWith("] is dropped.")) {
            return Outcome::Unknown;
        }
        r->kind = LogRecord::Kind::Dropped;
        return parsePullRequest(msg, r) ? Outcome::Parsed
                                        : malformed("expected the pull request[PullRequest […]]");
    }
    if (msg.startsWith("the consumer [")) {
        // PushImpl:650 / :998 "the consumer [{}] start OK." (lite pull: no period);
        // PushImpl:573 / :912 "the consumer [{}] shutdown OK"
        const qsizetype close = msg.lastIndexOf(QByteArrayView("] "));
        if (close < 0) {
            return Outcome::Unknown;
        }
        const QByteArrayView tail = msg.sliced(close + 2);
        if (tail == "start OK." || tail == "start OK") {
            r->kind = LogRecord::Kind::StartOk;
        } else if (tail == "shutdown OK") {
            r->kind = LogRecord::Kind::ShutdownOk;
        } else if (const qsizetype begin
                   = msg.indexOf(QByteArrayView("] start beginning. messageModel="));
                   begin >= 0) {
            // PushImpl.start: "the consumer [{}] start beginning. messageModel={}, isUnitMode={}"
            r->kind = LogRecord::Kind::StartBeginning;
            r->broadcasting = msg.sliced(begin + 32).startsWith("BROADCASTING");
            r->group = text(msg.sliced(14, begin - 14));
            return r->group.isEmpty() ? malformed("empty group") : Outcome::Parsed;
        } else {
            return Outcome::Unknown;
        }
        r->group = text(msg.sliced(14, close - 14));
        return r->group.isEmpty() ? malformed("empty group") : Outcome::Parsed;
    }
    if (msg.startsWith("unregister client[Producer: ")) {
        // MQClientInstance.unregisterClient: "unregister client[Producer: {} Consumer: {}] from
        // broker[{} {} {}] success", a line per broker; the consumer's is the group's.
        const qsizetype consumer = msg.indexOf(QByteArrayView(" Consumer: "));
        const qsizetype close = msg.indexOf(QByteArrayView("] from broker["));
        if (consumer < 0 || close < consumer || !msg.endsWith("] success")) {
            return Outcome::Unknown;
        }
        const QByteArrayView group = msg.sliced(consumer + 11, close - consumer - 11);
        if (group.isEmpty() || group == "null") {
            return Outcome::Unknown; // a producer's
        }
        r->kind = LogRecord::Kind::Unregistered;
        r->group = text(group);
        return Outcome::Parsed;
    }
    if (msg.startsWith("Created a new client Instance, ")) {
        // MQClientInstance:154 / :219
        qsizetype from = 0;
        const auto id = field(msg, "ClientID:", &from);
        if (!id || id->isEmpty()) {
            return malformed("expected ClientID:…");
        }
        r->kind = LogRecord::Kind::ClientCreated;
        r->clientId = text(*id);
        return Outcome::Parsed;
    }
    return Outcome::Unknown;
}

std::optional<LoggedRoute> LogLineParser::parseRoute(QByteArrayView msg)
{
    const QByteArrayView head("the topic[");
    if (!msg.startsWith(head)) {
        return std::nullopt;
    }
    const qsizetype close = msg.indexOf(QByteArrayView("] route info changed, old["));
    const qsizetype fresh = msg.indexOf(QByteArrayView(" ,new[TopicRouteData ["));
    if (close < 0 || fresh < close) {
        return std::nullopt;
    }
    LoggedRoute route;
    route.topic = text(msg.sliced(head.size(), close - head.size()));
    const QByteArrayView key("QueueData [brokerName=");
    for (qsizetype at = msg.indexOf(key, fresh); at >= 0; at = msg.indexOf(key, at + 1)) {
        qsizetype from = at;
        const auto broker = field(msg, "brokerName=", &from);
        const auto reads = intField(msg, "readQueueNums=", &from);
        if (!broker || !reads || broker->isEmpty()) {
            return std::nullopt;
        }
        route.readQueueNums.append({ text(*broker), *reads });
    }
    if (route.topic.isEmpty() || route.readQueueNums.isEmpty()) {
        return std::nullopt;
    }
    return route;
}

} // namespace Rblab
