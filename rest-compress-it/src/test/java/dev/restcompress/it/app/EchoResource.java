package dev.restcompress.it.app;

import dev.restcompress.annotation.FastGzip;
import dev.restcompress.annotation.LZF;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * Echoes the decoded request body. Response headers say what arrived: {@value #SEEN} the
 * {@code Content-Encoding} on the wire, {@value #LENGTH} the decoded length the resource got.
 */
@Path("echo")
public class EchoResource {
    public static final String SEEN = "X-Request-Content-Encoding";
    public static final String LENGTH = "X-Request-Decoded-Length";

    @POST
    @Consumes(MediaType.WILDCARD)
    @Produces(MediaType.APPLICATION_OCTET_STREAM)
    @LZF
    @FastGzip
    public Response echo(@HeaderParam(SeenEncodingFilter.HEADER) String seen, byte[] body) {
        return Response.ok(body)
                .header(SEEN, seen)
                .header(LENGTH, body.length)
                .build();
    }
}
