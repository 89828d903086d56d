package dev.restcompress.bench.core;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * The JMH settings of the bench's single-threaded benchmarks, declared once: each benchmark class is
 * its own per-thread state, timed as the average nanoseconds per operation (which the reports turn
 * into MB/s or per-request costs). JMH reads these annotations from the superclass.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public abstract class NanosPerOpBench {
}
