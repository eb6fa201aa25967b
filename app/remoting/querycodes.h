// SPDX-License-Identifier: Apache-2.0
// The one list of RocketMQ request codes the remoting client may send: queries only.
#pragma once

#include <QString>

#include <array>

namespace Rblab::Remoting {

/*!
    A request code the lab may send, with RocketMQ's name for it (RequestCode.java). Every code
    here only reads: the client refuses any other (RemotingClient::request), so nothing built on
    it can change a cluster. Add a code only after reading what the broker or name server does
    with it.
*/
struct QueryCode
{
    int code;
    const char *name;
};

namespace Code {
inline constexpr int GetBrokerRuntimeInfo = 28;
inline constexpr int GetConsumerListByGroup = 38;
inline constexpr int GetRouteInfoByTopic = 105;
inline constexpr int GetBrokerClusterInfo = 106;
inline constexpr int GetAllSubscriptionGroupConfig = 201;
inline constexpr int GetTopicStatsInfo = 202;
inline constexpr int GetConsumerConnectionList = 203;
inline constexpr int GetAllTopicListFromNameserver = 206;
inline constexpr int GetConsumeStats = 208;
inline constexpr int QueryTopicConsumeByWho = 300;
inline constexpr int GetConsumerRunningInfo = 307;
} // namespace Code

inline constexpr std::array<QueryCode, 11> kQueryCodes { {
    { Code::GetBrokerRuntimeInfo, "GET_BROKER_RUNTIME_INFO" },
    { Code::GetConsumerListByGroup, "GET_CONSUMER_LIST_BY_GROUP" },
    { Code::GetRouteInfoByTopic, "GET_ROUTEINFO_BY_TOPIC" },
    { Code::GetBrokerClusterInfo, "GET_BROKER_CLUSTER_INFO" },
    { Code::GetAllSubscriptionGroupConfig, "GET_ALL_SUBSCRIPTIONGROUP_CONFIG" },
    { Code::GetTopicStatsInfo, "GET_TOPIC_STATS_INFO" },
    { Code::GetConsumerConnectionList, "GET_CONSUMER_CONNECTION_LIST" },
    { Code::GetAllTopicListFromNameserver, "GET_ALL_TOPIC_LIST_FROM_NAMESERVER" },
    { Code::GetConsumeStats, "GET_CONSUME_STATS" },
    { Code::QueryTopicConsumeByWho, "QUERY_TOPIC_CONSUME_BY_WHO" },
    { Code::GetConsumerRunningInfo, "GET_CONSUMER_RUNNING_INFO" },
} };

constexpr bool isQueryCode(int code)
{
    for (const QueryCode &q : kQueryCodes) {
        if (q.code == code) {
            return true;
        }
    }
    return false;
}

//! "GET_CONSUME_STATS", or the number for a code not in the list.
inline QString codeName(int code)
{
    for (const QueryCode &q : kQueryCodes) {
        if (q.code == code) {
            return QLatin1String(q.name);
        }
    }
    return QString::number(code);
}

} // namespace Rblab::Remoting
