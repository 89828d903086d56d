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
