package dev.restcompress.dropwizard;

import io.dropwizard.lifecycle.ServerLifecycleListener;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.eclipse.jetty.server.Server;

/** Writes the application connector's port into a file once Jetty listens (written whole, then moved). */
final class PortFile implements ServerLifecycleListener {
    private final Path file;

    PortFile(Path file) {
        this.file = file;
    }

    @Override
    public void serverStarted(Server server) {
        try {
            Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
            Files.writeString(tmp, Integer.toString(getLocalPort(server)), StandardCharsets.US_ASCII);
            Files.move(tmp, file, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
