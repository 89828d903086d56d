package dev.restcompress.jersey;

import dev.restcompress.annotation.FastGzip;
import dev.restcompress.annotation.LZF;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
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
import java.nio.charset.StandardCharsets;

/** The resources the Jersey tests call. */
@Path("/")
public class JerseyResource {
    static byte[] payload(int size) {
        StringBuilder sb = new StringBuilder(size + 64);
        for (int i = 0; sb.length() < size; i++) {
            sb.append("{\"id\":").append(i).append(",\"city\":\"Zürich ").append(i % 13).append("\"},\n");
        }
        return sb.toString().getBytes(StandardCharsets.UTF_8);
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
        EntityTag tag = new EntityTag("j1");
        Response.ResponseBuilder notModified = request.evaluatePreconditions(tag);
        return notModified != null ? notModified.tag(tag).build() : Response.ok(payload(8000)).tag(tag).build();
    }

    @GET
    @Path("stream/{parts}")
    @Produces(MediaType.TEXT_PLAIN)
    @LZF
    @FastGzip
    public StreamingOutput stream(@PathParam("parts") int parts) {
        return out -> {
            for (int i = 0; i < parts; i++) {
                out.write(("part " + i + "\n").getBytes(StandardCharsets.US_ASCII));
                out.flush();
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
}
