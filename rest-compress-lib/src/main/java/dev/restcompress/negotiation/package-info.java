/**
 * Internal: HTTP's content-coding grammar as pure functions: {@code Accept-Encoding} parsing and the
 * RFC 9110 choice ({@link dev.restcompress.negotiation.Negotiation}), and the one alias table and
 * {@code Content-Encoding} list grammar ({@link dev.restcompress.negotiation.CodingTokens}). No JAX-RS
 * types, no codecs, no state: it depends on nothing else of the library.
 */
package dev.restcompress.negotiation;
