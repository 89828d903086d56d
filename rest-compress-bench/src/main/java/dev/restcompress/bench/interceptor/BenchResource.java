package dev.restcompress.bench.interceptor;

import dev.restcompress.annotation.Compress;
import dev.restcompress.bench.core.ResponseBody;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;

/**
 * The same JSON bytes on the three server write paths, with {@link Compress} and without ({@code /plain/...}): the
 * library binds itself wherever its jar is, so "without the feature" is the same method without the annotation.
 */
@Path("/")
@Produces(MediaType.APPLICATION_JSON)
public class BenchResource {
    /** A typical servlet buffer. */
    static final int STREAM_CHUNK = 8 * 1024;

    private final byte[] body;
    private final byte[] small;

    BenchResource(byte[] body) {
        this.body = body;
        this.small = Arrays.copyOf(body, ResponseBody.SMALL);
    }

    @GET
    @Path("below-threshold")
    @Compress
    public byte[] belowThreshold() {
        return small;
    }

    @GET
    @Path("one-shot")
    @Compress
    public byte[] oneShot() {
        return body;
    }

    /** Flushes every chunk, so every flush must reach the client. */
    @GET
    @Path("streaming")
    @Compress
    public StreamingOutput streaming() {
        return out -> writeChunked(body, out);
    }

    @GET
    @Path("plain/below-threshold")
    public byte[] plainBelowThreshold() {
        return small;
    }

    @GET
    @Path("plain/one-shot")
    public byte[] plainOneShot() {
        return body;
    }

    @GET
    @Path("plain/streaming")
    public StreamingOutput plainStreaming() {
        return out -> writeChunked(body, out);
    }

    /** The below-threshold body as a built response: the baseline of the {@code Vary} entry's cost. */
    @GET
    @Path("plain/response")
    public Response plainResponse() {
        return Response.ok(small).build();
    }

    /** The same with the one header the feature always adds. */
    @GET
    @Path("plain/response-with-vary")
    public Response plainResponseWithVary() {
        return Response.ok(small).header(HttpHeaders.VARY, HttpHeaders.ACCEPT_ENCODING).build();
    }

    static void writeChunked(byte[] body, OutputStream out) throws IOException {
        for (int off = 0; off < body.length; off += STREAM_CHUNK) {
            out.write(body, off, Math.min(STREAM_CHUNK, body.length - off));
            out.flush();
        }
    }
}
