package dev.restcompress.server;

import dev.restcompress.annotation.Compress;
import dev.restcompress.annotation.FastGzip;
import dev.restcompress.annotation.LZF;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HEAD;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.EntityTag;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Request;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** Resources for the in-process server tests. */
@Path("/")
public class TestResource {
    /** Released by the streaming test once it has read the first part. */
    static volatile CountDownLatch firstPartSeen = new CountDownLatch(1);

    /** Deterministic JSON-like text of exactly {@code size} bytes. */
    static byte[] payload(int size) {
        StringBuilder sb = new StringBuilder(size + 64);
        int i = 0;
        while (sb.length() < size) {
            sb.append("{\"id\":").append(i).append(",\"name\":\"item ").append(i % 97)
                    .append("\",\"active\":").append(i % 3 == 0).append("},\n");
            i++;
        }
        return sb.substring(0, size).getBytes(StandardCharsets.US_ASCII);
    }

    @GET
    @Path("data/{size}")
    @Produces(MediaType.APPLICATION_JSON)
    @LZF
    @FastGzip
    public byte[] data(@PathParam("size") int size) {
        return payload(size);
    }

    @GET
    @Path("preferred-gzip/{size}")
    @Produces(MediaType.APPLICATION_JSON)
    @Compress(value = {"gzip", "lzf"}, threshold = 10)
    public byte[] preferredGzip(@PathParam("size") int size) {
        return payload(size);
    }

    @GET
    @Path("all/{size}")
    @Produces(MediaType.APPLICATION_JSON)
    @Compress(oneShotLimit = 65536)
    public byte[] all(@PathParam("size") int size) {
        return payload(size);
    }

    @GET
    @Path("plain/{size}")
    @Produces(MediaType.APPLICATION_JSON)
    public byte[] plain(@PathParam("size") int size) {
        return payload(size);
    }

    @GET
    @Path("etag")
    @Produces(MediaType.APPLICATION_JSON)
    @LZF
    public Response etag(@Context Request request) {
        EntityTag tag = new EntityTag("v1");
        Response.ResponseBuilder notModified = request.evaluatePreconditions(tag);
        if (notModified != null) {
            return notModified.tag(tag).build();
        }
        return Response.ok(payload(5000)).tag(tag).build();
    }

    /** A resource that sets its own Vary header. */
    @GET
    @Path("vary")
    @Produces(MediaType.APPLICATION_JSON)
    @LZF
    public Response vary(@jakarta.ws.rs.QueryParam("v") String vary) {
        return Response.ok(payload(5000)).header("Vary", vary).build();
    }

    @GET
    @Path("image")
    @Produces("image/png")
    @Compress
    public byte[] image() {
        return payload(5000);
    }

    @GET
    @Path("empty")
    @Compress
    public Response empty() {
        return Response.noContent().build();
    }

    @GET
    @Path("stream/{parts}")
    @Produces(MediaType.TEXT_PLAIN)
    @LZF
    @FastGzip
    public StreamingOutput stream(@PathParam("parts") int parts) {
        return gatedParts(parts, () -> firstPartSeen);
    }

    /**
     * {@code parts} lines of text, each flushed; after the first one the writer waits until the
     * client has seen it ({@code seen} counted down), which proves that flush() reached the client.
     */
    static StreamingOutput gatedParts(int parts, java.util.function.Supplier<CountDownLatch> seen) {
        return out -> {
            for (int i = 0; i < parts; i++) {
                out.write(("part " + i + " " + "x".repeat(100) + "\n").getBytes(StandardCharsets.US_ASCII));
                out.flush();
                if (i == 0) {
                    try {
                        if (!seen.get().await(20, TimeUnit.SECONDS)) {
                            throw new IOException("client never saw the first part");
                        }
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new IOException(e);
                    }
                }
            }
        };
    }

    @POST
    @Path("echo")
    @Consumes(MediaType.WILDCARD)
    @Produces(MediaType.APPLICATION_OCTET_STREAM)
    @LZF
    @FastGzip
    public byte[] echo(byte[] body) {
        return body;
    }

    @POST
    @Path("echo-string")
    @Consumes(MediaType.TEXT_PLAIN)
    @Produces(MediaType.TEXT_PLAIN)
    @LZF
    public String echoString(String body) {
        return body;
    }

    /** Reads the stream itself, after the reader interceptor has returned. */
    @POST
    @Path("count")
    @Consumes(MediaType.WILDCARD)
    @Produces(MediaType.TEXT_PLAIN)
    @LZF
    @FastGzip
    public String count(InputStream body) throws IOException {
        long n = 0;
        byte[] buf = new byte[8192];
        for (int r; (r = body.read(buf)) > 0; ) {
            n += r;
        }
        return Long.toString(n);
    }

    @HEAD
    @Path("head")
    @LZF
    public Response head() {
        return Response.ok().header("X-Head", "yes").build();
    }
}
