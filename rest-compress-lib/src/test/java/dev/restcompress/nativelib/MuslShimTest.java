package dev.restcompress.nativelib;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.testing.TestFiles;
import java.io.IOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The musl shims, run for real although no musl JVM is reachable: src/test/c/shim_harness.c, compiled
 * for the shim's target with the build's zig, dlopens the shim and drives its JNI entry points with a
 * minimal JNIEnv, under musl's own loader (Debian's musl on x86_64; on aarch64 the arm64 musl in the
 * sysroot of scripts/aarch64-jvm.sh, under qemu-aarch64-static). Every level round-trips, the
 * rejection paths reject, and the level-6 gzip is byte for byte the glibc shim's (this JVM's).
 *
 * <p>Skipped, with the reason, when musl's loader or qemu is missing, unless
 * {@code rest-compress.interop.required} (scripts/test.sh) makes that a failure.
 */
class MuslShimTest {
    private static final Path OUT = Path.of("target", "musl-harness").toAbsolutePath();

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({
            "x86_64, catalog-1m.json",
            "x86_64, object-100b.json",
            "aarch64, catalog-1m.json",
            "aarch64, object-100b.json"})
    void harnessPassesAndMatchesTheGlibcShim(String arch, String file) throws Exception {
        String platform = "linux-" + arch + "-musl";
        URL url = MuslShimTest.class.getResource("/native/" + platform + "/librestcompress_libdeflate.so");
        assertNotNull(url, "the build did not put the " + platform + " shim on the class path");
        Path shim = Path.of(url.toURI());
        Path sysroot = cache().resolve("aarch64-sysroot");
        String loader = arch.equals("x86_64") ? "/lib/ld-musl-x86_64.so.1"
                : sysroot.resolve("lib/ld-musl-aarch64.so.1").toString();
        require(Files.exists(Path.of(loader)), "musl's loader " + loader + " is missing ("
                + (arch.equals("x86_64") ? "Debian package musl" : "scripts/aarch64-jvm.sh makes it") + ")");
        if (arch.equals("aarch64")) {
            require(onPath("qemu-aarch64-static"), "qemu-aarch64-static is missing (Debian package qemu-user-static)");
        }

        Path dir = Files.createDirectories(OUT.resolve(arch));
        Path harness = compileHarness(arch, shim, dir);
        Path input = TestFiles.root().resolve("testdata").resolve(file);
        Path gz = dir.resolve(file + ".gz");
        Files.deleteIfExists(gz);
        List<String> cmd = new ArrayList<>();
        if (arch.equals("aarch64")) {
            cmd.addAll(List.of("qemu-aarch64-static", "-L", sysroot.toString()));
        }
        cmd.addAll(List.of(harness.toString(), shim.toString(), input.toString(), gz.toString()));
        String out = run(cmd, 120);
        assertTrue(out.startsWith("harness ok 1.23 bundled 12"), String.join(" ", cmd) + ":\n" + out);
        System.out.println(platform + " " + file + ": " + out.trim());

        byte[] data = Files.readAllBytes(input);
        try (LibdeflateCompressor c = LibdeflateCompressor.open(6)) {
            byte[] buf = new byte[(int) c.gzipCompressBound(data.length)];
            int n = c.gzipCompress(data, 0, data.length, buf, 0, buf.length);
            assertArrayEquals(Arrays.copyOf(buf, n), Files.readAllBytes(gz),
                    platform + " level 6 differs from " + LibdeflateLoader.platform() + "'s");
        }
    }

    /**
     * Compiles the harness for the musl target. It is linked against the shim only so that zig makes
     * a dynamically linked executable (a static musl executable cannot dlopen); it references none of
     * the shim's symbols, so the shim is not among its NEEDED entries and is dlopened as a JVM would.
     */
    private static Path compileHarness(String arch, Path shim, Path dir) throws Exception {
        Path zig = Path.of(run(new ProcessBuilder("bash", TestFiles.root().resolve("scripts/zig.sh").toString()), 600)
                .trim());
        Path harness = dir.resolve("shim_harness");
        Path source = TestFiles.root().resolve("rest-compress-lib/src/test/c/shim_harness.c");
        Path jdk = Path.of(System.getProperty("java.home"));
        List<String> cmd = List.of(zig.toString(), "cc", "-target", arch + "-linux-musl", "-O2", "-Wall", "-Wextra",
                "-Werror", "-I" + jdk.resolve("include"), "-I" + jdk.resolve("include/linux"), "-o", harness.toString(),
                source.toString(), shim.toString());
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().put("ZIG_LOCAL_CACHE_DIR", dir.resolve("zig-cache").toString());
        pb.environment().put("ZIG_GLOBAL_CACHE_DIR", cache().resolve("zig-global-cache").toString());
        String out = run(pb, 300);
        assertTrue(Files.isExecutable(harness), "zig cc built no harness:\n" + out);
        return harness;
    }

    private static void require(boolean present, String why) {
        if (!present) {
            if (Boolean.getBoolean("rest-compress.interop.required")) {
                throw new AssertionError(why + "; scripts/setup.sh installs it");
            }
            Assumptions.abort(why);
        }
    }

    private static Path cache() {
        String c = System.getenv("REST_COMPRESS_CACHE");
        if (c != null) {
            return Path.of(c);
        }
        String xdg = System.getenv("XDG_CACHE_HOME");
        return (xdg != null ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache")).resolve("rest-compress");
    }

    private static boolean onPath(String tool) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, tool))) {
                return true;
            }
        }
        return false;
    }

    private static String run(List<String> cmd, int seconds) throws IOException, InterruptedException {
        return run(new ProcessBuilder(cmd).redirectErrorStream(true), seconds);
    }

    /** Runs to completion within {@code seconds} (output through a file, so waiting is bounded); stdout. */
    private static String run(ProcessBuilder pb, int seconds) throws IOException, InterruptedException {
        Files.createDirectories(OUT);
        Path log = Files.createTempFile(OUT, "run-", ".out");
        Path err = Files.createTempFile(OUT, "run-", ".err");
        try {
            Process p = pb.redirectOutput(log.toFile()).redirectError(pb.redirectErrorStream()
                    ? ProcessBuilder.Redirect.PIPE : ProcessBuilder.Redirect.to(err.toFile())).start();
            p.getOutputStream().close();
            if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError(pb.command() + " did not finish in " + seconds + " s");
            }
            String text = Files.readString(log, StandardCharsets.UTF_8);
            assertEquals(0, p.exitValue(), pb.command() + ":\n" + text + Files.readString(err, StandardCharsets.UTF_8));
            return text;
        } finally {
            Files.deleteIfExists(log);
            Files.deleteIfExists(err);
        }
    }
}
