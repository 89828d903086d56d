package dev.restcompress.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.restcompress.codec.Codec;
import dev.restcompress.codec.CodecRegistry;
import dev.restcompress.config.CompressionSettings;
import dev.restcompress.codec.DecompressionException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import org.junit.jupiter.api.condition.EnabledIf;

/**
 * Fuzzes every decoder with arbitrary bytes. The only acceptable outcomes are a decoded body within
 * the limit or a {@link DecompressionException}; anything else (another exception, a hang, a crash of
 * the JVM through the native shim) is a finding.
 *
 * <p>By default (JUnit regression mode) each method runs its committed corpus in
 * {@code src/test/resources/dev/restcompress/fuzz/DecoderFuzzTestInputs/<method>/}; with
 * {@code JAZZER_FUZZ=1} (the {@code fuzz} Maven profile) Jazzer mutates inputs for as long as
 * {@code maxDuration} allows.
 */
class DecoderFuzzTest {
    private static final long LIMIT = 1 << 20;
    private static final CodecRegistry REGISTRY = CompressionSettings.fromSystemProperties().createRegistry();

    @FuzzTest(maxDuration = "60s")
    void lzf(byte[] input) throws IOException {
        decodeStreaming("lzf", input);
    }

    @FuzzTest(maxDuration = "60s")
    void gzipStreaming(byte[] input) throws IOException {
        decodeStreaming("gzip", input);
    }

    /** Skipped, and reported so, when zstd-jni is missing (not passed with nothing decoded). */
    @FuzzTest(maxDuration = "60s")
    @EnabledIf(value = "zstdPresent", disabledReason = "zstd-jni is not on the class path")
    void zstd(byte[] input) throws IOException {
        decodeStreaming("zstd", input);
    }

    /** Skipped, and reported so, when brotli4j is missing. */
    @FuzzTest(maxDuration = "60s")
    @EnabledIf(value = "brotliPresent", disabledReason = "brotli4j (or its native library) is not on the class path")
    void brotli(byte[] input) throws IOException {
        decodeStreaming("br", input);
    }

    static boolean zstdPresent() {
        return REGISTRY.forCoding("zstd") != null;
    }

    static boolean brotliPresent() {
        return REGISTRY.forCoding("br") != null;
    }

    @FuzzTest(maxDuration = "60s")
    void gzipNativeOneShot(byte[] input) {
        Codec gzip = REGISTRY.forCoding("gzip");
        {
            try {
                byte[] out = new byte[(int) LIMIT + 16];
                int n = gzip.decompress(input, 0, input.length, out, 0, (int) LIMIT);
                if (n > LIMIT || out[(int) LIMIT] != 0) {
                    throw new AssertionError("limit exceeded: " + n);
                }
            } catch (DecompressionException expected) {
                // rejected cleanly
            }
        }
    }

    /** Decodes through the same bounded stream that request bodies use. */
    static void decodeStreaming(String coding, byte[] input) throws IOException {
        Codec codec = REGISTRY.forCoding(coding);
        byte[] buf = new byte[8192];
        long total = 0;
        try (InputStream in = codec.decompressingStream(new ByteArrayInputStream(input), LIMIT)) {
            for (int n; (n = in.read(buf)) >= 0; ) {
                total += n;
                if (total > LIMIT) {
                    throw new AssertionError("limit exceeded: " + total);
                }
            }
        } catch (DecompressionException expected) {
            // rejected cleanly
        }
    }
}
