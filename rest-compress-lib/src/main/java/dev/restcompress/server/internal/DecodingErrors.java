package dev.restcompress.server.internal;

import dev.restcompress.codec.DecompressedSizeLimitException;
import dev.restcompress.codec.DecompressionException;
import dev.restcompress.decoding.DecodersBusyException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.FeatureContext;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import java.util.List;

/**
 * The one place where request-body decoding failures become HTTP answers: over the limit 413, corrupt
 * or truncated 400, unknown coding 415 (with {@code Accept-Encoding} naming what the server takes),
 * no free decoder slot 503 (with {@code Retry-After}).
 * Each is logged in one line without a stack trace: the input came from a client. Its two exception
 * mappers answer failures that escape a resource method the same way. Stateless.
 */
public final class DecodingErrors {
    private static final System.Logger LOG = System.getLogger(DecodingErrors.class.getName());

    private DecodingErrors() {
    }

    public static Response toResponse(DecompressionException e) {
        boolean tooLarge = e instanceof DecompressedSizeLimitException;
        Response.Status status = tooLarge ? Response.Status.REQUEST_ENTITY_TOO_LARGE : Response.Status.BAD_REQUEST;
        LOG.log(System.Logger.Level.INFO, "rejected request body: {0} {1}", status.getStatusCode(), e.getMessage());
        return plain(status.getStatusCode(), "Request body rejected: " + e.getMessage());
    }

    public static WebApplicationException toException(DecompressionException e) {
        return new RejectedBodyException(e, toResponse(e));
    }

    /** Seconds a client refused for want of a decoder slot is asked to wait: slow uploads end or time out. */
    static final int RETRY_AFTER_SECONDS = 1;

    /** 503 with {@code Retry-After}: as many request bodies as the bound allows are being decoded. */
    public static WebApplicationException busy(DecodersBusyException e) {
        LOG.log(System.Logger.Level.INFO, "rejected request body: 503 {0}", e.getMessage());
        Response r = Response.status(Response.Status.SERVICE_UNAVAILABLE)
                .header(HttpHeaders.RETRY_AFTER, RETRY_AFTER_SECONDS)
                .type(MediaType.TEXT_PLAIN_TYPE)
                .entity("Request body refused: " + e.getMessage() + "; retry later\n")
                .build();
        return new RejectedBodyException(null, r);
    }

    public static WebApplicationException unsupportedCoding(String coding, List<String> supported) {
        LOG.log(System.Logger.Level.INFO, "rejected request body: 415 unsupported Content-Encoding {0}", coding);
        Response r = Response.status(Response.Status.UNSUPPORTED_MEDIA_TYPE)
                .header(HttpHeaders.ACCEPT_ENCODING, String.join(", ", supported))
                .type(MediaType.TEXT_PLAIN_TYPE)
                .entity("Unsupported Content-Encoding '" + coding + "'; supported: " + String.join(", ", supported) + "\n")
                .build();
        return new RejectedBodyException(null, r);
    }

    /** The decoding failure somewhere in {@code t}'s cause chain, or {@code null}. */
    static DecompressionException findCause(Throwable t) {
        for (int depth = 0; t != null && depth < 16; depth++, t = t.getCause()) {
            if (t instanceof DecompressionException d) {
                return d;
            }
        }
        return null;
    }

    private static Response plain(int status, String message) {
        return Response.status(status).type(MediaType.TEXT_PLAIN_TYPE).entity(message + "\n").build();
    }

    /**
     * Registers the exception mappers once per application, whichever of the features runs first (a
     * dynamic feature cannot register them).
     */
    public static void registerMappers(FeatureContext context) {
        if (!context.getConfiguration().isRegistered(DecompressionExceptionMapper.class)) {
            context.register(new DecompressionExceptionMapper());
        }
        if (!context.getConfiguration().isRegistered(RejectedBodyMapper.class)) {
            context.register(new RejectedBodyMapper());
        }
    }

    /**
     * Maps decoding failures that escape from a resource method (one that reads an {@code InputStream}
     * entity itself, after the reader interceptor returned) to 400 or 413 instead of 500.
     */
    public static final class DecompressionExceptionMapper implements ExceptionMapper<DecompressionException> {
        @Override
        public Response toResponse(DecompressionException exception) {
            return DecodingErrors.toResponse(exception);
        }
    }

    /**
     * Answers a {@link RejectedBodyException} with its own response and logs nothing more: being the most
     * specific mapper, it takes precedence over a runtime's default {@code WebApplicationException} mapper.
     * Stateless; thread-safe.
     */
    public static final class RejectedBodyMapper implements ExceptionMapper<RejectedBodyException> {
        @Override
        public Response toResponse(RejectedBodyException exception) {
            return exception.getResponse();
        }
    }
}
