package dev.restcompress.io;

/** Argument checks shared by the codecs, with messages that name the coding, the setting and the range. */
public final class CodecArgs {
    private CodecArgs() {
    }

    /** {@code value} if it is within {@code [min, max]}, else an exception naming all of them. */
    public static int level(String coding, String name, int value, int min, int max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(coding + " " + name + " must be " + min + " to " + max + ", was " + value);
        }
        return value;
    }

    /** Rejects a negative input length for {@code maxCompressedLength}. */
    public static long inputLength(int inputLength) {
        if (inputLength < 0) {
            throw new IllegalArgumentException("inputLength must be >= 0, was " + inputLength);
        }
        return inputLength;
    }

    /** A computed bound, capped to the largest array the JVM reliably allocates. */
    public static int capped(long bound) {
        return (int) Math.min(Integer.MAX_VALUE - 8, bound);
    }
}
