package dev.restcompress.contract.app;

import dev.restcompress.annotation.CarriesSecrets;
import dev.restcompress.annotation.Compress;
import dev.restcompress.annotation.DeltaDictionary;
import dev.restcompress.annotation.Dictionary;
import dev.restcompress.annotation.FastGzip;
import dev.restcompress.annotation.LZF;
import dev.restcompress.server.CompressionStatistics;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Configuration;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.EntityTag;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Request;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.IOException;

/**
 * Every endpoint the HTTP contract exercises, under {@code /contract}. Blocking methods only: each
 * runtime's own event-loop variants live in that runtime's test module.
 */
@Path("contract")
public class ContractResource {
    /** Response header: the request's {@code Content-Encoding} as it arrived. */
    public static final String SEEN = "X-Request-Content-Encoding";
    /** Response header: the decoded length the resource received. */
    public static final String LENGTH = "X-Request-Decoded-Length";
    /** The entity tag of {@code GET etag}. */
    public static final String ETAG = "v7";
    /** The name of the shared dictionary: served at {@code <application base>/_dictionaries/contract}. */
    public static final String DICTIONARY = "contract";
    /** The class-path resource of the shared dictionary (raw content, hand-written JSON orders). */
    public static final String DICTIONARY_RESOURCE = "/dev/restcompress/contract/app/contract.dict";
    /** The dictionary's {@code match}: the runtimes serve the application under different prefixes. */
    public static final String DICTIONARY_MATCH = "*/contract/dict/*";
    /** The dictionary's id. */
    public static final String DICTIONARY_ID = "contract-v1";

    /** Offers lzf (the server's first choice) and gzip. */
    @GET
    @Path("text")
    @Produces(MediaType.TEXT_PLAIN)
    @LZF
    @FastGzip
    public String text(@QueryParam("size") int size) {
        return Payloads.textString(size);
    }

    /** Offers lzf only. */
    @GET
    @Path("lzf-only")
    @Produces(MediaType.TEXT_PLAIN)
    @LZF
    public String lzfOnly(@QueryParam("size") int size) {
        return Payloads.textString(size);
    }

    /** Offers gzip only, at level 9. */
    @GET
    @Path("gzip-only")
    @Produces(MediaType.TEXT_PLAIN)
    @FastGzip(level = 9)
    public String gzipOnly(@QueryParam("size") int size) {
        return Payloads.textString(size);
    }

    /** Incompressible bytes: must go out unencoded when identity is acceptable. */
    @GET
    @Path("random")
    @Produces(MediaType.APPLICATION_OCTET_STREAM)
    @Compress
    public byte[] random(@QueryParam("size") int size) {
        return Payloads.random(size, 42);
    }

    /**
     * The adaptive pressure of this application ({@link ContractPressure}): {@code script} sets the load
     * the policy sees (a number from 0 to 1) or returns it to the real CPU signal ({@code off}); the
     * answer is the real signal's last sample, then what the sampler saw and, where the runtime exposes the
     * statistics in the application's configuration, the adaptive step and levels (for a failing
     * contract's message). Not compressed.
     */
    @GET
    @Path("pressure")
    @Produces(MediaType.TEXT_PLAIN)
    public String pressure(@QueryParam("script") String script, @Context Configuration config) {
        if (script != null) {
            ContractPressure.script(script.equals("off") ? Double.NaN : Double.parseDouble(script));
        }
        CompressionStatistics s = CompressionStatistics.of(config);
        return ContractPressure.lastReal() + " " + ContractPressure.describe() + (s == null ? " no statistics"
                : " step=" + s.adaptiveStep() + " load=" + s.load() + " levels=" + s.currentLevels()
                        + " bodies=" + s.encodedBodiesByLevel());
    }

    /** No rest-compress annotation: never encoded, no Vary. */
    @GET
    @Path("plain")
    @Produces(MediaType.TEXT_PLAIN)
    public String plain(@QueryParam("size") int size) {
        return Payloads.textString(size);
    }

    /**
     * No rest-compress annotation, takes a body: decodes it only because the contract's servers run with
     * {@code rest-compress.request-decoding=all}.
     */
    @POST
    @Path("plain-echo")
    @Consumes(MediaType.WILDCARD)
    @Produces(MediaType.APPLICATION_OCTET_STREAM)
    public byte[] plainEcho(byte[] body) {
        return body;
    }

    /** A tagged representation that answers {@code If-None-Match} itself, as applications do. */
    @GET
    @Path("etag")
    @Produces(MediaType.TEXT_PLAIN)
    @LZF
    @FastGzip
    public Response etag(@Context Request request) {
        EntityTag tag = new EntityTag(ETAG);
        Response.ResponseBuilder notModified = request.evaluatePreconditions(tag);
        if (notModified != null) {
            return notModified.build();
        }
        return Response.ok(Payloads.textString(20_000)).tag(tag).build();
    }

    /**
     * {@code parts} parts of {@code size} bytes ({@code Payloads.text(size, i)}), each followed by
     * {@code flush()}. With {@code gate}, waits after part 0 (at most 20 s) until {@code POST gate/{gate}}
     * opens it: the client can only read part 0 before that if the flush really reached it.
     */
    @GET
    @Path("stream")
    @Produces(MediaType.TEXT_PLAIN)
    @Compress({"lzf", "gzip"})
    public StreamingOutput stream(@QueryParam("parts") int parts, @QueryParam("size") int size,
            @QueryParam("gate") String gate) {
        return out -> {
            for (int i = 0; i < parts; i++) {
                out.write(Payloads.text(size, i));
                out.flush();
                if (i == 0 && gate != null && !Gates.await(gate, 20)) {
                    throw new IOException("gate " + gate + " was not opened within 20 s");
                }
            }
        };
    }

    /** Opens a gate of {@link #stream}. */
    @POST
    @Path("gate/{id}")
    public void open(@PathParam("id") String id) {
        Gates.open(id);
    }

    /** Echoes the decoded request body; {@value #SEEN} and {@value #LENGTH} say what arrived. */
    @POST
    @Path("echo")
    @Consumes(MediaType.WILDCARD)
    @Produces(MediaType.APPLICATION_OCTET_STREAM)
    @LZF
    @FastGzip
    public Response echo(@HeaderParam(SeenEncodingFilter.HEADER) String seen, byte[] body) {
        return Response.ok(body).header(SEEN, seen).header(LENGTH, body.length).build();
    }

    /** Order {@code n} ({@code Payloads.order}), with the shared dictionary {@value #DICTIONARY}. */
    @GET
    @Path("dict/order/{n}")
    @Produces(MediaType.APPLICATION_JSON)
    @Dictionary(name = DICTIONARY, resource = DICTIONARY_RESOURCE, match = DICTIONARY_MATCH, id = DICTIONARY_ID)
    public String dictionaryOrder(@PathParam("n") int n) {
        return Payloads.order(n);
    }

    /** Echoes the decoded request body, as {@link #echo}, for bodies coded with the shared dictionary. */
    @POST
    @Path("dict/echo")
    @Consumes(MediaType.WILDCARD)
    @Produces(MediaType.APPLICATION_OCTET_STREAM)
    @Dictionary(name = DICTIONARY, resource = DICTIONARY_RESOURCE, match = DICTIONARY_MATCH, id = DICTIONARY_ID)
    public Response dictionaryEcho(@HeaderParam(SeenEncodingFilter.HEADER) String seen, byte[] body) {
        return Response.ok(body).header(SEEN, seen).header(LENGTH, body.length).build();
    }

    /** Version {@code v} of the catalog ({@code Payloads.catalog}): each response is the dictionary of the next. */
    @GET
    @Path("dict/catalog")
    @Produces(MediaType.TEXT_PLAIN) // JSON lines; text, so that Quarkus does not ask for a JSON extension
    @DeltaDictionary
    public Response catalog(@QueryParam("v") int version) {
        // Fresh for a while, as RFC 9842 clients keep a dictionary only while its response is fresh.
        return Response.ok(Payloads.catalog(version)).header("Cache-Control", "max-age=60").build();
    }

    // ---- ValidatorContract (issue 24, exact validators): strong tags per variant, 304 across variants, ranges ----

    /** The entity tag of the {@code validators/...} resources: one representation, many variants. */
    public static final String VALIDATOR_ETAG = "v8-x";
    /** The length of the {@code validators/...} text ({@code Payloads.text(VALIDATOR_SIZE, 0)}). */
    public static final int VALIDATOR_SIZE = 20_000;

    /** The validators' text with gzip at level 1, tagged {@value #VALIDATOR_ETAG}. */
    @GET
    @Path("validators/gzip1")
    @Produces(MediaType.TEXT_PLAIN)
    @FastGzip(level = 1)
    public Response validatorsGzip1(@Context Request request) {
        return tagged(request);
    }

    /** The same text with gzip at level 9: other bytes, so another strong tag. */
    @GET
    @Path("validators/gzip9")
    @Produces(MediaType.TEXT_PLAIN)
    @FastGzip(level = 9)
    public Response validatorsGzip9(@Context Request request) {
        return tagged(request);
    }

    private static Response tagged(Request request) {
        EntityTag tag = new EntityTag(VALIDATOR_ETAG);
        Response.ResponseBuilder notModified = request.evaluatePreconditions(tag);
        if (notModified != null) {
            return notModified.build();
        }
        return Response.ok(Payloads.text(VALIDATOR_SIZE, 0)).tag(tag).build();
    }

    /**
     * Answers {@code Range: bytes=a-b} itself, as a resource serving ranges does: a 206 of its own
     * (unencoded) bytes, unless {@code If-Range} is present and is not its own tag (strong comparison,
     * RFC 9110 section 13.1.5), when it answers 200 with the whole text. Other ranges get 200 too.
     */
    @GET
    @Path("validators/range")
    @Produces(MediaType.TEXT_PLAIN)
    @FastGzip
    public Response validatorsRange(@HeaderParam("Range") String range, @HeaderParam("If-Range") String ifRange) {
        EntityTag tag = new EntityTag(VALIDATOR_ETAG);
        byte[] text = Payloads.text(VALIDATOR_SIZE, 0);
        java.util.regex.Matcher m = range == null ? null
                : java.util.regex.Pattern.compile("bytes=(\\d{1,9})-(\\d{1,9})").matcher(range.trim());
        boolean current = ifRange == null || ifRange.trim().equals("\"" + VALIDATOR_ETAG + "\"");
        if (m != null && m.matches() && current) {
            int first = Integer.parseInt(m.group(1));
            int last = Math.min(Integer.parseInt(m.group(2)), text.length - 1);
            if (first <= last) {
                return Response.status(206).tag(tag)
                        .header("Content-Range", "bytes " + first + "-" + last + "/" + text.length)
                        .entity(java.util.Arrays.copyOfRange(text, first, last + 1)).build();
            }
        }
        return Response.ok(text).tag(tag).build();
    }

    /** Ignores {@code Range}, as most resources do: always 200 with the whole text. */
    @GET
    @Path("validators/range-ignored")
    @Produces(MediaType.TEXT_PLAIN)
    @FastGzip
    public Response validatorsRangeIgnored() {
        return Response.ok(Payloads.text(VALIDATOR_SIZE, 0)).tag(new EntityTag(VALIDATOR_ETAG)).build();
    }

    // ---- The cache of encoded variants (CacheContract, issue 23) ----

    /** The entity tag of {@code GET cache/text}. */
    public static final String CACHE_ETAG = "c1";

    /**
     * The same bytes for the same {@code seed} ({@code Payloads.text(20000, seed)}), tagged
     * {@value #CACHE_ETAG}, gzip at the configured level, cached: kept at the second request (its second
     * sighting, {@code rest-compress.cache.admit=second}), so the third request is a hit; and a hot
     * entry is upgraded to a smaller body.
     */
    @GET
    @Path("cache/text")
    @Produces(MediaType.TEXT_PLAIN)
    @dev.restcompress.annotation.CacheEncoded
    @FastGzip
    public Response cachedText(@QueryParam("seed") int seed) {
        return Response.ok(Payloads.text(20_000, seed)).tag(new EntityTag(CACHE_ETAG)).build();
    }

    /** As {@code cache/text}, with a {@code Set-Cookie}: never cached. */
    @GET
    @Path("cache/cookie")
    @Produces(MediaType.TEXT_PLAIN)
    @dev.restcompress.annotation.CacheEncoded
    @FastGzip
    public Response cachedCookie(@QueryParam("seed") int seed) {
        return Response.ok(Payloads.text(20_000, seed))
                .cookie(new jakarta.ws.rs.core.NewCookie.Builder("session").value("s" + seed).build()).build();
    }

    /** As {@code cache/text}, with {@code Cache-Control: no-store}: never cached. */
    @GET
    @Path("cache/no-store")
    @Produces(MediaType.TEXT_PLAIN)
    @dev.restcompress.annotation.CacheEncoded
    @FastGzip
    public Response cachedNoStore(@QueryParam("seed") int seed) {
        return Response.ok(Payloads.text(20_000, seed)).header("Cache-Control", "no-store").build();
    }

    /**
     * The cache's counters, {@code hits misses notCached upgrades passed}, or {@code no statistics} where the
     * runtime does not show the application's configuration to resources. Not compressed.
     */
    @GET
    @Path("cache/stats")
    @Produces(MediaType.TEXT_PLAIN)
    public String cacheStatistics(@Context Configuration config) {
        CompressionStatistics s = CompressionStatistics.of(config);
        if (s == null) {
            return "no statistics";
        }
        CompressionStatistics.CacheTotals c = s.cache();
        return c.hits() + " " + c.misses() + " " + c.notCached() + " " + c.upgrades() + " " + c.passed();
    }

    // ---- BREACH (issue 24): a method marked as carrying secrets (BreachContract) ----

    /** Text marked as carrying secrets: cross-site requests get it unencoded, others padded or compressed. */
    @GET
    @Path("breach/secret")
    @Produces(MediaType.TEXT_PLAIN)
    @Compress("gzip")
    @CarriesSecrets
    public String secret(@QueryParam("size") int size) {
        return Payloads.textString(size);
    }

    /**
     * A tagged representation marked as carrying secrets that answers {@code If-None-Match} itself
     * ({@value #ETAG}): its 304s must carry the tag its 200 would under the BREACH policy.
     */
    @GET
    @Path("breach/etag")
    @Produces(MediaType.TEXT_PLAIN)
    @Compress("gzip")
    @CarriesSecrets
    public Response secretTagged(@Context Request request) {
        EntityTag tag = new EntityTag(ETAG);
        Response.ResponseBuilder notModified = request.evaluatePreconditions(tag);
        if (notModified != null) {
            return notModified.build();
        }
        return Response.ok(Payloads.textString(BREACH_TAGGED_SIZE)).tag(tag).build();
    }

    /**
     * The same tagged representation, unmarked: under the default ({@code credentialed}) its answer depends
     * on whether the request carries ambient credentials (BreachContract's decision table).
     */
    @GET
    @Path("breach/unmarked")
    @Produces(MediaType.TEXT_PLAIN)
    @Compress("gzip")
    public Response unmarkedTagged(@Context Request request) {
        return secretTagged(request);
    }

    /** The size of {@code breach/etag}'s body: well above the threshold. */
    public static final int BREACH_TAGGED_SIZE = 20_000;
}
