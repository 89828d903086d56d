package dev.restcompress.io;

import java.io.OutputStream;

/**
 * A compressing stream that can be abandoned: {@link #abort()} frees what it holds (pooled encoders,
 * native state) without writing another byte. Used when the response fails half-way; finishing the
 * coding then would hand the client a well-formed but truncated body.
 */
public interface Abortable {
    /** Releases resources, writes nothing; the stream is unusable afterwards. Idempotent. */
    void abort();

    /** Aborts {@code stream} if it can be aborted; otherwise leaves it to the garbage collector. */
    static void abort(OutputStream stream) {
        if (stream instanceof Abortable a) {
            a.abort();
        }
    }
}
