package dev.restcompress.server.internal.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ContainerCompressionTest {
    @Test
    void quarkusSettingsAreFoundOnlyOnQuarkusRest() {
        Map<String, Object> config = Map.of(ContainerCompression.QUARKUS_COMPRESSION, "true",
                ContainerCompression.QUARKUS_DECOMPRESSION, " TRUE ");
        ContainerCompression found = ContainerCompression.detect(true, config::get);
        assertTrue(found.marksIdentity());
        assertTrue(found.inflatesUnmarked());
        assertEquals(2, found.found().size());
        assertTrue(found.describe().contains("quarkus.http.enable-compression=true"), found.describe());
        assertTrue(found.describe().contains("quarkus.http.enable-decompression=true"), found.describe());
        assertEquals(ContainerCompression.NONE, ContainerCompression.detect(false, config::get),
                "elsewhere a Quarkus key means nothing");
    }

    @Test
    void offOrAbsentIsNothingAndNoLine() {
        ContainerCompression none = ContainerCompression.detect(true,
                Map.<String, Object>of(ContainerCompression.QUARKUS_COMPRESSION, "false")::get);
        assertFalse(none.marksIdentity());
        assertFalse(none.inflatesUnmarked());
        assertNull(ContainerCompression.NONE.describe());
    }

    @Test
    void springBootsSystemPropertyIsNamedButChangesNothing() {
        String before = System.getProperty(ContainerCompression.SPRING_COMPRESSION);
        System.setProperty(ContainerCompression.SPRING_COMPRESSION, "true");
        try {
            ContainerCompression found = ContainerCompression.detect(false, key -> null);
            assertTrue(found.describe().contains("server.compression.enabled=true"), found.describe());
            assertFalse(found.marksIdentity(), "Tomcat ignores Content-Encoding: identity");
        } finally {
            if (before == null) {
                System.clearProperty(ContainerCompression.SPRING_COMPRESSION);
            } else {
                System.setProperty(ContainerCompression.SPRING_COMPRESSION, before);
            }
        }
    }
}
