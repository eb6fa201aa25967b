package rblab.harness;

import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

/**
 * Options of the harness programs: "--key=value" / "--key value" on the command line and
 * "--config FILE" (java.util.Properties syntax, read in place, so later flags override it).
 * Keys are case-sensitive; every key that is read is remembered so unknown keys can be reported.
 */
public final class Opts {
    private final Map<String, String> values = new LinkedHashMap<>();
    private final Set<String> used = new LinkedHashSet<>();

    public static Opts parse(String[] args) throws IOException {
        Opts o = new Opts();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (!a.startsWith("--")) {
                throw new IllegalArgumentException("unexpected argument '" + a + "' (options are --key=value)");
            }
            String k = a.substring(2);
            String v;
            int eq = k.indexOf('=');
            if (eq >= 0) {
                v = k.substring(eq + 1);
                k = k.substring(0, eq);
            } else if (i + 1 < args.length && !args[i + 1].startsWith("--")) {
                v = args[++i];
            } else {
                v = "true";
            }
            if (k.equals("config")) {
                o.loadFile(Path.of(v));
            } else {
                o.values.put(k, v);
            }
        }
        return o;
    }

    public void loadFile(Path p) throws IOException {
        Properties props = new Properties();
        try (Reader r = new InputStreamReader(Files.newInputStream(p), StandardCharsets.UTF_8)) {
            props.load(r);
        }
        for (String k : props.stringPropertyNames()) {
            values.put(k, props.getProperty(k).trim());
        }
    }

    public boolean has(String k) {
        return values.containsKey(k);
    }

    public String get(String k, String def) {
        used.add(k);
        String v = values.get(k);
        return v == null ? def : v;
    }

    public String require(String k) {
        String v = get(k, null);
        if (v == null || v.isEmpty()) {
            throw new IllegalArgumentException("missing required option --" + k);
        }
        return v;
    }

    public int getInt(String k, int def) {
        String v = get(k, null);
        return v == null ? def : Integer.parseInt(v.trim());
    }

    public long getLong(String k, long def) {
        String v = get(k, null);
        return v == null ? def : Long.parseLong(v.trim());
    }

    public double getDouble(String k, double def) {
        String v = get(k, null);
        return v == null ? def : Double.parseDouble(v.trim());
    }

    public boolean getBool(String k, boolean def) {
        String v = get(k, null);
        if (v == null) {
            return def;
        }
        return v.equalsIgnoreCase("true") || v.equals("1") || v.equalsIgnoreCase("yes");
    }

    /** A duration in milliseconds: plain number = ms, or a number with us, ms, s, m, h. */
    public long getMillis(String k, long def) {
        String v = get(k, null);
        return v == null ? def : Math.round(parseDurationMs(v));
    }

    public static double parseDurationMs(String s) {
        String t = s.trim().toLowerCase(Locale.ROOT);
        if (t.startsWith("\"") && t.endsWith("\"")) {
            t = t.substring(1, t.length() - 1);
        }
        double mul;
        String num;
        if (t.endsWith("us")) {
            mul = 0.001; num = t.substring(0, t.length() - 2);
        } else if (t.endsWith("ms")) {
            mul = 1; num = t.substring(0, t.length() - 2);
        } else if (t.endsWith("s")) {
            mul = 1000; num = t.substring(0, t.length() - 1);
        } else if (t.endsWith("m")) {
            mul = 60000; num = t.substring(0, t.length() - 1);
        } else if (t.endsWith("h")) {
            mul = 3600000; num = t.substring(0, t.length() - 1);
        } else {
            mul = 1; num = t;
        }
        double d = Double.parseDouble(num.trim());
        if (d < 0 || Double.isNaN(d)) {
            throw new IllegalArgumentException("negative or invalid duration '" + s + "'");
        }
        return d * mul;
    }

    public static boolean hasUnit(String s) {
        String t = s.trim();
        return !t.isEmpty() && Character.isLetter(t.charAt(t.length() - 1));
    }

    /** Keys present in the options that were never read. */
    public List<String> unused() {
        List<String> r = new ArrayList<>();
        for (String k : values.keySet()) {
            if (!used.contains(k)) {
                r.add(k);
            }
        }
        return r;
    }

    /** All keys (in order of appearance), without marking them used. */
    public Set<String> keys() {
        return values.keySet();
    }

    public void markUsed(String k) {
        used.add(k);
    }

    public String raw(String k) {
        return values.get(k);
    }
}
