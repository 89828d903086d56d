package dev.restcompress.decoding;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.codec.Codec;
import dev.restcompress.codec.CodecRegistry;
import dev.restcompress.codec.MalformedInputException;
import dev.restcompress.config.CompressionSettings;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link DecoderSlots}: a streaming body takes one slot per coding before anything is opened, a body
 * beyond the bound is refused without opening a decoder, and the slots come back exactly once on every
 * path: read whole, unread, failed, stacked, and dropped unclosed (the cleaner's safety net). A body
 * decoded in one call takes none.
 */
class DecoderSlotsTest {
    static final CodecRegistry REGISTRY = CompressionSettings.from(Map.<String, Object>of()::get).createRegistry();
    static final byte[] PLAIN = "{\"a\":1,\"b\":[1,2,3],\"c\":\"slots\"}\n".repeat(400).getBytes();

    static byte[] compress(String coding, byte[] data) {
        Codec codec = REGISTRY.forCoding(coding);
        byte[] out = new byte[codec.maxCompressedLength(data.length)];
        return Arrays.copyOf(out, codec.compress(data, 0, data.length, out, 0));
    }

    static ContentCodings codings(String header) throws ContentCodings.UnsupportedCodingException {
        return ContentCodings.parse(List.of(header), REGISTRY);
    }

    @Test
    void beyondTheBoundABodyIsRefusedAndEveryPathGivesItsSlotBack() throws Exception {
        DecoderSlots slots = new DecoderSlots(2);
        ContentCodings gzip = codings("gzip");
        byte[] body = compress("gzip", PLAIN);
        InputStream read = gzip.decodeBody(new ByteArrayInputStream(body), -1, 1 << 20, slots);
        InputStream unread = gzip.decodeBody(new ByteArrayInputStream(body), -1, 1 << 20, slots);
        assertEquals(2, slots.live());
        DecodersBusyException busy = assertThrows(DecodersBusyException.class,
                () -> gzip.decodeBody(new ByteArrayInputStream(body), -1, 1 << 20, slots));
        assertEquals(2, busy.limit());
        assertEquals(2, slots.live(), "a refused body takes nothing");
        assertArrayEquals(PLAIN, read.readAllBytes());
        read.close();
        read.close(); // idempotent: given back once
        assertEquals(1, slots.live());
        unread.close();
        assertEquals(0, slots.live());
    }

    @Test
    void aFailedBodyGivesItsSlotBackWhenClosed() throws Exception {
        DecoderSlots slots = new DecoderSlots(1);
        byte[] corrupt = compress("gzip", PLAIN);
        corrupt[corrupt.length / 2] ^= 0x55;
        corrupt[corrupt.length / 2 + 1] ^= 0x55;
        InputStream in = codings("gzip").decodeBody(new ByteArrayInputStream(corrupt), -1, 1 << 20, slots);
        assertThrows(IOException.class, in::readAllBytes);
        in.close();
        assertEquals(0, slots.live());
    }

    @Test
    void aStackedBodyTakesOneSlotPerCoding() throws Exception {
        DecoderSlots slots = new DecoderSlots(3);
        byte[] body = compress("lzf", compress("gzip", PLAIN));
        ContentCodings stacked = codings("gzip, lzf");
        InputStream in = stacked.decodeBody(new ByteArrayInputStream(body), -1, 1 << 20, slots);
        assertEquals(2, slots.live());
        assertThrows(DecodersBusyException.class,
                () -> stacked.decodeBody(new ByteArrayInputStream(body), -1, 1 << 20, slots));
        assertArrayEquals(PLAIN, in.readAllBytes());
        in.close();
        assertEquals(0, slots.live());
    }

    @Test
    void aSizedSmallBodyDecodesInOneCallWithoutASlot() throws Exception {
        DecoderSlots slots = new DecoderSlots(1);
        assertTrue(slots.tryAcquire(1)); // the bound is reached
        for (String coding : REGISTRY.codings()) {
            byte[] body = compress(coding, PLAIN);
            assertArrayEquals(PLAIN, codings(coding).decodeBody(new ByteArrayInputStream(body), body.length,
                    1 << 20, slots).readAllBytes(), coding);
        }
        slots.release(1);
        assertEquals(0, slots.live());
    }

    @Test
    void aBodyDroppedUnclosedIsGivenBackByTheCleaner() throws Exception {
        DecoderSlots slots = new DecoderSlots(1);
        dropOne(slots);
        assertEquals(1, slots.live());
        // Bounded by a deadline on the condition, not a count of sleeps: on a loaded machine the collector and the
        // Cleaner's thread may wait seconds for a core.
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(60);
        while (slots.live() > 0 && System.nanoTime() < deadline) {
            System.gc();
            Thread.sleep(20);
        }
        assertEquals(0, slots.live(), "the safety net gives a dropped body's slot back");
        assertFalse(new DecoderSlots(1).tryAcquire(2), "more than the bound at once never fits");
    }

    private static void dropOne(DecoderSlots slots) throws Exception {
        codings("zstd").decodeBody(new ByteArrayInputStream(compress("zstd", PLAIN)), -1, 1 << 20, slots);
    }

    /** No coding's stream is zero bytes long: an empty body is malformed, sized or not, in every coding. */
    @Test
    void anEmptyCodedBodyIsMalformedSizedOrNot() throws Exception {
        for (String coding : REGISTRY.codings()) {
            ContentCodings c = codings(coding);
            assertThrows(MalformedInputException.class,
                    () -> c.decodeBody(new ByteArrayInputStream(new byte[0]), 0, 1 << 20), coding + " sized");
            InputStream unsized = c.decodeBody(new ByteArrayInputStream(new byte[0]), -1, 1 << 20);
            assertThrows(MalformedInputException.class, unsized::readAllBytes, coding + " unsized");
            unsized.close();
        }
    }
}
