package dev.restcompress.codec;

/**
 * Everything the library knows about one content coding, in one place: its token, whether its
 * library is usable here (and if not, why), its levels, and a factory for its codec. The server,
 * the client, the settings and the annotations all iterate over providers; none names a concrete
 * codec.
 *
 * <p>Adding a coding: a provider (public, with a no-argument constructor, listed in
 * {@code META-INF/services/dev.restcompress.codec.CodingProvider}), its codec in a package of its
 * own, and an annotation meta-annotated with {@link dev.restcompress.annotation.Coding}. See
 * {@link CodingProviders}.
 *
 * <p>Implementations are immutable and thread-safe; {@link #availability()} is computed once.
 */
public interface CodingProvider {

    /** The coding token, lower case, e.g. {@code "zstd"}. */
    String coding();

    /** Whether the coding can be used in this process; never throws. */
    Availability availability();

    /**
     * The levels this coding accepts, its defaults, and the configuration keys that set them
     * ({@code rest-compress.<coding>.level} and {@code .streaming-level}); {@link Levels#NONE} for a
     * coding without levels.
     */
    Levels levels();

    /**
     * A codec at the given levels.
     *
     * @param level one-shot level, within {@link #levels()}
     * @param streamingLevel level of the streaming path, within {@link #levels()}
     * @throws IllegalArgumentException naming the coding, setting and range when a level is out of range
     * @throws IllegalStateException when the coding is not {@linkplain #availability() available}
     */
    Codec create(int level, int streamingLevel);

    /** How the coding is implemented here, for the start-up line, e.g. {@code "gzip (libdeflate)"}. */
    default String description() {
        return coding();
    }
}
