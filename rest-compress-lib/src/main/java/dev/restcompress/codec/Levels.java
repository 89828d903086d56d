package dev.restcompress.codec;

/**
 * The levels of one coding, stated once: the range of the one-shot and the streaming level, and
 * their defaults. Immutable.
 *
 * @param min lowest level
 * @param max highest one-shot level
 * @param maxStreaming highest streaming level (gzip streams through the JDK: 9 even on libdeflate)
 * @param defaultLevel one-shot default
 * @param defaultStreamingLevel streaming default (low: a streaming response is latency-bound)
 */
public record Levels(int min, int max, int maxStreaming, int defaultLevel, int defaultStreamingLevel) {
    /** A coding without levels (LZF). */
    public static final Levels NONE = new Levels(0, 0, 0, 0, 0);

    public Levels {
        if (min > max || min > maxStreaming || defaultLevel < min || defaultLevel > max
                || defaultStreamingLevel < min || defaultStreamingLevel > maxStreaming) {
            throw new IllegalArgumentException("inconsistent levels " + min + ".." + max + "/" + maxStreaming
                    + " defaults " + defaultLevel + "/" + defaultStreamingLevel);
        }
    }

    /** Whether the coding has levels at all. */
    public boolean any() {
        return !equals(NONE);
    }

    /**
     * {@code level} if it is a valid one-shot level, else an exception naming {@code what} (a
     * setting or an annotation), the range and the value.
     */
    public int checkLevel(String what, int level) {
        return check(what, level, max);
    }

    /** Same for a streaming level. */
    public int checkStreamingLevel(String what, int level) {
        return check(what, level, maxStreaming);
    }

    private int check(String what, int level, int top) {
        if (level < min || level > top) {
            throw new IllegalArgumentException(what + " must be " + min + " to " + top + ", was " + level);
        }
        return level;
    }

    /** The configuration key of a coding's one-shot level. */
    public static String levelKey(String coding) {
        return "rest-compress." + coding + ".level";
    }

    /** The configuration key of a coding's streaming level. */
    public static String streamingLevelKey(String coding) {
        return "rest-compress." + coding + ".streaming-level";
    }
}
