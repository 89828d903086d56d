package dev.restcompress.nativelib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/**
 * What the build put into the jar, read with {@code readelf} (binutils, which gcc brings): a shim of
 * each variant for every platform the jar promises, of the right machine, needing nothing but libc
 * (above all no libdeflate), exporting nothing but its JNI entry points, and asking no newer glibc
 * than 2.17 (the bundled shims); and libdeflate's licence beside them.
 */
class NativeBinaryTest {
    private static final Pattern GLIBC = Pattern.compile("GLIBC_(\\d+)\\.(\\d+)");

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({
            "linux-x86_64, restcompress_libdeflate, X86-64",
            "linux-x86_64, restcompress_libdeflate_system, X86-64",
            "linux-aarch64, restcompress_libdeflate, AArch64",
            "linux-aarch64, restcompress_libdeflate_system, AArch64"})
    void shimNeedsOnlyLibcAndExportsOnlyJni(String platform, String shim, String machine) throws Exception {
        String file = shimFile(platform, shim);
        assertTrue(readelf("-h", file).contains(machine), file + " is not built for " + machine);

        List<String> needed = new ArrayList<>();
        for (String line : readelf("-d", file).split("\n")) {
            if (line.contains("(NEEDED)")) {
                needed.add(line.substring(line.indexOf('[') + 1, line.indexOf(']')));
            }
        }
        assertEquals(List.of("libc.so.6"), needed, file + " needs more than libc");
        assertFalse(needed.stream().anyMatch(n -> n.contains("libdeflate")), file);

        for (String line : readelf("--dyn-syms", "-W", file).split("\n")) {
            String[] f = line.trim().split("\\s+");
            // Num: Value Size Type Bind Vis Ndx Name: defined GLOBAL symbols are what the shim exports.
            if (f.length >= 8 && f[4].equals("GLOBAL") && !f[6].equals("UND")) {
                assertTrue(f[7].startsWith("Java_dev_restcompress_nativelib_LibdeflateNative_"),
                        file + " exports " + f[7]);
            }
            if (f.length >= 8 && f[7].startsWith("libdeflate_") && !f[6].equals("UND")) {
                fail(file + " exports libdeflate's own symbol " + f[7]);
            }
        }
        if (shim.equals(LibdeflateLoader.BUNDLED_SHIM)) {
            Matcher m = GLIBC.matcher(readelf("-V", "-W", file));
            while (m.find()) {
                int major = Integer.parseInt(m.group(1));
                int minor = Integer.parseInt(m.group(2));
                assertTrue(major < 2 || (major == 2 && minor <= 17), file + " needs " + m.group() + " (newer than 2.17)");
            }
        }
    }

    /**
     * The Windows DLL, read with mingw's objdump (binutils-mingw-w64, which the cross compiler that
     * built it brings): a PE32+ for x86-64 importing only the C runtime and KERNEL32, exporting only
     * the JNI entry points.
     */
    @Test
    void windowsDllImportsOnlyTheCRuntimeAndExportsOnlyJni() throws Exception {
        String file = shimFile("windows-x86_64", "restcompress_libdeflate.dll");
        String dump = run("x86_64-w64-mingw32-objdump", "-p", file);
        assertTrue(dump.contains("file format pei-x86-64"), file + " is not a PE32+ x86-64 DLL:\n" + dump);
        List<String> imports = new ArrayList<>();
        List<String> exports = new ArrayList<>();
        boolean inNames = false;
        for (String line : dump.split("\n")) {
            String t = line.trim();
            if (t.startsWith("DLL Name:")) {
                imports.add(t.substring("DLL Name:".length()).trim());
            }
            // The export table's name list: "[   0] Java_...".
            if (t.startsWith("[Ordinal/Name Pointer] Table")) {
                inNames = true;
            } else if (inNames && t.matches("\\[\\s*\\d+\\] \\S+")) {
                exports.add(t.substring(t.indexOf(']') + 1).trim());
            } else if (inNames && !t.isEmpty()) {
                inNames = false;
            }
        }
        assertEquals(List.of("KERNEL32.dll", "msvcrt.dll"), imports, file + " imports more than the C runtime");
        assertEquals(8, exports.size(), file + " exports " + exports);
        for (String name : exports) {
            assertTrue(name.startsWith("Java_dev_restcompress_nativelib_LibdeflateNative_"), file + " exports " + name);
        }
    }

    /**
     * The macOS dylibs, which nothing here can run, read with LLVM's objdump (Debian package llvm):
     * a 64-bit Mach-O dylib of the right CPU, for macOS 11 or newer, loading only libSystem (and
     * itself by its install name), exporting only the JNI entry points (plus the header symbol the
     * linker adds to every dylib).
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"macos-x86_64, X86_64", "macos-aarch64, ARM64"})
    void macosDylibNeedsOnlyLibSystemAndExportsOnlyJni(String platform, String cpu) throws Exception {
        String file = shimFile(platform, "librestcompress_libdeflate.dylib");
        String headers = run("llvm-objdump", "--macho", "--private-headers", file);
        String[] mach = headers.lines().filter(l -> l.startsWith("MH_MAGIC")).findFirst().orElse("").trim().split("\\s+");
        assertTrue(mach.length > 4 && mach[0].equals("MH_MAGIC_64") && mach[1].equals(cpu) && mach[4].equals("DYLIB"),
                file + " is not a 64-bit " + cpu + " dylib:\n" + headers);
        assertTrue(headers.matches("(?s).*cmd LC_BUILD_VERSION\\s+cmdsize \\d+\\s+platform macos\\s+sdk [\\d.]+\\s+minos 11\\.0\\s.*"),
                file + " is not for macOS 11.0 or newer:\n" + headers);
        List<String> dylibs = new ArrayList<>();
        String[] lines = headers.split("\n");
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].trim().equals("cmd LC_LOAD_DYLIB") || lines[i].trim().equals("cmd LC_LOAD_WEAK_DYLIB")
                    || lines[i].trim().equals("cmd LC_REEXPORT_DYLIB")) {
                String name = lines[i + 2].trim();
                dylibs.add(name.substring("name ".length(), name.indexOf(" (offset")));
            }
            if (lines[i].trim().equals("cmd LC_ID_DYLIB")) {
                assertEquals("name @rpath/librestcompress_libdeflate.dylib", lines[i + 2].trim().replaceAll(" \\(offset.*", ""),
                        file + ": the install name must not be a build path");
            }
        }
        assertEquals(List.of("/usr/lib/libSystem.B.dylib"), dylibs, file + " loads more than libSystem");
        List<String> exports = new ArrayList<>();
        for (String line : run("llvm-objdump", "--macho", "--exports-trie", file).split("\n")) {
            String t = line.trim();
            if (t.startsWith("0x")) {
                exports.add(t.substring(t.indexOf(' ') + 1).trim());
            }
        }
        // The Mach-O header, which the linker exports from every dylib under one of these names.
        exports.remove("__mh_dylib_header");
        exports.remove("___dso_handle");
        assertEquals(8, exports.size(), file + " exports " + exports);
        for (String name : exports) {
            assertTrue(name.startsWith("_Java_dev_restcompress_nativelib_LibdeflateNative_"), file + " exports " + name);
        }
    }

    @Test
    void libdeflateLicenceTravelsWithTheShims() throws IOException {
        try (InputStream in = NativeBinaryTest.class.getResourceAsStream("/META-INF/licenses/libdeflate-COPYING")) {
            assertNotNull(in, "META-INF/licenses/libdeflate-COPYING is missing");
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(text.contains("Eric Biggers") && text.contains("Permission is hereby granted"), text);
        }
    }

    private static String shimFile(String platform, String shim) throws URISyntaxException {
        String resource = "/native/" + platform + "/" + (shim.contains(".") ? shim : "lib" + shim + ".so");
        URL url = NativeBinaryTest.class.getResource(resource);
        assertNotNull(url, "the build did not put " + resource + " on the class path");
        assertEquals("file", url.getProtocol(), "tests read the shims from target/classes: " + url);
        return Path.of(url.toURI()).toString();
    }

    private static String readelf(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add("readelf");
        cmd.addAll(List.of(args));
        return run(cmd.toArray(String[]::new));
    }

    private static String run(String... command) throws IOException, InterruptedException {
        List<String> cmd = List.of(command);
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), cmd.get(0) + " hung");
        assertEquals(0, p.exitValue(), String.join(" ", cmd) + ":\n" + out);
        return out;
    }
}
