package dev.restcompress.server;

import dev.restcompress.annotation.Brotli;
import dev.restcompress.annotation.Compress;
import dev.restcompress.annotation.FastGzip;
import dev.restcompress.annotation.LZF;
import dev.restcompress.annotation.Zstd;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.IOException;
import java.util.concurrent.CountDownLatch;

/** Resources offering several codings at once, for {@link MultiCodingHttpTest}. */
@Path("/")
public class CodingsResource {
    /** Released by the streaming test once it has read the first part. */
    static volatile CountDownLatch firstPartSeen = new CountDownLatch(1);

    @GET
    @Path("all/{size}")
    @Produces(MediaType.APPLICATION_JSON)
    @Compress
    public byte[] all(@PathParam("size") int size) {
        return TestResource.payload(size);
    }

    @GET
    @Path("stacked/{size}")
    @Produces(MediaType.APPLICATION_JSON)
    @Zstd
    @Brotli
    @LZF
    @FastGzip
    public byte[] stacked(@PathParam("size") int size) {
        return TestResource.payload(size);
    }

    @GET
    @Path("strong/{size}")
    @Produces(MediaType.APPLICATION_JSON)
    @Zstd(level = 19)
    @Brotli(level = 9)
    public byte[] strong(@PathParam("size") int size) {
        return TestResource.payload(size);
    }

    @GET
    @Path("stream/{parts}")
    @Produces(MediaType.TEXT_PLAIN)
    @Compress
    public StreamingOutput stream(@PathParam("parts") int parts) {
        return TestResource.gatedParts(parts, () -> firstPartSeen);
    }

    @POST
    @Path("echo")
    @Consumes(MediaType.WILDCARD)
    @Produces(MediaType.APPLICATION_OCTET_STREAM)
    @Compress
    public byte[] echo(byte[] body) {
        return body;
    }

    /** Reads the decoded body as a stream without keeping it: the bomb tests' streaming consumer. */
    @POST
    @Path("count")
    @Consumes(MediaType.WILDCARD)
    @Produces(MediaType.TEXT_PLAIN)
    @Compress
    public String count(java.io.InputStream body) throws java.io.IOException {
        byte[] buf = new byte[16 * 1024];
        long n = 0;
        for (int r; (r = body.read(buf)) > 0; ) {
            n += r;
        }
        return Long.toString(n);
    }
}
