package dev.restcompress.nativelib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The loader keeps success or failure as a value; this build machine has libdeflate0 installed. */
class LibdeflateLoaderTest {

    @Test
    void systemLoaderFindsLibdeflateOnThisMachine() {
        LibdeflateLoader loader = LibdeflateLoader.system();
        // The project's test setup installs libdeflate0; if this fails, the reason says what is missing.
        assertTrue(loader.isAvailable(), loader.reason());
        assertEquals("loaded", loader.reason());
        assertEquals(LibdeflateLoader.DEFAULT_LIBRARY_NAME, loader.libraryName());
        loader.verify();
    }

    @Test
    void missingLibraryIsAValueNotAnException() {
        LibdeflateLoader missing = LibdeflateLoader.load("librestcompress-no-such-lib.so.0");
        assertFalse(missing.isAvailable());
        assertTrue(missing.reason().contains("librestcompress-no-such-lib.so.0"), missing.reason());
        assertTrue(missing.reason().contains("dlopen"), missing.reason());
        IllegalStateException e = assertThrows(IllegalStateException.class, missing::verify);
        assertTrue(e.getMessage().contains("no-such-lib"), e.getMessage());
        // A failed attempt does not disturb the working process-wide binding.
        assertTrue(LibdeflateLoader.system().isAvailable());
    }

    @Test
    void libraryWithoutLibdeflateSymbolsIsRejected() {
        // libc loads but is not libdeflate: the symbol lookup must fail cleanly, even though the
        // process-wide binding to the real libdeflate already exists.
        LibdeflateLoader notDeflate = LibdeflateLoader.load("libc.so.6");
        assertFalse(notDeflate.isAvailable());
        assertTrue(notDeflate.reason().contains("symbol libdeflate_"), notDeflate.reason());
    }

    @Test
    void nullNameIsRejected() {
        assertThrows(NullPointerException.class, () -> LibdeflateLoader.load(null));
    }

    @Test
    void platformFolderMatchesTheBuild() {
        String os = System.getProperty("os.name").toLowerCase();
        String arch = System.getProperty("os.arch");
        if (os.startsWith("linux") && (arch.equals("amd64") || arch.equals("x86_64"))) {
            assertEquals("linux-x86_64", LibdeflateLoader.platform());
        }
        assertTrue(LibdeflateLoader.platform().matches("[a-z0-9]+-[a-z0-9_]+"), LibdeflateLoader.platform());
    }
}
