package dev.restcompress.bench.load;

import dev.restcompress.bench.core.SpiEngine;
import dev.restcompress.bench.http.HttpConnection;
import dev.restcompress.codec.CodecRegistry;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/** Whether an encoded response body decodes, through the project's codecs as a client's would, to the file. */
final class BodyCheck {
    private BodyCheck() {
    }

    /**
     * Null when the body of {@code r} in {@code coding} decodes to exactly {@code expected}, else what
     * is wrong. {@code scratch} must be longer than {@code expected}, so a body that decodes to more
     * is caught.
     */
    static String decodes(CodecRegistry codecs, String coding, HttpConnection.Response r, byte[] expected,
            byte[] scratch, String what) throws IOException {
        int n;
        try (InputStream in = codecs.forCoding(coding).decompressingStream(
                new ByteArrayInputStream(r.body(), 0, r.bodyLength()), scratch.length)) {
            n = SpiEngine.readFully(in, scratch);
        }
        return n == expected.length && Arrays.equals(scratch, 0, n, expected, 0, n) ? null
                : coding + " body decodes to " + n + " bytes that differ from " + what;
    }
}
