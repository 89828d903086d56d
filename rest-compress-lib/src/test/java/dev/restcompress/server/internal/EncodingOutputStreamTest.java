package dev.restcompress.server.internal;

import dev.restcompress.server.CompressionStatistics;
import dev.restcompress.server.StatisticsViews;
import dev.restcompress.server.internal.observe.Observers;
import dev.restcompress.server.internal.observe.Statistics;
import dev.restcompress.codec.StreamCounters;
import dev.restcompress.testing.Codecs;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.restcompress.codec.Codec;
import dev.restcompress.io.BufferPool;
import jakarta.ws.rs.core.MultivaluedHashMap;
import jakarta.ws.rs.core.MultivaluedMap;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The encoding stream in memory, at its edges: the threshold, the one-shot limit reached by single
 * bytes and by arrays, incompressible bodies, identity refused, the declared-length bound, and close().
 */
class EncodingOutputStreamTest {
    static final Codec LZF = Codecs.of("lzf");
    final BufferPool pool = new BufferPool(1 << 20, 2);
    final ByteArrayOutputStream sink = new ByteArrayOutputStream();
    final MultivaluedMap<String, Object> headers = new MultivaluedHashMap<>();

    @AfterEach
    void nothingLeaked() {
        assertEquals(0, pool.outstanding(), "pooled buffers leaked");
    }

    EncodingOutputStream stream(boolean identityOk, int threshold, int oneShotLimit, int maxDeclared, boolean flush) {
        return new EncodingOutputStream(sink, new EncodingPlan(LZF, identityOk, threshold, oneShotLimit, maxDeclared,
                flush), headers, pool, new StreamCounters());
    }

    final Statistics store = new Statistics(true, null);
    final CompressionStatistics statistics = StatisticsViews.of(store);
    final Statistics.Counters atLevel = store.bodiesAt("lzf", 0);
    final Statistics.Counters streamed = store.bodiesAt("lzf", "stream");

    /** An LZF stream (threshold 10) whose bodies are counted in {@link #statistics} as method {@code R#m}. */
    EncodingOutputStream observed(boolean honorFlush) {
        BodyObserver.Encode observation = new Observers(store, true, null).encode("R#m", "lzf", 0, 0);
        return new EncodingOutputStream(sink, new EncodingPlan(LZF, true, 10, 1 << 20, Integer.MAX_VALUE, honorFlush,
                observation), headers, pool, new StreamCounters());
    }

    /** Streams a body (flushes honoured) of single bytes and arrays, with statistics counted. */
    @Test
    void streamedBodiesAreCountedExactly() throws IOException {
        byte[] data = text(5000);
        try (EncodingOutputStream out = observed(true)) {
            out.write(data, 0, 1000);
            out.flush(); // streaming from here
            for (int i = 1000; i < 1010; i++) {
                out.write(data[i]);
            }
            out.write(data, 1010, data.length - 1010);
        }
        assertArrayEquals(data, unlzf(sink.toByteArray()));
        CompressionStatistics.Totals totals = statistics.encodedByCoding().get("lzf");
        assertEquals(1, totals.bodies());
        assertEquals(data.length, totals.bytesIn(), "entity bytes, single bytes included");
        assertEquals(sink.size(), totals.bytesOut(), "bytes on the wire");
        assertEquals(totals, statistics.encodedByMethod().get("R#m"));
        assertEquals(1, streamed.bodies());
        assertEquals(0, atLevel.bodies());
    }

    /** A one-shot body is counted at its level with the bytes that went out. */
    @Test
    void oneShotBodiesAreCountedAtTheirLevel() throws IOException {
        byte[] data = text(5000);
        try (EncodingOutputStream out = observed(false)) {
            out.write(data);
        }
        CompressionStatistics.Totals totals = statistics.encodedByCoding().get("lzf");
        assertEquals(data.length, totals.bytesIn());
        assertEquals(sink.size(), totals.bytesOut());
        assertEquals(1, atLevel.bodies());
        assertEquals(0, streamed.bodies());
    }

    static byte[] text(int n) {
        byte[] b = new byte[n];
        byte[] word = "abcabcabd ".getBytes();
        for (int i = 0; i < n; i++) {
            b[i] = word[i % word.length];
        }
        return b;
    }

    static byte[] unlzf(byte[] b) throws IOException {
        try (InputStream in = LZF.decompressingStream(new ByteArrayInputStream(b), 1 << 24)) {
            return in.readAllBytes();
        }
    }

    String header(String name) {
        Object v = headers.getFirst(name);
        return v == null ? null : v.toString();
    }

    @Test
    void singleBytesBelowTheThresholdGoOutPlainAndFramedByTheContainer() throws IOException {
        byte[] data = text(100);
        try (EncodingOutputStream out = stream(true, 1024, 4096, Integer.MAX_VALUE, false)) {
            for (byte b : data) {
                out.write(b);
            }
        }
        assertArrayEquals(data, sink.toByteArray());
        assertNull(header("Content-Length"), "identity bodies get no header of ours");
        assertNull(header("Content-Encoding"));
    }

    @Test
    void singleBytesOneBeyondTheOneShotLimitStream() throws IOException {
        byte[] data = text(11);
        EncodingOutputStream out = stream(true, 0, 10, Integer.MAX_VALUE, false);
        for (byte b : data) {
            out.write(b);
        }
        out.finish();
        assertEquals("lzf", header("Content-Encoding"));
        assertNull(header("Content-Length"), "streamed: no length");
        assertArrayEquals(data, unlzf(sink.toByteArray()));
    }

    @Test
    void exactlyTheOneShotLimitStaysOneShot() throws IOException {
        byte[] data = text(4000);
        EncodingOutputStream bytes = stream(true, 0, 4000, Integer.MAX_VALUE, false);
        for (byte b : data) {
            bytes.write(b);
        }
        bytes.finish();
        assertEquals(Integer.toString(sink.size()), header("Content-Length"), "one shot: exact length");
        assertArrayEquals(data, unlzf(sink.toByteArray()));

        sink.reset();
        headers.clear();
        EncodingOutputStream array = stream(true, 0, 4000, Integer.MAX_VALUE, false);
        array.write(data, 0, data.length);
        array.finish();
        assertEquals(Integer.toString(sink.size()), header("Content-Length"), "one shot: exact length");
        assertArrayEquals(data, unlzf(sink.toByteArray()));
    }

    @Test
    void aBodyOfExactlyTheThresholdIsEncoded() throws IOException {
        byte[] data = text(1024);
        try (EncodingOutputStream out = stream(true, 1024, 4096, Integer.MAX_VALUE, false)) {
            out.write(data);
        }
        assertEquals("lzf", header("Content-Encoding"));
        assertArrayEquals(data, unlzf(sink.toByteArray()));
    }

    @Test
    void identityRefusedEncodesEvenTinyBodies() throws IOException {
        byte[] data = text(5);
        try (EncodingOutputStream out = stream(false, 1024, 4096, Integer.MAX_VALUE, false)) {
            out.write(data);
        }
        assertEquals("lzf", header("Content-Encoding"));
        assertArrayEquals(data, unlzf(sink.toByteArray()));
    }

    @Test
    void incompressibleBodiesGoOutPlain() throws IOException {
        byte[] data = new byte[3000];
        new Random(3).nextBytes(data);
        try (EncodingOutputStream out = stream(true, 1024, 4096, Integer.MAX_VALUE, false)) {
            out.write(data);
        }
        assertArrayEquals(data, sink.toByteArray());
        assertNull(header("Content-Encoding"));
        assertEquals("3000", header("Content-Length"), "tried in one shot: exact length");
    }

    /** 100 random bytes and a run of 'a's, the run as long as it takes for lzf to save nothing at all. */
    static byte[] lzfNeitherShrinksNorGrows() {
        for (int run = 0; run < 64; run++) {
            byte[] data = new byte[100 + run];
            new Random(100).nextBytes(data);
            java.util.Arrays.fill(data, 100, data.length, (byte) 'a');
            if (LZF.compress(data, 0, data.length, new byte[LZF.maxCompressedLength(data.length)], 0) == data.length) {
                return data;
            }
        }
        throw new AssertionError("no body that lzf encodes to its own size");
    }

    @Test
    void aBodyThatCompressesToItsOwnSizeGoesOutPlain() throws IOException {
        byte[] data = lzfNeitherShrinksNorGrows();
        try (EncodingOutputStream out = stream(true, 0, 4096, Integer.MAX_VALUE, false)) {
            out.write(data);
        }
        assertArrayEquals(data, sink.toByteArray(), "no gain: spare the client the decoding");
        assertNull(header("Content-Encoding"));
        assertEquals(Integer.toString(data.length), header("Content-Length"));
    }

    @Test
    void aWritersOwnLengthIsKeptUpToTheBoundAndRemovedBeyondIt() throws IOException {
        byte[] data = text(500);
        headers.putSingle("Content-Length", "500"); // what an entity writer declared for the raw body
        try (EncodingOutputStream out = stream(true, 1024, 4096, 500, false)) {
            out.write(data);
        }
        assertEquals("500", header("Content-Length"), "exactly at the bound");

        sink.reset();
        headers.clear();
        headers.putSingle("Content-Length", "500"); // what an entity writer declared for the raw body
        try (EncodingOutputStream out = stream(true, 1024, 4096, 499, false)) {
            out.write(data);
        }
        assertNull(header("Content-Length"), "beyond the bound the runtime frames the body");
        assertArrayEquals(data, sink.toByteArray());
    }

    @Test
    void flushIsAbsorbedUnlessHonoured() throws IOException {
        byte[] data = text(2000);
        try (EncodingOutputStream out = stream(true, 1024, 1 << 20, Integer.MAX_VALUE, false)) {
            out.write(data);
            out.flush();
            assertEquals(0, sink.size(), "an ordinary writer's flush costs nothing");
        }
        assertEquals(Integer.toString(sink.size()), header("Content-Length"));

        sink.reset();
        headers.clear();
        try (EncodingOutputStream out = stream(true, 1024, 1 << 20, Integer.MAX_VALUE, true)) {
            out.write(data);
            out.flush();
            int flushed = sink.size();
            assertEquals(data.length, unlzf(sink.toByteArray()).length, "flushed " + flushed + " bytes");
        }
        assertEquals("lzf", header("Content-Encoding"));
        assertNull(header("Content-Length"));
    }

    @Test
    void closeSendsTheBodyAndWritesAfterwardsFail() throws IOException {
        byte[] data = text(2000);
        EncodingOutputStream out = stream(true, 1024, 4096, Integer.MAX_VALUE, false);
        out.write(data);
        out.close();
        assertArrayEquals(data, unlzf(sink.toByteArray()));
        assertThrows(IOException.class, () -> out.write(1));
        assertThrows(IOException.class, () -> out.write(data, 0, 1));
        assertThrows(IOException.class, out::flush);
        out.close(); // idempotent
    }
}
