/**
 * Internal: HTTP's content-coding grammar as pure functions: {@code Accept-Encoding} parsing and the
 * RFC 9110 choice ({@link dev.restcompress.negotiation.Negotiation}), {@code Content-Encoding} lists
 * ({@link dev.restcompress.negotiation.ContentCodings}) and the one alias table
 * ({@link dev.restcompress.negotiation.CodingTokens}). No JAX-RS types, no state.
 */
package dev.restcompress.negotiation;
