package dev.restcompress.server.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.annotation.Compress;
import dev.restcompress.annotation.Zstd;
import dev.restcompress.codec.CodecRegistry;
import dev.restcompress.config.CompressionSettings;
import java.lang.reflect.Method;
import org.junit.jupiter.api.Test;

/** Per-method settings that cannot be honoured fail at deployment, naming the method and the value. */
class PolicyMisconfigurationTest {
    static final CompressionSettings SETTINGS = CompressionSettings.fromSystemProperties();
    static final MethodPolicyResolver RESOLVER = new MethodPolicyResolver(SETTINGS, SETTINGS.createRegistry(), Integer.MAX_VALUE);

    static class Resource {
        @Compress(threshold = -5)
        public void negativeThreshold() { }

        @Compress(oneShotLimit = -2)
        public void negativeOneShotLimit() { }

        @Compress(threshold = -1, oneShotLimit = 0)
        public void globalThresholdAndNoBuffering() { }

        @Compress({"xz"})
        public void unknownCoding() { }

        @Zstd(level = 23)
        public void zstdLevelOutOfRange() { }
    }

    static IllegalArgumentException failure(String name) throws NoSuchMethodException {
        Method m = Resource.class.getMethod(name);
        return assertThrows(IllegalArgumentException.class, () -> RESOLVER.resolve(Resource.class, m));
    }

    @Test
    void aNegativeThresholdFails() throws Exception {
        IllegalArgumentException e = failure("negativeThreshold");
        assertTrue(e.getMessage().contains("@Compress(threshold)") && e.getMessage().contains("negativeThreshold")
                && e.getMessage().contains("-5"), e.getMessage());
    }

    @Test
    void aNegativeOneShotLimitFails() throws Exception {
        assertTrue(failure("negativeOneShotLimit").getMessage().contains("@Compress(oneShotLimit)"));
    }

    @Test
    void minusOneMeansTheGlobalSetting() throws Exception {
        MethodPolicy p = RESOLVER.resolve(Resource.class, Resource.class.getMethod("globalThresholdAndNoBuffering"));
        assertEquals(SETTINGS.threshold(), p.threshold());
        assertEquals(0, p.oneShotLimit());
    }

    @Test
    void anUnknownCodingFails() throws Exception {
        Method m = Resource.class.getMethod("unknownCoding");
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> RESOLVER.resolve(Resource.class, m));
        assertTrue(e.getMessage().contains("'xz'"), e.getMessage());
    }

    @Test
    void anAnnotatedLevelOutOfRangeNamesAnnotationMethodAndRange() throws Exception {
        IllegalArgumentException e = failure("zstdLevelOutOfRange");
        assertTrue(e.getMessage().contains("@Zstd(level)") && e.getMessage().contains("1 to 22")
                && e.getMessage().contains("23"), e.getMessage());
    }
}
