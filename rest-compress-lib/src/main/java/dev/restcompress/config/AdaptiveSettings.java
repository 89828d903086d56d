package dev.restcompress.config;

import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The settings of adaptive compression and statistics (docs/adaptive.md): whether the server steps the
 * level, then the coding, down when the process runs out of CPU, and the thresholds of that decision.
 * Read once per application, like {@link CompressionSettings} (JAX-RS configuration properties first,
 * then system properties, then the defaults below). Invalid values fail at start-up with a message
 * naming the key, the allowed values and the value. Immutable.
 *
 * <table>
 *   <caption>Keys</caption>
 *   <tr><th>key</th><th>default</th><th>meaning</th></tr>
 *   <tr><td>{@value #ADAPTIVE}</td><td>on</td><td>{@code on} or {@code off}. On by default since the
 *       overload bench measured it safe: at half the fixed level's capacity it keeps the configured
 *       level, above the capacity it serves what the fixed level queues
 *       (docs/adaptive.md)</td></tr>
 *   <tr><td>{@value #IDENTITY}</td><td>false</td><td>whether the last step may send bodies unencoded
 *       (only to clients that weigh identity no lower than the chosen coding); off because the server
 *       does not know what the link costs</td></tr>
 *   <tr><td>{@value #HIGH}</td><td>85</td><td>process CPU load (percent of the available cores) at or
 *       above which a sample counts as "pressure"</td></tr>
 *   <tr><td>{@value #LOW}</td><td>50</td><td>load at or below which a sample counts as "relief"; must
 *       be below {@value #HIGH}. The gap is wide because one step changes the CPU per body by up to
 *       3x (gzip 6 to 1): a narrow gap would step back up straight into pressure</td></tr>
 *   <tr><td>{@value #PERIOD_MS}</td><td>100</td><td>sampling period in milliseconds (10 to 10000)</td></tr>
 *   <tr><td>{@value #SATURATED}</td><td>98 (or {@value #HIGH}, if higher)</td><td>load at or above which one sample moves one step
 *       down at once (at least {@value #HIGH}): the cores were all busy for the whole period, so the
 *       demand is at or past the capacity by an amount the CPU share cannot show, and every period
 *       spent at a step that cannot carry it queues the excess (the overload bench at twice the level-6
 *       capacity: p99 3.3 ms moving on the first sample, 26 ms on the second, 66 ms on the third)</td></tr>
 *   <tr><td>{@value #DWELL_DOWN}</td><td>3</td><td>consecutive pressure samples below {@value #SATURATED}
 *       before one step down (300 ms at the default period: a load below saturation has headroom left,
 *       and its lone spikes are absorbed by queues)</td></tr>
 *   <tr><td>{@value #DWELL_UP}</td><td>20</td><td>consecutive relief samples before one step back up
 *       (2 s: slower than down, so that a server near its capacity does not oscillate)</td></tr>
 *   <tr><td>{@value #STATISTICS}</td><td>on</td><td>{@code on} or {@code off}: whether
 *       {@code dev.restcompress.server.CompressionStatistics} counts bodies (a few {@code LongAdder}
 *       adds per body); JDK Flight Recorder events are controlled by the recording instead</td></tr>
 *   <tr><td>{@value #PRESSURE_SOURCE}</td><td>process CPU</td><td>a
 *       {@link dev.restcompress.adaptive.PressureSource} instance (as a JAX-RS property) or the name
 *       of a class implementing it with a public no-argument constructor: replaces the CPU signal</td></tr>
 * </table>
 */
public final class AdaptiveSettings {
    public static final String ADAPTIVE = CompressionSettings.PREFIX + "adaptive";
    public static final String IDENTITY = ADAPTIVE + ".identity";
    public static final String HIGH = ADAPTIVE + ".high";
    public static final String LOW = ADAPTIVE + ".low";
    public static final String PERIOD_MS = ADAPTIVE + ".period-ms";
    public static final String DWELL_DOWN = ADAPTIVE + ".dwell-down";
    public static final String SATURATED = ADAPTIVE + ".saturated";
    public static final String DWELL_UP = ADAPTIVE + ".dwell-up";
    public static final String SMOOTHING_MS = ADAPTIVE + ".smoothing-ms";
    public static final String PRESSURE_SOURCE = ADAPTIVE + ".pressure-source";
    public static final String STATISTICS = CompressionSettings.PREFIX + "statistics";

    /** Every key read here, for the unknown-key check of {@link CompressionSettings}. */
    public static final List<String> KEYS = List.of(ADAPTIVE, IDENTITY, HIGH, LOW, PERIOD_MS, DWELL_DOWN, SATURATED, DWELL_UP,
            SMOOTHING_MS, PRESSURE_SOURCE, STATISTICS);

    private final boolean enabled;
    private final boolean identity;
    private final int highPercent;
    private final int lowPercent;
    private final int periodMillis;
    private final int dwellDown;
    private final int saturatedPercent;
    private final int dwellUp;
    private final int smoothingMillis;
    private final Object pressureSource;
    private final boolean statistics;

    private AdaptiveSettings(Function<String, Object> lookup) {
        enabled = CompressionSettings.onOff(lookup, ADAPTIVE, true);
        identity = bool(lookup, IDENTITY, false);
        highPercent = CompressionSettings.intValue(lookup, HIGH, 85, 1, 100);
        lowPercent = CompressionSettings.intValue(lookup, LOW, 50, 0, 99);
        if (lowPercent >= highPercent) {
            throw new IllegalArgumentException(LOW + " (" + lowPercent + ") must be below " + HIGH + " ("
                    + highPercent + ")");
        }
        periodMillis = CompressionSettings.intValue(lookup, PERIOD_MS, 100, 10, 10_000);
        dwellDown = CompressionSettings.intValue(lookup, DWELL_DOWN, 3, 1, 1000);
        // A raised high mark raises the default with it: the user set one key, not two.
        saturatedPercent = CompressionSettings.intValue(lookup, SATURATED, Math.max(98, highPercent), 1, 100);
        if (saturatedPercent < highPercent) {
            throw new IllegalArgumentException(SATURATED + " (" + saturatedPercent + ") must be at least " + HIGH
                    + " (" + highPercent + ")");
        }
        dwellUp = CompressionSettings.intValue(lookup, DWELL_UP, 20, 1, 1000);
        smoothingMillis = CompressionSettings.intValue(lookup, SMOOTHING_MS, 1000, 0, 60_000);
        pressureSource = lookup.apply(PRESSURE_SOURCE);
        statistics = CompressionSettings.onOff(lookup, STATISTICS, true);
    }

    /**
     * Settings from a property lookup (e.g. {@code Configuration::getProperty}), falling back to system
     * properties.
     *
     * @throws IllegalArgumentException naming the key, the allowed values and the value of the first
     *         invalid setting
     */
    public static AdaptiveSettings from(Function<String, Object> properties) {
        return new AdaptiveSettings(key -> {
            Object v = properties == null ? null : properties.apply(key);
            return v != null ? v : System.getProperty(key);
        });
    }

    /** Whether the server adapts levels and codings to CPU pressure. */
    public boolean enabled() {
        return enabled;
    }

    /** Whether bodies are counted in {@code CompressionStatistics} ({@value #STATISTICS}, default on). */
    public boolean statistics() {
        return statistics;
    }

    /** Whether the last step may send bodies unencoded. */
    public boolean identity() {
        return identity;
    }

    /** Load (percent) at or above which a sample is pressure. */
    public int highPercent() {
        return highPercent;
    }

    /** Load (percent) at or below which a sample is relief. */
    public int lowPercent() {
        return lowPercent;
    }

    public int periodMillis() {
        return periodMillis;
    }

    public int dwellDown() {
        return dwellDown;
    }

    /** Load (percent) at or above which one sample moves one step down at once. */
    public int saturatedPercent() {
        return saturatedPercent;
    }

    public int dwellUp() {
        return dwellUp;
    }

    /** The window of the smoothed load that decides relief, in milliseconds (0: no smoothing). */
    public int smoothingMillis() {
        return smoothingMillis;
    }

    /**
     * The weight of one sample in the smoothed load: {@code 1 - exp(-period / window)}, so that a sample
     * {@code window} old weighs 1/e of a new one; 1 (no smoothing) with a window of 0.
     */
    public double smoothingWeight() {
        return smoothingMillis == 0 ? 1 : 1 - Math.exp(-(double) periodMillis / smoothingMillis);
    }

    /** The configured replacement of the CPU signal (an instance or a class name), or {@code null}. */
    public Object pressureSource() {
        return pressureSource;
    }

    @Override
    public String toString() {
        return (statistics ? "statistics on, " : "statistics off, ") + (!enabled ? "adaptive off"
                : "adaptive on (down at >= " + highPercent + "% CPU for " + dwellDown + " samples or one at >= "
                        + saturatedPercent + "%, up when the "
                        + smoothingMillis + " ms mean predicts < " + highPercent + "% one step up (else <= "
                        + lowPercent + "%) for " + dwellUp + ", every " + periodMillis + " ms, identity "
                        + (identity ? "allowed" : "never") + ")");
    }

    private static boolean onOff(Function<String, Object> lookup, String key, boolean def) {
        Object v = lookup.apply(key);
        if (v == null) {
            return def;
        }
        String s = v.toString().trim().toLowerCase(Locale.ROOT);
        return switch (s) {
            case "on", "true" -> true;
            case "off", "false" -> false;
            default -> throw new IllegalArgumentException(key + " must be on or off, was '" + v + "'");
        };
    }

    private static boolean bool(Function<String, Object> lookup, String key, boolean def) {
        Object v = lookup.apply(key);
        if (v == null) {
            return def;
        }
        String s = v.toString().trim().toLowerCase(Locale.ROOT);
        return switch (s) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException(key + " must be true or false, was '" + v + "'");
        };
    }
}
