package dev.restcompress.nativelib;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.Objects;

/**
 * Loads the JNI shim bundled in the jar and binds it to the system libdeflate, keeping the outcome
 * as a value: {@link #isAvailable()} and, when not, {@link #reason()}. Nothing here throws from
 * static initialisation; a machine without libdeflate simply runs the {@code java.util.zip} engine.
 *
 * <p>Two steps, each done at most once per class loader:
 * <ol>
 *   <li>the shim {@code native/<os>-<arch>/librestcompress_libdeflate.so} is copied out of the jar to
 *       a fresh temporary file and {@link System#load loaded} (a fresh file per class loader, because
 *       one path cannot be loaded by two class loaders, e.g. two web applications);</li>
 *   <li>the shim {@code dlopen}s libdeflate by name, {@value #DEFAULT_LIBRARY_NAME} unless the system
 *       property {@value #LIBRARY_NAME_PROPERTY} names another (tests use a missing name to prove
 *       the fallback).</li>
 * </ol>
 *
 * <p>{@link #system()} is the process-wide loader: it reads the property once and logs exactly one
 * line (WARNING, through {@link System.Logger}) when it cannot load, saying why. {@link #load(String)}
 * makes a fresh attempt with another name and logs nothing. Instances are immutable and thread-safe.
 */
public final class LibdeflateLoader {
    /** System property naming the libdeflate shared object to {@code dlopen}. */
    public static final String LIBRARY_NAME_PROPERTY = "rest-compress.native.library-name";
    /** The soname of libdeflate 1.x on Linux (Debian/Ubuntu package {@code libdeflate0}). */
    public static final String DEFAULT_LIBRARY_NAME = "libdeflate.so.0";

    private static final String SHIM_NAME = "restcompress_libdeflate";
    private static final System.Logger LOG = System.getLogger(LibdeflateLoader.class.getName());

    private final String libraryName;
    private final String failure;

    private LibdeflateLoader(String libraryName, String failure) {
        this.libraryName = libraryName;
        this.failure = failure;
    }

    /** The process-wide loader, created on first use from {@value #LIBRARY_NAME_PROPERTY}. */
    public static LibdeflateLoader system() {
        return SystemHolder.INSTANCE;
    }

    /**
     * A fresh attempt to bind libdeflate under {@code libdeflateName}. Never throws for a missing or
     * broken library: the outcome is in the result. Does not log.
     *
     * @throws NullPointerException if {@code libdeflateName} is null
     */
    public static LibdeflateLoader load(String libdeflateName) {
        Objects.requireNonNull(libdeflateName, "libdeflateName");
        String shimFailure = ShimHolder.FAILURE;
        if (shimFailure != null) {
            return new LibdeflateLoader(libdeflateName, shimFailure);
        }
        try {
            String why = LibdeflateNative.openLibrary(libdeflateName);
            return new LibdeflateLoader(libdeflateName, why);
        } catch (LinkageError | RuntimeException e) {
            return new LibdeflateLoader(libdeflateName, "binding " + libdeflateName + " failed: " + e);
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

    /** The libdeflate name this loader tried. */
    public String libraryName() {
        return libraryName;
    }

    /** Throws unless available; for code that must not run without the native library. */
    public void verify() {
        if (failure != null) {
            throw new IllegalStateException("native libdeflate is not available: " + failure);
        }
    }

    /** The resource folder for this machine, e.g. {@code linux-x86_64}. */
    static String platform() {
        String os = System.getProperty("os.name", "unknown").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch", "unknown").toLowerCase(Locale.ROOT);
        String osDir = os.startsWith("linux") ? "linux"
                : os.startsWith("mac") || os.startsWith("darwin") ? "darwin"
                : os.startsWith("windows") ? "windows"
                : os.replaceAll("[^a-z0-9]", "");
        String archDir = switch (arch) {
            case "amd64", "x86_64", "x86-64" -> "x86_64";
            case "aarch64", "arm64" -> "aarch64";
            default -> arch.replaceAll("[^a-z0-9_]", "");
        };
        return osDir + "-" + archDir;
    }

    /** Extracts and loads the shim; returns {@code null} on success, else why not. */
    private static String loadShim() {
        String resource = "/native/" + platform() + "/" + System.mapLibraryName(SHIM_NAME);
        try (InputStream in = LibdeflateLoader.class.getResourceAsStream(resource)) {
            if (in == null) {
                return "no native shim for " + platform() + " in the jar (" + resource + ")";
            }
            Path tmp = Files.createTempFile("restcompress_libdeflate-", ".so");
            try {
                Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
                System.load(tmp.toAbsolutePath().toString());
            } finally {
                // Once mapped, the file is no longer needed on Linux/macOS; delete it so temp files
                // do not pile up. Where a loaded file cannot be deleted, leave it to deleteOnExit.
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException e) {
                    tmp.toFile().deleteOnExit();
                }
            }
            return null;
        } catch (IOException | LinkageError | RuntimeException e) {
            return "loading the native shim " + resource + " failed: " + e;
        }
    }

    @Override
    public String toString() {
        return "LibdeflateLoader[" + libraryName + ": " + reason() + "]";
    }

    /** Loads the shim once per class loader; the outcome is a value, never an exception. */
    private static final class ShimHolder {
        static final String FAILURE = loadShim();
    }

    /** The process-wide loader; logs once when libdeflate cannot be used. */
    private static final class SystemHolder {
        static final LibdeflateLoader INSTANCE = create();

        private static LibdeflateLoader create() {
            String name = System.getProperty(LIBRARY_NAME_PROPERTY, DEFAULT_LIBRARY_NAME).trim();
            LibdeflateLoader loader = load(name.isEmpty() ? DEFAULT_LIBRARY_NAME : name);
            if (!loader.isAvailable()) {
                LOG.log(System.Logger.Level.WARNING,
                        "rest-compress: native libdeflate gzip unavailable, using java.util.zip: {0}",
                        loader.reason());
            }
            return loader;
        }
    }
}
