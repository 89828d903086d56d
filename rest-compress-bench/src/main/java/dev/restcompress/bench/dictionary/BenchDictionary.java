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
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.zip.GZIPOutputStream;

/**
 * The bench's shared dictionaries: how raw ones are made, the engines that use them, and the gzip-6
 * bytes every dictionary row is compared with.
 *
 * <p>RFC 9842 dictionaries are raw content on both sides, but zstd (the CLI, zstd-jni, Chromium's
 * decoder) reads a dictionary that starts with the ZDICT magic {@code 37 a4 30 ec} as a structured one
 * (entropy tables, dictionary id), and Chromium then fails the fetch. No dictionary made here starts
 * with it: {@link #train} prepends one newline byte to zstd's, so every byte, the ZDICT header and
 * tables included, is used as plain content by encoder and decoder alike (the tables cost a few hundred
 * bytes of mostly useless prefix).
 *
 * <p>The small-payload bodies are the first 128 B to 8 KiB of corpus files. Their dictionary
 * ({@link #forCorpus}, 32 KiB) is trained on the rest of the same files, from byte 8192 on: same shape
 * (same API, same field names), other records, and never a byte of a measured body.
 */
public final class BenchDictionary {
    /** Size of the corpus dictionary: a typical size for an API's responses. */
    private static final int SIZE = 32 * 1024;
    /** Training starts here in every file, past the largest small body. */
    public static final int TRAINING_FROM = 8192;

    private static final Map<Path, byte[]> TRAINED = new ConcurrentHashMap<>();

    private BenchDictionary() {
    }

    /**
     * A raw dictionary of at most {@code size} bytes made of whole samples, newline separated: samples
     * spread evenly over the list (every k-th, k chosen so that they fill the size), in their order.
     * On small JSON responses this beats zstd's trainer used as raw content (its tables and its short
     * segments are less useful than whole records: see `DictionarySizes`).
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
        boolean magic = raw.length >= 4 && (raw[0] & 0xff) == 0x37 && (raw[1] & 0xff) == 0xa4
                && (raw[2] & 0xff) == 0x30 && (raw[3] & 0xff) == 0xec;
        return magic ? newlineFirst(raw, Math.min(size - 1, raw.length)) : raw;
    }

    /** A raw dictionary of at most {@code size} bytes trained by zstd's fastCover trainer (or, {@code legacy}, its older one). */
    public static byte[] train(List<byte[]> samples, int size, boolean legacy) {
        byte[] buffer = new byte[size - 1];
        long n = Zstd.trainFromBuffer(samples.toArray(new byte[0][]), buffer, legacy);
        if (Zstd.isError(n)) {
            throw new IllegalArgumentException("zstd could not train a dictionary: " + Zstd.getErrorName(n)
                    + " (" + samples.size() + " samples; give more or larger samples, or a smaller --size)");
        }
        return newlineFirst(buffer, (int) n);
    }

    private static byte[] newlineFirst(byte[] content, int n) {
        byte[] raw = new byte[n + 1];
        raw[0] = '\n';
        System.arraycopy(content, 0, raw, 1, n);
        return raw;
    }

    /** The dictionary for {@code corpus}, trained once per JVM. */
    public static byte[] forCorpus(Path corpus) {
        return TRAINED.computeIfAbsent(corpus.toAbsolutePath().normalize(), c -> train(
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

    /**
     * Total bytes on the wire of {@code bodies}: identity, gzip-6, {@code zstd-level} without a dictionary,
     * then {@code dcz-level} and {@code dcb-dcbLevel} with {@code dictionary} (headers included); every
     * coded body is checked to decode back.
     */
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

    private static int roundTrip(Engine engine, byte[] body) {
        try {
            byte[] compressed = new byte[engine.maxCompressedLength(body.length)];
            int n = engine.compress(body, body.length, compressed);
            byte[] back = new byte[body.length + 1];
            if (engine.decompress(compressed, n, back) != body.length || !Arrays.equals(back, 0, body.length, body, 0, body.length)) {
                throw new IllegalStateException("round trip failed for a " + body.length + "-byte body");
            }
            return n;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
