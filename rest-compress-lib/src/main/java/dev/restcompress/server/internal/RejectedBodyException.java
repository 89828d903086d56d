package dev.restcompress.server.internal;

import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;

/**
 * A request body rest-compress refused (400, 413, 415), carrying the finished response. It is
 * already logged in one line by {@link DecodingErrors}, so it records no stack trace (a client can
 * provoke it at will), and {@link DecodingErrors.RejectedBodyMapper} answers it as it is: without that mapper some
 * runtimes (CXF's default {@code WebApplicationException} mapper) log every such exception with a
 * ~35-line stack trace at WARNING.
 */
public final class RejectedBodyException extends WebApplicationException {
    private static final long serialVersionUID = 1L;

    RejectedBodyException(Throwable cause, Response response) {
        super(cause, response);
    }

    @Override
    public synchronized Throwable fillInStackTrace() {
        return this;
    }
}
