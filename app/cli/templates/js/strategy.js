// @NAME@: an allocation strategy for Rebalance Lab, in JavaScript.
// Written by `rblab new-strategy @NAME@ --js`. Put this file in a plugin folder (the user
// folder ~/.local/share/rebalance-lab/plugins, RBLAB_PLUGIN_PATH or --plugin-dir) and rblab and
// the app list @NAME@ beside the built-in strategies.
//
// The contract is RocketMQ's AllocateMessageQueueStrategy:
//   allocate(consumerGroup, currentCid, mqAll, cidAll, params) returns this consumer's queues.
// The host calls it once per consumer with the same mqAll and cidAll, sorted as RebalanceImpl
// sorts them (queues by topic, brokerName, queueId; consumer ids as Java sorts strings). Each
// consumer computes its own share without talking to the others, so the shares must fit
// together: every queue of mqAll to exactly one consumer of cidAll.
// A queue is an object {topic, brokerName, queueId}; return queues taken from mqAll.
// Throwing an Error is how RocketMQ's strategies refuse (IllegalArgumentException): the host
// logs the message and skips the rebalance round for that topic, as RebalanceImpl does.

// What the host reads before it runs anything, with the keys and the parameter schema of a
// native plugin's metadata JSON: Name (what scenarios and the app call it; 1-64 of A-Z a-z 0-9
// _ - .), Version, ApiVersion, Author, License, Description (and Description[zh_CN]), and
// Parameters: objects with "name", "type" (int, double, bool, string, stringList), "default",
// "min", "max", "choices", "description". The host checks every value against them and fills
// in the defaults before allocate sees params.
var strategy = {
    Name: "@NAME@",
    Version: "1.0.0",
    ApiVersion: "@API@",
    Author: "",
    License: "Apache-2.0",
    Description: "Contiguous blocks of queues, as AVG (AllocateMessageQueueAveragely), starting the first block at consumer 'offset'.",
    Parameters: [
        {
            name: "offset",
            type: "int",
            default: 0,
            min: 0,
            max: 1000000,
            description: "Which consumer (by its place in the sorted list, modulo the group's size) gets the first block."
        }
    ]
};

// params holds the parameters, checked against the schema above and with defaults filled in.
function allocate(consumerGroup, currentCid, mqAll, cidAll, params) {
    // AbstractAllocateMessageQueueStrategy.check: empty arguments are an error, a consumer
    // missing from cidAll gets nothing.
    if (!currentCid) {
        throw new Error("IllegalArgumentException: currentCID is empty");
    }
    if (mqAll.length === 0) {
        throw new Error("IllegalArgumentException: mqAll is null or mqAll empty");
    }
    if (cidAll.length === 0) {
        throw new Error("IllegalArgumentException: cidAll is null or cidAll empty");
    }
    var me = cidAll.indexOf(currentCid);
    if (me < 0) {
        return [];
    }
    var consumers = cidAll.length;
    var index = ((me - params.offset % consumers) + consumers) % consumers;
    // AllocateMessageQueueAveragely: the first (queues mod consumers) places get one more.
    var queues = mqAll.length;
    var mod = queues % consumers;
    var averageSize = queues <= consumers ? 1
        : (mod > 0 && index < mod ? Math.floor(queues / consumers) + 1
                                  : Math.floor(queues / consumers));
    var startIndex = (mod > 0 && index < mod) ? index * averageSize : index * averageSize + mod;
    var range = Math.min(averageSize, queues - startIndex);
    var result = [];
    for (var i = 0; i < range; i++) {
        result.push(mqAll[(startIndex + i) % queues]);
    }
    return result;
}
