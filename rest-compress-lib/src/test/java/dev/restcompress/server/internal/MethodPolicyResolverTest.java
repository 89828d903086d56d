package dev.restcompress.server.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.restcompress.annotation.Brotli;
import dev.restcompress.annotation.Compress;
import dev.restcompress.annotation.FastGzip;
import dev.restcompress.annotation.LZF;
import dev.restcompress.annotation.Zstd;
import dev.restcompress.codec.Codec;
import dev.restcompress.codec.CodecRegistry;
import dev.restcompress.config.CompressionSettings;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What a resource method offers, resolved from its annotations at deployment (in memory, no server):
 * method over class, named order, stacked annotations in preference order, per-method levels and
 * their ranges, threshold and one-shot limit overrides.
 */
class MethodPolicyResolverTest {
    static final CompressionSettings SETTINGS = CompressionSettings.from(Map.<String, Object>of()::get);
    static final CodecRegistry REGISTRY = SETTINGS.createRegistry();
    /** One per test: the resolver caches codecs per level, and each test must see a fresh cache. */
    final MethodPolicyResolver resolver = new MethodPolicyResolver(SETTINGS, REGISTRY, 1 << 20);

    /** Methods with every annotation shape we resolve. */
    @SuppressWarnings("unused")
    static class Resource {
        public void plain() { }
        @Deprecated public void otherAnnotationOnly() { }
        @Compress({"gzip", "lzf"}) public void named() { }
        @Compress({"gzip", "GZIP", "x-gzip"}) public void namedTwice() { }
        @FastGzip @LZF public void stacked() { }
        @Compress public void everything() { }
        @Compress(threshold = 0, oneShotLimit = 0) public void zeroLimits() { }
        @Compress(threshold = 7, oneShotLimit = 9) public void ownLimits() { }
        @Compress("compress") public void unknownCoding() { }
        @Zstd(level = 7) public void zstd7() { }
        @Zstd(level = 3) public void zstdDefaultLevel() { }
        @Zstd public void zstdGlobalLevel() { }
        @Zstd(level = 1) public void zstdMin() { }
        @Zstd(level = 22) public void zstdMax() { }
        @Zstd(level = 23) public void zstdTooHigh() { }
        @Brotli(level = 9) public void br9() { }
        @Brotli(level = 4) public void brDefaultLevel() { }
        @Brotli public void brGlobalLevel() { }
        @Brotli(level = 1) public void brMin() { }
        @Brotli(level = 11) public void brMax() { }
        @Brotli(level = 12) public void brTooHigh() { }
        @FastGzip(level = 1) public void gzip1() { }
        @FastGzip(level = 6) public void gzipDefaultLevel() { }
        @FastGzip(level = 0) public void gzipGlobalLevel() { }
        @FastGzip(level = 13) public void gzipTooHigh() { }
        @FastGzip(level = 9) public void gzip9() { }
        @FastGzip(level = 12) public void gzip12() { }
    }

    /** A class-level annotation applies to methods without their own. */
    @SuppressWarnings("unused")
    @LZF
    static class ClassLevel {
        public void inherits() { }
        @FastGzip public void replaces() { }
    }

    MethodPolicy resolve(Class<?> c, String method) throws NoSuchMethodException {
        Method m = c.getMethod(method);
        return resolver.resolve(c, m);
    }

    MethodPolicy resolve(String method) throws NoSuchMethodException {
        return resolve(Resource.class, method);
    }

    @Test
    void unannotatedMethodsOfferNothing() throws Exception {
        assertNull(resolve("plain"));
        assertNull(resolve("otherAnnotationOnly"));
        assertNull(resolver.resolve(null, Resource.class.getMethod("plain")));
    }

    @Test
    void aClassAnnotationAppliesUnlessTheMethodHasItsOwn() throws Exception {
        assertEquals(List.of("lzf"), resolve(ClassLevel.class, "inherits").codings());
        assertEquals(List.of("gzip"), resolve(ClassLevel.class, "replaces").codings());
    }

    @Test
    void namedCodingsKeepTheirOrderOnce() throws Exception {
        assertEquals(List.of("gzip", "lzf"), resolve("named").codings());
        assertEquals(List.of("gzip"), resolve("namedTwice").codings());
    }

    @Test
    void stackedAnnotationsFollowTheServerPreference() throws Exception {
        // preference zstd, lzf, br, gzip: lzf before gzip whatever the annotation order
        assertEquals(List.of("lzf", "gzip"), resolve("stacked").codings());
        assertEquals(SETTINGS.inPreferenceOrder(REGISTRY.codings()), resolve("everything").codings());
    }

    @Test
    void limitsComeFromTheAnnotationWhenSetEvenToZero() throws Exception {
        MethodPolicy defaults = resolve("everything");
        assertEquals(SETTINGS.threshold(), defaults.threshold());
        assertEquals(SETTINGS.oneShotLimit(), defaults.oneShotLimit());
        MethodPolicy zero = resolve("zeroLimits");
        assertEquals(0, zero.threshold());
        assertEquals(0, zero.oneShotLimit());
        MethodPolicy own = resolve("ownLimits");
        assertEquals(7, own.threshold());
        assertEquals(9, own.oneShotLimit());
        assertEquals(1 << 20, own.maxDeclaredLength());
    }

    @Test
    void anUnknownCodingFailsAtDeploymentNamingTheMethod() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> resolve("unknownCoding"));
        assertTrue(e.getMessage().contains("unknownCoding") && e.getMessage().contains("'compress'"), e.getMessage());
    }

    @Test
    void zstdLevels() throws Exception {
        assumeTrue(REGISTRY.forCoding("zstd") != null, "zstd-jni absent");
        assertEquals(7, level(resolve("zstd7").codec("zstd")));
        assertNotSame(REGISTRY.forCoding("zstd"), resolve("zstd7").codec("zstd"));
        // The global level (3), by number or by default, is the registry's own codec.
        assertSame(REGISTRY.forCoding("zstd"), resolve("zstdDefaultLevel").codec("zstd"));
        assertSame(REGISTRY.forCoding("zstd"), resolve("zstdGlobalLevel").codec("zstd"));
        assertEquals(1, level(resolve("zstdMin").codec("zstd")));
        assertEquals(22, level(resolve("zstdMax").codec("zstd")));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> resolve("zstdTooHigh"));
        assertTrue(e.getMessage().contains("@Zstd(level)") && e.getMessage().contains("was 23"), e.getMessage());
    }

    @Test
    void brotliLevels() throws Exception {
        assumeTrue(REGISTRY.forCoding("br") != null, "brotli4j absent");
        assertEquals(9, level(resolve("br9").codec("br")));
        assertSame(REGISTRY.forCoding("br"), resolve("brDefaultLevel").codec("br"));
        assertSame(REGISTRY.forCoding("br"), resolve("brGlobalLevel").codec("br"));
        assertEquals(1, level(resolve("brMin").codec("br")));
        assertEquals(11, level(resolve("brMax").codec("br")));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> resolve("brTooHigh"));
        assertTrue(e.getMessage().contains("@Brotli(level)") && e.getMessage().contains("was 12"), e.getMessage());
    }

    @Test
    void gzipLevelsStayOnTheServersEngine() throws Exception {
        var base = REGISTRY.forCoding("gzip");
        assertEquals(1, level(resolve("gzip1").codec("gzip")));
        assertEquals(engine(base), engine(resolve("gzip1").codec("gzip")));
        assertSame(resolve("gzip1").codec("gzip"), resolve("gzip1").codec("gzip"), "one codec per level");
        assertSame(base, resolve("gzipDefaultLevel").codec("gzip"));
        assertSame(base, resolve("gzipGlobalLevel").codec("gzip"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> resolve("gzipTooHigh"));
        assertTrue(e.getMessage().contains("@FastGzip(level)") && e.getMessage().contains("was 13"), e.getMessage());
        // The top of each engine's range is valid: 9 on both, 12 only on libdeflate.
        assertEquals(9, level(resolve("gzip9").codec("gzip")));
        if (engine(base).equals("libdeflate")) {
            assertEquals(12, level(resolve("gzip12").codec("gzip")));
        } else {
            assertThrows(IllegalArgumentException.class, () -> resolve("gzip12"));
        }
    }

    /** A codec's one-shot level, as its toString states it ("zstd[level 7/1]", "gzip[JDK, level 6/1]"). */
    static int level(Codec codec) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("level (\\d+)/").matcher(codec.toString());
        if (!m.find()) {
            throw new AssertionError("no level in " + codec);
        }
        return Integer.parseInt(m.group(1));
    }

    /** The gzip engine of a gzip codec, from its toString ("gzip[libdeflate, ...]"). */
    static String engine(Codec codec) {
        String s = codec.toString();
        return s.substring(s.indexOf('[') + 1, s.indexOf(','));
    }
}
