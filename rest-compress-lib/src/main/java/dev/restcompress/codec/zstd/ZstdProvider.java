package dev.restcompress.codec.zstd;

import dev.restcompress.codec.Availability;
import dev.restcompress.codec.Codec;
import dev.restcompress.codec.Levels;
import dev.restcompress.codec.OptionalCodingProvider;

/**
 * The {@code zstd} coding (RFC 8878, HTTP use per RFC 9659) when {@code com.github.luben:zstd-jni}
 * is on the class path and its native library loads. Levels 1 to 22 (zstd's "fast" negative levels
 * are not offered); defaults 3 one-shot, 1 streaming, from the measurements in docs/codings.md.
 * {@link ZstdCodec}, which links against zstd-jni, is touched only after the probe succeeded.
 */
public final class ZstdProvider extends OptionalCodingProvider
        implements dev.restcompress.codec.dictionary.DictionaryCodingSupport {
    /** Maven coordinates of the library with the version the build was tested with, for messages. */
    static final String ARTIFACT = testedArtifact("com.github.luben:zstd-jni");

    /** zstd-jni's entry class, by name: this provider loads without zstd-jni. */
    private static final String ZSTD = "com.github.luben.zstd.Zstd";

    public ZstdProvider() {
        super("zstd", new Levels(1, 22, 22, 3, 1));
    }

    @Override
    protected Codec newCodec(int level, int streamingLevel) {
        return new ZstdCodec(level, streamingLevel);
    }

    @Override
    protected Availability probe() {
        return probeLibrary(ZSTD, ARTIFACT, "zstd-jni", ARTIFACT, () -> {
            // Initializing Zstd loads its native library (zstd-jni's own loader), or throws.
            Class.forName(ZSTD, true, ZstdProvider.class.getClassLoader());
            return null;
        });
    }

    @Override
    public String dictionaryCoding() {
        return dev.restcompress.dictionary.DictionaryHeaders.DCZ;
    }

    @Override
    public Codec createDictionaryCodec(dev.restcompress.dictionary.CompressionDictionary dictionary, int level,
            boolean pooled) {
        requireAvailable();
        return DczCodec.create(dictionary, level, pooled);
    }
}
