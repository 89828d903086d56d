package dev.restcompress.bench.soak;

import dev.restcompress.bench.soak.Workload.Probe;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/** Requests, errors and outcomes per category, plus the first error messages. Thread-safe. */
final class Tally {
    static final int KEPT_ERRORS = 50;

    record Row(LongAdder requests, LongAdder errors, Map<String, LongAdder> outcomes) {
    }

    private final Map<String, Row> rows = new ConcurrentHashMap<>();
    private final LongAdder requests = new LongAdder();
    private final LongAdder errors = new LongAdder();
    private final List<String> firstErrors = new ArrayList<>();

    /** Records one finished probe: {@code outcome} is a status or a hang-up, {@code error} null when right. */
    void record(Probe p, String outcome, String error, long tMillis) {
        Row row = rows.computeIfAbsent(p.category(),
                k -> new Row(new LongAdder(), new LongAdder(), new ConcurrentHashMap<>()));
        row.requests.increment();
        row.outcomes.computeIfAbsent(outcome, k -> new LongAdder()).increment();
        requests.increment();
        if (error != null) {
            row.errors.increment();
            recordOther(p.name() + ": " + error, tMillis);
        }
    }

    /** Also called alone for an error outside any probe (the server died, a sample failed). */
    void recordOther(String error, long tMillis) {
        errors.increment();
        synchronized (firstErrors) {
            if (firstErrors.size() < KEPT_ERRORS) {
                firstErrors.add(String.format("t=%.1fs %s", tMillis / 1000.0, error));
            }
        }
    }

    long requests() {
        return requests.sum();
    }

    long errors() {
        return errors.sum();
    }

    Map<String, Row> rows() {
        return new TreeMap<>(rows);
    }

    List<String> firstErrors() {
        synchronized (firstErrors) {
            return List.copyOf(firstErrors);
        }
    }
}
