package dev.restcompress.helidon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.restcompress.contract.EntityReaderContract;
import dev.restcompress.contract.HttpContract;
import java.net.URI;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The HTTP contract on Helidon MP 4.4 (Jersey 3.1.11 and Weld on Helidon's web server), the real server
 * in a JVM of its own ({@link HelidonServer}) with an application that does not mention rest-compress:
 * Jersey's auto-discovery registers the library. The one setting it needs,
 * {@code server.protocols.http_1_1.validate-request-headers=false}, is in the application's
 * {@code microprofile-config.properties}. Jersey frames bodies itself (chunked past its buffer, which is 0
 * here so that flushes reach the client), so exact lengths are not asserted; the server logs in its own
 * process, so only statuses are checked for rejected bodies.
 */
class HelidonMpContractTest extends HttpContract implements EntityReaderContract {
    private static final HelidonServer SERVER = new HelidonServer("helidon-contract");

    @BeforeAll
    static void start() throws Exception {
        SERVER.start(Java21.launcherOrSkip());
    }

    @AfterAll
    static void stop() throws InterruptedException {
        SERVER.stop();
    }

    /**
     * Registered once, by auto-discovery: one start-up line, no warning about a provider registered twice
     * (RESTEasy's "already registered", Jersey's "Existing previous registration"), none from rest-compress.
     */
    @Test
    void theLibraryIsRegisteredOnceWithoutWarnings() throws Exception {
        String log = SERVER.log();
        assertEquals(1, log.lines().filter(l -> l.contains("rest-compress server: codings")).count(), log);
        assertFalse(log.contains("already registered"), log);
        assertFalse(log.contains("Existing previous registration"), log);
        assertFalse(log.contains("WARNING: rest-compress"), log);
    }

    @Override
    public URI baseUri() {
        return SERVER.baseUri();
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
