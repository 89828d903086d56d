package dev.restcompress.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.codec.Codec;
import dev.restcompress.config.AdaptiveSettings;
import dev.restcompress.testing.Codecs;
import dev.restcompress.testing.TestServerExtension;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Observability over HTTP: the statistics count each body exactly, and a JDK Flight Recorder
 * recording made in process sees one event per encoded and decoded body with the right fields. The
 * server is fresh per class and the tests run in one order, so counts are exact. Adaptive levels are
 * off: the counts per level assume the configured level (the test JVM's own CPU load would otherwise
 * step it down, as it should in production).
 */
@Timeout(60)
class StatisticsHttpTest {
    @RegisterExtension
    static final TestServerExtension SERVER = TestServerExtension.of(Set.of(AdaptiveResource.class),
            Map.of(AdaptiveSettings.ADAPTIVE, "off"));
    static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    static HttpResponse<byte[]> get(String path, String acceptEncoding) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(SERVER.uri(path)).timeout(Duration.ofSeconds(30))
                .header("Accept-Encoding", acceptEncoding).GET().build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    static HttpResponse<String> post(byte[] body, String coding) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(SERVER.uri("adaptive/upload")).timeout(Duration.ofSeconds(30))
                .header("Content-Encoding", coding).header("Content-Type", "application/octet-stream")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    static byte[] compress(String coding, byte[] data) {
        Codec c = Codecs.of(coding);
        byte[] out = new byte[c.maxCompressedLength(data.length)];
        return Arrays.copyOf(out, c.compress(data, 0, data.length, out, 0));
    }

    @Test
    void countsEveryBodyPerCodingAndMethod() throws Exception {
        Map<String, CompressionStatistics.Totals> encodedBefore = SERVER.statistics().encodedByCoding();
        Map<String, CompressionStatistics.Totals> decodedBefore = SERVER.statistics().decodedByCoding();
        Map<String, CompressionStatistics.Totals> methodsBefore = SERVER.statistics().encodedByMethod();
        Map<String, CompressionStatistics.Totals> uploadsBefore = SERVER.statistics().decodedByMethod();
        Map<String, Long> levelsBefore = SERVER.statistics().encodedBodiesByLevel();
        long gzipOut = 0;
        for (int i = 0; i < 3; i++) {
            HttpResponse<byte[]> r = get("adaptive/json", "gzip");
            assertEquals("gzip", r.headers().firstValue("Content-Encoding").orElseThrow());
            gzipOut += r.body().length;
        }
        HttpResponse<byte[]> l = get("adaptive/json", "lzf");
        assertEquals("lzf", l.headers().firstValue("Content-Encoding").orElseThrow());
        get("adaptive/json", "identity"); // not encoded: not counted
        byte[] zipped = compress("gzip", AdaptiveResource.JSON);
        assertEquals(Integer.toString(AdaptiveResource.JSON.length), post(zipped, "gzip").body());

        CompressionStatistics s = SERVER.statistics();
        long n = AdaptiveResource.JSON.length;
        CompressionStatistics.Totals gzip = delta(s.encodedByCoding(), encodedBefore, "gzip");
        assertEquals(3, gzip.bodies());
        assertEquals(3 * n, gzip.bytesIn());
        assertEquals(gzipOut, gzip.bytesOut());
        assertTrue(gzip.nanos() > 0, "codec time counted");
        assertEquals(3 * n - gzipOut, gzip.savedBytes());
        CompressionStatistics.Totals lzf = delta(s.encodedByCoding(), encodedBefore, "lzf");
        assertEquals(new CompressionStatistics.Totals(1, n, l.body().length, lzf.nanos()), lzf);
        assertEquals(0, delta(s.encodedByCoding(), encodedBefore, "zstd").bodies());
        assertEquals(4, delta(s.encodedByMethod(), methodsBefore, "AdaptiveResource#json").bodies());
        assertEquals(3L, s.encodedBodiesByLevel().get("gzip/6") - levelsBefore.getOrDefault("gzip/6", 0L));
        assertEquals(1L, s.encodedBodiesByLevel().get("lzf/0") - levelsBefore.getOrDefault("lzf/0", 0L));

        CompressionStatistics.Totals decoded = delta(s.decodedByCoding(), decodedBefore, "gzip");
        assertEquals(1, decoded.bodies());
        assertEquals(zipped.length, decoded.bytesIn());
        assertEquals(n, decoded.bytesOut());
        assertEquals(decoded, delta(s.decodedByMethod(), uploadsBefore, "AdaptiveResource#upload"));
        assertEquals(false, s.adaptive());
        assertEquals(0, s.adaptiveStep());
    }

    @Test
    void countsStreamedBodies() throws Exception {
        Map<String, CompressionStatistics.Totals> before = SERVER.statistics().encodedByMethod();
        long streamedBefore = SERVER.statistics().encodedBodiesByLevel().getOrDefault("gzip/stream", 0L);
        HttpResponse<byte[]> r = get("adaptive/stream", "gzip");
        assertEquals("gzip", r.headers().firstValue("Content-Encoding").orElseThrow());
        CompressionStatistics.Totals t = delta(SERVER.statistics().encodedByMethod(), before, "AdaptiveResource#stream");
        assertEquals(new CompressionStatistics.Totals(1, AdaptiveResource.JSON.length, r.body().length, t.nanos()), t);
        assertEquals(streamedBefore + 1, SERVER.statistics().encodedBodiesByLevel().get("gzip/stream"));
    }

    static CompressionStatistics.Totals delta(Map<String, CompressionStatistics.Totals> after,
            Map<String, CompressionStatistics.Totals> before, String key) {
        CompressionStatistics.Totals a = after.get(key);
        CompressionStatistics.Totals b = before.getOrDefault(key, new CompressionStatistics.Totals(0, 0, 0, 0));
        return new CompressionStatistics.Totals(a.bodies() - b.bodies(), a.bytesIn() - b.bytesIn(),
                a.bytesOut() - b.bytesOut(), a.nanos() - b.nanos());
    }

    @Test
    void reachableFromTheApplicationsConfiguration() throws Exception {
        assertEquals("step 0", new String(get("adaptive/reachable", "identity").body()));
    }

    @Test
    void flightRecorderSeesEachEncodeAndDecode(@TempDir Path dir) throws Exception {
        byte[] zipped = compress("gzip", AdaptiveResource.JSON);
        Path file = dir.resolve("run.jfr");
        try (Recording recording = new Recording()) {
            recording.enable("dev.restcompress.Encode").withThreshold(Duration.ZERO);
            recording.enable("dev.restcompress.Decode").withThreshold(Duration.ZERO);
            recording.start();
            get("adaptive/json", "gzip");
            get("adaptive/fixed", "gzip");
            post(zipped, "gzip");
            recording.stop();
            recording.dump(file);
        }
        List<RecordedEvent> events = RecordingFile.readAllEvents(file);
        List<RecordedEvent> encodes = events.stream()
                .filter(e -> e.getEventType().getName().equals("dev.restcompress.Encode")).toList();
        List<RecordedEvent> decodes = events.stream()
                .filter(e -> e.getEventType().getName().equals("dev.restcompress.Decode")).toList();
        assertEquals(2, encodes.size(), events.toString());
        assertEquals(1, decodes.size(), events.toString());
        RecordedEvent e = encodes.stream().filter(x -> x.getString("method").equals("AdaptiveResource#json"))
                .findFirst().orElseThrow();
        assertEquals("gzip", e.getString("coding"));
        assertEquals(6, e.getInt("level"));
        assertEquals(AdaptiveResource.JSON.length, e.getLong("bytesIn"));
        assertEquals(zipped.length, e.getLong("bytesOut"), "the same codec at the same level");
        assertEquals(0, e.getInt("step"));
        assertEquals(false, e.getBoolean("streamed"));
        assertNotNull(e.getDuration());
        RecordedEvent d = decodes.get(0);
        assertEquals("gzip", d.getString("coding"));
        assertEquals(zipped.length, d.getLong("bytesIn"));
        assertEquals(AdaptiveResource.JSON.length, d.getLong("bytesOut"));
        assertEquals("AdaptiveResource#upload", d.getString("method"));
        assertTrue(Files.size(file) > 0);
    }
}
