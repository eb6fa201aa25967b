// SPDX-License-Identifier: Apache-2.0
#include "liverecording.h"

#include <json/jsonnode.h>
#include <json/jsonparser.h>
#include <json/jsonwriter.h>
#include <json/savefile.h>

#include <QDateTime>
#include <QFile>
#include <QMap>

#include <cmath>
#include <limits>

namespace Rblab::Remoting {

namespace {

const QString kSource = QStringLiteral("rblab watch");
const QString kFormat = QStringLiteral("rebalance-lab/report@1");

JsonNode str(const QString &s)
{
    return JsonNode::makeString(s);
}
JsonNode num(qint64 v)
{
    return JsonNode::makeInteger(v);
}
JsonNode dbl(double v)
{
    return JsonNode::makeDouble(v);
}
JsonNode boolean(bool v)
{
    return JsonNode::makeBool(v);
}

JsonNode stringMap(const QMap<QString, QString> &map)
{
    JsonNode o = JsonNode::makeObject();
    for (auto it = map.cbegin(); it != map.cend(); ++it) {
        o.insert(it.key(), str(it.value()));
    }
    return o;
}

JsonNode stringList(const QStringList &list)
{
    JsonNode a = JsonNode::makeArray();
    for (const QString &s : list) {
        a.append(str(s));
    }
    return a;
}

JsonNode queueTuple(const MessageQueue &q)
{
    JsonNode a = JsonNode::makeArray();
    a.append(str(q.topic));
    a.append(str(q.brokerName));
    a.append(num(q.queueId));
    return a;
}

JsonNode queueObject(const MessageQueue &q)
{
    JsonNode o = JsonNode::makeObject();
    o.insert(QStringLiteral("topic"), str(q.topic));
    o.insert(QStringLiteral("brokerName"), str(q.brokerName));
    o.insert(QStringLiteral("queueId"), num(q.queueId));
    return o;
}

QString iso(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(Qt::ISODateWithMs);
}

//! Reads a recording's members, the first problem kept with its line and member path.
class Reader
{
public:
    explicit Reader(const QString &fileName) : m_file(fileName) { }

    bool failed() const { return !m_error.isEmpty(); }
    QString error() const { return m_error; }

    void fail(const JsonNode &at, const QString &path, const QString &message)
    {
        if (m_error.isEmpty()) {
            m_error = QStringLiteral("%1:%2: %3: %4").arg(m_file).arg(at.line()).arg(path, message);
        }
    }

    const JsonNode *member(const JsonNode &object, const QString &path, const QString &key,
        JsonNode::Type type, bool required = true)
    {
        const JsonNode *v = object.value(key);
        const QString where = JsonNode::memberPath(path, key);
        if (v == nullptr || v->isNull()) {
            if (required) {
                fail(object, where, QStringLiteral("missing"));
            }
            return nullptr;
        }
        if (v->type() != type) {
            fail(*v, where,
                QStringLiteral("expected %1, got %2").arg(JsonNode::typeName(type), v->describe()));
            return nullptr;
        }
        return v;
    }

    QString text(
        const JsonNode &object, const QString &path, const QString &key, bool required = false)
    {
        const JsonNode *v = member(object, path, key, JsonNode::Type::String, required);
        return v ? v->text() : QString();
    }

    bool flag(const JsonNode &object, const QString &path, const QString &key)
    {
        const JsonNode *v = member(object, path, key, JsonNode::Type::Bool, false);
        return v && v->toBool();
    }

    qint64 integer(const JsonNode &node, const QString &path, qint64 minimum, qint64 maximum)
    {
        const std::optional<qint64> v = node.isNumber() ? node.toInt64() : std::nullopt;
        if (!v || *v < minimum || *v > maximum) {
            fail(node, path,
                QStringLiteral("expected an integer from %1 to %2, got %3")
                    .arg(minimum)
                    .arg(maximum)
                    .arg(node.describe()));
            return minimum;
        }
        return *v;
    }

    qint64 integer(const JsonNode &object, const QString &path, const QString &key, qint64 minimum,
        qint64 maximum, bool required = false, qint64 fallback = 0)
    {
        const JsonNode *v = object.value(key);
        if (v == nullptr || v->isNull()) {
            if (required) {
                fail(object, JsonNode::memberPath(path, key), QStringLiteral("missing"));
            }
            return fallback;
        }
        return integer(*v, JsonNode::memberPath(path, key), minimum, maximum);
    }

    double real(const JsonNode &node, const QString &path)
    {
        if (!node.isNumber() || !std::isfinite(node.toDouble()) || node.toDouble() < 0) {
            fail(node, path,
                QStringLiteral("expected a number of at least 0, got %1").arg(node.describe()));
            return 0;
        }
        return node.toDouble();
    }

    QMap<QString, QString> stringMap(
        const JsonNode &object, const QString &path, const QString &key)
    {
        QMap<QString, QString> map;
        const JsonNode *o = member(object, path, key, JsonNode::Type::Object, false);
        if (!o) {
            return map;
        }
        const QString where = JsonNode::memberPath(path, key);
        for (qsizetype i = 0; i < o->size(); ++i) {
            const JsonNode &v = o->items().at(size_t(i));
            const QString k = o->keys().at(i).name;
            if (!v.isString()) {
                fail(v, JsonNode::memberPath(where, k),
                    QStringLiteral("expected a string, got %1").arg(v.describe()));
                return map;
            }
            map.insert(k, v.text());
        }
        return map;
    }

    QStringList strings(const JsonNode &object, const QString &path, const QString &key)
    {
        QStringList list;
        const JsonNode *a = member(object, path, key, JsonNode::Type::Array, false);
        if (!a) {
            return list;
        }
        const QString where = JsonNode::memberPath(path, key);
        for (qsizetype i = 0; i < a->size(); ++i) {
            const JsonNode &v = a->items().at(size_t(i));
            if (!v.isString()) {
                fail(v, JsonNode::indexPath(where, i),
                    QStringLiteral("expected a string, got %1").arg(v.describe()));
                return list;
            }
            list.append(v.text());
        }
        return list;
    }

    //! A row: an array of exactly `columns` items, or a failure naming the columns.
    const JsonNode *row(
        const JsonNode &node, const QString &path, qsizetype columns, const char *layout)
    {
        if (!node.isArray() || node.size() != columns) {
            fail(node, path,
                QStringLiteral("expected [%1], got %2")
                    .arg(QLatin1String(layout), node.describe()));
            return nullptr;
        }
        return &node;
    }

    MessageQueue queue(const JsonNode &row, const QString &path)
    {
        MessageQueue q;
        for (int i = 0; i < 2; ++i) {
            const JsonNode &v = row.items().at(size_t(i));
            if (!v.isString()) {
                fail(v, JsonNode::indexPath(path, i),
                    QStringLiteral("expected a string, got %1").arg(v.describe()));
                return q;
            }
        }
        q.topic = row.items().at(0).text();
        q.brokerName = row.items().at(1).text();
        // -1: a POP queue the broker hands out whole ("broker-a:-1", popShareQueueNum).
        q.queueId = int(integer(row.items().at(2), JsonNode::indexPath(path, 2), -1, 65535));
        return q;
    }

    bool boolAt(const JsonNode &row, const QString &path, int i)
    {
        const JsonNode &v = row.items().at(size_t(i));
        if (!v.isBool()) {
            fail(v, JsonNode::indexPath(path, i),
                QStringLiteral("expected true or false, got %1").arg(v.describe()));
            return false;
        }
        return v.toBool();
    }

private:
    QString m_file;
    QString m_error;
};

constexpr qint64 kMaxOffset = std::numeric_limits<qint64>::max() / 2;
constexpr qint64 kMaxMs = qint64(1) << 50; // about the year 37,000

} // namespace

const QStringList &recordedProperties()
{
    // Read by FlowLimits::of, judgedStrategyOf, LiveWorld's figures and the inspector; the
    // rest of a client's properties (some sixty) are not kept.
    static const QStringList names { QStringLiteral("allocateMessageQueueStrategy"),
        QStringLiteral("consumeConcurrentlyMaxSpan"), QStringLiteral("consumeFromWhere"),
        QStringLiteral("consumeMessageBatchMaxSize"), QStringLiteral("consumeThreadMax"),
        QStringLiteral("consumeThreadMin"), QStringLiteral("consumeTimeout"),
        QStringLiteral("messageModel"), QStringLiteral("PROP_CLIENT_VERSION"),
        QStringLiteral("PROP_CONSUME_TYPE"), QStringLiteral("PROP_CONSUMEORDERLY"),
        QStringLiteral("PROP_CONSUMER_START_TIMESTAMP"), QStringLiteral("PROP_NAMESERVER_ADDR"),
        QStringLiteral("PROP_THREADPOOL_CORE_SIZE"), QStringLiteral("pullBatchSize"),
        QStringLiteral("pullInterval"), QStringLiteral("pullThresholdForQueue"),
        QStringLiteral("pullThresholdForTopic"), QStringLiteral("pullThresholdSizeForQueue"),
        QStringLiteral("pullThresholdSizeForTopic") };
    return names;
}

QByteArray encodePoll(const GroupSnapshot &s)
{
    JsonNode o = JsonNode::makeObject();
    o.insert(QStringLiteral("t"), num(s.takenAtMs));
    o.insert(QStringLiteral("online"), boolean(s.online));
    o.insert(QStringLiteral("consumeTps"), dbl(s.consumeTps));
    if (!s.problems.isEmpty()) {
        o.insert(QStringLiteral("problems"), stringList(s.problems));
    }
    JsonNode connection = JsonNode::makeObject();
    connection.insert(QStringLiteral("consumeType"), str(s.connection.consumeType));
    connection.insert(QStringLiteral("messageModel"), str(s.connection.messageModel));
    connection.insert(QStringLiteral("consumeFromWhere"), str(s.connection.consumeFromWhere));
    connection.insert(QStringLiteral("subscriptions"), stringMap(s.connection.subscriptions));
    o.insert(QStringLiteral("connection"), connection);
    JsonNode routes = JsonNode::makeObject();
    for (auto it = s.routes.cbegin(); it != s.routes.cend(); ++it) {
        JsonNode rows = JsonNode::makeArray();
        for (const TopicRoute::QueueData &d : it.value().queues) {
            JsonNode row = JsonNode::makeArray();
            row.append(str(d.brokerName));
            row.append(num(d.readQueueNums));
            rows.append(row);
        }
        routes.insert(it.key(), rows);
    }
    o.insert(QStringLiteral("routes"), routes);
    JsonNode offsets = JsonNode::makeArray();
    for (const QueueView &q : s.queues) {
        if (!q.hasOffsets) {
            continue;
        }
        JsonNode row = queueTuple(q.queue);
        row.append(num(q.brokerOffset));
        row.append(num(q.consumerOffset));
        row.append(num(q.lastTimestamp));
        row.append(q.pullOffset ? num(*q.pullOffset) : JsonNode::makeNull());
        offsets.append(row);
    }
    o.insert(QStringLiteral("offsets"), offsets);
    JsonNode clients = JsonNode::makeArray();
    for (const ClientView &c : s.clients) {
        JsonNode client = JsonNode::makeObject();
        client.insert(QStringLiteral("id"), str(c.clientId));
        client.insert(QStringLiteral("addr"), str(c.clientAddr));
        client.insert(QStringLiteral("language"), str(c.language));
        client.insert(QStringLiteral("version"), num(c.version));
        client.insert(QStringLiteral("answered"), boolean(c.answered));
        if (!c.answered) {
            client.insert(QStringLiteral("timedOut"), boolean(c.timedOut));
            client.insert(QStringLiteral("error"), str(c.error));
            clients.append(client);
            continue;
        }
        QMap<QString, QString> kept;
        for (const QString &name : recordedProperties()) {
            const auto it = c.info.properties.constFind(name);
            if (it != c.info.properties.cend()) {
                kept.insert(name, it.value());
            }
        }
        client.insert(QStringLiteral("properties"), stringMap(kept));
        client.insert(QStringLiteral("subscriptions"), stringMap(c.info.subscriptions));
        JsonNode status = JsonNode::makeObject();
        for (auto it = c.info.status.cbegin(); it != c.info.status.cend(); ++it) {
            JsonNode row = JsonNode::makeArray();
            for (const double v : { it->pullRT, it->pullTPS, it->consumeRT, it->consumeOKTPS,
                     it->consumeFailedTPS }) {
                row.append(dbl(v));
            }
            status.insert(it.key(), row);
        }
        client.insert(QStringLiteral("status"), status);
        JsonNode queues = JsonNode::makeArray();
        for (const ConsumerRunningInfo::ProcessQueue &pq : c.info.processQueues) {
            JsonNode row = queueTuple(pq.queue);
            for (const qint64 v : { pq.commitOffset, pq.cachedMsgMinOffset, pq.cachedMsgMaxOffset,
                     qint64(pq.cachedMsgCount), qint64(pq.cachedMsgSizeInMiB) }) {
                row.append(num(v));
            }
            row.append(boolean(pq.locked));
            row.append(boolean(pq.dropped));
            for (const qint64 v : { qint64(pq.tryUnlockTimes), pq.lastLockTimestamp,
                     pq.lastPullTimestamp, pq.lastConsumeTimestamp }) {
                row.append(num(v));
            }
            queues.append(row);
        }
        client.insert(QStringLiteral("processQueues"), queues);
        if (!c.info.popQueues.isEmpty()) {
            JsonNode pops = JsonNode::makeArray();
            for (const ConsumerRunningInfo::PopQueue &p : c.info.popQueues) {
                JsonNode row = queueTuple(p.queue);
                row.append(num(p.waitAckCount));
                row.append(boolean(p.dropped));
                row.append(num(p.lastPopTimestamp));
                pops.append(row);
            }
            client.insert(QStringLiteral("popQueues"), pops);
        }
        clients.append(client);
    }
    o.insert(QStringLiteral("clients"), clients);
    if (!s.views.isEmpty()) {
        JsonNode views = JsonNode::makeArray();
        for (const ViewCheck &v : s.views) {
            JsonNode view = JsonNode::makeObject();
            view.insert(QStringLiteral("id"), str(v.clientId));
            view.insert(QStringLiteral("strategy"), str(v.strategy));
            view.insert(QStringLiteral("held"), num(v.held));
            view.insert(QStringLiteral("expected"), num(v.expected));
            if (!v.missing.isEmpty()) {
                view.insert(QStringLiteral("missing"), stringList(v.missing));
            }
            if (!v.extra.isEmpty()) {
                view.insert(QStringLiteral("extra"), stringList(v.extra));
            }
            views.append(view);
        }
        o.insert(QStringLiteral("views"), views);
    }
    return JsonWriter::compactUtf8(o);
}

namespace {

constexpr const char *kOffsetRow
    = "topic, brokerName, queueId, brokerOffset, consumerOffset, lastTimestamp, pullOffset";
constexpr const char *kQueueRow = "topic, brokerName, queueId, commitOffset, cachedMsgMinOffset, "
                                  "cachedMsgMaxOffset, cachedMsgCount, cachedMsgSizeInMiB, "
                                  "locked, dropped, tryUnlockTimes, lastLockTimestamp, "
                                  "lastPullTimestamp, lastConsumeTimestamp";
constexpr const char *kPopRow = "topic, brokerName, queueId, waitAckCount, dropped, "
                                "lastPopTimestamp";
constexpr const char *kStatusRow = "pullRT, pullTPS, consumeRT, consumeOKTPS, consumeFailedTPS";

std::optional<GroupSnapshot> decodePoll(Reader &r, const JsonNode &o, const QString &path,
    const QString &nameServer, const QString &group)
{
    if (!o.isObject()) {
        r.fail(o, path, QStringLiteral("expected an object, got %1").arg(o.describe()));
        return std::nullopt;
    }
    GroupSnapshot s;
    s.nameServer = nameServer;
    s.group = group;
    s.takenAtMs = r.integer(o, path, QStringLiteral("t"), 0, kMaxMs, true);
    s.online = r.flag(o, path, QStringLiteral("online"));
    if (const JsonNode *tps = o.value(QStringLiteral("consumeTps"))) {
        s.consumeTps = r.real(*tps, JsonNode::memberPath(path, QStringLiteral("consumeTps")));
    }
    s.problems = r.strings(o, path, QStringLiteral("problems"));
    if (const JsonNode *c
        = r.member(o, path, QStringLiteral("connection"), JsonNode::Type::Object, false)) {
        const QString p = JsonNode::memberPath(path, QStringLiteral("connection"));
        s.connection.consumeType = r.text(*c, p, QStringLiteral("consumeType"));
        s.connection.messageModel = r.text(*c, p, QStringLiteral("messageModel"));
        s.connection.consumeFromWhere = r.text(*c, p, QStringLiteral("consumeFromWhere"));
        s.connection.subscriptions = r.stringMap(*c, p, QStringLiteral("subscriptions"));
    }
    if (const JsonNode *routes
        = r.member(o, path, QStringLiteral("routes"), JsonNode::Type::Object, false)) {
        const QString p = JsonNode::memberPath(path, QStringLiteral("routes"));
        for (qsizetype i = 0; i < routes->size() && !r.failed(); ++i) {
            const QString topic = routes->keys().at(i).name;
            const QString tp = JsonNode::memberPath(p, topic);
            const JsonNode &rows = routes->items().at(size_t(i));
            if (!rows.isArray()) {
                r.fail(rows, tp, QStringLiteral("expected an array, got %1").arg(rows.describe()));
                break;
            }
            TopicRoute route;
            for (qsizetype j = 0; j < rows.size() && !r.failed(); ++j) {
                const QString rp = JsonNode::indexPath(tp, j);
                if (const JsonNode *row
                    = r.row(rows.items().at(size_t(j)), rp, 2, "brokerName, readQueueNums")) {
                    TopicRoute::QueueData d;
                    if (!row->items().at(0).isString()) {
                        r.fail(row->items().at(0), JsonNode::indexPath(rp, 0),
                            QStringLiteral("expected a string, got %1")
                                .arg(row->items().at(0).describe()));
                        break;
                    }
                    d.brokerName = row->items().at(0).text();
                    d.readQueueNums
                        = int(r.integer(row->items().at(1), JsonNode::indexPath(rp, 1), 0, 65536));
                    route.queues.append(d);
                }
            }
            s.routes.insert(topic, route);
        }
    }
    ConsumeStats stats;
    stats.consumeTps = s.consumeTps;
    if (const JsonNode *rows
        = r.member(o, path, QStringLiteral("offsets"), JsonNode::Type::Array, false)) {
        const QString p = JsonNode::memberPath(path, QStringLiteral("offsets"));
        for (qsizetype i = 0; i < rows->size() && !r.failed(); ++i) {
            const QString rp = JsonNode::indexPath(p, i);
            const JsonNode *row = r.row(rows->items().at(size_t(i)), rp, 7, kOffsetRow);
            if (!row) {
                break;
            }
            ConsumeStats::Offset off;
            off.queue = r.queue(*row, rp);
            off.brokerOffset
                = r.integer(row->items().at(3), JsonNode::indexPath(rp, 3), -1, kMaxOffset);
            off.consumerOffset
                = r.integer(row->items().at(4), JsonNode::indexPath(rp, 4), -1, kMaxOffset);
            off.lastTimestamp
                = r.integer(row->items().at(5), JsonNode::indexPath(rp, 5), 0, kMaxMs);
            if (!row->items().at(6).isNull()) {
                off.pullOffset
                    = r.integer(row->items().at(6), JsonNode::indexPath(rp, 6), -1, kMaxOffset);
            }
            stats.offsets.append(off);
        }
    }
    if (const JsonNode *list
        = r.member(o, path, QStringLiteral("clients"), JsonNode::Type::Array, false)) {
        const QString lp = JsonNode::memberPath(path, QStringLiteral("clients"));
        for (qsizetype i = 0; i < list->size() && !r.failed(); ++i) {
            const JsonNode &c = list->items().at(size_t(i));
            const QString cp = JsonNode::indexPath(lp, i);
            if (!c.isObject()) {
                r.fail(c, cp, QStringLiteral("expected an object, got %1").arg(c.describe()));
                break;
            }
            ClientView v;
            v.clientId = r.text(c, cp, QStringLiteral("id"), true);
            v.clientAddr = r.text(c, cp, QStringLiteral("addr"));
            v.language = r.text(c, cp, QStringLiteral("language"));
            v.version = int(r.integer(c, cp, QStringLiteral("version"), 0, 100000));
            v.answered = r.flag(c, cp, QStringLiteral("answered"));
            v.timedOut = r.flag(c, cp, QStringLiteral("timedOut"));
            v.error = r.text(c, cp, QStringLiteral("error"));
            v.info.properties = r.stringMap(c, cp, QStringLiteral("properties"));
            v.info.subscriptions = r.stringMap(c, cp, QStringLiteral("subscriptions"));
            if (const JsonNode *status
                = r.member(c, cp, QStringLiteral("status"), JsonNode::Type::Object, false)) {
                const QString sp = JsonNode::memberPath(cp, QStringLiteral("status"));
                for (qsizetype j = 0; j < status->size() && !r.failed(); ++j) {
                    const QString topic = status->keys().at(j).name;
                    const QString rp = JsonNode::memberPath(sp, topic);
                    const JsonNode *row = r.row(status->items().at(size_t(j)), rp, 5, kStatusRow);
                    if (!row) {
                        break;
                    }
                    ConsumerRunningInfo::Status st;
                    double *fields[] = { &st.pullRT, &st.pullTPS, &st.consumeRT, &st.consumeOKTPS,
                        &st.consumeFailedTPS };
                    for (int k = 0; k < 5; ++k) {
                        *fields[k] = r.real(row->items().at(size_t(k)), JsonNode::indexPath(rp, k));
                    }
                    v.info.status.insert(topic, st);
                }
            }
            if (const JsonNode *rows
                = r.member(c, cp, QStringLiteral("processQueues"), JsonNode::Type::Array, false)) {
                const QString qp = JsonNode::memberPath(cp, QStringLiteral("processQueues"));
                for (qsizetype j = 0; j < rows->size() && !r.failed(); ++j) {
                    const QString rp = JsonNode::indexPath(qp, j);
                    const JsonNode *row = r.row(rows->items().at(size_t(j)), rp, 14, kQueueRow);
                    if (!row) {
                        break;
                    }
                    auto at = [&](int k, qint64 lo, qint64 hi) {
                        return r.integer(
                            row->items().at(size_t(k)), JsonNode::indexPath(rp, k), lo, hi);
                    };
                    ConsumerRunningInfo::ProcessQueue pq;
                    pq.queue = r.queue(*row, rp);
                    pq.commitOffset = at(3, -1, kMaxOffset);
                    pq.cachedMsgMinOffset = at(4, -1, kMaxOffset);
                    pq.cachedMsgMaxOffset = at(5, -1, kMaxOffset);
                    pq.cachedMsgCount = int(at(6, 0, std::numeric_limits<int>::max()));
                    pq.cachedMsgSizeInMiB = int(at(7, 0, std::numeric_limits<int>::max()));
                    pq.locked = r.boolAt(*row, rp, 8);
                    pq.dropped = r.boolAt(*row, rp, 9);
                    pq.tryUnlockTimes = int(at(10, 0, std::numeric_limits<int>::max()));
                    pq.lastLockTimestamp = at(11, 0, kMaxMs);
                    pq.lastPullTimestamp = at(12, 0, kMaxMs);
                    pq.lastConsumeTimestamp = at(13, 0, kMaxMs);
                    v.info.processQueues.append(pq);
                }
            }
            if (const JsonNode *rows
                = r.member(c, cp, QStringLiteral("popQueues"), JsonNode::Type::Array, false)) {
                const QString qp = JsonNode::memberPath(cp, QStringLiteral("popQueues"));
                for (qsizetype j = 0; j < rows->size() && !r.failed(); ++j) {
                    const QString rp = JsonNode::indexPath(qp, j);
                    const JsonNode *row = r.row(rows->items().at(size_t(j)), rp, 6, kPopRow);
                    if (!row) {
                        break;
                    }
                    ConsumerRunningInfo::PopQueue p;
                    p.queue = r.queue(*row, rp);
                    p.waitAckCount = int(r.integer(row->items().at(3), JsonNode::indexPath(rp, 3),
                        0, std::numeric_limits<int>::max()));
                    p.dropped = r.boolAt(*row, rp, 4);
                    p.lastPopTimestamp
                        = r.integer(row->items().at(5), JsonNode::indexPath(rp, 5), 0, kMaxMs);
                    v.info.popQueues.append(p);
                }
            }
            s.connection.connections.append(
                ConsumerConnection::Connection { v.clientId, v.clientAddr, v.language, v.version });
            s.clients.append(v);
        }
    }
    if (const JsonNode *list
        = r.member(o, path, QStringLiteral("views"), JsonNode::Type::Array, false)) {
        const QString lp = JsonNode::memberPath(path, QStringLiteral("views"));
        for (qsizetype i = 0; i < list->size() && !r.failed(); ++i) {
            const JsonNode &v = list->items().at(size_t(i));
            const QString vp = JsonNode::indexPath(lp, i);
            if (!v.isObject()) {
                r.fail(v, vp, QStringLiteral("expected an object, got %1").arg(v.describe()));
                break;
            }
            ViewCheck check;
            check.clientId = r.text(v, vp, QStringLiteral("id"), true);
            check.strategy = r.text(v, vp, QStringLiteral("strategy"));
            check.held = int(r.integer(v, vp, QStringLiteral("held"), 0, 1 << 24));
            check.expected = int(r.integer(v, vp, QStringLiteral("expected"), 0, 1 << 24));
            check.missing = r.strings(v, vp, QStringLiteral("missing"));
            check.extra = r.strings(v, vp, QStringLiteral("extra"));
            check.staleStreak = check.stale() ? 1 : 0; // as checkViews() leaves it
            s.views.append(check);
        }
    }
    if (r.failed()) {
        return std::nullopt;
    }
    std::sort(s.clients.begin(), s.clients.end(),
        [](const ClientView &a, const ClientView &b) { return a.clientId < b.clientId; });
    s.assemble({ stats });
    return s;
}

} // namespace

LiveRecorder::LiveRecorder(const QString &nameServer, const QString &group, qint64 intervalMs)
    : m_nameServer(nameServer), m_group(group), m_intervalMs(intervalMs)
{
}

void LiveRecorder::append(const GroupSnapshot &s)
{
    const qint64 origin = m_polls.isEmpty() ? s.takenAtMs : m_polls.first().takenAtMs;
    if (!m_polls.isEmpty()) {
        // Queue-seconds between the last poll and this one, counted as the last poll stood.
        const double dt = std::max<qint64>(0, s.takenAtMs - m_last.takenAtMs) / 1000.0;
        for (const QueueView &q : m_last.queues) {
            if (q.ownership == QueueView::Ownership::DoubleOwned) {
                m_doubleOwnedSeconds += dt;
            } else if (q.ownership == QueueView::Ownership::Orphaned) {
                m_orphanedSeconds += dt;
            }
        }
    }
    if (m_baseline) {
        for (const GroupChange &c : diffSnapshots(*m_baseline, s)) {
            m_queueMoves += c.kind == GroupChange::Kind::QueueMoved ? 1 : 0;
            m_changes.append({ s.takenAtMs - origin, c });
        }
    }
    m_baseline = m_baseline ? s.withKnownOwners(*m_baseline) : s;
    m_pollsWithProblems += s.problems.isEmpty() ? 0 : 1;
    for (const ClientView &c : s.clients) {
        if (!m_clientsSeen.contains(c.clientId)) {
            m_clientsSeen.append(c.clientId);
        }
    }
    QByteArray compressed = qCompress(encodePoll(s), 9);
    compressed.squeeze(); // qCompress leaves the capacity of its worst case, the plain size
    m_polls.append({ s.takenAtMs, compressed });
    m_last = s;
}

std::optional<GroupSnapshot> LiveRecorder::poll(qsizetype i, QString *error) const
{
    if (i < 0 || i >= m_polls.size()) {
        if (error) {
            *error = QStringLiteral("no poll %1 (%2 recorded)").arg(i).arg(m_polls.size());
        }
        return std::nullopt;
    }
    const JsonParser::Result parsed = JsonParser::parse(qUncompress(m_polls.at(i).compressed));
    Reader r(QStringLiteral("<poll %1>").arg(i));
    if (!parsed.ok()) {
        if (error) {
            *error = QStringLiteral("poll %1 does not read back").arg(i);
        }
        return std::nullopt;
    }
    std::optional<GroupSnapshot> s
        = decodePoll(r, *parsed.root, QStringLiteral("poll"), m_nameServer, m_group);
    if (!s && error) {
        *error = r.error();
    }
    return s;
}

qint64 LiveRecorder::memoryBytes() const
{
    qint64 bytes = 0;
    for (const Kept &k : m_polls) {
        bytes += k.compressed.capacity() + qint64(sizeof(Kept));
    }
    return bytes + m_changes.size() * qint64(sizeof(Change) + 64);
}

QByteArray LiveRecorder::toReport(bool finished) const
{
    const qint64 origin = m_polls.isEmpty() ? 0 : m_polls.first().takenAtMs;
    const qint64 duration = m_polls.isEmpty() ? 0 : m_polls.last().takenAtMs - origin;
    bool v5 = false;
    for (const ClientView &c : m_last.clients) {
        v5 = v5 || c.version >= 412;
    }
    QByteArray out;
    auto line = [&out](const char *key, const JsonNode &value, bool last = false) {
        out += "  ";
        JsonWriter::appendQuoted(out, QString::fromLatin1(key));
        out += ": " + JsonWriter::compactUtf8(value) + (last ? "\n" : ",\n");
    };
    auto rows = [&out](const char *key, const QList<QByteArray> &items, bool last = false) {
        out += "  ";
        JsonWriter::appendQuoted(out, QString::fromLatin1(key));
        if (items.isEmpty()) {
            out += ": []";
        } else {
            out += ": [\n";
            for (qsizetype i = 0; i < items.size(); ++i) {
                out += "    " + items.at(i) + (i + 1 < items.size() ? ",\n" : "\n");
            }
            out += "  ]";
        }
        out += last ? "\n" : ",\n";
    };
    out += "{\n";
    line("format", str(kFormat));
    line("scenario", str(QStringLiteral("%1 live from %2").arg(m_group, m_nameServer)));
    line("profile", str(v5 ? QStringLiteral("5.x") : QStringLiteral("4.9")));
    line("duration", num(duration));
    QList<QByteArray> queues;
    for (const QueueView &q : m_last.queues) {
        JsonNode o = queueObject(q.queue);
        o.insert(QStringLiteral("owners"), stringList(q.owners));
        o.insert(QStringLiteral("ownership"), str(QueueView::ownershipName(q.ownership)));
        if (q.hasOffsets) {
            o.insert(QStringLiteral("brokerOffset"), num(q.brokerOffset));
            o.insert(QStringLiteral("consumerOffset"), num(q.consumerOffset));
            o.insert(QStringLiteral("lag"), num(q.lag));
        }
        queues.append(JsonWriter::compactUtf8(o));
    }
    rows("queues", queues);
    // Every client seen, in the order first seen; its state at the last poll.
    QList<QByteArray> consumers;
    for (const QString &id : m_clientsSeen) {
        const ClientView *now = m_last.client(id);
        JsonNode o = JsonNode::makeObject();
        o.insert(QStringLiteral("name"), str(id));
        o.insert(QStringLiteral("id"), str(id));
        o.insert(QStringLiteral("group"), str(m_group));
        o.insert(QStringLiteral("state"),
            str(!now                ? QStringLiteral("left")
                    : now->answered ? QStringLiteral("running")
                                    : QStringLiteral("not-answering")));
        if (now && !now->clientAddr.isEmpty()) {
            o.insert(QStringLiteral("host"), str(now->clientAddr));
        }
        consumers.append(JsonWriter::compactUtf8(o));
    }
    rows("consumers", consumers);
    QList<QByteArray> events;
    for (const Change &c : m_changes) {
        JsonNode o = JsonNode::makeObject();
        o.insert(QStringLiteral("t"), num(c.t));
        o.insert(QStringLiteral("type"), str(GroupChange::kindName(c.change.kind)));
        const QVariantMap fields = c.change.toVariant();
        for (auto it = fields.cbegin(); it != fields.cend(); ++it) {
            if (it.key() != QLatin1String("change")) {
                o.insert(it.key(), JsonNode::fromVariant(it.value()));
            }
        }
        o.insert(QStringLiteral("text"), str(c.change.toText()));
        events.append(JsonWriter::compactUtf8(o));
    }
    rows("events", events);
    JsonNode observed = JsonNode::makeObject();
    observed.insert(QStringLiteral("source"), str(kSource));
    observed.insert(QStringLiteral("nameServer"), str(m_nameServer));
    observed.insert(QStringLiteral("group"), str(m_group));
    observed.insert(QStringLiteral("origin"), str(m_polls.isEmpty() ? QString() : iso(origin)));
    observed.insert(QStringLiteral("intervalMs"), num(m_intervalMs));
    observed.insert(QStringLiteral("polls"), num(m_polls.size()));
    observed.insert(QStringLiteral("finished"), boolean(finished));
    observed.insert(QStringLiteral("queueMoves"), num(m_queueMoves));
    observed.insert(QStringLiteral("doubleOwnedQueueSeconds"),
        dbl(std::round(m_doubleOwnedSeconds * 1000) / 1000));
    observed.insert(
        QStringLiteral("orphanedQueueSeconds"), dbl(std::round(m_orphanedSeconds * 1000) / 1000));
    observed.insert(QStringLiteral("pollsWithProblems"), num(m_pollsWithProblems));
    line("observed", observed);
    QList<QByteArray> polls;
    polls.reserve(m_polls.size());
    for (const Kept &k : m_polls) {
        polls.append(qUncompress(k.compressed));
    }
    rows("polls", polls, true);
    out += "}\n";
    return out;
}

QString LiveRecorder::save(const QString &path, bool finished) const
{
    return writeWholeFile(path, toReport(finished));
}

std::optional<LiveRecording> LiveRecording::read(
    const QByteArray &bytes, const QString &fileName, QString *error)
{
    const JsonParser::Result parsed = JsonParser::parse(bytes);
    if (!parsed.ok()) {
        const JsonProblem p = parsed.problems.value(0);
        *error
            = QStringLiteral("%1:%2:%3: %4").arg(fileName).arg(p.line).arg(p.column).arg(p.message);
        return std::nullopt;
    }
    const JsonNode &root = *parsed.root;
    Reader r(fileName);
    if (!root.isObject()) {
        r.fail(root, QStringLiteral("(document)"),
            QStringLiteral("expected an object, got %1").arg(root.describe()));
        *error = r.error();
        return std::nullopt;
    }
    const QString format = r.text(root, QString(), QStringLiteral("format"), true);
    if (!r.failed() && format != kFormat) {
        r.fail(*root.value(QStringLiteral("format")), QStringLiteral("format"),
            QStringLiteral("expected \"%1\", got \"%2\"").arg(kFormat, format));
    }
    const JsonNode *observed
        = r.member(root, QString(), QStringLiteral("observed"), JsonNode::Type::Object);
    LiveRecording rec;
    if (observed) {
        const QString source
            = r.text(*observed, QStringLiteral("observed"), QStringLiteral("source"), true);
        if (!r.failed() && source != kSource) {
            r.fail(*observed->value(QStringLiteral("source")), QStringLiteral("observed.source"),
                QStringLiteral("a report of \"%1\" is not a recording of a live group (expected "
                               "\"%2\"): open it with the command that reads it")
                    .arg(source, kSource));
        }
        rec.nameServer
            = r.text(*observed, QStringLiteral("observed"), QStringLiteral("nameServer"), true);
        rec.group = r.text(*observed, QStringLiteral("observed"), QStringLiteral("group"), true);
        rec.intervalMs = r.integer(*observed, QStringLiteral("observed"),
            QStringLiteral("intervalMs"), 0, qint64(24) * 3600 * 1000);
        rec.finished = r.flag(*observed, QStringLiteral("observed"), QStringLiteral("finished"));
    }
    const JsonNode *polls
        = r.member(root, QString(), QStringLiteral("polls"), JsonNode::Type::Array);
    qint64 lastT = -1;
    for (qsizetype i = 0; polls && i < polls->size() && !r.failed(); ++i) {
        const QString p = JsonNode::indexPath(QStringLiteral("polls"), i);
        const JsonNode &node = polls->items().at(size_t(i));
        std::optional<GroupSnapshot> s = decodePoll(r, node, p, rec.nameServer, rec.group);
        if (!s) {
            break;
        }
        if (s->takenAtMs < lastT) {
            r.fail(*node.value(QStringLiteral("t")), JsonNode::memberPath(p, QStringLiteral("t")),
                QStringLiteral("expected a time at or after the previous poll's %1, got %2")
                    .arg(lastT)
                    .arg(s->takenAtMs));
            break;
        }
        lastT = s->takenAtMs;
        rec.polls.append(*s);
    }
    if (!r.failed() && polls && polls->size() == 0) {
        r.fail(*polls, QStringLiteral("polls"), QStringLiteral("expected at least one poll"));
    }
    if (r.failed()) {
        *error = r.error();
        return std::nullopt;
    }
    return rec;
}

std::optional<LiveRecording> LiveRecording::readFile(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("%1: %2").arg(path, file.errorString());
        return std::nullopt;
    }
    return read(file.readAll(), path, error);
}

} // namespace Rblab::Remoting
