package dev.restcompress.bench.core;

/** Where a suite's progress lines go; passed in, so the runner decides. */
@FunctionalInterface
public interface Progress {
    void report(String message);

    /** {@code [bench] message} on standard output, flushed at once so it interleaves with JMH's lines. */
    static Progress console() {
        return message -> {
            System.out.println("[bench] " + message);
            System.out.flush();
        };
    }
}
