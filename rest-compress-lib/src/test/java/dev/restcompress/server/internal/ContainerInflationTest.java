package dev.restcompress.server.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.ibm.wsspi.http.channel.exception.IllegalHttpBodyException;
import dev.restcompress.codec.Codec;
import dev.restcompress.codec.CodecRegistry;
import dev.restcompress.config.CompressionSettings;
import dev.restcompress.decoding.ContainerInflation;
import dev.restcompress.decoding.DecoderSlots;
import dev.restcompress.server.internal.RequestDecodingInterceptorTest.Reader;
import jakarta.ws.rs.WebApplicationException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;

/**
 * {@link RequestDecodingInterceptor} in Open Liberty ({@link ContainerInflation#liberty()}), whose HTTP
 * channel inflates the outermost gzip of a request body and keeps {@code Content-Encoding}: as the
 * container hands such bodies over (what {@code LibertyContractIT} sees on the real server), they are
 * read once, held to the limit, and a body still in gzip (autoDecompression off) is decoded.
 */
class ContainerInflationTest {
    static final byte[] JSON = RequestDecodingInterceptorTest.JSON;
    final CodecRegistry registry = CompressionSettings.from(Map.<String, Object>of()::get).createRegistry();

    Object read(Reader reader, long limit) throws IOException {
        return new RequestDecodingInterceptor(registry, limit, null, new DecoderSlots(1), ContainerInflation.liberty())
                .aroundReadFrom(reader.proxy());
    }

    /** A body as Liberty hands it over: {@code body} with the coding header and length the client sent. */
    static Reader handedOver(byte[] body, String contentEncoding, int sentLength) {
        Reader reader = new Reader(body);
        reader.headers.putSingle("Content-Encoding", contentEncoding);
        reader.headers.putSingle("Content-Length", Integer.toString(sentLength));
        return reader;
    }

    @Test
    void aGzipBodyLibertyInflatedIsReadOnceAndLosesItsCodingHeaders() throws IOException {
        for (String coding : new String[] {"gzip", "x-gzip", "GZIP"}) {
            Reader reader = handedOver(JSON, coding, gzip(JSON).length);
            assertArrayEquals(JSON, (byte[]) read(reader, 1 << 20), coding);
            assertNull(reader.headers.getFirst("Content-Encoding"));
            assertNull(reader.headers.getFirst("Content-Length"));
        }
    }

    @Test
    void anInflatedBodyPastTheLimitIs413AndOneOfExactlyTheLimitPasses() throws IOException {
        WebApplicationException e = assertThrows(WebApplicationException.class,
                () -> read(handedOver(JSON, "gzip", 100), JSON.length - 1));
        assertEquals(413, e.getResponse().getStatus());
        assertArrayEquals(JSON, (byte[]) read(handedOver(JSON, "gzip", 100), JSON.length));
    }

    @Test
    void aBodyStillInGzipIsDecodedByTheLibrary() throws IOException {
        // autoDecompression="false", or a coding list Liberty does not inflate ("gzip, identity").
        byte[] gz = gzip(JSON);
        assertArrayEquals(JSON, (byte[]) read(handedOver(gz, "gzip", gz.length), 1 << 20));
        assertArrayEquals(JSON, (byte[]) read(handedOver(gz, "gzip, identity", gz.length), 1 << 20));
    }

    @Test
    void lzfUnderAnInflatedGzipIsDecodedByTheLibrary() throws IOException {
        // "lzf, gzip": Liberty undid the gzip (applied last) only; the body is still LZF.
        byte[] lzf = compressed("lzf");
        assertArrayEquals(JSON, (byte[]) read(handedOver(lzf, "lzf, gzip", 100), 1 << 20));
        WebApplicationException e = assertThrows(WebApplicationException.class,
                () -> read(handedOver(lzf, "lzf, gzip", 100), JSON.length - 1));
        assertEquals(413, e.getResponse().getStatus());
    }

    @Test
    void aBodyLibertyCouldNotInflateIs400() {
        Reader reader = handedOver(JSON, "gzip", 100);
        reader.stream = new InputStream() {
            @Override
            public int read() throws IOException {
                throw new IllegalHttpBodyException("Invalid gzip header, first byte=112");
            }
        };
        WebApplicationException e = assertThrows(WebApplicationException.class, () -> read(reader, 1 << 20));
        assertEquals(400, e.getResponse().getStatus());
    }

    @Test
    void anEmptyGzipBodyIsStill400() {
        WebApplicationException e = assertThrows(WebApplicationException.class,
                () -> read(handedOver(new byte[0], "gzip", 0), 1 << 20));
        assertEquals(400, e.getResponse().getStatus());
    }

    @Test
    void anUnsizedInflatedBodyHoldsADecoderSlotUntilRead() throws IOException {
        DecoderSlots slots = new DecoderSlots(1);
        Reader reader = new Reader(JSON);
        reader.headers.putSingle("Content-Encoding", "gzip"); // chunked: no Content-Length
        RequestDecodingInterceptor interceptor = new RequestDecodingInterceptor(registry, 1 << 20, null, slots,
                ContainerInflation.liberty());
        reader.read = in -> {
            assertEquals(1, slots.live(), "held while the reader reads");
            try {
                return in.readAllBytes();
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        };
        assertArrayEquals(JSON, (byte[]) interceptor.aroundReadFrom(reader.proxy()));
        assertEquals(0, slots.live(), "given back");
    }

    @Test
    void elsewhereAGzipBodyIsNeverTakenForInflated() {
        assertFalse(ContainerInflation.NONE.detected());
        WebApplicationException e = assertThrows(WebApplicationException.class,
                () -> new RequestDecodingInterceptor(registry, 1 << 20).aroundReadFrom(handedOver(JSON, "gzip", 100).proxy()));
        assertEquals(400, e.getResponse().getStatus(), "not gzip: corrupt");
    }

    byte[] compressed(String coding) {
        Codec codec = registry.forCoding(coding);
        byte[] out = new byte[codec.maxCompressedLength(JSON.length)];
        return Arrays.copyOf(out, codec.compress(JSON, 0, JSON.length, out, 0));
    }

    static byte[] gzip(byte[] plain) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(plain);
        }
        return out.toByteArray();
    }
}
