package dev.restcompress.decoding;

import dev.restcompress.codec.Codec;
import dev.restcompress.codec.MalformedInputException;
import java.io.IOException;
import java.io.InputStream;
import java.io.PushbackInputStream;
import java.util.List;

/**
 * A servlet container that inflates gzip request bodies itself before the application reads them and
 * keeps their {@code Content-Encoding} header, so that the library must not decode them again: Open
 * Liberty, whose HTTP channel does so with {@code <httpOptions autoDecompression="true">} (its default)
 * when the last coding of {@code Content-Encoding} (the outermost, applied last) is {@code gzip} or
 * {@code x-gzip} (or {@code deflate}, which the library does not take), in any case, sized or chunked:
 * it undoes that one layer only ({@code lzf, gzip} reaches the application as LZF). It leaves
 * {@code Content-Length} at the coded size, sets no request attribute, and answers a body it cannot
 * inflate with an {@code IllegalHttpBodyException} from the request stream (a 400 here); it inflates a
 * bomb whole.
 *
 * <p>Detected once at start-up: Liberty's launcher sets the system property {@value #LIBERTY_PROPERTY}
 * (its classes are not visible to applications). Liberty marks no request it inflated, and the
 * setting can be off, so each gzip body is told by its first two bytes: the gzip magic {@code 1f 8b}
 * means still coded (the library decodes it), anything else means inflated (held to the library's
 * limit, {@link UpstreamDecodedBody}). An empty body goes the library's way (a 400: no gzip stream is
 * empty). What this cannot tell: with {@code autoDecompression="false"} a gzip body whose first two
 * bytes are damaged passes as inflated (bounded, not a 400), and with it on, an inflated body that
 * itself starts with the gzip magic (gzip inside gzip) is decoded once more.
 *
 * <p>A container may also inflate bodies <em>without</em> a mark ({@link #inflatesUnmarked()}: Vert.x with
 * Quarkus' {@code enable-decompression} removes {@code Content-Encoding} and {@code Content-Length}), so
 * that every unlabelled body of unknown length must be held to the library's limit. Immutable,
 * thread-safe.
 */
public final class ContainerInflation {
    /** No container in front inflates bodies. */
    public static final ContainerInflation NONE = new ContainerInflation(null, false);
    /** A system property Open Liberty's launcher sets (the server's name). */
    static final String LIBERTY_PROPERTY = "wlp.server.name";
    private static final String GZIP = "gzip";
    private static final int MAGIC_0 = 0x1f;
    private static final int MAGIC_1 = 0x8b;

    /** The name of the container that inflates gzip and keeps {@code Content-Encoding}, {@code null} for none. */
    private final String container;
    /** Whether the container inflates bodies and leaves no mark at all. */
    private final boolean unmarked;

    private ContainerInflation(String container, boolean unmarked) {
        this.container = container;
        this.unmarked = unmarked;
    }

    /** The container this JVM runs in, when it inflates request bodies; else {@link #NONE}. */
    public static ContainerInflation detect() {
        return System.getProperty(LIBERTY_PROPERTY) != null ? liberty() : NONE;
    }

    /** Open Liberty's behaviour, whether or not this JVM runs in it. */
    public static ContainerInflation liberty() {
        return new ContainerInflation("Open Liberty", false);
    }

    /** This, and also a container that inflates bodies without a mark when {@code unmarked}. */
    public ContainerInflation alsoUnmarked(boolean unmarked) {
        return unmarked == this.unmarked ? this : new ContainerInflation(container, unmarked);
    }

    /**
     * Whether the container inflates coded bodies without leaving a mark, so that every unlabelled body
     * of unknown length is held to the library's limit.
     */
    public boolean inflatesUnmarked() {
        return unmarked;
    }

    /** Whether a container that inflates request bodies was detected. */
    public boolean detected() {
        return container != null;
    }

    /** The start-up line's text, when {@link #detected()}. */
    public String describe(long maxDecodedSize) {
        return container + " inflates gzip request bodies itself (httpOptions autoDecompression, on by default)"
                + " and keeps their Content-Encoding: the library holds such bodies to its limit of " + maxDecodedSize
                + " decoded bytes instead of decoding them again";
    }

    /**
     * Whether a body with these codings may reach the application with its outermost layer inflated:
     * the last coding applied is gzip ({@code x-gzip} resolves to it).
     */
    public boolean mayHaveInflated(ContentCodings codings) {
        List<Codec> applied = codings.applied();
        return container != null && !applied.isEmpty() && applied.get(applied.size() - 1).coding().equals(GZIP);
    }

    /**
     * {@code body} with its first two bytes read and pushed back; {@link Peeked#inflated} tells from them
     * whether the container inflated it. A failure of the container's inflater while reading them is a
     * {@link MalformedInputException} (400).
     */
    public static Peeked peek(InputStream body) throws IOException {
        PushbackInputStream in = new PushbackInputStream(body, 2);
        byte[] first = new byte[2];
        int n;
        try {
            n = in.readNBytes(first, 0, 2);
        } catch (IOException | RuntimeException e) {
            if (UpstreamDecodedBody.causedByInflation(e)) {
                throw new MalformedInputException(GZIP, 0, e);
            }
            throw e;
        }
        in.unread(first, 0, n);
        boolean magic = n == 2 && (first[0] & 0xff) == MAGIC_0 && (first[1] & 0xff) == MAGIC_1;
        return new Peeked(in, n > 0 && !magic);
    }

    /**
     * A body after {@link #peek}.
     *
     * @param body the whole body, nothing consumed
     * @param inflated whether it is no longer gzip: not empty and not starting with the gzip magic
     */
    public record Peeked(InputStream body, boolean inflated) {
    }
}
