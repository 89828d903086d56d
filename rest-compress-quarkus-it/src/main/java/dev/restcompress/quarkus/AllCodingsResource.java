package dev.restcompress.quarkus;

import dev.restcompress.annotation.Compress;
import dev.restcompress.contract.app.Payloads;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

/** Compressible text offered in every coding this server has ({@code @Compress}), for the Rest Client tests. */
@Path("all-codings")
public class AllCodingsResource {

    /** {@code Payloads.text(size, 0)}. */
    @GET
    @Path("text")
    @Produces(MediaType.TEXT_PLAIN)
    @Compress
    public String text(@QueryParam("size") int size) {
        return Payloads.textString(size);
    }
}
