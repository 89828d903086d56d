package dev.restcompress.nativelib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
