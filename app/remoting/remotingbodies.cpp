// SPDX-License-Identifier: Apache-2.0
#include "remotingbodies.h"

#include "json/jsonnode.h"
#include "json/jsonparser.h"
#include "json/jsonwriter.h"

#include <algorithm>

namespace Rblab::Remoting {

QString MessageQueue::label() const
{
    return topic + QLatin1Char('/') + brokerName + QLatin1Char('/') + QString::number(queueId);
}

namespace {

/*!
    Reads members of a parsed body; the first problem is kept (with its path) and every later
    read gives a default, so a reader can go on and check failed() once at the end.
*/
class Reader
{
public:
    explicit Reader(QString *error) : m_error(error) { }

    std::optional<JsonNode> parse(const QByteArray &body)
    {
        JsonParser::Result parsed = JsonParser::parse(body, JsonParser::Dialect::Fastjson);
        if (!parsed.root) {
            const JsonProblem p = parsed.problems.value(0);
            fail(p.path,
                QStringLiteral("line %1, column %2: %3").arg(p.line).arg(p.column).arg(p.message));
            return std::nullopt;
        }
        if (!parsed.root->isObject()) {
            fail(QString(),
                QStringLiteral("the body is %1, not an object").arg(parsed.root->describe()));
            return std::nullopt;
        }
        return std::move(parsed.root);
    }

    bool failed() const { return m_failed; }

    void fail(const QString &path, const QString &message)
    {
        if (!m_failed) {
            m_failed = true;
            *m_error = path.isEmpty() ? message : path + QStringLiteral(": ") + message;
        }
    }

    //! The member, if present and of `type`; absent or null: nullptr; other types: a problem.
    const JsonNode *member(
        const JsonNode &object, const QString &path, const QString &key, JsonNode::Type type)
    {
        const JsonNode *v = object.isObject() ? object.value(key) : nullptr;
        if (v == nullptr || v->isNull()) {
            return nullptr;
        }
        if (v->type() != type) {
            fail(JsonNode::memberPath(path, key),
                QStringLiteral("%1, expected %2").arg(v->describe(), JsonNode::typeName(type)));
            return nullptr;
        }
        return v;
    }

    QString string(const JsonNode &o, const QString &path, const QString &key)
    {
        const JsonNode *v = member(o, path, key, JsonNode::Type::String);
        return v ? v->text() : QString();
    }

    qint64 integer(const JsonNode &o, const QString &path, const QString &key)
    {
        const JsonNode *v = member(o, path, key, JsonNode::Type::Number);
        if (v == nullptr) {
            return 0;
        }
        const std::optional<qint64> i = v->toInt64();
        if (!i) {
            fail(JsonNode::memberPath(path, key),
                QStringLiteral("%1, expected an integer").arg(v->text()));
            return 0;
        }
        return *i;
    }

    int int32(const JsonNode &o, const QString &path, const QString &key)
    {
        const qint64 v = integer(o, path, key);
        if (v < std::numeric_limits<int>::min() || v > std::numeric_limits<int>::max()) {
            fail(JsonNode::memberPath(path, key), QStringLiteral("%1 is out of range").arg(v));
            return 0;
        }
        return int(v);
    }

    double number(const JsonNode &o, const QString &path, const QString &key)
    {
        const JsonNode *v = member(o, path, key, JsonNode::Type::Number);
        return v ? v->toDouble() : 0.0;
    }

    bool boolean(const JsonNode &o, const QString &path, const QString &key)
    {
        const JsonNode *v = member(o, path, key, JsonNode::Type::Bool);
        return v ? v->toBool() : false;
    }

    //! An object of string values (java.util.Properties, a KVTable): numbers as written.
    QMap<QString, QString> stringMap(const JsonNode &o, const QString &path, const QString &key)
    {
        QMap<QString, QString> map;
        const JsonNode *v = member(o, path, key, JsonNode::Type::Object);
        if (v == nullptr) {
            return map;
        }
        for (qsizetype i = 0; i < v->size(); ++i) {
            const JsonNode &item = v->items()[size_t(i)];
            map.insert(
                v->keys().at(i).name, item.isString() ? item.text() : JsonWriter::compact(item));
        }
        return map;
    }

    //! A map keyed by MessageQueue: fn(queue, value, path) for each entry.
    template<typename Fn>
    void queueMap(const JsonNode &o, const QString &path, const QString &key, Fn fn)
    {
        const JsonNode *table = member(o, path, key, JsonNode::Type::Object);
        if (table == nullptr) {
            return;
        }
        const QString tablePath = JsonNode::memberPath(path, key);
        for (qsizetype i = 0; i < table->size() && !m_failed; ++i) {
            const QString &name = table->keys().at(i).name;
            const std::optional<JsonNode> keyObject = JsonParser::objectKey(name);
            const QString entryPath = JsonNode::memberPath(tablePath, name);
            if (!keyObject) {
                fail(entryPath, QStringLiteral("a key that is not a MessageQueue object"));
                return;
            }
            MessageQueue mq;
            mq.topic = string(*keyObject, entryPath, QStringLiteral("topic"));
            mq.brokerName = string(*keyObject, entryPath, QStringLiteral("brokerName"));
            mq.queueId = int32(*keyObject, entryPath, QStringLiteral("queueId"));
            const JsonNode &value = table->items()[size_t(i)];
            if (!value.isObject()) {
                fail(entryPath, QStringLiteral("%1, expected an object").arg(value.describe()));
                return;
            }
            fn(mq, value, entryPath);
        }
    }

    QList<BrokerData> brokerDatas(const JsonNode &list, const QString &path)
    {
        QList<BrokerData> brokers;
        for (qsizetype i = 0; i < list.size(); ++i) {
            const JsonNode &b = list.items()[size_t(i)];
            const QString p = list.isArray() ? JsonNode::indexPath(path, i)
                                             : JsonNode::memberPath(path, list.keys().at(i).name);
            if (!b.isObject()) {
                fail(p, QStringLiteral("%1, expected an object").arg(b.describe()));
                break;
            }
            BrokerData data;
            data.cluster = string(b, p, QStringLiteral("cluster"));
            data.brokerName = string(b, p, QStringLiteral("brokerName"));
            const JsonNode *addrs
                = member(b, p, QStringLiteral("brokerAddrs"), JsonNode::Type::Object);
            for (qsizetype a = 0; addrs != nullptr && a < addrs->size(); ++a) {
                const QString &id = addrs->keys().at(a).name;
                bool ok = false;
                const qint64 brokerId = id.toLongLong(&ok);
                const JsonNode &addr = addrs->items()[size_t(a)];
                if (!ok || !addr.isString()) {
                    fail(JsonNode::memberPath(p + QStringLiteral(".brokerAddrs"), id),
                        QStringLiteral("expected a broker id and an address"));
                    break;
                }
                data.addresses.insert(brokerId, addr.text());
            }
            brokers.append(data);
        }
        return brokers;
    }

private:
    QString *m_error;
    bool m_failed = false;
};

template<typename T> std::optional<T> done(const Reader &reader, T value)
{
    if (reader.failed()) {
        return std::nullopt;
    }
    return value;
}

} // namespace

std::optional<TopicRoute> readTopicRoute(const QByteArray &body, QString *error)
{
    Reader r(error);
    const std::optional<JsonNode> root = r.parse(body);
    if (!root) {
        return std::nullopt;
    }
    TopicRoute route;
    if (const JsonNode *b
        = r.member(*root, QString(), QStringLiteral("brokerDatas"), JsonNode::Type::Array)) {
        route.brokers = r.brokerDatas(*b, QStringLiteral("brokerDatas"));
    }
    if (const JsonNode *q
        = r.member(*root, QString(), QStringLiteral("queueDatas"), JsonNode::Type::Array)) {
        for (qsizetype i = 0; i < q->size(); ++i) {
            const JsonNode &item = q->items()[size_t(i)];
            const QString p = JsonNode::indexPath(QStringLiteral("queueDatas"), i);
            TopicRoute::QueueData d;
            d.brokerName = r.string(item, p, QStringLiteral("brokerName"));
            d.readQueueNums = r.int32(item, p, QStringLiteral("readQueueNums"));
            d.writeQueueNums = r.int32(item, p, QStringLiteral("writeQueueNums"));
            d.perm = r.int32(item, p, QStringLiteral("perm"));
            route.queues.append(d);
        }
    }
    return done(r, route);
}

std::optional<ClusterInfo> readClusterInfo(const QByteArray &body, QString *error)
{
    Reader r(error);
    const std::optional<JsonNode> root = r.parse(body);
    if (!root) {
        return std::nullopt;
    }
    ClusterInfo info;
    if (const JsonNode *t
        = r.member(*root, QString(), QStringLiteral("brokerAddrTable"), JsonNode::Type::Object)) {
        info.brokers = r.brokerDatas(*t, QStringLiteral("brokerAddrTable"));
    }
    if (const JsonNode *c
        = r.member(*root, QString(), QStringLiteral("clusterAddrTable"), JsonNode::Type::Object)) {
        for (qsizetype i = 0; i < c->size(); ++i) {
            QStringList names;
            for (const JsonNode &n : c->items()[size_t(i)].items()) {
                names.append(n.text());
            }
            info.clusters.insert(c->keys().at(i).name, names);
        }
    }
    return done(r, info);
}

std::optional<ConsumerConnection> readConsumerConnection(const QByteArray &body, QString *error)
{
    Reader r(error);
    const std::optional<JsonNode> root = r.parse(body);
    if (!root) {
        return std::nullopt;
    }
    ConsumerConnection cc;
    cc.consumeType = r.string(*root, QString(), QStringLiteral("consumeType"));
    cc.messageModel = r.string(*root, QString(), QStringLiteral("messageModel"));
    cc.consumeFromWhere = r.string(*root, QString(), QStringLiteral("consumeFromWhere"));
    if (const JsonNode *set
        = r.member(*root, QString(), QStringLiteral("connectionSet"), JsonNode::Type::Array)) {
        for (qsizetype i = 0; i < set->size(); ++i) {
            const JsonNode &c = set->items()[size_t(i)];
            const QString p = JsonNode::indexPath(QStringLiteral("connectionSet"), i);
            ConsumerConnection::Connection conn;
            conn.clientId = r.string(c, p, QStringLiteral("clientId"));
            conn.clientAddr = r.string(c, p, QStringLiteral("clientAddr"));
            conn.language = r.string(c, p, QStringLiteral("language"));
            conn.version = r.int32(c, p, QStringLiteral("version"));
            cc.connections.append(conn);
        }
        std::sort(cc.connections.begin(), cc.connections.end(),
            [](const auto &a, const auto &b) { return a.clientId < b.clientId; });
    }
    if (const JsonNode *t
        = r.member(*root, QString(), QStringLiteral("subscriptionTable"), JsonNode::Type::Object)) {
        for (qsizetype i = 0; i < t->size(); ++i) {
            const QString p
                = JsonNode::memberPath(QStringLiteral("subscriptionTable"), t->keys().at(i).name);
            cc.subscriptions.insert(t->keys().at(i).name,
                r.string(t->items()[size_t(i)], p, QStringLiteral("subString")));
        }
    }
    return done(r, cc);
}

std::optional<ConsumeStats> readConsumeStats(const QByteArray &body, QString *error)
{
    Reader r(error);
    const std::optional<JsonNode> root = r.parse(body);
    if (!root) {
        return std::nullopt;
    }
    ConsumeStats stats;
    stats.consumeTps = r.number(*root, QString(), QStringLiteral("consumeTps"));
    r.queueMap(*root, QString(), QStringLiteral("offsetTable"),
        [&](const MessageQueue &mq, const JsonNode &v, const QString &p) {
            ConsumeStats::Offset o;
            o.queue = mq;
            o.brokerOffset = r.integer(v, p, QStringLiteral("brokerOffset"));
            o.consumerOffset = r.integer(v, p, QStringLiteral("consumerOffset"));
            o.lastTimestamp = r.integer(v, p, QStringLiteral("lastTimestamp"));
            if (v.value(u"pullOffset") != nullptr) {
                o.pullOffset = r.integer(v, p, QStringLiteral("pullOffset"));
            }
            stats.offsets.append(o);
        });
    std::sort(stats.offsets.begin(), stats.offsets.end(),
        [](const auto &a, const auto &b) { return a.queue < b.queue; });
    return done(r, stats);
}

std::optional<TopicStats> readTopicStats(const QByteArray &body, QString *error)
{
    Reader r(error);
    const std::optional<JsonNode> root = r.parse(body);
    if (!root) {
        return std::nullopt;
    }
    TopicStats stats;
    r.queueMap(*root, QString(), QStringLiteral("offsetTable"),
        [&](const MessageQueue &mq, const JsonNode &v, const QString &p) {
            TopicStats::Offset o;
            o.queue = mq;
            o.minOffset = r.integer(v, p, QStringLiteral("minOffset"));
            o.maxOffset = r.integer(v, p, QStringLiteral("maxOffset"));
            o.lastUpdateTimestamp = r.integer(v, p, QStringLiteral("lastUpdateTimestamp"));
            stats.offsets.append(o);
        });
    std::sort(stats.offsets.begin(), stats.offsets.end(),
        [](const auto &a, const auto &b) { return a.queue < b.queue; });
    return done(r, stats);
}

std::optional<ConsumerRunningInfo> readConsumerRunningInfo(const QByteArray &body, QString *error)
{
    Reader r(error);
    const std::optional<JsonNode> root = r.parse(body);
    if (!root) {
        return std::nullopt;
    }
    ConsumerRunningInfo info;
    info.properties = r.stringMap(*root, QString(), QStringLiteral("properties"));
    if (const JsonNode *set
        = r.member(*root, QString(), QStringLiteral("subscriptionSet"), JsonNode::Type::Array)) {
        for (qsizetype i = 0; i < set->size(); ++i) {
            const QString p = JsonNode::indexPath(QStringLiteral("subscriptionSet"), i);
            const JsonNode &s = set->items()[size_t(i)];
            info.subscriptions.insert(r.string(s, p, QStringLiteral("topic")),
                r.string(s, p, QStringLiteral("subString")));
        }
    }
    r.queueMap(*root, QString(), QStringLiteral("mqTable"),
        [&](const MessageQueue &mq, const JsonNode &v, const QString &p) {
            ConsumerRunningInfo::ProcessQueue q;
            q.queue = mq;
            q.commitOffset = r.integer(v, p, QStringLiteral("commitOffset"));
            q.cachedMsgMinOffset = r.integer(v, p, QStringLiteral("cachedMsgMinOffset"));
            q.cachedMsgMaxOffset = r.integer(v, p, QStringLiteral("cachedMsgMaxOffset"));
            q.cachedMsgCount = r.int32(v, p, QStringLiteral("cachedMsgCount"));
            q.cachedMsgSizeInMiB = r.int32(v, p, QStringLiteral("cachedMsgSizeInMiB"));
            q.locked = r.boolean(v, p, QStringLiteral("locked"));
            q.dropped = r.boolean(v, p, QStringLiteral("droped"));
            q.tryUnlockTimes = r.int32(v, p, QStringLiteral("tryUnlockTimes"));
            q.lastLockTimestamp = r.integer(v, p, QStringLiteral("lastLockTimestamp"));
            q.lastPullTimestamp = r.integer(v, p, QStringLiteral("lastPullTimestamp"));
            q.lastConsumeTimestamp = r.integer(v, p, QStringLiteral("lastConsumeTimestamp"));
            info.processQueues.append(q);
        });
    if (const JsonNode *table
        = r.member(*root, QString(), QStringLiteral("statusTable"), JsonNode::Type::Object)) {
        for (qsizetype i = 0; i < table->size(); ++i) {
            const QString topic = table->keys().at(i).name;
            const QString p = JsonNode::memberPath(QStringLiteral("statusTable"), topic);
            const JsonNode &v = table->items()[size_t(i)];
            ConsumerRunningInfo::Status s;
            s.pullRT = r.number(v, p, QStringLiteral("pullRT"));
            s.pullTPS = r.number(v, p, QStringLiteral("pullTPS"));
            s.consumeRT = r.number(v, p, QStringLiteral("consumeRT"));
            s.consumeOKTPS = r.number(v, p, QStringLiteral("consumeOKTPS"));
            s.consumeFailedTPS = r.number(v, p, QStringLiteral("consumeFailedTPS"));
            info.status.insert(topic, s);
        }
    }
    r.queueMap(*root, QString(), QStringLiteral("mqPopTable"),
        [&](const MessageQueue &mq, const JsonNode &v, const QString &p) {
            ConsumerRunningInfo::PopQueue q;
            q.queue = mq;
            q.waitAckCount = r.int32(v, p, QStringLiteral("waitAckCount"));
            q.dropped = r.boolean(v, p, QStringLiteral("droped"));
            q.lastPopTimestamp = r.integer(v, p, QStringLiteral("lastPopTimestamp"));
            info.popQueues.append(q);
        });
    std::sort(info.processQueues.begin(), info.processQueues.end(),
        [](const auto &a, const auto &b) { return a.queue < b.queue; });
    std::sort(info.popQueues.begin(), info.popQueues.end(),
        [](const auto &a, const auto &b) { return a.queue < b.queue; });
    return done(r, info);
}

std::optional<QStringList> readNameList(
    const QByteArray &body, const QString &member, QString *error)
{
    Reader r(error);
    const std::optional<JsonNode> root = r.parse(body);
    if (!root) {
        return std::nullopt;
    }
    QStringList names;
    if (const JsonNode *list = r.member(*root, QString(), member, JsonNode::Type::Array)) {
        for (qsizetype i = 0; i < list->size(); ++i) {
            const JsonNode &n = list->items()[size_t(i)];
            if (!n.isString()) {
                r.fail(JsonNode::indexPath(member, i),
                    QStringLiteral("%1, expected a string").arg(n.describe()));
                break;
            }
            names.append(n.text());
        }
    }
    return done(r, names);
}

std::optional<QMap<QString, QString>> readKvTable(const QByteArray &body, QString *error)
{
    Reader r(error);
    const std::optional<JsonNode> root = r.parse(body);
    if (!root) {
        return std::nullopt;
    }
    return done(r, r.stringMap(*root, QString(), QStringLiteral("table")));
}

std::optional<QStringList> readSubscriptionGroups(const QByteArray &body, QString *error)
{
    Reader r(error);
    const std::optional<JsonNode> root = r.parse(body);
    if (!root) {
        return std::nullopt;
    }
    QStringList names;
    if (const JsonNode *t = r.member(
            *root, QString(), QStringLiteral("subscriptionGroupTable"), JsonNode::Type::Object)) {
        for (const JsonKey &k : t->keys()) {
            names.append(k.name);
        }
    }
    names.sort();
    return done(r, names);
}

} // namespace Rblab::Remoting
