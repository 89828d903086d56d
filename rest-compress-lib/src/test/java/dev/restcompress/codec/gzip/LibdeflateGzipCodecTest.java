package dev.restcompress.codec.gzip;

import dev.restcompress.codec.Codec;
import dev.restcompress.codec.DecompressedSizeLimitException;
import dev.restcompress.codec.MalformedInputException;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.restcompress.nativelib.LibdeflateCompressor;
import dev.restcompress.testing.TestFiles;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link LibdeflateGzipCodec} against independent decoders ({@link GZIPInputStream}, the
 * {@code gzip} command) and against {@link JdkGzipCodec}, on every testdata file and edge fixtures.
 */
@Timeout(300)
class LibdeflateGzipCodecTest {
    private static final byte GUARD = (byte) 0xA5;
    private static final LibdeflateGzipCodec L1 = new LibdeflateGzipCodec(1, 1);
    private static final LibdeflateGzipCodec L6 = new LibdeflateGzipCodec(6, 1);
    private static final LibdeflateGzipCodec L12 = new LibdeflateGzipCodec(12, 1);
    private static final JdkGzipCodec JDK = new JdkGzipCodec(6, 1);

    @TempDir
    Path tmp;

    static Stream<Arguments> filesAndEngines() {
        List<Arguments> out = new ArrayList<>();
        for (Path p : TestFiles.all()) {
            for (Codec c : new Codec[] {L1, L6, L12, JDK}) {
                out.add(Arguments.of(p.getFileName().toString(), p, c));
            }
        }
        return out.stream();
    }

    static Stream<Arguments> fixtures() {
        byte[] random = new byte[300_000];
        new Random(11).nextBytes(random);
        byte[] text = "The quick brown fox jumps over the lazy dog. ".repeat(3000).getBytes(StandardCharsets.US_ASCII);
        return Stream.of(
                Arguments.of("empty", new byte[0]),
                Arguments.of("one byte", new byte[] {7}),
                Arguments.of("zeros 200k", new byte[200_000]),
                Arguments.of("random 300k", random),
                Arguments.of("text 135k", text));
    }

    @ParameterizedTest(name = "{0} {2}")
    @MethodSource("filesAndEngines")
    void testdataRoundTrips(String name, Path file, Codec codec) throws Exception {
        byte[] data = TestFiles.read(file);
        byte[] gz = compressGuarded(codec, data);
        assertArrayEquals(data, gunzipJdk(gz), "GZIPInputStream");
        assertArrayEquals(data, L6.decompress(gz, 0, gz.length, data.length), "native one-shot decompress");
        try (InputStream in = codec.decompressingStream(new ByteArrayInputStream(gz), data.length)) {
            assertArrayEquals(data, in.readAllBytes(), "codec streaming decompress");
        }
        if (codec instanceof LibdeflateGzipCodec) {
            assertArrayEquals(data, gunzipCommand(gz), "gzip -dc");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void fixturesRoundTripAtEveryLevel(String name, byte[] data) throws Exception {
        for (int level = 1; level <= 12; level++) {
            LibdeflateGzipCodec codec = level == 1 ? L1 : level == 6 ? L6 : level == 12 ? L12
                    : new LibdeflateGzipCodec(level, 1);
            byte[] gz = compressGuarded(codec, data);
            assertArrayEquals(data, gunzipJdk(gz), "level " + level);
            assertArrayEquals(data, codec.decompress(gz, 0, gz.length, data.length), "level " + level);
        }
        assertArrayEquals(data, gunzipCommand(compressGuarded(L6, data)), "gzip -dc");
    }

    @Test
    void maxCompressedLengthIsLibdeflatesBound() {
        try (LibdeflateCompressor c = LibdeflateCompressor.open(6)) {
            for (int n : new int[] {0, 1, 100, 65_536, 1_000_000, 100_000_000}) {
                assertEquals(c.gzipCompressBound(n), L6.maxCompressedLength(n), "n=" + n);
            }
        }
        assertEquals(Integer.MAX_VALUE - 8, L6.maxCompressedLength(Integer.MAX_VALUE), "clamped, not wrapped");
        assertThrows(IllegalArgumentException.class, () -> L6.maxCompressedLength(-1));
    }

    @Test
    void compressRejectsBadArguments() {
        byte[] in = new byte[100];
        byte[] out = new byte[L6.maxCompressedLength(100) + 10];
        assertThrows(NullPointerException.class, () -> L6.compress(null, 0, 0, out, 0));
        assertThrows(NullPointerException.class, () -> L6.compress(in, 0, 100, null, 0));
        for (int[] r : new int[][] {{-1, 10, 0}, {0, -1, 0}, {0, 101, 0}, {Integer.MAX_VALUE, 1, 0},
                {0, 100, -1}, {0, 100, 11}, {0, 100, Integer.MAX_VALUE}, {0, 100, Integer.MIN_VALUE}}) {
            assertThrows(IndexOutOfBoundsException.class, () -> L6.compress(in, r[0], r[1], out, r[2]),
                    Arrays.toString(r));
        }
        byte[] small = new byte[L6.maxCompressedLength(100) - 1];
        assertThrows(IndexOutOfBoundsException.class, () -> L6.compress(in, 0, 100, small, 0),
                "output smaller than maxCompressedLength");
    }

    @Test
    void decompressRejectsBadArguments() {
        byte[] gz = compressGuarded(L6, new byte[50]);
        byte[] out = new byte[100];
        assertThrows(NullPointerException.class, () -> L6.decompress(null, 0, 0, 10));
        assertThrows(IndexOutOfBoundsException.class, () -> L6.decompress(gz, -1, 10, 10));
        assertThrows(IndexOutOfBoundsException.class, () -> L6.decompress(gz, 1, gz.length, 10));
        assertThrows(IndexOutOfBoundsException.class, () -> L6.decompress(gz, Integer.MAX_VALUE, 2, 10));
        assertThrows(IllegalArgumentException.class, () -> L6.decompress(gz, 0, gz.length, -1));
        assertThrows(NullPointerException.class, () -> L6.decompress(gz, 0, gz.length, null, 0, 10));
        assertThrows(IndexOutOfBoundsException.class, () -> L6.decompress(gz, 0, gz.length, out, 50, 51));
        assertThrows(IndexOutOfBoundsException.class, () -> L6.decompress(gz, 0, gz.length, out, -1, 10));
        assertThrows(IndexOutOfBoundsException.class, () -> L6.decompress(gz, 0, gz.length, out, 1, Integer.MAX_VALUE));
    }

    @Test
    void concatenatedMembersDecodeOneAfterAnother() throws Exception {
        byte[] a = "first member, ".repeat(300).getBytes(StandardCharsets.US_ASCII);
        byte[] b = "second member!".repeat(500).getBytes(StandardCharsets.US_ASCII);
        byte[] empty = new byte[0];
        ByteArrayOutputStream cat = new ByteArrayOutputStream();
        for (byte[] part : new byte[][] {a, empty, b, a}) {
            cat.write(compressGuarded(part == b ? JDK : L12, part));
        }
        byte[] gz = cat.toByteArray();
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        expected.write(a);
        expected.write(b);
        expected.write(a);
        byte[] want = expected.toByteArray();
        assertArrayEquals(want, L6.decompress(gz, 0, gz.length, want.length));
        assertArrayEquals(want, gunzipJdk(gz));
        // Starting from a tiny buffer forces growth between and inside members.
        assertArrayEquals(want, L6.decompress(gz, 0, gz.length, Long.MAX_VALUE));
        assertThrows(DecompressedSizeLimitException.class, () -> L6.decompress(gz, 0, gz.length, want.length - 1));
    }

    @Test
    void limitIsExactForBothVariants() throws Exception {
        byte[] data = "0123456789".repeat(1000).getBytes(StandardCharsets.US_ASCII);
        byte[] gz = compressGuarded(L6, data);
        assertArrayEquals(data, L6.decompress(gz, 0, gz.length, data.length));
        DecompressedSizeLimitException e = assertThrows(DecompressedSizeLimitException.class,
                () -> L6.decompress(gz, 0, gz.length, data.length - 1));
        assertEquals(data.length - 1, e.limit());
        assertEquals("gzip", e.coding());

        byte[] out = new byte[data.length + 20];
        Arrays.fill(out, GUARD);
        assertEquals(data.length, L6.decompress(gz, 0, gz.length, out, 10, data.length));
        assertArrayEquals(data, Arrays.copyOfRange(out, 10, 10 + data.length));
        assertGuarded(out, 0, 10);
        assertGuarded(out, 10 + data.length, out.length);

        Arrays.fill(out, GUARD);
        assertThrows(DecompressedSizeLimitException.class, () -> L6.decompress(gz, 0, gz.length, out, 10, data.length - 1));
        assertGuarded(out, 0, 10);
        assertGuarded(out, 10 + data.length - 1, out.length);
    }

    @Test
    void lyingSizeFieldDoesNotDriveAllocation() throws Exception {
        byte[] data = "abc".repeat(100).getBytes(StandardCharsets.US_ASCII);
        byte[] gz = compressGuarded(L6, data);
        // ISIZE claims 4 GiB - 1 for a ~40-byte body: the first buffer must follow deflate's
        // maximum ratio (~1032:1), not the claim, and the trailer check then rejects the body.
        byte[] lie = gz.clone();
        Arrays.fill(lie, lie.length - 4, lie.length, (byte) 0xFF);
        assertThrows(MalformedInputException.class, () -> L6.decompress(lie, 0, lie.length, 1L << 40)); // warm-up
        long before = allocatedBytes();
        assertThrows(MalformedInputException.class, () -> L6.decompress(lie, 0, lie.length, 1L << 40));
        long allocated = allocatedBytes() - before;
        // Trusting the claim would allocate ~2 GiB (capped at the largest array); the ratio cap
        // allows ~40 KiB here, plus the exception and its stack trace.
        assertTrue(allocated < (1 << 20), "allocated " + allocated + " bytes");
        assertArrayEquals(data, L6.decompress(gz, 0, gz.length, 1L << 40));
    }

    private static long allocatedBytes() {
        return ((com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean())
                .getThreadAllocatedBytes(Thread.currentThread().getId());
    }

    @Test
    void corruptInputIsMalformed() throws Exception {
        byte[] data = "corrupt me ".repeat(2000).getBytes(StandardCharsets.US_ASCII);
        byte[] gz = compressGuarded(L6, data);
        byte[] flipped = gz.clone();
        flipped[gz.length / 2] ^= 0x55;
        byte[] badCrc = gz.clone();
        badCrc[gz.length - 6] ^= 1;
        byte[] truncated = Arrays.copyOf(gz, gz.length - 3);
        byte[] trailing = Arrays.copyOf(gz, gz.length + 5);
        byte[] notGzip = "plain text, not gzip".getBytes(StandardCharsets.US_ASCII);
        for (byte[] bad : new byte[][] {flipped, badCrc, truncated, trailing, notGzip, new byte[0]}) {
            assertThrows(MalformedInputException.class, () -> L6.decompress(bad, 0, bad.length, 1 << 20),
                    "length " + bad.length);
            assertThrows(MalformedInputException.class, () -> L6.decompress(bad, 0, bad.length, new byte[1 << 16], 0, 1 << 16));
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 3, 17})
    void outputRegionGuardAtAnyOffset(int outOff) {
        byte[] data = "guard the bytes after the output ".repeat(400).getBytes(StandardCharsets.US_ASCII);
        int max = L6.maxCompressedLength(data.length);
        byte[] out = new byte[outOff + max + 64];
        Arrays.fill(out, GUARD);
        int n = L6.compress(data, 0, data.length, out, outOff);
        assertTrue(n > 0 && n <= max);
        assertGuarded(out, 0, outOff);
        assertGuarded(out, outOff + max, out.length);
    }

    @Test
    void compressOfASliceIgnoresTheRestOfTheArray() throws Exception {
        byte[] data = "0123456789abcdef".repeat(100).getBytes(StandardCharsets.US_ASCII);
        byte[] gz = new byte[L6.maxCompressedLength(500)];
        int n = L6.compress(data, 100, 500, gz, 0);
        assertArrayEquals(Arrays.copyOfRange(data, 100, 600), gunzipJdk(Arrays.copyOf(gz, n)));
    }

    @Test
    void streamingFlushIsDecodableAtOnce() throws Exception {
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        byte[] first = "event: one\n\n".getBytes(StandardCharsets.US_ASCII);
        try (OutputStream gz = L6.compressingStream(sink)) {
            gz.write(first);
            gz.flush();
            byte[] soFar = sink.toByteArray();
            // A sync-flushed prefix: the decoder yields the first event before the stream ends.
            try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(soFar))) {
                byte[] got = in.readNBytes(first.length);
                assertArrayEquals(first, got);
            }
            gz.write("event: two\n\n".getBytes(StandardCharsets.US_ASCII));
        }
        assertArrayEquals("event: one\n\nevent: two\n\n".getBytes(StandardCharsets.US_ASCII), gunzipJdk(sink.toByteArray()));
    }

    @Test
    void levelsAreValidated() {
        assertThrows(IllegalArgumentException.class, () -> new LibdeflateGzipCodec(0, 1));
        assertThrows(IllegalArgumentException.class, () -> new LibdeflateGzipCodec(13, 1));
        assertThrows(IllegalArgumentException.class, () -> new LibdeflateGzipCodec(6, 10), "streaming is JDK: 1-9");
        assertEquals(12, L12.level());
        assertEquals("gzip", L12.coding());
    }

    /** Compresses into a guarded buffer, checks the guard, returns exactly the compressed bytes. */
    static byte[] compressGuarded(Codec codec, byte[] data) {
        int max = codec.maxCompressedLength(data.length);
        byte[] out = new byte[max + 16];
        Arrays.fill(out, GUARD);
        int n = codec.compress(data, 0, data.length, out, 0);
        assertTrue(n > 0 && n <= max, "written " + n + " of max " + max);
        assertGuarded(out, max, out.length);
        return Arrays.copyOf(out, n);
    }

    static void assertGuarded(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (b[i] != GUARD) {
                fail("byte " + i + " outside the output region was changed");
            }
        }
    }

    static byte[] gunzipJdk(byte[] gz) throws IOException {
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(gz))) {
            return in.readAllBytes();
        }
    }

    /** Decodes with the system's gzip command (an independent implementation), bounded in time. */
    private byte[] gunzipCommand(byte[] gz) throws IOException, InterruptedException {
        Path in = Files.createTempFile(tmp, "body", ".gz");
        Path out = Files.createTempFile(tmp, "body", ".out");
        Path err = Files.createTempFile(tmp, "body", ".err");
        Files.write(in, gz);
        Process p = new ProcessBuilder("gzip", "-dc", in.toString())
                .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            fail("gzip -dc did not finish in 60 s");
        }
        assertEquals(0, p.exitValue(), "gzip -dc failed: " + Files.readString(err));
        return Files.readAllBytes(out);
    }
}
