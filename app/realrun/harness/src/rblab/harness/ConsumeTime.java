package rblab.harness;

import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Time the listener spends on one message, in milliseconds (fractions allowed):
 * <pre>
 *   2ms | 0 | fixed:2ms              always that long
 *   uniform:1ms..5ms                 uniform between the two
 *   exp:2ms | exponential:2ms        exponential with that mean
 *   lognormal:2ms,p99=20ms           lognormal with that mean and 99th percentile
 * </pre>
 * Draws come from a generator the caller seeds per message, so a given seed and message always
 * take the same time whatever thread handles it.
 */
public final class ConsumeTime {
    enum Kind { FIXED, UNIFORM, EXP, LOGNORMAL }

    final Kind kind;
    final double a;
    final double b;
    final String text;

    private ConsumeTime(Kind kind, double a, double b, String text) {
        this.kind = kind;
        this.a = a;
        this.b = b;
        this.text = text;
    }

    public static ConsumeTime parse(String spec) {
        String s = spec.trim();
        String low = s.toLowerCase(Locale.ROOT);
        int colon = low.indexOf(':');
        String kind = colon < 0 ? "fixed" : low.substring(0, colon);
        String rest = colon < 0 ? s : s.substring(colon + 1).trim();
        switch (kind) {
            case "fixed":
                return new ConsumeTime(Kind.FIXED, Opts.parseDurationMs(rest), 0, s);
            case "uniform": {
                String[] p = rest.split("\\.\\.|,");
                if (p.length != 2) {
                    throw new IllegalArgumentException("consumeTime '" + spec + "': expected uniform:MIN..MAX");
                }
                double lo = Opts.parseDurationMs(p[0]);
                double hi = Opts.parseDurationMs(p[1]);
                if (hi < lo) {
                    throw new IllegalArgumentException("consumeTime '" + spec + "': max below min");
                }
                return new ConsumeTime(Kind.UNIFORM, lo, hi, s);
            }
            case "exp":
            case "exponential":
                return new ConsumeTime(Kind.EXP, Opts.parseDurationMs(rest), 0, s);
            case "lognormal": {
                String[] p = rest.split(",");
                double mean = -1;
                double p99 = -1;
                for (String x : p) {
                    String t = x.trim();
                    if (t.startsWith("p99=")) {
                        p99 = Opts.parseDurationMs(t.substring(4));
                    } else if (t.startsWith("mean=")) {
                        mean = Opts.parseDurationMs(t.substring(5));
                    } else {
                        mean = Opts.parseDurationMs(t);
                    }
                }
                if (mean <= 0 || p99 <= mean) {
                    throw new IllegalArgumentException("consumeTime '" + spec + "': lognormal needs mean > 0 and p99 > mean");
                }
                // mean = exp(mu + s^2/2), p99 = exp(mu + z s): s^2/2 - z s + ln(p99/mean) = 0, smaller root
                double z = 2.3263478740408408;
                double d = z * z - 2 * Math.log(p99 / mean);
                if (d < 0) {
                    throw new IllegalArgumentException("consumeTime '" + spec + "': p99 too far above the mean for a lognormal");
                }
                double sigma = z - Math.sqrt(d);
                double mu = Math.log(mean) - sigma * sigma / 2;
                return new ConsumeTime(Kind.LOGNORMAL, mu, sigma, s);
            }
            default:
                throw new IllegalArgumentException("consumeTime '" + spec + "': unknown distribution '" + kind
                    + "' (fixed, uniform, exp, lognormal)");
        }
    }

    public double draw(SplittableRandom r) {
        switch (kind) {
            case FIXED:
                return a;
            case UNIFORM:
                return a + (b - a) * r.nextDouble();
            case EXP:
                return -a * Math.log(1.0 - r.nextDouble());
            case LOGNORMAL:
                return Math.exp(a + b * gaussian(r));
            default:
                return 0;
        }
    }

    private static double gaussian(SplittableRandom r) {
        double u1 = 1.0 - r.nextDouble();
        double u2 = r.nextDouble();
        return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
    }

    @Override
    public String toString() {
        return text;
    }
}
