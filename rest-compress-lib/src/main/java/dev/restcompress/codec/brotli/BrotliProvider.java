package dev.restcompress.codec.brotli;

import dev.restcompress.codec.Availability;
import dev.restcompress.codec.Codec;
import dev.restcompress.codec.Levels;
import dev.restcompress.codec.OptionalCodingProvider;

/**
 * The {@code br} coding (Brotli, RFC 7932) when {@code com.aayushatharva.brotli4j:brotli4j} and its
 * native library for the platform ({@code com.aayushatharva.brotli4j:native-<platform>}) are present.
 * Qualities 0 to 11; defaults 4 one-shot, 1 streaming, from the measurements in docs/codings.md. The
 * classes that link against brotli4j are touched only after it was found.
 */
public final class BrotliProvider extends OptionalCodingProvider
        implements dev.restcompress.codec.dictionary.DictionaryCodingSupport {
    /** Maven coordinates of the library with the version the build was tested with, for messages. */
    static final String ARTIFACT = testedArtifact("com.aayushatharva.brotli4j:brotli4j");

    public BrotliProvider() {
        super("br", new Levels(0, 11, 11, 4, 1));
    }

    @Override
    protected Codec newCodec(int level, int streamingLevel) {
        return new BrotliCodec(level, streamingLevel);
    }

    @Override
    protected Availability probe() {
        return probeLibrary("com.aayushatharva.brotli4j.Brotli4jLoader", ARTIFACT, "brotli4j",
                "add " + testedArtifact("com.aayushatharva.brotli4j:native-" + platform()),
                BrotliProbe::unavailabilityCause);
    }

    /** brotli4j's name for this platform in its native artifacts ({@code native-linux-x86_64}, ...). */
    static String platform() {
        String os = System.getProperty("os.name", "").toLowerCase(java.util.Locale.ROOT);
        String arch = System.getProperty("os.arch", "").toLowerCase(java.util.Locale.ROOT);
        String o = os.contains("mac") ? "osx" : os.contains("win") ? "windows" : os.contains("linux") ? "linux" : os;
        String a = arch.equals("amd64") || arch.equals("x86_64") ? "x86_64"
                : arch.equals("arm64") || arch.equals("aarch64") ? "aarch64" : arch;
        return o + "-" + a;
    }

    @Override
    public String dictionaryCoding() {
        return dev.restcompress.dictionary.DictionaryHeaders.DCB;
    }

    @Override
    public Codec createDictionaryCodec(dev.restcompress.dictionary.CompressionDictionary dictionary, int level,
            boolean pooled) {
        requireAvailable();
        return DcbCodec.create(dictionary, level); // holds no pooled native state
    }
}
