package rblab.harness;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.SimpleDateFormat;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Date;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

import org.apache.rocketmq.client.consumer.AllocateMessageQueueStrategy;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyContext;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.ConsumeOrderlyContext;
import org.apache.rocketmq.client.consumer.listener.ConsumeOrderlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.consumer.listener.MessageListenerOrderly;
import org.apache.rocketmq.client.impl.consumer.ProcessQueue;
import org.apache.rocketmq.client.impl.consumer.RebalanceImpl;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.common.message.MessageQueue;

/**
 * A DefaultMQPushConsumer driven by options (see USAGE). It writes, under --out DIR:
 * consumed.log (one line per consumed message, written before the status goes back to RocketMQ),
 * alloc.log (100 ms polls of the ProcessQueue table), stdout.log (lifecycle and per-second counts) and,
 * through the client's own logging, rocketmq_client.log.
 */
public final class Consumer {
    static final String USAGE = String.join("\n",
        "usage: Consumer --out DIR --group G --namesrv HOST:PORT --subscribe 'T[:TAGEXPR][;T2[:EXPR]]' [options]",
        "       [--config FILE.properties]  (same keys, without the dashes; later flags override)",
        "harness options:",
        "  name=c1                 handle used in the logs (default c<pid>); also the default instanceName",
        "  messageModel=CLUSTERING|BROADCASTING    consumeMode=CONCURRENTLY|ORDERLY",
        "  messageRequestMode=PULL|POP             POP = setClientRebalance(false) (5.x client only)",
        "  strategy=AVG|AVG_BY_CIRCLE|CONSISTENT_HASH|CONFIG|MACHINE_ROOM|MACHINE_ROOM_NEARBY[-INNER]",
        "    virtualNodeCount=10  configQueues=T/broker-a/0,...  consumeridcs=room1,...  nearbyInner=AVG  rooms=inst=room,...",
        "  consumeTime=2ms | uniform:1ms..5ms | exp:2ms | lognormal:2ms,p99=20ms   stall=P:TIME   consumeBusy=false",
        "  failureRate=0.0 (RECONSUME_LATER / SUSPEND_CURRENT_QUEUE_A_MOMENT)   seed=1",
        "  consumeFromWhere=CONSUME_FROM_LAST_OFFSET|..._FIRST_OFFSET|..._TIMESTAMP  consumeTimestamp=30m|yyyyMMddHHmmss",
        "  rebalanceWaitInterval=20000  rebalanceMinInterval=1000   (system properties rocketmq.client.rebalance.*)",
        "  sysprop.NAME=VALUE      any other system property, set before the client starts",
        "  allocPollMs=100  allocSnapshotEvery=10s  statEvery=1s  control=DIR/control  exitAfter=DURATION  echo=false",
        "  startAtMs=EPOCH_MS (wait until then before consumer.start(); 0 = at once)",
        "client settings: any DefaultMQPushConsumer / ClientConfig setter by its RocketMQ name, e.g.",
        "  consumeThreadMin consumeThreadMax pullThresholdForQueue pullThresholdSizeForQueue pullThresholdForTopic",
        "  pullThresholdSizeForTopic consumeConcurrentlyMaxSpan pullBatchSize pullInterval consumeMessageBatchMaxSize",
        "  maxReconsumeTimes suspendCurrentQueueTimeMillis consumeTimeout pollNameServerInterval heartbeatBrokerInterval",
        "  persistConsumerOffsetInterval pullTimeDelayMillsWhenException instanceName clientIP (default 127.0.0.1) unitName",
        "  awaitTerminationMillisWhenShutdown; 5.x: clientRebalance popInvisibleTime popBatchNums popThresholdForQueue",
        "  pullBatchSizeInBytes useHeartbeatV2 enableHeartbeatChannelEventListener ...",
        "control file commands (one per line, appended by a driver): suspend | resume | consumeTime SPEC |",
        "  failureRate P | stall P TIME | set KEY VALUE | strategy NAME [k=v ...] | mark TEXT | shutdown");

    /** Harness keys: everything else is handed to a client setter. */
    static final Set<String> HARNESS_KEYS = Set.of("out", "name", "group", "namesrv", "subscribe", "messageModel",
        "consumeMode", "messageRequestMode", "strategy", "virtualNodeCount", "virtualNodeCnt", "configQueues",
        "consumeridcs", "nearbyInner", "rooms", "consumeTime", "stall", "consumeBusy", "failureRate", "seed",
        "consumeFromWhere", "consumeTimestamp", "rebalanceWaitInterval", "rebalanceMinInterval", "allocPollMs",
        "allocSnapshotEvery", "statEvery", "control", "exitAfter", "echo", "help", "instanceName", "startAtMs");

    static final String PROP_SEQ = "rblabSeq";
    static final String PROP_SEND_MS = "rblabSendMs";

    private final String name;
    private final String group;
    /** Replaced only when a start failed and shut the client down (rebuildAndStart), before STARTED. */
    private volatile DefaultMQPushConsumer consumer;
    /** Builds the consumer again, every setting and the listener: see rebuildAndStart. */
    private Callable<DefaultMQPushConsumer> rebuild;
    private final LineLog out;
    private final LineLog consumed;
    private final LineLog alloc;
    private final long seed;
    private volatile ConsumeTime consumeTime;
    private volatile double failureRate;
    private volatile double stallProb;
    private volatile double stallMs;
    private final boolean busy;
    private final ConcurrentHashMap<String, LongAdder> perQueue = new ConcurrentHashMap<>();
    private final AtomicLong total = new AtomicLong();
    private final AtomicLong firstConsumeMs = new AtomicLong();
    private final ScheduledExecutorService timers = Executors.newScheduledThreadPool(2, r -> {
        Thread t = new Thread(r, "rblab-timer");
        t.setDaemon(true);
        return t;
    });
    private final CountDownLatch stopped = new CountDownLatch(1);
    private String lastAllocKey = null;
    private long lastAllocWrite = 0;

    private Consumer(String name, String group, DefaultMQPushConsumer c, Path dir, long seed, boolean busy,
        boolean echo) throws IOException {
        this.name = name;
        this.group = group;
        this.consumer = c;
        this.out = new LineLog(dir.resolve("stdout.log"), echo);
        this.consumed = new LineLog(dir.resolve("consumed.log"), false);
        this.alloc = new LineLog(dir.resolve("alloc.log"), false);
        this.seed = seed;
        this.busy = busy;
    }

    static long now() {
        return System.currentTimeMillis();
    }

    void log(String s) {
        out.line(now() + " " + s);
    }

    public static void main(String[] args) throws Exception {
        Opts o;
        try {
            o = Opts.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("Consumer: " + e.getMessage() + "\n" + USAGE);
            System.exit(2);
            return;
        }
        if (o.getBool("help", false)) {
            System.out.println(USAGE);
            return;
        }
        try {
            run(o);
        } catch (IllegalArgumentException e) {
            System.err.println("Consumer: " + e.getMessage());
            System.exit(2);
        }
    }

    static void run(Opts o) throws Exception {
        long pid = ProcessHandle.current().pid();
        Path dir = Path.of(o.require("out")).toAbsolutePath();
        Files.createDirectories(dir);
        String name = o.get("name", "c" + pid);

        // System properties first: the client reads them in static initialisers.
        setDefaultProperty("rocketmq.client.logRoot", dir.toString()); // 4.x ClientLogger
        setDefaultProperty("rocketmq.log.root", dir.toString());       // 5.x rmq.client.logback.xml
        setDefaultProperty("pid", Long.toString(pid));                 // 5.x log pattern ${pid}
        // BROADCASTING offsets (LocalFileOffsetStore) would otherwise go to ~/.rocketmq_offsets and leak between runs
        setDefaultProperty("rocketmq.client.localOffsetStoreDir", dir.resolve("offsets").toString());
        if (o.has("rebalanceWaitInterval")) {
            System.setProperty("rocketmq.client.rebalance.waitInterval",
                Long.toString(o.getMillis("rebalanceWaitInterval", 20000)));
        }
        if (o.has("rebalanceMinInterval")) {
            System.setProperty("rocketmq.client.rebalance.minInterval",
                Long.toString(o.getMillis("rebalanceMinInterval", 1000)));
        }
        for (String k : o.keys()) {
            if (k.startsWith("sysprop.")) {
                o.markUsed(k);
                System.setProperty(k.substring(8), o.raw(k));
            }
        }

        String group = o.require("group");
        String namesrv = o.require("namesrv");
        Map<String, String> applied = new LinkedHashMap<>();
        DefaultMQPushConsumer c = build(o, name, applied);
        String requestMode = requestMode(o); // build() checked it

        String mode = o.get("consumeMode", "CONCURRENTLY").toUpperCase(Locale.ROOT);
        Consumer h = new Consumer(name, group, c, dir, o.getLong("seed", 1), o.getBool("consumeBusy", false),
            o.getBool("echo", false));
        h.consumeTime = ConsumeTime.parse(o.get("consumeTime", "0"));
        h.failureRate = o.getDouble("failureRate", 0);
        h.setStall(o.get("stall", null));
        h.registerListener(c, mode);
        h.rebuild = () -> {
            DefaultMQPushConsumer again = build(o, name, new LinkedHashMap<>());
            h.registerListener(again, mode);
            return again;
        };
        long allocPoll = o.getMillis("allocPollMs", 100);
        long snapEvery = o.getMillis("allocSnapshotEvery", 10000);
        long statEvery = o.getMillis("statEvery", 1000);
        Path control = Path.of(o.get("control", dir.resolve("control").toString()));
        long exitAfter = o.getMillis("exitAfter", 0);
        long startAt = o.getLong("startAtMs", 0);
        List<String> unused = o.unused();
        if (!unused.isEmpty()) {
            throw new IllegalArgumentException("unknown options: " + unused);
        }

        StringBuilder cfg = new StringBuilder("CONFIG name=" + name + " group=" + group + " namesrv=" + namesrv
            + " consumeMode=" + mode + " messageRequestMode=" + requestMode + " consumeTime=" + h.consumeTime
            + " failureRate=" + h.failureRate + " seed=" + h.seed);
        applied.forEach((k, v) -> cfg.append(' ').append(k).append('=').append(v));
        cfg.append(" rocketmq.client.rebalance.waitInterval=")
            .append(System.getProperty("rocketmq.client.rebalance.waitInterval", "default"))
            .append(" rocketmq.client.rebalance.minInterval=")
            .append(System.getProperty("rocketmq.client.rebalance.minInterval", "default"));
        h.log(cfg.toString());
        waitUntil(startAt);
        h.start(allocPoll, snapEvery, statEvery, control, exitAfter);
    }

    /**
     * A push consumer with every setting the options give, not started and without its listener;
     * `applied` receives each setting as the client took it.
     */
    static DefaultMQPushConsumer build(Opts o, String name, Map<String, String> applied) throws Exception {
        String group = o.require("group");
        String namesrv = o.require("namesrv");
        DefaultMQPushConsumer c = new DefaultMQPushConsumer(group);
        c.setNamesrvAddr(namesrv);
        c.setInstanceName(o.get("instanceName", name));
        c.setClientIP("127.0.0.1"); // loopback by default (the id only); --clientIP overrides

        applied.put("messageModel", String.valueOf(Compat.invokeSetter(c, "messageModel",
            o.get("messageModel", "CLUSTERING"))));
        applied.put("consumeFromWhere", String.valueOf(Compat.invokeSetter(c, "consumeFromWhere",
            o.get("consumeFromWhere", "CONSUME_FROM_LAST_OFFSET"))));
        if (o.has("consumeTimestamp")) {
            String ts = o.get("consumeTimestamp", "");
            if (!ts.matches("\\d{14}")) {
                long before = o.getMillis("consumeTimestamp", 0);
                ts = new SimpleDateFormat("yyyyMMddHHmmss").format(new Date(now() - before));
            }
            c.setConsumeTimestamp(ts);
            applied.put("consumeTimestamp", ts);
        }

        List<String> topics = new ArrayList<>();
        for (String sub : o.require("subscribe").split(";")) {
            if (sub.isBlank()) {
                continue;
            }
            int colon = sub.indexOf(':');
            String topic = (colon < 0 ? sub : sub.substring(0, colon)).trim();
            String expr = colon < 0 ? "*" : sub.substring(colon + 1).trim();
            c.subscribe(topic, expr);
            topics.add(topic);
            applied.put("subscribe." + topic, expr);
        }

        String strategyName = o.get("strategy", "AVG");
        Map<String, String> sp = new HashMap<>();
        for (String k : List.of("virtualNodeCount", "virtualNodeCnt", "configQueues", "consumeridcs", "nearbyInner",
            "rooms")) {
            if (o.has(k)) {
                sp.put(k, o.get(k, ""));
            }
        }
        AllocateMessageQueueStrategy strategy = Strategies.build(strategyName, sp, topics);
        c.setAllocateMessageQueueStrategy(strategy);
        applied.put("strategy", strategy.getName());

        String requestMode = requestMode(o);
        if (requestMode.equals("POP")) {
            if (!Compat.hasSetter(c, "clientRebalance")) {
                throw new IllegalArgumentException("messageRequestMode=POP needs a 5.x client: this one ("
                    + Compat.clientVersion() + ") has no setClientRebalance");
            }
            Compat.invokeSetter(c, "clientRebalance", "false");
            applied.put("clientRebalance", "false");
        } else if (!requestMode.equals("PULL")) {
            throw new IllegalArgumentException("messageRequestMode: PULL or POP, got " + requestMode);
        }

        // Every remaining key is a client setting by its RocketMQ name.
        for (String k : new ArrayList<>(o.keys())) {
            if (HARNESS_KEYS.contains(k) || k.startsWith("sysprop.")) {
                continue;
            }
            o.markUsed(k);
            Object v = Compat.invokeSetter(c, k, o.raw(k));
            applied.put(k, String.valueOf(v));
        }

        return c;
    }

    static String requestMode(Opts o) {
        return o.get("messageRequestMode", "PULL").toUpperCase(Locale.ROOT);
    }

    void registerListener(DefaultMQPushConsumer c, String mode) {
        if (mode.equals("CONCURRENTLY")) {
            c.registerMessageListener(concurrentListener());
        } else if (mode.equals("ORDERLY")) {
            c.registerMessageListener(orderlyListener());
        } else {
            throw new IllegalArgumentException("consumeMode: CONCURRENTLY or ORDERLY, got " + mode);
        }
    }

    /**
     * Sleeps until the epoch time `at` (0: returns at once): a driver launches the JVM early and names
     * the moment the client starts, so the JVM's own start-up is not part of the experiment's clock.
     */
    static void waitUntil(long at) throws InterruptedException {
        for (long left = at - now(); at > 0 && left > 0; left = at - now()) {
            Thread.sleep(Math.min(left, 50));
        }
    }

    static void setDefaultProperty(String k, String v) {
        if (System.getProperty(k) == null) {
            System.setProperty(k, v);
        }
    }

    void setStall(String spec) {
        if (spec == null || spec.isBlank()) {
            stallProb = 0;
            return;
        }
        String[] p = spec.split(":", 2);
        if (p.length != 2) {
            throw new IllegalArgumentException("stall: expected PROBABILITY:TIME, got " + spec);
        }
        stallMs = Opts.parseDurationMs(p[1]);
        stallProb = Double.parseDouble(p[0]);
    }

    void start(long allocPoll, long snapEvery, long statEvery, Path control, long exitAfter) throws Exception {
        Runtime.getRuntime().addShutdownHook(new Thread(this::shutdownHook, "rblab-shutdown"));
        long startCall = now();
        try {
            consumer.start();
        } catch (Exception e) {
            if (!finishStart(e) && !rebuildAndStart(e)) {
                log("START_FAILED name=" + name + " state="
                    + consumer.getDefaultMQPushConsumerImpl().getServiceState() + " error="
                    + e.toString().replace('\n', ' '));
                e.printStackTrace();
                System.exit(3);
            }
        }
        long jvmStart = ManagementFactory.getRuntimeMXBean().getStartTime();
        log("STARTED name=" + name + " clientId=" + consumer.buildMQClientId() + " pid=" + ProcessHandle.current().pid()
            + " group=" + group + " version=" + Compat.clientVersion() + " jvmStartMs=" + jvmStart + " startCallMs="
            + startCall + " startReturnMs=" + now());
        timers.scheduleAtFixedRate(() -> pollAlloc(snapEvery), 0, allocPoll, TimeUnit.MILLISECONDS);
        timers.scheduleAtFixedRate(this::stat, statEvery, statEvery, TimeUnit.MILLISECONDS);
        timers.scheduleWithFixedDelay(new ControlReader(control), 20, 20, TimeUnit.MILLISECONDS);
        if (exitAfter > 0) {
            timers.schedule(() -> {
                log("EXIT_AFTER " + exitAfter + "ms");
                exitAsync();
            }, exitAfter, TimeUnit.MILLISECONDS);
        }
        stopped.await();
    }

    void exitAsync() {
        Thread t = new Thread(() -> System.exit(0), "rblab-exit");
        t.setDaemon(true);
        t.start();
    }

    private volatile boolean shuttingDown;

    /**
     * start() threw after the client instance was running: its first route query to the name
     * server failed (RemotingSendRequestException, six JVMs starting at once on two cores; the
     * 5.3.3 client throws it out of updateTopicSubscribeInfoWhenSubscriptionChanged). What start()
     * had left to do is its last steps: the route of each subscribed topic, a heartbeat to every
     * broker and a rebalance at once (DefaultMQPushConsumerImpl.start). Done here, a few times, so
     * the consumer joins now, not when the instance's 30 s route and heartbeat timers come round.
     * False when the instance is not running or a remoting error is not the cause.
     */
    boolean finishStart(Exception failure) throws InterruptedException {
        boolean remoting = false;
        for (Throwable t = failure; t != null; t = t.getCause()) {
            remoting |= t.getClass().getName().startsWith("org.apache.rocketmq.remoting.exception.");
        }
        var impl = consumer.getDefaultMQPushConsumerImpl();
        if (!remoting || !"RUNNING".equals(String.valueOf(impl.getServiceState()))) {
            return false;
        }
        log("START_RETRY name=" + name + " error=" + failure.toString().replace('\n', ' '));
        var factory = impl.getmQClientFactory();
        for (int attempt = 1; attempt <= 5; ++attempt) {
            Thread.sleep(500L * attempt);
            try {
                for (String topic : impl.getRebalanceImpl().getSubscriptionInner().keySet()) {
                    factory.updateTopicRouteInfoFromNameServer(topic);
                }
                factory.sendHeartbeatToAllBrokerWithLock();
                factory.rebalanceImmediately();
                log("START_RECOVERED name=" + name + " attempt=" + attempt);
                return true;
            } catch (Exception e) {
                log("START_RETRY name=" + name + " attempt=" + attempt + " error="
                    + e.toString().replace('\n', ' '));
            }
        }
        return false;
    }

    /**
     * start() threw and the client shut itself down on the way out (state SHUTDOWN_ALREADY): the
     * 5.3.3 client does so when the first route query to the name server fails, and a shut-down
     * consumer cannot be started again. Its client instance went with it (MQClientInstance.shutdown
     * removes itself from MQClientManager once no consumer is left), so a consumer built again
     * from the same options starts on a fresh instance under the same client id. Attempts for up
     * to 30 s, each after a wait growing from 0.5 s to 3 s; each is logged, and STARTED reports
     * when the client started.
     */
    boolean rebuildAndStart(Exception failure) throws Exception {
        if (!"SHUTDOWN_ALREADY".equals(String.valueOf(consumer.getDefaultMQPushConsumerImpl().getServiceState()))) {
            return false;
        }
        log("START_REBUILD name=" + name + " error=" + failure.toString().replace('\n', ' '));
        long giveUp = now() + 30_000;
        for (int attempt = 1; now() < giveUp; ++attempt) {
            Thread.sleep(Math.min(500L * attempt, 3000L));
            consumer = rebuild.call();
            try {
                consumer.start();
                log("START_REBUILT name=" + name + " attempt=" + attempt);
                return true;
            } catch (Exception e) {
                log("START_REBUILD name=" + name + " attempt=" + attempt + " state="
                    + consumer.getDefaultMQPushConsumerImpl().getServiceState() + " error="
                    + e.toString().replace('\n', ' '));
                if (finishStart(e)) {
                    return true;
                }
            }
        }
        return false;
    }

    void shutdownHook() {
        shuttingDown = true;
        long t0 = now();
        log("SHUTDOWN_BEGIN name=" + name + " consumed=" + total.get());
        try {
            consumer.shutdown();
        } catch (Throwable e) {
            log("SHUTDOWN_ERROR " + e);
        }
        long t1 = now();
        pollAlloc(0);
        log("SHUTDOWN_END name=" + name + " tookMs=" + (t1 - t0) + " consumed=" + total.get());
        timers.shutdownNow();
        stopped.countDown();
        consumed.close();
        alloc.close();
        out.close();
    }

    // ------------------------------------------------------------------ listeners

    MessageListenerConcurrently concurrentListener() {
        return (msgs, ctx) -> {
            int firstFail = handle(msgs, false);
            if (firstFail == 0) {
                return ConsumeConcurrentlyStatus.RECONSUME_LATER;
            }
            if (firstFail > 0) {
                ctx.setAckIndex(firstFail - 1);
            }
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        };
    }

    MessageListenerOrderly orderlyListener() {
        return (msgs, ctx) -> {
            int firstFail = handle(msgs, true);
            return firstFail >= 0 ? ConsumeOrderlyStatus.SUSPEND_CURRENT_QUEUE_A_MOMENT : ConsumeOrderlyStatus.SUCCESS;
        };
    }

    /**
     * Spends the consume time on each message, draws failures, writes the batch to consumed.log in one
     * write, and returns the index of the first failed message (-1: none).
     */
    int handle(List<MessageExt> msgs, boolean orderly) {
        int n = msgs.size();
        long[] recv = new long[n];
        int firstFail = -1;
        ConsumeTime ct = consumeTime;
        double fr = failureRate;
        for (int i = 0; i < n; i++) {
            MessageExt m = msgs.get(i);
            recv[i] = now();
            SplittableRandom r = rng(m);
            double t = ct.draw(r);
            if (stallProb > 0 && r.nextDouble() < stallProb) {
                t = stallMs;
            }
            spend(t);
            if (fr > 0 && r.nextDouble() < fr && firstFail < 0) {
                firstFail = i;
            }
        }
        StringBuilder sb = new StringBuilder(n * 96);
        for (int i = 0; i < n; i++) {
            MessageExt m = msgs.get(i);
            String result;
            if (firstFail >= 0 && (orderly || i >= firstFail)) {
                result = orderly ? "SUSPEND" : "LATER";
            } else {
                result = "OK";
            }
            appendLine(sb, recv[i], m, result);
            String qk = m.getBrokerName() + "/" + m.getQueueId();
            perQueue.computeIfAbsent(displayTopic(m) + "/" + qk, k -> new LongAdder()).increment();
        }
        consumed.write(sb);
        total.addAndGet(n);
        firstConsumeMs.compareAndSet(0, recv[0]);
        return firstFail;
    }

    SplittableRandom rng(MessageExt m) {
        long h = seed * 0x9E3779B97F4A7C15L;
        h = mix(h ^ m.getTopic().hashCode());
        h = mix(h ^ String.valueOf(m.getBrokerName()).hashCode());
        h = mix(h ^ m.getQueueId());
        h = mix(h ^ m.getQueueOffset());
        h = mix(h ^ m.getReconsumeTimes());
        String ck = m.getProperty("POP_CK");
        if (ck != null) {
            h = mix(h ^ ck.hashCode());
        }
        return new SplittableRandom(h);
    }

    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }

    void spend(double ms) {
        if (ms <= 0) {
            return;
        }
        long end = System.nanoTime() + (long) (ms * 1e6);
        if (busy) {
            while (System.nanoTime() < end) {
                Thread.onSpinWait();
            }
            return;
        }
        long left;
        while ((left = end - System.nanoTime()) > 0) {
            LockSupport.parkNanos(left);
        }
    }

    /**
     * The topic of the queue the message was actually read from: classic retries (property RETRY_TOPIC, the
     * client resets the topic before the listener) as %RETRY%group, POP retries (POP_CK retry mark 1 / 2) as
     * %RETRY%group_topic / %RETRY%group+topic.
     */
    String displayTopic(MessageExt m) {
        String topic = m.getTopic();
        String ck = m.getProperty("POP_CK");
        if (ck != null) {
            String[] f = ck.split(" ");
            if (f.length > 4) {
                if (f[4].equals("1")) {
                    return "%RETRY%" + group + "_" + topic;
                }
                if (f[4].equals("2")) {
                    return "%RETRY%" + group + "+" + topic;
                }
            }
            return topic;
        }
        if (m.getProperty("RETRY_TOPIC") != null && !topic.startsWith("%RETRY%")) {
            return "%RETRY%" + group;
        }
        return topic;
    }

    /** recvMs topic brokerName queueId queueOffset producerSeq sendMs reconsumeTimes result popTime */
    void appendLine(StringBuilder sb, long recv, MessageExt m, String result) {
        String seq = m.getProperty(PROP_SEQ);
        String send = m.getProperty(PROP_SEND_MS);
        String popTime = "-";
        String ck = m.getProperty("POP_CK");
        if (ck != null) {
            String[] f = ck.split(" ");
            if (f.length > 1) {
                popTime = f[1];
            }
        }
        sb.append(recv).append(' ').append(displayTopic(m)).append(' ').append(m.getBrokerName()).append(' ')
            .append(m.getQueueId()).append(' ').append(m.getQueueOffset()).append(' ')
            .append(seq == null ? "-" : seq).append(' ').append(send == null ? "-" : send).append(' ')
            .append(m.getReconsumeTimes()).append(' ').append(result).append(' ').append(popTime).append('\n');
    }

    // ------------------------------------------------------------------ polls

    static String queueLabel(MessageQueue mq) {
        return mq.getTopic() + "/" + mq.getBrokerName() + "/" + mq.getQueueId();
    }

    synchronized void pollAlloc(long snapEvery) {
        try {
            RebalanceImpl ri = consumer.getDefaultMQPushConsumerImpl().getRebalanceImpl();
            TreeMap<String, String> entries = new TreeMap<>();
            TreeMap<String, String> keys = new TreeMap<>();
            for (Map.Entry<MessageQueue, ProcessQueue> e : ri.getProcessQueueTable().entrySet()) {
                ProcessQueue pq = e.getValue();
                String flags = (pq.isLocked() ? "L" : "") + (pq.isDropped() ? "D" : "");
                if (flags.isEmpty()) {
                    flags = "-";
                }
                String label = queueLabel(e.getKey());
                entries.put(label, label + ":" + pq.getMsgCount().get() + ":" + pq.getMsgSize().get() + ":" + flags);
                keys.put(label, flags);
            }
            for (Map.Entry<Object, Object> e : Compat.popProcessQueueTable(ri).entrySet()) {
                Object ppq = e.getValue();
                String label = "pop:" + queueLabel((MessageQueue) e.getKey());
                String flags = Compat.boolGetter(ppq, "isDropped", false) ? "D" : "-";
                entries.put(label, label + ":" + Compat.intGetter(ppq, "getWaiAckMsgCount", -1) + ":" + flags);
                keys.put(label, flags);
            }
            String key = keys.toString();
            long t = now();
            boolean changed = !key.equals(lastAllocKey);
            if (changed || (snapEvery > 0 && t - lastAllocWrite >= snapEvery) || snapEvery == 0) {
                StringBuilder sb = new StringBuilder();
                sb.append(t).append(changed ? " ALLOC" : " SNAP").append(" n=").append(entries.size());
                for (String v : entries.values()) {
                    sb.append(' ').append(v);
                }
                alloc.line(sb.toString());
                lastAllocKey = key;
                lastAllocWrite = t;
            }
        } catch (Throwable e) {
            if (!shuttingDown) {
                log("ALLOC_POLL_ERROR " + e);
            }
        }
    }

    void stat() {
        StringBuilder sb = new StringBuilder("STAT name=").append(name);
        long n = 0;
        TreeMap<String, Long> m = new TreeMap<>();
        for (Map.Entry<String, LongAdder> e : perQueue.entrySet()) {
            long v = e.getValue().sumThenReset();
            if (v > 0) {
                m.put(e.getKey(), v);
                n += v;
            }
        }
        sb.append(" n=").append(n).append(" total=").append(total.get()).append(" q={");
        boolean first = true;
        for (Map.Entry<String, Long> e : m.entrySet()) {
            sb.append(first ? "" : " ").append(e.getKey()).append(':').append(e.getValue());
            first = false;
        }
        sb.append('}');
        if (firstConsumeMs.get() > 0 && !firstLogged) {
            firstLogged = true;
            sb.append(" firstConsumeMs=").append(firstConsumeMs.get());
        }
        log(sb.toString());
    }

    private boolean firstLogged;

    // ------------------------------------------------------------------ control file

    final class ControlReader implements Runnable {
        private final Path path;
        private long offset;
        private final StringBuilder partial = new StringBuilder();

        ControlReader(Path path) {
            this.path = path;
        }

        @Override
        public void run() {
            try {
                if (!Files.exists(path)) {
                    return;
                }
                try (RandomAccessFile f = new RandomAccessFile(path.toFile(), "r")) {
                    long len = f.length();
                    if (len <= offset) {
                        return;
                    }
                    f.seek(offset);
                    byte[] b = new byte[(int) (len - offset)];
                    f.readFully(b);
                    offset = len;
                    partial.append(new String(b, StandardCharsets.UTF_8));
                }
                int nl;
                while ((nl = partial.indexOf("\n")) >= 0) {
                    String line = partial.substring(0, nl).trim();
                    partial.delete(0, nl + 1);
                    if (!line.isEmpty() && !line.startsWith("#")) {
                        command(line);
                    }
                }
            } catch (Throwable e) {
                log("CONTROL_ERROR " + e);
            }
        }
    }

    void command(String line) {
        String[] w = line.split("\\s+");
        String cmd = w[0];
        try {
            switch (cmd) {
                case "suspend":
                    consumer.suspend();
                    break;
                case "resume":
                    consumer.resume();
                    break;
                case "consumeTime":
                    consumeTime = ConsumeTime.parse(line.substring(cmd.length()).trim());
                    break;
                case "failureRate":
                    failureRate = Double.parseDouble(w[1]);
                    break;
                case "stall":
                    setStall(w.length >= 3 ? w[1] + ":" + w[2] : null);
                    break;
                case "set":
                    Compat.invokeSetter(consumer, w[1], w[2]);
                    break;
                case "strategy": {
                    Map<String, String> p = new HashMap<>();
                    for (String x : Arrays.copyOfRange(w, 2, w.length)) {
                        int eq = x.indexOf('=');
                        if (eq > 0) {
                            p.put(x.substring(0, eq), x.substring(eq + 1));
                        }
                    }
                    List<String> topics = new ArrayList<>();
                    for (Object t : consumer.getDefaultMQPushConsumerImpl().getRebalanceImpl().getSubscriptionInner()
                        .keySet()) {
                        if (!String.valueOf(t).startsWith("%RETRY%")) {
                            topics.add(String.valueOf(t));
                        }
                    }
                    AllocateMessageQueueStrategy s = Strategies.build(w[1], p, topics);
                    consumer.setAllocateMessageQueueStrategy(s);
                    consumer.getDefaultMQPushConsumerImpl().getRebalanceImpl().setAllocateMessageQueueStrategy(s);
                    break;
                }
                case "mark":
                    break;
                case "shutdown":
                    log("CONTROL " + line);
                    exitAsync();
                    return;
                default:
                    log("CONTROL_UNKNOWN " + line);
                    return;
            }
            log("CONTROL " + line);
        } catch (Throwable e) {
            log("CONTROL_FAILED " + line + " error=" + e);
        }
    }
}
