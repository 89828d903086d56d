package dev.restcompress.demo;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * The demo's one HTML page, {@code /rest/index.html} ({@code /} and {@code /rest/} redirect here): it registers the
 * shared dictionary, fetches the JSON endpoints and shows per request the coding and the encoded and
 * decoded sizes from Resource Timing. Open it in Chrome or Edge 130+ to see dcz/dcb.
 */
@Path("index.html")
public class DemoPage {
    private final byte[] page;

    public DemoPage() {
        try (InputStream in = DemoPage.class.getResourceAsStream("index.html")) {
            if (in == null) {
                throw new IllegalStateException("index.html missing from the demo jar");
            }
            page = in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @GET
    @Produces(MediaType.TEXT_HTML + ";charset=utf-8")
    public Response page() {
        // no-store: the page is tiny and a person reloading it should see a fresh run.
        return Response.ok(page).header("Cache-Control", "no-store").build();
    }
}
