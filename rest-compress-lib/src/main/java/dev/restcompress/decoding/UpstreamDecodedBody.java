package dev.restcompress.decoding;

import dev.restcompress.codec.DecompressedSizeLimitException;
import dev.restcompress.codec.MalformedInputException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.ZipException;

/**
 * A request body that a server in front of JAX-RS decoded already, held to the same limit and errors
 * as one the library decodes. Jetty's {@code GzipHandler} with inflation on (Dropwizard's default
 * {@code server.gzip}) inflates gzip bodies before Jersey sees them: it removes {@code Content-Encoding}
 * and marks the request {@code X-Content-Encoding: gzip}. Open Liberty's HTTP channel inflates them too
 * and keeps {@code Content-Encoding} (see {@code ContainerInflation}). Without this the library would
 * see an unencoded body and bound nothing (a gzip bomb reached the entity reader whole: Jackson read
 * 256 MiB of whitespace and bound {@code null}), or decode it twice. With it, the decoded bytes past the
 * limit are a {@link DecompressedSizeLimitException} (413), and an inflation failure (a
 * {@link ZipException} in the cause chain, or Liberty's {@code IllegalHttpBodyException}) a
 * {@link MalformedInputException} (400), both raised while the entity reader reads. A body that streams
 * may hold one of the application's {@link DecoderSlots} like a body the library decodes: someone
 * inflates it while it is read. Not thread-safe, like any stream.
 */
public final class UpstreamDecodedBody extends FilterInputStream {
    /** The header Jetty's {@code GzipHandler} sets on a request whose body it inflated. */
    public static final String HEADER = "X-Content-Encoding";
    /**
     * The header Undertow's {@code RequestEncodingHandler} sets on a request whose body it inflated (the
     * coded length), removing {@code Content-Encoding} and {@code Content-Length}: which coding it undid
     * is not said.
     */
    public static final String ORIGINAL_LENGTH = "X-Content-Length";

    /**
     * What Open Liberty's HTTP channel throws from the request stream when it cannot inflate a body
     * (a bad gzip header, a corrupt deflate stream), with no {@link ZipException} inside: named, not
     * loaded, as the library depends on no runtime.
     */
    static final String LIBERTY_BODY_ERROR = "com.ibm.wsspi.http.channel.exception.IllegalHttpBodyException";

    private final String coding;
    private final long limit;
    private long produced;
    /** The slots this body holds until closed; {@code null}: none. */
    private DecoderSlots slots;
    /** Scratch of {@link #read()}, so that byte-at-a-time readers do not allocate per byte. */
    private final byte[] one = new byte[1];

    private UpstreamDecodedBody(InputStream body, String coding, long limit) {
        super(body);
        this.coding = coding;
        this.limit = limit;
    }

    /**
     * The coding a server in front already undid, from the value of the {@link #HEADER} request header
     * (may be {@code null}), or {@code null} when none says so.
     */
    public static String coding(String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        String coding = value.split(",", 2)[0].trim().toLowerCase(java.util.Locale.ROOT);
        return coding.isEmpty() || coding.equals("identity") ? null : coding;
    }

    /** {@code body}, already decoded from {@code coding}, yielding at most {@code limit} bytes. */
    public static InputStream bounded(InputStream body, String coding, long limit) {
        return new UpstreamDecodedBody(body, coding, limit);
    }

    /**
     * As {@link #bounded(InputStream, String, long)}, giving back one slot of {@code taken}, which the
     * caller took for this body, when closed.
     */
    public static InputStream bounded(InputStream body, String coding, long limit, DecoderSlots taken) {
        UpstreamDecodedBody bounded = new UpstreamDecodedBody(body, coding, limit);
        bounded.slots = taken;
        return bounded;
    }

    /** Whether {@code failure} is an inflation failure of the server in front (a corrupt body: 400). */
    public static boolean causedByInflation(Throwable failure) {
        Throwable t = failure;
        for (int depth = 0; t != null && depth < 16; depth++, t = t.getCause()) {
            if (t instanceof ZipException || t instanceof java.util.zip.DataFormatException
                    || t.getClass().getName().equals(LIBERTY_BODY_ERROR)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public void close() throws IOException {
        DecoderSlots held = slots;
        slots = null;
        try {
            super.close();
        } finally {
            if (held != null) {
                held.release(1);
            }
        }
    }

    @Override
    public int read() throws IOException {
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        java.util.Objects.checkFromIndexSize(off, len, b.length);
        if (len == 0) {
            return 0;
        }
        long room = limit - produced;
        int n;
        try {
            // One byte more than the room: a body of exactly the limit passes, the next byte does not.
            n = in.read(b, off, (int) Math.min(len, room + 1));
        } catch (IOException | RuntimeException e) {
            // Jetty 12.1 raises a RuntimeException around the ZipException from the servlet stream,
            // Liberty an IllegalHttpBodyException (an IOException) of its own.
            if (causedByInflation(e)) {
                throw new MalformedInputException(coding, produced, e);
            }
            throw e;
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
    public long skip(long n) throws IOException {
        // Through read, so that skipped bytes count too.
        byte[] scratch = new byte[(int) Math.min(8192, Math.max(0, n))];
        long skipped = 0;
        while (skipped < n) {
            int r = read(scratch, 0, (int) Math.min(scratch.length, n - skipped));
            if (r < 0) {
                break;
            }
            skipped += r;
        }
        return skipped;
    }

    @Override
    public boolean markSupported() {
        return false; // a reset would make the count wrong
    }
}
