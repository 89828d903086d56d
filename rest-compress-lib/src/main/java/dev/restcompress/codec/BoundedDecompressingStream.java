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

    /** Opens the raw decompressor over a source; may throw like the decompressor's constructor. */
    @FunctionalInterface
    interface Opener {
        InputStream open(InputStream source) throws IOException;
    }

    private final String coding;
    private final Opener opener;
    private final CountingSource source;
    private final long limit;
    private InputStream decoder;
    private long produced;
    private boolean closed;
    private final byte[] single = new byte[1];

    BoundedDecompressingStream(String coding, Opener opener, InputStream source, long limit) {
        if (limit < 0) {
            throw new IllegalArgumentException("maxDecompressed must be >= 0, was " + limit);
        }
        this.coding = coding;
        this.opener = opener;
        this.source = new CountingSource(java.util.Objects.requireNonNull(source, "source"));
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
                decoder = opener.open(source);
            }
            n = decoder.read(b, off, want);
        } catch (DecompressionException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            // EOFException (truncated), ZipException, LZFException, ... all mean bad input here.
            if (source.ended && isTruncation(e)) {
                throw MalformedInputException.truncated(coding, produced, source.count, e);
            }
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
            } else {
                source.close();
            }
        }
    }

    /**
     * A decoder failure that means "the input stopped early" rather than "the input is wrong": the
     * JDK and brotli decoders throw {@link EOFException}, zstd-jni says "Truncated", compress-lzf
     * "EOF". Only believed when the source really reached its end (a bad CRC in a gzip trailer also
     * comes after the end, but as a {@code ZipException}).
     */
    private static boolean isTruncation(Throwable e) {
        if (e instanceof java.io.EOFException) {
            return true;
        }
        String m = e.getMessage();
        if (m == null) {
            return false;
        }
        String lower = m.toLowerCase(java.util.Locale.ROOT);
        return lower.contains("truncated") || lower.contains("eof") || lower.contains("end of");
    }

    /** Counts the compressed bytes the decoder read and whether it saw the end of the input. */
    private static final class CountingSource extends java.io.FilterInputStream {
        long count;
        boolean ended;

        CountingSource(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int b = in.read();
            if (b < 0) {
                ended = true;
            } else {
                count++;
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = in.read(b, off, len);
            if (n < 0) {
                ended = true;
            } else {
                count += n;
            }
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            long skipped = in.skip(n);
            count += Math.max(0, skipped);
            return skipped;
        }

        @Override
        public boolean markSupported() {
            return false; // a reset would make the count wrong
        }
    }
}
