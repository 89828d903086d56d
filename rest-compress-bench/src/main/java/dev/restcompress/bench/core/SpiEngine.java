package dev.restcompress.bench.core;

import dev.restcompress.codec.Codec;
import java.io.IOException;
import java.io.InputStream;

/** A {@link Codec} run as the server and client run it for sized bodies: one-shot, into the caller's buffer. */
public final class SpiEngine implements Engine {
    private final Codec codec;

    public SpiEngine(Codec codec) {
        this.codec = codec;
    }

    @Override
    public int maxCompressedLength(int length) {
        return codec.maxCompressedLength(length);
    }

    @Override
    public int compress(byte[] in, int length, byte[] out) {
        return codec.compress(in, 0, length, out, 0);
    }

    @Override
    public int decompress(byte[] in, int length, byte[] out) throws IOException {
        // The limit is the buffer size, as a server would pass its max-decoded-size.
        return codec.decompress(in, 0, length, out, 0, out.length);
    }

    /** Reads to the end of the stream (so trailers and checksums are verified) into {@code out}. */
    public static int readFully(InputStream in, byte[] out) throws IOException {
        int total = 0;
        int n;
        // Not readNBytes: this also stops on a read that returns 0, where readNBytes would ask again.
        while (total < out.length && (n = in.read(out, total, out.length - total)) > 0) {
            total += n;
        }
        if (total == out.length && in.read() >= 0) {
            throw new IOException("decompressed data larger than the " + out.length + "-byte buffer");
        }
        return total;
    }
}
