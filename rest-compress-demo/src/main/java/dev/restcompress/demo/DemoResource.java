package dev.restcompress.demo;

import dev.restcompress.annotation.Brotli;
import dev.restcompress.annotation.CacheEncoded;
import dev.restcompress.annotation.DeltaDictionary;
import dev.restcompress.annotation.Dictionary;
import dev.restcompress.annotation.FastGzip;
import dev.restcompress.annotation.LZF;
import dev.restcompress.annotation.Zstd;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;

/**
 * The demo endpoints. Everything but {@code /plain} offers zstd, br, LZF and gzip (the client's
 * weights first, then the server's preference order); {@code /plain} serves the same kind of payload
 * with no compression annotation, for comparison. {@code /object}, {@code /complex/{n}} and
 * {@code /static/{name}} also use
 * a static shared dictionary (RFC 9842, dcz/dcb; their responses name it in a {@code Link} header),
 * and {@code /delta/{version}} is its own dictionary: each version is sent as a delta against the
 * version the client holds.
 */
@Path("/")
public class DemoResource {
    /**
     * The demo's dictionary: raw, trained from the project's own testdata with
     * {@code scripts/train-dictionary.sh --samples testdata --glob '*.json' --size 32k --out <this file>}.
     */
    static final String DICTIONARY = "/dictionaries/testdata-json-32k.dict";

    private static final int MAX_ITEMS = 100_000;
    private final java.nio.file.Path testdata;

    public DemoResource(java.nio.file.Path testdata) {
        this.testdata = testdata;
    }

    /** {@code /rest/} shows the demo page. */
    @GET
    public Response home() {
        return Response.seeOther(java.net.URI.create("index.html")).build();
    }

    /**
     * A testdata file as it is: the same bytes every time, so its encoded variants come from the cache
     * (compressed once, then upgraded to each coding's best level off the request path; docs/caching.md).
     */
    @GET
    @Path("static/{name}")
    @CacheEncoded
    @Zstd
    @Brotli
    @LZF
    @FastGzip
    @Dictionary(name = "demo", resource = DICTIONARY, match = "/rest/*", id = "demo-testdata-json")
    public Response staticFile(@PathParam("name") String name) throws IOException {
        java.nio.file.Path file = testdata.resolve(name).normalize();
        if (!file.getParent().equals(testdata.normalize()) || !Files.isRegularFile(file)) {
            throw new NotFoundException("no testdata file " + name);
        }
        String type = name.endsWith(".xml") ? MediaType.APPLICATION_XML
                : name.endsWith(".json") ? MediaType.APPLICATION_JSON : MediaType.TEXT_PLAIN;
        return Response.ok(Files.readAllBytes(file), type).build();
    }

    /** {@code n} generated objects, JSON or XML by {@code Accept}. */
    @GET
    @Path("complex/{n}")
    @Produces({MediaType.APPLICATION_JSON, MediaType.APPLICATION_XML})
    @Zstd
    @Brotli
    @LZF
    @FastGzip
    @Dictionary(name = "demo", resource = DICTIONARY, match = "/rest/*", id = "demo-testdata-json")
    public Catalog complex(@PathParam("n") int n) {
        return Catalog.generate(checkCount(n));
    }

    /** One small object, below the compression threshold. */
    @GET
    @Path("object")
    @Produces({MediaType.APPLICATION_JSON, MediaType.APPLICATION_XML})
    @Zstd
    @Brotli
    @LZF
    @FastGzip
    @Dictionary(name = "demo", resource = DICTIONARY, match = "/rest/*", id = "demo-testdata-json")
    public Item object() {
        return Item.generate(1);
    }

    /**
     * Version {@code version} of a 115 KB price list; each version changes about 1% of it. Every
     * response is the dictionary for the next version (fresh for an hour, as the browser requires).
     */
    @GET
    @Path("delta/{version}")
    @Produces(MediaType.APPLICATION_JSON)
    @Zstd
    @Brotli
    @LZF
    @FastGzip
    @DeltaDictionary(match = "/rest/delta/*", id = "price-list")
    public Response delta(@PathParam("version") int version) {
        if (version < 1 || version > PriceList.MAX_VERSION) {
            throw new WebApplicationException("version must be 1 to " + PriceList.MAX_VERSION,
                    Response.Status.BAD_REQUEST);
        }
        return Response.ok(PriceList.json(version), MediaType.APPLICATION_JSON_TYPE)
                .header(HttpHeaders.CACHE_CONTROL, "max-age=3600").build();
    }

    /** A StreamingOutput of {@code n} parts that flushes between parts. */
    @GET
    @Path("stream/{n}")
    @Produces(MediaType.APPLICATION_JSON)
    @Zstd
    @Brotli
    @LZF
    @FastGzip
    public StreamingOutput stream(@PathParam("n") int n) {
        int parts = checkCount(n);
        return out -> {
            out.write('[');
            for (int i = 1; i <= parts; i++) {
                String json = Item.generate(i).toJson() + (i < parts ? ",\n" : "");
                out.write(json.getBytes(StandardCharsets.UTF_8));
                out.flush();
            }
            out.write("]\n".getBytes(StandardCharsets.UTF_8));
        };
    }

    /** Returns the (decoded) request body unchanged, with the same media type. */
    @POST
    @Path("echo")
    @Consumes(MediaType.WILDCARD)
    @Zstd
    @Brotli
    @LZF
    @FastGzip
    public Response echo(byte[] body, @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType) {
        return Response.ok(body, contentType == null ? MediaType.APPLICATION_OCTET_STREAM : contentType).build();
    }

    /** The same kind of payload as {@code /complex}, never compressed. */
    @GET
    @Path("plain/{n}")
    @Produces({MediaType.APPLICATION_JSON, MediaType.APPLICATION_XML})
    public Catalog plain(@PathParam("n") int n) {
        return Catalog.generate(checkCount(n));
    }

    /** {@code /plain} with the default size. */
    @GET
    @Path("plain")
    @Produces({MediaType.APPLICATION_JSON, MediaType.APPLICATION_XML})
    public Catalog plain() {
        return Catalog.generate(100);
    }

    /** The names of the testdata files. */
    @GET
    @Path("static")
    @Produces(MediaType.APPLICATION_JSON)
    public List<String> files() throws IOException {
        try (var s = Files.list(testdata)) {
            return s.map(p -> p.getFileName().toString()).filter(f -> f.endsWith(".json") || f.endsWith(".xml"))
                    .sorted().toList();
        }
    }

    private static int checkCount(int n) {
        if (n < 0 || n > MAX_ITEMS) {
            throw new WebApplicationException("n must be 0 to " + MAX_ITEMS, Response.Status.BAD_REQUEST);
        }
        return n;
    }

}
