package dev.restcompress.adaptive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The CPU signal follows the CPU budget of a running JVM: a child JVM started on two CPUs
 * ({@code taskset -c 0,1}) samples {@link ProcessCpuPressure} while one thread spins; moved to one CPU
 * with {@code taskset -a -p -c 0 <pid>} (every thread: {@code -p} alone moves only the main thread), its
 * samples must be divided by 1 within a few seconds. With the processor count read once at start-up
 * they stayed divided by 2: the signal read half the true load and never stepped down (the held-out
 * measurement of issue 24). Linux with taskset and at least two CPUs only; bounded at 60 s.
 */
@Timeout(90)
class ProcessorBudgetTest {
    private static final Pattern SAMPLE = Pattern.compile("sample processors=(\\d+) load=(\\S+)");

    @Test
    void theDivisorFollowsAnAffinityChangeUnderARunningJvm() throws Exception {
        Path taskset = Path.of("/usr/bin/taskset");
        assumeTrue(Files.isExecutable(taskset), "needs taskset");
        assumeTrue(allowedCpus().containsAll(List.of(0, 1)), "needs CPUs 0 and 1: " + allowedCpus());
        List<String> cmd = new ArrayList<>(List.of(taskset.toString(), "-c", "0,1",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx64m",
                "-cp", System.getProperty("java.class.path"), ProcessorBudgetMain.class.getName(), "60"));
        Process child = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    lines.add(line);
                }
            } catch (IOException e) {
                lines.add("read failed: " + e);
            }
        });
        reader.setDaemon(true);
        reader.start();
        try {
            List<Double> before = samples(lines, 2, 10, 30);
            Process move = new ProcessBuilder(taskset.toString(), "-a", "-p", "-c", "0", Long.toString(child.pid()))
                    .redirectErrorStream(true).start();
            assertTrue(move.waitFor(10, TimeUnit.SECONDS), "taskset finished");
            assertEquals(0, move.exitValue(), new String(move.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
            List<Double> after = samples(lines, 1, 10, 15);
            System.out.printf(java.util.Locale.ROOT, "one spinning thread: mean load %.2f on 2 CPUs, %.2f after the"
                    + " move to 1%n", mean(before), mean(after));
        } finally {
            child.destroy();
            if (!child.waitFor(10, TimeUnit.SECONDS)) {
                child.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
    }

    /**
     * Waits (at most {@code seconds}) for {@code count} consecutive samples divided by {@code processors},
     * and returns their loads; fails naming the last lines seen otherwise.
     */
    private static List<Double> samples(BlockingQueue<String> lines, int processors, int count, long seconds)
            throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        List<Double> loads = new ArrayList<>();
        List<String> seen = new ArrayList<>();
        while (loads.size() < count) {
            long left = deadline - System.nanoTime();
            String line = left <= 0 ? null : lines.poll(left, TimeUnit.NANOSECONDS);
            assertTrue(line != null, "no " + count + " samples divided by " + processors + " in " + seconds
                    + " s; last lines: " + seen.subList(Math.max(0, seen.size() - 5), seen.size()));
            seen.add(line);
            Matcher m = SAMPLE.matcher(line);
            if (!m.matches()) {
                continue;
            }
            if (Integer.parseInt(m.group(1)) == processors) {
                loads.add(Double.parseDouble(m.group(2)));
            } else {
                loads.clear();
            }
        }
        return loads;
    }

    private static double mean(List<Double> xs) {
        return xs.stream().filter(d -> !d.isNaN()).mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }

    /** The CPUs this JVM may run on (Linux), empty elsewhere. */
    private static List<Integer> allowedCpus() throws IOException {
        Path status = Path.of("/proc/self/status");
        List<Integer> cpus = new ArrayList<>();
        if (!Files.exists(status)) {
            return cpus;
        }
        for (String line : Files.readAllLines(status)) {
            if (line.startsWith("Cpus_allowed_list:")) {
                for (String part : line.substring(18).trim().split(",")) {
                    String[] range = part.split("-");
                    int from = Integer.parseInt(range[0].trim());
                    int to = range.length > 1 ? Integer.parseInt(range[1].trim()) : from;
                    for (int c = from; c <= to; c++) {
                        cpus.add(c);
                    }
                }
            }
        }
        return cpus;
    }
}
