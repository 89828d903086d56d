package dev.restcompress.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ning.compress.lzf.LZFEncoder;
import dev.restcompress.contract.app.EntityReaderResource;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The part of the HTTP contract that binds coded request bodies through the runtime's own entity
 * readers ({@link EntityReaderResource}): JSON through the framework's JSON provider (Jackson, JSON-B),
 * {@code String} and {@code byte[]}. A body that decodes past {@link HttpContract#MAX_DECODED_SIZE} is
 * the library's 413 with its one log line whatever reader binds it and whatever the server in front
 * does with the coding: never a {@code null} entity (a 500 from the application), never the reader's
 * own parse error (Dropwizard 5 answered 500 and 400 before the library bounded bodies its Jetty had
 * already inflated). The bombs are JSON whitespace: a JSON parser reads all of it looking for a token.
 *
 * <p>A runtime's contract class mixes this in next to {@link HttpContract} when its application serves
 * {@link EntityReaderResource} with a JSON provider, and makes {@link #baseUri()} public.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
public interface EntityReaderContract {

    /** Where {@code contract/entity/...} is served (the same root as {@link HttpContract#baseUri()}). */
    URI baseUri();

    /**
     * Whether the server logs into this JVM's {@code java.util.logging} (see
     * {@link HttpContract#logsInProcess()}); when not, only the status is checked.
     */
    default boolean entityRejectionLogsInProcess() {
        return true;
    }

    /** A small coded body reaches each reader decoded, so the bombs below meet the same readers. */
    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"maps, gzip, '2 maps, first id 7'", "items, gzip, '2 items, first sku A-7'",
        "text, gzip, 49 chars", "bytes, gzip, 49 bytes", "maps, lzf, '2 maps, first id 7'",
        "items, lzf, '2 items, first sku A-7'"})
    default void aSmallCodedBodyReachesTheReaderDecoded(String endpoint, String coding, String answer)
            throws Exception {
        byte[] json = "[{\"id\":7,\"sku\":\"A-7\"}, {\"id\":8,\"sku\":\"B-8\"}]     ".getBytes(StandardCharsets.US_ASCII);
        byte[] body = coding.equals("gzip") ? Bombs.gzip(json) : LZFEncoder.encode(json);
        HttpResponse<String> r = post(endpoint, coding, body, false);
        assertEquals(200, r.statusCode(), r::body);
        assertEquals(answer, r.body().trim());
    }

    /**
     * Bombs past the limit, for every reader: 256 MiB of JSON whitespace in gzip (the case Dropwizard
     * answered with a null entity) sent with a length, 16 MiB of it chunked, {@code [} and 20 MB of whitespace
     * (Dropwizard's "Unable to process JSON"), and an LZF bomb (a coding no server in front decodes).
     */
    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"maps, whitespace", "maps, whitespace-chunked", "maps, open-array", "maps, lzf",
        "items, whitespace", "items, whitespace-chunked", "items, open-array", "items, lzf",
        "text, whitespace", "text, whitespace-chunked", "text, open-array", "text, lzf",
        "bytes, whitespace", "bytes, whitespace-chunked", "bytes, open-array", "bytes, lzf"})
    default void bodyDecodingPastTheLimitIsTheLibrarys413ForEveryReader(String endpoint, String bomb)
            throws Exception {
        String coding = bomb.equals("lzf") ? "lzf" : "gzip";
        byte[] body = Bombs.of(bomb);
        boolean chunked = bomb.endsWith("chunked");
        boolean logs = entityRejectionLogsInProcess();
        ContractPart.assertRefusedInOneLine(logs, request(endpoint, coding, body, chunked),
                HttpResponse.BodyHandlers.ofString(), r -> {
                    assertEquals(413, r.statusCode(), r::body);
                    if (logs) {
                        assertTrue(r.body().contains("Request body rejected"),
                                () -> "the library's answer, was " + r.body());
                    }
                }, "bomb");
    }

    private HttpResponse<String> post(String endpoint, String coding, byte[] body, boolean chunked)
            throws Exception {
        return Wire.CLIENT.send(request(endpoint, coding, body, chunked), HttpResponse.BodyHandlers.ofString());
    }

    private HttpRequest request(String endpoint, String coding, byte[] body, boolean chunked) {
        String type = switch (endpoint) {
            case "text" -> "text/plain";
            case "bytes" -> "application/octet-stream";
            default -> "application/json";
        };
        HttpRequest.BodyPublisher publisher = chunked
                ? HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(body))
                : HttpRequest.BodyPublishers.ofByteArray(body);
        return HttpRequest.newBuilder(new Wire(baseUri()).uri("contract/entity/" + endpoint))
                .timeout(Wire.TIMEOUT).header("Content-Type", type).header("Content-Encoding", coding)
                .POST(publisher).build();
    }

    /** The bodies, made once per JVM (the 256 MiB one takes about a second to deflate). */
    final class Bombs {
        private static final Map<String, byte[]> MADE = new ConcurrentHashMap<>();

        private Bombs() {
        }

        static byte[] of(String kind) {
            return MADE.computeIfAbsent(kind, k -> switch (k) {
                case "whitespace" -> gzipOf(new byte[0], 256L << 20);
                // Chunked, 16 MiB (16 KB on the wire): sent whole before the 413 comes back, whereas a
                // server answering while a 260 KB chunked upload is still arriving may close the
                // connection under the client (seen on Jetty), a transport race this contract does not judge.
                case "whitespace-chunked" -> gzipOf(new byte[0], 16L << 20);
                case "open-array" -> gzipOf(new byte[] {'['}, 20_000_000L);
                // 512 KiB of spaces, 8x the limit, about 17 KB on the wire: sent whole before the 413
                // (4 MiB, ~140 KB on the wire, once lost the connection under the client on Dropwizard).
                case "lzf" -> {
                    byte[] spaces = new byte[512 << 10];
                    Arrays.fill(spaces, (byte) ' ');
                    yield LZFEncoder.encode(spaces);
                }
                default -> throw new IllegalArgumentException(k);
            });
        }

        /** {@code head} then {@code spaces} spaces, gzipped without holding them. */
        private static byte[] gzipOf(byte[] head, long spaces) {
            byte[] block = new byte[64 * 1024];
            Arrays.fill(block, (byte) ' ');
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (GZIPOutputStream gz = new GZIPOutputStream(bytes, 64 * 1024)) {
                gz.write(head);
                for (long left = spaces; left > 0; left -= block.length) {
                    gz.write(block, 0, (int) Math.min(block.length, left));
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return bytes.toByteArray();
        }

        static byte[] gzip(byte[] plain) {
            return Wire.gzip(plain);
        }
    }
}
