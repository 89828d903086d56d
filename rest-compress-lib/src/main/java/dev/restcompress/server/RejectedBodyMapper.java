package dev.restcompress.server;

import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;

/**
 * Answers a {@link RejectedBodyException} with its own response and logs nothing more: being the most
 * specific mapper, it takes precedence over a runtime's default {@code WebApplicationException} mapper.
 * Stateless; thread-safe.
 */
final class RejectedBodyMapper implements ExceptionMapper<RejectedBodyException> {
    @Override
    public Response toResponse(RejectedBodyException exception) {
        return exception.getResponse();
    }
}
