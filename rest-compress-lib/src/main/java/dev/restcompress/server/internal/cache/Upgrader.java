package dev.restcompress.server.internal.cache;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;

/**
 * Runs upgrades off the request path: one daemon thread and a bounded queue. {@link #submit} never
 * blocks: a full queue drops the task (the caller counts it). Before each task the thread waits while
 * the CPU is under pressure (the adaptive step above 0), so that upgrades only use spare CPU; waiting
 * tasks fill the queue, and further ones are dropped.
 *
 * <p>Life cycle: the thread starts with the first task and ends by itself after {@link #IDLE_SECONDS}
 * without one (JAX-RS has no stop hook, and an idle application must not keep a thread), or at
 * {@link #close()}, which interrupts a waiting or running task. Thread-safe.
 */
final class Upgrader {
    static final long IDLE_SECONDS = 5;

    private final ThreadPoolExecutor executor;
    private final IntSupplier pressure;
    private final long pauseMillis;
    private volatile boolean closed;

    /**
     * @param queue tasks that may wait (at least 1)
     * @param pressure the adaptive step: above 0, upgrades wait
     * @param pauseMillis how long a waiting task sleeps between looks at the pressure
     */
    Upgrader(int queue, IntSupplier pressure, long pauseMillis) {
        this.pressure = pressure;
        this.pauseMillis = pauseMillis;
        this.executor = new ThreadPoolExecutor(1, 1, IDLE_SECONDS, TimeUnit.SECONDS, new ArrayBlockingQueue<>(queue),
                r -> {
                    Thread t = new Thread(r, "rest-compress-cache-upgrade");
                    t.setDaemon(true);
                    return t;
                }, new ThreadPoolExecutor.AbortPolicy());
        executor.allowCoreThreadTimeOut(true);
    }

    /** Queues {@code task}; {@code false} when the queue is full or the upgrader closed (dropped). */
    boolean submit(Runnable task) {
        if (closed) {
            return false;
        }
        try {
            executor.execute(() -> {
                if (waitForSpareCpu()) {
                    task.run();
                }
            });
            return true;
        } catch (RejectedExecutionException full) {
            return false;
        }
    }

    /** Waits while there is pressure; {@code false} when closed or interrupted meanwhile. */
    private boolean waitForSpareCpu() {
        try {
            while (pressure.getAsInt() > 0) {
                if (closed) {
                    return false;
                }
                Thread.sleep(pauseMillis);
            }
            return !closed;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Whether the upgrade thread is alive (tests). */
    boolean running() {
        return executor.getPoolSize() > 0;
    }

    /** Tasks waiting in the queue (tests). */
    int queued() {
        return executor.getQueue().size();
    }

    /** Drops queued tasks and stops the thread. Idempotent. */
    void close() {
        closed = true;
        executor.shutdownNow();
    }
}
