package dev.restcompress.bench.core;

/**
 * Where a suite says what it is doing while it runs (JMH prints its own lines in between). Suites
 * get one passed in rather than printing themselves, so the runner decides where the lines go.
 */
@FunctionalInterface
public interface Progress {
    void report(String message);

    /** Prints {@code [bench] message} to standard output, flushed at once so it interleaves with JMH's. */
    static Progress console() {
        return message -> {
            System.out.println("[bench] " + message);
            System.out.flush();
        };
    }
}
