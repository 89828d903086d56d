package dev.restcompress.bench.dictionary;

import com.github.luben.zstd.Zstd;
import java.io.ByteArrayOutputStream;
import java.util.List;

/**
 * Dictionaries a browser can use. RFC 9842 dictionaries are raw content on both sides, but zstd (the
 * CLI, zstd-jni, Chromium's decoder) reads a dictionary that starts with the ZDICT magic
 * {@code 37 a4 30 ec} as a structured one (entropy tables, dictionary id), and Chromium then fails the
 * fetch. Both makers therefore never start with it: {@link #train} prepends one newline byte to the
 * trained dictionary, so every byte, the ZDICT header and tables included, is used as plain content by
 * encoder and decoder alike (the tables cost a few hundred bytes of mostly useless prefix).
 */
public final class RawDictionary {
    private RawDictionary() {
    }

    /**
     * A raw dictionary of at most {@code size} bytes made of whole samples, newline separated: samples
     * spread evenly over the list (every k-th, k chosen so that they fill the size), in their order.
     * On small JSON responses this beats zstd's trainer used as raw content (its tables and its short
     * segments are less useful than whole records: see `DictionarySizes`), and it cannot start
     * with the ZDICT magic when the samples are JSON text.
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

    /**
     * A raw dictionary of at most {@code size} bytes trained on {@code samples} by zstd's fastCover
     * trainer (or, {@code legacy}, its older one).
     */
    public static byte[] train(List<byte[]> samples, int size, boolean legacy) {
        byte[] buffer = new byte[size - 1];
        long n = Zstd.trainFromBuffer(samples.toArray(new byte[0][]), buffer, legacy);
        if (Zstd.isError(n)) {
            throw new IllegalArgumentException("zstd could not train a dictionary: " + Zstd.getErrorName(n)
                    + " (" + samples.size() + " samples; give more or larger samples, or a smaller --size)");
        }
        return newlineFirst(buffer, (int) n);
    }

    /** One newline byte, then the first {@code n} bytes of {@code content}. */
    private static byte[] newlineFirst(byte[] content, int n) {
        byte[] raw = new byte[n + 1];
        raw[0] = '\n';
        System.arraycopy(content, 0, raw, 1, n);
        return raw;
    }
}
