package dev.restcompress.nativelib;

import static dev.restcompress.nativelib.NativeResults.BAD_HANDLE;
import static dev.restcompress.nativelib.NativeResults.BAD_LEVEL;
import static dev.restcompress.nativelib.NativeResults.BAD_RANGE;
import static dev.restcompress.nativelib.NativeResults.INSUFFICIENT_SPACE;
import static dev.restcompress.nativelib.NativeResults.NULL_ARGUMENT;
import static dev.restcompress.nativelib.NativeResults.OK;
import static dev.restcompress.nativelib.NativeResults.OVERLAP;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Calls the JNI entry points directly, bypassing the Java checks, to prove the C shim rejects bad
 * arguments on its own with the right code and writes nothing. (A crash here would kill the test
 * JVM, which surefire reports as a failure.)
 */
class NativeShimChecksTest {
    private static final byte GUARD = (byte) 0xC3;
    private static long compressor;
    private static long decompressor;

    @BeforeAll
    static void open() {
        LibdeflateLoader.system().verify();
        compressor = LibdeflateNative.allocCompressor(6);
        decompressor = LibdeflateNative.allocDecompressor();
        assertTrue(compressor > 0 && decompressor > 0);
    }

    @AfterAll
    static void free() {
        assertEquals(OK, LibdeflateNative.freeCompressor(compressor));
        assertEquals(OK, LibdeflateNative.freeDecompressor(decompressor));
    }

    @ParameterizedTest
    @MethodSource("dev.restcompress.nativelib.NativeWrapperBoundsTest#badRanges")
    void shimRejectsBadRanges(int inOff, int inLen, int outOff, int outLen) {
        byte[] in = new byte[100];
        byte[] out = guarded(200);
        assertEquals(BAD_RANGE, LibdeflateNative.gzipCompress(compressor, in, inOff, inLen, out, outOff, outLen));
        assertEquals(BAD_RANGE, LibdeflateNative.gzipDecompress(decompressor, in, inOff, inLen, out, outOff, outLen));
        assertArrayEquals(guarded(200), out);
    }

    @Test
    void shimRejectsNullArrays() {
        byte[] a = new byte[10];
        assertEquals(NULL_ARGUMENT, LibdeflateNative.gzipCompress(compressor, null, 0, 0, a, 0, 10));
        assertEquals(NULL_ARGUMENT, LibdeflateNative.gzipCompress(compressor, a, 0, 0, null, 0, 0));
        assertEquals(NULL_ARGUMENT, LibdeflateNative.gzipDecompress(decompressor, null, 0, 0, a, 0, 10));
        assertEquals(NULL_ARGUMENT, LibdeflateNative.gzipDecompress(decompressor, a, 0, 0, null, 0, 0));
    }

    @Test
    void shimRejectsOverlap() {
        byte[] a = guarded(1000);
        assertEquals(OVERLAP, LibdeflateNative.gzipCompress(compressor, a, 0, 100, a, 99, 500));
        assertEquals(OVERLAP, LibdeflateNative.gzipCompress(compressor, a, 100, 100, a, 0, 101));
        assertEquals(OVERLAP, LibdeflateNative.gzipDecompress(decompressor, a, 0, 600, a, 599, 10));
        assertArrayEquals(guarded(1000), a);
    }

    @Test
    void shimRejectsBadLevels() {
        for (int level : new int[] {0, -1, 13, 100, Integer.MIN_VALUE, Integer.MAX_VALUE}) {
            assertEquals(BAD_LEVEL, LibdeflateNative.allocCompressor(level), "level " + level);
        }
    }

    @Test
    void shimRejectsBadHandles() {
        byte[] in = new byte[10];
        byte[] out = guarded(100);
        for (long h : new long[] {0, -1, -8, Long.MIN_VALUE, 1, 7}) {
            assertEquals(BAD_HANDLE, LibdeflateNative.freeCompressor(h), "free compressor " + h);
            assertEquals(BAD_HANDLE, LibdeflateNative.freeDecompressor(h), "free decompressor " + h);
            assertEquals(BAD_HANDLE, LibdeflateNative.gzipCompressBound(h, 10));
            assertEquals(BAD_HANDLE, LibdeflateNative.gzipCompress(h, in, 0, 10, out, 0, 100));
            assertEquals(BAD_HANDLE, LibdeflateNative.gzipDecompress(h, in, 0, 10, out, 0, 100));
        }
        // A live handle of the other kind fails the shim's type tag.
        assertEquals(BAD_HANDLE, LibdeflateNative.gzipCompress(decompressor, in, 0, 10, out, 0, 100));
        assertEquals(BAD_HANDLE, LibdeflateNative.gzipDecompress(compressor, in, 0, 10, out, 0, 100));
        assertEquals(BAD_HANDLE, LibdeflateNative.freeCompressor(decompressor));
        assertEquals(BAD_HANDLE, LibdeflateNative.freeDecompressor(compressor));
        assertArrayEquals(guarded(100), out);
    }

    @Test
    void shimRejectsBadBoundLengths() {
        assertEquals(BAD_RANGE, LibdeflateNative.gzipCompressBound(compressor, -1));
        assertEquals(BAD_RANGE, LibdeflateNative.gzipCompressBound(compressor, Long.MIN_VALUE));
        assertEquals(BAD_RANGE, LibdeflateNative.gzipCompressBound(compressor, Integer.MAX_VALUE + 1L));
        assertEquals(BAD_RANGE, LibdeflateNative.gzipCompressBound(compressor, Long.MAX_VALUE));
        assertTrue(LibdeflateNative.gzipCompressBound(compressor, 0) > 0);
    }

    @Test
    void shimStaysInsideATooSmallOutput() {
        byte[] in = "abcabcabcabcabcabc".repeat(50).getBytes();
        byte[] out = guarded(300);
        assertEquals(INSUFFICIENT_SPACE, LibdeflateNative.gzipCompress(compressor, in, 0, in.length, out, 100, 10));
        for (int i = 0; i < out.length; i++) {
            if (i < 100 || i >= 110) {
                assertEquals(GUARD, out[i], "byte " + i + " outside the output range changed");
            }
        }
        int n = LibdeflateNative.gzipCompress(compressor, in, 0, in.length, out, 0, 300);
        assertTrue(n > 0);
        byte[] plain = guarded(in.length + 50);
        assertEquals(INSUFFICIENT_SPACE, LibdeflateNative.gzipDecompress(decompressor, out, 0, n, plain, 0, in.length - 1));
        assertEquals(GUARD, plain[in.length - 1]);
        long r = LibdeflateNative.gzipDecompress(decompressor, out, 0, n, plain, 0, in.length);
        assertEquals(((long) n << 32) | in.length, r, "consumed << 32 | produced");
        assertArrayEquals(in, Arrays.copyOf(plain, in.length));
        assertEquals(GUARD, plain[in.length], "decompression wrote past its range");
    }

    @Test
    void shimReportsCorruptData() {
        byte[] junk = "this is not gzip at all".getBytes();
        byte[] out = new byte[100];
        assertEquals(NativeResults.BAD_DATA, LibdeflateNative.gzipDecompress(decompressor, junk, 0, junk.length, out, 0, 100));
        assertEquals(NativeResults.BAD_DATA, LibdeflateNative.gzipDecompress(decompressor, junk, 0, 0, out, 0, 100));
    }

    @Test
    void everyCodeMapsToOneException() {
        assertInstanceOf(NullPointerException.class, NativeResults.failure(NULL_ARGUMENT, "t"));
        assertInstanceOf(IndexOutOfBoundsException.class, NativeResults.failure(BAD_RANGE, "t"));
        assertInstanceOf(IllegalArgumentException.class, NativeResults.failure(BAD_LEVEL, "t"));
        assertInstanceOf(IllegalArgumentException.class, NativeResults.failure(OVERLAP, "t"));
        assertInstanceOf(IllegalStateException.class, NativeResults.failure(BAD_HANDLE, "t"));
        assertInstanceOf(IllegalStateException.class, NativeResults.failure(NativeResults.NOT_LOADED, "t"));
        assertInstanceOf(IllegalStateException.class, NativeResults.failure(-999, "t"));
        assertThrows(OutOfMemoryError.class, () -> NativeResults.failure(NativeResults.OUT_OF_MEMORY, "t"));
        assertThrows(OutOfMemoryError.class, () -> NativeResults.failure(NativeResults.PIN_FAILED, "t"));
    }

    private static byte[] guarded(int n) {
        byte[] b = new byte[n];
        Arrays.fill(b, GUARD);
        return b;
    }
}
