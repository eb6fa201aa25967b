// SPDX-License-Identifier: Apache-2.0
// RocketMQ's names for the topics it makes itself: one home for "%RETRY%" and "%DLQ%".
#pragma once

#include <QLatin1StringView>
#include <QString>

namespace Rblab::TopicNames {

//! MixAll.RETRY_GROUP_TOPIC_PREFIX: the group's retry topic is this prefix and the group's name.
inline constexpr QLatin1StringView retryPrefix("%RETRY%");
//! MixAll.DLQ_GROUP_TOPIC_PREFIX: where a message goes after maxReconsumeTimes.
inline constexpr QLatin1StringView dlqPrefix("%DLQ%");

//! MixAll.getRetryTopic: %RETRY%<group>, which a CLUSTERING push consumer subscribes itself.
inline QString retryTopicOf(const QString &group)
{
    return retryPrefix + group;
}

//! MixAll.isSysConsumerGroup's counterpart for topics: a group's retry topic.
inline bool isRetryTopic(const QString &topic)
{
    return topic.startsWith(retryPrefix);
}

//! A retry or dead-letter topic: the broker's, not one a producer sends to.
inline bool isRetryOrDlqTopic(const QString &topic)
{
    return isRetryTopic(topic) || topic.startsWith(dlqPrefix);
}

//! The group a retry topic belongs to ("" for other topics).
inline QString groupOfRetryTopic(const QString &topic)
{
    return isRetryTopic(topic) ? topic.mid(retryPrefix.size()) : QString();
}

} // namespace Rblab::TopicNames
