package dev.restcompress.bench.sweep;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A link rate in tc's notation ({@code 500kbit}, {@code 100mbit}, {@code 1gbit}; SI multiples), or
 * {@code none} for the veth pair without a limit.
 *
 * @param label as given, passed to tc
 * @param mbps megabits per second (infinite for {@code none})
 */
record LinkRate(String label, double mbps) {
    private static final Pattern RATE = Pattern.compile("(\\d+(?:\\.\\d+)?)(kbit|mbit|gbit)");

    static LinkRate parse(String s) {
        String t = s.trim().toLowerCase(Locale.ROOT);
        if (t.equals("none")) {
            return new LinkRate(t, Double.POSITIVE_INFINITY);
        }
        Matcher m = RATE.matcher(t);
        if (!m.matches()) {
            throw new IllegalArgumentException("bad link rate '" + s + "': use e.g. 100mbit, 1gbit, 500kbit or none");
        }
        double v = Double.parseDouble(m.group(1));
        double mbps = switch (m.group(2)) {
            case "kbit" -> v / 1000;
            case "mbit" -> v;
            default -> v * 1000;
        };
        if (mbps < 0.1 || mbps > 100_000) {
            throw new IllegalArgumentException("link rate " + s + " is outside 100kbit..100gbit");
        }
        return new LinkRate(t, mbps);
    }
}
