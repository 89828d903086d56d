package dev.restcompress.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.testing.ReferenceTool;
import dev.restcompress.testing.TestFiles;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What every {@link Codec} must do; one thin subclass per codec. Fixtures run from empty and one
 * byte to megabytes, compressible and not, plus every testdata file and the shared JSON corpus.
 */
@Timeout(120)
public abstract class CodecConformanceTest {
    private static final byte GUARD = (byte) 0xA5;

    /** A decoder for this coding that is not the codec itself. */
    @FunctionalInterface
    protected interface ReferenceDecoder {
        InputStream open(InputStream compressed) throws IOException;
    }

    private final Codec codec;
    private final ReferenceDecoder referenceDecoder;
    private final List<String> referenceTool;

    /**
     * @param codec the codec under test
     * @param referenceDecoder a standard decoder for this coding that is not the codec itself, or
     *        {@code null}
     * @param referenceTool the reference command-line decoder of this coding (reads stdin, writes
     *        stdout): {@code gzip -dc}, {@code zstd -dcq}, {@code brotli -dc}; none when empty
     */
    protected CodecConformanceTest(Codec codec, ReferenceDecoder referenceDecoder, String... referenceTool) {
        this.codec = codec;
        this.referenceDecoder = referenceDecoder;
        this.referenceTool = referenceTool.length == 0 ? null : List.of(referenceTool);
    }

    /** The codec under test. */
    protected final Codec codec() {
        return codec;
    }

    private InputStream referenceDecoder(InputStream in) throws IOException {
        return referenceDecoder == null ? null : referenceDecoder.open(in);
    }

    private List<String> referenceTool() {
        return referenceTool;
    }

    public static Stream<Arguments> fixtures() {
        List<Arguments> out = new ArrayList<>();
        out.add(Arguments.of("empty", new byte[0]));
        out.add(Arguments.of("one byte", new byte[] {42}));
        out.add(Arguments.of("two bytes", new byte[] {1, 2}));
        out.add(Arguments.of("zeros 200k", new byte[200_000]));
        byte[] random = new byte[300_000];
        new Random(7).nextBytes(random);
        out.add(Arguments.of("random 300k", random));
        byte[] text = "The quick brown fox jumps over the lazy dog. ".repeat(5000).getBytes();
        out.add(Arguments.of("text 225k", text));
        out.add(Arguments.of("chunk edge 65535", Arrays.copyOf(text, 65535)));
        out.add(Arguments.of("chunk edge 65536", Arrays.copyOf(text, 65536)));
        out.add(Arguments.of("chunk edge 65537", Arrays.copyOf(text, 65537)));
        for (Path p : TestFiles.all()) {
            out.add(Arguments.of(p.getFileName().toString(), TestFiles.read(p)));
        }
        return out.stream();
    }

    protected byte[] compress(byte[] data) {
        Codec c = codec();
        int max = c.maxCompressedLength(data.length);
        byte[] out = new byte[max + 16];
        Arrays.fill(out, GUARD);
        int n = c.compress(data, 0, data.length, out, 3);
        assertTrue(n >= 0 && n <= max, "wrote " + n + " of at most " + max);
        for (int i = 0; i < 3; i++) {
            assertEquals(GUARD, out[i], "byte before the output region changed at " + i);
        }
        // The region up to maxCompressedLength is the codec's scratch space; nothing past it may change.
        for (int i = 3 + max; i < out.length; i++) {
            assertEquals(GUARD, out[i], "byte after the output region changed at " + i);
        }
        return Arrays.copyOfRange(out, 3, 3 + n);
    }

    protected byte[] decompress(byte[] data, long limit) throws IOException {
        try (InputStream in = codec().decompressingStream(new ByteArrayInputStream(data), limit)) {
            return in.readAllBytes();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    public void oneShotRoundTrip(String name, byte[] data) throws IOException {
        byte[] compressed = compress(data);
        assertArrayEquals(data, decompress(compressed, data.length));
        InputStream ref = referenceDecoder(new ByteArrayInputStream(compressed));
        if (ref != null) {
            try (ref) {
                assertArrayEquals(data, ref.readAllBytes(), "reference decoder disagrees");
            }
        }
    }

    /** The SPI's one-shot decoder: into the caller's range, nothing outside it, bounded by it. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    public void oneShotDecompressIntoTheCallersBuffer(String name, byte[] data) throws IOException {
        Codec c = codec();
        byte[] compressed = compress(data);
        byte[] out = new byte[data.length + 10];
        Arrays.fill(out, GUARD);
        int n = c.decompress(compressed, 0, compressed.length, out, 5, data.length);
        assertEquals(data.length, n);
        assertArrayEquals(data, Arrays.copyOfRange(out, 5, 5 + n));
        for (int i : new int[] {0, 1, 2, 3, 4, 5 + n, 6 + n, 7 + n, 8 + n, 9 + n}) {
            assertEquals(GUARD, out[i], "byte outside the output range changed at " + i);
        }
        if (data.length > 0) {
            Arrays.fill(out, GUARD);
            assertThrows(DecompressedSizeLimitException.class,
                    () -> c.decompress(compressed, 0, compressed.length, out, 5, data.length - 1));
            assertEquals(GUARD, out[4 + data.length], "the byte past a too-small range changed");
        }
        long hint = c.decompressedSizeHint(compressed, 0, compressed.length);
        assertTrue(hint == -1 || hint == data.length, "size hint " + hint + " for " + data.length + " bytes");
    }

    /**
     * The server puts these names into strong ETags and tells them from the application's tag by
     * their format: the coding, optionally a dash and {@code a-z 0-9 .} (no dash).
     */
    @Test
    void variantNamesHaveTheFormatTheServerTagsWith() {
        String format = java.util.regex.Pattern.quote(codec.coding()) + "(-[a-z0-9.]+)?";
        assertTrue(codec.variant().matches(format), codec.variant());
        assertTrue(codec.streamingVariant().matches(format), codec.streamingVariant());
    }

    @Test
    public void oneShotDecompressSaysTruncatedForABodyCutShort() throws IOException {
        byte[] data = "{\"id\":1,\"name\":\"a JSON body long enough to span blocks\"}\n".repeat(3000).getBytes();
        byte[] compressed = compress(data);
        byte[] out = new byte[data.length];
        for (int cut : new int[] {compressed.length / 2, compressed.length - 1}) {
            MalformedInputException e = assertThrows(MalformedInputException.class,
                    () -> codec().decompress(compressed, 0, cut, out, 0, out.length));
            assertTrue(e.truncated(), "cut at " + cut + " of " + compressed.length + ": " + e.getMessage());
            assertTrue(e.getMessage().contains("truncated"), e.getMessage());
        }
        assertThrows(MalformedInputException.class, () -> codec().decompress(compressed, 0, 0, out, 0, out.length));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    public void streamingRoundTripWithFlushes(String name, byte[] data) throws IOException {
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        Random random = new Random(data.length);
        try (OutputStream out = codec().compressingStream(sink)) {
            int pos = 0;
            while (pos < data.length) {
                int n = Math.min(data.length - pos, 1 + random.nextInt(40_000));
                out.write(data, pos, n);
                pos += n;
                if (random.nextInt(4) == 0) {
                    out.flush();
                }
            }
        }
        byte[] encoded = sink.toByteArray();
        assertArrayEquals(data, decompress(encoded, data.length));
        // Not only our own decoder: the library behind the codec, and the reference tool.
        InputStream ref = referenceDecoder(new ByteArrayInputStream(encoded));
        if (ref != null) {
            try (ref) {
                assertArrayEquals(data, ref.readAllBytes(), "reference decoder disagrees on the flushed stream");
            }
        }
        List<String> tool = referenceTool();
        if (tool != null && ReferenceTool.available(tool.get(0))) {
            try {
                assertArrayEquals(data, ReferenceTool.run(tool, encoded), String.join(" ", tool) + " disagrees");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }

    @Test
    public void flushEmitsEverythingWrittenSoFar() throws IOException {
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        OutputStream out = codec().compressingStream(sink);
        byte[] first = "first part of a streamed response\n".repeat(10).getBytes();
        out.write(first);
        out.flush();
        // A decoder reading only what was flushed must yield all of `first` without more input.
        InputStream in = codec().decompressingStream(new ByteArrayInputStream(sink.toByteArray()), 1 << 20);
        assertArrayEquals(first, in.readNBytes(first.length));
        out.write("second".getBytes());
        out.close();
    }

    @Test
    public void closeDoesNotCloseTheSink() throws IOException {
        boolean[] closed = {false};
        OutputStream sink = new ByteArrayOutputStream() {
            @Override
            public void close() {
                closed[0] = true;
            }
        };
        OutputStream out = codec().compressingStream(sink);
        out.write(new byte[100]);
        out.close();
        out.close();
        assertEquals(false, closed[0]);
    }

    @Test
    public void decoderLimitAtUnderAndOver() throws IOException {
        byte[] data = "0123456789".repeat(10_000).getBytes();
        byte[] compressed = compress(data);
        assertArrayEquals(data, decompress(compressed, data.length));
        assertArrayEquals(data, decompress(compressed, data.length + 1L));
        DecompressedSizeLimitException e = assertThrows(DecompressedSizeLimitException.class,
                () -> decompress(compressed, data.length - 1L));
        assertEquals(data.length - 1L, e.limit());
        assertEquals(codec().coding(), e.coding());
        assertThrows(DecompressedSizeLimitException.class, () -> decompress(compressed, 0));
    }

    @Test
    public void truncatedInputIsMalformed() throws IOException {
        byte[] data = "truncate me please ".repeat(5000).getBytes();
        byte[] compressed = compress(data);
        for (int cut : new int[] {1, 2, 5, compressed.length / 2, compressed.length - 1}) {
            byte[] truncated = Arrays.copyOf(compressed, cut);
            assertThrows(MalformedInputException.class, () -> decompress(truncated, 1 << 20), "cut at " + cut);
        }
    }

    @Test
    public void garbageIsMalformed() {
        byte[] garbage = "this is not compressed data at all, sorry".getBytes();
        assertThrows(MalformedInputException.class, () -> decompress(garbage, 1 << 20));
    }

    @Test
    public void corruptedInputNeverEscapesAsAnotherException() throws IOException {
        byte[] data = "{\"id\":1,\"name\":\"corrupt me\"}\n".repeat(3000).getBytes();
        byte[] compressed = compress(data);
        Random random = new Random(1);
        for (int i = 0; i < 300; i++) {
            byte[] bad = compressed.clone();
            for (int k = 0; k < 1 + random.nextInt(4); k++) {
                bad[random.nextInt(bad.length)] ^= (byte) (1 + random.nextInt(255));
            }
            try {
                decompress(bad, 1 << 20);
            } catch (MalformedInputException | DecompressedSizeLimitException expected) {
                // fine: detected
            }
        }
    }

    @Test
    public void badRangesAreRejected() {
        Codec c = codec();
        byte[] in = new byte[100];
        byte[] out = new byte[c.maxCompressedLength(100)];
        assertThrows(IndexOutOfBoundsException.class, () -> c.compress(in, -1, 10, out, 0));
        assertThrows(IndexOutOfBoundsException.class, () -> c.compress(in, 95, 10, out, 0));
        assertThrows(IndexOutOfBoundsException.class, () -> c.compress(in, 0, 100, out, 1));
        assertThrows(IndexOutOfBoundsException.class, () -> c.compress(in, 0, 100, new byte[10], 0));
        assertThrows(IllegalArgumentException.class, () -> c.maxCompressedLength(-1));
        assertThrows(RuntimeException.class, () -> c.compress(null, 0, 0, out, 0));
    }

    @Test
    public void compressesAtAnOffset() throws IOException {
        byte[] data = "offset payload ".repeat(1000).getBytes();
        byte[] framed = new byte[data.length + 20];
        System.arraycopy(data, 0, framed, 7, data.length);
        Codec c = codec();
        byte[] out = new byte[c.maxCompressedLength(data.length) + 11];
        int n = c.compress(framed, 7, data.length, out, 11);
        assertArrayEquals(data, decompress(Arrays.copyOfRange(out, 11, 11 + n), data.length));
    }
}
