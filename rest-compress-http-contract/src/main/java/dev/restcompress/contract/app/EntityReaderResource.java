package dev.restcompress.contract.app;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Map;

/**
 * Resource methods whose entity the runtime's own readers bind, as an application's are: JSON through
 * the framework's JSON provider (Jackson or JSON-B) into a {@code List<Map>} and into a list of a small
 * class, and the built-in {@code String} and {@code byte[]} readers. Each answers what it received, in
 * one line. Like an application, they trust the entity: a reader that hands them {@code null} gets a
 * {@code NullPointerException} (a 500), which the contract must never see.
 */
@Path("contract/entity")
public class EntityReaderResource {

    /** A small JSON object, bound by public fields (Jackson and JSON-B alike). */
    public static class Item {
        /** The item's number. */
        public long id;
        /** Its stock-keeping unit. */
        public String sku;
    }

    /** Untyped JSON objects. */
    @POST
    @Path("maps")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.TEXT_PLAIN)
    public String maps(List<Map<String, Object>> items) {
        return items.size() + " maps, first id " + items.get(0).get("id");
    }

    /** JSON objects bound to {@link Item}. */
    @POST
    @Path("items")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.TEXT_PLAIN)
    public String items(List<Item> items) {
        return items.size() + " items, first sku " + items.get(0).sku;
    }

    /** The body as a {@code String}. */
    @POST
    @Path("text")
    @Consumes(MediaType.TEXT_PLAIN)
    @Produces(MediaType.TEXT_PLAIN)
    public String text(String body) {
        return body.length() + " chars";
    }

    /** The body as a {@code byte[]}. */
    @POST
    @Path("bytes")
    @Consumes(MediaType.APPLICATION_OCTET_STREAM)
    @Produces(MediaType.TEXT_PLAIN)
    public String bytes(byte[] body) {
        return body.length + " bytes";
    }
}
