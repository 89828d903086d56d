package dev.restcompress.helidon;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Helidon MP without the one setting rest-compress needs there
 * ({@code server.protocols.http_1_1.validate-request-headers=true}, Helidon's default, overriding the
 * application's {@code microprofile-config.properties}): Helidon still refuses a coded body before JAX-RS,
 * and the library says so at start-up in one WARNING line naming the setting.
 */
class HelidonWithoutSettingTest {
    private static final String SETTING = "server.protocols.http_1_1.validate-request-headers";
    private static final HelidonServer SERVER = new HelidonServer("helidon-without-setting", "-D" + SETTING + "=true");

    @BeforeAll
    static void start() throws Exception {
        SERVER.start(Java21.launcherOrSkip());
    }

    @AfterAll
    static void stop() throws InterruptedException {
        SERVER.stop();
    }

    @Test
    void theLibraryNamesTheSettingOnceAtStartUp() throws Exception {
        long warnings = SERVER.log().lines().filter(l -> l.startsWith("WARNING: rest-compress: Helidon")).count();
        assertEquals(1, warnings, SERVER.log());
        assertEquals(1, SERVER.log().lines().filter(l -> l.contains(SETTING + "=false")).count(), SERVER.log());
    }

    /** What the warning is about: Helidon's own 400, before the library can decode. */
    @Test
    void helidonRefusesACodedBodyWithoutIt() throws Exception {
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
            out.write("a small body".getBytes(StandardCharsets.US_ASCII));
        }
        HttpRequest request = HttpRequest.newBuilder(SERVER.baseUri().resolve("contract/entity/text"))
                .timeout(Duration.ofSeconds(30)).header("Content-Type", "text/plain").header("Content-Encoding", "gzip")
                .POST(HttpRequest.BodyPublishers.ofByteArray(gz.toByteArray())).build();
        HttpResponse<String> r = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
        assertEquals(400, r.statusCode(), r.body());
    }
}
