package dev.restcompress.bench.core;

/**
 * Where a suite says what it is doing while it runs (JMH prints its own lines in between). Suites
 * get one passed in rather than printing themselves, so the runner decides where the lines go and
 * a suite never has to know who called it.
 */
@FunctionalInterface
public interface Progress {

    /** Reports one line of progress. */
    void report(String message);

    /** Prints {@code [bench] message} to standard output, flushed at once so it interleaves with JMH's. */
    static Progress console() {
        return message -> {
            System.out.println("[bench] " + message);
            System.out.flush();
        };
    }
}
