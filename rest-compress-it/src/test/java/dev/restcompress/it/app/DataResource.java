package dev.restcompress.it.app;

import dev.restcompress.annotation.Compress;
import dev.restcompress.annotation.FastGzip;
import dev.restcompress.annotation.LZF;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.IOException;

/** Response bodies for the encoding tests, all built from {@link Payloads}. */
@Path("data")
public class DataResource {

    /** Offers lzf (server's first choice) and gzip. */
    @GET
    @Path("text")
    @Produces(MediaType.TEXT_PLAIN)
    @LZF
    @FastGzip
    public String text(@QueryParam("size") int size) {
        return Payloads.textString(size);
    }

    /** Offers lzf only. */
    @GET
    @Path("lzf-only")
    @Produces(MediaType.TEXT_PLAIN)
    @LZF
    public String lzfOnly(@QueryParam("size") int size) {
        return Payloads.textString(size);
    }

    /** Offers gzip only, at level 9. */
    @GET
    @Path("gzip-only")
    @Produces(MediaType.TEXT_PLAIN)
    @FastGzip(level = 9)
    public String gzipOnly(@QueryParam("size") int size) {
        return Payloads.textString(size);
    }

    /** Incompressible bytes: must go out unencoded when identity is acceptable. */
    @GET
    @Path("random")
    @Produces(MediaType.APPLICATION_OCTET_STREAM)
    @Compress
    public byte[] random(@QueryParam("size") int size) {
        return Payloads.random(size, 42);
    }

    /** No rest-compress annotation: never encoded, no Vary. */
    @GET
    @Path("plain")
    @Produces(MediaType.TEXT_PLAIN)
    public String plain(@QueryParam("size") int size) {
        return Payloads.textString(size);
    }

    /**
     * A streaming entity: {@code parts} parts of {@code size} bytes ({@code Payloads.text(size, i)}),
     * each followed by {@code flush()}. With {@code gate}, waits after the first part (at most 20 s)
     * until {@code POST gate/{gate}} opens it: the client can only read part 0 before that if the
     * flush really reached it.
     */
    @GET
    @Path("stream")
    @Produces(MediaType.TEXT_PLAIN)
    @Compress({"lzf", "gzip"})
    public StreamingOutput stream(@QueryParam("parts") int parts, @QueryParam("size") int size,
            @QueryParam("gate") String gate) {
        return out -> {
            for (int i = 0; i < parts; i++) {
                out.write(Payloads.text(size, i));
                out.flush();
                if (i == 0 && gate != null && !GateResource.await(gate, 20)) {
                    throw new IOException("gate " + gate + " was not opened within 20 s");
                }
            }
        };
    }
}
