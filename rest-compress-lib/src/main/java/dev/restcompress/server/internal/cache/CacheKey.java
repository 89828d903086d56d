package dev.restcompress.server.internal.cache;

/**
 * The key of one cache entry: the method that cached it (its entries are bounded and counted apart),
 * the coding, the identity body's {@link BodyHash} and its length. Equal keys only say the entry may be
 * this body; {@link CacheEntry#matches} proves it. Dictionary codings never get here (their plans
 * carry no cache), so no dictionary id is needed. Immutable.
 */
record CacheKey(MethodCache owner, String coding, long hash, int length) {
}
