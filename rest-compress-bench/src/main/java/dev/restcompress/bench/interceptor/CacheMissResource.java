package dev.restcompress.bench.interceptor;

import dev.restcompress.annotation.CacheEncoded;
import dev.restcompress.annotation.Compress;
import dev.restcompress.bench.server.CacheServer;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.StreamingOutput;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The resource behind {@link CacheMissBench} and {@link PairedCacheMiss}: the peers suite's miss-only
 * workload ({@code CacheServer}'s {@code /rest/unique}) in memory. {@code unique} is {@link CacheEncoded}
 * and stamps a counter into every body ({@link CacheServer#stamp}), so no two bodies are equal; whether it
 * caches is the dispatcher's setting ({@code rest-compress.cache=off} or not), so "cache on" and "cache
 * off" run the very same method and entity. {@code same} is the unstamped body, without the cache: the
 * peers suite's {@code ours-uncached} baseline, which does not pay the stamp; {@code unique-copy} stamps
 * into a copy of the body, as the bench server did when the miss-only row measured 1.06x.
 */
@Path("/cache")
@Produces(MediaType.APPLICATION_JSON)
public class CacheMissResource {
    private final byte[] body;
    private final AtomicLong counter = new AtomicLong();

    CacheMissResource(byte[] body) {
        this.body = body;
    }

    /**
     * Every body different (a 16-digit counter stamped in): every lookup a miss. Written as
     * {@code /rest/unique} writes it ({@link CacheServer#stamped}: three pieces, no copy of the body).
     */
    @GET
    @Path("unique")
    @Compress
    @CacheEncoded
    public StreamingOutput unique() {
        return CacheServer.stamped(body, counter.incrementAndGet());
    }

    /** As {@link #unique}, stamped into a copy of the body (how {@code /rest/unique} stamped before). */
    @GET
    @Path("unique-copy")
    @Compress
    @CacheEncoded
    public byte[] uniqueCopy() {
        return CacheServer.stamp(body, counter.incrementAndGet());
    }

    /** The same body every time, never cached. */
    @GET
    @Path("same")
    @Compress
    public byte[] same() {
        return body;
    }
}
