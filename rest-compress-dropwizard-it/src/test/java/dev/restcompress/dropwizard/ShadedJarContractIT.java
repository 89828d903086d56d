package dev.restcompress.dropwizard;

import dev.restcompress.contract.EntityReaderContract;
import dev.restcompress.contract.HttpContract;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The HTTP contract against the application as Dropwizard apps ship: the shaded jar this module builds
 * ({@code java -jar contract-app.jar server contract.yml}) in a JVM of its own, on 127.0.0.1 and a free
 * port. It proves the shade setting: the library registers itself from the merged services files. The
 * server logs in its own process, so only statuses are checked.
 */
class ShadedJarContractIT extends HttpContract implements EntityReaderContract {
    private static Process app;
    private static int port;

    @BeforeAll
    static void start() throws Exception {
        Path jar = Path.of(System.getProperty("contract.app.jar"));
        Path dir = jar.getParent();
        Path portFile = dir.resolve("shaded-app.port");
        Files.deleteIfExists(portFile);
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m", "-D" + ContractApplication.PORT_FILE + "=" + portFile,
                "-Drest-compress.max-decoded-size=" + MAX_DECODED_SIZE, "-Drest-compress.request-decoding=all",
                "-Drest-compress.max-live-decoders=" + MAX_LIVE_DECODERS,
                "-Drest-compress.adaptive.pressure-source=" + PRESSURE_SOURCE));
        String nativeAccess = System.getProperty("native.access.arg", "");
        if (!nativeAccess.isBlank()) {
            command.add(nativeAccess);
        }
        command.addAll(List.of("-jar", jar.toString(), "server", "contract.yml"));
        app = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(dir.resolve("shaded-app.log").toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (!Files.exists(portFile)) {
            if (!app.isAlive() || System.nanoTime() > deadline) {
                throw new IllegalStateException("the shaded application did not start; see " + dir.resolve("shaded-app.log"));
            }
            Thread.sleep(100);
        }
        port = Integer.parseInt(Files.readString(portFile, StandardCharsets.US_ASCII).trim());
    }

    @AfterAll
    static void stop() throws IOException, InterruptedException {
        if (app != null) {
            app.destroy();
            if (!app.waitFor(20, TimeUnit.SECONDS)) {
                app.destroyForcibly();
            }
        }
    }

    @Override
    public URI baseUri() {
        return URI.create("http://127.0.0.1:" + port + "/");
    }

    @Override
    protected boolean declaresLength() {
        return false;
    }

    @Override
    protected boolean logsInProcess() {
        return false;
    }

    @Override
    public boolean entityRejectionLogsInProcess() {
        return false;
    }
}
