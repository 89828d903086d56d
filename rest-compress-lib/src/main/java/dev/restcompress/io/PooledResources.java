package dev.restcompress.io;

/**
 * Implemented by codecs that lend pooled objects (encoders, Deflaters, native contexts) to callers:
 * how many are lent out right now. Zero whenever no call is in flight; tests use it to prove that
 * aborted requests leak nothing.
 */
public interface PooledResources {
    /** Pooled objects currently acquired and not yet released. */
    int resourcesInUse();
}
