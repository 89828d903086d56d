package dev.restcompress.server;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.io.IOException;
import java.io.InputStream;

/** Resource methods without any rest-compress annotation, for {@link RequestDecodingAllTest}. */
@Path("unannotated")
public class UnannotatedResource {
    @POST
    @Path("echo")
    @Consumes(MediaType.WILDCARD)
    @Produces(MediaType.APPLICATION_OCTET_STREAM)
    public byte[] echo(byte[] body) {
        return body;
    }

    @POST
    @Path("string")
    @Consumes(MediaType.TEXT_PLAIN)
    @Produces(MediaType.TEXT_PLAIN)
    public String string(String body) {
        return body;
    }

    /** Reads the stream itself, after the reader interceptor has returned. */
    @POST
    @Path("count")
    @Consumes(MediaType.WILDCARD)
    @Produces(MediaType.TEXT_PLAIN)
    public String count(InputStream body) throws IOException {
        long n = 0;
        byte[] buf = new byte[8192];
        for (int r; (r = body.read(buf)) > 0; ) {
            n += r;
        }
        return Long.toString(n);
    }
}
