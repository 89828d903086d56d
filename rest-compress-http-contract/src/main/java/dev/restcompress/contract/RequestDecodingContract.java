package dev.restcompress.contract;

import static dev.restcompress.contract.Wire.gzip;
import static dev.restcompress.contract.Wire.header;
import static dev.restcompress.contract.Wire.tokens;
import static dev.restcompress.contract.Wire.unLzf;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ning.compress.lzf.LZFEncoder;
import dev.restcompress.contract.app.ContractResource;
import dev.restcompress.contract.app.Payloads;
import java.net.http.HttpResponse;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Request decoding: coded bodies reach the resource decoded (also on unannotated methods with
 * {@code request-decoding=all}); the limit holds to the byte; over it 413 (bombs included), corrupt 400,
 * unknown coding 415 naming what the server takes, each in one log line without a stack trace.
 * Part of {@link HttpContract}, which every runtime's contract test extends. Bounded in time.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
public interface RequestDecodingContract extends ContractPart {

    @Test
    default void encodedRequestBodiesReachTheResourceDecoded() throws Exception {
        byte[] plain = Payloads.text(40_000, 7);
        HttpResponse<byte[]> lzf = wire().post("contract/echo", "lzf", null, LZFEncoder.encode(plain));
        assertEquals(200, lzf.statusCode(), () -> new String(lzf.body()));
        assertEquals("lzf", header(lzf, ContractResource.SEEN), "the body went over the wire LZF-encoded");
        assertEquals(Integer.toString(plain.length), header(lzf, ContractResource.LENGTH));
        assertNull(header(lzf, "Content-Encoding"));
        assertArrayEquals(plain, lzf.body());

        HttpResponse<byte[]> gz = wire().post("contract/echo", "gzip", "lzf", gzip(plain));
        assertEquals(200, gz.statusCode(), () -> new String(gz.body()));
        assertEquals("gzip", header(gz, ContractResource.SEEN));
        assertEquals("lzf", header(gz, "Content-Encoding"), "and the echo goes back LZF-encoded");
        assertArrayEquals(plain, unLzf(gz.body()));

        HttpResponse<byte[]> both = wire().post("contract/echo", "lzf", "lzf", LZFEncoder.encode(plain));
        assertEquals(200, both.statusCode(), () -> new String(both.body()));
        assertEquals("lzf", header(both, "Content-Encoding"), "decoded on the way in, encoded on the way out");
        assertArrayEquals(plain, unLzf(both.body()));

        HttpResponse<byte[]> stacked = wire().post("contract/echo", "lzf, gzip", null, gzip(LZFEncoder.encode(plain)));
        assertEquals(200, stacked.statusCode(), () -> new String(stacked.body()));
        assertArrayEquals(plain, stacked.body());

        HttpResponse<byte[]> none = wire().post("contract/echo", null, null, plain);
        assertEquals("none", header(none, ContractResource.SEEN));
        assertArrayEquals(plain, none.body());
    }

    @Test
    default void withRequestDecodingAllAnUnannotatedMethodDecodesWithTheSameLimitAndErrors() throws Exception {
        byte[] plain = Payloads.text(40_000, 17);
        HttpResponse<byte[]> gz = wire().post("contract/plain-echo", "gzip", null, gzip(plain));
        assertEquals(200, gz.statusCode(), () -> new String(gz.body()));
        assertNull(header(gz, "Content-Encoding"), "the response of an unannotated method stays unencoded");
        assertArrayEquals(plain, gz.body());

        HttpResponse<byte[]> over = wire().post("contract/plain-echo", "lzf", null,
                LZFEncoder.encode(Payloads.text(MAX_DECODED_SIZE + 1, 18)));
        assertEquals(413, over.statusCode(), () -> new String(over.body()));
        HttpResponse<byte[]> corrupt = wire().post("contract/plain-echo", "gzip", null, Payloads.text(2000, 19));
        assertEquals(400, corrupt.statusCode(), () -> new String(corrupt.body()));
        HttpResponse<byte[]> unknown = wire().post("contract/plain-echo", "compress", null, Payloads.text(2000, 20));
        assertEquals(415, unknown.statusCode(), () -> new String(unknown.body()));
    }

    @Test
    default void bodyDecodingToExactlyTheLimitIsAccepted() throws Exception {
        byte[] plain = Payloads.text(MAX_DECODED_SIZE, 11);
        HttpResponse<byte[]> r = wire().post("contract/echo", "lzf", null, LZFEncoder.encode(plain));
        assertEquals(200, r.statusCode(), () -> new String(r.body()));
        assertArrayEquals(plain, r.body());
    }

    @Test
    default void oneByteOverTheLimitIs413InOneLogLine() throws Exception {
        assertRejectedInOneLine(413, "lzf", LZFEncoder.encode(Payloads.text(MAX_DECODED_SIZE + 1, 12)));
    }

    @Test
    default void lzfBombIs413InOneLogLine() throws Exception {
        byte[] bomb = LZFEncoder.encode(new byte[MAX_DECODED_SIZE * 4]); // 256 KiB of zeros in ~8 KB
        assertTrue(bomb.length < MAX_DECODED_SIZE / 2, "the bomb itself is small: " + bomb.length);
        assertRejectedInOneLine(413, "lzf", bomb);
    }

    @Test
    default void gzipBombIs413InOneLogLine() throws Exception {
        byte[] bomb = gzip(new byte[MAX_DECODED_SIZE * 256]); // 16 MiB of zeros in ~16 KB
        assertTrue(bomb.length < MAX_DECODED_SIZE / 2, "the bomb itself is small: " + bomb.length);
        assertRejectedInOneLine(413, "gzip", bomb);
    }

    /**
     * A client that sends a whole 16 MiB gzip body (random bytes: it decodes past the limit after the
     * first ~64 KiB) before it reads anything still reads the 413: the server does not reset the
     * connection under it while it sends. Three rounds.
     */
    @Test
    default void aClientStillSendingALargeCodedBodyReadsThe413() throws Exception {
        byte[] body = gzip(Payloads.random(16 << 20, 77));
        for (int round = 0; round < 3; round++) {
            Wire.SentThenRead seen = wire().postAllThenRead("contract/echo", "gzip", body);
            // Printed: what each runtime does with the rest of the body is in SECURITY.md.
            System.out.println("413 to a client still sending 16 MiB, round " + round + ": " + seen);
            assertTrue(seen.statusLine() != null && seen.statusLine().startsWith("HTTP/1.1 413"),
                    "round " + round + ": " + seen);
        }
    }

    @Test
    default void corruptLzfIs400InOneLogLine() throws Exception {
        assertRejectedInOneLine(400, "lzf", "this is not LZF at all, not even the ZV signature".getBytes());
    }

    @Test
    default void truncatedLzfIs400InOneLogLine() throws Exception {
        byte[] body = LZFEncoder.encode(Payloads.text(40_000, 13));
        assertRejectedInOneLine(400, "lzf", Arrays.copyOf(body, body.length - 100));
    }

    @Test
    default void corruptGzipIs400InOneLogLine() throws Exception {
        byte[] body = gzip(Payloads.text(40_000, 14));
        for (int i = 20; i < 60; i++) {
            body[i] ^= 0x5a; // damage the deflate stream after the 10-byte header
        }
        assertRejectedInOneLine(400, "gzip", body);
    }

    @Test
    default void unknownCodingIs415WithAcceptEncodingInOneLogLine() throws Exception {
        assertRejectedInOneLine(415, "compress", Payloads.text(2000, 15));
        HttpResponse<byte[]> r = wire().post("contract/echo", "compress", null, Payloads.text(2000, 15));
        assertEquals(415, r.statusCode(), () -> new String(r.body()));
        assertTrue(tokens(r, "Accept-Encoding").containsAll(List.of("lzf", "gzip")),
                "415 must list the codings the server takes, was " + r.headers().allValues("Accept-Encoding"));
    }
}
