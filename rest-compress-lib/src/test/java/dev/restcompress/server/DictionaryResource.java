package dev.restcompress.server;

import dev.restcompress.annotation.Compress;
import dev.restcompress.annotation.DeltaDictionary;
import dev.restcompress.annotation.Dictionary;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.nio.charset.StandardCharsets;

/** Resources with shared dictionaries for the dictionary tests: a static one, a streamed one, a delta one. */
@Path("/dict")
public class DictionaryResource {
    static final String MATCH = "/dict/orders/*";

    /** An order document of the dictionary's shape (about 700 bytes). */
    static String order(int n) {
        StringBuilder items = new StringBuilder();
        for (int k = 0; k < 3; k++) {
            items.append(k == 0 ? "" : ",").append("{\"sku\":\"SKU-").append(100 + n + k)
                    .append("\",\"title\":\"Widget model ").append(k).append("\",\"quantity\":").append(k + 2)
                    .append(",\"unitPrice\":").append(11.25 + k).append(",\"currency\":\"EUR\"}");
        }
        return "{\"id\":" + (5000 + n) + ",\"customer\":{\"name\":\"Customer " + (n + 40)
                + "\",\"email\":\"customer" + (n + 40) + "@example.org\",\"tier\":\"GOLD\"},\"items\":[" + items
                + "],\"shipping\":{\"method\":\"EXPRESS\",\"address\":{\"street\":\"Main Street " + n
                + "\",\"city\":\"Springfield\",\"country\":\"DE\"}},\"status\":\"SHIPPED\",\"createdAt\":"
                + "\"2026-11-23T10:00:00Z\"}";
    }

    /** The delta resource's document: 2,000 lines, of which {@code version} changes a few. */
    static String catalogDocument(int version) {
        StringBuilder sb = new StringBuilder("{\"version\":").append(version).append(",\"products\":[");
        for (int i = 0; i < 2000; i++) {
            int price = 100 + i * 3 + (i % 97 == 0 ? version : 0);
            sb.append(i == 0 ? "" : ",").append("{\"id\":").append(i).append(",\"name\":\"Product ").append(i)
                    .append("\",\"price\":").append(price).append("}");
        }
        return sb.append("]}").toString();
    }

    @GET
    @Path("orders/{n}")
    @Produces(MediaType.APPLICATION_JSON)
    @Dictionary(name = "orders", resource = "/dictionaries/test-orders.dict", match = MATCH, id = "orders-v1")
    public Response order(@PathParam("n") int n, @QueryParam("etag") String etag) {
        Response.ResponseBuilder r = Response.ok(order(n));
        return etag == null ? r.build() : r.tag(etag).build();
    }

    @GET
    @Path("orders/stream/{n}")
    @Produces(MediaType.APPLICATION_JSON)
    @Dictionary(name = "orders", resource = "/dictionaries/test-orders.dict", match = MATCH, id = "orders-v1")
    public StreamingOutput stream(@PathParam("n") int n) {
        return out -> {
            out.write('[');
            for (int i = 0; i < n; i++) {
                out.write(((i == 0 ? "" : ",") + order(i)).getBytes(StandardCharsets.UTF_8));
                if (i % 50 == 0) {
                    out.flush();
                }
            }
            out.write(']');
        };
    }

    @POST
    @Path("orders/echo")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.TEXT_PLAIN)
    @Compress
    @Dictionary(name = "orders", resource = "/dictionaries/test-orders.dict", match = MATCH, id = "orders-v1")
    public String echo(@jakarta.ws.rs.HeaderParam("Content-Encoding") String coding, byte[] body) {
        // The header parameter is read before the body is decoded (and its coding header removed).
        return coding + ":" + body.length + ":" + new String(body, StandardCharsets.UTF_8);
    }

    @GET
    @Path("catalog")
    @Produces(MediaType.APPLICATION_JSON)
    @DeltaDictionary
    public Response catalog(@QueryParam("v") int version) {
        return Response.ok(catalogDocument(version)).header("Cache-Control", "max-age=60").build();
    }
}
