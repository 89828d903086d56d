package dev.restcompress.decoding;

import com.aayushatharva.brotli4j.Brotli4jLoader;
import com.aayushatharva.brotli4j.encoder.Encoder;
import com.github.luben.zstd.ZstdOutputStreamNoFinalizer;
import dev.restcompress.codec.Codec;
import dev.restcompress.codec.CodecRegistry;
import dev.restcompress.config.CompressionSettings;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Measures the native memory that live streaming request decoders hold, as many slow uploads would
 * make a server keep open: for each coding, opens {@code count} decoders through the server's own
 * codecs ({@code Codec.decompressingStream}, as a streamed request body is decoded) on a stream that
 * declares the largest window the server accepts (zstd 8 MiB, br 16 MiB), reads {@code decoded}
 * bytes out of each (how far the upload got: the window fills as it is written), keeps them all open,
 * and prints the growth of this process's resident set, then closes them and prints it again.
 *
 * <p>Run with a fixed, pre-touched heap, so the resident set moves with native memory only:
 * <pre>{@code
 * java -Xms256m -Xmx256m -XX:+AlwaysPreTouch -cp <test class path> \
 *     dev.restcompress.decoding.LiveDecoderMemoryMain <count> <decoded bytes per decoder> [codings...]
 * }</pre>
 * Output lines: {@code coding=zstd decoders=64 decoded-per-decoder=65536 rss-growth-kib=... per-decoder-kib=...
 * after-close-kib=...}. A measurement, not a test: the figures go into SECURITY.md.
 */
public final class LiveDecoderMemoryMain {
    /** What an attacker sends cheaply that still fills a window: text that compresses well. */
    private static final int PLAIN_SIZE = 10 * 1024 * 1024 - 1;

    private LiveDecoderMemoryMain() {
    }

    public static void main(String[] args) throws Exception {
        int count = Integer.parseInt(args[0]);
        int decoded = Integer.parseInt(args[1]);
        List<String> codings = args.length > 2 ? List.of(args).subList(2, args.length) : List.of("zstd", "br");
        CodecRegistry registry = CompressionSettings.from(Map.<String, Object>of()::get).createRegistry();
        byte[] plain = text(PLAIN_SIZE);
        for (String coding : codings) {
            Codec codec = registry.forCoding(coding);
            byte[] body = largeWindow(coding, plain);
            // Warm up: one decoder opened, filled and closed, so code, pools and malloc arenas exist.
            holdOne(codec, body, decoded).close();
            System.gc();
            Thread.sleep(200);
            long before = rssKiB();
            List<InputStream> live = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                live.add(holdOne(codec, body, decoded));
            }
            long held = rssKiB();
            for (InputStream in : live) {
                in.close();
            }
            live.clear();
            Thread.sleep(200);
            long after = rssKiB();
            System.out.printf(Locale.ROOT, "coding=%s decoders=%d decoded-per-decoder=%d body-bytes=%d rss-growth-kib=%d"
                    + " per-decoder-kib=%d after-close-kib=%d%n", coding, count, decoded, body.length, held - before,
                    (held - before) / count, after - before);
        }
    }

    /** A decoder of {@code body} that has handed out {@code decoded} bytes and is left open mid-stream. */
    private static InputStream holdOne(Codec codec, byte[] body, int decoded) throws IOException {
        InputStream in = codec.decompressingStream(new ByteArrayInputStream(body), PLAIN_SIZE + 1L);
        byte[] sink = new byte[64 * 1024];
        int left = decoded;
        while (left > 0) {
            int n = in.read(sink, 0, Math.min(left, sink.length));
            if (n < 0) {
                throw new IllegalStateException("stream ended " + left + " bytes early");
            }
            left -= n;
        }
        return in;
    }

    /** {@code plain} in a stream that declares the largest window the server's decoder accepts. */
    private static byte[] largeWindow(String coding, byte[] plain) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        switch (coding) {
            case "zstd" -> {
                // No pledged size: the frame declares its window (2^23, the most RFC 9659 lets a server accept).
                try (ZstdOutputStreamNoFinalizer z = new ZstdOutputStreamNoFinalizer(out)) {
                    z.setLevel(1);
                    z.setWindowLog(23);
                    z.write(plain);
                }
            }
            case "br" -> {
                Brotli4jLoader.ensureAvailability();
                out.write(Encoder.compress(plain, new Encoder.Parameters().setQuality(5).setWindow(24)));
            }
            default -> throw new IllegalArgumentException("zstd or br, not " + coding);
        }
        return out.toByteArray();
    }

    /** Seeded words: compresses well, as cheap to send as a bomb, and fills the window as it decodes. */
    private static byte[] text(int size) {
        String[] words = {"order", "customer", "status", "shipped", "pending", "amount", "currency", "item",
            "quantity", "price", "street", "city", "zip", "true", "false", "null", "id", "name", "created"};
        java.util.Random r = new java.util.Random(7);
        StringBuilder sb = new StringBuilder(size + 16);
        while (sb.length() < size) {
            sb.append(words[r.nextInt(words.length)]).append(r.nextInt(1000)).append(' ');
        }
        return sb.substring(0, size).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    }

    private static long rssKiB() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", ""));
            }
        }
        throw new IllegalStateException("no VmRSS");
    }
}
