package dev.restcompress.server.internal;

import dev.restcompress.server.MultiCodingHttpTest;
import dev.restcompress.server.RestCompressFeature;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.annotation.Compress;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HEAD;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Collectors;
import org.jboss.resteasy.mock.MockDispatcherFactory;
import org.jboss.resteasy.mock.MockHttpRequest;
import org.jboss.resteasy.mock.MockHttpResponse;
import org.jboss.resteasy.spi.Dispatcher;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link NegotiationFilter}'s rules as one table, run inside RESTEasy's in-memory dispatcher (the real
 * runtime, no sockets): which responses are encoded, which are left alone, when it is 304 or 406, and
 * what {@code Vary} says. The HTTP tests check the same rules over the wire on every runtime; this
 * table is where a reader finds all of them side by side.
 */
class NegotiationRulesTableTest {
    /** Large enough to pass the default threshold and to shrink with any coding. */
    static final byte[] BODY = "{\"id\":1,\"name\":\"rest-compress\",\"tags\":[\"a\",\"b\"]}\n"
            .repeat(100).getBytes(StandardCharsets.US_ASCII);

    @Path("/t")
    @Compress({"gzip", "lzf"})
    public static class RulesResource {
        @GET
        @Path("json")
        public Response json() {
            return Response.ok(BODY, MediaType.APPLICATION_JSON_TYPE).build();
        }

        @HEAD
        @Path("json")
        public Response head() {
            return Response.ok().type(MediaType.APPLICATION_JSON_TYPE)
                    .header("Content-Length", BODY.length).build();
        }

        @GET
        @Path("small")
        public Response small() {
            return Response.ok("{\"ok\":true}", MediaType.APPLICATION_JSON_TYPE).build();
        }

        @GET
        @Path("status/{code}")
        public Response status(@PathParam("code") int code) {
            return code == 204 ? Response.noContent().build()
                    : Response.status(code).entity(BODY).type(MediaType.APPLICATION_JSON_TYPE).build();
        }

        @GET
        @Path("partial")
        public Response partial() {
            return Response.status(206).entity(BODY).type(MediaType.APPLICATION_JSON_TYPE)
                    .header("Content-Range", "bytes 0-" + (BODY.length - 1) + "/" + (BODY.length * 2)).build();
        }

        @GET
        @Path("tagged")
        public Response tagged() {
            return Response.ok(BODY, MediaType.APPLICATION_JSON_TYPE).header("ETag", "\"v1\"").build();
        }

        @GET
        @Path("weak")
        public Response weak() {
            return Response.ok(BODY, MediaType.APPLICATION_JSON_TYPE).header("ETag", "W/\"v1\"").build();
        }

        @GET
        @Path("encoded")
        public Response alreadyEncoded() {
            return Response.ok(BODY, MediaType.APPLICATION_JSON_TYPE).header("Content-Encoding", "br").build();
        }

        @GET
        @Path("image")
        public Response image() {
            return Response.ok(BODY, "image/png").build();
        }

        @GET
        @Path("vary-star")
        public Response varyStar() {
            return Response.ok(BODY, MediaType.APPLICATION_JSON_TYPE).header("Vary", "*").build();
        }

        @GET
        @Path("vary-lower")
        public Response varyLowerCase() {
            return Response.ok(BODY, MediaType.APPLICATION_JSON_TYPE).header("Vary", "origin, accept-encoding").build();
        }

        @GET
        @Path("vary-other")
        public Response varyOther() {
            return Response.ok(BODY, MediaType.APPLICATION_JSON_TYPE).header("Vary", "Origin").build();
        }

        @GET
        @Path("stream")
        public Response stream() {
            StreamingOutput out = o -> {
                o.write(BODY);
                o.flush();
            };
            return Response.ok(out, MediaType.APPLICATION_JSON_TYPE).build();
        }
    }

    private static Dispatcher dispatcher;

    @BeforeAll
    static void deploy() {
        dispatcher = MockDispatcherFactory.createDispatcher();
        // Before the resource: dynamic features bind when resource methods are registered.
        dispatcher.getProviderFactory().register(RestCompressFeature.class);
        dispatcher.getRegistry().addPerRequestResource(RulesResource.class);
    }

    /**
     * One row per rule. Columns: method, path, Accept-Encoding, If-None-Match ({@code -}: none),
     * expected status, expected Content-Encoding ({@code -}: none), expected ETag ({@code -}: none),
     * expected Vary values joined by {@code " & "}.
     */
    @ParameterizedTest(name = "{0} {1} AE=[{2}] INM={3} -> {4} {5}")
    @CsvSource(delimiter = '|', value = {
        // negotiation
        "GET|  json|       gzip|              -|          200| gzip| -|       Accept-Encoding",
        "GET|  json|       lzf|               -|          200| lzf|  -|       Accept-Encoding",
        "GET|  json|       br, zstd|          -|          200| -|    -|       Accept-Encoding",
        "GET|  json|       ''|                -|          200| -|    -|       Accept-Encoding",
        "GET|  json|       gzip;q=0, lzf;q=0| -|          200| -|    -|       Accept-Encoding",
        "GET|  json|       identity;q=0, br|  -|          406| -|    -|       Accept-Encoding",
        "GET|  json|       *;q=0|             -|          406| -|    -|       Accept-Encoding",
        "GET|  json|       identity;q=0, lzf| -|          200| lzf|  -|       Accept-Encoding",
        // below the threshold: identity, but still varies
        "GET|  small|      gzip|              -|          200| -|    -|       Accept-Encoding",
        // responses without a body to encode
        "HEAD| json|       gzip|              -|          200| -|    -|       Accept-Encoding",
        "GET|  status/204| gzip|              -|          204| -|    -|       Accept-Encoding",
        "GET|  partial|    gzip|              -|          206| -|    -|       Accept-Encoding",
        // a multipart/byteranges 206 has no top-level Content-Range: the status alone must say it
        "GET|  status/206| gzip|              -|          206| -|    -|       Accept-Encoding",
        // error bodies are encoded like any other
        "GET|  status/500| gzip|              -|          500| gzip| -|       Accept-Encoding",
        // entity tags: a strong tag names the variant's bytes (coding, engine, level: '*' is the settings);
        // a weak one is left alone; 304 for the application's tag or any variant of it, with the tag of
        // the variant that would be sent now
        "GET|  tagged|     gzip|              -|          200| gzip| \"v1-gzip-*\"| Accept-Encoding",
        "GET|  tagged|     gzip|              \"v1-gzip-ld6\"| 304| -| \"v1-gzip-*\"| Accept-Encoding",
        "GET|  tagged|     gzip|              W/\"v1-gzip-6\"| 304| -|  \"v1-gzip-*\"| Accept-Encoding",
        "GET|  tagged|     gzip|              \"v1-gzip\"| 304| -|    \"v1-gzip-*\"| Accept-Encoding",
        "GET|  tagged|     gzip|              \"v1\"|     304| -|    \"v1-gzip-*\"| Accept-Encoding",
        "GET|  tagged|     gzip|              *|          304| -|    \"v1-gzip-*\"| Accept-Encoding",
        "GET|  tagged|     gzip|              '\"x\", \"v1-lzf\"'| 304| -| \"v1-gzip-*\"| Accept-Encoding",
        "GET|  tagged|     lzf|               \"v1-gzip-1\"| 304| -|    \"v1-lzf\"| Accept-Encoding",
        "GET|  tagged|     ''|                \"v1-gzip-9\"| 304| -|    \"v1\"|  Accept-Encoding",
        "GET|  tagged|     ''|                \"v1\"|     304| -|    \"v1\"|  Accept-Encoding",
        // another representation's tags, and suffixes that are not our variants
        "GET|  tagged|     gzip|              \"v0-gzip-6\"| 200| gzip| \"v1-gzip-*\"| Accept-Encoding",
        "GET|  tagged|     gzip|              \"v1-x\"|   200| gzip| \"v1-gzip-*\"| Accept-Encoding",
        "GET|  tagged|     gzip|              \"v1-gzip-6-1\"| 200| gzip| \"v1-gzip-*\"| Accept-Encoding",
        "GET|  tagged|     gzip|              \"v1-gzip-\"| 200| gzip| \"v1-gzip-*\"| Accept-Encoding",
        "GET|  tagged|     gzip|              \"v\"|      200| gzip| \"v1-gzip-*\"| Accept-Encoding",
        "GET|  weak|       gzip|              -|          200| gzip| W/\"v1\"| Accept-Encoding",
        "GET|  weak|       gzip|              W/\"v1\"|   304| -|    W/\"v1\"| Accept-Encoding",
        // bodies that are already compressed
        "GET|  encoded|    gzip|              -|          200| br|   -|       Accept-Encoding",
        "GET|  image|      gzip|              -|          200| -|    -|       Accept-Encoding",
        // Vary: added once, never beside '*' or an existing accept-encoding in any case
        "GET|  vary-star|  gzip|              -|          200| gzip| -|       *",
        "GET|  vary-lower| gzip|              -|          200| gzip| -|       'origin, accept-encoding'",
        "GET|  vary-other| gzip|              -|          200| gzip| -|       Origin & Accept-Encoding",
        // streaming entities are encoded too (chunked)
        "GET|  stream|     gzip|              -|          200| gzip| -|       Accept-Encoding",
    })
    void rules(String method, String path, String acceptEncoding, String ifNoneMatch, int status,
            String coding, String etag, String vary) throws Exception {
        MockHttpRequest request = MockHttpRequest.create(method, "/t/" + path)
                .header("Accept-Encoding", acceptEncoding == null ? "" : acceptEncoding);
        if (!ifNoneMatch.equals("-")) {
            request.header("If-None-Match", ifNoneMatch);
        }
        MockHttpResponse response = new MockHttpResponse();
        dispatcher.invoke(request, response);

        assertEquals(status, response.getStatus(), "status");
        assertEquals(dash(coding), first(response, "Content-Encoding"), "Content-Encoding");
        assertTag(dash(etag), first(response, "ETag"));
        assertEquals(vary, response.getOutputHeaders().get("Vary").stream().map(Object::toString)
                .collect(Collectors.joining(" & ")), "Vary");
        if (status == 200 && method.equals("GET")) {
            byte[] wire = response.getOutput();
            byte[] expected = path.equals("small") ? "{\"ok\":true}".getBytes(StandardCharsets.US_ASCII) : BODY;
            assertArrayEquals(expected, coding.equals("-") || coding.equals("br") ? wire
                    : MultiCodingHttpTest.decode(coding, wire), "body");
        }
        if (status == 304 || status == 204 || method.equals("HEAD")) {
            assertEquals(0, response.getOutput().length, "no body");
        }
    }

    /** {@code expected} with {@code *} standing for a variant's settings ({@code a-z 0-9 .}). */
    private static void assertTag(String expected, String actual) {
        if (expected == null || !expected.contains("*")) {
            assertEquals(expected, actual, "ETag");
            return;
        }
        String pattern = java.util.regex.Pattern.quote(expected).replace("*", "\\E[a-z0-9.]+\\Q");
        assertTrue(actual != null && actual.matches(pattern), "ETag " + actual + " should be " + expected);
    }

    @Test
    void notAcceptableNamesWhatTheResourceOffers() throws Exception {
        MockHttpResponse response = new MockHttpResponse();
        dispatcher.invoke(MockHttpRequest.get("/t/json").header("Accept-Encoding", "identity;q=0, br"), response);
        assertEquals(406, response.getStatus());
        assertEquals(List.of("gzip", "lzf"), List.of(response.getContentAsString().replaceAll("(?s).*offers: ", "")
                .trim().split(", ")), response.getContentAsString());
    }

    private static String dash(String s) {
        return s.equals("-") ? null : s;
    }

    private static String first(MockHttpResponse response, String name) {
        Object value = response.getOutputHeaders().getFirst(name);
        return value == null ? null : value.toString();
    }
}
