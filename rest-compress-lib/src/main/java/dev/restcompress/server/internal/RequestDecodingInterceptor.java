package dev.restcompress.server.internal;

import dev.restcompress.decoding.ContainerInflation;
import dev.restcompress.decoding.ContentCodings;
import dev.restcompress.decoding.DecoderSlots;
import dev.restcompress.decoding.DecodersBusyException;
import dev.restcompress.decoding.UpstreamDecodedBody;
import dev.restcompress.decoding.WitnessedBody;
import dev.restcompress.codec.CodecRegistry;
import dev.restcompress.codec.DecompressionException;
import dev.restcompress.io.NonClosingInputStream;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.ReaderInterceptor;
import jakarta.ws.rs.ext.ReaderInterceptorContext;
import java.io.IOException;
import java.io.InputStream;

/**
 * Decodes request bodies that carry {@code Content-Encoding}, through bounded decoders, before the
 * entity reader sees them. Stacked codings ({@code gzip, lzf}) are undone in reverse order. The
 * reader then sees an unencoded body: the coding headers are removed. Errors: see
 * {@link DecodingErrors}. A body a server in front already decoded ({@code X-Content-Encoding}, Jetty's
 * {@code GzipHandler}; a gzip body Open Liberty inflated, {@link ContainerInflation}) is held to the same
 * limit ({@link UpstreamDecodedBody}) and not decoded again.
 *
 * <p>The decoders hold native memory (a zstd stream about 130 KiB), so they are closed as soon as
 * the entity reader returns or throws; when the entity is the stream itself (or another type that
 * reads later), at the end of the request by {@link RequestBodies}. A body that streams takes one of
 * the application's {@link DecoderSlots} per coding first; with none free it is answered 503 with
 * {@code Retry-After} before anything is opened ({@link DecodingErrors#busy}). Thread-safe (immutable).
 */
public final class RequestDecodingInterceptor implements ReaderInterceptor {
    private final CodecRegistry registry;
    private final long maxDecodedSize;
    /** Where the method's decoded bodies are reported; {@code null}: nowhere. */
    private final BodyObserver.Decode observer;
    private final DecoderSlots slots;
    /**
     * What the container in front does to request bodies: inflates gzip and keeps {@code Content-Encoding}
     * (Open Liberty), or inflates without leaving a mark, removing {@code Content-Encoding} and
     * {@code Content-Length} (Vert.x with {@code enable-decompression}).
     */
    private final ContainerInflation inflation;
    /** The coding named in the errors about a body the container inflated without saying which. */
    static final String CONTAINER_INFLATED = "container-inflated";

    /** An interceptor that reports its bodies nowhere, with no bound on live decoders. */
    public RequestDecodingInterceptor(CodecRegistry registry, long maxDecodedSize) {
        this(registry, maxDecodedSize, null, DecoderSlots.UNBOUNDED, ContainerInflation.NONE);
    }

    /**
     * @param observer where the method's decoded bodies are reported, {@code null}: nowhere
     * @param slots the application's bound on live streaming decoders, shared by all its methods
     * @param inflation the container in front that inflates gzip bodies itself, if any
     */
    public RequestDecodingInterceptor(CodecRegistry registry, long maxDecodedSize, BodyObserver.Decode observer,
            DecoderSlots slots, ContainerInflation inflation) {
        this.registry = registry;
        this.maxDecodedSize = maxDecodedSize;
        this.observer = observer;
        this.slots = slots;
        this.inflation = inflation;
    }

    @Override
    public Object aroundReadFrom(ReaderInterceptorContext context) throws IOException {
        MultivaluedMap<String, String> headers = context.getHeaders();
        ContentCodings codings;
        try {
            codings = ContentCodings.parse(headers.get(HttpHeaders.CONTENT_ENCODING), registry);
        } catch (ContentCodings.UnsupportedCodingException e) {
            throw DecodingErrors.unsupportedCoding(e.coding(), registry.codings());
        }
        if (codings.isIdentity()) {
            String upstream = UpstreamDecodedBody.coding(headers.getFirst(UpstreamDecodedBody.HEADER));
            if (upstream == null && (headers.containsKey(UpstreamDecodedBody.ORIGINAL_LENGTH)
                    || inflation.inflatesUnmarked() && contentLength(headers) < 0)) {
                upstream = CONTAINER_INFLATED; // it may have been coded: a plain body of that size is refused too
            }
            if (upstream == null) {
                return context.proceed();
            }
            // A server in front (Jetty's GzipHandler) decoded it already: the same limit and errors apply.
            return proceedWithUpstream(context, upstream, takeSlot(contentLength(headers)));
        }
        if (inflation.mayHaveInflated(codings)) {
            // Open Liberty may have inflated the outermost gzip and kept Content-Encoding: never twice. The
            // slot first: telling the body needs its first bytes, which a slow upload may not have sent yet.
            DecoderSlots taken = takeSlot(contentLength(headers));
            ContainerInflation.Peeked peeked;
            try {
                peeked = ContainerInflation.peek(context.getInputStream());
            } catch (DecompressionException e) {
                taken.release(1);
                throw DecodingErrors.toException(e);
            } catch (IOException | RuntimeException e) {
                taken.release(1);
                throw e;
            }
            context.setInputStream(peeked.body());
            if (peeked.inflated()) {
                return proceedWithInflated(context, codings, taken);
            }
            taken.release(1); // still gzip: the library decodes it, taking what it needs below
        }
        if (observer == null) {
            return proceedWithDecoded(context, decoded(codings, context.getInputStream(), contentLength(headers)));
        }
        long length = contentLength(headers);
        return proceedWithDecoded(context, observer.observe(codings.applied(), context.getInputStream(),
                coded -> decoded(codings, coded, length)));
    }

    /**
     * One decoder slot for a body a server in front decodes, if it streams (unsized, or sized beyond
     * what the library would decode in one call), as the library would take for it; {@code slots} then,
     * else {@link DecoderSlots#UNBOUNDED}. Either way one slot of the result is to be given back.
     */
    private DecoderSlots takeSlot(long contentLength) {
        if (contentLength >= 0 && contentLength <= ContentCodings.IN_MEMORY_BODY_LIMIT) {
            return DecoderSlots.UNBOUNDED;
        }
        try {
            slots.acquire(1);
        } catch (DecodersBusyException e) {
            throw DecodingErrors.busy(e);
        }
        return slots;
    }

    /**
     * A body whose outermost gzip the container inflated: held to the limit, and what it is still coded
     * in (the codings applied before that gzip, if any) decoded by the library as usual, which takes its
     * own slots. {@code taken}: one slot of it is held for this body.
     */
    private Object proceedWithInflated(ReaderInterceptorContext context, ContentCodings codings, DecoderSlots taken)
            throws IOException {
        String outer = codings.applied().get(codings.applied().size() - 1).coding();
        ContentCodings inner = codings.withoutLast();
        if (inner.isIdentity()) {
            return proceedWithUpstream(context, outer, taken);
        }
        taken.release(1);
        InputStream inflated = UpstreamDecodedBody.bounded(new NonClosingInputStream(context.getInputStream()), outer,
                maxDecodedSize);
        return proceedWithDecoded(context, decoded(inner, inflated, -1));
    }

    /**
     * The body a server in front decoded from {@code coding}, bounded by the limit, giving back one slot
     * of {@code taken} when done.
     */
    private Object proceedWithUpstream(ReaderInterceptorContext context, String coding, DecoderSlots taken)
            throws IOException {
        return proceedWithDecoded(context, UpstreamDecodedBody.bounded(
                new NonClosingInputStream(context.getInputStream()), coding, maxDecodedSize, taken));
    }

    /**
     * Hands {@code decoded} to the entity reader in place of the coded body, without the coding headers,
     * and frees it as soon as nobody reads it any more: when the reader returns or throws, or, when the
     * entity is the stream itself (or another type that reads later), at the end of the request. A
     * decoding failure the reader wrapped, replaced or swallowed is answered as ours. Also used by the
     * dictionary decoder.
     */
    public static Object proceedWithDecoded(ReaderInterceptorContext context, InputStream body) throws IOException {
        WitnessedBody decoded = new WitnessedBody(body);
        context.setInputStream(decoded);
        context.getHeaders().remove(HttpHeaders.CONTENT_ENCODING);
        context.getHeaders().remove(HttpHeaders.CONTENT_LENGTH);
        Object entity;
        try {
            entity = context.proceed();
        } catch (IOException | RuntimeException e) {
            RequestBodies.closeQuietly(decoded);
            // Entity readers may wrap our exception (e.g. in a ProcessingException or a 400 of their own),
            // or throw one of their own without it: the body remembers what it raised.
            DecompressionException cause = DecodingErrors.findCause(e);
            if (cause == null) {
                cause = decoded.failure();
            }
            if (cause != null) {
                throw DecodingErrors.toException(cause);
            }
            throw e;
        }
        if (decoded.failure() != null) {
            // The reader swallowed the failure (and bound null or a partial value): the body is still refused.
            RequestBodies.closeQuietly(decoded);
            throw DecodingErrors.toException(decoded.failure());
        }
        if (RequestBodies.readsLater(entity)) {
            // The resource reads the body itself: free the decoder when the request completes.
            RequestBodies.closeWhenDone(context, decoded);
        } else {
            RequestBodies.closeQuietly(decoded); // the reader is done with it: free native memory now
        }
        return entity;
    }

    /**
     * Small bodies of one coding with a known length are read whole and decoded in one codec call
     * (natively for gzip and zstd); everything else streams through a bounded decoder. Either way at most
     * {@code maxDecodedSize} decoded bytes are ever held.
     */
    private InputStream decoded(ContentCodings codings, InputStream body, long contentLength) throws IOException {
        try {
            // Closing the decoders must not close the container's stream: it still has a response to send.
            return codings.decodeBody(new NonClosingInputStream(body), contentLength, maxDecodedSize, slots);
        } catch (DecompressionException e) {
            throw DecodingErrors.toException(e);
        } catch (DecodersBusyException e) {
            throw DecodingErrors.busy(e);
        }
    }

    /** The declared {@code Content-Length}, or -1 when absent or not a number. */
    public static long contentLength(MultivaluedMap<String, String> headers) {
        String v = headers.getFirst(HttpHeaders.CONTENT_LENGTH);
        if (v == null) {
            return -1;
        }
        try {
            return Long.parseLong(v.trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
