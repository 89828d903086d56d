/**
 * The {@code br} coding on brotli4j (optional dependency): {@link dev.restcompress.codec.brotli.BrotliProvider}
 * is the only public type. The native encoder and decoder are driven directly (no intermediate
 * arrays on the one-shot path; a decoder that hands out bytes as soon as it has them).
 */
package dev.restcompress.codec.brotli;
