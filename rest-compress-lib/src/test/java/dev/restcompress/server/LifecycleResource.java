package dev.restcompress.server;

import dev.restcompress.annotation.Compress;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;

/**
 * Resource methods that take a compressed request body in every way a resource can: as a whole value,
 * as a stream read fully, partly or not at all, as a reader, from a {@code StreamingOutput} after the
 * method returned, and with the method failing. Each answers with what it saw.
 */
@Path("lifecycle")
@Compress
@Consumes(MediaType.WILDCARD)
@Produces(MediaType.TEXT_PLAIN)
public class LifecycleResource {

    @POST
    @Path("bytes")
    public String bytes(byte[] body) {
        return crc(body, body.length);
    }

    @POST
    @Path("stream")
    public String stream(InputStream body) throws IOException {
        byte[] all = body.readAllBytes();
        return crc(all, all.length);
    }

    @POST
    @Path("stream-unread")
    public String streamUnread(InputStream body) {
        return "ignored";
    }

    @POST
    @Path("stream-partly")
    public String streamPartly(InputStream body) throws IOException {
        byte[] first = body.readNBytes(100);
        return crc(first, first.length);
    }

    @POST
    @Path("reader")
    public String reader(Reader body) throws IOException {
        char[] buf = new char[8192];
        long n = 0;
        for (int r; (r = body.read(buf)) >= 0; ) {
            n += r;
        }
        return Long.toString(n);
    }

    /** Reads the request body while the response is being written, after the method returned. */
    @POST
    @Path("streaming-echo")
    public StreamingOutput streamingEcho(InputStream body) {
        return out -> body.transferTo(out);
    }

    @POST
    @Path("fails")
    public String fails(InputStream body) throws IOException {
        body.readNBytes(10);
        throw new WebApplicationException(Response.status(409).entity("conflict\n").build());
    }

    @POST
    @Path("no-content")
    public void noContent(InputStream body) throws IOException {
        body.readNBytes(10);
    }

    /** A body the client decodes: {@code size} bytes of JSON-like text. */
    @GET
    @Path("data/{size}")
    public byte[] data(@PathParam("size") int size) {
        return TestResource.payload(size);
    }

    private static String crc(byte[] b, int n) {
        CRC32 crc = new CRC32();
        crc.update(b, 0, n);
        return n + ":" + Long.toHexString(crc.getValue());
    }

    static String expected(byte[] b) {
        return crc(b, b.length);
    }

    static String expectedLength(byte[] b) {
        return Integer.toString(new String(b, StandardCharsets.UTF_8).length());
    }
}
