package dev.restcompress.adaptive;

import java.util.concurrent.TimeUnit;

/**
 * The child JVM of {@link ProcessorBudgetTest}: one thread spins while {@link ProcessCpuPressure}
 * samples every 100 ms, each sample printed as {@code sample processors=<divisor> load=<share>}, for
 * at most the seconds given (default 60).
 */
public final class ProcessorBudgetMain {
    private static volatile long sink;

    private ProcessorBudgetMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        long seconds = args.length > 0 ? Long.parseLong(args[0]) : 60;
        Thread spin = new Thread(() -> {
            long x = 0;
            while (true) {
                x += System.nanoTime() & 3;
                sink = x;
            }
        }, "spin");
        spin.setDaemon(true);
        spin.start();
        ProcessCpuPressure pressure = new ProcessCpuPressure();
        pressure.sample();
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < end) {
            Thread.sleep(100);
            double load = pressure.sample();
            System.out.println("sample processors=" + pressure.processors() + " load=" + load);
            System.out.flush();
        }
    }
}
