package dev.restcompress.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.bench.codec.BenchCodec;
import dev.restcompress.bench.codec.BenchCodecs;
import dev.restcompress.bench.overload.OverloadBench;
import dev.restcompress.bench.nativefloor.NativeFloor;
import dev.restcompress.bench.server.BenchServerMain;
import dev.restcompress.bench.server.OurVariants;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Runs every benchmark suite in quick mode over {@code testdata/} and checks that each report file is
 * produced and covers every codec. It checks that the benchmarks work, never how fast anything is.
 */
class BenchQuickIT {

    @Test
    void quickRunProducesEveryReport() throws Exception {
        Path root = Paths.get(System.getProperty("rest-compress.root", ".."));
        Path corpus = root.resolve("testdata");
        assertTrue(Files.isDirectory(corpus), "the corpus " + corpus + " is missing");
        // JMH creates its lock file here; failsafe points java.io.tmpdir into target/.
        Files.createDirectories(Paths.get(System.getProperty("java.io.tmpdir")));
        Path out = Paths.get("target", "bench-quick");

        // The native-floor suite needs the C harness; scripts/bench.sh compiles it the same way.
        Path harness = NativeFloor.compile(root.resolve("rest-compress-bench/src/main/c/libdeflate_harness.c"),
                Paths.get("target", "native-harness"));

        // Two load concurrencies instead of quick's three, and two overload multipliers instead of four,
        // pay for the overload and peers suites' time; no CPU pinning: the servers start faster on both
        // cores, and pinning proves nothing here. One 50 ms JMH iteration without warm-up (quick: one
        // warm-up and two of 100 ms) runs every benchmark method and fills every row and chart: this test
        // checks that the benchmarks work, not their numbers, and saves about 100 s of the test suite.
        int rc = BenchMain.run(BenchOptions.parse(new String[] {
            "--quick", "--corpus", corpus.toString(), "--out", out.toString(),
            "--warmups", "0", "--iterations", "1", "--time-ms", "50",
            "--native-harness", harness.toString(), "--load-concurrency", "1,16",
            "--overload-multipliers", "0.5,2", "--pin", "off",
            // ours-identity: no JVM of its own, one more short run (the HTTP-vs-codec row)
            "--peers-servers", String.join(",", OurVariants.DEFAULTS) + ",ours-identity"}));

        assertEquals(0, rc, "BenchMain exit code");
        for (String f : List.of("report.md", "codec-files.csv", "codec-summary.csv", "roundtrip-vs-size.png",
                "small-payload.csv", "small-payload.png", "interceptor.csv", "interceptor-paired.csv")) {
            assertTrue(Files.size(out.resolve(f)) > 0, f + " is empty");
        }
        byte[] pngMagic = {(byte) 0x89, 'P', 'N', 'G'};
        assertArrayEquals(pngMagic, Arrays.copyOf(Files.readAllBytes(out.resolve("roundtrip-vs-size.png")), 4));

        List<String> summary = Files.readAllLines(out.resolve("codec-summary.csv"));
        for (BenchCodec c : BenchCodecs.all()) {
            assertTrue(summary.stream().anyMatch(l -> l.startsWith(c.id() + ",spi,")), c.id() + " spi row");
            if (c.hasRaw()) {
                assertTrue(summary.stream().anyMatch(l -> l.startsWith(c.id() + ",raw,")), c.id() + " raw row");
            }
        }
        // Header plus 3 paths x 2 codings.
        assertEquals(7, Files.readAllLines(out.resolve("interceptor.csv")).size(), "interceptor rows");
        // Header plus 2 paths (below-threshold, one-shot) x 2 codings, measured in one JVM.
        List<String> paired = Files.readAllLines(out.resolve("interceptor-paired.csv"));
        assertEquals(5, paired.size(), "paired rows");
        // below the threshold: the Vary entry's own allocation (column 11) was measured, and the feature's (10)
        for (String row : paired.subList(1, paired.size())) {
            String[] cells = row.split(",", -1);
            if (cells[0].equals("below-threshold")) {
                assertTrue(Double.parseDouble(cells[11]) > 0 && Double.isFinite(Double.parseDouble(cells[10])), row);
            }
        }
        String report = Files.readString(out.resolve("report.md"));
        for (String section : List.of("## Codec throughput and size", "## Small payloads", "**Verdict:**",
                "## Interceptor overhead", "Observability, same paired rounds", "| lzf | ")) {
            assertTrue(report.contains(section), "report.md lacks " + section);
        }
        loadAndNativeOutputs(out, report);
        overloadAndPeersOutputs(out, report);
    }

    /**
     * The open-model suites: the capacity row and one open-model row per multiplier and adaptive
     * setting, and one row per peer server; every step served requests, with no error of any kind.
     */
    private static void overloadAndPeersOutputs(Path out, String report) throws Exception {
        for (String f : List.of("overload.csv", "overload-served.png", "overload-latency.png", "peers.csv", "peers.png")) {
            assertTrue(Files.size(out.resolve(f)) > 0, f + " is empty");
        }
        List<String> overload = Files.readAllLines(out.resolve("overload.csv"));
        int settings = OverloadBench.adaptiveSupported() ? 2 : 1;
        // Header, the capacity (with adaptive=on: also the gzip level 1 server's), then 2 multipliers x the
        // settings (off, and on where the library has the adaptive setting), for the quick mode's one mix.
        int capacities = settings == 2 ? 2 : 1;
        assertEquals(1 + capacities + 2 * settings, overload.size(), "overload.csv rows");
        if (settings == 2) {
            assertTrue(overload.stream().anyMatch(l -> l.startsWith("large adaptive=on x2.0,")), "adaptive=on row");
            assertTrue(overload.get(2).startsWith("large gzip level 1 capacity,gzip,0,"), overload.get(2));
            assertTrue(report.contains("served on / gzip level 1 capacity"), "4x goal column");
        }
        assertTrue(overload.get(1).startsWith("large adaptive=off capacity,gzip,0,"), overload.get(1));
        assertTrue(overload.stream().skip(1 + capacities).allMatch(l -> !l.split(",")[2].equals("0")),
                "every step after the capacities offers a rate");
        assertNoErrors(overload);
        List<String> peers = Files.readAllLines(out.resolve("peers.csv"));
        assertEquals(2 + OurVariants.DEFAULTS.size(), peers.size(), "peers.csv rows (one round of every server)");
        assertTrue(peers.stream().anyMatch(l -> l.startsWith("ours-identity,identity,")), "ours-identity row");
        assertTrue(peers.stream().anyMatch(l -> l.startsWith("ours-cache-identity,identity,")), "ours-cache-identity row");
        for (String kind : OurVariants.DEFAULTS.subList(1, OurVariants.DEFAULTS.size())) {
            assertTrue(peers.stream().anyMatch(l -> l.startsWith(kind + ",gzip,")), kind + " row");
        }
        assertNoErrors(peers);
        // ours runs on Undertow: its XNIO I/O threads' CPU (column 21) is found and is a part of the process's (20)
        String[] ours = peers.stream().filter(l -> l.startsWith(BenchServerMain.OURS + ",gzip,")).findFirst()
                .orElseThrow().split(",", -1);
        double ioUs = Double.parseDouble(ours[21]);
        assertTrue(ioUs > 0 && ioUs < Double.parseDouble(ours[20]), "I/O threads' CPU " + ioUs + " of " + ours[20]);
        for (String section : List.of("## HTTP overload: open model", "## HTTP peers:", "| resteasy-gzip |",
                "| jersey-gzip |", "| undertow-gzip |", "**Compression over HTTP vs the codec alone**",
                "**Encoded-variant cache**", "| req/s ours-cached / resteasy-gzip |",
                "**adaptive=on / off** at each offered load", "**Adaptive steps seen**")) {
            assertTrue(report.contains(section), "report.md lacks " + section);
        }
        // the step trace read the servers' statistics: the fixed server's bodies were all gzip level 6
        for (String row : List.of("| large adaptive=off x0.5 |", "| large adaptive=off x2.0 |")) {
            String line = report.lines().filter(l -> l.startsWith(row) && l.contains("{gzip/")).findFirst().orElse("");
            assertTrue(line.matches(".*\\{gzip/6=[1-9][0-9]*}.*"), "trace of " + row + ": " + line);
        }
    }

    /** Columns of overload.csv and peers.csv: ok (5), non2xx (9), timeouts (10), other errors (11). */
    private static void assertNoErrors(List<String> csv) {
        for (String row : csv.subList(1, csv.size())) {
            String[] cells = row.split(",", -1);
            assertTrue(Long.parseLong(cells[5]) > 0, "no successful request in " + row);
            assertEquals("0,0,0", cells[9] + "," + cells[10] + "," + cells[11], "errors in " + row);
        }
    }

    /** The HTTP load suite and the native floor: files, rows, no HTTP errors. */
    private static void loadAndNativeOutputs(Path out, String report) throws Exception {
        for (String f : List.of("load.csv", "load-latency.png", "load-throughput.png", "native-harness.csv",
                "native-floor.csv")) {
            assertTrue(Files.size(out.resolve(f)) > 0, f + " is empty");
        }
        byte[] pngMagic = {(byte) 0x89, 'P', 'N', 'G'};
        assertArrayEquals(pngMagic, Arrays.copyOf(Files.readAllBytes(out.resolve("load-latency.png")), 4));
        List<String> load = Files.readAllLines(out.resolve("load.csv"));
        // Header plus (3 codings uncached + 2 cached + 2 miss) x 2 concurrencies; every step served requests
        // without errors (a miss body checked but for its stamp).
        assertEquals(15, load.size(), "load.csv rows");
        for (String row : List.of("uncached,identity,", "cached,gzip,", "miss,lzf,")) {
            assertTrue(load.stream().anyMatch(l -> l.startsWith(row)), row + " row");
        }
        for (String row : load.subList(1, load.size())) {
            String[] cells = row.split(",", -1);
            assertTrue(Long.parseLong(cells[4]) > 0, "no successful request in " + row);
            assertEquals("0", cells[7], "errors in " + row);
        }
        // Three levels x three operations, each with a C figure and a Java SPI figure.
        List<String> floor = Files.readAllLines(out.resolve("native-floor.csv"));
        assertEquals(10, floor.size(), "native-floor.csv rows");
        for (String row : floor.subList(1, floor.size())) {
            String[] cells = row.split(",", -1);
            assertTrue(Double.parseDouble(cells[2]) > 0 && Double.parseDouble(cells[4]) > 0, "figures in " + row);
        }
        for (String section : List.of("## HTTP load: concurrency sweep", "## Native floor")) {
            assertTrue(report.contains(section), "report.md lacks " + section);
        }
    }
}
