package dev.restcompress.contract.app;

import dev.restcompress.adaptive.PressureSource;
import dev.restcompress.adaptive.ProcessCpuPressure;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The contract servers' pressure signal ({@code rest-compress.adaptive.pressure-source}): the library's
 * own CPU signal, sampled every period so the contract can check it reads a number on this runtime,
 * and a load the contract scripts through {@code GET contract/pressure?script=...} that replaces it
 * while set, so the contract can drive the adaptive level on any runtime without saturating a shared
 * machine. One per application; the scripted load and the last real sample are static because the
 * resource and the library reach the class, not the instance. Thread-safe (volatile fields; one
 * sampler thread calls {@link #sample}).
 */
public final class ContractPressure implements PressureSource {
    private static volatile double scripted = Double.NaN;
    private static volatile double lastReal = Double.NaN;
    private static final AtomicLong SAMPLES = new AtomicLong();
    private static volatile double lastReturned = Double.NaN;
    private final ProcessCpuPressure real = new ProcessCpuPressure();

    /** The scripted load while one is set, else the process CPU signal. */
    @Override
    public double sample() {
        double r = real.sample();
        lastReal = r;
        double s = scripted;
        SAMPLES.incrementAndGet();
        lastReturned = Double.isNaN(s) ? r : s;
        return lastReturned;
    }

    /** Samples taken so far and the last load handed to the policy. */
    static String describe() {
        return "samples=" + SAMPLES.get() + " last=" + lastReturned + " scripted=" + scripted;
    }

    /** Replaces the signal with {@code load} (0 to 1); NaN returns to the real signal. */
    static void script(double load) {
        scripted = load;
    }

    /** The real signal's last sample, NaN before the sampler's second period or when it reads nothing. */
    static double lastReal() {
        return lastReal;
    }
}
