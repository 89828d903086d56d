package dev.restcompress.bench.dictionary;

import com.github.luben.zstd.Zstd;
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
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The bench's raw dictionaries, their engines, and the gzip-6 bytes every row is compared with. None starts with
 * the ZDICT magic (zstd would read a structured dictionary, Chromium fail the fetch): a newline byte goes first.
 */
public final class BenchDictionary {
    private static final int SIZE = 32 * 1024;
    private static final byte[] ZDICT_MAGIC = {0x37, (byte) 0xa4, 0x30, (byte) 0xec};
    /** The corpus dictionary trains from here in every file on, past the largest small body it is measured on. */
    public static final int TRAINING_FROM = 8192;

    private static final Map<Path, byte[]> TRAINED = new ConcurrentHashMap<>();

    private BenchDictionary() {}

    /**
     * At most {@code size} bytes of whole samples, newline separated, spread evenly over the list (every k-th).
     * On small JSON this beat zstd's trainer used as raw content (see the README's "Shared dictionaries").
     */
    public static byte[] concatenate(List<byte[]> samples, int size) {
        long total = samples.stream().mapToLong(s -> s.length + 1).sum();
        int step = (int) Math.max(1, (total + size - 1) / size);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        // Evenly spaced picks first; if they leave room (long samples skipped), the others fill it.
        for (int pass = 0; pass < (step == 1 ? 1 : 2); pass++) {
            for (int i = 0; i < samples.size(); i++) {
                byte[] s = samples.get(i);
                if ((i % step == 0) == (pass == 0) && out.size() + s.length + 1 <= size) {
                    out.write(s, 0, s.length);
                    out.write('\n');
                }
            }
        }
        byte[] raw = out.toByteArray();
        boolean magic = raw.length >= 4 && Arrays.equals(raw, 0, 4, ZDICT_MAGIC, 0, 4);
        return magic ? newlineFirst(raw, Math.min(size - 1, raw.length)) : raw;
    }

    /** At most {@code size} bytes: a newline, then zstd's fastCover dictionary (its tables used as plain content). */
    public static byte[] train(List<byte[]> samples, int size) {
        byte[] buffer = new byte[size - 1];
        long n = Zstd.trainFromBuffer(samples.toArray(new byte[0][]), buffer, false);
        if (Zstd.isError(n)) {
            throw new IllegalArgumentException("zstd could not train a dictionary: " + Zstd.getErrorName(n)
                    + " (" + samples.size() + " samples; give more or larger samples, or a smaller --size)");
        }
        return newlineFirst(buffer, (int) n);
    }

    private static byte[] newlineFirst(byte[] content, int n) {
        return ByteBuffer.allocate(n + 1).put((byte) '\n').put(content, 0, n).array();
    }

    /** The corpus' 32 KiB dictionary, trained once per JVM: same shape as the small bodies, never a byte of them. */
    public static byte[] forCorpus(Path corpus) {
        return TRAINED.computeIfAbsent(corpus.toAbsolutePath().normalize(), c -> train(
                DictionarySamples.balanced(Corpus.names(c).stream().map(name -> Corpus.read(c, name))
                        .filter(all -> all.length > TRAINING_FROM)
                        .map(all -> DictionarySamples.pieces(Arrays.copyOfRange(all, TRAINING_FROM, all.length)))
                        .toList(), 100L * SIZE), SIZE));
    }

    /** The library's codec through the SPI: {@code zstd-N} (no dictionary), {@code dcz-N} or {@code dcb-N}. */
    public static Engine engine(String id, byte[] dictionary) {
        String coding = id.substring(0, id.indexOf('-'));
        int level = Integer.parseInt(id.substring(id.indexOf('-') + 1));
        // zstd through the library's provider: any level (the catalogue lists zstd-1 and zstd-3 only).
        return new SpiEngine(coding.equals("zstd") ? CodingProviders.get("zstd").create(level, 1)
                : DictionaryCodecs.create(coding, CompressionDictionary.of("bench", dictionary, "/*", ""), level));
    }

    /** The JDK's zlib at level 6 with gzip's 10-byte header and 8-byte trailer. */
    public static int gzip6Size(byte[] data) {
        return BenchCodecs.byId("gzip-jdk-6").engine("raw").compressedSize(data);
    }

    /** Total bytes of {@code bodies}: identity, gzip-6, zstd, dcz, dcb (headers included), each checked to decode. */
    public static long[] wireBytes(List<byte[]> bodies, byte[] dictionary, int level, int dcbLevel) {
        List<Engine> engines = List.of(engine("zstd-" + level, dictionary), engine("dcz-" + level, dictionary),
                engine("dcb-" + dcbLevel, dictionary));
        long[] total = new long[5];
        for (byte[] body : bodies) {
            total[0] += body.length;
            total[1] += gzip6Size(body);
            for (int i = 0; i < engines.size(); i++) {
                total[i + 2] += roundTrip(engines.get(i), body);
            }
        }
        return total;
    }

    /** The coded size of {@code body}; throws when it does not decode back to it. */
    static int roundTrip(Engine engine, byte[] body) {
        try {
            byte[] compressed = new byte[engine.maxCompressedLength(body.length)];
            int n = engine.compress(body, body.length, compressed);
            byte[] back = new byte[body.length + 1];
            if (engine.decompress(compressed, n, back) != body.length
                    || !Arrays.equals(back, 0, body.length, body, 0, body.length)) {
                throw new IllegalStateException("round trip failed for a " + body.length + "-byte body");
            }
            return n;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
