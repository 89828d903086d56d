package dev.restcompress.codec;

import java.util.Objects;

/**
 * Whether an optional codec library can be used in this process, and if not, why. A value: probing
 * never throws. Immutable.
 *
 * @param coding the coding the library provides, e.g. {@code "zstd"}
 * @param available whether the coding can be offered
 * @param reason why not (empty when available)
 */
public record LibraryStatus(String coding, boolean available, String reason) {
    public LibraryStatus {
        Objects.requireNonNull(coding, "coding");
        Objects.requireNonNull(reason, "reason");
    }

    static LibraryStatus ok(String coding) {
        return new LibraryStatus(coding, true, "");
    }

    static LibraryStatus missing(String coding, String reason) {
        return new LibraryStatus(coding, false, reason);
    }
}
