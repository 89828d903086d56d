package dev.restcompress.server.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.restcompress.codec.Codec;
import dev.restcompress.codec.CodecRegistry;
import dev.restcompress.codec.StreamCounters;
import dev.restcompress.config.CompressionSettings;
import jakarta.ws.rs.core.MultivaluedHashMap;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ReaderInterceptorContext;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link RequestDecodingInterceptor} in memory: an unencoded body is not touched, and which decoding
 * path a body takes (one codec call for a small body of known length, a streaming decoder otherwise),
 * seen through the registry's decoder counters.
 */
class RequestDecodingInterceptorTest {
    static final byte[] JSON = "{\"id\":1,\"name\":\"a name that repeats\"},".repeat(200).getBytes(StandardCharsets.UTF_8);

    final CodecRegistry registry = CompressionSettings.from(Map.<String, Object>of()::get).createRegistry();

    /** An entity reader that reads the whole body; records which stream it was handed. */
    static final class Reader {
        final MultivaluedMap<String, String> headers = new MultivaluedHashMap<>();
        InputStream stream;
        int replaced;
        /** What the entity reader does with the stream it is handed (default: read it whole). */
        java.util.function.Function<InputStream, Object> read = in -> {
            try {
                return in.readAllBytes();
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        };

        Reader(byte[] body) {
            stream = new ByteArrayInputStream(body);
        }

        ReaderInterceptorContext proxy() {
            return (ReaderInterceptorContext) Proxy.newProxyInstance(getClass().getClassLoader(),
                    new Class<?>[] {ReaderInterceptorContext.class}, (p, m, a) -> switch (m.getName()) {
                        case "getHeaders" -> headers;
                        case "getInputStream" -> stream;
                        case "getProperty" -> null; // no statistics observer on this method
                        case "setInputStream" -> {
                            stream = (InputStream) a[0];
                            replaced++;
                            yield null;
                        }
                        case "proceed" -> {
                            try {
                                yield read.apply(stream);
                            } catch (java.io.UncheckedIOException e) {
                                throw e.getCause();
                            }
                        }
                        default -> throw new UnsupportedOperationException(m.getName());
                    });
        }
    }

    byte[] compressed(String coding) {
        Codec codec = registry.forCoding(coding);
        byte[] out = new byte[codec.maxCompressedLength(JSON.length)];
        return Arrays.copyOf(out, codec.compress(JSON, 0, JSON.length, out, 0));
    }

    @Test
    void anUnencodedBodyAndItsHeadersAreLeftAlone() throws IOException {
        for (String coding : new String[] {null, "identity"}) {
            Reader reader = new Reader(JSON);
            InputStream original = reader.stream;
            if (coding != null) {
                reader.headers.putSingle("Content-Encoding", coding);
            }
            reader.headers.putSingle("Content-Length", Integer.toString(JSON.length));
            Object entity = new RequestDecodingInterceptor(registry, 1 << 20).aroundReadFrom(reader.proxy());
            assertArrayEquals(JSON, (byte[]) entity);
            assertEquals(0, reader.replaced, "the container's stream is the reader's");
            assertSame(original, reader.stream);
            assertEquals(Integer.toString(JSON.length), reader.headers.getFirst("Content-Length"), "length kept");
        }
    }

    /** Decodes an lzf body with the given Content-Length header; returns how many streaming decoders it took. */
    long streamingDecoders(String contentLength) throws IOException {
        byte[] body = compressed("lzf");
        Reader reader = new Reader(body);
        reader.headers.putSingle("Content-Encoding", "lzf");
        if (contentLength != null) {
            reader.headers.putSingle("Content-Length", contentLength.replace("N", Integer.toString(body.length)));
        }
        StreamCounters counters = registry.streams();
        long before = counters.openedCount(StreamCounters.Kind.DECODER, "lzf");
        Object entity = new RequestDecodingInterceptor(registry, 1 << 20).aroundReadFrom(reader.proxy());
        assertArrayEquals(JSON, (byte[]) entity);
        assertEquals(null, reader.headers.getFirst("Content-Encoding"), "the reader sees an unencoded body");
        assertEquals(null, reader.headers.getFirst("Content-Length"), "and no length of the encoded one");
        return counters.openedCount(StreamCounters.Kind.DECODER, "lzf") - before;
    }

    @Test
    void aSmallBodyOfKnownLengthIsDecodedInOneCall() throws IOException {
        assertEquals(0, streamingDecoders("N"));
        assertEquals(0, streamingDecoders(" N "), "the length is read with its whitespace trimmed");
    }

    @Test
    void aBodyOfUnknownOrInvalidLengthStreams() throws IOException {
        assertEquals(1, streamingDecoders(null));
        assertEquals(1, streamingDecoders("many"));
    }

    /** A corrupt lzf body (a valid one, cut short) declared with its length; the reader is given by the test. */
    Reader corruptLzf() {
        byte[] body = compressed("lzf");
        Reader reader = new Reader(Arrays.copyOf(body, body.length / 2));
        reader.headers.putSingle("Content-Encoding", "lzf");
        return reader;
    }

    @Test
    void aDecodingFailureAnEntityReaderWrappedIsStillAnswered400() {
        Reader reader = corruptLzf();
        reader.read = in -> {
            try {
                return in.readAllBytes();
            } catch (IOException e) {
                // What entity readers do (Jackson, RESTEasy's providers): wrap it in one of their own.
                throw new jakarta.ws.rs.ProcessingException("could not read the entity", e);
            }
        };
        jakarta.ws.rs.WebApplicationException e = org.junit.jupiter.api.Assertions.assertThrows(
                jakarta.ws.rs.WebApplicationException.class,
                () -> new RequestDecodingInterceptor(registry, 1 << 20).aroundReadFrom(reader.proxy()));
        assertEquals(RejectedBodyException.class, e.getClass());
        assertEquals(400, e.getResponse().getStatus());
    }

    @Test
    void aReaderFailureOfItsOwnPassesThroughUnchanged() {
        Reader reader = corruptLzf();
        IllegalStateException own = new IllegalStateException("the reader's own bug");
        reader.read = in -> {
            throw own;
        };
        assertSame(own, org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
                () -> new RequestDecodingInterceptor(registry, 1 << 20).aroundReadFrom(reader.proxy())));
    }

    /** An lzf body that decodes to {@code JSON}, over a limit of {@code JSON.length - 1}. */
    Reader overTheLimit() {
        Reader reader = new Reader(compressed("lzf"));
        reader.headers.putSingle("Content-Encoding", "lzf"); // no length: the streaming decoder, read by the reader
        return reader;
    }

    @Test
    void aLimitFailureAReaderSwallowedIsStillAnswered413() {
        Reader reader = overTheLimit();
        reader.read = in -> {
            try {
                in.readAllBytes();
            } catch (IOException e) {
                return null; // a reader that takes a failed read for an empty body
            }
            return "read to the end";
        };
        jakarta.ws.rs.WebApplicationException e = org.junit.jupiter.api.Assertions.assertThrows(
                jakarta.ws.rs.WebApplicationException.class,
                () -> new RequestDecodingInterceptor(registry, JSON.length - 1).aroundReadFrom(reader.proxy()));
        assertEquals(413, e.getResponse().getStatus());
    }

    @Test
    void aLimitFailureAReaderReplacedWithItsOwnErrorIsStillAnswered413() {
        Reader reader = overTheLimit();
        reader.read = in -> {
            try {
                return in.readAllBytes();
            } catch (IOException e) {
                throw new IllegalArgumentException("Unable to process JSON"); // without the cause
            }
        };
        jakarta.ws.rs.WebApplicationException e = org.junit.jupiter.api.Assertions.assertThrows(
                jakarta.ws.rs.WebApplicationException.class,
                () -> new RequestDecodingInterceptor(registry, JSON.length - 1).aroundReadFrom(reader.proxy()));
        assertEquals(413, e.getResponse().getStatus());
    }

    @Test
    void aBodyAServerInFrontDecodedIsHeldToTheLimit() throws IOException {
        // As Jetty's GzipHandler leaves it: no Content-Encoding, X-Content-Encoding: gzip.
        Reader over = new Reader(JSON);
        over.headers.putSingle("X-Content-Encoding", "gzip");
        jakarta.ws.rs.WebApplicationException e = org.junit.jupiter.api.Assertions.assertThrows(
                jakarta.ws.rs.WebApplicationException.class,
                () -> new RequestDecodingInterceptor(registry, JSON.length - 1).aroundReadFrom(over.proxy()));
        assertEquals(413, e.getResponse().getStatus());

        Reader exact = new Reader(JSON);
        exact.headers.putSingle("X-Content-Encoding", "gzip");
        assertArrayEquals(JSON, (byte[]) new RequestDecodingInterceptor(registry, JSON.length)
                .aroundReadFrom(exact.proxy()), "a body of exactly the limit passes");
    }

    @Test
    void aBodyUndertowInflatedIsHeldToTheLimit() throws IOException {
        // As Undertow's RequestEncodingHandler leaves it: no Content-Encoding, no Content-Length, X-Content-Length.
        Reader over = new Reader(JSON);
        over.headers.putSingle("X-Content-Length", "40");
        jakarta.ws.rs.WebApplicationException e = org.junit.jupiter.api.Assertions.assertThrows(
                jakarta.ws.rs.WebApplicationException.class,
                () -> new RequestDecodingInterceptor(registry, JSON.length - 1).aroundReadFrom(over.proxy()));
        assertEquals(413, e.getResponse().getStatus());
        Reader plain = new Reader(JSON);
        assertArrayEquals(JSON, (byte[]) new RequestDecodingInterceptor(registry, JSON.length - 1)
                .aroundReadFrom(plain.proxy()), "an unmarked body is not the library's to bound");
    }

    @Test
    void whereTheContainerInflatesWithoutAMarkAnUnlabelledBodyOfUnknownLengthIsHeldToTheLimit() throws IOException {
        // Vert.x with enable-decompression: no Content-Encoding, no Content-Length, nothing else.
        Reader unknown = new Reader(JSON);
        jakarta.ws.rs.WebApplicationException e = org.junit.jupiter.api.Assertions.assertThrows(
                jakarta.ws.rs.WebApplicationException.class,
                () -> new RequestDecodingInterceptor(registry, JSON.length - 1, null,
                        dev.restcompress.decoding.DecoderSlots.UNBOUNDED,
                        dev.restcompress.decoding.ContainerInflation.NONE.alsoUnmarked(true)).aroundReadFrom(unknown.proxy()));
        assertEquals(413, e.getResponse().getStatus());
        Reader sized = new Reader(JSON);
        sized.headers.putSingle("Content-Length", Integer.toString(JSON.length));
        assertArrayEquals(JSON, (byte[]) new RequestDecodingInterceptor(registry, JSON.length - 1, null,
                dev.restcompress.decoding.DecoderSlots.UNBOUNDED,
                        dev.restcompress.decoding.ContainerInflation.NONE.alsoUnmarked(true)).aroundReadFrom(sized.proxy()),
                "a body of declared length was not inflated by the container");
    }

    @Test
    void anInflationFailureOfAServerInFrontIsAnswered400() {
        Reader reader = new Reader(JSON);
        reader.headers.putSingle("X-Content-Encoding", "gzip");
        reader.stream = new InputStream() {
            @Override
            public int read() throws IOException {
                // What Jetty 12.1's inflating request raises from the servlet stream for a corrupt deflate block.
                throw new RuntimeException(new java.util.zip.ZipException("invalid bit length repeat"));
            }
        };
        jakarta.ws.rs.WebApplicationException e = org.junit.jupiter.api.Assertions.assertThrows(
                jakarta.ws.rs.WebApplicationException.class,
                () -> new RequestDecodingInterceptor(registry, 1 << 20).aroundReadFrom(reader.proxy()));
        assertEquals(400, e.getResponse().getStatus());
    }

    @Test
    void aRejectedBodyIsAnsweredWithTheResponseItCarries() {
        Response response = Response.status(413).build();
        RejectedBodyException rejected = new RejectedBodyException(new IOException("too big"), response);
        assertSame(response, new DecodingErrors.RejectedBodyMapper().toResponse(rejected));
        assertEquals(0, rejected.getStackTrace().length, "client-provoked: no stack trace recorded");
    }
}
