package dev.restcompress.server;

import dev.restcompress.annotation.Compress;
import dev.restcompress.annotation.FastGzip;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Configuration;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import java.nio.charset.StandardCharsets;

/** Resources for the adaptive and statistics tests: one JSON body, deterministic, about 40 KB. */
@Path("adaptive")
public class AdaptiveResource {
    static final byte[] JSON = buildJson();

    /** gzip preferred over lzf, so that a cheaper equal coding exists to switch to. */
    @GET
    @Path("json")
    @Produces(MediaType.APPLICATION_JSON)
    @Compress({"gzip", "lzf"})
    public byte[] json() {
        return JSON;
    }

    /** Must always be small: keeps gzip at its level. */
    @GET
    @Path("fixed")
    @Produces(MediaType.APPLICATION_JSON)
    @Compress(adaptive = false)
    @FastGzip
    public byte[] fixed() {
        return JSON;
    }

    /** Decodes a compressed request body and answers its length. */
    @POST
    @Path("upload")
    @Consumes(MediaType.APPLICATION_OCTET_STREAM)
    @Produces(MediaType.TEXT_PLAIN)
    @Compress
    public String upload(byte[] body) {
        return Integer.toString(body.length);
    }

    /** Whether the statistics are reachable from the application's configuration. */
    @GET
    @Path("reachable")
    @Produces(MediaType.TEXT_PLAIN)
    public String reachable(@Context Configuration configuration) {
        CompressionStatistics s = CompressionStatistics.of(configuration);
        return s == null ? "none" : "step " + s.adaptiveStep();
    }

    private static byte[] buildJson() {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < 400; i++) {
            sb.append(i == 0 ? "" : ",").append("{\"id\":").append(i).append(",\"name\":\"item ").append(i * 7919 % 1000)
                    .append("\",\"price\":").append(i * 31 % 997).append('.').append(i % 100)
                    .append(",\"tags\":[\"t").append(i % 13).append("\",\"u").append(i % 7).append("\"]}");
        }
        return sb.append(']').toString().getBytes(StandardCharsets.UTF_8);
    }
}
