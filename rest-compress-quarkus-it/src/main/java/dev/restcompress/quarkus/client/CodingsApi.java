package dev.restcompress.quarkus.client;

import dev.restcompress.annotation.EncodeRequest;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * A typed MicroProfile Rest Client of this application's own endpoints, with nothing of rest-compress
 * registered: the README's way registers the client feature on the builder
 * ({@code RestClientBuilder.newBuilder()...register(RestCompressClientFeature.class)}).
 */
@Path("/")
public interface CodingsApi {

    /** {@code Payloads.text(size, 0)} in the coding {@code acceptEncoding} asks for (null: the feature's list). */
    @GET
    @Path("all-codings/text")
    @Produces(MediaType.TEXT_PLAIN)
    String text(@QueryParam("size") int size, @HeaderParam("Accept-Encoding") String acceptEncoding);

    /** The same bytes, as bytes. */
    @GET
    @Path("all-codings/text")
    @Produces(MediaType.TEXT_PLAIN)
    byte[] bytes(@QueryParam("size") int size, @HeaderParam("Accept-Encoding") String acceptEncoding);

    /** The contract's echo, the request body gzip-compressed by the client feature. */
    @POST
    @Path("contract/echo")
    @Consumes(MediaType.APPLICATION_OCTET_STREAM)
    @Produces(MediaType.APPLICATION_OCTET_STREAM)
    @EncodeRequest("gzip")
    Response echoGzip(byte[] body);
}
