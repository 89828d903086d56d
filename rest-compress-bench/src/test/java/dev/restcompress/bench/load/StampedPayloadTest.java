package dev.restcompress.bench.load;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.bench.server.CacheServer;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The miss-only workload's bodies: each stamp different, and checked byte for byte but for the stamp. */
class StampedPayloadTest {
    private static final byte[] JSON = "{\"items\":[1,2,3]}".getBytes(StandardCharsets.UTF_8);
    private static final LoadGenerator.Payload PAYLOAD = Payloads.payload("x.json", Payloads.UNIQUE, JSON);

    @Test
    void bodiesDifferOnlyInTheStampAndStayJson() {
        byte[] a = CacheServer.stamp(JSON, 1);
        byte[] b = CacheServer.stamp(JSON, 2);
        assertEquals("{\"stamp\":\"0000000000000001\",\"items\":[1,2,3]}", new String(a, StandardCharsets.UTF_8));
        assertFalse(Arrays.equals(a, b));
        assertTrue(PAYLOAD.matches(a, a.length));
        assertTrue(PAYLOAD.matches(b, b.length));
    }

    @Test
    void theServersStreamedStampWritesTheSameBytes() throws Exception {
        for (byte[] body : new byte[][] {JSON, "[1,2]".getBytes(StandardCharsets.UTF_8), new byte[0]}) {
            for (long n : new long[] {0, 7, 1234567890123456L}) {
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                CacheServer.stamped(body, n).write(out);
                assertArrayEquals(CacheServer.stamp(body, n), out.toByteArray(), new String(body, StandardCharsets.UTF_8) + " " + n);
            }
        }
    }

    @Test
    void aDifferenceOutsideTheStampIsCaught() {
        byte[] a = CacheServer.stamp(JSON, 7);
        a[a.length - 3] = '9';
        assertFalse(PAYLOAD.matches(a, a.length));
        byte[] shorter = CacheServer.stamp("{\"items\":[1,2]}".getBytes(StandardCharsets.UTF_8), 7);
        assertFalse(PAYLOAD.matches(shorter, shorter.length));
        byte[] c = CacheServer.stamp(JSON, 7);
        c[CacheServer.stampAt(JSON) - 1] = 'x'; // the byte before the digits (the key's quote) still counts
        assertFalse(PAYLOAD.matches(c, c.length));
    }
}
