/**
 * Internal: the cache of encoded variants behind the data path's
 * {@link dev.restcompress.server.internal.EncodedVariants} seam ({@code @CacheEncoded},
 * {@code rest-compress.cache.*}): one bounded Caffeine cache per application, keyed on the coding and a
 * hash of the identity body and proven by comparing the identity bytes, with a small background
 * upgrader that re-encodes hot entries at the coding's best level. Caffeine is optional: without it
 * {@link dev.restcompress.server.internal.cache.VariantCaches#create} says so once and returns nothing.
 */
package dev.restcompress.server.internal.cache;
