package dev.restcompress.resteasy;

import dev.restcompress.annotation.FastGzip;
import dev.restcompress.annotation.LZF;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.io.IOException;
import java.io.InputStream;

/**
 * Takes the request body as a stream and reads it itself, after the reader interceptor returned: a
 * decoding failure then escapes from the resource method and only an exception mapper turns it into
 * 400/413.
 */
@Path("stream-in")
public class StreamResource {
    @POST
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
}
