package dev.restcompress.bench.server;

import dev.restcompress.annotation.CacheEncoded;
import dev.restcompress.annotation.FastGzip;
import dev.restcompress.annotation.LZF;
import dev.restcompress.server.RestCompressFeature;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * This library on the demo's embedded server (RESTEasy + Undertow, {@link ResteasyGzipPeer.App}) with
 * the three workloads of the encoded-variant cache, the same file behind each, the same codings as
 * the demo's {@code /rest/static} ({@code @LZF @FastGzip}):
 * <ul>
 *   <li>{@code /rest/static/<name>}: no cache, every response compressed again (the baseline);</li>
 *   <li>{@code /rest/cached/<name>}: {@link CacheEncoded}, the same bytes every time (all hits after the first);</li>
 *   <li>{@code /rest/unique/<name>}: {@link CacheEncoded}, a counter stamped into every body
 *       ({@link #stamp}), so no two bodies are equal: every request a miss, the price of the lookup.</li>
 * </ul>
 * Its own server rather than the demo's so that the baseline stays uncached whatever the demo's
 * endpoints opt into.
 */
public final class CacheServer {
    /** Digits of the stamp: fixed, so every stamped body of a file has the same length. */
    public static final int STAMP_DIGITS = 16;
    private static final String STAMP_KEY = "\"stamp\":\"";

    private CacheServer() {
    }

    /** The three endpoints, each reading the file on every request as the demo does. */
    @Path("/")
    public static final class Resource {
        private final java.nio.file.Path testdata;
        private final AtomicLong counter = new AtomicLong();

        Resource(java.nio.file.Path testdata) {
            this.testdata = testdata;
        }

        @GET
        @Path("static/{name}")
        @LZF
        @FastGzip
        public Response uncached(@PathParam("name") String name) throws IOException {
            return StaticResource.response(testdata, name);
        }

        @GET
        @Path("cached/{name}")
        @LZF
        @FastGzip
        @CacheEncoded
        public Response cached(@PathParam("name") String name) throws IOException {
            return StaticResource.response(testdata, name);
        }

        @GET
        @Path("unique/{name}")
        @LZF
        @FastGzip
        @CacheEncoded
        public Response unique(@PathParam("name") String name) throws IOException {
            byte[] body = stamp(StaticResource.read(testdata, name), counter.incrementAndGet());
            return Response.ok(body, StaticResource.mediaType(name)).build();
        }
    }

    /**
     * {@code body} with {@code "stamp":"<n, 16 digits>",} inserted after a leading {@code {} (a JSON
     * object stays one), else in front; the stamp's digits start at {@link #stampAt}.
     */
    public static byte[] stamp(byte[] body, long n) {
        int at = body.length > 0 && body[0] == '{' ? 1 : 0;
        byte[] s = (STAMP_KEY + String.format("%0" + STAMP_DIGITS + "d", n) + "\",").getBytes(StandardCharsets.US_ASCII);
        byte[] out = new byte[body.length + s.length];
        System.arraycopy(body, 0, out, 0, at);
        System.arraycopy(s, 0, out, at, s.length);
        System.arraycopy(body, at, out, at + s.length, body.length - at);
        return out;
    }

    /** Where the digits of {@link #stamp}{@code (body, n)} start. */
    public static int stampAt(byte[] body) {
        return (body.length > 0 && body[0] == '{' ? 1 : 0) + STAMP_KEY.length();
    }

    /** {@code body} as {@code /rest/unique} serves it, with the stamp 0. */
    public static byte[] stampTemplate(byte[] body) {
        return stamp(body, 0);
    }

    static AutoCloseable start(String host, int port, java.nio.file.Path testdata) throws Exception {
        return new ResteasyGzipPeer.App(Set.of(new Resource(testdata)), Set.of(RestCompressFeature.class)).start(host, port);
    }
}
