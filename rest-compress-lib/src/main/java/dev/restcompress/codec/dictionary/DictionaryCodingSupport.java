package dev.restcompress.codec.dictionary;

import dev.restcompress.codec.Codec;
import dev.restcompress.dictionary.CompressionDictionary;

/**
 * Implemented by a {@link dev.restcompress.codec.CodingProvider} whose coding has a dictionary
 * variant in RFC 9842 ({@code zstd} has {@code dcz}, {@code br} has {@code dcb}), so that the
 * dictionary codec lives beside its library and is created only once the provider found it usable.
 */
public interface DictionaryCodingSupport {
    /** The dictionary coding token, e.g. {@code "dcz"}. */
    String dictionaryCoding();

    /**
     * A codec of {@link #dictionaryCoding()} against {@code dictionary}; it prepares the dictionary
     * once (native memory held while the codec is reachable). Thread-safe.
     *
     * @param level the level of the base coding (zstd 1-19, brotli 0-11)
     * @param pooled whether the codec keeps native contexts between calls (faster); a codec that is
     *        dropped while others live on (a delta version, a client's dictionary) must not, since
     *        nothing would free its idle contexts
     * @throws IllegalArgumentException if the level is out of range
     * @throws IllegalStateException if the provider's library is not available
     */
    Codec createDictionaryCodec(CompressionDictionary dictionary, int level, boolean pooled);
}
