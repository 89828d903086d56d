package dev.restcompress.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import org.junit.jupiter.api.Test;

class DrainingRequestBodyTest {
    /** A container body that remembers whether it was closed and how much was read. */
    static final class ContainerBody extends ByteArrayInputStream {
        boolean closed;

        ContainerBody(int size) {
            super(new byte[size]);
        }

        int consumed() {
            return pos;
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    @Test
    void closingReadsWhatTheDecoderLeftWithoutClosingTheContainersStream() throws IOException {
        ContainerBody body = new ContainerBody(100_000);
        InputStream draining = new DrainingRequestBody(body, 1 << 20);
        assertEquals(10, draining.read(new byte[10], 0, 10));
        draining.close();
        assertEquals(100_000, body.consumed(), "the client's upload is read to its end");
        assertFalse(body.closed, "the container still has a response to send");
        draining.close();
        assertEquals(100_000, body.consumed(), "idempotent");
    }

    @Test
    void drainingStopsAtTheBound() throws IOException {
        ContainerBody body = new ContainerBody(100_000);
        InputStream draining = new DrainingRequestBody(body, 30_000);
        draining.close();
        assertEquals(30_000, body.consumed(), "a refused upload costs no more than an accepted one");
        assertFalse(body.closed);
    }
}
