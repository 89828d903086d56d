package dev.restcompress.codec;

import java.io.IOException;

/**
 * Why decompression of untrusted input stopped: {@link MalformedInputException} (corrupt or
 * truncated) or {@link DecompressedSizeLimitException} (over the limit). The HTTP layer maps these
 * two, and nothing else, to client errors.
 */
public abstract class DecompressionException extends IOException {
    private static final long serialVersionUID = 1L;

    DecompressionException(String message, Throwable cause) {
        super(message, cause);
    }

    /** The coding being decoded. */
    public abstract String coding();
}
