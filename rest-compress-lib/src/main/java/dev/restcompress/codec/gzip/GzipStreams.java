package dev.restcompress.codec.gzip;

import dev.restcompress.io.Abortable;
import dev.restcompress.io.NonClosingOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Objects;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * The streaming half of the {@code gzip} coding on {@code java.util.zip}, shared by both gzip
 * engines: libdeflate only works on whole buffers, so streaming responses (SSE, bodies past the
 * one-shot limit) and streaming decompression use the JDK whatever the one-shot engine is.
 */
final class GzipStreams {
    /** Buffer of the JDK streams: big enough to amortise a Deflater call, small per request. */
    private static final int BUFFER_SIZE = 8192;

    private GzipStreams() {
    }

    /**
     * A gzip stream over {@code sink} at {@code level} whose {@code flush()} does a SYNC_FLUSH (so the
     * peer can decode everything written so far) and whose {@code close()} finishes the member without
     * closing {@code sink}.
     */
    static OutputStream compressing(OutputStream sink, int level) throws IOException {
        return new LeveledGzipOutputStream(new NonClosingOutputStream(Objects.requireNonNull(sink, "sink")), level);
    }

    /** A gzip decoder over {@code source}; it reads concatenated members as one stream. */
    static InputStream decompressing(InputStream source) throws IOException {
        return new GZIPInputStream(source, BUFFER_SIZE);
    }

    /** {@link GZIPOutputStream} with sync flush and a chosen level; close() and abort() end its Deflater. */
    private static final class LeveledGzipOutputStream extends GZIPOutputStream implements Abortable {
        LeveledGzipOutputStream(OutputStream out, int level) throws IOException {
            super(out, BUFFER_SIZE, true);
            def.setLevel(level);
        }

        @Override
        public void abort() {
            def.end(); // later writes fail; nothing more reaches the sink
        }
    }
}
