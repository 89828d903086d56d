package dev.restcompress.codec;

import java.io.IOException;
import java.io.InputStream;

/**
 * Reads a decompressor lazily (its constructor may already read a header), counts what it yields,
 * stops at a limit, and turns every decoder failure into {@link MalformedInputException}, so callers
 * see exactly two kinds of error whatever the coding.
 *
 * <p>Not thread-safe, like any stream.
 */
final class BoundedDecompressingStream extends InputStream {

    /** Opens the raw decompressor; may throw like the decompressor's constructor. */
    @FunctionalInterface
    interface Opener {
        InputStream open() throws IOException;
    }

    private final String coding;
    private final Opener opener;
    private final long limit;
    private InputStream decoder;
    private long produced;
    private boolean closed;
    private final byte[] single = new byte[1];

    BoundedDecompressingStream(String coding, Opener opener, long limit) {
        if (limit < 0) {
            throw new IllegalArgumentException("maxDecompressed must be >= 0, was " + limit);
        }
        this.coding = coding;
        this.opener = opener;
        this.limit = limit;
    }

    @Override
    public int read() throws IOException {
        int n = read(single, 0, 1);
        return n < 0 ? -1 : single[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        java.util.Objects.checkFromIndexSize(off, len, b.length);
        if (closed) {
            throw new IOException("stream closed");
        }
        if (len == 0) {
            return 0;
        }
        // Ask for one byte more than the limit allows, so that a body of exactly `limit` bytes
        // passes and the first byte beyond it is detected without being handed out.
        long room = limit - produced;
        int want = (int) Math.min(len, room + 1);
        int n;
        try {
            if (decoder == null) {
                decoder = opener.open();
            }
            n = decoder.read(b, off, want);
        } catch (DecompressionException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            // EOFException (truncated), ZipException, LZFException, ... all mean bad input here.
            throw new MalformedInputException(coding, produced, e);
        }
        if (n > room) {
            throw new DecompressedSizeLimitException(coding, limit);
        }
        if (n > 0) {
            produced += n;
        }
        return n;
    }

    @Override
    public void close() throws IOException {
        if (!closed) {
            closed = true;
            if (decoder != null) {
                decoder.close();
            }
        }
    }
}
