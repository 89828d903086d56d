package dev.restcompress.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.bench.codec.BenchCodec;
import dev.restcompress.bench.codec.BenchCodecs;
import dev.restcompress.bench.nativefloor.NativeFloor;
import dev.restcompress.bench.overload.OverloadBench;
import dev.restcompress.bench.server.BenchServerMain;
import dev.restcompress.bench.server.OurVariants;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Runs every suite in quick mode over {@code testdata/}: every file, row and section is produced; never how fast. */
class BenchQuickIT {

    @Test
    void quickRunProducesEveryReport() throws Exception {
        Path root = Paths.get(System.getProperty("rest-compress.root", ".."));
        Path corpus = root.resolve("testdata");
        assertTrue(Files.isDirectory(corpus), "the corpus " + corpus + " is missing");
        // JMH creates its lock file here; failsafe points java.io.tmpdir into target/.
        Files.createDirectories(Paths.get(System.getProperty("java.io.tmpdir")));
        Path out = Paths.get("target", "bench-quick");
        Path harness = NativeFloor.compile(root.resolve("rest-compress-bench/src/main/c/libdeflate_harness.c"),
                Paths.get("target", "native-harness"));

        // Less than --quick, as the numbers do not matter here: two load concurrencies, two overload multipliers,
        // no pinning (the servers start faster on both cores), one 50 ms JMH iteration without warm-up, and the
        // codec suite on one file instead of three, which still runs every benchmark method and fills every row
        // and chart (about 120 s less).
        int rc = BenchMain.run(BenchOptions.parse(new String[] {
            "--quick", "--corpus", corpus.toString(), "--out", out.toString(), "--files", "orders-min-30k.json",
            "--warmups", "0", "--iterations", "1", "--time-ms", "50",
            "--native-harness", harness.toString(), "--load-concurrency", "1,16",
            "--overload-multipliers", "0.5,2", "--pin", "off",
            // ours-identity: no JVM of its own, one more short run (the HTTP-vs-codec row); ours-jersey and its
            // identity row: one Jersey JVM, that table's second runtime
            "--peers-servers", String.join(",", OurVariants.DEFAULTS) + ",ours-identity,ours-jersey,ours-jersey-identity",
            // the proxies suite, opt-in: the app rows always (one more demo JVM), nginx's where it is installed (CI
            // installs no proxy: the suite must then say it left nginx out and go on)
            "--suites", "codec,small,interceptor,load,native,overload,peers,proxies",
            "--proxies-setups", "app-identity,app-gzip,nginx-identity,nginx-gzip-6"}));

        assertEquals(0, rc, "BenchMain exit code");
        for (String f : List.of("report.md", "codec-files.csv", "codec-summary.csv", "roundtrip-vs-size.png",
                "small-payload.csv", "small-payload.png", "interceptor.csv", "interceptor-paired.csv", "load.csv",
                "load-latency.png", "load-throughput.png", "native-harness.csv", "native-floor.csv", "overload.csv",
                "overload-served.png", "overload-latency.png", "peers.csv", "peers.png", "proxies.csv", "proxies-ratios.csv",
                "proxies-orders-min-30k.png")) {
            assertTrue(Files.size(out.resolve(f)) > 0, f + " is empty");
        }
        for (String png : List.of("roundtrip-vs-size.png", "load-latency.png")) {
            assertArrayEquals(new byte[] {(byte) 0x89, 'P', 'N', 'G'}, Arrays.copyOf(Files.readAllBytes(out.resolve(png)), 4),
                    png);
        }
        String report = Files.readString(out.resolve("report.md"));
        for (String section : List.of("## Codec throughput and size", "## Small payloads", "**Verdict:**",
                "## Interceptor overhead", "Observability, same paired rounds", "| lzf | ",
                "## HTTP load: concurrency sweep", "## Native floor", "## HTTP overload: open model", "## HTTP peers:",
                "| resteasy-gzip |", "| jersey-gzip |", "| undertow-gzip |",
                "**Compression over HTTP vs the codec alone**", "| RESTEasy + Undertow (the demo) |",
                "| Jersey + JDK HTTP server |", "**Encoded-variant cache**",
                "| req/s ours-cached / resteasy-gzip |", "**adaptive=on / off** at each offered load",
                "**Adaptive steps seen**")) {
            assertTrue(report.contains(section), "report.md lacks " + section);
        }
        codecInterceptorLoadAndNativeRows(out);
        overloadAndPeersRows(out, report);
        proxiesRows(out, report);
    }

    /**
     * A closed-model row per set-up asked for (nginx's where installed, else one line saying it was left out), no
     * errors anywhere; an open-model row follows a closed step that served something (on a starved machine a 0.3 s
     * quick step may serve nothing, so the counts are not asserted: only that the suite ran and reported).
     */
    private static void proxiesRows(Path out, String report) throws IOException {
        assertTrue(report.contains("## HTTP proxies"), "report.md lacks the proxies section");
        boolean nginx = Files.isExecutable(Paths.get("/usr/sbin/nginx"));
        List<String> rows = rows(out, "proxies.csv", -1);
        for (String setUp : nginx ? List.of("app-identity", "app-gzip", "nginx-identity", "nginx-gzip-6")
                : List.of("app-identity", "app-gzip")) {
            assertRow(rows, "orders-min-30k.json," + setUp + ",");
        }
        assertTrue(rows.size() <= (nginx ? 4 : 2) * 2, "a closed and at most one open row per set-up: " + rows);
        for (String row : rows) {
            assertEquals("0", row.split(",", -1)[9], "errors in " + row);
        }
        assertTrue(nginx || report.contains("**nginx left out:** nginx is not installed"), "no line on nginx's absence");
        assertTrue(report.contains("| in-app path cost gzip-6, no proxy"), "path cost row");
    }

    private static void codecInterceptorLoadAndNativeRows(Path out) throws IOException {
        List<String> summary = rows(out, "codec-summary.csv", -1);
        for (BenchCodec c : BenchCodecs.all()) {
            assertRow(summary, c.id() + ",spi,");
            if (c.hasRaw()) {
                assertRow(summary, c.id() + ",raw,");
            }
        }
        rows(out, "interceptor.csv", 3 * 2); // paths x codings
        // 2 paths (below-threshold, one-shot) x 2 codings in one JVM; below the threshold the Vary entry's own
        // allocation (column 11) was measured, and the feature's (10)
        for (String row : rows(out, "interceptor-paired.csv", 2 * 2)) {
            String[] cells = row.split(",", -1);
            if (cells[0].equals("below-threshold")) {
                assertTrue(Double.parseDouble(cells[11]) > 0 && Double.isFinite(Double.parseDouble(cells[10])), row);
            }
        }
        // (3 codings uncached + 2 cached + 2 miss) x 2 concurrencies, each served without errors (a miss body
        // checked but for its stamp)
        List<String> load = rows(out, "load.csv", 7 * 2);
        List.of("uncached,identity,", "cached,gzip,", "miss,lzf,").forEach(r -> assertRow(load, r));
        for (String row : load) {
            String[] cells = row.split(",", -1);
            assertTrue(Long.parseLong(cells[4]) > 0, "no successful request in " + row);
            assertEquals("0", cells[7], "errors in " + row);
        }
        // three levels x three operations, each with a C figure and a Java SPI figure
        for (String row : rows(out, "native-floor.csv", 3 * 3)) {
            String[] cells = row.split(",", -1);
            assertTrue(Double.parseDouble(cells[2]) > 0 && Double.parseDouble(cells[4]) > 0, "figures in " + row);
        }
    }

    /** The capacity rows, a row per multiplier and adaptive setting, a row per peer server: all served, no error. */
    private static void overloadAndPeersRows(Path out, String report) throws IOException {
        int settings = OverloadBench.adaptiveSupported() ? 2 : 1;
        // a capacity per setting (adaptive=on: the gzip level 1 server's), then 2 multipliers x the settings
        List<String> overload = rows(out, "overload.csv", settings + 2 * settings);
        if (settings == 2) {
            assertRow(overload, "large adaptive=on x2.0,");
            assertTrue(overload.get(1).startsWith("large gzip level 1 capacity,gzip,0,"), overload.get(1));
            assertTrue(report.contains("served on / gzip level 1 capacity"), "4x goal column");
        }
        assertTrue(overload.get(0).startsWith("large adaptive=off capacity,gzip,0,"), overload.get(0));
        assertTrue(overload.stream().skip(settings).allMatch(l -> !l.split(",")[2].equals("0")),
                "every step after the capacities offers a rate");
        assertNoErrors(overload);
        List<String> peers = rows(out, "peers.csv", 3 + OurVariants.DEFAULTS.size()); // one round each
        assertRow(peers, "ours-identity,identity,");
        assertRow(peers, "ours-jersey,gzip,");
        assertRow(peers, "ours-jersey-identity,identity,");
        assertRow(peers, "ours-cache-identity,identity,");
        OurVariants.DEFAULTS.subList(1, OurVariants.DEFAULTS.size()).forEach(kind -> assertRow(peers, kind + ",gzip,"));
        assertNoErrors(peers);
        // ours runs on Undertow: its XNIO I/O threads' CPU (column 21) is found and is a part of the process's (20)
        String[] ours = peers.stream().filter(l -> l.startsWith(BenchServerMain.OURS + ",gzip,")).findFirst()
                .orElseThrow().split(",", -1);
        double ioUs = Double.parseDouble(ours[21]);
        assertTrue(ioUs > 0 && ioUs < Double.parseDouble(ours[20]), "I/O threads' CPU " + ioUs + " of " + ours[20]);
        // the step trace read the servers' statistics: the fixed server's bodies were all gzip level 6
        String half = "| large adaptive=off x0.5 |";
        String line = report.lines().filter(l -> l.startsWith(half) && l.contains("{gzip/")).findFirst().orElse("");
        assertTrue(line.matches(".*\\{gzip/6=[1-9][0-9]*}.*"), "trace of " + half + ": " + line);
        // beyond capacity the server may have finished nothing in the step, but what it finished was gzip level 6
        report.lines().filter(l -> l.startsWith("| large adaptive=off x2.0 |") && l.contains("{"))
                .forEach(l -> assertTrue(l.matches("[^{]*(\\{(gzip/6=[0-9]+)?}[^{]*)+"), "trace beyond capacity: " + l));
    }

    /** The data rows of {@code file}, {@code expected} of them (any number if negative). */
    private static List<String> rows(Path out, String file, int expected) throws IOException {
        List<String> lines = Files.readAllLines(out.resolve(file));
        if (expected >= 0) {
            assertEquals(expected, lines.size() - 1, file + " data rows");
        }
        return lines.subList(1, lines.size());
    }

    private static void assertRow(List<String> rows, String start) {
        assertTrue(rows.stream().anyMatch(l -> l.startsWith(start)), "no row " + start);
    }

    /**
     * Columns of overload.csv and peers.csv: ok (5), non2xx (9), timeouts (10), other errors (11). A step offered
     * more than the measured capacity ({@code x2.0}) may complete nothing within its half second on a loaded
     * machine (its requests are late, not wrong), so only the steps at or below capacity must have served one.
     */
    private static void assertNoErrors(List<String> rows) {
        for (String row : rows) {
            String[] cells = row.split(",", -1);
            if (!beyondCapacity(cells[0])) {
                assertTrue(Long.parseLong(cells[5]) > 0, "no successful request in " + row);
            }
            assertEquals("0,0,0", cells[9] + "," + cells[10] + "," + cells[11], "errors in " + row);
        }
    }

    /** Whether an overload step's name ({@code large adaptive=off x2.0}) offers more than its capacity. */
    static boolean beyondCapacity(String step) {
        int x = step.lastIndexOf(" x");
        return x >= 0 && step.substring(x + 2).matches("[0-9.]+") && Double.parseDouble(step.substring(x + 2)) > 1;
    }
}
