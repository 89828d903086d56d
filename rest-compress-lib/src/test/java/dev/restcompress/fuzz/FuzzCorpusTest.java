package dev.restcompress.fuzz;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.restcompress.codec.Codec;
import dev.restcompress.codec.CodecRegistry;
import dev.restcompress.codec.DecompressionException;
import dev.restcompress.codec.CodingProviders;
import dev.restcompress.config.CompressionSettings;
import dev.restcompress.testing.TestFiles;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The decoder seed corpora (written by {@code scripts/fuzz-seeds.sh} from the reference tools' output)
 * replay in {@link DecoderFuzzTest}, where any clean outcome passes. This test holds each seed to what
 * it is: {@code ok.*} must decode to exactly the testdata file its name ends with ({@code twice.*}: that
 * file twice), {@code empty.*} (a valid stream of an empty payload) to nothing, {@code trunc.*} must be
 * rejected, {@code flip.*} must be rejected or, for codings without a checksum (br, lzf), at least never
 * decode to the original. It also fails when a corpus is missing or holds fewer than
 * {@value #MIN_SEEDS} seeds.
 */
class FuzzCorpusTest {
    private static final long LIMIT = 1 << 20;
    /** Fewer seeds than this leave the fuzzer to find the formats' basic shapes by itself. */
    static final int MIN_SEEDS = 10;
    private static final CodecRegistry REGISTRY = CompressionSettings.fromSystemProperties().createRegistry();
    private static final Path CORPUS = TestFiles.root()
            .resolve("rest-compress-lib/src/test/resources/dev/restcompress/fuzz/DecoderFuzzTestInputs");

    @ParameterizedTest
    @CsvSource({"lzf, lzf, false", "gzipStreaming, gzip, true", "gzipNativeOneShot, gzip, true",
        "zstd, zstd, true", "brotli, br, false"})
    void seedsDecodeAsTheirNamesSay(String target, String coding, boolean checksummed) throws IOException {
        Codec codec = REGISTRY.forCoding(coding);
        assumeTrue(codec != null, coding + " is not available here");
        boolean oneShot = target.equals("gzipNativeOneShot");
        assumeTrue(!oneShot || CodingProviders.get("gzip").description().contains("libdeflate"), "libdeflate not loaded");
        List<Path> seeds;
        try (Stream<Path> s = Files.list(CORPUS.resolve(target))) {
            seeds = s.sorted().toList();
        }
        int ok = 0;
        int damaged = 0;
        for (Path seed : seeds) {
            String name = seed.getFileName().toString();
            String kind = name.substring(0, name.indexOf('.') < 0 ? 0 : name.indexOf('.'));
            if (!List.of("ok", "twice", "empty", "trunc", "flip").contains(kind)) {
                continue; // hand-made seeds: only DecoderFuzzTest's contract applies
            }
            byte[] input = Files.readAllBytes(seed);
            if (kind.equals("empty")) {
                assertEquals(0, decode(codec, oneShot, input).length, name);
                continue;
            }
            byte[] original = original(name);
            switch (kind) {
                case "ok" -> {
                    assertArrayEquals(original, decode(codec, oneShot, input), name);
                    ok++;
                }
                case "twice" -> {
                    byte[] two = Arrays.copyOf(original, 2 * original.length);
                    System.arraycopy(original, 0, two, original.length, original.length);
                    assertArrayEquals(two, decode(codec, oneShot, input), name);
                }
                case "trunc" -> {
                    assertThrows(DecompressionException.class, () -> decode(codec, oneShot, input), name);
                    damaged++;
                }
                default -> {
                    if (checksummed) {
                        assertThrows(DecompressionException.class, () -> decode(codec, oneShot, input), name);
                    } else {
                        try {
                            assertFalse(Arrays.equals(original, decode(codec, oneShot, input)),
                                    name + " decoded to the original despite a flipped bit");
                        } catch (DecompressionException rejected) {
                            // the usual outcome
                        }
                    }
                    damaged++;
                }
            }
        }
        assertTrue(ok >= 2, ok + " reference-tool seeds in " + target + " (run scripts/fuzz-seeds.sh)");
        assertTrue(seeds.size() >= MIN_SEEDS, target + " holds " + seeds.size() + " seeds, fewer than " + MIN_SEEDS);
        assertEquals(4, damaged, "truncated and bit-flipped seeds in " + target);
        assertTrue(seeds.stream().allMatch(p -> p.toFile().length() < 4096), "seeds stay small");
    }

    /** The testdata file a seed was made from: its name minus the two leading tags. */
    private static byte[] original(String seedName) {
        String[] parts = seedName.split("\\.", 3);
        String rest = parts.length < 3 ? "" : parts[2];
        if (seedName.startsWith("trunc.") || seedName.startsWith("flip.")) {
            rest = rest.substring(rest.indexOf('.') + 1); // trunc.half.<tool>.<file>
        }
        return TestFiles.read(TestFiles.root().resolve("testdata").resolve(rest));
    }

    private static byte[] decode(Codec codec, boolean oneShot, byte[] input) throws IOException {
        if (oneShot) {
            byte[] out = new byte[(int) LIMIT];
            return java.util.Arrays.copyOf(out, codec.decompress(input, 0, input.length, out, 0, out.length));
        }
        try (InputStream in = codec.decompressingStream(new ByteArrayInputStream(input), LIMIT)) {
            return in.readAllBytes();
        }
    }
}
