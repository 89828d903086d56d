package dev.restcompress.bench.dictionary;

import dev.restcompress.bench.codec.BenchCodecs;
import dev.restcompress.bench.core.Corpus;
import dev.restcompress.bench.core.Engine;
import dev.restcompress.bench.core.SpiEngine;
import dev.restcompress.codec.CodingProviders;
import dev.restcompress.codec.dictionary.DictionaryCodecs;
import dev.restcompress.dictionary.CompressionDictionary;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.zip.GZIPOutputStream;

/**
 * The dictionary of the small-payload rows, the engines that use a dictionary, and the gzip-6 bytes
 * every dictionary row is compared with.
 *
 * <p>The small-payload bodies are the first 128 B to 8 KiB of corpus files. The dictionary (32 KiB,
 * raw, {@link RawDictionary}) is trained on the rest of the same files, from byte 8192 on: same
 * shape (same API, same field names), other records, and never a byte of a measured body.
 */
public final class BenchDictionary {
    /** Dictionary size: a typical size for an API's responses. */
    static final int SIZE = 32 * 1024;
    /** Training starts here in every file, past the largest small body. */
    public static final int TRAINING_FROM = 8192;

    private static final Map<Path, byte[]> TRAINED = new ConcurrentHashMap<>();

    private BenchDictionary() {
    }

    /** The dictionary for {@code corpus}, trained once per JVM. */
    public static byte[] forCorpus(Path corpus) {
        return TRAINED.computeIfAbsent(corpus.toAbsolutePath().normalize(), c -> RawDictionary.train(
                DictionarySamples.balanced(Corpus.names(c).stream().map(name -> Corpus.read(c, name))
                        .filter(all -> all.length > TRAINING_FROM)
                        .map(all -> DictionarySamples.pieces(Arrays.copyOfRange(all, TRAINING_FROM, all.length)))
                        .toList(), 100L * SIZE), SIZE, false));
    }

    /**
     * The library's codec through the SPI: {@code zstd-N} (no dictionary, any level) or {@code dcz-N} /
     * {@code dcb-N} (RFC 9842, the 40/36-byte header included) with {@code dictionary} at level N.
     */
    public static Engine engine(String id, byte[] dictionary) {
        int level = Integer.parseInt(id.substring(id.indexOf('-') + 1));
        String coding = id.substring(0, id.indexOf('-'));
        if (coding.equals("dcz") || coding.equals("dcb")) {
            return new SpiEngine(DictionaryCodecs.create(coding, CompressionDictionary.of("bench", dictionary, "/*", ""),
                    level));
        }
        if (coding.equals("zstd")) {
            // Any level, through the library's provider (the catalogue lists zstd-1 and zstd-3 only).
            return new SpiEngine(CodingProviders.get("zstd").create(level, 1));
        }
        return BenchCodecs.byId(id).engine("spi");
    }

    /** The gzip-6 size of {@code data}: the JDK's zlib at level 6 with gzip's 10-byte header and 8-byte trailer. */
    public static int gzip6Size(byte[] data) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(out)) {
            gzip.write(data);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.size();
    }
}
