package dev.restcompress.codec;

import java.util.Objects;

/**
 * Whether a coding's library can be used in this process, and if not, why: a value, so probing never
 * throws. Immutable.
 *
 * @param available whether the coding can be offered
 * @param reason why not, naming what to add (empty when available)
 * @param cause what the probe caught, or {@code null}
 */
public record Availability(boolean available, String reason, Throwable cause) {
    private static final Availability OK = new Availability(true, "", null);

    public Availability {
        Objects.requireNonNull(reason, "reason");
    }

    /** Usable. */
    public static Availability ok() {
        return OK;
    }

    /** Not usable, because of {@code reason} (and {@code cause}, if known). */
    public static Availability missing(String reason, Throwable cause) {
        return new Availability(false, reason, cause);
    }
}
