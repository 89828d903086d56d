package dev.restcompress.server.internal.observe;

import dev.restcompress.server.CompressionStatistics;
import dev.restcompress.server.StatisticsViews;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.codec.CodecRegistry;
import dev.restcompress.config.CompressionSettings;
import dev.restcompress.decoding.ContentCodings;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The decoded-body statistics count exactly what passed, however the entity reader reads: single
 * bytes, arrays, skips, and once per body even when it is closed twice.
 */
class DecodeObservationTest {
    private static final CodecRegistry REGISTRY = CompressionSettings.fromSystemProperties().createRegistry();
    private static final byte[] PLAIN = "{\"id\":1,\"name\":\"x\"}\n".repeat(200).getBytes(StandardCharsets.US_ASCII);

    private static byte[] encode(String coding, byte[] data) {
        byte[] out = new byte[REGISTRY.forCoding(coding).maxCompressedLength(data.length)];
        int n = REGISTRY.forCoding(coding).compress(data, 0, data.length, out, 0);
        return java.util.Arrays.copyOf(out, n);
    }

    @Test
    void countsCompressedAndDecodedBytesReadByteByByteAndSkipped() throws Exception {
        Statistics store = new Statistics(true, null);
        CompressionStatistics statistics = StatisticsViews.of(store);
        DecodeObservation observation = new DecodeObservation("R#m", store, null);
        byte[] wire = encode("gzip", PLAIN);
        ContentCodings codings = ContentCodings.parse(List.of("gzip"), REGISTRY);
        // Streaming (unknown length), so the raw body is read as the decoder goes.
        InputStream decoded = observation.observe(codings.applied(), new ByteArrayInputStream(wire),
                raw -> codings.decodeBody(raw, -1, 1 << 20));
        int single = 0;
        for (int i = 0; i < 10; i++) {
            if (decoded.read() >= 0) {
                single++;
            }
        }
        long skipped = decoded.skip(100);
        byte[] rest = decoded.readAllBytes();
        decoded.close();
        decoded.close(); // counted once
        assertEquals(PLAIN.length, single + skipped + rest.length);

        CompressionStatistics.Totals byCoding = statistics.decodedByCoding().get("gzip");
        CompressionStatistics.Totals byMethod = statistics.decodedByMethod().get("R#m");
        assertEquals(1, byCoding.bodies());
        assertEquals(wire.length, byCoding.bytesIn(), "compressed bytes read");
        assertEquals(PLAIN.length, byCoding.bytesOut(), "decoded bytes delivered, skipped ones included");
        assertEquals(byCoding, byMethod);
        assertTrue(byCoding.nanos() > 0);
    }

    @Test
    void stackedCodingsCountTheBodyUnderEachCoding() throws Exception {
        Statistics store = new Statistics(true, null);
        CompressionStatistics statistics = StatisticsViews.of(store);
        DecodeObservation observation = new DecodeObservation("R#m", store, null);
        byte[] wire = encode("gzip", encode("lzf", PLAIN));
        ContentCodings codings = ContentCodings.parse(List.of("lzf, gzip"), REGISTRY);
        try (InputStream decoded = observation.observe(codings.applied(), new ByteArrayInputStream(wire),
                raw -> codings.decodeBody(raw, -1, 1 << 20))) {
            assertEquals(PLAIN.length, decoded.readAllBytes().length);
        }
        assertEquals(wire.length, statistics.decodedByCoding().get("gzip").bytesIn());
        assertEquals(wire.length, statistics.decodedByCoding().get("lzf").bytesIn());
        assertEquals(PLAIN.length, statistics.decodedByMethod().get("R#m").bytesOut());
    }

    @Test
    void statisticsWithoutAdaptationSayWhatTheyAre() throws Exception {
        Statistics store = new Statistics(true, null);
        CompressionStatistics on = StatisticsViews.of(store);
        CompressionStatistics off = StatisticsViews.of(new Statistics(false, null));
        assertTrue(on.enabled());
        assertEquals(false, off.enabled());
        assertEquals(false, on.adaptive());
        assertEquals(0, on.adaptiveStep());
        assertTrue(Double.isNaN(on.load()), "no sampler, no load");
        new DecodeObservation("R#m", store, null).observe(ContentCodings.parse(List.of("gzip"), REGISTRY).applied(),
                new ByteArrayInputStream(new byte[0]), raw -> new ByteArrayInputStream(new byte[0])).close();
        // The time around the decoder's set-up counts too: some nanoseconds, however empty the body.
        assertTrue(on.toString().matches("CompressionStatistics\\[step 0, encoded \\{\\}, decoded \\{gzip=Totals\\[bodies=1, "
                + "bytesIn=0, bytesOut=0, nanos=\\d+\\]\\}\\]"), on.toString());
    }

    @Test
    void theRawBodyCountsSingleBytesAndSkips() throws Exception {
        DecodeObservation.CountingBody raw = new DecodeObservation.CountingBody(new ByteArrayInputStream(new byte[10]));
        raw.read();
        assertEquals(3, raw.skip(3));
        raw.read(new byte[4], 0, 4);
        assertEquals(2, raw.readAllBytes().length);
        assertEquals(-1, raw.read());
        assertEquals(10, raw.count());
    }
}
