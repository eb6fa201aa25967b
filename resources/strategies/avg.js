// SPDX-License-Identifier: Apache-2.0
// RocketMQ's AllocateMessageQueueAveragely (the default strategy, "AVG") written in JavaScript:
// contiguous blocks of the sorted queue list; the first (queues mod consumers) consumers get one
// extra queue, and with more consumers than queues the last ones get none.

var strategy = {
    Name: "AVG_JS",
    Version: "1.0.0",
    ApiVersion: "1.1",
    Author: "Rebalance Lab",
    License: "Apache-2.0",
    RocketMQClass: "org.apache.rocketmq.client.consumer.rebalance.AllocateMessageQueueAveragely",
    Description: "RocketMQ's AVG written in JavaScript: contiguous blocks of the sorted queue list, the first (queues mod consumers) consumers one queue more.",
    "Description[zh_CN]": "用 JavaScript 编写的 RocketMQ AVG 策略：把排序后的队列切成连续的块，前 (队列数 mod 消费者数) 个消费者各多分一个队列。",
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
    // A consumer that is not in the list gets nothing (RocketMQ logs it and returns empty).
    return cidAll.indexOf(currentCid) >= 0;
}

function allocate(consumerGroup, currentCid, mqAll, cidAll, params) {
    if (!check(currentCid, mqAll, cidAll)) {
        return [];
    }
    // indexOf: a duplicated id takes the first of its slots, as in Java.
    var index = cidAll.indexOf(currentCid);
    var n = mqAll.length;
    var m = cidAll.length;
    var mod = n % m;
    var averageSize = n <= m ? 1 : (mod > 0 && index < mod ? Math.floor(n / m) + 1 : Math.floor(n / m));
    var startIndex = (mod > 0 && index < mod) ? index * averageSize : index * averageSize + mod;
    var range = Math.min(averageSize, n - startIndex);
    var result = [];
    for (var i = 0; i < range; i++) {
        result.push(mqAll[(startIndex + i) % n]);
    }
    return result;
}
