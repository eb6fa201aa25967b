package rblab.harness;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.apache.rocketmq.common.MQVersion;

/**
 * Everything that differs between the 4.9.x and 5.x remoting clients is reached through here, by
 * reflection, so the same sources compile against either class path.
 *  - MessageModel moved from org.apache.rocketmq.common.protocol.heartbeat (4.x) to
 *    org.apache.rocketmq.remoting.protocol.heartbeat (5.x);
 *  - 5.x-only setters (setClientRebalance, setPopInvisibleTime, setPopBatchNums, setPopThresholdForQueue,
 *    setPullBatchSizeInBytes, ClientConfig.setUseHeartbeatV2 / setEnableHeartbeatChannelEventListener, ...);
 *  - RebalanceImpl.getPopProcessQueueTable (5.x).
 */
public final class Compat {
    private Compat() {
    }

    public static String clientVersion() {
        try {
            return MQVersion.getVersionDesc(MQVersion.CURRENT_VERSION);
        } catch (Throwable t) {
            return "unknown";
        }
    }

    public static boolean is5x() {
        return clientVersion().startsWith("V5");
    }

    static Class<?> firstClass(String... names) {
        for (String n : names) {
            try {
                return Class.forName(n);
            } catch (ClassNotFoundException ignored) {
            }
        }
        throw new IllegalStateException("none of these classes is on the class path: " + String.join(", ", names));
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    public static Object enumValue(Class<?> enumClass, String name) {
        try {
            return Enum.valueOf((Class) enumClass, name.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            List<String> names = new ArrayList<>();
            for (Object c : enumClass.getEnumConstants()) {
                names.add(((Enum<?>) c).name());
            }
            throw new IllegalArgumentException("'" + name + "' is not one of " + names + " (" + enumClass.getName() + ")");
        }
    }

    public static Object messageModel(String name) {
        Class<?> c = firstClass("org.apache.rocketmq.remoting.protocol.heartbeat.MessageModel",
            "org.apache.rocketmq.common.protocol.heartbeat.MessageModel");
        return enumValue(c, name);
    }

    /** Finds a public one-argument method "set" + Key on the object's class (or its supers). */
    public static Method findSetter(Class<?> cls, String key) {
        String m = "set" + Character.toUpperCase(key.charAt(0)) + key.substring(1);
        for (Method me : cls.getMethods()) {
            if (me.getName().equals(m) && me.getParameterCount() == 1 && Modifier.isPublic(me.getModifiers())) {
                return me;
            }
        }
        return null;
    }

    public static boolean hasSetter(Object target, String key) {
        return findSetter(target.getClass(), key) != null;
    }

    /** Calls target.setKey(value) converting the string to the parameter's type. */
    public static Object invokeSetter(Object target, String key, String value) {
        Method me = findSetter(target.getClass(), key);
        if (me == null) {
            throw new IllegalArgumentException("this RocketMQ client (" + clientVersion() + ") has no setting '" + key
                + "' (" + target.getClass().getSimpleName() + " has no set" + Character.toUpperCase(key.charAt(0))
                + key.substring(1) + "); settings it has: " + settingNames(target.getClass()));
        }
        Class<?> t = me.getParameterTypes()[0];
        Object arg;
        String v = value.trim();
        if (t == int.class || t == Integer.class) {
            arg = (int) numeric(key, v);
        } else if (t == long.class || t == Long.class) {
            arg = numeric(key, v);
        } else if (t == boolean.class || t == Boolean.class) {
            if (!v.equalsIgnoreCase("true") && !v.equalsIgnoreCase("false")) {
                throw new IllegalArgumentException(key + ": expected true or false, got '" + v + "'");
            }
            arg = Boolean.parseBoolean(v);
        } else if (t == String.class) {
            arg = value;
        } else if (t.isEnum()) {
            arg = enumValue(t, v);
        } else {
            throw new IllegalArgumentException(key + ": parameter type " + t.getName() + " cannot be set from text");
        }
        try {
            me.invoke(target, arg);
        } catch (ReflectiveOperationException e) {
            Throwable c = e.getCause() != null ? e.getCause() : e;
            throw new IllegalArgumentException(key + "=" + value + ": " + c, c);
        }
        return arg;
    }

    /** Settings whose unit is milliseconds; a value with a unit suffix ("30s") is converted. */
    private static final Set<String> MILLIS = Set.of("pullInterval", "suspendCurrentQueueTimeMillis",
        "pollNameServerInterval", "heartbeatBrokerInterval", "persistConsumerOffsetInterval",
        "pullTimeDelayMillsWhenException", "popInvisibleTime", "awaitTerminationMillisWhenShutdown",
        "mqClientApiTimeout", "sendMsgTimeout", "detectTimeout", "detectInterval");

    static long numeric(String key, String v) {
        if (Opts.hasUnit(v)) {
            double ms = Opts.parseDurationMs(v);
            if (MILLIS.contains(key)) {
                return Math.round(ms);
            }
            if (key.equals("consumeTimeout")) {
                return Math.round(ms / 60000.0);
            }
            throw new IllegalArgumentException(key + ": a plain number is expected, got '" + v + "'");
        }
        return Long.parseLong(v);
    }

    public static List<String> settingNames(Class<?> cls) {
        Set<String> r = new TreeSet<>();
        for (Method me : cls.getMethods()) {
            if (me.getName().startsWith("set") && me.getParameterCount() == 1 && me.getName().length() > 3) {
                Class<?> t = me.getParameterTypes()[0];
                if (t.isPrimitive() || t == String.class || t.isEnum() || t == Integer.class || t == Long.class
                    || t == Boolean.class) {
                    String n = me.getName().substring(3);
                    r.add(Character.toLowerCase(n.charAt(0)) + n.substring(1));
                }
            }
        }
        return new ArrayList<>(r);
    }

    public static Object getter(Object target, String name) {
        try {
            Method me = target.getClass().getMethod(name);
            return me.invoke(target);
        } catch (NoSuchMethodException e) {
            return null;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(name + ": " + e.getCause(), e);
        }
    }

    /** RebalanceImpl.getPopProcessQueueTable() on 5.x, an empty map on 4.x. */
    @SuppressWarnings("unchecked")
    public static Map<Object, Object> popProcessQueueTable(Object rebalanceImpl) {
        Object t = getter(rebalanceImpl, "getPopProcessQueueTable");
        return t == null ? Collections.emptyMap() : (Map<Object, Object>) t;
    }

    public static int intGetter(Object target, String name, int def) {
        Object v = getter(target, name);
        return v instanceof Number ? ((Number) v).intValue() : def;
    }

    public static boolean boolGetter(Object target, String name, boolean def) {
        Object v = getter(target, name);
        return v instanceof Boolean ? (Boolean) v : def;
    }
}
