package dev.restcompress.decoding;

import java.io.IOException;

/**
 * A streaming body found no free {@link DecoderSlots slot}: as many decoders as the bound allows are
 * open already. Not a fault of the body: the server answers 503 with {@code Retry-After}. Records no
 * stack trace (any client can provoke it, and it is logged in one line).
 */
public final class DecodersBusyException extends IOException {
    private static final long serialVersionUID = 1L;
    private final int limit;

    DecodersBusyException(int limit) {
        super("too many request bodies being decoded at once (limit " + limit + " decoders)");
        this.limit = limit;
    }

    /** The bound that was reached. */
    public int limit() {
        return limit;
    }

    @Override
    public synchronized Throwable fillInStackTrace() {
        return this;
    }
}
