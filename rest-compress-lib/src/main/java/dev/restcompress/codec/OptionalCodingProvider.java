package dev.restcompress.codec;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

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
        if (!availability().available()) {
            throw new IllegalStateException(coding + " is not available: " + availability().reason());
        }
        return newCodec(levels.checkLevel(coding + " level", level),
                levels.checkStreamingLevel(coding + " streaming level", streamingLevel));
    }
}
