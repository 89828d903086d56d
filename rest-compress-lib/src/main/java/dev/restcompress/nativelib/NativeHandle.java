package dev.restcompress.nativelib;

import java.lang.ref.Cleaner;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongToIntFunction;

/**
 * One native handle and how to free it, freed at most once: by its owner's {@code close()} or, if
 * the owner is dropped unclosed, by the {@link #CLEANER} as a safety net. The owner registers itself
 * with the cleaner and keeps the returned {@link Cleaner.Cleanable}; this object must not refer to
 * the owner, or the owner would never become unreachable.
 */
final class NativeHandle implements Runnable {
    /** Shared by every native object of this library: one daemon thread for the process. */
    static final Cleaner CLEANER = Cleaner.create();

    /** Handles allocated and not yet freed, so tests can prove nothing leaks. */
    private static final AtomicInteger LIVE = new AtomicInteger();

    private final AtomicLong address;
    private final LongToIntFunction free;
    private final String what;

    NativeHandle(long address, LongToIntFunction free, String what) {
        this.address = new AtomicLong(address);
        this.free = free;
        this.what = what;
        LIVE.incrementAndGet();
    }

    /** The address, for one native call. */
    long address() {
        long a = address.get();
        if (a == 0) {
            throw new IllegalStateException(what + " is closed");
        }
        return a;
    }

    boolean isClosed() {
        return address.get() == 0;
    }

    /** Frees the handle; later calls do nothing. */
    @Override
    public void run() {
        long a = address.getAndSet(0);
        if (a != 0) {
            LIVE.decrementAndGet();
            // A failure code here can only mean a bug in this package (the address came from the
            // matching alloc); there is nobody to report it to from a cleaner thread.
            free.applyAsInt(a);
        }
    }

    /** Native handles currently allocated by this class loader. */
    static int live() {
        return LIVE.get();
    }
}
