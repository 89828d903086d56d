package dev.restcompress.bench.dictionary;

import com.github.luben.zstd.Zstd;
import java.util.List;

/**
 * Trains a zstd dictionary and turns it into one a browser can use. RFC 9842 dictionaries are raw
 * content on both sides, but zstd (the CLI, zstd-jni, Chromium's decoder) reads a dictionary that
 * starts with the ZDICT magic {@code 37 a4 30 ec} as a structured one (entropy tables, dictionary id),
 * and Chromium then fails the fetch. {@link #train} therefore prepends one newline byte to the
 * trained dictionary: every byte, the ZDICT header and tables included, is then used as plain content
 * by encoder and decoder alike (the tables cost a few hundred bytes of mostly useless prefix).
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
        long total = 0;
        for (byte[] s : samples) {
            total += s.length + 1;
        }
        int step = (int) Math.max(1, (total + size - 1) / size);
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        // Evenly spaced picks first; if they leave room (long samples skipped), the others fill it.
        for (int pass = 0; pass < 2; pass++) {
            for (int i = 0; i < samples.size(); i++) {
                boolean pick = i % step == 0;
                if (pass == 0 ? !pick : pick) {
                    continue;
                }
                byte[] s = samples.get(i);
                if (out.size() + s.length + 1 <= size) {
                    out.write(s, 0, s.length);
                    out.write('\n');
                }
            }
            if (step == 1) {
                break;
            }
        }
        byte[] raw = out.toByteArray();
        if (raw.length >= 4 && (raw[0] & 0xff) == 0x37 && (raw[1] & 0xff) == 0xa4 && (raw[2] & 0xff) == 0x30
                && (raw[3] & 0xff) == 0xec) {
            byte[] shifted = new byte[Math.min(size, raw.length + 1)];
            shifted[0] = '\n';
            System.arraycopy(raw, 0, shifted, 1, shifted.length - 1);
            return shifted;
        }
        return raw;
    }

    /** A raw dictionary of at most {@code size} bytes trained on {@code samples} (zstd's fastCover). */
    public static byte[] train(List<byte[]> samples, int size) {
        byte[] buffer = new byte[size - 1];
        long n = Zstd.trainFromBuffer(samples.toArray(new byte[0][]), buffer);
        if (Zstd.isError(n)) {
            throw new IllegalArgumentException("zstd could not train a dictionary: " + Zstd.getErrorName(n)
                    + " (" + samples.size() + " samples; give more or larger samples, or a smaller --size)");
        }
        byte[] raw = new byte[(int) n + 1];
        raw[0] = '\n';
        System.arraycopy(buffer, 0, raw, 1, (int) n);
        return raw;
    }
}
