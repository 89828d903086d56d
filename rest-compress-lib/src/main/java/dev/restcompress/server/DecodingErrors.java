package dev.restcompress.server;

import dev.restcompress.codec.DecompressedSizeLimitException;
import dev.restcompress.codec.DecompressionException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;

/**
 * The one place where request-body decoding failures become HTTP answers: over the limit 413, corrupt
 * or truncated 400, unknown coding 415 (with {@code Accept-Encoding} naming what the server takes).
 * Each is logged in one line without a stack trace: the input came from a client. Stateless.
 */
final class DecodingErrors {
    private static final System.Logger LOG = System.getLogger(DecodingErrors.class.getName());

    private DecodingErrors() {
    }

    static Response toResponse(DecompressionException e) {
        boolean tooLarge = e instanceof DecompressedSizeLimitException;
        Response.Status status = tooLarge ? Response.Status.REQUEST_ENTITY_TOO_LARGE : Response.Status.BAD_REQUEST;
        LOG.log(System.Logger.Level.INFO, "rejected request body: {0} {1}", status.getStatusCode(), e.getMessage());
        return plain(status.getStatusCode(), "Request body rejected: " + e.getMessage());
    }

    static WebApplicationException toException(DecompressionException e) {
        return new RejectedBodyException(e, toResponse(e));
    }

    static WebApplicationException unsupportedCoding(String coding, List<String> supported) {
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
}
