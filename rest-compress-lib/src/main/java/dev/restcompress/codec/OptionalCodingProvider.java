package dev.restcompress.codec;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import java.util.concurrent.Callable;

/**
 * The base of a provider whose coding needs a library that may be absent (zstd-jni, brotli4j): the
 * library is probed once, on first use, and its absence is a value with the reason; {@link #create}
 * checks availability and levels, then calls {@link #newCodec}. Subclasses name the library's
 * classes only as strings in {@link #probe()}, so that they load without it.
 */
public abstract class OptionalCodingProvider implements CodingProvider {
    private final String coding;
    private final Levels levels;
    private volatile Availability availability;

    /**
     * @param coding the token
     * @param levels the levels, with their ranges and defaults
     */
    protected OptionalCodingProvider(String coding, Levels levels) {
        this.coding = coding;
        this.levels = levels;
    }

    /**
     * {@code groupId:artifactId} with the version of that group this build of rest-compress was tested
     * with appended (from the build's {@code tested-versions.properties}), e.g.
     * {@code "com.github.luben:zstd-jni:1.5.7-6"}: what a message tells the user to add. Without a
     * known version, {@code coordinates} unchanged.
     */
    protected static String testedArtifact(String coordinates) {
        String group = coordinates.substring(0, Math.max(0, coordinates.indexOf(':')));
        String version = TestedVersions.BY_GROUP.getProperty(group);
        return version == null || version.isBlank() || version.startsWith("${") ? coordinates : coordinates + ':' + version;
    }

    /** Loaded once, on first use. */
    private static final class TestedVersions {
        static final Properties BY_GROUP = load();

        private static Properties load() {
            Properties p = new Properties();
            try (InputStream in = OptionalCodingProvider.class.getResourceAsStream("tested-versions.properties")) {
                if (in != null) {
                    p.load(in);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return p;
        }
    }

    /** Whether the library is usable; called once, and never throws. */
    protected abstract Availability probe();

    /**
     * The probe of a library with a native part, in two steps: is {@code libraryClass} on the class
     * path (loaded, not initialized, from this provider's class loader), and then did the native
     * library load ({@code nativeProblem} runs only after the first step succeeded, so it may link
     * against the library). Never throws.
     *
     * @param libraryClass a class of the library, by name so that the provider loads without it
     * @param artifact the library's Maven coordinates, for the message when it is absent
     * @param library the library's short name, for the message when its native part did not load
     * @param nativeHint what to do about a native part that did not load (which artifact to add)
     * @param nativeProblem why the native part is not loaded, or {@code null} when it is; what it
     *        throws (an {@link UnsatisfiedLinkError}, say) counts as its answer
     */
    protected final Availability probeLibrary(String libraryClass, String artifact, String library,
            String nativeHint, Callable<Throwable> nativeProblem) {
        try {
            Class.forName(libraryClass, false, getClass().getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            return Availability.missing(artifact + " is not on the class path", e);
        }
        Throwable cause;
        try {
            cause = nativeProblem.call();
        } catch (Exception | LinkageError e) {
            cause = e;
        }
        if (cause != null) {
            return Availability.missing(library + "'s native library did not load (" + nativeHint + "): " + cause, cause);
        }
        return Availability.ok();
    }

    /**
     * Throws unless the library is {@linkplain #availability() available}: the first step of
     * {@link #create} and of any other factory of the provider (a dictionary variant).
     *
     * @throws IllegalStateException naming the coding and the reason
     */
    protected final void requireAvailable() {
        if (!availability().available()) {
            throw new IllegalStateException(coding + " is not available: " + availability().reason());
        }
    }

    /** The codec at levels already checked against {@link #levels()}, once the library was found. */
    protected abstract Codec newCodec(int level, int streamingLevel);

    @Override
    public final String coding() {
        return coding;
    }

    @Override
    public final Levels levels() {
        return levels;
    }

    @Override
    public final Availability availability() {
        Availability a = availability;
        if (a == null) {
            a = probe(); // may run twice under a race: same answer, no harm
            availability = a;
        }
        return a;
    }

    @Override
    public final Codec create(int level, int streamingLevel) {
        requireAvailable();
        return newCodec(levels.checkLevel(coding + " level", level),
                levels.checkStreamingLevel(coding + " streaming level", streamingLevel));
    }
}
