package dev.restcompress.contract;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Seeds of the contract's generated bodies that no earlier test of this JVM used, so each cache test
 * starts with bodies the server's cache has never seen. Counted, not drawn: two tests can never share a
 * body by chance. Thread-safe.
 */
final class BodySeeds {
    private static final AtomicInteger NEXT = new AtomicInteger(1_000);

    private BodySeeds() {}

    static int next() {
        return NEXT.getAndIncrement();
    }
}
