// SPDX-License-Identifier: Apache-2.0
// The push consumer's settings: DefaultMQPushConsumer, ClientConfig and the client's system
// properties.
#pragma once

#include "settings/settingspec.h"
#include "sim/simtime.h"

#include <rblab/rblab_global.h>

#include <QList>
#include <QVariantMap>

namespace Rblab {

/*!
    Resolved client settings of one consumer, RocketMQ's defaults unless a scenario overrides
    them (group first, then the consumer). Field names are RocketMQ's.
*/
struct RBLAB_ENGINE_EXPORT ClientConfig
{
    qint64 pullThresholdForQueue = 1000;
    qint64 pullThresholdSizeForQueue = 100; //!< MiB
    qint64 pullThresholdForTopic = -1;
    qint64 pullThresholdSizeForTopic = -1; //!< MiB
    qint64 consumeConcurrentlyMaxSpan = 2000;
    qint64 pullBatchSize = 32;
    SimTime pullInterval = 0;
    qint64 consumeMessageBatchMaxSize = 1;
    qint64 consumeThreadMin = 20;
    qint64 maxReconsumeTimes = -1;
    SimTime suspendCurrentQueueTimeMillis = 1000;
    qint64 consumeTimeout = 15; //!< minutes, as RocketMQ counts it
    SimTime pollNameServerInterval = 30000;
    SimTime heartbeatBrokerInterval = 30000;
    SimTime persistConsumerOffsetInterval = 5000;
    SimTime pullTimeDelayMillsWhenException = 1000;
    SimTime rebalanceWaitInterval = 20000; //!< rocketmq.client.rebalance.waitInterval
    SimTime rebalanceMinInterval = 1000; //!< rocketmq.client.rebalance.minInterval (5.2+)
    // POP mode (DefaultMQPushConsumer, 5.x; used only by groups with messageRequestMode POP).
    qint64 popThresholdForQueue = 96; //!< un-acked messages per PopProcessQueue
    SimTime popInvisibleTime = 60000;
    qint64 popBatchNums = 32;

    //! Every setting a scenario's "client" object may hold, in the order of the format document.
    static const QList<SettingSpec> &specs();
    static const SettingSpec *spec(QStringView key);

    //! The value of a setting by its RocketMQ name (ms for durations).
    qint64 value(QStringView key) const;
    //! Sets a setting by its RocketMQ name; false for an unknown name. Ranges are the caller's job.
    bool setValue(QStringView key, qint64 value);
    //! Applies already validated overrides ({key: integer ms or count}).
    void apply(const QVariantMap &overrides);
};

/*!
    Broker settings shared by every broker of a scenario (BrokerConfig).
*/
struct RBLAB_ENGINE_EXPORT BrokerConfig
{
    SimTime channelExpiredTimeout = 120000;
    SimTime scanNotActiveChannelInterval = 10000;
    bool notifyConsumerIdsChangedEnable = true;
    bool longPollingEnable = true;
    SimTime suspendTimeout = 15000; //!< BROKER_SUSPEND_MAX_TIME_MILLIS the client asks for
    SimTime holdScanInterval = 5000; //!< PullRequestHoldService scan (long polling)
    SimTime shortPollingTimeMills = 1000;
    SimTime lockMaxLiveTime = 60000; //!< rocketmq.broker.rebalance.lockMaxLiveTime
    SimTime flushConsumerOffsetInterval = 5000;
    /*!
        The broker's pull thread pool (BrokerController.pullMessageExecutor) and
        BrokerFastFailure. `pullServiceTime` is the model's knob, not RocketMQ's: how long one
        PULL_MESSAGE holds a pool thread; 0 (the default) answers every pull as it arrives, as
        earlier versions of the model did, and leaves the pool out.
    */
    SimTime pullServiceTime = 0;
    qint64 pullMessageThreadPoolNums = 24; //!< 16 + 2 × cores (a 4-core broker)
    qint64 pullThreadPoolQueueCapacity = 100000;
    bool brokerFastFailureEnable = true;
    SimTime waitTimeMillsInPullQueue = 5000;
    //! A vendor broker's answer to an overload: FLOW_CONTROL (215) instead of SYSTEM_BUSY (2).
    bool busyAsFlowControl = false;

    static const QList<SettingSpec> &specs();
    static const SettingSpec *spec(QStringView key);
    qint64 value(QStringView key) const;
    bool setValue(QStringView key, qint64 value);
    void apply(const QVariantMap &overrides);
};

/*!
    A group's own settings on the brokers (SubscriptionGroupConfig), carried by GroupSpec's
    fields of the same names: their descriptions, for the settings panel.
*/
struct RBLAB_ENGINE_EXPORT GroupConfig
{
    static const QList<SettingSpec> &specs();
};

} // namespace Rblab
