package dev.restcompress.server;

import dev.restcompress.annotation.CacheEncoded;
import dev.restcompress.annotation.Compress;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.EntityTag;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.NewCookie;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;

/** Resources for the cache of encoded variants: the same JSON every time, with and without the cache's rules. */
@Path("cache")
@Produces(MediaType.APPLICATION_JSON)
public class CacheResource {
    static final byte[] JSON = AdaptiveResource.JSON;

    @GET
    @Path("json")
    @Compress
    @CacheEncoded
    public Response json() {
        return Response.ok(JSON).tag(new EntityTag("v1")).build();
    }

    @GET
    @Path("cookie")
    @Compress
    @CacheEncoded
    public Response cookie() {
        return Response.ok(JSON).cookie(new NewCookie.Builder("session").value("s1").build()).build();
    }

    @GET
    @Path("no-store")
    @Compress
    @CacheEncoded
    public Response noStore() {
        return Response.ok(JSON).header("Cache-Control", "no-store").build();
    }

    @GET
    @Path("stream")
    @Compress
    @CacheEncoded
    public StreamingOutput stream() {
        return out -> {
            out.write(JSON, 0, 1000);
            out.flush(); // streams from here: never cached
            out.write(JSON, 1000, JSON.length - 1000);
        };
    }

    @GET
    @Path("plain")
    @Compress
    public byte[] plain() {
        return JSON;
    }
}
