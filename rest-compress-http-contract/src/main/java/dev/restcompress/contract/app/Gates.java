package dev.restcompress.contract.app;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** Named one-shot gates that hold a streaming response until the test opens them. Thread-safe. */
final class Gates {
    private static final Map<String, CountDownLatch> GATES = new ConcurrentHashMap<>();

    private Gates() {
    }

    static void open(String id) {
        gate(id).countDown();
    }

    static boolean await(String id, int seconds) {
        try {
            return gate(id).await(seconds, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } finally {
            GATES.remove(id);
        }
    }

    private static CountDownLatch gate(String id) {
        return GATES.computeIfAbsent(id, k -> new CountDownLatch(1));
    }
}
