package dev.restcompress.bench.server;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.nio.file.Files;

/**
 * What every peer serves at {@code /rest/static/<name>}: a testdata file as it is, read from disk on
 * each request and typed by its extension, exactly as the demo's {@code staticFile} method does, so
 * the peers and this library do the same work apart from the compression. No compression annotation
 * here: each peer adds its own (Jersey's filter applies to every response; RESTEasy's {@code @GZIP}
 * needs a method of its own, {@link ResteasyGzipPeer.Resource}).
 */
@Path("/")
public class StaticResource {
    private final java.nio.file.Path testdata;

    StaticResource(java.nio.file.Path testdata) {
        this.testdata = testdata;
    }

    @GET
    @Path("static/{name}")
    public Response staticFile(@PathParam("name") String name) throws IOException {
        return response(testdata, name);
    }

    /** The response of {@code GET static/{name}}. */
    static Response response(java.nio.file.Path testdata, String name) throws IOException {
        return Response.ok(read(testdata, name), mediaType(name)).build();
    }

    /** The file's bytes; 404 for a name outside the folder or a missing file. */
    static byte[] read(java.nio.file.Path testdata, String name) throws IOException {
        java.nio.file.Path file = testdata.resolve(name).normalize();
        if (!file.getParent().equals(testdata.normalize()) || !Files.isRegularFile(file)) {
            throw new NotFoundException("no testdata file " + name);
        }
        return Files.readAllBytes(file);
    }

    static String mediaType(String name) {
        return name.endsWith(".xml") ? MediaType.APPLICATION_XML
                : name.endsWith(".json") ? MediaType.APPLICATION_JSON : MediaType.TEXT_PLAIN;
    }
}
