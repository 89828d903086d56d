package dev.restcompress.codec.gzip;

import dev.restcompress.codec.Codec;
import dev.restcompress.codec.CodecRegistry;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.nativelib.LibdeflateLoader;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** Engine selection, the registry's report of it, and the fallback registry still round-tripping. */
class LibdeflateGzipEngineTest {
    private static final Supplier<LibdeflateLoader> MUST_NOT_LOAD = () -> {
        throw new AssertionError("the loader must not be consulted");
    };

    @Test
    void autoPicksLibdeflateWhenItLoads() {
        assertTrue(LibdeflateLoader.system().isAvailable(), LibdeflateLoader.system().reason());
        assertSame(GzipEngine.LIBDEFLATE, GzipEngine.select(null, LibdeflateLoader::system));
        assertSame(GzipEngine.LIBDEFLATE, GzipEngine.select(" AUTO ", LibdeflateLoader::system));
        assertSame(GzipEngine.LIBDEFLATE, GzipEngine.select("", LibdeflateLoader::system));
    }

    @Test
    void autoFallsBackWhenTheLibraryIsMissing() {
        LibdeflateLoader missing = LibdeflateLoader.load("librestcompress-missing.so.0");
        assertSame(GzipEngine.JDK, GzipEngine.select("auto", () -> missing));
        assertSame(GzipEngine.JDK, GzipEngine.select(null, () -> missing));
    }

    @Test
    void jdkIsAKillSwitchThatNeverTouchesTheLoader() {
        assertSame(GzipEngine.JDK, GzipEngine.select("jdk", MUST_NOT_LOAD));
        assertSame(GzipEngine.JDK, GzipEngine.select("JDK", MUST_NOT_LOAD));
    }

    @Test
    void unknownEngineFailsFastNamingTheProperty() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> GzipEngine.select("zlib-ng", MUST_NOT_LOAD));
        assertTrue(e.getMessage().contains(GzipEngine.PROPERTY) && e.getMessage().contains("zlib-ng"), e.getMessage());
    }

    @Test
    void providerReportsItsEngine() {
        assertEquals("gzip (libdeflate 1.23 bundled)", new GzipProvider().description(), "the bundled libdeflate");
        assertEquals(12, new GzipProvider().levels().max());
        assertInstanceOf(LibdeflateGzipCodec.class, CodecRegistry.defaults().forCoding("x-gzip"));
    }

    @Test
    void fallbackRegistryRoundTrips() throws Exception {
        LibdeflateLoader missing = LibdeflateLoader.load("librestcompress-missing.so.0");
        GzipEngine engine = GzipEngine.select("auto", () -> missing);
        assertSame(GzipEngine.JDK, engine);
        Codec gzip = engine.create(6, 1);
        byte[] data = "{\"fallback\":true}".repeat(200).getBytes();
        byte[] gz = LibdeflateGzipCodecTest.compressGuarded(gzip, data);
        assertEquals(new String(data), new String(LibdeflateGzipCodecTest.gunzipJdk(gz)));
    }

    @Test
    void enginesKnowTheirLevels() {
        assertEquals(12, GzipEngine.LIBDEFLATE.maxLevel());
        assertEquals(9, GzipEngine.JDK.maxLevel());
        GzipCodec l11 = GzipEngine.LIBDEFLATE.create(11, 2);
        assertSame(GzipEngine.LIBDEFLATE, l11.engine());
        assertEquals(11, l11.level());
        assertThrows(IllegalArgumentException.class, () -> GzipEngine.JDK.create(10, 1));
        assertSame(GzipEngine.JDK, new JdkGzipCodec(3, 1).engine());
        assertEquals(3, new JdkGzipCodec(3, 1).level());
    }
}
