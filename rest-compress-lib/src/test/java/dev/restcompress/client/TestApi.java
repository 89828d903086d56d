package dev.restcompress.client;

import dev.restcompress.annotation.EncodeRequest;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** A RESTEasy proxy-client view of the test server's resources. */
@Path("/")
public interface TestApi {
    @GET
    @Path("data/{size}")
    @Produces(MediaType.APPLICATION_JSON)
    byte[] data(@PathParam("size") int size);

    @POST
    @Path("echo")
    @Consumes(MediaType.APPLICATION_OCTET_STREAM)
    @Produces(MediaType.APPLICATION_OCTET_STREAM)
    byte[] echoLzf(@EncodeRequest("lzf") byte[] body);

    @POST
    @Path("echo")
    @Consumes(MediaType.APPLICATION_OCTET_STREAM)
    @Produces(MediaType.APPLICATION_OCTET_STREAM)
    byte[] echoGzipParam(@EncodeRequest("gzip") byte[] body);
}
