package dev.restcompress.server;

import dev.restcompress.testing.TestServerExtension;
import java.util.Map;
import java.util.Set;

/** Lets tests in other packages start the test application. */
public final class ServerTestSupport {
    private ServerTestSupport() {
    }

    /**
     * A test server with the feature and {@code CodingsResource} (all four codings) or
     * {@code TestResource}, and the leak check after each test.
     */
    public static TestServerExtension extension(boolean allCodings, Map<String, Object> properties) {
        return TestServerExtension.of(Set.of(allCodings ? CodingsResource.class : TestResource.class,
                WireRecorder.class), properties);
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
