package dev.restcompress.server;

import dev.restcompress.testing.TestServer;
import java.util.Map;

/** Lets tests in other packages start the test application. */
public final class ServerTestSupport {
    private ServerTestSupport() {
    }

    public static TestServer startTestServer() throws Exception {
        return TestServer.start(new TestApplication(Map.of()));
    }

    public static byte[] payload(int size) {
        return TestResource.payload(size);
    }

    public static boolean hasCause(Throwable t, Class<? extends Throwable> type) {
        for (int i = 0; t != null && i < 20; i++, t = t.getCause()) {
            if (type.isInstance(t)) {
                return true;
            }
        }
        return false;
    }

    /** The Content-Encoding the last request arrived with ("null" when none). */
    public static String lastRequestContentEncoding() {
        return WireRecorder.LAST_CONTENT_ENCODING.get();
    }
}
