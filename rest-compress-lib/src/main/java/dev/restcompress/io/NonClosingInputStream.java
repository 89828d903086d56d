package dev.restcompress.io;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * Passes reads through but ignores {@code close()}: lets a decoder chain be freed without closing
 * the body stream the container owns (closing a servlet request stream before the body is consumed
 * makes some containers reset the connection before the error response is sent).
 */
public final class NonClosingInputStream extends FilterInputStream {
    public NonClosingInputStream(InputStream in) {
        super(in);
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        return in.read(b, off, len);
    }

    @Override
    public void close() {
        // the container closes its own stream
    }
}
