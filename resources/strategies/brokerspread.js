// SPDX-License-Identifier: Apache-2.0
// Not one of RocketMQ's strategies: AVG's contiguous blocks, cut from the queue list interleaved
// by broker (queue 0 of every broker, then queue 1 of every broker, …) instead of RocketMQ's
// broker-major order. Each consumer then holds queues on as many brokers as it can, so a broker
// that goes down takes a slice from every consumer instead of all the queues of a few.

var strategy = {
    Name: "BROKER_SPREAD_JS",
    Version: "1.0.0",
    ApiVersion: "1.1",
    Author: "Rebalance Lab",
    License: "Apache-2.0",
    Description: "Not one of RocketMQ's: AVG's blocks cut from the queues interleaved by broker, so every consumer holds queues on as many brokers as it can and a broker outage takes a slice from each consumer.",
    "Description[zh_CN]": "不属于 RocketMQ 的策略：把队列按 Broker 交错排列后再按 AVG 切块，使每个消费者尽量持有多个 Broker 上的队列，一个 Broker 宕机时每个消费者只少一部分队列。",
    Parameters: [
        {
            name: "deal",
            type: "string",
            default: "blocks",
            choices: ["blocks", "circle"],
            description: "How the interleaved list is shared: contiguous blocks (as AVG) or round-robin (as AVG_BY_CIRCLE).",
            "description[zh_CN]": "交错后的队列如何分配：连续的块（同 AVG）或轮流分发（同 AVG_BY_CIRCLE）。"
        }
    ]
};

function interleaved(mqAll) {
    // mqAll arrives sorted as RocketMQ sorts it (topic, brokerName, queueId): keep the order of
    // each broker's queues and take one from each broker in turn.
    var byBroker = {};
    var brokers = [];
    for (var i = 0; i < mqAll.length; i++) {
        var key = mqAll[i].topic + "\u0000" + mqAll[i].brokerName;
        if (!byBroker.hasOwnProperty(key)) {
            byBroker[key] = [];
            brokers.push(key);
        }
        byBroker[key].push(mqAll[i]);
    }
    var result = [];
    for (var round = 0; result.length < mqAll.length; round++) {
        for (var b = 0; b < brokers.length; b++) {
            if (round < byBroker[brokers[b]].length) {
                result.push(byBroker[brokers[b]][round]);
            }
        }
    }
    return result;
}

function allocate(consumerGroup, currentCid, mqAll, cidAll, params) {
    if (!currentCid || mqAll.length === 0 || cidAll.length === 0) {
        var error = new Error("currentCID, mqAll and cidAll must not be empty");
        error.name = "IllegalArgumentException";
        throw error;
    }
    var index = cidAll.indexOf(currentCid);
    if (index < 0) {
        return [];
    }
    var queues = interleaved(mqAll);
    var n = queues.length;
    var m = cidAll.length;
    var result = [];
    if (params.deal === "circle") {
        for (var i = index; i < n; i += m) {
            result.push(queues[i]);
        }
        return result;
    }
    var mod = n % m;
    var size = n <= m ? 1 : (index < mod ? Math.floor(n / m) + 1 : Math.floor(n / m));
    var start = index < mod ? index * size : index * size + mod;
    for (var j = start; j < Math.min(start + size, n); j++) {
        result.push(queues[j]);
    }
    return result;
}
