package dev.restcompress.bench.soak;

import java.util.List;

/**
 * One request the soak sends again and again, with what the answer must be. A probe with a body is a POST,
 * one without a GET.
 *
 * @param category the row it is counted under in the report ({@code get zstd}, {@code post zstd},
 *        {@code bomb gzip}...)
 * @param name what it is, for error messages
 * @param headers complete header lines
 * @param expectStatus the status it must get (ignored for hang-ups)
 * @param expectCoding the {@code Content-Encoding} it must get ({@code ""} for none), or null: any
 *        coding, as long as it decodes
 * @param expectBody the decoded body it must get, or null when the body is not checked
 * @param partialBytes for hang-ups: bytes read (response) or sent (request) before hanging up
 */
record Probe(String category, String name, Kind kind, String path, List<String> headers, byte[] body,
        int expectStatus, String expectCoding, byte[] expectBody, int partialBytes) {

    enum Kind {
        /** Keep-alive request, full response checked. */
        EXCHANGE,
        /** The same on a connection of its own, closed afterwards (refused bodies). */
        EXCHANGE_CLOSE,
        /** Read part of the response, then reset the connection. */
        HANGUP_RESPONSE,
        /** Send part of the declared body, then reset the connection. */
        HANGUP_REQUEST
    }
}
