package dev.restcompress.server.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.annotation.CarriesSecrets;
import dev.restcompress.annotation.Compress;
import dev.restcompress.annotation.LZF;
import dev.restcompress.config.CompressionSettings;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedHashMap;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import jakarta.ws.rs.core.UriInfo;
import java.lang.reflect.Proxy;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link NegotiationFilter} in memory, for what the HTTP tests do not pin down: the 406's log line,
 * the 304 for the encoded variant, and which entities get a plan that honours {@code flush()}.
 */
class NegotiationFilterTest {
    @SuppressWarnings("unused")
    static class Resource {
        @LZF public String lzf() {
            return "";
        }

        @Compress("gzip") @CarriesSecrets public String secret() {
            return "";
        }
    }

    static NegotiationFilter filter() throws NoSuchMethodException {
        return filter("lzf");
    }

    static NegotiationFilter filter(String method) throws NoSuchMethodException {
        CompressionSettings settings = CompressionSettings.from(Map.<String, Object>of()::get);
        MethodPolicy policy = new MethodPolicyResolver(settings, settings.createRegistry(), 1 << 20)
                .resolve(Resource.class, Resource.class.getMethod(method));
        return new NegotiationFilter(policy);
    }

    /** One request: its method and headers; what the filter stores or aborts with is recorded. */
    static final class Request {
        final String method;
        final MultivaluedMap<String, String> headers = new MultivaluedHashMap<>();
        final Map<String, Object> properties = new HashMap<>();
        Response aborted;

        Request(String method, String acceptEncoding) {
            this.method = method;
            headers.putSingle("Accept-Encoding", acceptEncoding);
        }

        ContainerRequestContext proxy() {
            UriInfo uri = (UriInfo) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {UriInfo.class},
                    (p, m, a) -> switch (m.getName()) {
                        case "getPath" -> "orders";
                        default -> throw new UnsupportedOperationException(m.getName());
                    });
            return (ContainerRequestContext) Proxy.newProxyInstance(getClass().getClassLoader(),
                    new Class<?>[] {ContainerRequestContext.class}, (p, m, a) -> switch (m.getName()) {
                        case "getHeaders" -> headers;
                        case "getHeaderString" -> headers.getFirst((String) a[0]);
                        case "getMethod" -> method;
                        case "getUriInfo" -> uri;
                        case "getProperty" -> properties.get((String) a[0]);
                        case "setProperty" -> {
                            properties.put((String) a[0], a[1]);
                            yield null;
                        }
                        case "abortWith" -> {
                            aborted = (Response) a[0];
                            yield null;
                        }
                        default -> throw new UnsupportedOperationException(m.getName());
                    });
        }
    }

    /** One response the resource returned; status and entity changes are recorded. */
    static final class Reply {
        final MultivaluedMap<String, Object> headers = new MultivaluedHashMap<>();
        int status = 200;
        Object entity;
        MediaType type;

        Reply(Object entity, MediaType type) {
            this.entity = entity;
            this.type = type;
        }

        ContainerResponseContext proxy() {
            return (ContainerResponseContext) Proxy.newProxyInstance(getClass().getClassLoader(),
                    new Class<?>[] {ContainerResponseContext.class}, (p, m, a) -> switch (m.getName()) {
                        case "getHeaders" -> headers;
                        case "getStatus" -> status;
                        case "setStatus" -> {
                            status = (Integer) a[0];
                            yield null;
                        }
                        case "hasEntity" -> entity != null;
                        case "getEntity" -> entity;
                        case "setEntity" -> {
                            entity = a[0];
                            yield null;
                        }
                        case "getMediaType" -> type;
                        default -> throw new UnsupportedOperationException(m.getName());
                    });
        }
    }

    @Test
    void a406IsAnsweredBeforeTheResourceAndLoggedInOneDebugLine() throws NoSuchMethodException {
        Request request = new Request("GET", "identity;q=0, gzip");
        try (ServerPartsTest.Recorder log = new ServerPartsTest.Recorder(NegotiationFilter.class.getName())) {
            filter().filter(request.proxy());
            assertEquals("406 for Accept-Encoding [identity;q=0, gzip] on orders", log.only());
            assertEquals(java.util.logging.Level.FINE, log.records.get(0).getLevel(), "client input: DEBUG only");
        }
        assertEquals(406, request.aborted.getStatus());
        assertEquals("Accept-Encoding", request.aborted.getHeaderString("Vary"));
        assertTrue(request.properties.isEmpty());
    }

    @Test
    void theEncodedVariantTheClientHoldsIsA304WithoutBodyOrLength() throws NoSuchMethodException {
        NegotiationFilter filter = filter();
        Request request = new Request("GET", "lzf");
        String coded = "\"v1-lzf\"";
        request.headers.putSingle("If-None-Match", coded);
        filter.filter(request.proxy());
        Reply reply = new Reply("a body", MediaType.APPLICATION_JSON_TYPE);
        reply.headers.putSingle("ETag", "\"v1\"");
        reply.headers.putSingle("Content-Length", "6");
        filter.filter(request.proxy(), reply.proxy());
        assertEquals(304, reply.status);
        assertNull(reply.entity);
        assertFalse(reply.headers.containsKey("Content-Length"), "a 304 carries no length of a body it does not send");
        assertEquals(coded, reply.headers.getFirst("ETag"));
        assertNull(EncodingPlan.of(request.properties.get(RequestProperties.RESPONSE_CODING)), "nothing to encode");
    }

    /**
     * Beside a container that compresses what is not marked (Vert.x): a response the library may encode
     * starts marked {@code Content-Encoding: identity} (the encoder replaces it when it encodes), so what it
     * leaves unencoded (a BREACH identity answer here) keeps the mark; without such a container, no mark.
     */
    @Test
    void besideVertxWhatTheLibraryLeavesUnencodedIsMarkedIdentity() throws NoSuchMethodException {
        CompressionSettings settings = CompressionSettings.from(Map.<String, Object>of()::get);
        MethodPolicy policy = new MethodPolicyResolver(settings, settings.createRegistry(), 1 << 20)
                .resolve(Resource.class, Resource.class.getMethod("secret"));
        for (boolean marks : new boolean[] {true, false}) {
            NegotiationFilter filter = new NegotiationFilter(policy, null, null, marks);
            Request request = new Request("GET", "gzip");
            request.headers.putSingle("Sec-Fetch-Site", "cross-site");
            filter.filter(request.proxy());
            Reply reply = new Reply("a body", MediaType.TEXT_PLAIN_TYPE);
            filter.filter(request.proxy(), reply.proxy());
            assertEquals(marks ? "identity" : null, reply.headers.getFirst("Content-Encoding"), "marks " + marks);
            assertNull(EncodingPlan.of(request.properties.get(RequestProperties.RESPONSE_CODING)), "sent unencoded");
        }
    }

    /** The application's own 304 (it matched its own tag) carries the tag a 200 would: the variant's. */
    @Test
    void theApplicationsOwn304GetsTheVariantsTag() throws NoSuchMethodException {
        NegotiationFilter filter = filter();
        Request request = new Request("GET", "lzf");
        request.headers.putSingle("If-None-Match", "\"v1\"");
        filter.filter(request.proxy());
        Reply reply = new Reply(null, null);
        reply.status = 304;
        reply.headers.putSingle("ETag", "\"v1\"");
        filter.filter(request.proxy(), reply.proxy());
        assertEquals(304, reply.status);
        assertEquals("\"v1-lzf\"", reply.headers.getFirst("ETag"));

        Request identity = new Request("GET", "identity");
        identity.headers.putSingle("If-None-Match", "\"v1\"");
        filter.filter(identity.proxy());
        Reply plain = new Reply(null, null);
        plain.status = 304;
        plain.headers.putSingle("ETag", "\"v1\"");
        filter.filter(identity.proxy(), plain.proxy());
        assertEquals("\"v1\"", plain.headers.getFirst("ETag"), "no coding, no variant");
    }

    /**
     * On a method the BREACH policy protects, a 304 carries the tag its 200 would: a cross-site request
     * gets the body unencoded, so the application's own tag; one without fetch metadata a padded body,
     * so the application's tag made weak; a same-origin one the variant's. Whether the application
     * answered 304 itself or this filter did.
     */
    @Test
    void a304OnAMethodCarryingSecretsCarriesTheTagItsBreachDecisionWouldSend() throws NoSuchMethodException {
        NegotiationFilter filter = filter("secret");
        String variant = null;
        for (boolean ownAnswer : new boolean[] {true, false}) {
            for (String site : new String[] {"cross-site", "same-origin", null}) {
                Request request = new Request("GET", "gzip");
                request.headers.putSingle("If-None-Match", "\"v1\"");
                if (site != null) {
                    request.headers.putSingle("Sec-Fetch-Site", site);
                }
                filter.filter(request.proxy());
                Reply reply = new Reply(ownAnswer ? null : "a body", ownAnswer ? null : MediaType.TEXT_PLAIN_TYPE);
                reply.status = ownAnswer ? 304 : 200;
                reply.headers.putSingle("ETag", "\"v1\"");
                filter.filter(request.proxy(), reply.proxy());
                String what = (ownAnswer ? "the application's 304, " : "our 304, ") + "Sec-Fetch-Site " + site;
                assertEquals(304, reply.status, what);
                Object tag = reply.headers.getFirst("ETag");
                if ("cross-site".equals(site)) {
                    assertEquals("\"v1\"", tag, what + ": sent unencoded, under the application's tag");
                } else if (site == null) {
                    assertEquals("W/\"v1\"", tag, what + ": padded, every body its own bytes");
                } else {
                    assertTrue(tag.toString().startsWith("\"v1-gzip"), what + ": the variant's tag, was " + tag);
                    variant = variant == null ? tag.toString() : variant;
                    assertEquals(variant, tag, what + ": one variant, whoever answered");
                }
            }
        }
    }

    static EncodingPlan planFor(Object entity, MediaType type) throws NoSuchMethodException {
        NegotiationFilter filter = filter();
        Request request = new Request("GET", "lzf");
        filter.filter(request.proxy());
        filter.filter(request.proxy(), new Reply(entity, type).proxy());
        return EncodingPlan.of(request.properties.get(RequestProperties.RESPONSE_CODING));
    }

    @Test
    void streamingOutputAndServerSentEventsGetAPlanThatHonoursFlush() throws NoSuchMethodException {
        StreamingOutput stream = out -> out.write(1);
        assertTrue(planFor(stream, MediaType.APPLICATION_OCTET_STREAM_TYPE).honorFlush());
        assertTrue(planFor("data: x\n\n", MediaType.SERVER_SENT_EVENTS_TYPE).honorFlush());
        EncodingPlan whole = planFor("{}", MediaType.APPLICATION_JSON_TYPE);
        assertFalse(whole.honorFlush(), "a whole entity's flushes are absorbed");
        assertEquals("lzf", whole.codec().coding());
        assertTrue(whole.identityAcceptable());
    }
}
