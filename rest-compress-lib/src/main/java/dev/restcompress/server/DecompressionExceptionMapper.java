package dev.restcompress.server;

import dev.restcompress.codec.DecompressionException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;

/**
 * Maps decoding failures that escape from a resource method (one that reads an {@code InputStream}
 * entity itself, after the reader interceptor returned) to 400 or 413 instead of 500.
 */
final class DecompressionExceptionMapper implements ExceptionMapper<DecompressionException> {
    @Override
    public Response toResponse(DecompressionException exception) {
        return DecodingErrors.toResponse(exception);
    }
}
