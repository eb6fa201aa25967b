// SPDX-License-Identifier: Apache-2.0
#include "settings/clientconfig.h"

#include <QCoreApplication>

namespace Rblab {

namespace {

using K = SettingSpec::Kind;
constexpr qint64 kHourMs = 3600000;

template<typename Config> struct Field
{
    const char *key;
    qint64 Config::*member;
};

const QList<Field<ClientConfig>> &clientFields()
{
    static const QList<Field<ClientConfig>> fields = {
        { "pullThresholdForQueue", &ClientConfig::pullThresholdForQueue },
        { "pullThresholdSizeForQueue", &ClientConfig::pullThresholdSizeForQueue },
        { "pullThresholdForTopic", &ClientConfig::pullThresholdForTopic },
        { "pullThresholdSizeForTopic", &ClientConfig::pullThresholdSizeForTopic },
        { "consumeConcurrentlyMaxSpan", &ClientConfig::consumeConcurrentlyMaxSpan },
        { "pullBatchSize", &ClientConfig::pullBatchSize },
        { "pullInterval", &ClientConfig::pullInterval },
        { "consumeMessageBatchMaxSize", &ClientConfig::consumeMessageBatchMaxSize },
        { "consumeThreadMin", &ClientConfig::consumeThreadMin },
        { "maxReconsumeTimes", &ClientConfig::maxReconsumeTimes },
        { "suspendCurrentQueueTimeMillis", &ClientConfig::suspendCurrentQueueTimeMillis },
        { "consumeTimeout", &ClientConfig::consumeTimeout },
        { "pollNameServerInterval", &ClientConfig::pollNameServerInterval },
        { "heartbeatBrokerInterval", &ClientConfig::heartbeatBrokerInterval },
        { "persistConsumerOffsetInterval", &ClientConfig::persistConsumerOffsetInterval },
        { "pullTimeDelayMillsWhenException", &ClientConfig::pullTimeDelayMillsWhenException },
        { "rebalanceWaitInterval", &ClientConfig::rebalanceWaitInterval },
        { "rebalanceMinInterval", &ClientConfig::rebalanceMinInterval },
        { "popThresholdForQueue", &ClientConfig::popThresholdForQueue },
        { "popInvisibleTime", &ClientConfig::popInvisibleTime },
        { "popBatchNums", &ClientConfig::popBatchNums },
    };
    return fields;
}

// BrokerConfig mixes booleans and durations; booleans are stored as bool members, so they are
// reached through accessors rather than a member pointer of one type.
qint64 *brokerField(BrokerConfig &c, QStringView key)
{
    if (key == u"channelExpiredTimeout")
        return &c.channelExpiredTimeout;
    if (key == u"scanNotActiveChannelInterval")
        return &c.scanNotActiveChannelInterval;
    if (key == u"suspendTimeout")
        return &c.suspendTimeout;
    if (key == u"holdScanInterval")
        return &c.holdScanInterval;
    if (key == u"shortPollingTimeMills")
        return &c.shortPollingTimeMills;
    if (key == u"lockMaxLiveTime")
        return &c.lockMaxLiveTime;
    if (key == u"flushConsumerOffsetInterval")
        return &c.flushConsumerOffsetInterval;
    if (key == u"pullServiceTime")
        return &c.pullServiceTime;
    if (key == u"pullMessageThreadPoolNums")
        return &c.pullMessageThreadPoolNums;
    if (key == u"pullThreadPoolQueueCapacity")
        return &c.pullThreadPoolQueueCapacity;
    if (key == u"waitTimeMillsInPullQueue")
        return &c.waitTimeMillsInPullQueue;
    return nullptr;
}

bool *brokerFlag(BrokerConfig &c, QStringView key)
{
    if (key == u"notifyConsumerIdsChangedEnable")
        return &c.notifyConsumerIdsChangedEnable;
    if (key == u"longPollingEnable")
        return &c.longPollingEnable;
    if (key == u"brokerFastFailureEnable")
        return &c.brokerFastFailureEnable;
    if (key == u"busyAsFlowControl")
        return &c.busyAsFlowControl;
    return nullptr;
}

const SettingSpec *findSpec(const QList<SettingSpec> &specs, QStringView key)
{
    for (const SettingSpec &s : specs) {
        if (key == QLatin1String(s.key)) {
            return &s;
        }
    }
    return nullptr;
}

} // namespace

QString SettingSpec::rangeText() const
{
    switch (kind) {
    case Kind::Boolean:
        return QStringLiteral("true or false");
    case Kind::Duration:
        return QStringLiteral("a duration from %1 to %2")
            .arg(formatDuration(minimum), formatDuration(maximum));
    case Kind::Integer:
        return QStringLiteral("an integer from %1 to %2%3")
            .arg(minimum)
            .arg(maximum)
            .arg(minusOneMeansOff ? QStringLiteral(", or -1 (off)") : QString());
    }
    return QString();
}

QString formatDuration(qint64 ms)
{
    if (ms != 0 && ms % kHourMs == 0) {
        return QString::number(ms / kHourMs) + QLatin1Char('h');
    }
    if (ms != 0 && ms % 60000 == 0) {
        return QString::number(ms / 60000) + QLatin1Char('m');
    }
    if (ms != 0 && ms % 1000 == 0) {
        return QString::number(ms / 1000) + QLatin1Char('s');
    }
    if (ms >= 1000 && ms % 100 == 0) {
        return QString::number(double(ms) / 1000.0, 'g', 12) + QLatin1Char('s');
    }
    return QString::number(ms) + QStringLiteral("ms");
}

QString formatDurationF(double ms)
{
    if (ms == double(qint64(ms))) {
        return formatDuration(qint64(ms));
    }
    return QString::number(ms, 'g', 12) + QStringLiteral("ms");
}

const QList<SettingSpec> &ClientConfig::specs()
{
    // Ranges from DefaultMQPushConsumerImpl.checkConfig (spec §7.6) where RocketMQ checks them;
    // the rest are bounds that keep a simulation meaningful.
    static const QList<SettingSpec> specs = {
        { "pullThresholdForQueue",
            QT_TRANSLATE_NOOP("Rblab::Settings", "Cached messages per queue"), "messages",
            K::Integer, 1000, 1, 65535, false, "DefaultMQPushConsumer" },
        { "pullThresholdSizeForQueue", QT_TRANSLATE_NOOP("Rblab::Settings", "Cached MiB per queue"),
            "MiB", K::Integer, 100, 1, 1024, false, "DefaultMQPushConsumer" },
        { "pullThresholdForTopic",
            QT_TRANSLATE_NOOP("Rblab::Settings", "Cached messages per topic"), "messages",
            K::Integer, -1, 1, 6553500, true, "DefaultMQPushConsumer" },
        { "pullThresholdSizeForTopic", QT_TRANSLATE_NOOP("Rblab::Settings", "Cached MiB per topic"),
            "MiB", K::Integer, -1, 1, 102400, true, "DefaultMQPushConsumer" },
        { "consumeConcurrentlyMaxSpan",
            QT_TRANSLATE_NOOP("Rblab::Settings", "Max offset span in cache"), "offsets", K::Integer,
            2000, 1, 65535, false, "DefaultMQPushConsumer" },
        { "pullBatchSize", QT_TRANSLATE_NOOP("Rblab::Settings", "Messages per pull"), "messages",
            K::Integer, 32, 1, 1024, false, "DefaultMQPushConsumer" },
        { "pullInterval", QT_TRANSLATE_NOOP("Rblab::Settings", "Pause between pulls"), "",
            K::Duration, 0, 0, 65535, false, "DefaultMQPushConsumer" },
        { "consumeMessageBatchMaxSize",
            QT_TRANSLATE_NOOP("Rblab::Settings", "Messages per listener call"), "messages",
            K::Integer, 1, 1, 1024, false, "DefaultMQPushConsumer" },
        { "consumeThreadMin", QT_TRANSLATE_NOOP("Rblab::Settings", "Consume threads"), "threads",
            K::Integer, 20, 1, 1000, false, "DefaultMQPushConsumer" },
        { "maxReconsumeTimes", QT_TRANSLATE_NOOP("Rblab::Settings", "Retries before the DLQ"),
            "times", K::Integer, -1, 0, 10000, true, "DefaultMQPushConsumer" },
        { "suspendCurrentQueueTimeMillis",
            QT_TRANSLATE_NOOP("Rblab::Settings", "Orderly suspend time"), "", K::Duration, 1000, 10,
            30000, false, "DefaultMQPushConsumer" },
        // Minutes, as DefaultMQPushConsumer counts it; the period of cleanExpireMsg (0 would
        // make its scheduleAtFixedRate throw), at most the longest run.
        { "consumeTimeout", QT_TRANSLATE_NOOP("Rblab::Settings", "Consume timeout"), "minutes",
            K::Integer, 15, 1, 10080, false, "DefaultMQPushConsumer" },
        { "pollNameServerInterval", QT_TRANSLATE_NOOP("Rblab::Settings", "Route refresh interval"),
            "", K::Duration, 30000, 100, kHourMs, false, "ClientConfig" },
        { "heartbeatBrokerInterval", QT_TRANSLATE_NOOP("Rblab::Settings", "Heartbeat interval"), "",
            K::Duration, 30000, 100, kHourMs, false, "ClientConfig" },
        { "persistConsumerOffsetInterval",
            QT_TRANSLATE_NOOP("Rblab::Settings", "Offset commit interval"), "", K::Duration, 5000,
            100, kHourMs, false, "ClientConfig" },
        { "pullTimeDelayMillsWhenException",
            QT_TRANSLATE_NOOP("Rblab::Settings", "Retry delay after a pull error"), "", K::Duration,
            1000, 1, kHourMs, false, "ClientConfig" },
        { "rebalanceWaitInterval",
            QT_TRANSLATE_NOOP("Rblab::Settings", "Periodic rebalance interval"), "", K::Duration,
            20000, 100, kHourMs, false, "rocketmq.client.rebalance.waitInterval" },
        { "rebalanceMinInterval",
            QT_TRANSLATE_NOOP("Rblab::Settings", "Minimum time between rebalances"), "",
            K::Duration, 1000, 0, kHourMs, false, "rocketmq.client.rebalance.minInterval" },
        // POP mode; ranges from DefaultMQPushConsumerImpl.checkConfig (MIN/MAX_POP_INVISIBLE_TIME,
        // popBatchNums 1…32).
        { "popThresholdForQueue",
            QT_TRANSLATE_NOOP("Rblab::Settings", "Un-acked messages per pop queue"), "messages",
            K::Integer, 96, 1, 65535, false, "DefaultMQPushConsumer" },
        { "popInvisibleTime", QT_TRANSLATE_NOOP("Rblab::Settings", "Pop invisible time"), "",
            K::Duration, 60000, 5000, 300000, false, "DefaultMQPushConsumer" },
        { "popBatchNums", QT_TRANSLATE_NOOP("Rblab::Settings", "Messages per pop"), "messages",
            K::Integer, 32, 1, 32, false, "DefaultMQPushConsumer" },
    };
    return specs;
}

const SettingSpec *ClientConfig::spec(QStringView key)
{
    return findSpec(specs(), key);
}

qint64 ClientConfig::value(QStringView key) const
{
    for (const auto &f : clientFields()) {
        if (key == QLatin1String(f.key)) {
            return this->*(f.member);
        }
    }
    return 0;
}

bool ClientConfig::setValue(QStringView key, qint64 v)
{
    for (const auto &f : clientFields()) {
        if (key == QLatin1String(f.key)) {
            this->*(f.member) = v;
            return true;
        }
    }
    return false;
}

void ClientConfig::apply(const QVariantMap &overrides)
{
    for (auto it = overrides.begin(); it != overrides.end(); ++it) {
        setValue(it.key(), it.value().toLongLong());
    }
}

const QList<SettingSpec> &BrokerConfig::specs()
{
    static const QList<SettingSpec> specs = {
        { "channelExpiredTimeout", QT_TRANSLATE_NOOP("Rblab::Settings", "Silent connection expiry"),
            "", K::Duration, 120000, 1000, kHourMs, false, "BrokerConfig" },
        { "scanNotActiveChannelInterval",
            QT_TRANSLATE_NOOP("Rblab::Settings", "Expiry scan interval"), "", K::Duration, 10000,
            100, kHourMs, false, "ClientHousekeepingService" },
        { "notifyConsumerIdsChangedEnable",
            QT_TRANSLATE_NOOP("Rblab::Settings", "Notify consumers of membership changes"), "",
            K::Boolean, 1, 0, 1, false, "BrokerConfig" },
        { "longPollingEnable", QT_TRANSLATE_NOOP("Rblab::Settings", "Long polling"), "", K::Boolean,
            1, 0, 1, false, "BrokerConfig" },
        { "suspendTimeout", QT_TRANSLATE_NOOP("Rblab::Settings", "Long-poll hold time"), "",
            K::Duration, 15000, 100, 120000, false, "BROKER_SUSPEND_MAX_TIME_MILLIS" },
        { "holdScanInterval", QT_TRANSLATE_NOOP("Rblab::Settings", "Long-poll scan interval"), "",
            K::Duration, 5000, 10, 60000, false, "PullRequestHoldService" },
        { "shortPollingTimeMills",
            QT_TRANSLATE_NOOP("Rblab::Settings", "Short-polling hold and scan interval"), "",
            K::Duration, 1000, 10, 60000, false, "BrokerConfig (longPollingEnable false)" },
        { "lockMaxLiveTime", QT_TRANSLATE_NOOP("Rblab::Settings", "Queue lock lifetime"), "",
            K::Duration, 60000, 1000, kHourMs, false, "rocketmq.broker.rebalance.lockMaxLiveTime" },
        { "pullServiceTime", QT_TRANSLATE_NOOP("Rblab::Settings", "Broker time per pull"), "",
            K::Duration, 0, 0, 60000, false,
            "model: PullMessageProcessor's work on a pool thread" },
        { "pullMessageThreadPoolNums", QT_TRANSLATE_NOOP("Rblab::Settings", "Broker pull threads"),
            "threads", K::Integer, 24, 1, 1024, false, "BrokerConfig (16 + 2 × cores)" },
        { "pullThreadPoolQueueCapacity",
            QT_TRANSLATE_NOOP("Rblab::Settings", "Broker pull queue capacity"), "requests",
            K::Integer, 100000, 1, 10000000, false, "BrokerConfig" },
        { "brokerFastFailureEnable", QT_TRANSLATE_NOOP("Rblab::Settings", "Broker fast failure"),
            "", K::Boolean, 1, 0, 1, false, "BrokerConfig" },
        { "waitTimeMillsInPullQueue",
            QT_TRANSLATE_NOOP("Rblab::Settings", "Longest wait in the pull queue"), "", K::Duration,
            5000, 1, kHourMs, false, "BrokerConfig (BrokerFastFailure)" },
        { "busyAsFlowControl",
            QT_TRANSLATE_NOOP("Rblab::Settings", "Answer an overload with FLOW_CONTROL"), "",
            K::Boolean, 0, 0, 1, false, "model: a vendor broker (ResponseCode.FLOW_CONTROL)" },
    };
    return specs;
}

const QList<SettingSpec> &GroupConfig::specs()
{
    static const QList<SettingSpec> specs = {
        { "notifyConsumerIdsChangedEnable",
            QT_TRANSLATE_NOOP("Rblab::Settings", "Announce members joining and leaving cleanly"),
            "", K::Boolean, 1, 0, 1, false, "SubscriptionGroupConfig" },
    };
    return specs;
}

const SettingSpec *BrokerConfig::spec(QStringView key)
{
    return findSpec(specs(), key);
}

qint64 BrokerConfig::value(QStringView key) const
{
    auto &self = const_cast<BrokerConfig &>(*this);
    if (qint64 *f = brokerField(self, key)) {
        return *f;
    }
    if (bool *b = brokerFlag(self, key)) {
        return *b ? 1 : 0;
    }
    return 0;
}

bool BrokerConfig::setValue(QStringView key, qint64 v)
{
    if (qint64 *f = brokerField(*this, key)) {
        *f = v;
        return true;
    }
    if (bool *b = brokerFlag(*this, key)) {
        *b = v != 0;
        return true;
    }
    return false;
}

void BrokerConfig::apply(const QVariantMap &overrides)
{
    for (auto it = overrides.begin(); it != overrides.end(); ++it) {
        setValue(it.key(), SettingSpec::valueOf(it.value()));
    }
}

} // namespace Rblab
