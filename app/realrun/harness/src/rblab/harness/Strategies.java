package rblab.harness;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.apache.rocketmq.client.consumer.AllocateMessageQueueStrategy;
import org.apache.rocketmq.client.consumer.rebalance.AllocateMachineRoomNearby;
import org.apache.rocketmq.client.consumer.rebalance.AllocateMessageQueueAveragely;
import org.apache.rocketmq.client.consumer.rebalance.AllocateMessageQueueAveragelyByCircle;
import org.apache.rocketmq.client.consumer.rebalance.AllocateMessageQueueByConfig;
import org.apache.rocketmq.client.consumer.rebalance.AllocateMessageQueueByMachineRoom;
import org.apache.rocketmq.client.consumer.rebalance.AllocateMessageQueueConsistentHash;
import org.apache.rocketmq.common.message.MessageQueue;

/**
 * Builds one of RocketMQ's own allocation strategies from its name (the names getName() returns)
 * and the parameters the scenario format calls strategyParams:
 * <pre>
 *   AVG                      AllocateMessageQueueAveragely (the default)
 *   AVG_BY_CIRCLE            AllocateMessageQueueAveragelyByCircle
 *   CONSISTENT_HASH          AllocateMessageQueueConsistentHash(virtualNodeCount, default 10)
 *   CONFIG                   AllocateMessageQueueByConfig(configQueues = T/broker/id,... or broker/id,...
 *                            for every subscribed topic)
 *   MACHINE_ROOM             AllocateMessageQueueByMachineRoom(consumeridcs = room,...); brokers named room@name
 *   MACHINE_ROOM_NEARBY      AllocateMachineRoomNearby(inner strategy nearbyInner, default AVG) with a resolver:
 *                            broker room = brokerName before '@'; consumer room = the unitName part of the
 *                            client id (ip@instance@unit) or the entry of rooms = clientIdOrInstance=room,...
 * </pre>
 */
public final class Strategies {
    private Strategies() {
    }

    public static AllocateMessageQueueStrategy build(String name, Map<String, String> p, List<String> topics) {
        String n = name.trim().toUpperCase(Locale.ROOT);
        switch (n) {
            case "AVG":
            case "ALLOCATEMESSAGEQUEUEAVERAGELY":
                return new AllocateMessageQueueAveragely();
            case "AVG_BY_CIRCLE":
            case "ALLOCATEMESSAGEQUEUEAVERAGELYBYCIRCLE":
                return new AllocateMessageQueueAveragelyByCircle();
            case "CONSISTENT_HASH":
            case "ALLOCATEMESSAGEQUEUECONSISTENTHASH": {
                int v = Integer.parseInt(p.getOrDefault("virtualNodeCount", p.getOrDefault("virtualNodeCnt", "10")));
                return new AllocateMessageQueueConsistentHash(v);
            }
            case "CONFIG":
            case "ALLOCATEMESSAGEQUEUEBYCONFIG": {
                String list = p.get("configQueues");
                if (list == null || list.isBlank()) {
                    throw new IllegalArgumentException("strategy CONFIG needs configQueues=T/broker/id,... or broker/id,...");
                }
                AllocateMessageQueueByConfig s = new AllocateMessageQueueByConfig();
                s.setMessageQueueList(parseQueues(list, topics));
                return s;
            }
            case "MACHINE_ROOM":
            case "ALLOCATEMESSAGEQUEUEBYMACHINEROOM": {
                String idcs = p.get("consumeridcs");
                if (idcs == null || idcs.isBlank()) {
                    throw new IllegalArgumentException("strategy MACHINE_ROOM needs consumeridcs=room,...");
                }
                AllocateMessageQueueByMachineRoom s = new AllocateMessageQueueByMachineRoom();
                Set<String> set = new LinkedHashSet<>();
                for (String x : idcs.split(",")) {
                    if (!x.isBlank()) {
                        set.add(x.trim());
                    }
                }
                s.setConsumeridcs(set);
                return s;
            }
            default:
                if (n.startsWith("MACHINE_ROOM_NEARBY")) {
                    String inner = p.getOrDefault("nearbyInner", "AVG");
                    int dash = n.indexOf('-');
                    if (dash > 0) {
                        inner = name.trim().substring(dash + 1);
                    }
                    AllocateMessageQueueStrategy in = build(inner, p, topics);
                    return new AllocateMachineRoomNearby(in, new Resolver(p.getOrDefault("rooms", "")));
                }
                throw new IllegalArgumentException("unknown strategy '" + name + "' (AVG, AVG_BY_CIRCLE, CONSISTENT_HASH, "
                    + "CONFIG, MACHINE_ROOM, MACHINE_ROOM_NEARBY[-INNER])");
        }
    }

    static List<MessageQueue> parseQueues(String list, List<String> topics) {
        List<MessageQueue> r = new ArrayList<>();
        for (String item : list.split(",")) {
            String t = item.trim();
            if (t.isEmpty()) {
                continue;
            }
            String[] p = t.split("/");
            if (p.length == 3) {
                r.add(new MessageQueue(p[0], p[1], Integer.parseInt(p[2])));
            } else if (p.length == 2) {
                for (String topic : topics) {
                    r.add(new MessageQueue(topic, p[0], Integer.parseInt(p[1])));
                }
            } else {
                throw new IllegalArgumentException("configQueues: '" + t + "' is not T/broker/id or broker/id");
            }
        }
        return r;
    }

    /** Machine rooms: brokers "room@broker"; consumers by their unitName or an explicit table. */
    static final class Resolver implements AllocateMachineRoomNearby.MachineRoomResolver {
        private final Map<String, String> table = new HashMap<>();

        Resolver(String rooms) {
            for (String e : rooms.split(",")) {
                int eq = e.indexOf('=');
                if (eq > 0) {
                    table.put(e.substring(0, eq).trim(), e.substring(eq + 1).trim());
                }
            }
        }

        @Override
        public String brokerDeployIn(MessageQueue mq) {
            String b = mq.getBrokerName();
            int at = b.indexOf('@');
            return at > 0 ? b.substring(0, at) : b;
        }

        @Override
        public String consumerDeployIn(String clientId) {
            String r = table.get(clientId);
            if (r != null) {
                return r;
            }
            String[] p = clientId.split("@");
            if (p.length >= 2 && table.containsKey(p[1])) {
                return table.get(p[1]);
            }
            if (p.length >= 3) {
                return p[2];
            }
            return "default";
        }
    }
}
