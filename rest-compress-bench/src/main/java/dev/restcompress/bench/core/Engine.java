package dev.restcompress.bench.core;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Whole-array compress and decompress, through the codec SPI ({@link SpiEngine}) or a library's own calls
 * (a "raw" engine), so the report can show what the SPI costs. Not thread-safe: an engine may reuse state.
 */
public interface Engine {

    int maxCompressedLength(int length);

    int compress(byte[] in, int length, byte[] out) throws IOException;

    /**
     * Decompresses {@code in[0, length)} into {@code out}, which holds one byte more than the result, so
     * stream engines detect the end without allocating; returns the decompressed length.
     */
    int decompress(byte[] in, int length, byte[] out) throws IOException;

    /** The compressed size of {@code data} (sizes are computed outside the timed code). */
    default int compressedSize(byte[] data) {
        try {
            return compress(data, data.length, new byte[maxCompressedLength(data.length)]);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
