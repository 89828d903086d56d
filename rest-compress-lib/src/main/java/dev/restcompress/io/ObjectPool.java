package dev.restcompress.io;

import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * A bounded, never-blocking pool of reusable objects (compressors, hash tables, native contexts).
 *
 * <p>{@link #acquire()} takes an idle object or creates one; {@link #release} keeps it for reuse
 * while fewer than {@code capacity} are idle, and otherwise discards it through the disposer. So
 * the pool never blocks a request and never holds more than {@code capacity} idle objects.
 *
 * <p>Idle objects sit in a fixed row of slots; both {@link #acquire()} and {@link #release} take the
 * lowest slot they can (one compare-and-set, no lock, no allocation). So the objects in use cluster
 * in the first slots: a server compressing one body at a time reuses one compressor and one pair of
 * buffers, still in the CPU cache, where a first-in-first-out queue would rotate through every idle
 * object (a libdeflate level-6 compressor holds 656 KB: four of them overflow a 1 MB L2 cache).
 *
 * <p>Thread-safe. {@link #outstanding()} counts objects handed out and not yet released, so tests
 * can assert that nothing leaked.
 *
 * @param <T> the pooled type
 */
public final class ObjectPool<T> {
    /** Idle objects, {@code null} where empty; {@code null} for a pool that keeps nothing (capacity 0). */
    private final AtomicReferenceArray<T> slots;
    private final Supplier<? extends T> factory;
    private final Consumer<? super T> disposer;
    private final AtomicInteger outstanding = new AtomicInteger();

    /**
     * @param capacity most idle objects kept; 0 keeps none (every object is created for one use and
     *        freed on release: for owners that come and go and so cannot free idle objects)
     * @param factory creates a new object when none is idle
     * @param disposer frees an object the pool does not keep (e.g. {@code Deflater::end})
     */
    public ObjectPool(int capacity, Supplier<? extends T> factory, Consumer<? super T> disposer) {
        if (capacity < 0) {
            throw new IllegalArgumentException("capacity must be >= 0, was " + capacity);
        }
        this.slots = capacity == 0 ? null : new AtomicReferenceArray<>(capacity);
        this.factory = Objects.requireNonNull(factory, "factory");
        this.disposer = Objects.requireNonNull(disposer, "disposer");
    }

    /** A pool sized for this machine: twice the processors, at least 4. */
    public static <T> ObjectPool<T> perCore(Supplier<? extends T> factory, Consumer<? super T> disposer) {
        return new ObjectPool<>(Math.max(4, 2 * Runtime.getRuntime().availableProcessors()), factory, disposer);
    }

    /** An idle object, or a new one. Never blocks. The caller must {@link #release} it exactly once. */
    public T acquire() {
        T t = takeIdle();
        if (t == null) {
            t = factory.get();
        }
        outstanding.incrementAndGet();
        return t;
    }

    /** Returns an object taken with {@link #acquire()}; it must not be used afterwards. */
    public void release(T t) {
        outstanding.decrementAndGet();
        if (!keepIdle(t)) {
            disposer.accept(t);
        }
    }

    /** The idle object in the lowest slot, or {@code null}. A slot lost to a racing thread is skipped. */
    private T takeIdle() {
        if (slots == null) {
            return null;
        }
        for (int i = 0; i < slots.length(); i++) {
            T t = slots.get(i);
            if (t != null && slots.compareAndSet(i, t, null)) {
                return t;
            }
        }
        return null;
    }

    /** Puts {@code t} in the lowest empty slot; false when every slot is full (or was taken meanwhile). */
    private boolean keepIdle(T t) {
        if (slots == null) {
            return false;
        }
        for (int i = 0; i < slots.length(); i++) {
            if (slots.get(i) == null && slots.compareAndSet(i, null, t)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Takes back an object from {@link #acquire()} that must not be reused (e.g. a native context
     * left in a broken state): it is freed through the disposer at once.
     */
    public void discard(T t) {
        outstanding.decrementAndGet();
        disposer.accept(t);
    }

    /** Objects acquired and not yet released. */
    public int outstanding() {
        return outstanding.get();
    }

    /** Objects kept idle right now. */
    public int idle() {
        if (slots == null) {
            return 0;
        }
        int n = 0;
        for (int i = 0; i < slots.length(); i++) {
            if (slots.get(i) != null) {
                n++;
            }
        }
        return n;
    }
}
