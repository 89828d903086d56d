package dev.restcompress.bench.server;

import dev.restcompress.annotation.CacheEncoded;
import dev.restcompress.annotation.FastGzip;
import dev.restcompress.annotation.LZF;
import dev.restcompress.server.RestCompressFeature;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * This library on the demo's embedded server with the encoded-variant cache's workloads, all {@code @LZF @FastGzip}
 * as the demo's {@code /rest/static}: {@code /rest/static/<name>} uncached, {@code /rest/cached/<name>}
 * {@link CacheEncoded}, and {@code /rest/unique/<name>} cached but a counter stamped into every body (all misses).
 * Not the demo itself, so the baseline stays uncached whatever the demo's endpoints opt into.
 */
public final class CacheServer {
    /** Digits of the stamp: fixed, so every stamped body of a file has the same length. */
    public static final int STAMP_DIGITS = 16;
    private static final String STAMP_KEY = "\"stamp\":\"";

    private CacheServer() {}

    /** The three endpoints, each reading the file on every request as the demo does. */
    @Path("/")
    @LZF
    @FastGzip
    public static final class Resource {
        private final java.nio.file.Path testdata;
        private final AtomicLong counter = new AtomicLong();

        Resource(java.nio.file.Path testdata) {
            this.testdata = testdata;
        }

        @GET
        @Path("static/{name}")
        public Response uncached(@PathParam("name") String name) throws IOException {
            return Peers.response(testdata, name);
        }

        @GET
        @Path("cached/{name}")
        @CacheEncoded
        public Response cached(@PathParam("name") String name) throws IOException {
            return Peers.response(testdata, name);
        }

        @GET
        @Path("unique/{name}")
        @CacheEncoded
        public Response unique(@PathParam("name") String name) throws IOException {
            byte[] body = Peers.read(testdata, name);
            return Response.ok(stamped(body, counter.incrementAndGet()), Peers.mediaType(name)).build();
        }
    }

    /** {@code body} with {@code "stamp":"<n, 16 digits>",} inserted after a leading <code>{</code>, else in front. */
    public static byte[] stamp(byte[] body, long n) {
        int at = insertAt(body);
        byte[] s = stampBytes(n);
        byte[] out = new byte[body.length + s.length];
        System.arraycopy(body, 0, out, 0, at);
        System.arraycopy(s, 0, out, at, s.length);
        System.arraycopy(body, at, out, at + s.length, body.length - at);
        return out;
    }

    /**
     * {@link #stamp} as an entity written in three pieces, without copying the body: a copying stamp cost 3.5%
     * of the CPU of a 48.5 KB gzip response (PairedCacheMiss), which the miss row would charge to the cache.
     */
    public static StreamingOutput stamped(byte[] body, long n) {
        int at = insertAt(body);
        byte[] s = stampBytes(n);
        return out -> {
            out.write(body, 0, at);
            out.write(s);
            out.write(body, at, body.length - at);
        };
    }

    /** {@code "stamp":"<n, 16 digits>",} in ASCII, without a formatter (it runs per request). */
    static byte[] stampBytes(long n) {
        byte[] key = STAMP_KEY.getBytes(StandardCharsets.US_ASCII);
        byte[] s = new byte[key.length + STAMP_DIGITS + 2];
        System.arraycopy(key, 0, s, 0, key.length);
        long v = n;
        for (int i = key.length + STAMP_DIGITS - 1; i >= key.length; i--) {
            s[i] = (byte) ('0' + (int) (v % 10));
            v /= 10;
        }
        s[s.length - 2] = '"';
        s[s.length - 1] = ',';
        return s;
    }

    private static int insertAt(byte[] body) {
        return body.length > 0 && body[0] == '{' ? 1 : 0;
    }

    /** Where the digits of {@link #stamp}{@code (body, n)} start. */
    public static int stampAt(byte[] body) {
        return insertAt(body) + STAMP_KEY.length();
    }

    /** {@code body} as {@code /rest/unique} serves it, with the stamp 0. */
    public static byte[] stampTemplate(byte[] body) {
        return stamp(body, 0);
    }

    static AutoCloseable start(String host, int port, java.nio.file.Path testdata) throws Exception {
        return new Peers.App(Set.of(new Resource(testdata)), Set.of(RestCompressFeature.class)).start(host, port);
    }
}
