package dev.restcompress.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Resident memory stays flat while a server decodes thousands of compressed request bodies and a
 * client decodes thousands of compressed responses, in every coding. Before decoders were closed,
 * each zstd request body kept 70-150 KiB of native memory for good (2,000 bodies: over 130 MB).
 *
 * <p>Measured in a child JVM whose heap is fixed and touched up front ({@code -Xms} = {@code -Xmx},
 * {@code AlwaysPreTouch}), with two malloc arenas, so that what moves RSS after the warm-up is native
 * memory held by codecs. The child also reports the decoders the garbage collector had to free
 * (the safety net, which would hide a missing close from RSS): there must be none.
 */
@Timeout(300)
class NativeMemoryTest {
    /** RSS growth allowed per coding over the measured rounds: noise is ~1-2 MB here, a leak 100+. */
    static final long MAX_GROWTH_KB = 6 * 1024;
    static final int WARMUP = 500;
    static final int MEASURED = 2000;
    static final Pattern LINE = Pattern.compile(
            "coding=(\\S+) requests=(\\d+) rss-before-kb=(\\d+) rss-after-kb=(\\d+) growth-kb=(-?\\d+) open=(\\d+) reclaimed=(\\d+)");

    @TempDir
    Path tmp;

    @Test
    void residentMemoryStaysFlatForEveryCoding() throws Exception {
        List<String> out = runChild();
        String all = String.join("\n", out);
        System.out.println(all);
        int codings = 0;
        for (String line : out) {
            Matcher m = LINE.matcher(line);
            if (!m.find()) {
                continue;
            }
            codings++;
            String coding = m.group(1);
            long growth = Long.parseLong(m.group(5));
            assertTrue(growth <= MAX_GROWTH_KB, coding + ": resident memory grew " + growth + " KiB over "
                    + MEASURED + " request bodies and responses:\n" + all);
            assertEquals("0", m.group(7), coding + ": decoders freed only by the garbage collector:\n" + all);
        }
        assertEquals(4, codings, "a line per coding (lzf, gzip, zstd, br):\n" + all);
    }

    private List<String> runChild() throws Exception {
        Path log = Files.createTempFile(tmp, "child", ".log");
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED",
                "-Xms192m", "-Xmx192m", "-XX:+AlwaysPreTouch", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                "-Djava.util.logging.SimpleFormatter.format=%4$s %5$s%n",
                "-cp", System.getProperty("java.class.path"),
                NativeMemoryMain.class.getName(),
                Integer.toString(WARMUP), Integer.toString(MEASURED), "lzf", "gzip", "zstd", "br"));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().putAll(Map.of("MALLOC_ARENA_MAX", "2"));
        Process p = pb.start();
        if (!p.waitFor(240, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            fail("child JVM did not finish in 240 s: " + Files.readString(log));
        }
        List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), "child JVM failed:\n" + String.join("\n", lines));
        return lines;
    }
}
