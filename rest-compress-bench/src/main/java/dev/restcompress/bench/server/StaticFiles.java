package dev.restcompress.bench.server;

import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.core.MediaType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What every peer serves at {@code /rest/static/<name>}: a testdata file as it is, read from disk on
 * each request and typed by its extension, exactly as the demo's {@code staticFile} method does, so
 * the peers and this library do the same work apart from the compression.
 */
final class StaticFiles {
    private StaticFiles() {
    }

    /** The file's bytes; 404 for a name outside the folder or a missing file. */
    static byte[] read(Path testdata, String name) throws IOException {
        Path file = testdata.resolve(name).normalize();
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
