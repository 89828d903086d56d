package dev.restcompress.nativelib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * What can only be seen from a fresh JVM: the bundled libdeflate by default (no system libdeflate
 * mapped, and still working where none is resolvable), the system library when asked for, the
 * fallback when it is missing or the platform has no shim (engine, round trip, exactly one log
 * line), the {@code jdk} kill switch (no native code mapped at all), and {@code -Xcheck:jni}
 * reporting nothing about either shim.
 */
@Timeout(300)
class ForkedJvmTest {
    private static final String UNAVAILABLE = "native libdeflate gzip unavailable";
    private static final String SYSTEM = "-D" + LibdeflateLoader.SOURCE_PROPERTY + "=system";

    @TempDir
    Path tmp;

    /** Whether child JVMs get --enable-native-access=ALL-UNNAMED (as the build's own JVMs do). */
    private boolean nativeAccess = true;

    @Test
    void defaultEngineIsTheBundledLibdeflate() throws Exception {
        List<String> out = runJava(List.of(), "-Dunused=1", FallbackMain.class.getName());
        assertTrue(out.contains("engine=libdeflate"), String.join("\n", out));
        assertTrue(out.contains("description=libdeflate 1.23 bundled"), String.join("\n", out));
        assertTrue(out.contains("roundtrip=ok"), String.join("\n", out));
        assertTrue(out.contains("shim-mapped=true"), String.join("\n", out));
        assertTrue(out.contains("libdeflate-mapped=false"), "no system libdeflate may be loaded:\n" + String.join("\n", out));
        assertTrue(out.stream().noneMatch(l -> l.contains(UNAVAILABLE)), String.join("\n", out));
    }

    /**
     * The bundled shim in a process tree where no system libdeflate.so.0 can be opened: a private
     * mount namespace binds /dev/null over every copy ldconfig knows (the machine itself is not
     * changed). The system variant in the same namespace proves the library really is hidden.
     */
    @Test
    void bundledShimWorksWhereNoSystemLibdeflateResolves() throws Exception {
        assumeTrue(isRoot(), "needs root for unshare -m and mount --bind (skipped: not root)");
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/unshare")), "needs /usr/bin/unshare (util-linux)");
        Set<String> copies = systemLibdeflates();
        StringBuilder hide = new StringBuilder();
        for (String copy : copies) {
            hide.append("mount --bind /dev/null '").append(copy).append("' && ");
        }
        List<String> prefix = List.of("/usr/bin/unshare", "-m", "--", "sh", "-c", hide + "exec \"$@\"", "sh");
        List<String> out = runJava(prefix, "-Dunused=1", FallbackMain.class.getName());
        assertTrue(out.contains("engine=libdeflate") && out.contains("description=libdeflate 1.23 bundled"),
                "hidden " + copies + ":\n" + String.join("\n", out));
        assertTrue(out.contains("roundtrip=ok") && out.contains("libdeflate-mapped=false"), String.join("\n", out));

        List<String> system = runJava(prefix, SYSTEM, FallbackMain.class.getName());
        assertTrue(system.contains("engine=JDK"), "the system library was not hidden (" + copies + "):\n"
                + String.join("\n", system));
    }

    @Test
    void systemLibdeflateWhenAskedFor() throws Exception {
        List<String> out = runJava(List.of(), SYSTEM, FallbackMain.class.getName());
        assertTrue(out.contains("roundtrip=ok"), String.join("\n", out));
        if (systemLibdeflates().isEmpty()) {
            // A machine without the libdeflate0 package: the honest outcome is the fallback.
            assertTrue(out.contains("engine=JDK"), String.join("\n", out));
            assertEquals(1, out.stream().filter(l -> l.contains(UNAVAILABLE) && l.contains("dlopen")).count(),
                    String.join("\n", out));
        } else {
            assertTrue(out.contains("engine=libdeflate"), String.join("\n", out));
            assertTrue(out.stream().anyMatch(l -> l.startsWith("description=libdeflate system /")), String.join("\n", out));
            assertTrue(out.contains("libdeflate-mapped=true"), String.join("\n", out));
        }
    }

    @Test
    void missingSystemLibdeflateFallsBackToJdkAndLogsOnce() throws Exception {
        List<String> out = runJava(List.of(), SYSTEM, "-D" + LibdeflateLoader.LIBRARY_NAME_PROPERTY
                + "=librestcompress-missing.so.0", FallbackMain.class.getName());
        assertTrue(out.contains("engine=JDK"), String.join("\n", out));
        assertTrue(out.contains("roundtrip=ok"), String.join("\n", out));
        List<String> logged = out.stream().filter(l -> l.contains(UNAVAILABLE)).toList();
        assertEquals(1, logged.size(), "exactly one log line expected:\n" + String.join("\n", out));
        assertTrue(logged.get(0).contains("librestcompress-missing.so.0"), logged.get(0));
        assertTrue(logged.get(0).startsWith("WARNING"), logged.get(0));
    }

    @Test
    void platformWithoutAShimFallsBackNamingIt() throws Exception {
        // os.arch given on the command line is what the loader reads: a platform the jar has no shim for.
        List<String> out = runJava(List.of(), "-Dos.arch=riscv64", FallbackMain.class.getName());
        assertTrue(out.contains("engine=JDK") && out.contains("roundtrip=ok"), String.join("\n", out));
        assertTrue(out.contains("shim-mapped=false"), String.join("\n", out));
        List<String> logged = out.stream().filter(l -> l.contains(UNAVAILABLE)).toList();
        assertEquals(1, logged.size(), String.join("\n", out));
        assertTrue(logged.get(0).startsWith("WARNING") && logged.get(0).contains("linux-riscv64"), logged.get(0));
    }

    @Test
    void unknownLibdeflateSettingFallsBackSayingWhy() throws Exception {
        List<String> out = runJava(List.of(), "-D" + LibdeflateLoader.SOURCE_PROPERTY + "=static", FallbackMain.class.getName());
        assertTrue(out.contains("engine=JDK") && out.contains("shim-mapped=false"), String.join("\n", out));
        List<String> logged = out.stream().filter(l -> l.contains(UNAVAILABLE)).toList();
        assertEquals(1, logged.size(), String.join("\n", out));
        assertTrue(logged.get(0).contains(LibdeflateLoader.SOURCE_PROPERTY) && logged.get(0).contains("'static'"),
                logged.get(0));
    }

    /** JDK 24+ refusing native access (a future JDK's default): the fallback, saying what to add. */
    @Test
    void deniedNativeAccessFallsBackSayingWhatToAdd() throws Exception {
        assumeTrue(Runtime.version().feature() >= 24, "needs JDK 24+ for --illegal-native-access (this is "
                + Runtime.version() + ")");
        nativeAccess = false;
        List<String> out = runJava(List.of(), "--illegal-native-access=deny", FallbackMain.class.getName());
        assertTrue(out.contains("engine=JDK") && out.contains("roundtrip=ok"), String.join("\n", out));
        List<String> logged = out.stream().filter(l -> l.contains(UNAVAILABLE)).toList();
        assertEquals(1, logged.size(), String.join("\n", out));
        assertTrue(logged.get(0).contains("--enable-native-access=ALL-UNNAMED"), logged.get(0));
    }

    @Test
    void jdkEngineNeverLoadsNativeCode() throws Exception {
        List<String> out = runJava(List.of(), "-Drest-compress.gzip.engine=jdk", FallbackMain.class.getName());
        assertTrue(out.contains("engine=JDK"), String.join("\n", out));
        assertTrue(out.contains("roundtrip=ok"), String.join("\n", out));
        assertTrue(out.contains("shim-mapped=false"), String.join("\n", out));
        assertTrue(out.stream().noneMatch(l -> l.contains(UNAVAILABLE)), String.join("\n", out));
    }

    @Test
    void checkJniFindsNothingToReportInTheBundledShim() throws Exception {
        assertCheckJniClean(runJava(List.of(), "-Xcheck:jni", NativeExerciseMain.class.getName()));
    }

    @Test
    void checkJniFindsNothingToReportInTheSystemShim() throws Exception {
        assertCheckJniClean(runJava(List.of(), "-Xcheck:jni", SYSTEM, NativeExerciseMain.class.getName()));
    }

    private static void assertCheckJniClean(List<String> out) {
        assertTrue(out.stream().anyMatch(l -> l.startsWith("exercise ok")), String.join("\n", out));
        for (String line : out) {
            String l = line.toLowerCase();
            if (l.startsWith("exercise ok") || line.contains(UNAVAILABLE)) { // the loader's own line, not the JVM's
                continue;
            }
            if (l.contains("warning") || l.contains("fatal error") || l.contains("jni")) {
                fail("-Xcheck:jni reported: " + line + "\nfull output:\n" + String.join("\n", out));
            }
        }
    }

    private static boolean isRoot() {
        try {
            return "0".equals(new String(new ProcessBuilder("id", "-u").start().getInputStream().readAllBytes(),
                    StandardCharsets.US_ASCII).trim());
        } catch (IOException e) {
            return false;
        }
    }

    /** Every system libdeflate.so.0 the dynamic loader knows (ldconfig's cache), as real files. */
    static Set<String> systemLibdeflates() throws IOException, InterruptedException {
        Set<String> out = new LinkedHashSet<>();
        for (String ldconfig : List.of("/sbin/ldconfig", "/usr/sbin/ldconfig")) {
            if (!Files.isExecutable(Path.of(ldconfig))) {
                continue;
            }
            Process p = new ProcessBuilder(ldconfig, "-p").redirectErrorStream(true).start();
            String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            p.waitFor(30, TimeUnit.SECONDS);
            for (String line : text.split("\n")) {
                int arrow = line.indexOf("=> ");
                if (line.trim().startsWith(LibdeflateLoader.DEFAULT_LIBRARY_NAME + " ") && arrow > 0) {
                    Path file = Path.of(line.substring(arrow + 3).trim());
                    if (Files.exists(file)) {
                        out.add(file.toRealPath().toString());
                    }
                }
            }
            break;
        }
        return out;
    }

    /** Runs a main class of the test classpath in a child JVM; bounded in time, output via a file. */
    private List<String> runJava(List<String> prefix, String... jvmOptionsThenMain) throws IOException, InterruptedException {
        Path log = Files.createTempFile(tmp, "child", ".log");
        List<String> cmd = new ArrayList<>(prefix);
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        if (nativeAccess) {
            cmd.add("--enable-native-access=ALL-UNNAMED");
        }
        cmd.add("-Xmx256m");
        cmd.add("-Djava.util.logging.SimpleFormatter.format=%4$s %5$s%n");
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.addAll(List.of(jvmOptionsThenMain));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            fail("child JVM did not finish in 120 s: " + Files.readString(log));
        }
        List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), "child JVM failed:\n" + String.join("\n", lines));
        return lines;
    }
}
