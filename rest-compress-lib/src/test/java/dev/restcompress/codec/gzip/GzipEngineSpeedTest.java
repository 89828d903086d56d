package dev.restcompress.codec.gzip;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.nativelib.LibdeflateLoader;
import dev.restcompress.testing.TestFiles;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;

/**
 * The figure behind {@code @FastGzip}, measured in whatever JVM runs this (the build runs it on
 * Linux and in the Windows JVM under wine): the one-shot gzip level 6 of libdeflate against
 * {@code java.util.zip}'s, over every testdata file, in the same JVM, both checked byte-exact through
 * {@link GZIPInputStream}. Prints one line with the times, sizes and their ratio; asserts the outputs
 * and that libdeflate's level 6 is no larger than zlib's (by more than 1%), not the speed, which a
 * shared or emulated machine cannot promise.
 */
class GzipEngineSpeedTest {
    private static final int WARM_UP_PASSES = 2;
    private static final int TIMED_PASSES = 5;

    @Test
    void libdeflateAgainstJavaUtilZipAtLevel6() throws IOException {
        LibdeflateLoader.system().verify();
        List<byte[]> files = new ArrayList<>();
        TestFiles.testdata().forEach(p -> files.add(TestFiles.read(p)));
        Codec ld = new Codec(new LibdeflateGzipCodec(6, 1));
        Codec jdk = new Codec(new JdkGzipCodec(6, 1));
        for (int i = 0; i < WARM_UP_PASSES; i++) {
            ld.pass(files);
            jdk.pass(files);
        }
        ld.reset();
        jdk.reset();
        // Interleaved, so a slow moment of the machine hits both alike.
        for (int i = 0; i < TIMED_PASSES; i++) {
            ld.pass(files);
            jdk.pass(files);
        }
        long raw = files.stream().mapToLong(f -> f.length).sum() * TIMED_PASSES;
        System.out.printf("gzip-6 on testdata (%d files, %d bytes) in %s %s: libdeflate %.1f ms %d bytes,"
                        + " java.util.zip %.1f ms %d bytes; java.util.zip/libdeflate time %.2fx%n",
                files.size(), raw / TIMED_PASSES, System.getProperty("os.name"), System.getProperty("os.arch"),
                ld.nanos / 1e6 / TIMED_PASSES, ld.bytes / TIMED_PASSES,
                jdk.nanos / 1e6 / TIMED_PASSES, jdk.bytes / TIMED_PASSES, (double) jdk.nanos / ld.nanos);
        assertTrue(ld.bytes <= jdk.bytes * 1.01, "libdeflate " + ld.bytes + " bytes vs zlib " + jdk.bytes);
    }

    /** One engine's totals over the timed passes. */
    private static final class Codec {
        private final dev.restcompress.codec.Codec codec;
        long nanos;
        long bytes;

        Codec(dev.restcompress.codec.Codec codec) {
            this.codec = codec;
        }

        void reset() {
            nanos = 0;
            bytes = 0;
        }

        void pass(List<byte[]> files) throws IOException {
            for (byte[] data : files) {
                byte[] out = new byte[codec.maxCompressedLength(data.length)];
                long t0 = System.nanoTime();
                int n = codec.compress(data, 0, data.length, out, 0);
                nanos += System.nanoTime() - t0;
                bytes += n;
                try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(Arrays.copyOf(out, n)))) {
                    assertArrayEquals(data, in.readAllBytes(), codec.toString());
                }
            }
        }
    }
}
