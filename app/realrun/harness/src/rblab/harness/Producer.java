package rblab.harness;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendCallback;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageQueue;

/**
 * Produces to one or more topics, each at its own steady rate (one pacing thread per topic, every message
 * sent at its own deadline base + i/rate), round-robin over the topic's queues like the default selector
 * (optionally Zipf-skewed). Every message carries user properties rblabSeq (per-topic sequence from 0),
 * rblabSendMs and rblabProducer.
 */
public final class Producer {
    static final String USAGE = String.join("\n",
        "usage: Producer --out DIR --namesrv HOST:PORT (--topic.T.rate=300 ... | --topics T1:300,T2:50) [options]",
        "       [--config FILE.properties]",
        "  name=p1  group=rblab_producer_<name>  instanceName=<name>",
        "  topic.T.rate=300   messages per second (0 = paused)",
        "  topic.T.size=1024 | 100..2000   body bytes (uniform spread)",
        "  topic.T.tag=TagA   topic.T.key=k-{seq}   ({seq} {topic} {producer} are replaced)",
        "  topic.T.skew=0     0 = round robin; s > 0 weighs queue k by 1/(k+1)^s (smooth weighted round robin)",
        "  topic.T.schedule=30s:600,60s:0     rate changes at times after start",
        "  schedule=FILE      lines 'AT TOPIC RATE' (e.g. '30s T 600'), '#' comments",
        "  sendMode=async|sync|oneway (async)   sentLog=true (DIR/sent.log, one line per acknowledged send)",
        "  retries=2          a failed send is sent again (same seq, same queue) after 100 ms, up to this many times",
        "  routeRefresh=1s   statEvery=1s   exitAfter=DURATION   seed=1   echo=false",
        "  startAtMs=EPOCH_MS  the client starts at once; the first message and the schedule's times count from then",
        "  any DefaultMQProducer / ClientConfig setter by its RocketMQ name (sendMsgTimeout, retryTimesWhenSendFailed,",
        "  compressMsgBodyOverHowmuch, maxMessageSize, ...)");

    static final Set<String> HARNESS_KEYS = Set.of("out", "name", "group", "namesrv", "topics", "schedule",
        "sendMode", "sentLog", "retries", "routeRefresh", "statEvery", "exitAfter", "seed", "echo", "help", "instanceName",
        "startAtMs");

    final class Topic {
        final String name;
        volatile double rate;
        int sizeMin = 1024;
        int sizeMax = 1024;
        String tag;
        String keyPattern;
        double skew;
        final List<long[]> schedule = new ArrayList<>(); // {atMs, rate*1000}
        volatile List<MessageQueue> queues = List.of();
        double[] weights = new double[0];
        double[] current = new double[0];
        long rr;
        final AtomicLong seq = new AtomicLong();
        final AtomicLong sentSec = new AtomicLong();
        final AtomicLong okSec = new AtomicLong();
        final AtomicLong failSec = new AtomicLong();
        final AtomicLong ok = new AtomicLong();
        final AtomicLong fail = new AtomicLong();
        volatile long rateEpoch; // bumps when the rate changes so the pacing loop rebases
        final Random rnd;

        Topic(String name, long seed) {
            this.name = name;
            this.rnd = new Random(seed ^ name.hashCode());
        }

        MessageQueue next() {
            List<MessageQueue> qs = queues;
            int n = qs.size();
            if (n == 0) {
                return null;
            }
            if (skew <= 0) {
                return qs.get((int) (rr++ % n));
            }
            if (weights.length != n) {
                weights = new double[n];
                current = new double[n];
                for (int k = 0; k < n; k++) {
                    weights[k] = 1.0 / Math.pow(k + 1, skew);
                }
            }
            double sum = 0;
            int best = 0;
            for (int k = 0; k < n; k++) {
                current[k] += weights[k];
                sum += weights[k];
                if (current[k] > current[best]) {
                    best = k;
                }
            }
            current[best] -= sum;
            return qs.get(best);
        }
    }

    private final String name;
    private final DefaultMQProducer producer;
    private final Map<String, Topic> topics = new LinkedHashMap<>();
    private final LineLog out;
    private final LineLog sent;
    private final String sendMode;
    private final AtomicLong inflight = new AtomicLong();
    private volatile boolean running = true;
    private final CountDownLatch done = new CountDownLatch(1);
    private final List<Thread> senders = new ArrayList<>();
    private final ScheduledExecutorService timers = Executors.newScheduledThreadPool(2, r -> {
        Thread t = new Thread(r, "rblab-timer");
        t.setDaemon(true);
        return t;
    });
    private final byte[] filler;
    private long startMs;
    private long startAt; // epoch ms of the first message (0: as soon as started)
    int retries = 2;

    Producer(String name, DefaultMQProducer p, Path dir, String sendMode, boolean sentLog, boolean echo, long seed)
        throws IOException {
        this.name = name;
        this.producer = p;
        this.out = new LineLog(dir.resolve("stdout.log"), echo);
        this.sent = sentLog ? new LineLog(dir.resolve("sent.log"), false) : null;
        this.sendMode = sendMode;
        this.filler = new byte[1 << 20];
        Random r = new Random(seed);
        for (int i = 0; i < filler.length; i++) {
            filler[i] = (byte) ('a' + r.nextInt(26));
        }
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
            if (o.getBool("help", false)) {
                System.out.println(USAGE);
                return;
            }
            run(o);
        } catch (IllegalArgumentException e) {
            System.err.println("Producer: " + e.getMessage() + "\n" + USAGE);
            System.exit(2);
        }
    }

    static void run(Opts o) throws Exception {
        long pid = ProcessHandle.current().pid();
        Path dir = Path.of(o.require("out")).toAbsolutePath();
        Files.createDirectories(dir);
        String name = o.get("name", "p" + pid);
        Consumer.setDefaultProperty("rocketmq.client.logRoot", dir.toString());
        Consumer.setDefaultProperty("rocketmq.log.root", dir.toString());
        Consumer.setDefaultProperty("pid", Long.toString(pid));

        DefaultMQProducer p = new DefaultMQProducer(o.get("group", "rblab_producer_" + name));
        p.setNamesrvAddr(o.require("namesrv"));
        p.setInstanceName(o.get("instanceName", name));
        p.setClientIP("127.0.0.1");
        long seed = o.getLong("seed", 1);
        String mode = o.get("sendMode", "async").toLowerCase(Locale.ROOT);
        if (!Set.of("async", "sync", "oneway").contains(mode)) {
            throw new IllegalArgumentException("sendMode: async, sync or oneway");
        }
        Producer h = new Producer(name, p, dir, mode, o.getBool("sentLog", true), o.getBool("echo", false), seed);
        h.retries = o.getInt("retries", 2);

        if (o.has("topics")) {
            for (String t : o.get("topics", "").split(",")) {
                if (t.isBlank()) {
                    continue;
                }
                String[] kv = t.trim().split(":");
                h.topic(kv[0], seed).rate = kv.length > 1 ? Double.parseDouble(kv[1]) : 0;
            }
        }
        Map<String, String> settings = new LinkedHashMap<>();
        for (String k : new ArrayList<>(o.keys())) {
            if (k.startsWith("topic.")) {
                int dot = k.lastIndexOf('.');
                String tn = k.substring(6, dot);
                String attr = k.substring(dot + 1);
                Topic t = h.topic(tn, seed);
                String v = o.get(k, "");
                switch (attr) {
                    case "rate":
                        t.rate = Double.parseDouble(v);
                        break;
                    case "size": {
                        String[] r = v.split("\\.\\.");
                        t.sizeMin = Integer.parseInt(r[0].trim());
                        t.sizeMax = r.length > 1 ? Integer.parseInt(r[1].trim()) : t.sizeMin;
                        if (t.sizeMax < t.sizeMin || t.sizeMin < 0 || t.sizeMax > (1 << 20)) {
                            throw new IllegalArgumentException(k + ": sizes 0..1048576, min <= max");
                        }
                        break;
                    }
                    case "tag":
                        t.tag = v;
                        break;
                    case "key":
                        t.keyPattern = v;
                        break;
                    case "skew":
                        t.skew = Double.parseDouble(v);
                        break;
                    case "schedule":
                        for (String step : v.split(",")) {
                            String[] ar = step.trim().split(":");
                            if (ar.length != 2) {
                                throw new IllegalArgumentException(k + ": expected AT:RATE,..., got " + step);
                            }
                            t.schedule.add(new long[] {Math.round(Opts.parseDurationMs(ar[0])),
                                Math.round(Double.parseDouble(ar[1]) * 1000)});
                        }
                        break;
                    default:
                        throw new IllegalArgumentException("unknown topic attribute " + k
                            + " (rate, size, tag, key, skew, schedule)");
                }
            }
        }
        if (o.has("schedule")) {
            for (String line : Files.readAllLines(Path.of(o.get("schedule", "")), StandardCharsets.UTF_8)) {
                String l = line.trim();
                if (l.isEmpty() || l.startsWith("#")) {
                    continue;
                }
                String[] w = l.split("\\s+");
                if (w.length != 3) {
                    throw new IllegalArgumentException("schedule line '" + l + "': expected AT TOPIC RATE");
                }
                h.topic(w[1], seed).schedule.add(new long[] {Math.round(Opts.parseDurationMs(w[0])),
                    Math.round(Double.parseDouble(w[2]) * 1000)});
            }
        }
        if (h.topics.isEmpty()) {
            throw new IllegalArgumentException("no topic: give --topic.T.rate=N or --topics T:N");
        }
        for (String k : new ArrayList<>(o.keys())) {
            if (HARNESS_KEYS.contains(k) || k.startsWith("topic.")) {
                continue;
            }
            o.markUsed(k);
            settings.put(k, String.valueOf(Compat.invokeSetter(p, k, o.raw(k))));
        }
        long routeRefresh = o.getMillis("routeRefresh", 1000);
        long statEvery = o.getMillis("statEvery", 1000);
        long exitAfter = o.getMillis("exitAfter", 0);
        h.startAt = o.getLong("startAtMs", 0);
        List<String> unused = o.unused();
        if (!unused.isEmpty()) {
            throw new IllegalArgumentException("unknown options: " + unused);
        }
        StringBuilder cfg = new StringBuilder("CONFIG name=" + name + " sendMode=" + mode + " seed=" + seed);
        for (Topic t : h.topics.values()) {
            cfg.append(" topic.").append(t.name).append("={rate=").append(t.rate).append(" size=").append(t.sizeMin)
                .append("..").append(t.sizeMax).append(" tag=").append(t.tag).append(" key=").append(t.keyPattern)
                .append(" skew=").append(t.skew).append(" schedule=");
            for (long[] s : t.schedule) {
                cfg.append(s[0]).append("ms:").append(s[1] / 1000.0).append(';');
            }
            cfg.append('}');
        }
        settings.forEach((k, v) -> cfg.append(' ').append(k).append('=').append(v));
        h.log(cfg.toString());
        h.start(routeRefresh, statEvery, exitAfter);
    }

    Topic topic(String n, long seed) {
        return topics.computeIfAbsent(n, k -> new Topic(k, seed));
    }

    void start(long routeRefresh, long statEvery, long exitAfter) throws Exception {
        Runtime.getRuntime().addShutdownHook(new Thread(this::shutdownHook, "rblab-shutdown"));
        producer.start();
        log("STARTED name=" + name + " clientId=" + producer.buildMQClientId() + " pid=" + ProcessHandle.current().pid()
            + " version=" + Compat.clientVersion());
        for (Topic t : topics.values()) {
            refreshRoute(t);
        }
        Consumer.waitUntil(startAt);
        startMs = now();
        log("ORIGIN startMs=" + startMs);
        timers.scheduleWithFixedDelay(() -> topics.values().forEach(this::refreshRoute), routeRefresh, routeRefresh,
            TimeUnit.MILLISECONDS);
        timers.scheduleAtFixedRate(this::stat, statEvery, statEvery, TimeUnit.MILLISECONDS);
        for (Topic t : topics.values()) {
            for (long[] s : t.schedule) {
                timers.schedule(() -> {
                    t.rate = s[1] / 1000.0;
                    t.rateEpoch++;
                    log("RATE topic=" + t.name + " rate=" + t.rate);
                }, Math.max(0, startMs + s[0] - now()), TimeUnit.MILLISECONDS);
            }
            Thread th = new Thread(() -> pace(t), "rblab-send-" + t.name);
            th.setDaemon(true);
            senders.add(th);
            th.start();
        }
        if (exitAfter > 0) {
            timers.schedule(() -> {
                log("EXIT_AFTER " + exitAfter + "ms");
                Thread x = new Thread(() -> System.exit(0));
                x.setDaemon(true);
                x.start();
            }, exitAfter, TimeUnit.MILLISECONDS);
        }
        done.await();
    }

    void refreshRoute(Topic t) {
        try {
            List<MessageQueue> qs = new ArrayList<>(producer.fetchPublishMessageQueues(t.name));
            qs.sort(Comparator.comparing(MessageQueue::getBrokerName).thenComparingInt(MessageQueue::getQueueId));
            if (!qs.equals(t.queues)) {
                t.queues = List.copyOf(qs);
                StringBuilder sb = new StringBuilder("ROUTE topic=" + t.name + " n=" + qs.size() + " queues=");
                for (MessageQueue q : qs) {
                    sb.append(q.getBrokerName()).append('/').append(q.getQueueId()).append(',');
                }
                log(sb.toString());
            }
        } catch (Exception e) {
            log("ROUTE_ERROR topic=" + t.name + " error=" + e.toString().replace('\n', ' '));
        }
    }

    /** Sends message i of the current rate period at base + i / rate. */
    void pace(Topic t) {
        long epoch = -1;
        long base = 0;
        long i = 0;
        double rate = 0;
        while (running) {
            if (epoch != t.rateEpoch || rate != t.rate) {
                epoch = t.rateEpoch;
                rate = t.rate;
                base = System.nanoTime();
                i = 0;
            }
            if (rate <= 0 || t.queues.isEmpty()) {
                LockSupport.parkNanos(10_000_000L);
                continue;
            }
            long due = base + (long) (i * 1e9 / rate);
            long wait = due - System.nanoTime();
            if (wait > 0) {
                LockSupport.parkNanos(Math.min(wait, 10_000_000L));
                continue; // re-check running and rate changes at least every 10 ms
            }
            if (-wait > 1_000_000_000L) { // more than a second behind: do not burst, rebase
                log("BEHIND topic=" + t.name + " ms=" + (-wait / 1_000_000));
                base = System.nanoTime();
                i = 0;
                continue;
            }
            sendOne(t);
            i++;
        }
    }

    void sendOne(Topic t) {
        MessageQueue mq = t.next();
        long seq = t.seq.getAndIncrement();
        int size = t.sizeMin == t.sizeMax ? t.sizeMin : t.sizeMin + t.rnd.nextInt(t.sizeMax - t.sizeMin + 1);
        byte[] body = new byte[size];
        System.arraycopy(filler, (int) (seq * 7919 % (filler.length - size + 1)), body, 0, size);
        Message m = new Message(t.name, body);
        if (t.tag != null) {
            m.setTags(t.tag);
        }
        if (t.keyPattern != null) {
            m.setKeys(t.keyPattern.replace("{seq}", Long.toString(seq)).replace("{topic}", t.name)
                .replace("{producer}", name));
        }
        long sendMs = now();
        m.putUserProperty(Consumer.PROP_SEQ, Long.toString(seq));
        m.putUserProperty(Consumer.PROP_SEND_MS, Long.toString(sendMs));
        m.putUserProperty("rblabProducer", name);
        t.sentSec.incrementAndGet();
        send(t, mq, m, seq, sendMs, 0);
    }

    void send(Topic t, MessageQueue mq, Message m, long seq, long sendMs, int attempt) {
        // settles exactly once, whether the client reports through the callback, by throwing, or both
        java.util.concurrent.atomic.AtomicBoolean settled = new java.util.concurrent.atomic.AtomicBoolean();
        try {
            switch (sendMode) {
                case "sync":
                    done(t, mq, m, seq, sendMs, attempt, producer.send(m, mq), null);
                    break;
                case "oneway":
                    producer.sendOneway(m, mq);
                    done(t, mq, m, seq, sendMs, attempt, null, null);
                    break;
                default:
                    inflight.incrementAndGet();
                    producer.send(m, mq, new SendCallback() {
                        @Override
                        public void onSuccess(SendResult r) {
                            if (settled.compareAndSet(false, true)) {
                                inflight.decrementAndGet();
                                done(t, mq, m, seq, sendMs, attempt, r, null);
                            }
                        }

                        @Override
                        public void onException(Throwable e) {
                            if (settled.compareAndSet(false, true)) {
                                inflight.decrementAndGet();
                                done(t, mq, m, seq, sendMs, attempt, null, e);
                            }
                        }
                    });
            }
        } catch (Exception e) {
            if (!sendMode.equals("async")) {
                done(t, mq, m, seq, sendMs, attempt, null, e);
            } else if (settled.compareAndSet(false, true)) {
                inflight.decrementAndGet();
                done(t, mq, m, seq, sendMs, attempt, null, e);
            }
        }
    }

    /** sent.log: sendMs topic brokerName queueId seq result queueOffset ackMs attempts-1 */
    void done(Topic t, MessageQueue mq, Message m, long seq, long sendMs, int attempt, SendResult r, Throwable e) {
        boolean okSend = e == null && (r == null || "SEND_OK".equals(String.valueOf(r.getSendStatus())));
        if (e != null && attempt < retries && running) {
            log("SEND_RETRY topic=" + t.name + " seq=" + seq + " attempt=" + (attempt + 1) + " error="
                + e.toString().replace('\n', ' '));
            timers.schedule(() -> send(t, mq, m, seq, sendMs, attempt + 1), 100, TimeUnit.MILLISECONDS);
            return;
        }
        if (okSend) {
            t.okSec.incrementAndGet();
            t.ok.incrementAndGet();
        } else {
            t.failSec.incrementAndGet();
            t.fail.incrementAndGet();
        }
        if (sent != null) {
            String res = e != null ? "ERROR" : r == null ? "ONEWAY" : String.valueOf(r.getSendStatus());
            sent.line(sendMs + " " + t.name + " " + mq.getBrokerName() + " " + mq.getQueueId() + " " + seq + " " + res
                + " " + (r == null ? -1 : r.getQueueOffset()) + " " + now() + " " + attempt);
        }
        if (e != null && t.fail.get() % 100 == 1) {
            log("SEND_ERROR topic=" + t.name + " seq=" + seq + " error=" + e.toString().replace('\n', ' '));
        }
    }

    void stat() {
        for (Topic t : topics.values()) {
            log("STAT name=" + name + " topic=" + t.name + " rate=" + t.rate + " sent=" + t.sentSec.getAndSet(0) + " ok="
                + t.okSec.getAndSet(0) + " fail=" + t.failSec.getAndSet(0) + " nextSeq=" + t.seq.get() + " inflight="
                + inflight.get());
        }
    }

    void shutdownHook() {
        log("SHUTDOWN_BEGIN name=" + name);
        running = false;
        for (Thread th : senders) {
            try {
                th.join(2000);
            } catch (InterruptedException ignored) {
            }
        }
        long deadline = System.currentTimeMillis() + 5000;
        while (inflight.get() > 0 && System.currentTimeMillis() < deadline) {
            LockSupport.parkNanos(10_000_000L);
        }
        producer.shutdown();
        StringBuilder sb = new StringBuilder("SHUTDOWN_END name=" + name + " inflight=" + inflight.get());
        for (Topic t : topics.values()) {
            sb.append(" ").append(t.name).append("={sent=").append(t.seq.get()).append(" ok=").append(t.ok.get())
                .append(" fail=").append(t.fail.get()).append('}');
        }
        log(sb.toString());
        timers.shutdownNow();
        done.countDown();
        if (sent != null) {
            sent.close();
        }
        out.close();
    }
}
