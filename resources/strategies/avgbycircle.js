// SPDX-License-Identifier: Apache-2.0
// RocketMQ's AllocateMessageQueueAveragelyByCircle ("AVG_BY_CIRCLE") written in JavaScript:
// the sorted queues dealt round-robin, queue i to consumer (i mod consumers).

var strategy = {
    Name: "AVG_BY_CIRCLE_JS",
    Version: "1.0.0",
    ApiVersion: "1.1",
    Author: "Rebalance Lab",
    License: "Apache-2.0",
    RocketMQClass: "org.apache.rocketmq.client.consumer.rebalance.AllocateMessageQueueAveragelyByCircle",
    Description: "RocketMQ's AVG_BY_CIRCLE written in JavaScript: the sorted queues dealt round-robin, queue i to consumer i mod consumers.",
    "Description[zh_CN]": "用 JavaScript 编写的 RocketMQ AVG_BY_CIRCLE 策略：把排序后的队列轮流分发，第 i 个队列给第 (i mod 消费者数) 个消费者。",
    Parameters: []
};

// AbstractAllocateMessageQueueStrategy.check, in RocketMQ's order and words.
// An Error (so the message carries file:line) named as Java's exception.
function IllegalArgumentException(message) {
    var error = new Error(message);
    error.name = "IllegalArgumentException";
    return error;
}

function check(currentCid, mqAll, cidAll) {
    if (!currentCid) {
        throw IllegalArgumentException("currentCID is empty");
    }
    if (!mqAll || mqAll.length === 0) {
        throw IllegalArgumentException("mqAll is null or mqAll empty");
    }
    if (!cidAll || cidAll.length === 0) {
        throw IllegalArgumentException("cidAll is null or cidAll empty");
    }
    return cidAll.indexOf(currentCid) >= 0;
}

function allocate(consumerGroup, currentCid, mqAll, cidAll, params) {
    if (!check(currentCid, mqAll, cidAll)) {
        return [];
    }
    var index = cidAll.indexOf(currentCid);
    var result = [];
    for (var i = index; i < mqAll.length; i++) {
        if (i % cidAll.length === index) {
            result.push(mqAll[i]);
        }
    }
    return result;
}
