package dev.restcompress.codec;

import java.util.ArrayList;
import java.util.List;

/**
 * The codecs whose libraries are optional dependencies: {@code zstd} (zstd-jni) and {@code br}
 * (brotli4j). Each library is probed once per process, on first use: its classes must be on the
 * class path and its native library must load. A missing library is a value ({@link LibraryStatus}),
 * logged once at INFO with the reason; its coding is then neither offered nor accepted, and nothing
 * else changes. Thread-safe.
 *
 * <p>The probes name library classes only as strings, and the codec classes that link against a
 * library are touched only after its probe succeeded, so this class loads without either library.
 */
public final class OptionalCodecs {
    private static final System.Logger LOG = System.getLogger(OptionalCodecs.class.getName());

    private OptionalCodecs() {
    }

    /** Lazy, once per process: the JVM runs each holder's initializer exactly once. */
    private static final class Zstd {
        static final LibraryStatus STATUS = logged(probeZstd());
    }

    private static final class Brotli {
        static final LibraryStatus STATUS = logged(probeBrotli());
    }

    /** Whether zstd-jni is usable here. */
    public static LibraryStatus zstd() {
        return Zstd.STATUS;
    }

    /** Whether brotli4j is usable here. */
    public static LibraryStatus brotli() {
        return Brotli.STATUS;
    }

    /** Whether {@code coding} is one this class provides when its library is present. */
    public static boolean isOptional(String coding) {
        return ZstdCodec.CODING.equals(coding) || BrotliCodec.CODING.equals(coding);
    }

    /**
     * The optional codecs available in this process, at the given levels: zstd, then br.
     *
     * @throws IllegalArgumentException if a level is out of its codec's range (checked only for
     *         codecs that are available)
     */
    public static List<Codec> available(int zstdLevel, int zstdStreamingLevel, int brLevel, int brStreamingLevel) {
        List<Codec> out = new ArrayList<>(2);
        if (zstd().available()) {
            out.add(new ZstdCodec(zstdLevel, zstdStreamingLevel));
        }
        if (brotli().available()) {
            out.add(new BrotliCodec(brLevel, brStreamingLevel));
        }
        return out;
    }

    private static LibraryStatus probeZstd() {
        ClassLoader loader = OptionalCodecs.class.getClassLoader();
        try {
            // Initializing Zstd loads its native library (zstd-jni's own loader).
            Class.forName("com.github.luben.zstd.Zstd", true, loader);
        } catch (ClassNotFoundException e) {
            return LibraryStatus.missing(ZstdCodec.CODING, "com.github.luben:zstd-jni is not on the class path");
        } catch (LinkageError e) {
            return LibraryStatus.missing(ZstdCodec.CODING, "zstd-jni's native library did not load: " + e);
        }
        return LibraryStatus.ok(ZstdCodec.CODING);
    }

    private static LibraryStatus probeBrotli() {
        try {
            Class.forName("com.aayushatharva.brotli4j.Brotli4jLoader", false, OptionalCodecs.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            return LibraryStatus.missing(BrotliCodec.CODING,
                    "com.aayushatharva.brotli4j:brotli4j is not on the class path");
        }
        Throwable cause;
        try {
            cause = BrotliProbe.unavailabilityCause();
        } catch (LinkageError e) {
            cause = e;
        }
        if (cause != null) {
            return LibraryStatus.missing(BrotliCodec.CODING, "brotli4j's native library did not load"
                    + " (add com.aayushatharva.brotli4j:native-<platform>): " + cause);
        }
        return LibraryStatus.ok(BrotliCodec.CODING);
    }

    private static LibraryStatus logged(LibraryStatus status) {
        if (!status.available()) {
            // INFO, not WARNING: leaving out an optional library is a legitimate deployment choice.
            LOG.log(System.Logger.Level.INFO, "rest-compress: coding ''{0}'' not available: {1}",
                    status.coding(), status.reason());
        }
        return status;
    }
}
