package dev.restcompress.bench.core;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * One way of compressing and decompressing whole byte arrays: either through the project's codec
 * SPI ({@link SpiEngine}) or through a library's own calls (a "raw" engine). The benchmarks run both
 * over the same bytes so the report can show what the SPI costs.
 *
 * <p>Not thread-safe: an engine may keep reusable state (encoders, buffers); each benchmark state
 * owns its own instance.
 */
public interface Engine {

    /** An upper bound of {@link #compress}'s output for {@code length} input bytes. */
    int maxCompressedLength(int length);

    /** Compresses {@code in[0, length)} into {@code out} (at least {@link #maxCompressedLength} long); returns bytes written. */
    int compress(byte[] in, int length, byte[] out) throws IOException;

    /**
     * Decompresses {@code in[0, length)} into {@code out}; returns the decompressed length. {@code out}
     * must hold at least one byte more than the expected result, so engines that read a stream can
     * detect its end without allocating.
     */
    int decompress(byte[] in, int length, byte[] out) throws IOException;

    /** The compressed size of the whole of {@code data} (sizes are computed outside the timed code). */
    default int compressedSize(byte[] data) {
        try {
            return compress(data, data.length, new byte[maxCompressedLength(data.length)]);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
