package dev.restcompress.nativelib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The loader keeps success or failure as a value. These run in the default mode: the bundled
 * libdeflate (the system variant's dlopen paths run in a forked JVM, {@link ForkedJvmTest}).
 */
class LibdeflateLoaderTest {

    @Test
    void systemLoaderRunsTheBundledLibdeflate() {
        LibdeflateLoader loader = LibdeflateLoader.system();
        assertTrue(loader.isAvailable(), loader.reason());
        assertEquals("loaded", loader.reason());
        assertEquals("1.23 bundled", loader.library(), "the version compiled into the shim");
        loader.verify();
    }

    @Test
    void systemLibraryCannotBeBoundBesideTheBundledOne() {
        LibdeflateLoader missing = LibdeflateLoader.load("librestcompress-no-such-lib.so.0");
        assertFalse(missing.isAvailable());
        assertTrue(missing.reason().contains("librestcompress-no-such-lib.so.0"), missing.reason());
        assertTrue(missing.reason().contains(LibdeflateLoader.SOURCE_PROPERTY + "=system"), missing.reason());
        IllegalStateException e = assertThrows(IllegalStateException.class, missing::verify);
        assertTrue(e.getMessage().contains("no-such-lib"), e.getMessage());
        // A failed attempt does not disturb the working process-wide binding.
        assertTrue(LibdeflateLoader.system().isAvailable());
    }

    @Test
    void bundledShimHasNoDlopenEntryPoint() {
        // The bundled shim cannot be pointed at another library: openLibrary only exists in the
        // system variant.
        assertThrows(UnsatisfiedLinkError.class, () -> LibdeflateNative.openLibrary("libdeflate.so.0"));
        assertEquals("1.23 bundled", LibdeflateNative.libraryDescription());
    }

    @Test
    void nullNameIsRejected() {
        assertThrows(NullPointerException.class, () -> LibdeflateLoader.load(null));
    }

    @Test
    void platformFolderForEachOperatingSystemJavaReports() {
        // os.name / os.arch as the JDKs report them on each platform.
        assertEquals("linux-x86_64", LibdeflateLoader.platform("Linux", "amd64"));
        assertEquals("linux-aarch64", LibdeflateLoader.platform("Linux", "aarch64"));
        assertEquals("windows-x86_64", LibdeflateLoader.platform("Windows 10", "amd64"));
        assertEquals("windows-x86_64", LibdeflateLoader.platform("Windows Server 2022", "amd64"));
        assertEquals("windows-aarch64", LibdeflateLoader.platform("Windows 11", "aarch64"));
        assertEquals("macos-x86_64", LibdeflateLoader.platform("Mac OS X", "x86_64"));
        assertEquals("macos-aarch64", LibdeflateLoader.platform("Mac OS X", "aarch64"));
        assertEquals("freebsd-x86_64", LibdeflateLoader.platform("FreeBSD", "amd64"));
    }

    @Test
    void muslIsToldFromGlibcByTheMemoryMap() {
        // Excerpts of /proc/self/maps of a JVM on each.
        List<String> alpine = List.of(
                "7f1c2a000000-7f1c2a100000 r-xp 00000000 00:2a 1234 /usr/lib/jvm/java-21-openjdk/lib/server/libjvm.so",
                "7f1c2b000000-7f1c2b014000 r--p 00000000 00:2a 99 /lib/ld-musl-x86_64.so.1",
                "7ffd1c000000-7ffd1c021000 rw-p 00000000 00:00 0 [stack]");
        List<String> alpineArm = List.of("ffff8a000000-ffff8a090000 r-xp 00000000 fd:01 77 /lib/ld-musl-aarch64.so.1");
        List<String> debian = List.of(
                "7f3a00000000-7f3a00028000 r--p 00000000 08:01 1 /usr/lib/x86_64-linux-gnu/libc.so.6",
                "7f3a10000000-7f3a10001000 r--p 00000000 08:01 2 /usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2");
        List<String> centos7 = List.of("7f3a00000000-7f3a00028000 r-xp 00000000 08:01 1 /usr/lib64/libc-2.17.so");
        // A glibc JVM that has mapped a musl file (e.g. read it) is still glibc.
        List<String> glibcWithMuslFile = List.of(debian.get(0), "7f3a20000000-7f3a20001000 r--p 0 08:01 3 /lib/ld-musl-x86_64.so.1");
        assertTrue(LibdeflateLoader.isMusl(alpine));
        assertTrue(LibdeflateLoader.isMusl(alpineArm));
        assertFalse(LibdeflateLoader.isMusl(debian));
        assertFalse(LibdeflateLoader.isMusl(centos7));
        assertFalse(LibdeflateLoader.isMusl(glibcWithMuslFile));
        assertFalse(LibdeflateLoader.isMusl(List.of()), "no map: glibc, as before");
    }

    @Test
    void macosShimsLoadOnlyWhenAskedFor() {
        String why = LibdeflateLoader.notRunYet("macos-aarch64", null);
        assertTrue(why != null && why.contains("macos-aarch64") && why.contains("-Drest-compress.native.libdeflate=bundled"),
                String.valueOf(why));
        assertTrue(LibdeflateLoader.notRunYet("macos-x86_64", " ") != null, "blank is unset");
        assertEquals(null, LibdeflateLoader.notRunYet("macos-x86_64", "bundled"), "asked for");
        assertEquals(null, LibdeflateLoader.notRunYet("linux-x86_64", null));
        assertEquals(null, LibdeflateLoader.notRunYet("linux-aarch64-musl", null));
        assertEquals(null, LibdeflateLoader.notRunYet("windows-x86_64", null));
    }

    @Test
    void thisJvmRunsOnGlibc() throws Exception {
        // Every JVM the build runs is glibc (or Windows): the real map must say so.
        if (LibdeflateLoader.platform().startsWith("linux")) {
            assertFalse(LibdeflateLoader.isMusl(java.nio.file.Files.readAllLines(java.nio.file.Path.of("/proc/self/maps"),
                    java.nio.charset.StandardCharsets.ISO_8859_1)));
            assertFalse(LibdeflateLoader.platform().endsWith("-musl"), LibdeflateLoader.platform());
        }
    }

    @Test
    void platformFolderMatchesTheBuild() {
        String os = System.getProperty("os.name").toLowerCase();
        String arch = System.getProperty("os.arch");
        if (os.startsWith("linux") && (arch.equals("amd64") || arch.equals("x86_64"))) {
            assertEquals("linux-x86_64", LibdeflateLoader.platform());
        }
        if (os.startsWith("linux") && arch.equals("aarch64")) {
            assertEquals("linux-aarch64", LibdeflateLoader.platform());
        }
        if (os.startsWith("windows") && arch.equals("amd64")) {
            assertEquals("windows-x86_64", LibdeflateLoader.platform());
        }
        assertTrue(LibdeflateLoader.platform().matches("[a-z0-9]+-[a-z0-9_]+"), LibdeflateLoader.platform());
        // The build's aarch64-qemu run sets this: proof that it really ran the other platform's shim.
        String expected = System.getProperty("rest-compress.test.expected-platform");
        if (expected != null) {
            assertEquals(expected, LibdeflateLoader.platform());
        }
    }
}
