package dev.restcompress.nativelib;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every bad argument is rejected by the Java wrappers with the right exception, arrays untouched. */
class NativeWrapperBoundsTest {
    private static final byte GUARD = (byte) 0x5A;
    private LibdeflateCompressor compressor;
    private LibdeflateDecompressor decompressor;

    @BeforeEach
    void open() {
        compressor = LibdeflateCompressor.open(6);
        decompressor = LibdeflateDecompressor.open();
    }

    @AfterEach
    void close() {
        compressor.close();
        decompressor.close();
    }

    /** inOff, inLen, outOff, outLen over a 100-byte input and a 200-byte output. */
    static Stream<Arguments> badRanges() {
        int max = Integer.MAX_VALUE;
        int min = Integer.MIN_VALUE;
        return Stream.of(
                Arguments.of(-1, 10, 0, 200), Arguments.of(0, -1, 0, 200), Arguments.of(0, 101, 0, 200),
                Arguments.of(1, 100, 0, 200), Arguments.of(100, 1, 0, 200), Arguments.of(max, 1, 0, 200),
                Arguments.of(1, max, 0, 200), Arguments.of(max, max, 0, 200), Arguments.of(min, 0, 0, 200),
                Arguments.of(0, 100, -1, 10), Arguments.of(0, 100, 0, -1), Arguments.of(0, 100, 0, 201),
                Arguments.of(0, 100, 200, 1), Arguments.of(0, 100, max, 1), Arguments.of(0, 100, 1, max),
                Arguments.of(0, 100, max, max), Arguments.of(0, 100, min, min));
    }

    @ParameterizedTest
    @MethodSource("badRanges")
    void badRangesThrowIndexOutOfBounds(int inOff, int inLen, int outOff, int outLen) {
        byte[] in = new byte[100];
        byte[] out = guarded(200);
        assertThrows(IndexOutOfBoundsException.class,
                () -> compressor.gzipCompress(in, inOff, inLen, out, outOff, outLen));
        assertThrows(IndexOutOfBoundsException.class,
                () -> decompressor.decompressMember(in, inOff, inLen, out, outOff, outLen));
        assertArrayEquals(guarded(200), out, "a rejected call wrote to the output");
    }

    @Test
    void nullArraysThrowNullPointer() {
        byte[] a = new byte[10];
        assertAllThrow(NullPointerException.class,
                () -> compressor.gzipCompress(null, 0, 0, a, 0, 10),
                () -> compressor.gzipCompress(a, 0, 0, null, 0, 0),
                () -> decompressor.decompressMember(null, 0, 0, a, 0, 10),
                () -> decompressor.decompressMember(a, 0, 0, null, 0, 0));
    }

    @Test
    void overlappingRangesInOneArrayThrowIllegalArgument() {
        byte[] a = new byte[1000];
        assertAllThrow(IllegalArgumentException.class,
                () -> compressor.gzipCompress(a, 0, 100, a, 50, 500),
                () -> compressor.gzipCompress(a, 100, 100, a, 0, 101),
                () -> decompressor.decompressMember(a, 0, 100, a, 99, 500));
    }

    @Test
    void disjointRangesInOneArrayWork() throws Exception {
        byte[] a = new byte[2000];
        Arrays.fill(a, 0, 500, (byte) 'x');
        int n = compressor.gzipCompress(a, 0, 500, a, 500, 1000);
        assertTrue(n > 0);
        GzipMemberResult r = decompressor.decompressMember(a, 500, n, a, 1500, 500);
        assertEquals(new GzipMemberResult(GzipMemberResult.Status.OK, n, 500), r);
    }

    @Test
    void levelsAreValidated() {
        assertAllThrow(IllegalArgumentException.class,
                () -> LibdeflateCompressor.open(0), () -> LibdeflateCompressor.open(13),
                () -> LibdeflateCompressor.open(-1), () -> LibdeflateCompressor.open(Integer.MIN_VALUE));
        for (int level = 1; level <= 12; level++) {
            try (LibdeflateCompressor c = LibdeflateCompressor.open(level)) {
                assertEquals(level, c.level());
            }
        }
    }

    @Test
    void boundIsValidated() {
        assertThrows(IllegalArgumentException.class, () -> compressor.gzipCompressBound(-1));
        assertTrue(compressor.gzipCompressBound(0) >= 18, "a gzip member has at least 18 bytes");
        assertTrue(compressor.gzipCompressBound(Integer.MAX_VALUE) > Integer.MAX_VALUE, "bound must not wrap");
    }

    @Test
    void tooSmallOutputReturnsZeroAndStaysInRange() {
        byte[] in = "hello hello hello hello".getBytes();
        byte[] out = guarded(64);
        assertEquals(0, compressor.gzipCompress(in, 0, in.length, out, 10, 5));
        for (int i = 0; i < 10; i++) {
            assertEquals(GUARD, out[i], "byte before the output range at " + i);
        }
        for (int i = 15; i < out.length; i++) {
            assertEquals(GUARD, out[i], "byte after the output range at " + i);
        }
    }

    @Test
    void closeIsIdempotentAndUseAfterCloseThrows() {
        LibdeflateCompressor c = LibdeflateCompressor.open(1);
        LibdeflateDecompressor d = LibdeflateDecompressor.open();
        c.close();
        c.close();
        d.close();
        d.close();
        assertTrue(c.isClosed() && d.isClosed());
        byte[] a = new byte[100];
        byte[] b = new byte[100];
        assertAllThrow(IllegalStateException.class,
                () -> c.gzipCompress(a, 0, 10, b, 0, 100), () -> c.gzipCompressBound(10),
                () -> d.decompressMember(a, 0, 10, b, 0, 100));
    }

    @Test
    void closingReleasesEveryHandle() {
        int before = NativeHandle.live();
        LibdeflateCompressor[] cs = new LibdeflateCompressor[8];
        for (int i = 0; i < cs.length; i++) {
            cs[i] = LibdeflateCompressor.open(1 + i);
        }
        assertEquals(before + cs.length, NativeHandle.live());
        for (LibdeflateCompressor c : cs) {
            c.close();
        }
        assertEquals(before, NativeHandle.live());
    }

    @Test
    void cleanerFreesAnUnclosedHandle() throws InterruptedException {
        int before = NativeHandle.live();
        openAndDrop();
        assertEquals(before + 4, NativeHandle.live());
        long deadline = System.nanoTime() + 10_000_000_000L;
        for (int i = 0; i < 200 && NativeHandle.live() > before && System.nanoTime() < deadline; i++) {
            System.gc();
            Thread.sleep(50);
        }
        // At most `before`: handles that other tests dropped earlier may be freed in the same GCs.
        int live = NativeHandle.live();
        assertTrue(live <= before, "the Cleaner did not free dropped handles: " + live + " live, " + before + " before");
    }

    private static void openAndDrop() {
        for (int i = 0; i < 2; i++) {
            LibdeflateCompressor.open(1);
            LibdeflateDecompressor.open();
        }
    }

    static byte[] guarded(int n) {
        byte[] b = new byte[n];
        Arrays.fill(b, GUARD);
        return b;
    }

    private static void assertAllThrow(Class<? extends Throwable> type, Executable... calls) {
        for (int i = 0; i < calls.length; i++) {
            assertThrows(type, calls[i], "call #" + i);
        }
    }
}
