package dev.restcompress.server;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * The container's request body as a decoder chain reads it. Closing the chain never closes the
 * container's stream (some containers then reset the connection before the error response is sent);
 * instead, what the decoder left unread is read and discarded, up to a bound.
 *
 * <p>Why read it: when a body is refused part-way (400 corrupt, 413 over the limit) the client is
 * usually still sending. A server that then closes the connection with unread bytes in its socket
 * buffer makes the kernel answer with a reset, and the client loses the 400/413 that was already on
 * its way. Reading the rest lets the client finish and read the answer. The bound (the configured
 * maximum decoded size, in wire bytes: a compressed body that honours the limit is never longer) keeps
 * a refused upload from costing more than an accepted one; past it the connection is left to the
 * container. Not thread-safe, like any stream.
 */
final class DrainingRequestBody extends FilterInputStream {
    private static final int SKIP_BUFFER = 8192;

    private final long maxDrained;
    private boolean closed;

    DrainingRequestBody(InputStream body, long maxDrained) {
        super(body);
        this.maxDrained = maxDrained;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        return in.read(b, off, len);
    }

    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        if (maxDrained <= 0 || in.read() < 0) {
            return; // the usual case: the decoder read the body to its end
        }
        byte[] skip = new byte[SKIP_BUFFER];
        long drained = 1;
        while (drained < maxDrained) {
            int n = in.read(skip, 0, (int) Math.min(skip.length, maxDrained - drained));
            if (n < 0) {
                return;
            }
            drained += n;
        }
    }
}
