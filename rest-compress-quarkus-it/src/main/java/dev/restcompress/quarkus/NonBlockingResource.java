package dev.restcompress.quarkus;

import dev.restcompress.annotation.FastGzip;
import dev.restcompress.annotation.LZF;
import dev.restcompress.contract.app.Payloads;
import io.smallrye.common.annotation.NonBlocking;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

/**
 * Endpoints Quarkus REST runs on the Vert.x event loop: one returning {@code Uni} (non-blocking by
 * default) and one annotated {@code @NonBlocking}. Their responses are serialized on the event loop
 * unless rest-compress moves an encoded one to a worker.
 */
@Path("nonblocking")
public class NonBlockingResource {

    @GET
    @Path("uni")
    @Produces(MediaType.TEXT_PLAIN)
    @LZF
    @FastGzip
    public Uni<String> uni(@QueryParam("size") int size) {
        return Uni.createFrom().item(() -> Payloads.textString(size));
    }

    @GET
    @Path("annotated")
    @Produces(MediaType.TEXT_PLAIN)
    @NonBlocking
    @LZF
    @FastGzip
    public String annotated(@QueryParam("size") int size) {
        return Payloads.textString(size);
    }
}
