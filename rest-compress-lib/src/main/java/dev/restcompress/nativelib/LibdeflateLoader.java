package dev.restcompress.nativelib;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Loads the JNI shim bundled in the jar, keeping the outcome as a value: {@link #isAvailable()} and,
 * when not, {@link #reason()}. Nothing here throws from static initialisation; a platform without a
 * shim simply runs the {@code java.util.zip} engine.
 *
 * <p>The system property {@value #SOURCE_PROPERTY} chooses which libdeflate runs, once per class
 * loader:
 * <ul>
 *   <li>{@value #BUNDLED} (default): the shim {@code native/<os>-<arch>/librestcompress_libdeflate.so}
 *       ({@code restcompress_libdeflate.dll} on Windows) has libdeflate (the version in
 *       {@link #library()}) compiled in and needs nothing but the C runtime;</li>
 *   <li>On macOS the bundled shim ({@code librestcompress_libdeflate.dylib}) has been built and checked
 *       but never run on a Mac: it loads only when {@value #SOURCE_PROPERTY}={@value #BUNDLED} is set
 *       explicitly ({@link #notRunYet});</li>
 *   <li>{@value #SYSTEM} (Linux only): the shim {@code librestcompress_libdeflate_system.so} {@code dlopen}s the
 *       system's libdeflate, {@value #DEFAULT_LIBRARY_NAME} unless {@value #LIBRARY_NAME_PROPERTY}
 *       names another (tests name a missing one to prove the fallback).</li>
 * </ul>
 * The shim is copied out of the jar to a fresh temporary file and {@link System#load loaded} (a
 * fresh file per class loader, because one path cannot be loaded by two class loaders, e.g. two
 * web applications).
 *
 * <p>{@link #system()} is the process-wide loader: it reads the properties once and logs exactly one
 * line (WARNING, through {@link System.Logger}) when it cannot load, saying why (naming the platform
 * when the jar has no shim for it). {@link #load(String)} makes a fresh attempt with another system
 * library name and logs nothing. Instances are immutable and thread-safe.
 */
public final class LibdeflateLoader {
    /** System property choosing the libdeflate: {@value #BUNDLED} (default) or {@value #SYSTEM}. */
    public static final String SOURCE_PROPERTY = "rest-compress.native.libdeflate";
    /** {@value #SOURCE_PROPERTY} value: the libdeflate compiled into the shim. */
    public static final String BUNDLED = "bundled";
    /** {@value #SOURCE_PROPERTY} value: the system's libdeflate shared library. */
    public static final String SYSTEM = "system";
    /** System property naming the system libdeflate to {@code dlopen} (with {@value #SYSTEM} only). */
    public static final String LIBRARY_NAME_PROPERTY = "rest-compress.native.library-name";
    /** The soname of libdeflate 1.x on Linux (Debian/Ubuntu package {@code libdeflate0}). */
    public static final String DEFAULT_LIBRARY_NAME = "libdeflate.so.0";

    /** Where the jar has a shim, for the WARNING on any other platform. */
    static final String SHIPPED_PLATFORMS = "linux-x86_64 and linux-aarch64 (glibc and musl), windows-x86_64,"
            + " macos-x86_64 and macos-aarch64 (on request)";
    static final String BUNDLED_SHIM = "restcompress_libdeflate";
    static final String SYSTEM_SHIM = "restcompress_libdeflate_system";
    private static final System.Logger LOG = System.getLogger(LibdeflateLoader.class.getName());

    private final String library;
    private final String failure;

    private LibdeflateLoader(String library, String failure) {
        this.library = library;
        this.failure = failure;
    }

    /** The process-wide loader, created on first use from {@value #SOURCE_PROPERTY}. */
    public static LibdeflateLoader system() {
        return SystemHolder.INSTANCE;
    }

    /**
     * A fresh attempt to bind the system libdeflate under {@code libdeflateName}. Never throws for a
     * missing or broken library: the outcome is in the result. Only a class loader running the system
     * variant ({@value #SOURCE_PROPERTY}={@value #SYSTEM}) can bind one; with the bundled libdeflate
     * the result says so. Does not log.
     *
     * @throws NullPointerException if {@code libdeflateName} is null
     */
    public static LibdeflateLoader load(String libdeflateName) {
        Objects.requireNonNull(libdeflateName, "libdeflateName");
        String shimFailure = ShimHolder.FAILURE;
        if (shimFailure != null) {
            return new LibdeflateLoader(libdeflateName, shimFailure);
        }
        if (!SYSTEM.equals(ShimHolder.SOURCE)) {
            return new LibdeflateLoader(libdeflateName, "cannot bind " + libdeflateName + ": this process runs the"
                    + " bundled libdeflate (" + SOURCE_PROPERTY + "=" + SYSTEM + " selects a system library)");
        }
        try {
            String why = LibdeflateNative.openLibrary(libdeflateName);
            return why != null ? new LibdeflateLoader(libdeflateName, why)
                    : new LibdeflateLoader(LibdeflateNative.libraryDescription(), null);
        } catch (LinkageError | RuntimeException e) {
            return new LibdeflateLoader(libdeflateName, "binding " + libdeflateName + " failed: " + e);
        }
    }

    /** The bundled libdeflate, once the bundled shim is loaded. */
    private static LibdeflateLoader bundled() {
        String shimFailure = ShimHolder.FAILURE;
        if (shimFailure != null) {
            return new LibdeflateLoader(BUNDLED, shimFailure);
        }
        try {
            return new LibdeflateLoader(LibdeflateNative.libraryDescription(), null);
        } catch (LinkageError | RuntimeException e) {
            return new LibdeflateLoader(BUNDLED, "the native shim does not answer: " + e);
        }
    }

    /** Whether native libdeflate can be used. */
    public boolean isAvailable() {
        return failure == null;
    }

    /** {@code "loaded"} when available, otherwise why not (missing library, platform, ...). */
    public String reason() {
        return failure == null ? "loaded" : failure;
    }

    /**
     * The libdeflate in use, for the start-up line: {@code "1.23 bundled"} or
     * {@code "system /usr/lib/x86_64-linux-gnu/libdeflate.so.0"}; when not available, what was tried.
     */
    public String library() {
        return library;
    }

    /** Throws unless available; for code that must not run without the native library. */
    public void verify() {
        if (failure != null) {
            throw new IllegalStateException("native libdeflate is not available: " + failure);
        }
    }

    /** The resource folder for this machine, e.g. {@code linux-x86_64}, {@code linux-aarch64-musl}. */
    static String platform() {
        String os = System.getProperty("os.name", "unknown");
        String base = platform(os, System.getProperty("os.arch", "unknown"));
        return base.startsWith("linux-") && isMusl(procSelfMaps()) ? base + "-musl" : base;
    }

    /**
     * Whether this process runs on musl rather than glibc, from its memory map: musl's C library is
     * its dynamic loader, mapped as {@code ld-musl-<arch>.so.1} (Alpine: /lib/ld-musl-x86_64.so.1);
     * glibc maps {@code libc.so.6}. The map is what the JVM really runs on, where files on disk are
     * not (a glibc machine may have musl installed, a musl container may carry glibc compat
     * libraries). Without a musl loader in the map (or without a map) the answer is glibc.
     */
    static boolean isMusl(List<String> mapsLines) {
        boolean musl = false;
        for (String line : mapsLines) {
            int slash = line.lastIndexOf('/');
            if (slash < 0) {
                continue;
            }
            String file = line.substring(slash + 1).trim();
            if (file.startsWith("libc.so.6") || file.matches("libc-2\\.\\d+\\.so")) {
                return false; // glibc is loaded: its shim, whatever else is mapped
            }
            if (file.startsWith("ld-musl-") || file.startsWith("libc.musl-")) {
                musl = true;
            }
        }
        return musl;
    }

    private static List<String> procSelfMaps() {
        try {
            return Files.readAllLines(Path.of("/proc/self/maps"), StandardCharsets.ISO_8859_1);
        } catch (IOException | RuntimeException e) {
            return List.of(); // no /proc: assume glibc, as before musl shims existed
        }
    }

    /** The resource folder for an {@code os.name} and {@code os.arch}, e.g. {@code windows-x86_64}. */
    static String platform(String osName, String osArch) {
        String os = osName.toLowerCase(Locale.ROOT);
        String arch = osArch.toLowerCase(Locale.ROOT);
        String osDir = os.startsWith("linux") ? "linux"
                : os.startsWith("mac") || os.startsWith("darwin") ? "macos"
                : os.startsWith("windows") ? "windows"
                : os.replaceAll("[^a-z0-9]", "");
        String archDir = switch (arch) {
            case "amd64", "x86_64", "x86-64" -> "x86_64";
            case "aarch64", "arm64" -> "aarch64";
            default -> arch.replaceAll("[^a-z0-9_]", "");
        };
        return osDir + "-" + archDir;
    }

    /**
     * Why the shim for {@code platform} is not loaded by default, or {@code null}: the macOS shims are
     * built and checked by the build (architecture, minimum macOS, libSystem only, Java_* exports only)
     * but have never run on a Mac, and a broken native library crashes the JVM instead of falling back.
     * Until they have, they load only when {@value #SOURCE_PROPERTY}={@value #BUNDLED} is set
     * explicitly ({@code explicitSource}: the property as given, null when unset).
     */
    static String notRunYet(String platform, String explicitSource) {
        if (!platform.startsWith("macos-") || (explicitSource != null && !explicitSource.isBlank())) {
            return null;
        }
        return "the " + platform + " shim in the jar is built and checked but has not yet run on a Mac, so it"
                + " loads only when asked for: -D" + SOURCE_PROPERTY + "=" + BUNDLED;
    }

    /** The value of {@value #SOURCE_PROPERTY}, normalised; anything unknown is returned as given. */
    static String sourceSetting() {
        String v = System.getProperty(SOURCE_PROPERTY, BUNDLED).trim().toLowerCase(Locale.ROOT);
        return v.isEmpty() ? BUNDLED : v;
    }

    /** Extracts and loads the shim for {@code source}; returns {@code null} on success, else why not. */
    private static String loadShim(String source) {
        if (!BUNDLED.equals(source) && !SYSTEM.equals(source)) {
            return SOURCE_PROPERTY + " must be " + BUNDLED + " or " + SYSTEM + ", was '"
                    + System.getProperty(SOURCE_PROPERTY) + "'";
        }
        String notYet = notRunYet(platform(), System.getProperty(SOURCE_PROPERTY));
        if (notYet != null) {
            return notYet;
        }
        String shim = BUNDLED.equals(source) ? BUNDLED_SHIM : SYSTEM_SHIM;
        String fileName = System.mapLibraryName(shim); // lib<name>.so, <name>.dll, lib<name>.dylib
        String resource = "/native/" + platform() + "/" + fileName;
        try (InputStream in = LibdeflateLoader.class.getResourceAsStream(resource)) {
            if (in == null) {
                return "no native shim for platform " + platform() + " in the jar (" + resource
                        + "; native gzip ships for " + SHIPPED_PLATFORMS + ")";
            }
            // The real suffix: Windows' LoadLibrary treats a file by its name.
            Path tmp = Files.createTempFile(shim + "-", fileName.substring(fileName.lastIndexOf('.')));
            try {
                Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
                System.load(tmp.toAbsolutePath().toString());
            } finally {
                // Once mapped, the file is no longer needed on Linux/macOS; delete it so temp files
                // do not pile up. Where a loaded file cannot be deleted (Windows), leave it to
                // deleteOnExit.
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException e) {
                    tmp.toFile().deleteOnExit();
                }
            }
            return null;
        } catch (IllegalCallerException e) {
            // JDK 24+ with --illegal-native-access=deny (a future JDK's default).
            return "loading the native shim " + resource + " was refused: " + e.getMessage()
                    + " (start the JVM with --enable-native-access=ALL-UNNAMED)";
        } catch (IOException | LinkageError | RuntimeException e) {
            String hint = e instanceof UnsatisfiedLinkError && platform().startsWith("linux")
                    ? " (the shims need glibc 2.17 or newer)" : "";
            return "loading the native shim " + resource + " failed on platform " + platform() + hint + ": " + e;
        }
    }

    @Override
    public String toString() {
        return "LibdeflateLoader[" + library + ": " + reason() + "]";
    }

    /** Loads the shim once per class loader; the outcome is a value, never an exception. */
    private static final class ShimHolder {
        static final String SOURCE = sourceSetting();
        static final String FAILURE = loadShim(SOURCE);
    }

    /** The process-wide loader; logs once when libdeflate cannot be used. */
    private static final class SystemHolder {
        static final LibdeflateLoader INSTANCE = create();

        private static LibdeflateLoader create() {
            LibdeflateLoader loader;
            if (SYSTEM.equals(ShimHolder.SOURCE)) {
                String name = System.getProperty(LIBRARY_NAME_PROPERTY, DEFAULT_LIBRARY_NAME).trim();
                loader = load(name.isEmpty() ? DEFAULT_LIBRARY_NAME : name);
            } else {
                loader = bundled();
                if (System.getProperty(LIBRARY_NAME_PROPERTY) != null) {
                    LOG.log(System.Logger.Level.WARNING, "rest-compress: {0} is ignored: the bundled libdeflate"
                            + " runs unless {1}={2}", LIBRARY_NAME_PROPERTY, SOURCE_PROPERTY, SYSTEM);
                }
            }
            if (!loader.isAvailable()) {
                LOG.log(System.Logger.Level.WARNING,
                        "rest-compress: native libdeflate gzip unavailable, using java.util.zip: {0}",
                        loader.reason());
            }
            return loader;
        }
    }
}
