package dev.restcompress.decoding;

import dev.restcompress.codec.DecompressionException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * A decoded request body that remembers the first decoding failure it raised (over the limit, corrupt),
 * so that the library answers it even when the entity reader did not let it through: a reader that
 * catches the exception and returns {@code null} or a partial value, or throws one of its own without
 * the cause. Not thread-safe, like any stream.
 */
public final class WitnessedBody extends FilterInputStream {
    private DecompressionException failure;

    public WitnessedBody(InputStream decoded) {
        super(decoded);
    }

    /** The first decoding failure a read raised, or {@code null}. */
    public DecompressionException failure() {
        return failure;
    }

    @Override
    public int read() throws IOException {
        try {
            return in.read();
        } catch (DecompressionException e) {
            throw seen(e);
        }
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        try {
            return in.read(b, off, len);
        } catch (DecompressionException e) {
            throw seen(e);
        }
    }

    @Override
    public long skip(long n) throws IOException {
        try {
            return in.skip(n);
        } catch (DecompressionException e) {
            throw seen(e);
        }
    }

    private DecompressionException seen(DecompressionException e) {
        if (failure == null) {
            failure = e;
        }
        return e;
    }
}
