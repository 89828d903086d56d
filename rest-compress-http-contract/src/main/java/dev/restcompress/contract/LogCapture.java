package dev.restcompress.contract;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Records every java.util.logging record at INFO or above while open (the root logger's handlers see
 * the records of the runtime and of rest-compress alike). Thread-safe.
 */
public final class LogCapture implements AutoCloseable {
    private final Logger root = Logger.getLogger("");
    private final List<LogRecord> records = new ArrayList<>();
    private final Handler handler = new Handler() {
        @Override
        public void publish(LogRecord record) {
            if (record.getLevel().intValue() >= Level.INFO.intValue()) {
                synchronized (records) {
                    records.add(record);
                }
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    public LogCapture() {
        root.addHandler(handler);
    }

    /** The records so far, after waiting up to {@code millis} for at least {@code atLeast} of them. */
    public List<LogRecord> await(int atLeast, long millis) throws InterruptedException {
        long deadline = System.nanoTime() + millis * 1_000_000L;
        while (true) {
            synchronized (records) {
                if (records.size() >= atLeast || System.nanoTime() > deadline) {
                    return List.copyOf(records);
                }
            }
            Thread.sleep(20);
        }
    }

    /**
     * The records so far, once one of them passes {@code condition} or after {@code millis}, whichever
     * comes first (polls every 20 ms: a wait on the condition, not a fixed sleep).
     */
    public List<LogRecord> await(Predicate<LogRecord> condition, long millis) throws InterruptedException {
        long deadline = System.nanoTime() + millis * 1_000_000L;
        while (true) {
            synchronized (records) {
                if (records.stream().anyMatch(condition) || System.nanoTime() > deadline) {
                    return List.copyOf(records);
                }
            }
            Thread.sleep(20);
        }
    }

    @Override
    public void close() {
        root.removeHandler(handler);
    }
}
