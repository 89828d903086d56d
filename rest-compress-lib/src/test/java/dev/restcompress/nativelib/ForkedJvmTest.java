package dev.restcompress.nativelib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * What can only be seen from a fresh JVM: the fallback when libdeflate is missing (engine, round
 * trip, exactly one log line), the {@code jdk} kill switch (no native code mapped at all), and
 * {@code -Xcheck:jni} reporting nothing about the shim.
 */
@Timeout(180)
class ForkedJvmTest {
    private static final String UNAVAILABLE = "native libdeflate gzip unavailable";

    @TempDir
    Path tmp;

    @Test
    void missingLibdeflateFallsBackToJdkAndLogsOnce() throws Exception {
        List<String> out = runJava("-D" + LibdeflateLoader.LIBRARY_NAME_PROPERTY + "=librestcompress-missing.so.0",
                FallbackMain.class.getName());
        assertTrue(out.contains("engine=JDK"), String.join("\n", out));
        assertTrue(out.contains("roundtrip=ok"), String.join("\n", out));
        List<String> logged = out.stream().filter(l -> l.contains(UNAVAILABLE)).toList();
        assertEquals(1, logged.size(), "exactly one log line expected:\n" + String.join("\n", out));
        assertTrue(logged.get(0).contains("librestcompress-missing.so.0"), logged.get(0));
        assertTrue(logged.get(0).startsWith("WARNING"), logged.get(0));
    }

    @Test
    void jdkEngineNeverLoadsNativeCode() throws Exception {
        List<String> out = runJava("-Drest-compress.gzip.engine=jdk", FallbackMain.class.getName());
        assertTrue(out.contains("engine=JDK"), String.join("\n", out));
        assertTrue(out.contains("roundtrip=ok"), String.join("\n", out));
        assertTrue(out.contains("shim-mapped=false"), String.join("\n", out));
        assertTrue(out.stream().noneMatch(l -> l.contains(UNAVAILABLE)), String.join("\n", out));
    }

    @Test
    void defaultEngineIsLibdeflate() throws Exception {
        List<String> out = runJava("-Dunused=1", FallbackMain.class.getName());
        assertTrue(out.contains("engine=libdeflate"), String.join("\n", out));
        assertTrue(out.contains("roundtrip=ok"), String.join("\n", out));
        assertTrue(out.contains("shim-mapped=true") && out.contains("libdeflate-mapped=true"), String.join("\n", out));
        assertTrue(out.stream().noneMatch(l -> l.contains(UNAVAILABLE)), String.join("\n", out));
    }

    @Test
    void checkJniFindsNothingToReport() throws Exception {
        List<String> out = runJava("-Xcheck:jni", NativeExerciseMain.class.getName());
        assertTrue(out.contains("exercise ok"), String.join("\n", out));
        for (String line : out) {
            String l = line.toLowerCase();
            if (l.contains("warning") || l.contains("fatal error") || l.contains("jni")) {
                fail("-Xcheck:jni reported: " + line + "\nfull output:\n" + String.join("\n", out));
            }
        }
    }

    /** Runs a main class of the test classpath in a child JVM; bounded in time, output via a file. */
    private List<String> runJava(String jvmOption, String mainClass) throws IOException, InterruptedException {
        Path log = Files.createTempFile(tmp, "child", ".log");
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("--enable-native-access=ALL-UNNAMED");
        cmd.add("-Xmx256m");
        cmd.add("-Djava.util.logging.SimpleFormatter.format=%4$s %5$s%n");
        cmd.add(jvmOption);
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(mainClass);
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
