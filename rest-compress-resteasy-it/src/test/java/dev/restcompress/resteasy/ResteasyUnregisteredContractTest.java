package dev.restcompress.resteasy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.contract.EntityReaderContract;
import dev.restcompress.contract.HttpContract;
import dev.restcompress.contract.SeBootstrapServer;
import dev.restcompress.contract.app.ContractResource;
import dev.restcompress.contract.app.EntityReaderResource;
import dev.restcompress.contract.app.SeenEncodingFilter;
import jakarta.ws.rs.core.Application;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.zip.GZIPOutputStream;
import java.util.Set;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The HTTP contract on RESTEasy 6.2 (Undertow through {@code SeBootstrap}, 127.0.0.1, a free port)
 * with an application that does not mention rest-compress at all: adding the jar is the whole
 * registration (RESTEasy reads its {@code META-INF/services/jakarta.ws.rs.ext.Providers}).
 */
class ResteasyUnregisteredContractTest extends HttpContract implements EntityReaderContract {
    @RegisterExtension
    static final SeBootstrapServer SERVER = new SeBootstrapServer(ResourcesOnly::new);

    /** Only the resources: no rest-compress class. */
    public static class ResourcesOnly extends Application {
        @Override
        public Set<Class<?>> getClasses() {
            return Set.of(ContractResource.class, EntityReaderResource.class, SeenEncodingFilter.class,
                    StreamResource.class, XmlEntityResource.class);
        }
    }

    @Override
    public URI baseUri() {
        return SERVER.baseUri();
    }

    /**
     * A stream-taking resource reads a chunked body (no Content-Length: it streams through the decoder)
     * that turns out corrupt or too large: the library's mappers, registered by the services file too,
     * answer 400/413 instead of RESTEasy's 500.
     */
    @ParameterizedTest
    @CsvSource({"corrupt,400", "bomb,413", "fine,200"})
    void aStreamTakingResourceGetsTheLibrarysStatusForABadChunkedBody(String kind, int status) throws Exception {
        byte[] body = switch (kind) {
            case "corrupt" -> corruptAfterTheHeader();
            case "bomb" -> gzip(new byte[MAX_DECODED_SIZE * 4]);
            default -> gzip(new byte[1000]);
        };
        HttpRequest req = HttpRequest.newBuilder(baseUri().resolve("stream-in")).timeout(Duration.ofSeconds(30))
                .header("Content-Encoding", "gzip")
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(body))).build();
        HttpResponse<String> r = HttpClient.newHttpClient().send(req, HttpResponse.BodyHandlers.ofString());
        assertEquals(status, r.statusCode(), r.body());
        if (status == 200) {
            assertEquals("1000", r.body());
        } else {
            assertTrue(r.body().contains("gzip"), r.body());
        }
    }

    /**
     * A JAXB entity (RESTEasy's JAXB provider) meets the limit like the JSON ones: an XML prolog of
     * 256 MiB of whitespace and an open element followed by 20 MB of it are the library's 413, a small
     * coded document is bound.
     */
    @ParameterizedTest
    @CsvSource({"fine,200", "prolog-bomb,413", "open-element,413"})
    void aJaxbEntityPastTheLimitIsTheLibrarys413(String kind, int status) throws Exception {
        byte[] body = switch (kind) {
            case "fine" -> gzip("<order><line>a</line><line>b</line></order>".getBytes(StandardCharsets.US_ASCII));
            case "prolog-bomb" -> gzipSpaces("", 256L << 20);
            default -> gzipSpaces("<order><line>", 20_000_000L);
        };
        HttpRequest req = HttpRequest.newBuilder(baseUri().resolve("xml")).timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/xml").header("Content-Encoding", "gzip")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build();
        HttpResponse<String> r = HttpClient.newHttpClient().send(req, HttpResponse.BodyHandlers.ofString());
        assertEquals(status, r.statusCode(), r.body());
        assertTrue(r.body().contains(status == 200 ? "2 lines" : "Request body rejected"), r.body());
    }

    private static byte[] gzipSpaces(String head, long spaces) throws Exception {
        byte[] block = " ".repeat(65536).getBytes(StandardCharsets.US_ASCII);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(bytes, 65536)) {
            gz.write(head.getBytes(StandardCharsets.US_ASCII));
            for (long left = spaces; left > 0; left -= block.length) {
                gz.write(block, 0, (int) Math.min(block.length, left));
            }
        }
        return bytes.toByteArray();
    }

    private static byte[] gzip(byte[] data) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(bytes)) {
            gz.write(data);
        }
        return bytes.toByteArray();
    }

    /** A valid gzip header, then bytes that are no deflate stream. */
    private static byte[] corruptAfterTheHeader() throws Exception {
        byte[] good = gzip("some text that compresses a little, some text".repeat(200).getBytes(StandardCharsets.US_ASCII));
        for (int i = 12; i < good.length - 8; i++) {
            good[i] = (byte) 0xff;
        }
        return good;
    }
}
