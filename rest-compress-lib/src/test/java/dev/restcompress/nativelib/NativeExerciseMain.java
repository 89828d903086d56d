package dev.restcompress.nativelib;

import java.util.Arrays;

/**
 * Run in a child JVM under {@code -Xcheck:jni} by {@link ForkedJvmTest}, once per shim variant
 * (bundled, system): drives every JNI entry point along its success and rejection paths, so the JVM
 * checks each JNI call the shim makes.
 * Prints {@code exercise ok} at the end; any failure exits non-zero.
 */
public final class NativeExerciseMain {
    private NativeExerciseMain() {
    }

    public static void main(String[] args) {
        LibdeflateLoader loader = LibdeflateLoader.system(); // loads the shim the settings ask for
        if (LibdeflateLoader.SYSTEM.equals(LibdeflateLoader.sourceSetting())) {
            // The system variant's dlopen paths, which need no libdeflate on the machine.
            check(LibdeflateNative.openLibrary("librestcompress-missing.so.0").contains("librestcompress-missing.so.0"),
                    "missing");
            check(LibdeflateNative.openLibrary(null) != null, "null name");
            check(LibdeflateNative.openLibrary("/nonexistent/libdeflate.so.0").contains("dlopen"), "nonexistent");
            check(LibdeflateNative.openLibrary("libc.so.6").contains("symbol libdeflate_"), "not libdeflate");
            if (!loader.isAvailable()) {
                check(LibdeflateNative.libraryDescription() == null, "nothing bound");
                System.out.println("exercise ok (no system libdeflate here: " + loader.reason() + ")");
                return;
            }
            check(LibdeflateNative.libraryDescription().startsWith("system /"), "system description");
        } else {
            check("1.23 bundled".equals(LibdeflateNative.libraryDescription()), "bundled description");
        }
        loader.verify();
        byte[] body = "exercise the shim under -Xcheck:jni ".repeat(2000).getBytes();
        for (int level = 1; level <= 12; level++) {
            try (LibdeflateCompressor c = LibdeflateCompressor.open(level);
                 LibdeflateDecompressor d = LibdeflateDecompressor.open()) {
                byte[] gz = new byte[(int) c.gzipCompressBound(body.length)];
                int n = c.gzipCompress(body, 0, body.length, gz, 0, gz.length);
                byte[] back = new byte[body.length];
                GzipMemberResult r = d.decompressMember(gz, 0, n, back, 0, back.length);
                check(r.status() == GzipMemberResult.Status.OK && Arrays.equals(body, back), "round trip " + level);
                check(d.decompressMember(gz, 0, n, back, 0, 10).status()
                        == GzipMemberResult.Status.INSUFFICIENT_SPACE, "short output");
                check(d.decompressMember(body, 0, 100, back, 0, 100).status()
                        == GzipMemberResult.Status.BAD_DATA, "bad data");
                check(c.gzipCompress(body, 0, body.length, gz, 0, 5) == 0, "too small");
            }
        }
        long c = LibdeflateNative.allocCompressor(3);
        long d = LibdeflateNative.allocDecompressor();
        byte[] a = new byte[64];
        check(LibdeflateNative.gzipCompress(c, null, 0, 0, a, 0, 1) == NativeResults.NULL_ARGUMENT, "null");
        check(LibdeflateNative.gzipCompress(c, a, -1, 1, a, 10, 1) == NativeResults.BAD_RANGE, "range");
        check(LibdeflateNative.gzipCompress(c, a, 0, 10, a, 5, 10) == NativeResults.OVERLAP, "overlap");
        check(LibdeflateNative.gzipDecompress(d, a, 0, 10, null, 0, 0) == NativeResults.NULL_ARGUMENT, "null");
        check(LibdeflateNative.gzipDecompress(d, a, Integer.MAX_VALUE, 1, a, 0, 1) == NativeResults.BAD_RANGE, "range");
        check(LibdeflateNative.gzipDecompress(c, a, 0, 1, a, 10, 1) == NativeResults.BAD_HANDLE, "handle");
        check(LibdeflateNative.gzipCompressBound(c, -1) == NativeResults.BAD_RANGE, "bound");
        check(LibdeflateNative.allocCompressor(13) == NativeResults.BAD_LEVEL, "level");
        check(LibdeflateNative.freeCompressor(c) == NativeResults.OK, "free");
        check(LibdeflateNative.freeDecompressor(d) == NativeResults.OK, "free");
        System.out.println("exercise ok");
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            System.out.println("exercise FAILED: " + what);
            System.exit(3);
        }
    }
}
