package dev.restcompress.server.internal.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class HelidonCodedBodiesTest {

    @Test
    void warnsOnHelidonWithoutTheSetting() {
        String line = HelidonCodedBodies.warning(true, false, null);
        assertTrue(line.contains("server.protocols.http_1_1.validate-request-headers=false"), line);
        assertEquals(line, HelidonCodedBodies.warning(true, false, "true"));
    }

    @Test
    void silentWithTheSettingOffOrOffHelidon() {
        assertNull(HelidonCodedBodies.warning(true, false, "false"));
        assertNull(HelidonCodedBodies.warning(true, false, " FALSE "));
        assertNull(HelidonCodedBodies.warning(false, false, null));
    }

    @Test
    void warnsAboutHelidonsOwnDecodingWhateverTheSetting() {
        String line = HelidonCodedBodies.warning(true, true, "false");
        assertTrue(line.contains("helidon-http-encoding-*"), line);
        assertEquals(line, HelidonCodedBodies.warning(true, true, null));
    }
}
