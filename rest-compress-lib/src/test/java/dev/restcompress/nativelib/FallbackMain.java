package dev.restcompress.nativelib;

import dev.restcompress.codec.Codec;
import dev.restcompress.codec.CodecRegistry;
import dev.restcompress.codec.CodingProviders;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.GZIPInputStream;

/**
 * Run in a child JVM by {@link ForkedJvmTest}: builds the standard registry (twice, to prove the
 * loader logs once), reports its gzip engine, round-trips a body, and says whether any native
 * library of ours was mapped into the process.
 */
public final class FallbackMain {
    private FallbackMain() {
    }

    public static void main(String[] args) throws Exception {
        CodecRegistry registry = CodecRegistry.defaults();
        // "gzip (libdeflate 1.23 bundled)", "gzip (libdeflate system /usr/lib/...)" or "gzip (JDK)"
        String description = CodingProviders.get("gzip").description();
        String engine = description.substring(description.indexOf('(') + 1, description.length() - 1);
        System.out.println("engine=" + engine.split(" ")[0]);
        System.out.println("description=" + engine);
        Codec gzip = registry.forCoding("gzip");
        byte[] body = "{\"id\":1,\"name\":\"fallback\"}\n".repeat(500).getBytes(StandardCharsets.UTF_8);
        byte[] out = new byte[gzip.maxCompressedLength(body.length)];
        int n = gzip.compress(body, 0, body.length, out, 0);
        byte[] back;
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(out, 0, n))) {
            back = in.readAllBytes();
        }
        System.out.println("roundtrip=" + (Arrays.equals(body, back) ? "ok" : "MISMATCH"));
        String maps = Files.readString(Path.of("/proc/self/maps"));
        System.out.println("shim-mapped=" + maps.contains("restcompress_libdeflate"));
        // A system libdeflate (libdeflate.so.0 or any other file of that name) mapped into this process?
        System.out.println("libdeflate-mapped=" + maps.contains("/libdeflate.so"));
    }
}
